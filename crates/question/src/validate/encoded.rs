//! Lists sent in another form. Models sometimes encode a nested array a second time, so that
//! `questions` (or a question's options) arrives as the string `"[{\"question\": …}]"`; such a
//! string holding a JSON array is read as that array. A question object (one with `question`
//! or `prompt`) sent as `questions`, as itself or as JSON text, is a list of that one question.
//! Anything else stays as it came, for validation to report.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::options::OPTION_KEYS;

/// `input` with every list sent in another form made a list; borrowed when there is none.
pub(super) fn decoded(input: &Value) -> Cow<'_, Value> {
    let Some(root) = input.as_object() else {
        return Cow::Borrowed(input);
    };
    let mut owned: Option<Map<String, Value>> = None;
    let questions = root.get("questions");
    let is_question = |q: &Value| q.get("question").or(q.get("prompt")).is_some();
    let listed = questions.and_then(array_in_text).or_else(|| {
        let question = match questions? {
            Value::String(text) if text.trim_start().starts_with('{') => {
                serde_json::from_str::<Value>(text).ok()?
            }
            question => question.clone(),
        };
        is_question(&question).then(|| Value::Array(vec![question]))
    });
    if let Some(questions) = listed {
        owned
            .get_or_insert_with(|| root.clone())
            .insert("questions".into(), questions);
    }
    // A lone question at the top level (Copilot CLI, Cline) holds its options there.
    if let Some(decoded) = decoded_options(owned.as_ref().unwrap_or(root)) {
        owned = Some(decoded);
    }
    let questions: Vec<(usize, Map<String, Value>)> =
        match owned.as_ref().unwrap_or(root).get("questions") {
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .filter_map(|(index, item)| Some((index, decoded_options(item.as_object()?)?)))
                .collect(),
            _ => Vec::new(),
        };
    for (index, question) in questions {
        let root = owned.get_or_insert_with(|| root.clone());
        if let Some(Value::Array(items)) = root.get_mut("questions") {
            items[index] = Value::Object(question);
        }
    }
    match owned {
        Some(root) => Cow::Owned(Value::Object(root)),
        None => Cow::Borrowed(input),
    }
}

/// `object` with its option lists sent as JSON text decoded, when it has any.
fn decoded_options(object: &Map<String, Value>) -> Option<Map<String, Value>> {
    let mut owned: Option<Map<String, Value>> = None;
    for key in OPTION_KEYS {
        if let Some(options) = object.get(key).and_then(array_in_text) {
            owned
                .get_or_insert_with(|| object.clone())
                .insert(key.into(), options);
        }
    }
    owned
}

/// The array a string holds as JSON text.
fn array_in_text(value: &Value) -> Option<Value> {
    let text = value.as_str()?.trim();
    if !text.starts_with('[') {
        return None;
    }
    serde_json::from_str::<Value>(text)
        .ok()
        .filter(Value::is_array)
}
