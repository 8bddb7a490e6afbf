//! Helpers the unit tests share.

use serde_json::{Value, json};

/// Two questions, as the page's and the race's tests ask them: a choice (Safe or Fast) and a
/// name typed as text.
pub fn plan() -> Value {
    json!({"title": "Plan", "questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
        {"id": "name", "header": "Name", "prompt": "What should it be called?", "type": "text"}]})
}

/// The text of a row without its SGR and OSC 8 sequences.
pub fn strip_ansi(row: &str) -> String {
    let mut plain = String::new();
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\x07' {
                            break;
                        }
                        if c == '\x1b' {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {}
            }
        } else {
            plain.push(c);
        }
    }
    plain
}
