//! Keys spelled another way. A key that differs from a field's name only in case, `_` or `-`
//! (`multi_select`, `MultiSelect`, `allow-custom`, `ID`, a label's `type_something`) is read as
//! that field, unless the object also has the field as named; models carry spellings over from
//! other tools and languages, and such a key means only one thing. Issues about it point at the
//! key as it was sent.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::escape_pointer;
use super::keys::{INPUT, OPTION, QUESTION, fold};
use super::options::OPTION_KEYS;
use crate::labels::Label;

/// Where a key was read under its field's name: its path as validation reads it and as it was
/// sent (`/questions/0/multiSelect`, `/questions/0/multi_select`).
#[derive(Debug, Default)]
pub(super) struct Respelled {
    at: Vec<(String, String)>,
}

impl Respelled {
    /// `path` as it was sent: the longest respelled path it starts with, as sent.
    pub(super) fn as_sent(&self, path: &str) -> Option<String> {
        self.at
            .iter()
            .filter(|(read, _)| {
                path.strip_prefix(read.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            })
            .max_by_key(|(read, _)| read.len())
            .map(|(read, sent)| format!("{sent}{}", &path[read.len()..]))
    }
}

/// `input` with every key spelled another way named as its field; borrowed when there is none.
pub(super) fn respelled<'v>(input: &'v Value, found: &mut Respelled) -> Cow<'v, Value> {
    let Some(root) = input.as_object() else {
        return Cow::Borrowed(input);
    };
    // The input's own keys, and a lone question's, which sit beside them.
    let root_keys: Vec<&str> = INPUT.iter().chain(QUESTION).copied().collect();
    let mut owned = renamed(root, &root_keys, |_| (String::new(), String::new()), found);
    let mut questions = Vec::new();
    if let Some(Value::Array(items)) = owned.as_ref().unwrap_or(root).get("questions") {
        let sent = found.as_sent("/questions").unwrap_or("/questions".into());
        for (index, item) in items.iter().enumerate() {
            let Some(object) = item.as_object() else {
                continue;
            };
            let at = |_: &Respelled| (format!("/questions/{index}"), format!("{sent}/{index}"));
            let question = renamed(object, QUESTION, at, found);
            let read = || format!("/questions/{index}");
            let with_options = options_respelled(question.as_ref().unwrap_or(object), read, found);
            if let Some(question) = with_options.or(question) {
                questions.push((index, question));
            }
        }
    }
    let lone = options_respelled(owned.as_ref().unwrap_or(root), String::new, found);
    if lone.is_some() {
        owned = lone;
    }
    // UI strings' keys (`type_something`, `Submit`).
    if let Some(Value::Object(labels)) = owned.as_ref().unwrap_or(root).get("labels") {
        let keys: Vec<&'static str> = Label::ALL.iter().map(|label| label.key()).collect();
        let at = |found: &Respelled| {
            let sent = found.as_sent("/labels").unwrap_or_else(|| "/labels".into());
            ("/labels".to_string(), sent)
        };
        if let Some(labels) = renamed(labels, &keys, at, found) {
            let root = owned.get_or_insert_with(|| root.clone());
            root.insert("labels".into(), Value::Object(labels));
        }
    }
    if !questions.is_empty() {
        let root = owned.get_or_insert_with(|| root.clone());
        if let Some(Value::Array(items)) = root.get_mut("questions") {
            for (index, question) in questions {
                items[index] = Value::Object(question);
            }
        }
    }
    match owned {
        Some(root) => Cow::Owned(Value::Object(root)),
        None => Cow::Borrowed(input),
    }
}

/// `object` (at the path `read` makes) with its option objects' keys respelled, when any was.
fn options_respelled(
    object: &Map<String, Value>,
    read: impl Fn() -> String,
    found: &mut Respelled,
) -> Option<Map<String, Value>> {
    let mut owned: Option<Map<String, Value>> = None;
    for key in OPTION_KEYS {
        let Some(Value::Array(items)) = object.get(key) else {
            continue;
        };
        for (index, item) in items.iter().enumerate() {
            let Some(option) = item.as_object() else {
                continue;
            };
            let at = |found: &Respelled| {
                let list = format!("{}/{key}", read());
                let sent = found.as_sent(&list).unwrap_or_else(|| list.clone());
                (format!("{list}/{index}"), format!("{sent}/{index}"))
            };
            if let Some(option) = renamed(option, OPTION, at, found) {
                let object = owned.get_or_insert_with(|| object.clone());
                if let Some(Value::Array(items)) = object.get_mut(key) {
                    items[index] = Value::Object(option);
                }
            }
        }
    }
    owned
}

/// `object` with each key spelled another way named as its field, in its place; `None` when
/// every key is named as known or unknown. Its paths (as read, as sent) are made by `at`, from
/// what was found before, only when a key is respelled: most input has none.
fn renamed(
    object: &Map<String, Value>,
    known: &[&'static str],
    at: impl FnOnce(&Respelled) -> (String, String),
    found: &mut Respelled,
) -> Option<Map<String, Value>> {
    let field_of = |key: &str| -> Option<&'static str> {
        if known.contains(&key) {
            return None;
        }
        let folded = fold(key);
        known
            .iter()
            .find(|field| fold(field) == folded)
            .copied()
            .filter(|field| !object.contains_key(*field))
    };
    object.keys().any(|key| field_of(key).is_some()).then(|| {
        let (read, sent) = at(found);
        let mut respelled = Map::new();
        for (key, value) in object {
            match field_of(key).filter(|field| !respelled.contains_key(*field)) {
                Some(field) => {
                    found.at.push((
                        format!("{read}/{field}"),
                        format!("{sent}/{}", escape_pointer(key)),
                    ));
                    respelled.insert(field.into(), value.clone());
                }
                None => {
                    respelled.insert(key.clone(), value.clone());
                }
            }
        }
        respelled
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn keys_spelled_another_way_are_read_as_their_field_and_reported_as_sent() {
        let input = json!({
            "Questions": [{
                "ID": "db",
                "prompt": "Which?",
                "multi_select": true,
                "Options": [{ "Label": "A" }, { "label": "B", "is-recommended": true }],
            }],
        });
        let mut found = Respelled::default();
        let read = respelled(&input, &mut found);
        assert_eq!(
            *read,
            json!({
                "questions": [{
                    "id": "db",
                    "prompt": "Which?",
                    "multiSelect": true,
                    "options": [{ "label": "A" }, { "label": "B", "is-recommended": true }],
                }],
            })
        );
        let sent = |path: &str| found.as_sent(path);
        assert_eq!(
            sent("/questions/0/multiSelect").as_deref(),
            Some("/Questions/0/multi_select")
        );
        assert_eq!(
            sent("/questions/0/options/0/label").as_deref(),
            Some("/Questions/0/Options/0/Label")
        );
        assert_eq!(
            sent("/questions/0/options/1/value").as_deref(),
            Some("/Questions/0/Options/1/value")
        );
        assert_eq!(
            sent("/questions/0/prompt").as_deref(),
            Some("/Questions/0/prompt")
        );
        assert_eq!(sent("/title"), None);
    }

    #[test]
    fn label_keys_spelled_another_way_are_read_as_their_labels() {
        let input = json!({ "Labels": { "type_something": "Escribe algo.", "Submit": "Enviar", "colour": "x" },
                            "questions": [] });
        let mut found = Respelled::default();
        let read = respelled(&input, &mut found);
        assert_eq!(
            read["labels"],
            json!({ "typeSomething": "Escribe algo.", "submit": "Enviar", "colour": "x" })
        );
        assert_eq!(
            found.as_sent("/labels/submit").as_deref(),
            Some("/Labels/Submit")
        );
    }

    #[test]
    fn a_key_named_as_its_field_wins_over_one_spelled_another_way() {
        let input = json!({ "questions": [{ "prompt": "Which?", "Prompt": "Other?", "multi_select": 1, "MultiSelect": 2 }] });
        let mut found = Respelled::default();
        let read = respelled(&input, &mut found);
        let question = &read["questions"][0];
        assert_eq!(question["prompt"], "Which?");
        assert_eq!(question["Prompt"], "Other?");
        assert_eq!(question["multiSelect"], 1, "the first spelling is read");
        assert_eq!(
            question["MultiSelect"], 2,
            "the second stays, to be ignored"
        );
    }

    #[test]
    fn input_with_every_key_known_is_borrowed() {
        let input = json!({ "questions": [{ "prompt": "Which?", "options": [{ "label": "A" }] }] });
        let mut found = Respelled::default();
        assert!(matches!(respelled(&input, &mut found), Cow::Borrowed(_)));
    }
}
