//! A host's keys: the collapse key, and a host's own keys for moving, confirming, cancelling
//! and editing (pi's keybindings). The footer and the dock name the keys actually bound.

mod common;

use common::*;
use questionnaire::{Action, Keys, Outcome};
use serde_json::json;
use tea::components::textarea::TextAreaMsg;

fn two() -> serde_json::Value {
    json!({"title": "Plan", "questions": [
        {"id": "pick", "header": "Pick", "prompt": "Which?",
         "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
        {"id": "notes", "header": "Notes", "prompt": "Say it", "type": "text"}]})
}

/// Wide enough for every hint of the footer.
fn with(keys: Keys) -> Shown {
    app(two(), 200, 24).with(|a| a.with_keys(keys))
}

fn footer(app: &Shown) -> String {
    let screen = screen(app);
    screen[screen.len() - 2].clone()
}

#[test]
fn the_collapse_key_can_be_changed_and_the_dock_and_footer_name_it() {
    let mut a = with(Keys::default().with_collapse("f2").unwrap());
    assert!(footer(&a).contains("f2 collapse"), "{}", footer(&a));
    press(&mut a, "ctrl+]");
    assert!(!a.is_collapsed(), "Ctrl+] is no longer the collapse key");
    press(&mut a, "f2");
    assert!(a.is_collapsed());
    assert!(show(&a).contains("f2 expand"), "{}", show(&a));
    press(&mut a, "f2");
    assert!(!a.is_collapsed());
    // In an editor too, and Ctrl+] types nothing there.
    press(&mut a, "tab text:hi ctrl+] f2");
    assert!(a.is_collapsed());
    press(&mut a, "f2");
    assert_eq!(
        a.result(false).details["answers"]["notes"]["draft"]["text"],
        json!("hi")
    );
}

#[test]
fn the_default_collapse_key_is_named_as_before() {
    let a = with(Keys::default());
    assert!(footer(&a).contains("ctrl+] collapse"), "{}", footer(&a));
}

#[test]
fn a_collapse_key_that_names_no_key_or_a_used_key_is_refused() {
    let cases = [
        ("ctlr+x", "unknown key `ctlr+x`"),
        ("", "unknown key"),
        ("x", "the questionnaire's \"clear\" key"),
        ("enter", "the questionnaire's \"select\" key"),
        ("esc", "the questionnaire's \"cancel\" key"),
        ("ctrl+j", "typed or an editing key"),
        ("ctrl+g", "the questionnaire's \"editor\" key"),
        ("q", "typed or an editing key"),
        ("ctrl+a", "typed or an editing key"),
        ("7", "the questionnaire's \"pick\" key"),
        ("shift+up", "the questionnaire's \"scroll preview\" key"),
        ("]", "one of the questionnaire's keys"),
    ];
    for (key, says) in cases {
        let error = Keys::default().with_collapse(key).unwrap_err();
        assert!(error.contains(says), "{key:?}: {error}");
    }
    for key in ["f2", "ctrl+o", "alt+c", "ctrl+]", "F12"] {
        assert!(Keys::default().with_collapse(key).is_ok(), "{key}");
    }
}

#[test]
fn a_hosts_select_keys_move_confirm_and_cancel_and_the_footer_names_them() {
    let mut keys = Keys::default();
    for (action, key) in [
        (Action::Up, "ctrl+p"),
        (Action::Down, "ctrl+n"),
        (Action::Confirm, "ctrl+s"),
        (Action::Cancel, "escape"),
        (Action::Cancel, "ctrl+c"),
    ] {
        keys.alias(action, key).unwrap();
    }
    let mut a = with(keys);
    let footer_line = footer(&a);
    assert!(footer_line.contains("ctrl+p/ctrl+n move"), "{footer_line}");
    assert!(footer_line.contains("ctrl+s select"), "{footer_line}");
    assert!(
        footer_line.contains("esc cancel"),
        "pi's first cancel key is Esc: {footer_line}"
    );
    press(&mut a, "ctrl+n ctrl+p ctrl+n ctrl+s");
    assert_eq!(
        a.result(false).details["answers"]["pick"]["values"],
        json!(["b"])
    );
    // Back on the list, Ctrl+C (pi's second cancel key) cancels; the arrows still move.
    press(&mut a, "shift+tab up");
    let outcome = press(&mut a, "ctrl+c").expect("cancelled");
    assert!(matches!(outcome, Outcome::Cancelled(_)));
}

#[test]
fn a_hosts_default_keys_change_nothing() {
    let mut keys = Keys::default();
    keys.alias(Action::Up, "up").unwrap();
    keys.alias(Action::Down, "down").unwrap();
    keys.alias(Action::Confirm, "enter").unwrap();
    keys.alias(Action::Cancel, "escape").unwrap();
    keys.alias(Action::ExternalEditor, "ctrl+g").unwrap();
    assert_eq!(show(&with(keys)), show(&with(Keys::default())));
}

#[test]
fn a_hosts_editor_keys_edit_submit_and_open_the_external_editor() {
    let mut keys = Keys::default();
    keys.alias(Action::Edit(TextAreaMsg::Undo), "ctrl+z")
        .unwrap();
    keys.alias(Action::Edit(TextAreaMsg::Home), "alt+a")
        .unwrap();
    keys.alias(Action::Submit, "ctrl+s").unwrap();
    keys.alias(Action::ExternalEditor, "ctrl+e").unwrap();
    let mut a = with(keys);
    press(&mut a, "tab");
    let footer_line = footer(&a);
    assert!(footer_line.contains("ctrl+s save"), "{footer_line}");
    press(&mut a, "text:one space text:two ctrl+z alt+a text:>");
    let cmds = effects(&mut a, "ctrl+e");
    assert!(
        cmds.iter()
            .any(|c| matches!(c, tea::Cmd::Exec(e) if e.request.text == ">one ")),
        "{cmds:?}"
    );
    press(&mut a, "ctrl+s");
    assert_eq!(
        a.result(false).details["answers"]["notes"]["customText"],
        json!(">one ")
    );
}

#[test]
fn a_key_tea_cannot_name_is_an_error_for_the_host_to_skip() {
    let mut keys = Keys::default();
    assert!(keys.alias(Action::Up, "super+k").is_err());
    assert!(keys.alias(Action::Up, "pageUp").is_ok());
}
