//! The JSON Schemas: the input's, what hosts give the model as the tool's parameters, and the
//! result's details ([`result_schema`]).

mod check;
mod result;
mod typescript;

use serde_json::{Map, Value, json};

pub use check::conforms;
pub use result::result_schema;
pub use typescript::{result_typescript_types, typescript_types};

use crate::labels::Label;
use crate::questionnaire::QuestionType;
use crate::validate::CONTEXT_MAX_CHARS;

/// The input's JSON Schema (draft-07 keywords only, so it also reads as 2020-12).
///
/// It accepts both shapes (`docs/behaviour.md#input`), so per-question fields are not `required`;
/// `validate` enforces the rest and explains what to fix. Plain enough for LLM providers: one
/// top-level object, no `oneOf`/`anyOf`, string enums. `allowCustom` is left out on purpose: a
/// model should always let the user answer in their own words; programs that ask through a host
/// set it.
pub fn schema() -> Value {
    let label_properties: Map<String, Value> = Label::ALL
        .iter()
        .map(|label| {
            (
                label.key().to_string(),
                json!({ "type": "string", "description": format!("Default: \"{}\"", label.english()) }),
            )
        })
        .collect();
    let types: Vec<&str> = QuestionType::ALL.iter().map(|kind| kind.as_str()).collect();
    let type_descriptions: Vec<&str> = QuestionType::ALL
        .iter()
        .map(|kind| kind.describe())
        .collect();
    json!({
        "type": "object",
        "description": "Ask the user one or more structured questions and wait for the answers. Write any proposal, table or findings as visible text before calling; keep each prompt a short, self-contained question.",
        "properties": {
            "title": {
                "type": "string",
                "description": "Optional title shown at the top of the questionnaire."
            },
            "labels": {
                "type": "object",
                "description": "Optional UI strings in the user's language; omitted keys keep the English default, e.g. {\"submit\": \"Enviar\", \"yes\": \"Sí\"}.",
                "properties": label_properties
            },
            "questions": {
                "type": "array",
                "minItems": 1,
                "description": "The questions, asked in order. Give each an id, a header and a prompt.",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {
                            "type": "string",
                            "description": "Unique id of the question; the answers are keyed by it, e.g. \"approach\"."
                        },
                        "header": {
                            "type": "string",
                            "description": "Very short tab label, e.g. \"Approach\"."
                        },
                        "prompt": {
                            "type": "string",
                            "description": "The question itself: concise, self-contained plain text."
                        },
                        "context": {
                            "type": "string",
                            "maxLength": CONTEXT_MAX_CHARS,
                            "description": "Optional short markdown summary needed to answer (at most 500 characters). Put longer proposals and tables in your visible reply before the call."
                        },
                        "type": {
                            "type": "string",
                            "enum": types,
                            "description": format!("{}.", type_descriptions.join("; "))
                        },
                        "placeholder": {
                            "type": "string",
                            "description": "Optional hint for a text or number question, shown while the answer is empty, e.g. \"my-service\"; never submitted. Ignored on other types."
                        },
                        "min": {
                            "type": "number",
                            "description": "Number questions: the lowest answer allowed."
                        },
                        "max": {
                            "type": "number",
                            "description": "Number questions: the highest answer allowed."
                        },
                        "step": {
                            "type": "number",
                            "description": "Number questions: what the arrow keys add; answers are min (or 0) plus whole steps. Its decimals allow decimal answers (0.5); without it answers are whole numbers."
                        },
                        "unit": {
                            "type": "string",
                            "description": "Number questions: the unit shown after the number, e.g. \"workers\"."
                        },
                        "required": {
                            "type": "boolean",
                            "description": "Advisory: marks the question as important. The user may still skip it."
                        },
                        "options": {
                            "type": "array",
                            "description": "Choices for single and multi questions. A free-text \"Type something.\" entry is added automatically; do not add one.",
                            "items": {
                                "type": "object",
                                "properties": {
                                    "value": {
                                        "type": "string",
                                        "description": "Id of the option, unique within the question, e.g. \"safe\"."
                                    },
                                    "label": {
                                        "type": "string",
                                        "description": "Text the user sees."
                                    },
                                    "description": {
                                        "type": "string",
                                        "description": "Optional one-line explanation shown under the label."
                                    },
                                    "preview": {
                                        "type": "string",
                                        "description": "Optional markdown details (a plan, code, a diff) shown beside or below the options."
                                    },
                                    "recommended": {
                                        "type": "boolean",
                                        "description": "Marks your recommendation with a star; it is never selected for the user."
                                    }
                                },
                                "required": ["label"]
                            }
                        },
                        "question": {
                            "type": "string",
                            "description": "Alternative to prompt (Claude Code's AskUserQuestion shape); prefer prompt."
                        },
                        "multiSelect": {
                            "type": "boolean",
                            "description": "With question: true makes it a multi question."
                        }
                    }
                }
            }
        },
        "required": ["questions"]
    })
}
