//! The text area's key table: key strings in the key-script grammar (`"ctrl+k"`, `"alt+y"`),
//! each with the message it sends and help text; overridable at run time.

use std::sync::OnceLock;

use super::TextAreaMsg;
use crate::input::{
    Event, KeyCode, KeyEventKind, KeyModifiers, KeyPress, KeyScriptError, parse_key,
};

/// One entry of a key table: any of `keys` sends `msg`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Binding {
    /// Key-script tokens, one key each (`"ctrl+-"`, `"shift+enter"`, `"home"`).
    pub keys: &'static [&'static str],
    pub msg: TextAreaMsg,
    pub help: &'static str,
    /// Whether a held-down key (a repeat event) acts again.
    pub repeats: bool,
}

const fn binding(
    keys: &'static [&'static str],
    msg: TextAreaMsg,
    help: &'static str,
    repeats: bool,
) -> Binding {
    Binding {
        keys,
        msg,
        help,
        repeats,
    }
}

/// The standard keys: readline's, plus undo (`ctrl+-`, and `ctrl+_` which is what a legacy
/// terminal sends for it), redo (`alt+-`: a Ctrl+Shift chord cannot be told from Ctrl on a
/// legacy terminal, Alt can), yank (`ctrl+y`) and yank-pop (`alt+y`). Printable characters
/// without Ctrl or Alt insert themselves, and a paste event pastes.
pub static STANDARD_BINDINGS: &[Binding] = &[
    binding(&["left", "ctrl+b"], TextAreaMsg::Left, "move left", true),
    binding(&["right", "ctrl+f"], TextAreaMsg::Right, "move right", true),
    binding(&["up"], TextAreaMsg::Up, "row up", true),
    binding(&["down"], TextAreaMsg::Down, "row down", true),
    binding(&["home", "ctrl+a"], TextAreaMsg::Home, "line start", false),
    binding(&["end", "ctrl+e"], TextAreaMsg::End, "line end", false),
    binding(
        &["alt+b", "alt+left", "ctrl+left"],
        TextAreaMsg::WordLeft,
        "word left",
        true,
    ),
    binding(
        &["alt+f", "alt+right", "ctrl+right"],
        TextAreaMsg::WordRight,
        "word right",
        true,
    ),
    binding(
        &["backspace", "shift+backspace"],
        TextAreaMsg::DeleteBack,
        "delete back",
        true,
    ),
    binding(
        &["delete", "ctrl+d"],
        TextAreaMsg::DeleteForward,
        "delete forward",
        true,
    ),
    binding(
        &["ctrl+w", "alt+backspace", "ctrl+backspace"],
        TextAreaMsg::DeleteWordBack,
        "kill word back",
        true,
    ),
    binding(
        &["ctrl+u"],
        TextAreaMsg::KillToStart,
        "kill to line start",
        false,
    ),
    binding(
        &["ctrl+k"],
        TextAreaMsg::KillToEnd,
        "kill to line end",
        false,
    ),
    // Shift+Enter needs a terminal that tells it from Enter (the Kitty keyboard protocol,
    // modifyOtherKeys); Alt+Enter and Ctrl+J work in every terminal (a legacy terminal sends
    // Ctrl+J as `\n`, which tea reads as Shift+Enter).
    binding(
        &["shift+enter", "alt+enter", "ctrl+j"],
        TextAreaMsg::Newline,
        "new line",
        true,
    ),
    binding(&["ctrl+-", "ctrl+_"], TextAreaMsg::Undo, "undo", true),
    binding(&["alt+-"], TextAreaMsg::Redo, "redo", true),
    binding(&["ctrl+y"], TextAreaMsg::Yank, "yank", false),
    binding(&["alt+y"], TextAreaMsg::YankPop, "yank earlier kill", true),
];

/// A key as a table compares it (see [`normalize`]).
type Press = (KeyCode, KeyModifiers);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    keys: Vec<(String, Press)>,
    msg: TextAreaMsg,
    help: String,
    repeats: bool,
}

/// A parsed key table: turns input events into [`TextAreaMsg`]s and lists its keys with help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextAreaKeys {
    entries: Vec<Entry>,
}

impl Default for TextAreaKeys {
    fn default() -> TextAreaKeys {
        TextAreaKeys::standard().clone()
    }
}

impl TextAreaKeys {
    /// Parses a table. An error names the key string that is not one key and its position
    /// among the table's key strings (counting from 1).
    pub fn new(bindings: &[Binding]) -> Result<TextAreaKeys, KeyScriptError> {
        let mut position = 0;
        let mut entries = Vec::new();
        for b in bindings {
            let mut keys = Vec::new();
            for token in b.keys {
                position += 1;
                keys.push((token.to_string(), parse_one(token, position)?));
            }
            entries.push(Entry {
                keys,
                msg: b.msg.clone(),
                help: b.help.to_string(),
                repeats: b.repeats,
            });
        }
        Ok(TextAreaKeys { entries })
    }

    /// [`STANDARD_BINDINGS`], parsed once.
    pub fn standard() -> &'static TextAreaKeys {
        static STANDARD: OnceLock<TextAreaKeys> = OnceLock::new();
        STANDARD
            .get_or_init(|| TextAreaKeys::new(STANDARD_BINDINGS).expect("the standard keys parse"))
    }

    /// Makes `key` send `msg`, taking it from whatever it did before. It joins the binding
    /// that already sends `msg`, or starts one with `help` (a new binding's key repeats when
    /// held, except for [`TextAreaMsg::Yank`]).
    pub fn bind(&mut self, key: &str, msg: TextAreaMsg, help: &str) -> Result<(), KeyScriptError> {
        let press = parse_one(key, 1)?;
        self.remove(press);
        let entry = key.to_string();
        match self.entries.iter_mut().find(|e| e.msg == msg) {
            Some(e) => e.keys.push((entry, press)),
            None => self.entries.push(Entry {
                keys: vec![(entry, press)],
                repeats: msg != TextAreaMsg::Yank,
                msg,
                help: help.to_string(),
            }),
        }
        Ok(())
    }

    /// Makes `key` do nothing here (so a host can use it).
    pub fn unbind(&mut self, key: &str) -> Result<(), KeyScriptError> {
        let press = parse_one(key, 1)?;
        self.remove(press);
        Ok(())
    }

    fn remove(&mut self, press: Press) {
        for e in &mut self.entries {
            e.keys.retain(|(_, p)| *p != press);
        }
        self.entries.retain(|e| !e.keys.is_empty());
    }

    /// The message an event means: a bound key, a printable character without Ctrl or Alt
    /// (inserted), or a paste. Releases never act; repeats act for bindings that repeat and
    /// for typing.
    pub fn msg_for(&self, event: &Event) -> Option<TextAreaMsg> {
        let key = match event {
            Event::Paste(text) => return Some(TextAreaMsg::Paste(text.clone())),
            Event::Key(key) if key.kind != KeyEventKind::Release => key,
            _ => return None,
        };
        let press = KeyPress::of(key).map(|p| (p.code, p.modifiers))?;
        let bound = self
            .entries
            .iter()
            .find(|e| e.keys.iter().any(|(_, p)| *p == press));
        if let Some(entry) = bound {
            return (key.kind == KeyEventKind::Press || entry.repeats).then(|| entry.msg.clone());
        }
        match press {
            (KeyCode::Char(c), mods)
                if !mods.intersects(KeyModifiers::CTRL | KeyModifiers::ALT) && !c.is_control() =>
            {
                Some(TextAreaMsg::Insert(c.to_string()))
            }
            _ => None,
        }
    }

    /// Each binding's keys (as written, joined by `/`) and help, in table order.
    pub fn help(&self) -> Vec<(String, &str)> {
        self.entries
            .iter()
            .map(|e| {
                let keys: Vec<&str> = e.keys.iter().map(|(k, _)| k.as_str()).collect();
                (keys.join("/"), e.help.as_str())
            })
            .collect()
    }
}

/// Parses a key string that names exactly one key.
fn parse_one(token: &str, position: usize) -> Result<Press, KeyScriptError> {
    let press = parse_key(token).map_err(|e| KeyScriptError { position, ..e })?;
    let press = press.normalized().ok_or_else(|| KeyScriptError {
        position,
        token: token.to_string(),
        message: "a key with Super or Hyper cannot be bound".into(),
    })?;
    Ok((press.code, press.modifiers))
}
