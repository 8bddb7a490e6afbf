//! pi's keys in the questionnaire: the collapse key the operator chose, and pi's keybindings
//! (`tui.select.*`, the editor's, `app.editor.external`) as the `KeybindingsManager` resolves
//! them, so a user who rebound them in pi gets the same keys in the questionnaire.

use std::collections::HashMap;

use napi_derive::napi;
use questionnaire::{Action, Keys};
use tea::components::textarea::TextAreaMsg;

/// The pi keybindings the questionnaire honours, and what each stands for.
pub const PI_ACTIONS: &[(&str, Action)] = &[
    ("tui.select.up", Action::Up),
    ("tui.select.down", Action::Down),
    ("tui.select.confirm", Action::Confirm),
    ("tui.select.cancel", Action::Cancel),
    ("tui.input.submit", Action::Submit),
    ("tui.input.newLine", Action::Edit(TextAreaMsg::Newline)),
    ("app.editor.external", Action::ExternalEditor),
    ("tui.editor.cursorUp", Action::Edit(TextAreaMsg::Up)),
    ("tui.editor.cursorDown", Action::Edit(TextAreaMsg::Down)),
    ("tui.editor.cursorLeft", Action::Edit(TextAreaMsg::Left)),
    ("tui.editor.cursorRight", Action::Edit(TextAreaMsg::Right)),
    (
        "tui.editor.cursorWordLeft",
        Action::Edit(TextAreaMsg::WordLeft),
    ),
    (
        "tui.editor.cursorWordRight",
        Action::Edit(TextAreaMsg::WordRight),
    ),
    (
        "tui.editor.cursorLineStart",
        Action::Edit(TextAreaMsg::Home),
    ),
    ("tui.editor.cursorLineEnd", Action::Edit(TextAreaMsg::End)),
    (
        "tui.editor.deleteCharBackward",
        Action::Edit(TextAreaMsg::DeleteBack),
    ),
    (
        "tui.editor.deleteCharForward",
        Action::Edit(TextAreaMsg::DeleteForward),
    ),
    (
        "tui.editor.deleteWordBackward",
        Action::Edit(TextAreaMsg::DeleteWordBack),
    ),
    (
        "tui.editor.deleteToLineStart",
        Action::Edit(TextAreaMsg::KillToStart),
    ),
    (
        "tui.editor.deleteToLineEnd",
        Action::Edit(TextAreaMsg::KillToEnd),
    ),
    ("tui.editor.yank", Action::Edit(TextAreaMsg::Yank)),
    ("tui.editor.yankPop", Action::Edit(TextAreaMsg::YankPop)),
    ("tui.editor.undo", Action::Edit(TextAreaMsg::Undo)),
];

/// The names of the keybindings the extension reads from pi and passes to `Session.useKeys`.
#[napi]
pub fn pi_keybinding_names() -> Vec<String> {
    PI_ACTIONS
        .iter()
        .map(|(name, _)| name.to_string())
        .collect()
}

/// Throws, saying why, when `key` cannot be the collapse key (an unknown key name, or a key the
/// questionnaire already uses).
#[napi]
pub fn check_collapse_key(key: String) -> napi::Result<()> {
    collapse_keys(Some(&key))
        .map(|_| ())
        .map_err(napi::Error::from_reason)
}

/// The questionnaire's keys with the collapse key set, if one is.
pub(crate) fn collapse_keys(key: Option<&str>) -> Result<Keys, String> {
    match key {
        Some(key) => Keys::default().with_collapse(key),
        None => Ok(Keys::default()),
    }
}

/// `keys` with pi's bindings (keybinding name → its keys, as pi's `getKeys` gives them) added.
/// Names the questionnaire does not honour, and keys tea cannot name (`super+…`), are skipped:
/// they are pi's to use.
pub(crate) fn with_pi_bindings(mut keys: Keys, bindings: &HashMap<String, Vec<String>>) -> Keys {
    for (name, action) in PI_ACTIONS {
        for key in bindings.get(*name).into_iter().flatten() {
            let _ = keys.alias(action.clone(), key);
        }
    }
    keys
}
