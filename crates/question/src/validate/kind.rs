//! A question's type: `type` in every accepted spelling, other agents' multiple-choice flags,
//! and the switches that turn the free-text entry off.

use serde_json::{Map, Value};

use super::Validator;
use super::fields::kind_of;
use super::issue::IssueCode;
use crate::questionnaire::{AnswerShape, QuestionType};

/// The keys that make a question multiple choice in other agents' shapes: Claude Code and
/// Gemini CLI, opencode, oh-my-pi; and forms' `allowMultiple`.
const MULTI_KEYS: [&str; 5] = [
    "multiSelect",
    "multiple",
    "multi",
    "allowMultiple",
    "allow_multiple",
];

/// The keys that turn the free-text entry off when `false`, besides `allowCustom`: Copilot CLI,
/// opencode, Codex.
const FREE_TEXT_KEYS: [&str; 3] = ["allow_freeform", "custom", "isOther"];

impl Validator {
    /// Whether the free-text entry stays: `allowCustom`, or another agent's switch for it, is
    /// not `false`. A text question is free text by nature: `allowCustom: false` on it is a
    /// problem, another agent's switch is ignored (their option-less questions are free text).
    pub(super) fn allow_custom(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        kind: Option<QuestionType>,
    ) -> bool {
        // Only a text question's answer is free text by nature.
        let text = matches!(kind.map(QuestionType::answer), Some(AnswerShape::Text));
        let mut allow = true;
        if self.optional_bool(object, "allowCustom", path) == Some(false) {
            if text {
                self.report(
                    &format!("{path}/allowCustom"),
                    IssueCode::InvalidType,
                    "A text question is answered with free text only, so allowCustom cannot be false: remove allowCustom, or use type \"single\" or \"multi\" with options.".into(),
                );
            } else {
                allow = false;
            }
        }
        for key in FREE_TEXT_KEYS {
            if self.optional_bool(object, key, path) == Some(false) {
                if text {
                    self.ignore(
                        &format!("{path}/{key}"),
                        format!("A question without options is answered with free text, so {key}: false was ignored."),
                    );
                } else {
                    allow = false;
                }
            }
        }
        allow
    }

    /// `type` (in any spelling [`spelling`] knows), else another agent's multiple-choice
    /// flag, else what the question's options imply.
    pub(super) fn kind(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        compatible: bool,
        has_options: bool,
    ) -> Option<QuestionType> {
        let multi = self.multi_flag(object, path);
        let many = multi.is_some_and(|(_, flag)| flag);
        let from_flag = if many {
            QuestionType::Multi
        } else {
            QuestionType::Single
        };
        let spelled = match object.get("type") {
            None | Some(Value::Null) if compatible && !has_options && !many => {
                return Some(QuestionType::Text);
            }
            None | Some(Value::Null) => return Some(from_flag),
            Some(Value::String(text)) => text,
            Some(other) => {
                self.report(
                    &format!("{path}/type"),
                    IssueCode::InvalidType,
                    format!(
                        "type must be the string {}, not {}.",
                        spellings(" or "),
                        kind_of(other)
                    ),
                );
                return None;
            }
        };
        let kind = match spelling(spelled) {
            Some(Spelling::Choice) => return Some(from_flag),
            Some(Spelling::Kind(kind)) => kind,
            None => {
                self.report(
                    &format!("{path}/type"),
                    IssueCode::InvalidType,
                    format!(
                        "type must be one of {}, not \"{spelled}\".",
                        spellings(", ")
                    ),
                );
                return None;
            }
        };
        if let Some((key, flag)) = multi
            && flag != matches!(kind.answer(), AnswerShape::Picks)
        {
            self.ignore(
                &format!("{path}/{key}"),
                format!("type \"{}\" decides how the question is answered, so {key}: {flag} was ignored.", spelled.trim()),
            );
        }
        Some(kind)
    }

    /// The first multiple-choice flag given, and whether any of them is `true`.
    fn multi_flag(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
    ) -> Option<(&'static str, bool)> {
        let mut found: Option<(&'static str, bool)> = None;
        for key in MULTI_KEYS {
            if let Some(flag) = self.optional_bool(object, key, path) {
                found = Some(match found {
                    Some((first, any)) => (first, any || flag),
                    None => (key, flag),
                });
            }
        }
        found
    }
}

/// What a `type` asks for.
enum Spelling {
    Kind(QuestionType),
    /// Options, one or many as the question's multiple-choice flag says (one without it).
    Choice,
}

/// A `type` in our spelling or another's: Gemini CLI's `choice` and `yesno`, and the names
/// forms and other tools give the same kinds (`multiple_choice`, `checkbox`, `boolean`,
/// `free_text`, `integer`…), in any case, with `-`, `/` or spaces for `_`. "Multiple choice"
/// means one of several options, as on a form, unless a flag says many.
fn spelling(spelled: &str) -> Option<Spelling> {
    let key: String = spelled
        .trim()
        .chars()
        .map(|c| match c {
            '-' | '/' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if let Some(kind) = QuestionType::parse(&key) {
        return Some(Spelling::Kind(kind));
    }
    Some(match key.as_str() {
        "choice" | "multiple_choice" | "select" | "dropdown" => Spelling::Choice,
        "single_choice" | "single_select" | "singleselect" | "radio" => {
            Spelling::Kind(QuestionType::Single)
        }
        "multi_select" | "multiselect" | "multiple_select" | "multi_choice" | "multiple"
        | "checkbox" | "checkboxes" => Spelling::Kind(QuestionType::Multi),
        "yesno" | "yes_no" | "boolean" | "bool" | "confirmation" => {
            Spelling::Kind(QuestionType::Confirm)
        }
        "free_text" | "freetext" | "freeform" | "free_form" | "open" | "open_ended" | "string"
        | "input" | "text_input" | "textarea" | "short_answer" | "long_answer" | "paragraph" => {
            Spelling::Kind(QuestionType::Text)
        }
        "integer" | "int" | "numeric" => Spelling::Kind(QuestionType::Number),
        _ => return None,
    })
}

/// Every type's spelling, quoted: `"single", "multi", … <last> "number"`.
fn spellings(last: &str) -> String {
    let quoted: Vec<String> = QuestionType::ALL
        .iter()
        .map(|kind| format!("\"{}\"", kind.as_str()))
        .collect();
    let (end, rest) = quoted.split_last().expect("there are types");
    format!("{}{last}{end}", rest.join(", "))
}
