//! Shift+Enter inside tmux, which answers no keyboard query: tmux's `extended-keys` option
//! decides. On, the footer names Shift+Enter and it makes a new line; off (tmux's default),
//! Shift+Enter arrives as Enter, the footer names Ctrl+J, typing right after that Enter still
//! lands in the answer, and one line on stderr says how to turn the option on.

mod support;

use serde_json::Value;
use support::tmux::Tmux;

const LONE_TEXT: &str = r#"{"questions": [{"id": "notes", "header": "Notes", "prompt": "Anything to add?", "type": "text"}]}"#;

fn lone_text_in(name: &str, extended_keys: &str) -> Option<Tmux> {
    let tmux = Tmux::start(name, 100, 30)?;
    tmux.command(&["set", "-g", "extended-keys", extended_keys]);
    std::fs::write(tmux.dir.join("q.json"), LONE_TEXT).unwrap();
    tmux.run("./aq q.json > out.json 2> err.txt");
    tmux.wait_for("the question", |p| p.contains("Anything to add?"));
    Some(tmux)
}

fn answer(tmux: &Tmux) -> Value {
    let result: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
    result["details"]["answers"]["notes"]["customText"].clone()
}

#[test]
fn with_extended_keys_on_shift_enter_is_a_new_line() {
    let Some(tmux) = lone_text_in("extended-on", "on") else {
        return;
    };
    tmux.wait_for("the footer naming Shift+Enter", |p| {
        p.contains("⇧enter newline")
    });
    tmux.command(&["send-keys", "-l", "first line"]);
    tmux.keys(&["S-Enter"]);
    tmux.command(&["send-keys", "-l", "second line"]);
    tmux.wait_for("the second line", |p| p.contains("second line"));
    tmux.keys(&["Enter"]);
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "0", "{pane}");
    assert_eq!(answer(&tmux), "first line\nsecond line");
    assert_eq!(tmux.file("err.txt"), "", "nothing to say");
}

#[test]
fn with_extended_keys_off_the_typing_after_enter_is_kept_and_stderr_says_why_once() {
    let Some(tmux) = lone_text_in("extended-off", "off") else {
        return;
    };
    let pane = tmux.wait_for("the footer", |p| p.contains("newline"));
    assert!(pane.contains("ctrl+j newline"), "{pane}");
    // A terminal around tmux sends Shift+Enter as Enter when tmux does not ask for more.
    tmux.command(&["send-keys", "-l", "first line"]);
    tmux.keys(&["Enter"]);
    tmux.command(&["send-keys", "-l", "second line"]);
    tmux.wait_for("the second line", |p| p.contains("second line"));
    tmux.keys(&["Enter"]);
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "0", "{pane}");
    assert_eq!(answer(&tmux), "first line\nsecond line");
    let stderr = tmux.file("err.txt");
    assert_eq!(stderr.matches("extended-keys").count(), 2, "{stderr}");
    assert!(
        stderr.contains("`set -g extended-keys on` in ~/.tmux.conf"),
        "{stderr}"
    );
    tmux.assert_terminal_restored();
}
