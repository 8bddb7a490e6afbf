//! What was typed and not yet saved: the drafts every result carries, so nothing typed is lost.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

/// The unsaved text of one question's editors.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    /// The free-text answer ("Type something." or a text question).
    pub text: Option<String>,
    /// The note on the whole question.
    pub note: Option<String>,
    /// Notes on options, by option value.
    pub option_notes: BTreeMap<String, String>,
}

impl Draft {
    pub fn is_empty(&self) -> bool {
        self.text.is_none() && self.note.is_none() && self.option_notes.is_empty()
    }

    /// Takes `newer`'s fields over these where it has them.
    pub fn update(&mut self, newer: Draft) {
        if newer.text.is_some() {
            self.text = newer.text;
        }
        if newer.note.is_some() {
            self.note = newer.note;
        }
        self.option_notes.extend(newer.option_notes);
    }

    /// `{text, note, optionNotes}`, each only when there is one.
    pub fn to_json(&self) -> Value {
        let mut draft = Map::new();
        if let Some(text) = &self.text {
            draft.insert("text".into(), json!(text));
        }
        if let Some(note) = &self.note {
            draft.insert("note".into(), json!(note));
        }
        if !self.option_notes.is_empty() {
            draft.insert("optionNotes".into(), json!(self.option_notes));
        }
        Value::Object(draft)
    }
}
