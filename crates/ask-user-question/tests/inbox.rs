//! `ask-user-question inbox` on a real terminal (tmux) over a store in a scratch
//! `XDG_STATE_HOME`: the test posts a questionnaire through the store crate, as a host would,
//! and reads back what the inbox stored. Answering, leaving with Esc, and a `kill -9` followed
//! by a restart, which must lose none of the typing.

mod support;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ask_user_question_store::{Id, Outcome, Posting, Store};
use serde_json::{Value, json};
use support::tmux::{TIMEOUT, Tmux};
use support::{binary, stderr};

fn input() -> Value {
    json!({"title": "Pick a database", "questions": [
        {"id": "db", "header": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Name the service?", "type": "text"}]})
}

fn store_path(state: &Path) -> PathBuf {
    state.join("ask-user-question").join("inbox.sqlite3")
}

/// A host that waits: this test process, beating so its questionnaire stays listed.
struct Host {
    store: Store,
    id: Id,
    beating: Arc<AtomicBool>,
}

impl Host {
    fn post(state: &Path) -> Host {
        let store = Store::open(&store_path(state)).unwrap();
        let pid = std::process::id();
        let input = input();
        let id = store
            .post(&Posting {
                host: "Codex",
                project: "/srv/billing",
                input: &input,
                pid,
            })
            .unwrap();
        let beating = Arc::new(AtomicBool::new(true));
        let path = store_path(state);
        let still = beating.clone();
        std::thread::spawn(move || {
            let store = Store::open(&path).unwrap();
            while still.load(Ordering::SeqCst) {
                let _ = store.beat(pid);
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        Host { store, id, beating }
    }

    fn saved(&self) -> Value {
        let opened = self.store.open_questionnaire(self.id).unwrap().unwrap();
        opened.saved.unwrap_or(Value::Null)
    }

    /// Waits until `ready` holds of what is saved.
    fn wait_saved(&self, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let saved = self.saved();
            if ready(&saved) {
                return saved;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "timed out waiting for {what}: {saved}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.beating.store(false, Ordering::SeqCst);
    }
}

fn inbox_in(name: &str) -> Option<(Tmux, Host)> {
    let tmux = Tmux::start(name, 100, 30)?;
    let state = tmux.dir.join("state");
    let host = Host::post(&state);
    tmux.run("XDG_STATE_HOME=$PWD/state ./aq inbox --no-bell");
    tmux.wait_for("the list", |p| {
        p.contains("Pick a database") && p.contains("q quit")
    });
    Some((tmux, host))
}

/// The process the pane's shell runs (the inbox), from /proc.
fn child_of_pane(tmux: &Tmux) -> i32 {
    let output = tmux.command(&["list-panes", "-F", "#{pane_pid}"]);
    let shell: i32 = String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
            continue;
        };
        // After the command's name in parentheses: state, then the parent's pid.
        let after = &stat[stat.rfind(')').unwrap() + 2..];
        let parent: i32 = after.split(' ').nth(1).unwrap().parse().unwrap();
        if parent == shell {
            return pid;
        }
    }
    panic!("no process under the pane's shell {shell}");
}

#[test]
fn enter_opens_it_and_the_answer_is_stored_as_the_inboxs() {
    let Some((tmux, host)) = inbox_in("inbox-answer") else {
        return;
    };
    let pane = tmux.pane();
    assert!(pane.contains("Codex"), "{pane}");
    assert!(pane.contains("/srv/billing"), "{pane}");
    assert!(pane.contains("2 questions"), "{pane}");
    tmux.keys(&["Enter"]);
    tmux.wait_for("the questionnaire", |p| p.contains("Which database?"));
    tmux.keys(&["Down", "Enter"]);
    tmux.wait_for("the name question", |p| p.contains("Name the service?"));
    tmux.command(&["send-keys", "-l", "billing"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for("Review", |p| p.contains("Submit"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("the notice", |p| p.contains("Answered: Pick a database"));
    let Outcome::Settled { surface, result } = host.store.outcome(host.id).unwrap() else {
        panic!("not settled")
    };
    assert_eq!(surface, "inbox");
    let details = result.unwrap().details;
    assert_eq!(details["answeredIn"], "inbox");
    assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(details["answers"]["name"]["customText"], "billing");
    tmux.wait_for("the empty list", |p| {
        p.contains("No questionnaires waiting")
    });
    tmux.keys(&["q"]);
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "0", "{pane}");
    assert!(!host.store.inbox_running().unwrap(), "the inbox left");
    tmux.assert_terminal_restored();
}

#[test]
fn esc_keeps_the_draft_and_a_kill_9_loses_none_of_it() {
    let Some((tmux, host)) = inbox_in("inbox-drafts") else {
        return;
    };
    tmux.keys(&["Enter"]);
    tmux.wait_for("the questionnaire", |p| p.contains("Which database?"));
    // To the text question, half a name, then Esc Esc (the first arms, the second leaves).
    tmux.keys(&["Tab"]);
    tmux.command(&["send-keys", "-l", "bill"]);
    tmux.wait_for("the typing", |p| p.contains("bill"));
    tmux.keys(&["Escape"]);
    std::thread::sleep(Duration::from_millis(150));
    tmux.keys(&["Escape"]);
    tmux.wait_for("the list again", |p| {
        p.contains("Kept for later: Pick a database")
    });
    assert_eq!(host.saved()["drafts"]["name"]["text"], "bill");
    assert_eq!(host.store.outcome(host.id).unwrap(), Outcome::Waiting);

    // Open again: the draft is there; type more, and kill the inbox before any Esc.
    tmux.keys(&["Enter"]);
    tmux.wait_for("the questionnaire", |p| p.contains("Which database?"));
    tmux.keys(&["Tab"]);
    tmux.wait_for("the draft", |p| p.contains("bill"));
    tmux.command(&["send-keys", "-l", "ing"]);
    host.wait_saved("the draft saved while open", |saved| {
        saved["drafts"]["name"]["text"] == "billing"
    });
    let inbox = child_of_pane(&tmux);
    assert_eq!(unsafe { libc::kill(inbox, libc::SIGKILL) }, 0);
    // The killed inbox's frame stays on screen: wait for the status alone.
    tmux.wait_for("the kill", |_| tmux.exit_status().is_some());
    assert_eq!(tmux.exit_status().unwrap(), "137");
    std::fs::remove_file(tmux.dir.join("exit")).unwrap();
    tmux.type_line("clear");
    tmux.run("XDG_STATE_HOME=$PWD/state ./aq inbox --no-bell");
    tmux.wait_for("the list after the restart", |p| {
        p.contains("Pick a database") && p.contains("q quit")
    });
    tmux.keys(&["Enter"]);
    tmux.wait_for("the questionnaire", |p| p.contains("Which database?"));
    tmux.keys(&["Tab"]);
    tmux.wait_for("the draft after the restart", |p| p.contains("billing"));
    tmux.keys(&["C-c"]);
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "0", "{pane}");
    tmux.assert_terminal_restored();
}

#[test]
fn a_store_it_cannot_use_is_said_on_stderr_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("aq-inbox-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o700)).unwrap();
    let path = dir.join("inbox.sqlite3");
    std::fs::write(
        &path,
        "this is not a database, but it is long enough to be read as one",
    )
    .unwrap();
    let output = binary()
        .args(["inbox", "--store", path.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr(&output);
    assert!(stderr.starts_with("ask-user-question inbox: "), "{stderr}");
    assert!(stderr.contains("inbox.sqlite3"), "{stderr}");
}
