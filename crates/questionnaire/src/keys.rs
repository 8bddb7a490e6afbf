//! The keys a host may change (docs/behaviour.md#keys): the collapse key, and a host's own
//! keys for the questionnaire's actions (pi's `tui.select.*`, editor and external-editor
//! bindings). The keymap's tables stay as they are; a host key is translated to the
//! questionnaire key it stands for before the tables are read, and the footer names the
//! host's key.

use std::borrow::Cow;
use std::collections::HashMap;

use question::Labels;
use tea::Line;
use tea::components::filter;
use tea::components::textarea::{self, TextAreaMsg};
use tea::input::{Event, KeyCode, KeyEventKind, KeyModifiers, KeyPress, Keyboard, parse_key};
use tea::keymap::Keymap;

use crate::keymap::{self, HintContext, Mode};
use crate::msg::Msg;

/// What a host key can stand for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Up in lists and the review (↑).
    Up,
    /// Down in lists and the review (↓).
    Down,
    /// Enter in lists and the review.
    Confirm,
    /// Esc in lists and the review: cancel.
    Cancel,
    /// Enter in an editor: save.
    Submit,
    /// Ctrl+G in an editor: the external editor.
    ExternalEditor,
    /// An editing key of the text area (moving, deleting, undo, yank, newline).
    Edit(TextAreaMsg),
}

impl Action {
    /// The questionnaire's own key for this action, and the footer label it replaces.
    fn canonical(&self) -> Option<(KeyPress, &'static str)> {
        let press = |code| KeyPress {
            code,
            modifiers: KeyModifiers::NONE,
        };
        Some(match self {
            Action::Up => (press(KeyCode::Up), "↑"),
            Action::Down => (press(KeyCode::Down), "↓"),
            Action::Confirm | Action::Submit => (press(KeyCode::Enter), "enter"),
            Action::Cancel => (press(KeyCode::Esc), "esc"),
            Action::ExternalEditor => (EXTERNAL_EDITOR, "ctrl+g"),
            Action::Edit(_) => return None,
        })
    }

    fn in_lists(&self) -> bool {
        matches!(
            self,
            Action::Up | Action::Down | Action::Confirm | Action::Cancel
        )
    }
}

/// The questionnaire's collapse key unless a host changes it.
pub const DEFAULT_COLLAPSE: KeyPress = KeyPress {
    code: KeyCode::Char(']'),
    modifiers: KeyModifiers::CTRL,
};

const EXTERNAL_EDITOR: KeyPress = KeyPress {
    code: KeyCode::Char('g'),
    modifiers: KeyModifiers::CTRL,
};

/// The keys of one questionnaire: the keymap's, with a host's changes.
#[derive(Debug, Clone)]
pub struct Keys {
    collapse: KeyPress,
    collapse_label: String,
    /// A host key → the questionnaire key it stands for, in lists and the review.
    in_lists: Vec<(KeyPress, KeyPress)>,
    /// The same in editors.
    in_editors: Vec<(KeyPress, KeyPress)>,
    /// Footer labels in place of the questionnaire's ("↑", "enter", "esc", "ctrl+g"), by
    /// whether they are for lists (else editors); `None` when the host's first key for the
    /// action is the questionnaire's own.
    labels: HashMap<(&'static str, bool), Option<String>>,
    /// A host's keys for a newline in editors, in its order, as the footer would name them.
    newline: Vec<(KeyPress, String)>,
    /// The text area's keymap with the host's editing keys.
    text_area: Keymap<(), TextAreaMsg>,
}

impl Default for Keys {
    fn default() -> Keys {
        Keys {
            collapse: DEFAULT_COLLAPSE,
            collapse_label: "ctrl+]".into(),
            in_lists: Vec::new(),
            in_editors: Vec::new(),
            labels: HashMap::new(),
            newline: Vec::new(),
            text_area: textarea::keymap().clone(),
        }
    }
}

impl Keys {
    /// The collapse key set to `key` (a key-script name: `f2`, `ctrl+o`). An unknown name, or
    /// a key the questionnaire already uses (a character, Enter, Ctrl+G…), is an error that
    /// says why: the collapse key works everywhere, so it must not take a key from anything.
    pub fn with_collapse(mut self, key: &str) -> Result<Keys, String> {
        let press = parse_key(key.trim())
            .ok()
            .and_then(KeyPress::normalized)
            .ok_or_else(|| {
                format!("unknown key `{key}`; use a key-script name such as f2, ctrl+o or alt+c")
            })?;
        if press != DEFAULT_COLLAPSE
            && let Some(what) = keymap::used_for(press)
        {
            return Err(format!(
                "`{key}` is already {what}; choose a key the questionnaire does not use, such as f2 or ctrl+o"
            ));
        }
        self.collapse = press;
        self.collapse_label = key.trim().to_lowercase();
        Ok(self)
    }

    /// `key` (a key-script name; pi's names such as `escape`, `pageUp`, `ctrl+-` too) also does
    /// `action`. The first key given for an action is the one the footer names. A key that
    /// names nothing tea knows (`super+x`) is an error the host may ignore.
    pub fn alias(&mut self, action: Action, key: &str) -> Result<(), String> {
        let press = parse_key(key.trim())
            .ok()
            .and_then(KeyPress::normalized)
            .ok_or_else(|| format!("unknown key `{key}`"))?;
        if press == self.collapse {
            // The collapse key is the host's own setting; it stays the collapse key.
            return Ok(());
        }
        if let Action::Edit(msg) = &action {
            if *msg == TextAreaMsg::Newline {
                self.newline.push((press, display(key)));
            }
            return self
                .text_area
                .bind_key(key.trim(), msg.clone())
                .map_err(|e| e.to_string());
        }
        let Some((canonical, label)) = action.canonical() else {
            return Ok(());
        };
        let lists = action.in_lists();
        self.labels
            .entry((label, lists))
            .or_insert_with(|| (press != canonical).then(|| display(key)));
        if press == canonical {
            return Ok(());
        }
        let table = if lists {
            &mut self.in_lists
        } else {
            &mut self.in_editors
        };
        table.retain(|(host, _)| *host != press);
        table.push((press, canonical));
        Ok(())
    }

    /// The collapse key as the footer and the dock name it.
    pub fn collapse_label(&self) -> &str {
        &self.collapse_label
    }

    /// The message an input event means in `mode` with these keys: the key translated to the
    /// questionnaire's, then the keymap's table. Releases never act; repeats act only for
    /// bindings that move, scroll or type. In an editor, what the mode does not bind goes to the
    /// text area's keys (with the host's editing keys); while filtering, to the filter's.
    pub fn msg_for(&self, mode: Mode, event: &Event) -> Option<Msg> {
        let ours = match event {
            Event::Key(k) if k.kind != KeyEventKind::Release => KeyPress::of(k)
                .and_then(|press| self.translate(mode, press))
                .and_then(|press| keymap::bound(mode, press, k.kind)),
            _ => None,
        };
        match mode {
            Mode::Editor | Mode::TextAnswer | Mode::NumberAnswer if ours.is_none() => {
                self.text_area.msg_for(event, &()).map(Msg::Edit)
            }
            Mode::Filter if ours.is_none() => filter::keymap().msg_for(event, &()).map(Msg::Filter),
            _ => ours,
        }
    }

    /// The hint footer of `mode` naming these keys, as they work on `keyboard`.
    pub fn footer(
        &self,
        mode: Mode,
        ctx: &HintContext,
        labels: &Labels,
        columns: usize,
        keyboard: Keyboard,
    ) -> Line {
        keymap::footer_named(mode, ctx, labels, columns, &|keys| {
            self.label(mode, keys, keyboard).into_owned()
        })
    }

    /// The key the footer names for a newline in an editor: the first that inserts one and
    /// that `keyboard` tells apart from Enter. A host's keys come first (pi's
    /// `tui.input.newLine`), then Shift+Enter, Ctrl+J and Alt+Enter; Shift+Enter only where
    /// the terminal reports it (a legacy terminal sends Enter for it).
    pub fn newline_label(&self, keyboard: Keyboard) -> String {
        let ours = [
            ("shift+enter", KeyCode::Enter, KeyModifiers::SHIFT),
            ("ctrl+j", KeyCode::Char('j'), KeyModifiers::CTRL),
            ("alt+enter", KeyCode::Enter, KeyModifiers::ALT),
        ]
        .map(|(name, code, modifiers)| (KeyPress { code, modifiers }, name.to_string()));
        self.newline
            .iter()
            .chain(&ours)
            .find(|(press, _)| {
                keyboard.tells_apart(*press)
                    && self.msg_for(Mode::Editor, &press.event())
                        == Some(Msg::Edit(TextAreaMsg::Newline))
            })
            .map_or_else(
                || "ctrl+j".to_string(),
                |(_, name)| name.replace("shift+enter", "⇧enter"),
            )
    }

    /// The key the keymap's tables should read for `press` in `mode`; `None` for a key that
    /// was taken away (the default collapse key after the collapse key changed).
    fn translate(&self, mode: Mode, press: KeyPress) -> Option<KeyPress> {
        if press == self.collapse {
            return Some(DEFAULT_COLLAPSE);
        }
        if press == DEFAULT_COLLAPSE {
            return None;
        }
        let aliases = match mode {
            Mode::List | Mode::YesNo | Mode::Review => &self.in_lists,
            // Characters are the query's, whatever a host bound them to.
            Mode::Filter if is_typed_char(press) => return Some(press),
            Mode::Filter => &self.in_lists,
            Mode::Editor | Mode::TextAnswer | Mode::NumberAnswer => &self.in_editors,
            Mode::Collapsed => return Some(press),
        };
        Some(
            aliases
                .iter()
                .find(|(host, _)| *host == press)
                .map_or(press, |(_, ours)| *ours),
        )
    }

    /// The footer's name for a hint's keys in `mode`.
    fn label<'a>(&'a self, mode: Mode, keys: &'a str, keyboard: Keyboard) -> Cow<'a, str> {
        let lists = matches!(mode, Mode::List | Mode::YesNo | Mode::Filter | Mode::Review);
        let host =
            |label: &'static str| self.labels.get(&(label, lists)).and_then(|l| l.as_deref());
        match keys {
            "ctrl+]" => Cow::Borrowed(&self.collapse_label),
            keymap::NEWLINE_KEYS => Cow::Owned(self.newline_label(keyboard)),
            "↑↓" if host("↑").is_some() || host("↓").is_some() => Cow::Owned(format!(
                "{}/{}",
                host("↑").unwrap_or("↑"),
                host("↓").unwrap_or("↓")
            )),
            "enter" | "esc" | "ctrl+g" => {
                let label = match keys {
                    "enter" => "enter",
                    "esc" => "esc",
                    _ => "ctrl+g",
                };
                host(label).map_or(Cow::Borrowed(keys), Cow::Borrowed)
            }
            other => Cow::Borrowed(other),
        }
    }
}

/// A character typed without Ctrl or Alt (Shift folds into the character).
fn is_typed_char(press: KeyPress) -> bool {
    matches!(press.code, KeyCode::Char(_))
        && !press
            .modifiers
            .intersects(KeyModifiers::CTRL | KeyModifiers::ALT)
}

/// A key name as the footer shows it: pi's `pageUp` as `pageup`, `escape` as `esc`.
fn display(key: &str) -> String {
    let key = key.trim().to_lowercase();
    match key.strip_suffix("escape") {
        Some(rest) => format!("{rest}esc"),
        None => key,
    }
}
