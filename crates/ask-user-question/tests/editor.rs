//! Ctrl+G, the external editor: in `--keys` replays (run with no terminal, driven by a scripted
//! `VISUAL`), and on a pseudo-terminal, where the editor gets the terminal in cooked mode and
//! the questionnaire is drawn again afterwards. And `--collapse-key`.

mod support;

use serde_json::{Value, json};
use support::editor::{Scratch, editor_open};
use support::{binary, fixture, run, stderr, stdout, stdout_json};

/// The binary on release.json with `args`, `visual` as VISUAL (none when `None`) and no EDITOR.
fn with_editor(visual: Option<&str>, args: &[&str]) -> std::process::Output {
    let mut command = binary();
    command
        .args(args)
        .arg(fixture("release.json"))
        .env_remove("VISUAL")
        .env_remove("EDITOR");
    if let Some(visual) = visual {
        command.env("VISUAL", visual);
    }
    command.output().unwrap()
}

fn replay_with(visual: Option<&str>, keys: &str) -> (Option<i32>, Value, String) {
    let output = with_editor(visual, &["--keys", keys]);
    (output.status.code(), stdout_json(&output), stderr(&output))
}

/// The frame at 100x20 after `keys`.
fn frame_with(visual: Option<&str>, keys: &str) -> String {
    stdout(&with_editor(
        visual,
        &["render", "--size", "100x20", "--keys", keys],
    ))
}

fn answer<'a>(result: &'a Value, id: &str) -> &'a Value {
    &result["details"]["answers"][id]
}

#[test]
fn a_replay_runs_visual_on_the_draft_and_enter_saves_what_it_wrote() {
    let scratch = Scratch::new("replay");
    let visual = scratch.script("printf ' and more' >> \"$1\"");
    let (code, result, _) = replay_with(Some(&visual), "1 1 enter text:ship ctrl+g enter 1 enter");
    assert_eq!(code, Some(0));
    assert_eq!(
        answer(&result, "notes")["customText"],
        json!("ship and more")
    );
}

#[test]
fn a_replay_edits_a_note_with_visual() {
    let scratch = Scratch::new("note");
    let visual = scratch.script("printf 'from the editor' > \"$1\"");
    let (code, result, _) = replay_with(Some(&visual), "N ctrl+g enter 1 esc");
    assert_eq!(code, Some(130));
    assert_eq!(answer(&result, "channel")["note"], json!("from the editor"));
}

#[test]
fn a_failing_editor_keeps_the_draft_and_the_frame_says_why() {
    let scratch = Scratch::new("fail");
    let visual = scratch.script("echo 'no disk' >&2; exit 4");
    let (code, result, _) = replay_with(Some(&visual), "1 1 enter text:kept ctrl+g enter 1 enter");
    assert_eq!(code, Some(0));
    assert_eq!(answer(&result, "notes")["customText"], json!("kept"));
    let frame = frame_with(Some(&visual), "1 1 enter text:kept ctrl+g");
    assert!(
        frame.contains("the editor exited with status 4: no disk"),
        "{frame}"
    );
}

#[test]
fn a_replay_with_no_editor_set_keeps_the_draft_and_the_frame_says_why() {
    // Ctrl+G, and a 0x07 byte typed inside a token (a control character, never text).
    for keys in [
        "1 1 enter text:kept ctrl+g enter 1 enter",
        "1 1 enter ke\u{7}pt ctrl+g enter 1 enter",
    ] {
        let (code, result, _) = replay_with(None, keys);
        assert_eq!(code, Some(0), "{keys:?}");
        assert_eq!(
            answer(&result, "notes")["customText"],
            json!("kept"),
            "{keys:?}"
        );
    }
    let frame = frame_with(None, "1 1 enter text:kept ctrl+g");
    assert!(
        frame.contains("no editor to run without a terminal: set VISUAL or EDITOR"),
        "{frame}"
    );
}

#[test]
fn undo_works_in_a_replay() {
    let output = run(&[
        "--keys",
        "n text:fast space text:please ctrl+- enter 1 esc",
        fixture("release.json").to_str().unwrap(),
    ]);
    let result = stdout_json(&output);
    assert_eq!(
        answer(&result, "channel")["optionNotes"]["stable"],
        json!("fast ")
    );
}

#[test]
fn the_collapse_key_is_rebound_and_named() {
    let path = fixture("release.json");
    let path = path.to_str().unwrap();
    let output = run(&["render", path, "--collapse-key", "f2", "--keys", "f2"]);
    assert!(
        stdout(&output).contains("0/4 answered · f2 expand"),
        "{}",
        stdout(&output)
    );
    let output = run(&["render", path, "--collapse-key", "f2", "--keys", "ctrl+]"]);
    assert!(stdout(&output).contains("Which channel"), "Ctrl+] is free");
    let output = run(&["--keys", "f2 3 f2 3", "--collapse-key", "f2", path]);
    let result = stdout_json(&output);
    assert_eq!(
        answer(&result, "channel")["values"],
        json!(["nightly"]),
        "keys are ignored while docked"
    );
}

#[test]
fn an_unknown_or_taken_collapse_key_is_an_error_at_start() {
    let path = fixture("release.json");
    let path = path.to_str().unwrap();
    for (key, says) in [
        ("ctlr+g", "unknown key `ctlr+g`"),
        ("enter", "is already the questionnaire's"),
    ] {
        let output = run(&["--keys", "1", "--collapse-key", key, path]);
        assert_eq!(output.status.code(), Some(2), "{key}");
        assert!(stderr(&output).contains("--collapse-key"), "{key}");
        assert!(stderr(&output).contains(says), "{key}: {}", stderr(&output));
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn on_a_terminal_the_editor_gets_the_terminal_and_the_questionnaire_comes_back() {
    let scratch = Scratch::new("pty");
    // Reads a line from the terminal: only a cooked terminal gives it a line at a time.
    let visual = scratch.script(
        "printf 'EDITOR READY\\n' > /dev/tty; IFS= read -r line < /dev/tty; printf '%s' \"$line\" > \"$1\"",
    );
    let mut session = editor_open(&visual, (80, 24));
    session.write(b"typed in the editor\r");
    // Drawn again after the editor, with the editor's text as the draft.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let text = session.text();
        let after = &text[text.find("EDITOR READY").unwrap()..];
        if after.contains("Your answer") && after.contains("ctrl+g editor") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not drawn again:\n{after}"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    session.write(b"\r");
    let finished = session.finish();
    assert_eq!(finished.code(), 0, "{}", finished.stdout);
    assert_eq!(
        finished.result()["details"]["answers"]["notes"]["customText"],
        json!("typed in the editor")
    );
    let problems = finished.terminal_problems();
    assert!(problems.is_empty(), "{problems:?}");
}
