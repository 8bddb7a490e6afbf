//! Ctrl+G: the open draft goes to an external editor through `Cmd::Exec`, run by tea's headless
//! driver as a key replay runs it; the edited text comes back as the draft, and a failing
//! editor leaves the draft and says why. Undo in every kind of editor.

mod common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use common::*;
use questionnaire::{App, Outcome};
use serde_json::json;
use tea::driver::{Driver, Effects, TaskPolicy};
use tea::input::parse_key_script;
use tea::{Editor, ExecPolicy, Palette, Size};

/// A temporary directory removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        // The editor is a shell command line: a plain name, no quoting needed.
        let dir = std::env::temp_dir().join(format!(
            "questionnaire-editor-{name}-{}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// An executable shell script in the directory.
    fn script(&self, name: &str, body: &str) -> String {
        let path = self.0.join(name);
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn driver(input: serde_json::Value, editor: &str) -> Driver<App> {
    let size = Size::new(80, 24);
    Driver::with_policies(
        App::new(questionnaire(input)),
        size,
        Palette::no_color(),
        TaskPolicy::Inline,
        ExecPolicy::Run(Editor::Command(editor.into())),
    )
}

fn keys(driver: &mut Driver<App>, script: &str) -> Option<Outcome> {
    let mut effects = Effects::default();
    for event in parse_key_script(script).unwrap() {
        effects.extend(driver.send(&event));
    }
    effects.into_quit()
}

fn text(driver: &mut Driver<App>) -> String {
    driver
        .frame_ref()
        .rows
        .iter()
        .map(|r| r.plain.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn one_text() -> serde_json::Value {
    json!({"questions": [{"id": "notes", "header": "Notes", "prompt": "Say it", "type": "text"}]})
}

fn one_single() -> serde_json::Value {
    json!({"questions": [{"id": "pick", "header": "Pick", "prompt": "Which?",
        "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]}]})
}

#[test]
fn the_edited_text_becomes_the_draft_and_enter_saves_it() {
    let scratch = Scratch::new("edit");
    let seen = scratch.path("seen");
    // The editor records what it was given and writes two lines back.
    let editor = scratch.script(
        "edit.sh",
        &format!(
            "cp \"$1\" '{}'; printf 'line one\\nline two\\n' > \"$1\"",
            seen.display()
        ),
    );
    let mut d = driver(one_text(), &editor);
    assert_eq!(keys(&mut d, "text:draft ctrl+g"), None);
    assert_eq!(fs::read_to_string(&seen).unwrap(), "draft");
    let screen = text(&mut d);
    assert!(
        screen.contains("line one") && screen.contains("line two"),
        "the draft is shown in the editor, unsaved:\n{screen}"
    );
    let outcome = keys(&mut d, "enter").expect("Enter saves and submits");
    assert_eq!(
        details(&outcome)["answers"]["notes"]["customText"],
        json!("line one\nline two")
    );
}

#[test]
fn a_failing_editor_keeps_the_draft_and_shows_why_until_the_next_key() {
    let scratch = Scratch::new("fail");
    let editor = scratch.script("fail.sh", "echo 'disk full' >&2; exit 3");
    let mut d = driver(one_text(), &editor);
    keys(&mut d, "text:kept ctrl+g");
    let screen = text(&mut d);
    assert!(screen.contains("exited with status 3"), "{screen}");
    assert!(screen.contains("kept"), "{screen}");
    keys(&mut d, "left");
    let screen = text(&mut d);
    assert!(!screen.contains("exited with status"), "{screen}");
    assert!(screen.contains("ctrl+g editor"), "{screen}");
    let outcome = keys(&mut d, "enter").unwrap();
    assert_eq!(
        details(&outcome)["answers"]["notes"]["customText"],
        json!("kept")
    );
}

#[test]
fn an_editor_that_is_not_found_is_an_error_not_a_crash() {
    let mut d = driver(one_text(), "/nonexistent/editor-for-a-test");
    keys(&mut d, "text:still ctrl+g");
    let screen = text(&mut d);
    assert!(screen.contains("was not found"), "{screen}");
    assert!(screen.contains("still"), "{screen}");
}

#[test]
fn ctrl_g_edits_a_note_and_the_free_text_and_is_nothing_in_a_list() {
    let scratch = Scratch::new("note");
    let editor = scratch.script("edit.sh", "printf 'edited' > \"$1\"");
    let mut d = driver(one_single(), &editor);
    // In the list Ctrl+G is not bound.
    assert_eq!(keys(&mut d, "ctrl+g"), None);
    assert!(!text(&mut d).contains("ctrl+g"), "no hint outside editors");
    keys(&mut d, "N text:x ctrl+g enter");
    let outcome = keys(&mut d, "3 ctrl+g enter").expect("free text saved and submitted");
    let answer = &details(&outcome)["answers"]["pick"];
    assert_eq!(answer["note"], json!("edited"));
    assert_eq!(answer["customText"], json!("edited"));
}

#[test]
fn an_option_note_goes_to_the_editor_with_its_saved_text() {
    let scratch = Scratch::new("option");
    let seen = scratch.path("seen");
    let editor = scratch.script(
        "edit.sh",
        &format!("cp \"$1\" '{}'; printf ' more' >> \"$1\"", seen.display()),
    );
    let mut d = driver(one_single(), &editor);
    keys(&mut d, "n text:first enter n ctrl+g");
    assert_eq!(fs::read_to_string(&seen).unwrap(), "first");
    let outcome = keys(&mut d, "enter 1").unwrap();
    assert_eq!(
        details(&outcome)["answers"]["pick"]["optionNotes"]["a"],
        json!("first more")
    );
}

#[test]
fn undo_and_redo_work_in_every_editor() {
    // The text answer, a question note, an option note and "Type something.".
    let cases = [
        (one_text(), "", "notes", "customText"),
        (one_single(), "N", "pick", "note"),
        (one_single(), "3", "pick", "customText"),
    ];
    for (input, open, id, field) in cases {
        let mut a = app(input, 80, 24);
        let script = format!("{open} text:one space text:two ctrl+- ctrl+- alt+- enter");
        let outcome = press(&mut a, &script);
        let result = outcome.map_or_else(|| a.result(false), |o| o.into_result());
        assert_eq!(
            result.details["answers"][id][field],
            json!("one "),
            "{open:?}: two undos and a redo"
        );
    }
    let mut a = app(one_single(), 80, 24);
    press(&mut a, "n text:word ctrl+w ctrl+y ctrl+y enter");
    assert_eq!(
        a.result(false).details["answers"]["pick"]["optionNotes"]["a"],
        json!("wordword"),
        "kill and yank twice in an option note"
    );
}

#[test]
fn the_draft_is_reported_when_cancelled_after_an_edit() {
    let scratch = Scratch::new("cancel");
    let editor = scratch.script("edit.sh", "printf 'unsaved words' > \"$1\"");
    let mut d = driver(one_single(), &editor);
    let outcome = keys(&mut d, "N ctrl+g esc esc").expect("cancelled");
    assert!(matches!(outcome, Outcome::Cancelled(_)));
    assert_eq!(
        details(&outcome)["answers"]["pick"]["draft"]["note"],
        json!("unsaved words")
    );
}
