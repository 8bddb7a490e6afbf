//! `ask-user-question history` over a store the test fills as hosts and surfaces would (posted,
//! then settled or ended through the store crate): the binary's text and JSON, the project
//! filter, pruning, secrets, and model text that must not reach the terminal as escapes.

mod support;

use std::path::PathBuf;

use ask_user_question_store::{Posting, Store};
use question::{AnswerState, ResultOptions};
use serde_json::{Value, json};
use support::{binary, stderr, stdout};

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(std::env::temp_dir().join(format!("aq-history-{name}-{}", std::process::id())))
    }
    fn path(&self) -> PathBuf {
        self.0.join("state").join("inbox.sqlite3")
    }
    fn store(&self) -> Store {
        Store::open(&self.path()).unwrap()
    }
    /// The home folder of the history's runs, in the scratch folder (shown as `~`).
    fn home(&self) -> PathBuf {
        self.0.join("home")
    }
    /// `rest` inside [`Scratch::home`].
    fn at_home(&self, rest: &str) -> String {
        self.home().join(rest).to_str().unwrap().to_string()
    }
    fn history(&self, args: &[&str]) -> std::process::Output {
        binary()
            .arg("history")
            .args(["--store", self.path().to_str().unwrap()])
            .args(args)
            .env("TZ", "UTC")
            .env("HOME", self.home())
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn database() -> Value {
    json!({"title": "Pick a \u{1b}[31mdatabase", "questions": [
        {"id": "db", "header": "Database", "prompt": "Which one?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite\u{1b}]0;x\u{7}"}]},
        {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]})
}

fn secret() -> Value {
    json!({"title": "Deploy", "questions": [
        {"id": "token", "header": "Token", "prompt": "Token?", "type": "text", "isSecret": true}]})
}

/// Posts `input` from `host` in `project` and answers it on `surface` as `answer` says.
fn answered(
    store: &Store,
    host: &str,
    project: &str,
    input: &Value,
    surface: &str,
    answer: impl Fn(AnswerState) -> AnswerState,
    options: ResultOptions,
) -> i64 {
    let id = store
        .post(&Posting {
            host,
            project,
            input,
            pid: std::process::id(),
        })
        .unwrap();
    let state = answer(AnswerState::new(question::validate(input).unwrap()));
    let mut result = state.build_result(options);
    result.details["answeredIn"] = json!(surface);
    store.settle(id, surface, &result).unwrap();
    id
}

fn filled(scratch: &Scratch) {
    let store = scratch.store();
    answered(
        &store,
        "Codex",
        &scratch.at_home("src/billing"),
        &database(),
        "inbox",
        |s| {
            s.select("db", "lite")
                .unwrap()
                .set_option_note("db", "lite", "for now\nand later")
                .unwrap()
                .set_custom_text("name", "bill\u{1b}[2Jing")
                .unwrap()
        },
        ResultOptions::submitted(),
    );
    answered(
        &store,
        "pi",
        &scratch.at_home("src/site"),
        &secret(),
        "terminal",
        |s| s.set_custom_text("token", "hunter2").unwrap(),
        ResultOptions::submitted(),
    );
    answered(
        &store,
        "Claude Code",
        &scratch.at_home("src/billing/api"),
        &database(),
        "web",
        |s| s,
        ResultOptions::cancelled(),
    );
    let gone = store
        .post(&Posting {
            host: "Codex",
            project: "/elsewhere",
            input: &database(),
            pid: std::process::id(),
        })
        .unwrap();
    store.end(gone, "Codex stopped waiting").unwrap();
}

#[test]
fn the_text_says_when_who_where_how_and_every_answer_with_no_escapes() {
    let scratch = Scratch::new("text");
    filled(&scratch);
    let output = scratch.history(&[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    let records: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(records.len(), 4, "{text}");
    // Newest first: the abandoned one ended last.
    assert!(
        records[0].contains("Codex  /elsewhere  abandoned (Codex stopped waiting)"),
        "{text}"
    );
    assert!(records[1].contains("Claude Code  ~/src/billing/api  cancelled on the web page"));
    assert!(records[2].contains("pi  ~/src/site  answered in the terminal"));
    assert!(
        records[2].contains("Token: Token?\n      answer: (secret)"),
        "{text}"
    );
    assert!(!text.contains("hunter2"));
    let billing = records[3];
    let heading = billing.lines().next().unwrap();
    assert!(
        heading.ends_with("  Codex  ~/src/billing  answered in the inbox"),
        "{heading}"
    );
    // `2026-12-04 14:03`, in the time zone given (UTC here).
    let when = &heading[..16];
    assert!(
        when.as_bytes()[4] == b'-' && when.as_bytes()[10] == b' ' && when.as_bytes()[13] == b':',
        "{when}"
    );
    for line in [
        "  Pick a database",
        "  · Database: Which one?",
        "      offered: Postgres, SQLite",
        "      picked: SQLite",
        "      note on SQLite: for now",
        "        and later",
        "  · Name: Name?",
        "      typed: billing",
    ] {
        assert!(billing.lines().any(|l| l == line), "{line:?} in\n{billing}");
    }
    assert!(records[1].contains("(not answered)"), "{}", records[1]);
}

#[test]
fn json_is_an_array_of_records_and_project_filters_with_its_folders() {
    let scratch = Scratch::new("json");
    filled(&scratch);
    let output = scratch.history(&["--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let records: Value = serde_json::from_slice(&output.stdout).unwrap();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 4);
    let billing = &records[3];
    assert_eq!(billing["how"], "answered");
    assert_eq!(billing["surface"], "inbox");
    assert_eq!(billing["host"], "Codex");
    assert_eq!(
        billing["details"]["answers"]["db"]["values"],
        json!(["lite"])
    );
    assert_eq!(billing["questions"][0]["id"], "db");
    assert_eq!(records[2]["details"]["answers"]["token"]["secret"], true);
    assert_eq!(records[0]["how"], "abandoned");
    assert_eq!(records[0]["why"], "Codex stopped waiting");

    let billing = scratch.at_home("src/billing");
    let output = scratch.history(&["--json", "--project", &billing]);
    let records: Value = serde_json::from_slice(&output.stdout).unwrap();
    let hosts: Vec<&str> = records
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["host"].as_str().unwrap())
        .collect();
    assert_eq!(
        hosts,
        ["Claude Code", "Codex"],
        "the project and the folders in it"
    );
}

#[test]
fn a_relative_project_is_resolved_against_the_working_directory() {
    let scratch = Scratch::new("relative");
    let project = scratch.0.join("work").join("app");
    std::fs::create_dir_all(&project).unwrap();
    let project = project.canonicalize().unwrap();
    let store = scratch.store();
    answered(
        &store,
        "pi",
        project.to_str().unwrap(),
        &secret(),
        "terminal",
        |s| s,
        ResultOptions::cancelled(),
    );
    let output = binary()
        .current_dir(scratch.0.join("work"))
        .args(["history", "--json", "--project", "app"])
        .args(["--store", scratch.path().to_str().unwrap()])
        .output()
        .unwrap();
    let records: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(records.as_array().unwrap().len(), 1, "{records}");
}

#[test]
fn prune_deletes_what_ended_longer_ago_and_says_how_many() {
    let scratch = Scratch::new("prune");
    filled(&scratch);
    let output = scratch.history(&["--prune", "90d"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "pruned 0 questionnaires\n");
    std::thread::sleep(std::time::Duration::from_millis(5));
    let output = scratch.history(&["--prune", "1ms"]);
    assert_eq!(stdout(&output), "pruned 4 questionnaires\n");
    let output = scratch.history(&[]);
    assert_eq!(
        stdout(&output),
        "No answered or abandoned questionnaires.\n"
    );
    let output = scratch.history(&["--prune", "soon"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

#[test]
fn without_a_store_flag_the_store_the_hosts_post_to_is_read() {
    let scratch = Scratch::new("env");
    filled(&scratch);
    let output = binary()
        .args(["history", "--json"])
        .env("ASK_USER_QUESTION_STORE", scratch.path())
        .env("XDG_STATE_HOME", scratch.0.join("elsewhere"))
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let records: Vec<Value> = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(records.iter().any(|r| r["host"] == "Codex"), "{records:?}");
}
