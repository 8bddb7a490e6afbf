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

    /// Adds `other`, typed elsewhere for the same question: where both hold a text and neither
    /// holds the other's, both are kept, this one's first, on lines of their own, so neither is
    /// lost.
    pub fn keep_both(&mut self, other: Draft) {
        both(&mut self.text, other.text);
        both(&mut self.note, other.note);
        for (value, note) in other.option_notes {
            let mut kept = self.option_notes.remove(&value);
            both(&mut kept, Some(note));
            self.option_notes.extend(kept.map(|kept| (value, kept)));
        }
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

/// `other` into `kept`: the one that holds the other, else both on lines of their own.
fn both(kept: &mut Option<String>, other: Option<String>) {
    let Some(other) = other else { return };
    match kept {
        Some(text) if text.contains(other.as_str()) => {}
        Some(text) if other.contains(text.as_str()) => *text = other,
        Some(text) => {
            text.push('\n');
            text.push_str(&other);
        }
        None => *kept = Some(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(text: &str, note: Option<&str>) -> Draft {
        Draft {
            text: Some(text.into()),
            note: note.map(str::to_string),
            option_notes: BTreeMap::from([("a".to_string(), format!("{text} on a"))]),
        }
    }

    #[test]
    fn both_sides_texts_are_kept_unless_one_holds_the_other() {
        let mut kept = draft("Bob", None);
        kept.keep_both(draft("Eve", Some("why")));
        assert_eq!(kept.text.as_deref(), Some("Bob\nEve"));
        assert_eq!(kept.note.as_deref(), Some("why"));
        assert_eq!(kept.option_notes["a"], "Bob on a\nEve on a");

        let mut longer = draft("Half a name", None);
        longer.keep_both(draft("Half a na", None));
        assert_eq!(
            longer.text.as_deref(),
            Some("Half a name"),
            "one holds the other"
        );
        let mut shorter = draft("Half a na", None);
        shorter.keep_both(draft("Half a name", None));
        assert_eq!(shorter.text.as_deref(), Some("Half a name"));
    }
}
