//! The inbox through tea's headless driver over a real store in a scratch folder: the list at
//! every size (snapshots), live updates and the bell, opening, answering, drafts kept, and
//! questionnaires that end elsewhere while open. Tasks run inline, so each step is
//! deterministic; the timers run on the driver's virtual clock.

use std::path::PathBuf;
use std::time::Duration;

use ask_user_question_store::{Claim, Id, Listed, Outcome, Posting, Store, now_ms};
use question::ToolResult;
use serde_json::{Value, json};
use tea::driver::{Driver, Effect};
use tea::input::parse_key_script;
use tea::snapshot::SnapshotSet;
use tea::{Palette, Size};

use super::*;

pub(super) struct Scratch(PathBuf);

impl Scratch {
    pub(super) fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-inbox-{name}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        Scratch(dir)
    }
    pub(super) fn path(&self) -> PathBuf {
        self.0.join("state").join("inbox.sqlite3")
    }
    pub(super) fn store(&self) -> Store {
        Store::open(&self.path()).unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(super) fn input(title: &str) -> Value {
    json!({"title": title, "questions": [
        {"id": "db", "header": "Database", "prompt": "Which?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]})
}

/// The home folder the tests' projects sit in, shown as `~`: one of this machine's temporary
/// folders, so no test names a person's home.
pub(super) fn home() -> String {
    std::env::temp_dir()
        .join("inbox-home")
        .display()
        .to_string()
}

/// `rest` inside [`home`].
fn at_home(rest: &str) -> String {
    format!("{}/{rest}", home())
}

pub(super) fn post(store: &Store, input: &Value) -> Id {
    store
        .post(&Posting {
            host: "Codex",
            project: &at_home("src/billing"),
            input,
            pid: std::process::id(),
        })
        .unwrap()
}

pub(super) type InboxDriver = Driver<Inbox>;

pub(super) fn driver(scratch: &Scratch, size: Size) -> InboxDriver {
    let store = scratch.store();
    let listed = store.list().unwrap();
    let inbox = Inbox::new(store, std::process::id())
        .with_home(Some(&home()))
        .with_calls(Calls {
            bell: true,
            notify: false,
            tmux: false,
        })
        .listing(&listed, now_ms());
    Driver::new(inbox, size, Palette::no_color())
}

pub(super) fn keys(driver: &mut InboxDriver, script: &str) -> Vec<Effect<()>> {
    let mut effects = Vec::new();
    for event in parse_key_script(script).unwrap() {
        effects.extend(driver.send(&event));
    }
    effects
}

/// Lets the polls run (the virtual clock; the store is real).
pub(super) fn poll(driver: &mut InboxDriver) -> Vec<Effect<()>> {
    driver.advance(POLL_EVERY).into_iter().collect()
}

pub(super) fn screen(driver: &mut InboxDriver) -> String {
    driver.frame().plain().join("\n")
}

/// A listing as the store gives it, for frames that must not depend on the clock.
fn listed(id: Id, host: &str, project: &str, title: &str, questions: usize, ago_s: i64) -> Listed {
    Listed {
        id,
        host: host.into(),
        project: project.into(),
        title: title.into(),
        questions,
        secret: false,
        posted_ms: NOW - ago_s * 1000,
        ended: None,
    }
}

const NOW: i64 = 1_800_000_000_000;

fn tricky_listing() -> Vec<Listed> {
    let mut ended = listed(5, "Codex", &at_home("old"), "Old question", 1, 400);
    ended.ended = Some("Codex stopped waiting".into());
    vec![
        listed(1, "pi", &at_home("src/app"), "Pick a database", 2, 12),
        listed(
            2,
            "Claude Code",
            &at_home("src/a/very/long/path/to/some/deeply/nested/project"),
            "A very long title that goes on and on and on, well past any reasonable terminal width, to be cut",
            5,
            200,
        ),
        listed(
            3,
            "コーデックス",
            "/srv/プロジェクト/日本語",
            "デプロイしますか？ 本番環境へ",
            1,
            7300,
        ),
        listed(
            4,
            "evil\x1b[31mhost",
            "/srv/\x1b]0;pwned\x07x",
            "Title\x1b[2J with \u{202e}escapes\r\nand lines",
            3,
            90_000,
        ),
        ended,
    ]
}

fn snapshot_inbox(scratch: &Scratch, size: Size, listing: &[Listed]) -> InboxDriver {
    let inbox = Inbox::new(scratch.store(), 1)
        .with_home(Some(&home()))
        .listing(listing, NOW);
    let mut driver = Driver::new(inbox, size, Palette::no_color());
    // The start-up poll read the (empty) scratch store: show the listing again, at NOW.
    driver.program_mut().set_rows(listing);
    driver.program_mut().now_ms = NOW;
    driver
}

fn assert_within(driver: &mut InboxDriver, size: Size) {
    let frame = driver.frame();
    assert!(frame.rows.len() <= usize::from(size.height), "{size}");
    for row in frame.plain() {
        assert!(
            tea::text::width(&row) <= usize::from(size.width),
            "{size}: {row:?}"
        );
        assert!(
            !row.contains('\x1b') && !row.contains('\u{202e}'),
            "{row:?}"
        );
    }
}

#[test]
fn the_list_fits_every_size_with_long_wide_and_escaped_texts() {
    let scratch = Scratch::new("sizes");
    let listing = tricky_listing();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/inbox/snapshots");
    let mut set = SnapshotSet::new(dir);
    for (width, height) in [(1, 1), (20, 5), (80, 24), (250, 40)] {
        let size = Size::new(width, height);
        let mut driver = snapshot_inbox(&scratch, size, &listing);
        assert_within(&mut driver, size);
        let frame = driver.frame();
        set.check(
            &format!("list@{size}"),
            &format!("size: {size}"),
            &frame,
            width == 80,
        );
    }
    let size = Size::new(60, 8);
    let mut driver = snapshot_inbox(&scratch, size, &[]);
    set.check("empty@60x8", "size: 60x8", &driver.frame(), false);
    set.finish();
    // Every width in between, and the focus on each row.
    for width in 1..=100 {
        for height in [1, 2, 3, 4, 7] {
            let size = Size::new(width, height);
            let mut driver = snapshot_inbox(&scratch, size, &listing);
            for _ in 0..listing.len() {
                assert_within(&mut driver, size);
                keys(&mut driver, "down");
            }
        }
    }
}

#[test]
fn a_thousand_waiting_still_render_only_the_rows_shown() {
    let scratch = Scratch::new("thousand");
    let listing: Vec<Listed> = (0..1000)
        .map(|i| listed(i, "pi", &at_home("src/app"), &format!("Question {i}"), 1, i))
        .collect();
    let size = Size::new(80, 24);
    let mut driver = snapshot_inbox(&scratch, size, &listing);
    let frame = driver.frame();
    assert_eq!(frame.rows.len(), 24);
    assert!(
        screen(&mut driver).contains("› pi"),
        "{}",
        screen(&mut driver)
    );
    keys(&mut driver, "end");
    let shown = screen(&mut driver);
    assert!(shown.contains("› pi  ~/src/app  Question 999"), "{shown}");
    assert!(!shown.contains("Question 0 "), "{shown}");
    // Back up inside the window: it keeps its offset.
    keys(&mut driver, "up up");
    assert!(screen(&mut driver).contains("Question 999"));
    assert_within(&mut driver, size);
}

#[test]
fn new_questionnaires_show_live_and_ring_once() {
    let scratch = Scratch::new("live");
    let store = scratch.store();
    post(&store, &input("First"));
    let mut driver = driver(&scratch, Size::new(80, 10));
    assert!(screen(&mut driver).contains("First"));
    assert!(poll(&mut driver).is_empty(), "nothing new: no bell");
    post(&store, &input("Second"));
    let effects = poll(&mut driver);
    assert_eq!(effects, vec![Effect::Bell], "a new one rings");
    let shown = screen(&mut driver);
    assert!(shown.contains("Inbox · 2 waiting"), "{shown}");
    let second = shown.find("Second").unwrap();
    assert!(
        second < shown.find("First").unwrap(),
        "newest first: {shown}"
    );
    assert!(shown.contains("Codex  ~/src/billing"), "{shown}");
    assert!(shown.contains("2 questions"), "{shown}");
    assert!(poll(&mut driver).is_empty(), "rings once");
}

#[test]
fn with_notify_a_new_questionnaire_sends_a_notification() {
    let scratch = Scratch::new("notify");
    let store = scratch.store();
    let mut driver = driver(&scratch, Size::new(80, 10));
    driver.program_mut().calls.notify = true;
    post(&store, &input("Deploy?"));
    let effects = poll(&mut driver);
    let [Effect::Attention(attention)] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    let bytes = attention.bytes();
    assert!(bytes.starts_with('\x07'), "{bytes:?}");
    assert!(
        bytes.contains("\x1b]9;Codex: Deploy?: 2 questions are waiting for you"),
        "{bytes:?}"
    );
}

#[test]
fn enter_opens_it_and_a_submit_is_the_inboxs_answer() {
    let scratch = Scratch::new("answer");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter");
    assert_eq!(driver.program().open_id(), Some(id));
    let shown = screen(&mut driver);
    assert!(shown.starts_with("Inbox › Pick a database"), "{shown}");
    assert!(shown.contains("Postgres"), "{shown}");
    // SQLite, then the name, then Submit on Review.
    keys(&mut driver, "down enter text:ana enter enter");
    assert_eq!(driver.program().open_id(), None, "{}", screen(&mut driver));
    assert_eq!(driver.program().notice(), Some("Answered: Pick a database"));
    let Outcome::Settled { surface, result } = store.outcome(id).unwrap() else {
        panic!("settled")
    };
    assert_eq!(surface, "inbox");
    let details = result.unwrap().details;
    assert_eq!(details["answeredIn"], "inbox");
    assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(details["answers"]["name"]["customText"], "ana");
    poll(&mut driver);
    assert!(screen(&mut driver).contains("No questionnaires waiting"));
}

#[test]
fn esc_goes_back_to_the_list_with_the_drafts_kept_and_the_host_still_waiting() {
    let scratch = Scratch::new("drafts");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    // SQLite picked, the name half typed, then Esc twice (the text question's draft arms it).
    keys(&mut driver, "enter down enter text:an");
    // While open, the drafts are saved shortly after a key.
    driver.advance(SAVE_AFTER);
    let saved = store
        .open_questionnaire(id)
        .unwrap()
        .unwrap()
        .saved
        .unwrap();
    assert_eq!(saved["drafts"]["name"]["text"], "an", "{saved}");
    keys(&mut driver, "text:a esc esc");
    assert_eq!(driver.program().open_id(), None);
    assert_eq!(
        driver.program().notice(),
        Some("Kept for later: Pick a database")
    );
    assert_eq!(
        store.outcome(id).unwrap(),
        Outcome::Waiting,
        "not cancelled"
    );
    let saved = store
        .open_questionnaire(id)
        .unwrap()
        .unwrap()
        .saved
        .unwrap();
    assert_eq!(saved["answers"]["db"]["picks"], json!(["lite"]), "{saved}");
    assert_eq!(saved["drafts"]["name"]["text"], "ana", "{saved}");
    // Opened again, it is as it was left.
    keys(&mut driver, "enter");
    let app = driver.program().open_app().unwrap();
    assert!(app.state().is_answered("db"));
    assert_eq!(app.unsaved_drafts()["name"].text.as_deref(), Some("ana"));
}

#[test]
fn ctrl_c_saves_the_drafts_then_quits() {
    let scratch = Scratch::new("quit");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    let effects = keys(&mut driver, "enter tab text:typed ctrl+c");
    assert_eq!(effects, vec![Effect::Quit(())]);
    let saved = store
        .open_questionnaire(id)
        .unwrap()
        .unwrap()
        .saved
        .unwrap();
    assert_eq!(saved["drafts"]["name"]["text"], "typed", "{saved}");
    assert_eq!(store.outcome(id).unwrap(), Outcome::Waiting);
}

#[test]
fn answered_elsewhere_while_open_it_closes_saying_where() {
    let scratch = Scratch::new("elsewhere");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter down");
    let result = ToolResult {
        content: "done".into(),
        details: json!({"cancelled": false, "answers": {}}),
    };
    assert_eq!(store.settle(id, "terminal", &result).unwrap(), Claim::Won);
    poll(&mut driver);
    assert_eq!(driver.program().open_id(), None);
    assert_eq!(
        driver.program().notice(),
        Some("Pick a database: answered in the terminal")
    );
    assert!(screen(&mut driver).contains("Pick a database: answered in the terminal"));
}

#[test]
fn a_late_answer_says_where_the_first_one_came_from() {
    let scratch = Scratch::new("late");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter down enter text:x enter");
    // Answered in the terminal before the inbox's Submit (and before its next poll).
    let result = ToolResult {
        content: "done".into(),
        details: json!({"cancelled": false, "answers": {}}),
    };
    store.settle(id, "terminal", &result).unwrap();
    keys(&mut driver, "enter");
    assert_eq!(
        driver.program().notice(),
        Some("Pick a database: answered in the terminal first")
    );
}

#[test]
fn a_secret_questionnaire_is_listed_but_not_opened() {
    let scratch = Scratch::new("secret");
    let store = scratch.store();
    let secret = json!({"questions": [
        {"id": "token", "header": "Token", "prompt": "Token?", "type": "text", "isSecret": true}]});
    post(&store, &secret);
    let mut driver = driver(&scratch, Size::new(80, 10));
    assert!(screen(&mut driver).contains("Token"));
    let effects = keys(&mut driver, "enter");
    assert_eq!(effects, vec![Effect::Bell]);
    assert_eq!(driver.program().open_id(), None);
    assert_eq!(
        driver.program().notice(),
        Some("Token has a secret question: answer it where it was asked")
    );
}

#[test]
fn a_host_that_stops_waiting_is_dimmed_then_enter_says_so() {
    let scratch = Scratch::new("ended");
    let store = scratch.store();
    let id = post(&store, &input("Gone soon"));
    let mut driver = driver(&scratch, Size::new(80, 10));
    store.end(id, "Codex stopped waiting").unwrap();
    poll(&mut driver);
    let shown = screen(&mut driver);
    assert!(shown.contains("Inbox · 0 waiting"), "{shown}");
    assert!(shown.contains("Codex stopped waiting"), "{shown}");
    keys(&mut driver, "enter");
    assert_eq!(
        driver.program().notice(),
        Some("Gone soon: Codex stopped waiting")
    );
}

#[test]
fn a_failing_store_shows_in_the_footer_until_it_answers_again() {
    let scratch = Scratch::new("failing");
    let mut driver = driver(&scratch, Size::new(60, 6));
    driver.send_msg(Msg::Polled(Err(
        "database is locked: /x/inbox.sqlite3".into()
    )));
    let shown = screen(&mut driver);
    assert!(
        shown.ends_with("store: database is locked: /x/inbox.sqlite3 (retrying)"),
        "{shown}"
    );
    poll(&mut driver);
    assert_eq!(driver.program().error(), None);
    assert!(screen(&mut driver).ends_with("q quit"));
}

#[test]
fn the_inbox_says_it_runs_while_it_runs() {
    let scratch = Scratch::new("presence");
    let store = scratch.store();
    let _driver = driver(&scratch, Size::new(60, 6));
    assert!(store.inbox_running().unwrap(), "the start-up beat");
}

#[test]
fn paths_are_shortened_from_home_and_in_the_middle() {
    let home = home();
    assert_eq!(home_as_tilde(&at_home("src"), Some(&home)), "~/src");
    assert_eq!(home_as_tilde(&home, Some(&format!("{home}/"))), "~");
    // A folder whose name only starts with the home's is not in it.
    let beside = format!("{home}x/src");
    assert_eq!(home_as_tilde(&beside, Some(&home)), beside);
    assert_eq!(elide_middle("~/src/project", 20), "~/src/project");
    assert_eq!(elide_middle("~/src/a/b/c/project", 11), "~/src…oject");
    assert_eq!(elide_middle("日本語のパス", 7), "日…パス");
    assert_eq!(elide_middle("abc", 1), "…");
    assert_eq!(elide_middle("abc", 0), "");
    assert_eq!(waited(12_000), "12 s");
    assert_eq!(waited(200_000), "3 min");
    assert_eq!(waited(7_300_000), "2 h");
    assert_eq!(waited(-5), "0 s");
}

#[test]
fn the_wait_moves_on_once_a_second() {
    let scratch = Scratch::new("clock");
    let store = scratch.store();
    post(&store, &input("Clock"));
    let mut driver = driver(&scratch, Size::new(80, 6));
    let before = driver.program().now_ms;
    std::thread::sleep(Duration::from_millis(20));
    driver.advance(RELIST_EVERY);
    assert!(driver.program().now_ms > before);
}

#[test]
fn a_resize_while_open_leaves_the_heading_row_to_the_inbox() {
    let scratch = Scratch::new("resize");
    let store = scratch.store();
    post(&store, &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter");
    // The questionnaire is drawn in the rows under the heading: as high as it is there.
    for size in [Size::new(100, 30), Size::new(60, 12)] {
        driver.resize(size);
        let below = Size::new(size.width, size.height - 1);
        let app_height = driver.program().open_app().unwrap().height(below);
        let frame = driver.frame().plain();
        assert_eq!(frame.len(), 1 + app_height, "{size:?}: {frame:#?}");
        assert!(frame[0].contains("Pick a database"), "{frame:#?}");
    }
    let size = Size::new(60, 12);
    assert_within(&mut driver, size);
}
