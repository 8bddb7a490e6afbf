//! Secret questions (`isSecret`): their answers never reach the store.
//!
//! Which questions are secret is what validation reads, not the input's raw JSON: the flag may
//! be written as text (`"true"`), a question may have no id (its answer is keyed by the one
//! validation makes up), and the questions may come as JSON text. `context` has no limit here:
//! the question service asks with longer ones.

use serde_json::{Value, json};

/// The secret questions of a tool call's arguments, by the ids validation reads (those written
/// as `isSecret: true` when validation refuses the input). Read once per call: each read
/// validates the input.
pub struct Secrets(Vec<String>);

impl Secrets {
    pub fn of(input: &Value) -> Secrets {
        let ids =
            match question::validate_with(input, question::ValidateOptions::unlimited_context()) {
                Ok(questionnaire) => questionnaire
                    .questions
                    .into_iter()
                    .filter(|question| question.secret)
                    .map(|question| question.id)
                    .collect(),
                Err(_) => input["questions"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|question| question["isSecret"] == true)
                    .filter_map(|question| question["id"].as_str().map(String::from))
                    .collect(),
            };
        Secrets(ids)
    }

    pub fn any(&self) -> bool {
        !self.0.is_empty()
    }

    /// `details` with every secret question's answer (and its draft) replaced by its status only.
    pub fn masked(&self, details: &Value) -> Value {
        let mut details = details.clone();
        for id in &self.0 {
            if let Some(answer) = details.get_mut("answers").and_then(|a| a.get_mut(id)) {
                let status = answer["status"].clone();
                *answer = json!({ "status": status, "secret": true });
            }
        }
        details
    }
}
