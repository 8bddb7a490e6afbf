//! Secret questions (`isSecret`): their answers never reach the store.

use serde_json::{Value, json};

/// The ids of the secret questions of a tool call's arguments.
fn secret_ids(input: &Value) -> impl Iterator<Item = &str> {
    input["questions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|question| question["isSecret"] == true)
        .filter_map(|question| question["id"].as_str())
}

pub fn has_secret(input: &Value) -> bool {
    secret_ids(input).next().is_some()
}

/// `details` with every secret question's answer (and its draft) replaced by its status only.
pub fn masked(input: &Value, details: &Value) -> Value {
    let mut details = details.clone();
    for id in secret_ids(input) {
        if let Some(answer) = details.get_mut("answers").and_then(|a| a.get_mut(id)) {
            let status = answer["status"].clone();
            *answer = json!({ "status": status, "secret": true });
        }
    }
    details
}
