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

/// A file of the extension written from the Rust side: it must be `current`
/// (`UPDATE_SNAPSHOTS=1` rewrites it, for review like a snapshot).
pub fn assert_copy_is_current(file: &str, current: &str, what: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("extension")
        .join(file);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0") {
        std::fs::write(&path, current).expect("write the extension's copy");
        return;
    }
    let copy = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        copy == current,
        "extension/{file} is not {what}; run \
         `UPDATE_SNAPSHOTS=1 cargo test -p pi-ask-user-question` and review its diff"
    );
}
