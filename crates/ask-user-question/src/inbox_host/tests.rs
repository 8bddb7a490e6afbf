//! The race between this run and the inbox, through the real store from threads: the
//! terminal's settle against the inbox's, and the watching task against the terminal, many
//! times each, with one winner every time and the printed outcome the winner's.

use std::sync::{Arc, Barrier, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ask_user_question_store::{self as store, Claim, Store};

use serde_json::json;

use super::*;

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-inbox-host-{name}-{}-{}",
            std::process::id(),
            store::now_ms()
        ));
        Scratch(dir)
    }

    fn path(&self) -> PathBuf {
        self.0.join("state").join("inbox.sqlite3")
    }

    fn store(&self) -> Store {
        Store::open(&self.path()).unwrap()
    }

    fn post(&self) -> Inbox {
        let joined = Joined::new(self.store(), HOST.into());
        post(joined, &input()).expect("posted")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn input() -> Value {
    json!({"questions": [{"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]})
}

fn answer(content: &str) -> ToolResult {
    ToolResult {
        content: content.into(),
        details: json!({"cancelled": false, "answers": {"name": {"status": "answered", "customText": content}}}),
    }
}

const RACES: usize = 200;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[test]
fn the_terminal_and_the_inbox_settling_at_once_have_one_winner_every_time() {
    let scratch = Scratch::new("settle");
    let inbox_side = Arc::new(Mutex::new(scratch.store()));
    let (mut terminal_won, mut inbox_won) = (0, 0);
    for _ in 0..RACES {
        let inbox = scratch.post();
        let start = Arc::new(Barrier::new(2));
        let racer = {
            let (start, store, id) = (start.clone(), inbox_side.clone(), inbox.id());
            std::thread::spawn(move || {
                let store = lock(&store);
                start.wait();
                store
                    .settle(id, "inbox", &answer("from the inbox"))
                    .unwrap()
            })
        };
        start.wait();
        let printed = settle_outcome(Some(&inbox), Outcome::Submitted(answer("from here")));
        let claim = racer.join().unwrap();
        let printed = printed.into_result();
        match claim {
            Claim::Won => {
                inbox_won += 1;
                assert_eq!(printed.content, "from the inbox");
                assert_eq!(printed.details["answeredIn"], "inbox");
            }
            Claim::Lost(store::Outcome::Settled { surface, result }) => {
                terminal_won += 1;
                assert_eq!(surface, "terminal");
                assert_eq!(result.unwrap().content, "from here");
                assert_eq!(printed.content, "from here");
                assert_eq!(printed.details["answeredIn"], "terminal");
            }
            other => panic!("the inbox's settle got {other:?}"),
        }
    }
    assert_eq!(terminal_won + inbox_won, RACES);
    eprintln!("terminal won {terminal_won}, the inbox {inbox_won}");
}

/// What reaches the host's update first: the watch's answer or the terminal's Enter.
enum First {
    Watched(Option<ToolResult>),
    Terminal,
}

#[test]
fn the_watching_task_and_the_terminal_agree_with_the_store_every_time() {
    let scratch = Scratch::new("watch");
    let inbox_side = Arc::new(Mutex::new(scratch.store()));
    let (mut closed_by_watch, mut lost_at_settle) = (0, 0);
    for race in 0..RACES {
        let inbox = scratch.post();
        // The runtime's queue: the program takes one message at a time.
        let (queue, first) = std::sync::mpsc::channel();
        let watcher = {
            let (inbox, queue) = (inbox.clone(), queue.clone());
            std::thread::spawn(move || {
                let _ = queue.send(First::Watched(inbox.wait_for_answer()));
            })
        };
        let start = Arc::new(Barrier::new(3));
        let racer = {
            let (start, store, id) = (start.clone(), inbox_side.clone(), inbox.id());
            std::thread::spawn(move || {
                let store = lock(&store);
                start.wait();
                store
                    .settle(id, "inbox", &answer("from the inbox"))
                    .unwrap()
            })
        };
        let typist = {
            let start = start.clone();
            // Spread over a poll and a bit, so the watch sometimes comes first.
            let delay = Duration::from_millis((race % 12) as u64 * 5);
            std::thread::spawn(move || {
                start.wait();
                std::thread::sleep(delay);
                let _ = queue.send(First::Terminal);
            })
        };
        start.wait();
        let printed = match first.recv().unwrap() {
            First::Watched(Some(result)) => {
                closed_by_watch += 1;
                outcome_of(result)
            }
            First::Watched(None) => panic!("the watch ended while the questionnaire waited"),
            First::Terminal => {
                let printed = settle_outcome(Some(&inbox), Outcome::Submitted(answer("from here")));
                if printed.result().content == "from the inbox" {
                    lost_at_settle += 1;
                }
                printed
            }
        }
        .into_result();
        inbox.finish();
        let claim = racer.join().unwrap();
        typist.join().unwrap();
        watcher.join().unwrap();
        let stored = scratch.store().outcome(inbox.id()).unwrap();
        let store::Outcome::Settled { surface, result } = stored else {
            panic!("not settled: {stored:?}");
        };
        assert_eq!(claim == Claim::Won, surface == "inbox");
        assert_eq!(printed.content, result.unwrap().content, "race {race}");
        assert_eq!(printed.details["answeredIn"], surface.as_str());
    }
    eprintln!("closed by the watch {closed_by_watch}, lost at the settle {lost_at_settle}");
}

#[test]
fn the_watching_task_stops_when_the_terminal_answers() {
    let scratch = Scratch::new("stop");
    let inbox = scratch.post();
    let watcher = {
        let inbox = inbox.clone();
        std::thread::spawn(move || inbox.wait_for_answer())
    };
    std::thread::sleep(POLL_EVERY * 2);
    assert!(
        settle_outcome(Some(&inbox), Outcome::Submitted(answer("here")))
            .result()
            .content
            == "here"
    );
    assert_eq!(watcher.join().unwrap(), None);
    let outcome = scratch.store().outcome(inbox.id()).unwrap();
    assert!(
        matches!(&outcome, store::Outcome::Settled { surface, .. } if surface == "terminal"),
        "{outcome:?}"
    );
}

#[test]
fn drafts_handed_over_reach_the_store_and_a_stop_keeps_them() {
    let scratch = Scratch::new("drafts");
    let inbox = scratch.post();
    let watcher = {
        let inbox = inbox.clone();
        std::thread::spawn(move || inbox.wait_for_answer())
    };
    let saved = json!({"answers": {}, "drafts": {"name": {"text": "half"}}});
    inbox.save(saved.clone());
    let reader = scratch.store();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let opened = reader.open_questionnaire(inbox.id()).unwrap().unwrap();
        if opened.saved.as_ref() == Some(&saved) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the drafts never reached the store"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    // Typed after the last write and stopped at once: the stop writes it before ending.
    let later = json!({"answers": {}, "drafts": {"name": {"text": "half done"}}});
    inbox.save(later.clone());
    assert_eq!(inbox.stop("ask-user-question stopped waiting"), None);
    assert_eq!(watcher.join().unwrap(), None);
    let opened = reader.open_questionnaire(inbox.id()).unwrap().unwrap();
    assert_eq!(opened.saved, Some(later));
    assert_eq!(
        opened.listed.ended.as_deref(),
        Some("ask-user-question stopped waiting")
    );
}
