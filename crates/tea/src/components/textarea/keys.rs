//! The text area's keymap: a [`Keymap`] of key strings in the key-script grammar (`"ctrl+k"`,
//! `"alt+y"`), each with the message it sends and help text, that types what no binding takes;
//! rebound at run time like any keymap.

use std::sync::OnceLock;

use super::TextAreaMsg;
use crate::input::{Event, KeyCode, KeyEventKind, KeyModifiers, KeyPress};
use crate::keymap::{Binding, Keymap};

/// The text area's standard keymap, parsed once (clone it to rebind keys): readline's keys,
/// plus undo (`ctrl+-`, and `ctrl+_` which is what a legacy terminal sends for it), redo
/// (`alt+-`: a Ctrl+Shift chord cannot be told from Ctrl on a legacy terminal, Alt can), yank
/// (`ctrl+y`) and yank-pop (`alt+y`). Printable characters without Ctrl or Alt insert
/// themselves (a held key types again), and a paste event pastes.
pub fn keymap() -> &'static Keymap<(), TextAreaMsg> {
    static STANDARD: OnceLock<Keymap<(), TextAreaMsg>> = OnceLock::new();
    STANDARD.get_or_init(standard)
}

fn standard() -> Keymap<(), TextAreaMsg> {
    use TextAreaMsg as M;
    let bind = |name: &str, keys: &str, msg: TextAreaMsg, help: &str| {
        Binding::new(name, keys, msg)
            .expect("the text area's keys parse")
            .help(help)
    };
    Keymap::new(vec![
        bind("left", "left ctrl+b", M::Left, "move left").repeats(),
        bind("right", "right ctrl+f", M::Right, "move right").repeats(),
        bind("up", "up", M::Up, "row up").repeats(),
        bind("down", "down", M::Down, "row down").repeats(),
        bind("home", "home ctrl+a", M::Home, "line start"),
        bind("end", "end ctrl+e", M::End, "line end"),
        bind(
            "word-left",
            "alt+b alt+left ctrl+left",
            M::WordLeft,
            "word left",
        )
        .repeats(),
        bind(
            "word-right",
            "alt+f alt+right ctrl+right",
            M::WordRight,
            "word right",
        )
        .repeats(),
        bind(
            "delete-back",
            "backspace shift+backspace",
            M::DeleteBack,
            "delete back",
        )
        .repeats(),
        bind(
            "delete-forward",
            "delete ctrl+d",
            M::DeleteForward,
            "delete forward",
        )
        .repeats(),
        bind(
            "delete-word-back",
            "ctrl+w alt+backspace ctrl+backspace",
            M::DeleteWordBack,
            "kill word back",
        )
        .repeats(),
        bind(
            "kill-to-start",
            "ctrl+u",
            M::KillToStart,
            "kill to line start",
        ),
        bind("kill-to-end", "ctrl+k", M::KillToEnd, "kill to line end"),
        // Shift+Enter needs a terminal that tells it from Enter (the Kitty keyboard protocol,
        // modifyOtherKeys); Alt+Enter and Ctrl+J work in every terminal (a legacy terminal
        // sends Ctrl+J as `\n`, which tea reads as Shift+Enter).
        bind(
            "newline",
            "shift+enter alt+enter ctrl+j",
            M::Newline,
            "new line",
        )
        .repeats(),
        bind("undo", "ctrl+- ctrl+_", M::Undo, "undo").repeats(),
        bind("redo", "alt+-", M::Redo, "redo").repeats(),
        bind("yank", "ctrl+y", M::Yank, "yank"),
        bind("yank-pop", "alt+y", M::YankPop, "yank earlier kill").repeats(),
    ])
    .with_fallback(typed)
}

/// What no binding takes: a paste pastes; a printable character without Ctrl or Alt inserts
/// itself, held or not.
fn typed(event: &Event) -> Option<TextAreaMsg> {
    let key = match event {
        Event::Paste(text) => return Some(TextAreaMsg::Paste(text.clone())),
        Event::Key(key) if key.kind != KeyEventKind::Release => key,
        _ => return None,
    };
    match KeyPress::of(key)? {
        KeyPress {
            code: KeyCode::Char(c),
            modifiers,
        } if !modifiers.intersects(KeyModifiers::CTRL | KeyModifiers::ALT) && !c.is_control() => {
            Some(TextAreaMsg::Insert(c.to_string()))
        }
        _ => None,
    }
}
