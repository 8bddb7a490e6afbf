//! The CLI as a host of the inbox, end to end: the built binary posting to a store of the
//! test's own (`XDG_STATE_HOME` in a 0700 scratch folder), the test answering through the
//! store as the inbox would, and every bad store still asking the question.

mod support;

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use ask_user_question_store::{Claim, Id, Outcome, Store};
use question::{AnswerState, ResultOptions, ToolResult};
use serde_json::{Value, json};
use support::{binary, fixture, stderr, stdout_json};

const FILE: &str = "two_lines.json";
/// Submits the two-question fixture: Beta, "hi", then Review.
const SUBMIT: &str = "2 text:hi enter enter";
const PATIENCE: Duration = Duration::from_secs(20);

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-inbox-{name}-{}-{}",
            std::process::id(),
            ask_user_question_store::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        Scratch(dir)
    }

    fn folder(&self) -> PathBuf {
        self.0.join("ask-user-question")
    }

    fn path(&self) -> PathBuf {
        self.folder().join("inbox.sqlite3")
    }

    fn store(&self) -> Store {
        Store::open(&self.path()).unwrap()
    }

    /// The binary with this store and nothing of the environment's inbox settings.
    fn command(&self, args: &[&str]) -> Command {
        let mut command = binary();
        command
            .args(args)
            .env("XDG_STATE_HOME", &self.0)
            .env_remove("ASK_USER_QUESTION_INBOX")
            .env_remove("ASK_USER_QUESTION_STORE")
            .env_remove("ASK_USER_QUESTION_HOST")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("the binary runs")
    }

    fn spawn(&self, args: &[&str]) -> Child {
        self.command(args).spawn().expect("the binary starts")
    }

    /// The binary run by the shell script `name` (which does not exec it), with `args`, and
    /// the environment [`Scratch::command`] gives it.
    fn spawn_from_script(&self, name: &str, args: &[&str]) -> Child {
        let script = self.0.join(name);
        std::fs::write(&script, "\"$ASK\" \"$@\"\n").unwrap();
        let direct = self.command(args);
        let mut command = Command::new("sh");
        command
            .arg(&script)
            .args(args)
            .env("ASK", direct.get_program());
        for (key, value) in direct.get_envs() {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the script starts")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::set_permissions(&self.0, std::fs::Permissions::from_mode(0o700));
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn file() -> String {
    fixture(FILE).to_str().unwrap().to_string()
}

fn questionnaire_json() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(FILE)).unwrap()).unwrap()
}

/// The result the inbox would give: Alpha and `words`.
fn inbox_answer(words: &str) -> ToolResult {
    let questionnaire = question::validate(&questionnaire_json()).unwrap();
    let state = AnswerState::new(questionnaire)
        .select("pick", "a")
        .unwrap()
        .set_custom_text("words", words)
        .unwrap();
    state.build_result(ResultOptions::submitted())
}

/// Waits until questionnaire `id` is in the store (the store may not exist yet).
fn wait_for_posted(scratch: &Scratch, id: Id) -> Store {
    let deadline = Instant::now() + PATIENCE;
    loop {
        if scratch.path().exists() {
            let store = scratch.store();
            if store.outcome(id).unwrap() != Outcome::Unknown {
                return store;
            }
        }
        assert!(
            Instant::now() < deadline,
            "questionnaire {id} was never posted"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn finish(child: Child) -> Output {
    let deadline = Instant::now() + PATIENCE;
    let mut child = child;
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the binary did not end");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

fn waiting_rows(store: &Store) -> usize {
    store
        .list()
        .unwrap()
        .iter()
        .filter(|row| row.ended.is_none())
        .count()
}

#[test]
fn inbox_only_prints_the_answer_given_in_the_inbox() {
    let scratch = Scratch::new("only");
    // Who asks is the script that ran it.
    let child = scratch.spawn_from_script("release.sh", &["--inbox-only", &file()]);
    let store = wait_for_posted(&scratch, 1);
    let opened = store.open_questionnaire(1).unwrap().unwrap();
    assert_eq!(opened.listed.host, "release.sh");
    assert_eq!(
        opened.listed.project,
        std::env::current_dir().unwrap().display().to_string()
    );
    assert_eq!(opened.input, questionnaire_json());
    let answer = inbox_answer("from the inbox");
    assert_eq!(store.settle(1, "inbox", &answer).unwrap(), Claim::Won);
    let output = finish(child);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = stdout_json(&output);
    assert_eq!(printed["content"], json!(answer.content));
    assert_eq!(printed["details"]["answeredIn"], json!("inbox"));
    assert_eq!(
        printed["details"]["answers"]["words"]["customText"],
        json!("from the inbox")
    );
}

#[test]
fn inbox_only_ended_by_a_signal_keeps_the_inbox_drafts_and_leaves_the_list() {
    let scratch = Scratch::new("signal");
    let child = scratch.spawn(&["--inbox-only", "--host-name", "nightly job", &file()]);
    let store = wait_for_posted(&scratch, 1);
    let saved =
        json!({"answers": {"pick": {"picks": ["b"]}}, "drafts": {"words": {"text": "half typed"}}});
    store.save(1, &saved).unwrap();
    assert_eq!(store.list().unwrap()[0].host, "nightly job");
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let output = finish(child);
    assert_eq!(output.status.code(), Some(143), "{}", stderr(&output));
    let printed = stdout_json(&output);
    assert_eq!(printed["details"]["cancelled"], json!(true));
    assert_eq!(
        printed["details"]["answers"]["pick"]["values"],
        json!(["b"])
    );
    assert_eq!(
        printed["details"]["answers"]["words"]["draft"]["text"],
        json!("half typed")
    );
    assert_eq!(
        store.outcome(1).unwrap(),
        Outcome::Ended {
            why: "nightly job stopped waiting".into()
        }
    );
    assert_eq!(
        store.open_questionnaire(1).unwrap().unwrap().saved,
        Some(saved)
    );
    assert_eq!(waiting_rows(&store), 0);
}

#[test]
fn inbox_only_times_out_with_what_the_inbox_saved() {
    let scratch = Scratch::new("timeout");
    let child = scratch.spawn(&["--inbox-only", "--timeout", "1s", &file()]);
    let store = wait_for_posted(&scratch, 1);
    store
        .save(
            1,
            &json!({"answers": {}, "drafts": {"words": {"text": "almost"}}}),
        )
        .unwrap();
    let output = finish(child);
    assert_eq!(output.status.code(), Some(124), "{}", stderr(&output));
    let printed = stdout_json(&output);
    assert_eq!(printed["details"]["error"], json!("timed_out"));
    assert_eq!(
        printed["details"]["answers"]["words"]["draft"]["text"],
        json!("almost")
    );
    let record = &store.history(None, 1).unwrap()[0];
    assert_eq!(record.how, "timed out");
}

#[test]
fn the_terminal_and_the_inbox_racing_have_one_winner_and_the_printed_result_is_its() {
    let scratch = Scratch::new("race");
    let inbox = scratch.store();
    let (mut terminal, mut inboxes) = (0, 0);
    for id in 1..=25 {
        let child = scratch.spawn(&["--inbox", "--keys", SUBMIT, &file()]);
        // Settles the moment the row is there, as fast as the store lets it be seen.
        let deadline = Instant::now() + PATIENCE;
        while inbox.outcome(id).unwrap() == Outcome::Unknown {
            assert!(Instant::now() < deadline, "never posted");
            std::hint::spin_loop();
        }
        let answer = inbox_answer("from the inbox");
        let claim = inbox.settle(id, "inbox", &answer).unwrap();
        let output = finish(child);
        let printed = stdout_json(&output);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        match claim {
            Claim::Won => {
                inboxes += 1;
                assert_eq!(printed["content"], json!(answer.content));
                assert_eq!(printed["details"]["answeredIn"], json!("inbox"));
                assert!(
                    stderr(&output).contains(
                        "answered in the inbox first; the terminal's answer was not used"
                    ),
                    "{}",
                    stderr(&output)
                );
            }
            Claim::Lost(Outcome::Settled { surface, result }) => {
                terminal += 1;
                assert_eq!(surface, "terminal");
                assert_eq!(printed["content"], json!(result.unwrap().content));
                assert_eq!(printed["details"]["answeredIn"], json!("terminal"));
                assert_eq!(
                    printed["details"]["answers"]["words"]["customText"],
                    json!("hi")
                );
            }
            other => panic!("{other:?}"),
        }
    }
    eprintln!("the terminal won {terminal}, the inbox {inboxes}");
}

#[test]
fn by_default_nothing_is_posted_and_no_store_is_made_while_no_inbox_runs() {
    let scratch = Scratch::new("default");
    let output = scratch.run(&["--keys", SUBMIT, &file()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(!scratch.folder().exists(), "the store's folder was made");
    assert_eq!(stderr(&output), "");

    // A store whose inbox is gone: still nothing posted.
    let store = scratch.store();
    store.inbox_beat(u32::MAX - 1).unwrap();
    let output = scratch.run(&["--keys", SUBMIT, &file()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(store.outcome(1).unwrap(), Outcome::Unknown);
}

#[test]
fn while_an_inbox_runs_the_questionnaire_is_posted_unless_told_not_to() {
    let scratch = Scratch::new("running");
    let store = scratch.store();
    // This test's process plays the inbox: alive and beating.
    store.inbox_beat(std::process::id()).unwrap();
    let output = scratch.run(&["--keys", SUBMIT, &file()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        matches!(store.outcome(1).unwrap(), Outcome::Settled { surface, .. } if surface == "terminal")
    );
    assert_eq!(
        stdout_json(&output)["details"]["answeredIn"],
        json!("terminal")
    );

    let output = scratch.run(&["--no-inbox", "--keys", SUBMIT, &file()]);
    assert_eq!(output.status.code(), Some(0));
    let output = scratch
        .command(&["--keys", SUBMIT, &file()])
        .env("ASK_USER_QUESTION_INBOX", "0")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(store.outcome(2).unwrap(), Outcome::Unknown);
    assert!(stdout_json(&output)["details"].get("answeredIn").is_none());

    // ASK_USER_QUESTION_INBOX=1 posts with no inbox running, to the store it names.
    let other = Scratch::new("named");
    let named = other.path();
    let output = scratch
        .command(&["--keys", SUBMIT, &file()])
        .env("ASK_USER_QUESTION_INBOX", "1")
        .env("ASK_USER_QUESTION_STORE", &named)
        .env("ASK_USER_QUESTION_HOST", "make release")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let record = &Store::open(&named).unwrap().history(None, 1).unwrap()[0];
    assert_eq!(record.listed.host, "make release");
    assert_eq!(record.surface.as_deref(), Some("terminal"));
}

/// Runs a replay that joins the inbox over a bad store: the question is still answered and
/// stderr says why the inbox was left.
fn asks_anyway(scratch: &Scratch, why: &str) {
    let output = scratch.run(&["--inbox", "--keys", SUBMIT, &file()]);
    let stderr = stderr(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert_eq!(
        stdout_json(&output)["details"]["answers"]["words"]["customText"],
        json!("hi")
    );
    assert!(stderr.contains("ask-user-question: inbox: "), "{stderr}");
    assert!(stderr.contains(why), "{stderr}");
    assert!(stderr.contains("; asking here without it"), "{stderr}");
    assert_eq!(stderr.matches("inbox:").count(), 1, "said once: {stderr}");
}

#[test]
fn a_corrupt_store_is_said_and_the_question_asked() {
    let scratch = Scratch::new("corrupt");
    std::fs::create_dir(scratch.folder()).unwrap();
    std::fs::set_permissions(scratch.folder(), std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::write(scratch.path(), vec![b'x'; 8192]).unwrap();
    asks_anyway(&scratch, "is damaged or not a database");
}

#[test]
fn a_locked_store_is_said_and_the_question_asked() {
    let scratch = Scratch::new("locked");
    let store = scratch.store();
    store.inbox_beat(std::process::id()).unwrap();
    let holder = rusqlite::Connection::open(scratch.path()).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    asks_anyway(&scratch, "is locked by another process");
    // The default (an inbox runs) reads through the lock and is refused at the post.
    let output = scratch.run(&["--keys", SUBMIT, &file()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr(&output).contains("is locked by another process"));
    holder.execute_batch("ROLLBACK").unwrap();
    assert_eq!(store.outcome(1).unwrap(), Outcome::Unknown);
}

#[test]
fn a_store_folder_open_to_others_is_said_and_the_question_asked() {
    let scratch = Scratch::new("open");
    std::fs::create_dir(scratch.folder()).unwrap();
    std::fs::set_permissions(scratch.folder(), std::fs::Permissions::from_mode(0o755)).unwrap();
    asks_anyway(&scratch, "mode 755; chmod 700 it");
}

#[test]
fn inbox_only_over_a_bad_store_asks_on_the_terminal_instead() {
    let scratch = Scratch::new("only-bad");
    std::fs::create_dir(scratch.folder()).unwrap();
    std::fs::set_permissions(scratch.folder(), std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::write(scratch.path(), vec![b'x'; 8192]).unwrap();
    // No terminal here either: the terminal's own failure, after the inbox's note.
    // In a session of its own, so the terminal the tests run in is not its to draw on.
    let mut child = Command::new("setsid")
        .args(["-w", support::BINARY, "--inbox-only", &file()])
        .env("XDG_STATE_HOME", &scratch.0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(
        err.contains("is damaged or not a database") && err.contains("asking here without it"),
        "{err}"
    );
    assert!(err.contains("cannot show the questionnaire"), "{err}");
    assert_eq!(status.code(), Some(1));
}
