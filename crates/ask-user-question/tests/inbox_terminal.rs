//! The terminal questionnaire joined to the inbox, on a pseudo-terminal: what is typed reaches
//! the store as drafts, the inbox's answer closes the terminal questionnaire, a signal takes
//! the questionnaire off the inbox's list, and Enter racing the inbox has one winner.

mod support;

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ask_user_question_store::{Claim, Id, Outcome, Store};
use question::{AnswerState, ResultOptions, ToolResult};
use serde_json::{Value, json};
use support::fixture;
use support::pty::{Ending, Launch, Session, plain};

const PATIENCE: Duration = Duration::from_secs(20);

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-inbox-pty-{name}-{}-{}",
            std::process::id(),
            ask_user_question_store::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        Scratch(dir)
    }

    fn path(&self) -> PathBuf {
        self.0.join("ask-user-question").join("inbox.sqlite3")
    }

    /// The questionnaire on a terminal, posted to this store.
    fn start(&self) -> Session {
        self.start_with(&["--inbox", "--no-bell"])
    }

    fn start_with(&self, args: &'static [&'static str]) -> Session {
        let state = self.0.clone();
        Session::start_with(
            Launch {
                input: std::fs::read_to_string(fixture("two_lines.json")).unwrap(),
                size: (100, 30),
                kitty: false,
                args,
                env: &[],
            },
            move |command| {
                command
                    .env("XDG_STATE_HOME", state)
                    .env("ASK_USER_QUESTION_HOST", "nightly job")
                    .env_remove("ASK_USER_QUESTION_INBOX");
            },
        )
    }

    fn wait_for_posted(&self, id: Id) -> Store {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if self.path().exists() {
                let store = Store::open(&self.path()).unwrap();
                if store.outcome(id).unwrap() != Outcome::Unknown {
                    return store;
                }
            }
            assert!(Instant::now() < deadline, "never posted");
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn inbox_answer(words: &str) -> ToolResult {
    let input: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("two_lines.json")).unwrap()).unwrap();
    AnswerState::new(question::validate(&input).unwrap())
        .select("pick", "a")
        .unwrap()
        .set_custom_text("words", words)
        .unwrap()
        .build_result(ResultOptions::submitted())
}

/// Waits until the store holds `text` among the questionnaire's saved drafts or answers.
fn wait_for_saved(store: &Store, id: Id, text: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let saved = store.open_questionnaire(id).unwrap().unwrap().saved;
        if saved.is_some_and(|saved| saved.to_string().contains(text)) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{text:?} never reached the store"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_inbox_answer_closes_the_terminal_questionnaire_after_its_drafts_reached_the_store() {
    let scratch = Scratch::new("answer");
    let mut session = scratch.start();
    session.wait_for_text("Which one should we take?");
    let store = scratch.wait_for_posted(1);
    session.write(b"2");
    session.write(b"half typed");
    wait_for_saved(&store, 1, "half typed");
    let answer = inbox_answer("from the inbox");
    assert_eq!(store.settle(1, "inbox", &answer).unwrap(), Claim::Won);
    let finished = session.finish();
    assert_eq!(finished.code(), 0);
    let printed = finished.result();
    assert_eq!(printed["content"], json!(answer.content));
    assert_eq!(printed["details"]["answeredIn"], json!("inbox"));
    let drawn = plain(&finished.output);
    assert!(
        drawn.contains("answered in the inbox; the terminal questionnaire closed"),
        "{drawn}"
    );
    assert_eq!(finished.terminal_problems(), Vec::<String>::new());
}

#[test]
fn with_the_web_page_too_the_inbox_answer_closes_the_terminal_questionnaire() {
    let scratch = Scratch::new("web");
    let mut session = scratch.start_with(&["--inbox", "--web", "--no-bell"]);
    session.wait_for_text("Which one should we take?");
    let store = scratch.wait_for_posted(1);
    let answer = inbox_answer("from the inbox");
    assert_eq!(store.settle(1, "inbox", &answer).unwrap(), Claim::Won);
    let finished = session.finish();
    assert_eq!(finished.code(), 0);
    assert_eq!(finished.result()["details"]["answeredIn"], json!("inbox"));
    assert_eq!(finished.result()["content"], json!(answer.content));
}

#[test]
fn a_store_another_process_holds_locked_does_not_hold_up_the_questionnaire() {
    let scratch = Scratch::new("locked");
    let store = Store::open(&scratch.path()).unwrap();
    let holder = rusqlite::Connection::open(scratch.path()).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let mut session = scratch.start();
    session.wait_for_text("Which one should we take?");
    // The frame came before the store's verdict: the post waits for the lock on its own thread.
    assert!(
        !plain(&session.output()).contains("is locked"),
        "{}",
        plain(&session.output())
    );
    session.write(b"\x03");
    let finished = session.finish();
    holder.execute_batch("ROLLBACK").unwrap();
    assert_eq!(finished.result()["details"]["cancelled"], json!(true));
    let drawn = plain(&finished.output);
    let question = drawn.find("Which one should we take?").unwrap();
    let said = drawn
        .find("inbox: ")
        .unwrap_or_else(|| panic!("the store's failure is said: {drawn}"));
    assert!(
        said > question,
        "said once the terminal is restored: {drawn}"
    );
    assert!(
        drawn.contains("is locked by another process") && drawn.contains("asking here without it"),
        "{drawn}"
    );
    assert_eq!(drawn.matches("inbox: ").count(), 1, "said once: {drawn}");
    assert_eq!(store.outcome(1).unwrap(), Outcome::Unknown, "never posted");
    assert_eq!(finished.terminal_problems(), Vec::<String>::new());
}

#[test]
fn a_signal_takes_the_questionnaire_off_the_list_with_its_drafts() {
    let scratch = Scratch::new("signal");
    let mut session = scratch.start();
    session.wait_for_text("Which one should we take?");
    let store = scratch.wait_for_posted(1);
    session.write(b"2");
    session.write(b"kept");
    wait_for_saved(&store, 1, "kept");
    session.end(Ending::Sigterm);
    let finished = session.finish();
    assert_eq!(finished.code(), 143);
    assert_eq!(finished.result()["details"]["cancelled"], json!(true));
    assert_eq!(
        store.outcome(1).unwrap(),
        Outcome::Ended {
            why: "nightly job stopped waiting".into()
        }
    );
    let saved = store.open_questionnaire(1).unwrap().unwrap().saved.unwrap();
    assert!(saved.to_string().contains("kept"), "{saved}");
}

#[test]
fn enter_racing_the_inbox_has_one_winner_and_prints_it() {
    let scratch = Scratch::new("race");
    for id in 1..=8 {
        let mut session = scratch.start();
        session.wait_for_text("Which one should we take?");
        let store = scratch.wait_for_posted(id);
        // Everything but the last Enter, which submits on the Review tab.
        session.write(b"2hi\r");
        session.wait_for_text("Review");
        let answer = inbox_answer("from the inbox");
        session.write(b"\r");
        let claim = store.settle(id, "inbox", &answer).unwrap();
        let finished = session.finish();
        assert_eq!(finished.code(), 0);
        let printed = finished.result();
        match claim {
            Claim::Won => {
                assert_eq!(printed["content"], json!(answer.content));
                assert_eq!(printed["details"]["answeredIn"], json!("inbox"));
            }
            Claim::Lost(Outcome::Settled { surface, result }) => {
                assert_eq!(surface, "terminal");
                assert_eq!(printed["content"], json!(result.unwrap().content));
                assert_eq!(printed["details"]["answeredIn"], json!("terminal"));
            }
            other => panic!("{other:?}"),
        }
    }
}
