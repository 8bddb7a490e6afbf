//! `tea::input::parse_key`: one key-script token as the key a binding names.

use tea::input::{KeyCode, KeyModifiers, KeyPress, parse_key, parse_key_script};

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CTRL;
const ALT: KeyModifiers = KeyModifiers::ALT;

fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyPress {
    KeyPress { code, modifiers }
}

#[test]
fn tokens_name_keys() {
    let cases = [
        ("j", press(KeyCode::Char('j'), NONE)),
        ("N", press(KeyCode::Char('N'), SHIFT)),
        ("shift+n", press(KeyCode::Char('N'), SHIFT)),
        ("ctrl+]", press(KeyCode::Char(']'), CTRL)),
        ("CTRL+G", press(KeyCode::Char('G'), CTRL)),
        ("alt+b", press(KeyCode::Char('b'), ALT)),
        ("shift+tab", press(KeyCode::Tab, SHIFT)),
        ("enter", press(KeyCode::Enter, NONE)),
        ("Esc", press(KeyCode::Esc, NONE)),
        ("space", press(KeyCode::Char(' '), NONE)),
        ("alt+up", press(KeyCode::Up, ALT)),
        ("ctrl+alt+delete", press(KeyCode::Delete, CTRL | ALT)),
        ("f12", press(KeyCode::F(12), NONE)),
        ("+", press(KeyCode::Char('+'), NONE)),
        ("ctrl+-", press(KeyCode::Char('-'), CTRL)),
        ("↑", press(KeyCode::Char('↑'), NONE)),
    ];
    for (token, want) in cases {
        assert_eq!(parse_key(token), Ok(want), "{token}");
    }
}

#[test]
fn a_token_is_the_key_a_script_types() {
    for token in [
        "j",
        "N",
        "shift+n",
        "ctrl+]",
        "CTRL+G",
        "alt+B",
        "shift+tab",
        "enter",
        "alt+up",
        "f3",
    ] {
        let script = parse_key_script(token).unwrap();
        assert_eq!(script, vec![parse_key(token).unwrap().event()], "{token}");
    }
}

#[test]
fn tokens_that_name_no_single_key_are_errors() {
    let cases = [
        ("ctlr+g", "unknown key `ctlr+g`"),
        ("ctrl+gg", "unknown key `gg`"),
        ("f13", "unknown key `f13`"),
        ("ctrl+", "a key must follow the modifiers"),
        ("", "an empty key"),
        ("text:abc", "unknown key `text:abc`"),
    ];
    for (token, message) in cases {
        let err = parse_key(token).unwrap_err();
        assert!(err.message.contains(message), "{token}: {}", err.message);
        assert_eq!((err.position, err.token.as_str()), (1, token));
    }
}
