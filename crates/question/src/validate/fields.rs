//! Reading a field of the input: required and optional text, flags, numbers; a wrong JSON
//! type is reported with the field's path.

use serde_json::{Map, Value};

use super::Validator;
use super::issue::IssueCode;

impl Validator {
    pub(super) fn required_text(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        parent: &str,
        what: &str,
    ) -> Option<String> {
        let path = format!("{parent}/{key}");
        match object.get(key) {
            None | Some(Value::Null) => {
                self.report(
                    &path,
                    IssueCode::Blank,
                    format!("{key} is missing: give {what}."),
                );
                None
            }
            Some(Value::String(text)) if text.trim().is_empty() => {
                self.report(
                    &path,
                    IssueCode::Blank,
                    format!("{key} is blank: give {what}."),
                );
                None
            }
            Some(Value::String(text)) => Some(text.clone()),
            Some(other) => {
                self.report(
                    &path,
                    IssueCode::InvalidType,
                    format!("{key} must be a string ({what}), not {}.", kind_of(other)),
                );
                None
            }
        }
    }

    /// [`Self::required_text`] for an id (a question's `id`, an option's `value`): a number
    /// stands for its decimal text, as models number their options (`"value": 1`).
    pub(super) fn required_id(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        parent: &str,
        what: &str,
    ) -> Option<String> {
        match object.get(key) {
            Some(Value::Number(number)) => Some(number.to_string()),
            _ => self.required_text(object, key, parent, what),
        }
    }

    /// An optional string; blank counts as absent.
    pub(super) fn optional_text(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        parent: &str,
    ) -> Option<String> {
        match object.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) if text.trim().is_empty() => None,
            Some(Value::String(text)) => Some(text.clone()),
            Some(other) => {
                self.report(
                    &format!("{parent}/{key}"),
                    IssueCode::InvalidType,
                    format!("{key} must be a string, not {}.", kind_of(other)),
                );
                None
            }
        }
    }

    pub(super) fn optional_bool(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        parent: &str,
    ) -> Option<bool> {
        match object.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::Bool(flag)) => Some(*flag),
            // Models that send every argument as text write flags as "true" and "false".
            Some(Value::String(text)) if text.trim().eq_ignore_ascii_case("true") => Some(true),
            Some(Value::String(text)) if text.trim().eq_ignore_ascii_case("false") => Some(false),
            Some(other) => {
                self.report(
                    &format!("{parent}/{key}"),
                    IssueCode::InvalidType,
                    format!("{key} must be true or false, not {}.", kind_of(other)),
                );
                None
            }
        }
    }
}

pub(super) fn is_absent(value: Option<&Value>) -> bool {
    matches!(value, None | Some(Value::Null))
}

/// What a JSON value is, as an error message names it ("a string", "null").
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
