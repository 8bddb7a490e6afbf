//! Validation and normalization of both input shapes (`docs/behaviour.md#input`): every problem is
//! reported at once.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::labels::{Label, Labels};
use crate::questionnaire::{Question, QuestionOption, QuestionType, Questionnaire};

/// The most characters a question's `context` may have.
pub const CONTEXT_MAX_CHARS: usize = 500;

/// The English label of the built-in free-text entry; options may not use it.
pub const RESERVED_LABEL: &str = "Type something.";

/// What is wrong with one value of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueCode {
    /// Wrong JSON type, or an unknown `type` value.
    InvalidType,
    /// Missing, empty or whitespace-only where a non-blank string is needed.
    Blank,
    /// `questions` is missing or empty.
    EmptyQuestions,
    /// A question id used before.
    DuplicateId,
    /// A single/multi question without options.
    MissingOptions,
    /// A text/confirm question with options.
    UnexpectedOptions,
    /// An option value used before in the same question.
    DuplicateValue,
    /// An option label equal to "Type something." or the active `labels.typeSomething`.
    ReservedLabel,
    /// `context` over 500 characters.
    TooLong,
}

impl IssueCode {
    /// Every code, as `docs/behaviour.md#validation` lists them.
    pub const ALL: &'static [IssueCode] = &[
        IssueCode::InvalidType,
        IssueCode::Blank,
        IssueCode::EmptyQuestions,
        IssueCode::DuplicateId,
        IssueCode::MissingOptions,
        IssueCode::UnexpectedOptions,
        IssueCode::DuplicateValue,
        IssueCode::ReservedLabel,
        IssueCode::TooLong,
    ];

    /// The wire spelling, e.g. `duplicate_id`.
    pub fn as_str(self) -> &'static str {
        match self {
            IssueCode::InvalidType => "invalid_type",
            IssueCode::Blank => "blank",
            IssueCode::EmptyQuestions => "empty_questions",
            IssueCode::DuplicateId => "duplicate_id",
            IssueCode::MissingOptions => "missing_options",
            IssueCode::UnexpectedOptions => "unexpected_options",
            IssueCode::DuplicateValue => "duplicate_value",
            IssueCode::ReservedLabel => "reserved_label",
            IssueCode::TooLong => "too_long",
        }
    }
}

impl fmt::Display for IssueCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem of the input: where (a JSON pointer; `""` is the whole input), what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issue {
    pub path: String,
    pub code: IssueCode,
    pub message: String,
}

impl fmt::Display for Issue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = if self.path.is_empty() {
            "(input)"
        } else {
            &self.path
        };
        write!(f, "{path} ({}): {}", self.code, self.message)
    }
}

/// Checks a call's input and normalizes it into a [`Questionnaire`], or reports every problem.
///
/// Accepts the canonical shape and Claude Code's `AskUserQuestion` shape
/// (`docs/behaviour.md#input`), also mixed per question. `null` counts as absent for optional
/// fields; unknown keys are ignored.
pub fn validate(input: &Value) -> Result<Questionnaire, Vec<Issue>> {
    let mut validator = Validator::default();
    let questionnaire = validator.questionnaire(input);
    match questionnaire {
        Some(questionnaire) if validator.issues.is_empty() => Ok(questionnaire),
        _ => Err(validator.issues),
    }
}

#[derive(Default)]
struct Validator {
    issues: Vec<Issue>,
}

/// Where a question's id came from, for the duplicate check.
struct SeenId {
    id: String,
    question: usize,
}

impl Validator {
    fn report(&mut self, path: &str, code: IssueCode, message: String) {
        self.issues.push(Issue {
            path: path.to_string(),
            code,
            message,
        });
    }

    fn questionnaire(&mut self, input: &Value) -> Option<Questionnaire> {
        let Some(root) = input.as_object() else {
            self.report(
                "",
                IssueCode::InvalidType,
                format!(
                    "The input must be a JSON object like {{\"questions\": [{{\"id\": …, \"header\": …, \"prompt\": …}}]}}, not {}.",
                    kind_of(input)
                ),
            );
            return None;
        };
        let title = self.optional_text(root, "title", "");
        let labels = self.labels(root.get("labels"));
        let questions = match root.get("questions") {
            None | Some(Value::Null) => {
                self.report(
                    "/questions",
                    IssueCode::EmptyQuestions,
                    "questions is missing: send a non-empty array of question objects.".into(),
                );
                Vec::new()
            }
            Some(Value::Array(items)) if items.is_empty() => {
                self.report(
                    "/questions",
                    IssueCode::EmptyQuestions,
                    "questions is empty: ask at least one question.".into(),
                );
                Vec::new()
            }
            Some(Value::Array(items)) => self.questions(items, &labels),
            Some(other) => {
                self.report(
                    "/questions",
                    IssueCode::InvalidType,
                    format!(
                        "questions must be an array of question objects, not {}.",
                        kind_of(other)
                    ),
                );
                Vec::new()
            }
        };
        Some(Questionnaire {
            title,
            questions,
            labels,
        })
    }

    fn labels(&mut self, value: Option<&Value>) -> Labels {
        let map = match value {
            None | Some(Value::Null) => return Labels::from_checked(None),
            Some(Value::Object(map)) => map,
            Some(other) => {
                self.report(
                    "/labels",
                    IssueCode::InvalidType,
                    format!(
                        "labels must be an object of UI strings such as {{\"submit\": \"Enviar\"}}, not {}.",
                        kind_of(other)
                    ),
                );
                return Labels::from_checked(None);
            }
        };
        let mut supplied = Map::new();
        for (key, text) in map {
            // Unknown keys are ignored on purpose: hosts and models may send more than we know.
            if Label::from_key(key).is_none() {
                continue;
            }
            let path = format!("/labels/{}", escape_pointer(key));
            match text {
                Value::String(text) if text.trim().is_empty() => self.report(
                    &path,
                    IssueCode::Blank,
                    format!("labels.{key} is blank: give the UI text, or leave the key out to keep the English default."),
                ),
                Value::String(text) => {
                    supplied.insert(key.clone(), Value::String(text.clone()));
                }
                other => self.report(
                    &path,
                    IssueCode::InvalidType,
                    format!("labels.{key} must be a string, not {}.", kind_of(other)),
                ),
            }
        }
        Labels::from_checked(Some(supplied))
    }

    fn questions(&mut self, items: &[Value], labels: &Labels) -> Vec<Question> {
        let mut seen = Vec::new();
        let mut questions = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let path = format!("/questions/{index}");
            match item.as_object() {
                Some(object) => {
                    questions.push(self.question(index, object, &path, labels, &mut seen))
                }
                None => self.report(
                    &path,
                    IssueCode::InvalidType,
                    format!(
                        "Each question must be an object with id, header and prompt, not {}.",
                        kind_of(item)
                    ),
                ),
            }
        }
        questions
    }

    fn question(
        &mut self,
        index: usize,
        object: &Map<String, Value>,
        path: &str,
        labels: &Labels,
        seen: &mut Vec<SeenId>,
    ) -> Question {
        // Claude Code's shape: `question` instead of `prompt`, optional `header`, `multiSelect`.
        let compatible = object.contains_key("question") && !object.contains_key("prompt");
        let prompt = if compatible {
            self.required_text(
                object,
                "question",
                path,
                "the question to ask, e.g. \"Which approach should we use?\"",
            )
        } else {
            self.required_text(
                object,
                "prompt",
                path,
                "a concise, self-contained question, e.g. \"Which approach should we use?\"",
            )
        };
        let header = if compatible && is_absent(object.get("header")) {
            Some(format!("Q{}", index + 1))
        } else {
            self.required_text(
                object,
                "header",
                path,
                "a short tab label, e.g. \"Approach\"",
            )
        };
        let id = if compatible && is_absent(object.get("id")) {
            let from_header = header.clone().filter(|_| !is_absent(object.get("header")));
            Some(match from_header {
                Some(header) if !seen.iter().any(|s| s.id == header) => header,
                _ => generated_id(index, seen),
            })
        } else {
            self.required_text(object, "id", path, "a unique id such as \"approach\"")
        };
        if let Some(id) = &id {
            match seen.iter().find(|s| &s.id == id) {
                Some(first) => self.report(
                    &format!("{path}/id"),
                    IssueCode::DuplicateId,
                    format!(
                        "id \"{id}\" is already used by /questions/{}; give every question a unique id.",
                        first.question
                    ),
                ),
                None => seen.push(SeenId {
                    id: id.clone(),
                    question: index,
                }),
            }
        }

        let context = self.optional_text(object, "context", path);
        if let Some(context) = &context {
            let chars = context.chars().count();
            if chars > CONTEXT_MAX_CHARS {
                self.report(
                    &format!("{path}/context"),
                    IssueCode::TooLong,
                    format!(
                        "context has {chars} characters; the limit is {CONTEXT_MAX_CHARS}. Keep it a short markdown summary and write longer proposals or tables as visible text before calling the tool."
                    ),
                );
            }
        }
        let required = self
            .optional_bool(object, "required", path)
            .unwrap_or(false);
        let placeholder = self.placeholder(object, path);

        let options_path = format!("{path}/options");
        let (raw_options, options_well_typed): (&[Value], bool) = match object.get("options") {
            None | Some(Value::Null) => (&[], true),
            Some(Value::Array(items)) => (items, true),
            Some(other) => {
                self.report(
                    &options_path,
                    IssueCode::InvalidType,
                    format!(
                        "options must be an array of {{value, label}} objects, not {}.",
                        kind_of(other)
                    ),
                );
                (&[], false)
            }
        };
        let kind = self.kind(object, path, compatible, raw_options);

        let options = match kind {
            Some(QuestionType::Text) | Some(QuestionType::Confirm) if !raw_options.is_empty() => {
                let message = if kind == Some(QuestionType::Text) {
                    "A text question takes no options: remove options, or use type \"single\" or \"multi\" to offer choices."
                } else {
                    "A confirm question gets Yes/No options automatically: remove options, or use type \"single\" to offer your own."
                };
                self.report(&options_path, IssueCode::UnexpectedOptions, message.into());
                Vec::new()
            }
            Some(QuestionType::Confirm) => vec![
                synthesized_option("yes", labels.get(Label::Yes)),
                synthesized_option("no", labels.get(Label::No)),
            ],
            Some(QuestionType::Text) => Vec::new(),
            Some(kind @ (QuestionType::Single | QuestionType::Multi))
                if raw_options.is_empty() && options_well_typed =>
            {
                self.report(
                    &options_path,
                    IssueCode::MissingOptions,
                    format!(
                        "A {} question needs a non-empty options array; use type \"text\" for a free-form answer.",
                        kind.as_str()
                    ),
                );
                Vec::new()
            }
            _ => self.options(raw_options, &options_path, compatible, labels),
        };

        Question {
            id: id.unwrap_or_default(),
            header: header.unwrap_or_default(),
            prompt: prompt.unwrap_or_default(),
            context,
            kind: kind.unwrap_or(QuestionType::Single),
            required,
            options,
            // Only a text question has an empty answer field to show it in; elsewhere it is
            // checked like any string and then dropped.
            placeholder: placeholder.filter(|_| kind == Some(QuestionType::Text)),
        }
    }

    /// `placeholder`: a non-blank string when present.
    fn placeholder(&mut self, object: &Map<String, Value>, path: &str) -> Option<String> {
        if let Some(Value::String(text)) = object.get("placeholder")
            && text.trim().is_empty()
        {
            self.report(
                &format!("{path}/placeholder"),
                IssueCode::Blank,
                "placeholder is blank: give a short example answer, or leave the key out.".into(),
            );
            return None;
        }
        self.optional_text(object, "placeholder", path)
    }

    fn kind(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        compatible: bool,
        raw_options: &[Value],
    ) -> Option<QuestionType> {
        match object.get("type") {
            None | Some(Value::Null) if compatible => {
                let multi = self
                    .optional_bool(object, "multiSelect", path)
                    .unwrap_or(false);
                Some(if multi {
                    QuestionType::Multi
                } else if raw_options.is_empty() {
                    QuestionType::Text
                } else {
                    QuestionType::Single
                })
            }
            None | Some(Value::Null) => Some(QuestionType::Single),
            Some(Value::String(text)) => {
                let kind = QuestionType::parse(&text.trim().to_ascii_lowercase());
                if kind.is_none() {
                    self.report(
                        &format!("{path}/type"),
                        IssueCode::InvalidType,
                        format!("type must be one of \"single\", \"multi\", \"text\", \"confirm\", not \"{text}\"."),
                    );
                }
                kind
            }
            Some(other) => {
                self.report(
                    &format!("{path}/type"),
                    IssueCode::InvalidType,
                    format!(
                        "type must be the string \"single\", \"multi\", \"text\" or \"confirm\", not {}.",
                        kind_of(other)
                    ),
                );
                None
            }
        }
    }

    fn options(
        &mut self,
        items: &[Value],
        path: &str,
        compatible: bool,
        labels: &Labels,
    ) -> Vec<QuestionOption> {
        let reserved = [RESERVED_LABEL, labels.get(Label::TypeSomething).trim()];
        let mut seen_values: Vec<String> = Vec::new();
        let mut options = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let option_path = format!("{path}/{index}");
            let Some(object) = item.as_object() else {
                self.report(
                    &option_path,
                    IssueCode::InvalidType,
                    format!(
                        "Each option must be an object like {{\"value\": \"safe\", \"label\": \"Safe approach\"}}, not {}.",
                        kind_of(item)
                    ),
                );
                continue;
            };
            let label = self.required_text(object, "label", &option_path, "the text the user sees");
            if let Some(label) = &label
                && reserved.contains(&label.trim())
            {
                self.report(
                    &format!("{option_path}/label"),
                    IssueCode::ReservedLabel,
                    format!(
                        "\"{}\" is the built-in free-text entry, which every single/multi question already offers; remove this option or give it another label.",
                        label.trim()
                    ),
                );
            }
            // In Claude Code's shape an option has no value: its label is the value.
            let value_from_label = compatible && is_absent(object.get("value"));
            let (value, value_path) = if value_from_label {
                (label.clone(), format!("{option_path}/label"))
            } else {
                let value = self.required_text(
                    object,
                    "value",
                    &option_path,
                    "a short id unique within the question, e.g. \"safe\"",
                );
                (value, format!("{option_path}/value"))
            };
            if let Some(value) = &value {
                match seen_values.iter().position(|seen| seen == value) {
                    Some(first) => {
                        let what = if value_from_label { "label" } else { "value" };
                        self.report(
                            &value_path,
                            IssueCode::DuplicateValue,
                            format!(
                                "Option {what} \"{value}\" is already used by option {first} of this question; each option needs a distinct {what}."
                            ),
                        );
                    }
                    None => seen_values.push(value.clone()),
                }
            }
            let description = self.optional_text(object, "description", &option_path);
            let preview = self.optional_text(object, "preview", &option_path);
            let recommended = self
                .optional_bool(object, "recommended", &option_path)
                .unwrap_or(false);
            options.push(QuestionOption {
                value: value.unwrap_or_default(),
                label: label.unwrap_or_default(),
                description,
                preview,
                recommended,
            });
        }
        options
    }

    /// A string that must be present and non-blank.
    fn required_text(
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

    /// An optional string; blank counts as absent.
    fn optional_text(
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

    fn optional_bool(
        &mut self,
        object: &Map<String, Value>,
        key: &str,
        parent: &str,
    ) -> Option<bool> {
        match object.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::Bool(flag)) => Some(*flag),
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

fn is_absent(value: Option<&Value>) -> bool {
    matches!(value, None | Some(Value::Null))
}

/// `q<position>` for a compatible-shape question without a usable header, unique among `seen`.
fn generated_id(index: usize, seen: &[SeenId]) -> String {
    let base = format!("q{}", index + 1);
    let taken = |candidate: &str| seen.iter().any(|s| s.id == candidate);
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|n| format!("{base}_{n}"))
        .find(|candidate| !taken(candidate))
        .expect("an unused suffix exists")
}

fn synthesized_option(value: &str, label: &str) -> QuestionOption {
    QuestionOption {
        value: value.to_string(),
        label: label.to_string(),
        description: None,
        preview: None,
        recommended: false,
    }
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Escapes one JSON-pointer segment (RFC 6901).
fn escape_pointer(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}
