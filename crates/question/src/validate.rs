//! Validation and normalization of every accepted input shape (`docs/behaviour.md#input`): every
//! problem is reported at once, and every key that was read past is listed as a warning.

mod encoded;
mod fields;
mod issue;
mod keys;
mod kind;
mod number;
mod options;
mod spelling;

use serde_json::{Map, Value};

use fields::is_absent;
pub use fields::kind_of;
pub use issue::{Issue, IssueCode};

use crate::labels::{Label, Labels};
use crate::number::NumberSpec;
use crate::questionnaire::{OptionSource, Question, QuestionOption, QuestionType, Questionnaire};

/// The most characters a question's `context` may have.
pub const CONTEXT_MAX_CHARS: usize = 500;

/// The English label of the built-in free-text entry; options may not use it.
pub const RESERVED_LABEL: &str = "Type something.";

/// What validation enforces besides the input's shape. The default is the tool's: a model must
/// keep `context` short and write longer text in its reply; a program asking through a host's
/// service has no such reply, so it may turn the limit off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidateOptions {
    /// The most characters a question's `context` may have; `None` for no limit.
    pub context_max_chars: Option<usize>,
}

impl Default for ValidateOptions {
    fn default() -> ValidateOptions {
        ValidateOptions {
            context_max_chars: Some(CONTEXT_MAX_CHARS),
        }
    }
}

impl ValidateOptions {
    /// No limit on `context`.
    pub fn unlimited_context() -> ValidateOptions {
        ValidateOptions {
            context_max_chars: None,
        }
    }
}

/// Checks a call's input and normalizes it into a [`Questionnaire`], or reports every problem,
/// followed by the keys it ignored ([`IssueCode::Ignored`] warnings, which help find a
/// misspelled key that caused a problem).
///
/// Accepts the canonical shape, Claude Code's `AskUserQuestion` shape and the shapes of other
/// agents' ask tools (`docs/behaviour.md#input`), also mixed per question. `null` counts as
/// absent for optional fields; unknown keys are ignored.
pub fn validate(input: &Value) -> Result<Questionnaire, Vec<Issue>> {
    validate_with(input, ValidateOptions::default())
}

/// [`validate`] with other [`ValidateOptions`].
pub fn validate_with(input: &Value, options: ValidateOptions) -> Result<Questionnaire, Vec<Issue>> {
    let report = validate_report(input, options);
    match report.questionnaire {
        Ok(questionnaire) => Ok(questionnaire),
        Err(mut problems) => {
            problems.extend(report.ignored);
            Err(problems)
        }
    }
}

/// What validation found: the questionnaire or the problems, and apart from them the keys it
/// ignored.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub questionnaire: Result<Questionnaire, Vec<Issue>>,
    /// [`IssueCode::Ignored`] warnings, in input order.
    pub ignored: Vec<Issue>,
}

/// Validates `input` and keeps the warnings apart, also for valid input (for `validate`
/// commands, so that an integrator sees a misspelled key).
pub fn validate_report(input: &Value, options: ValidateOptions) -> Report {
    let mut validator = Validator {
        issues: Vec::new(),
        ignored: Vec::new(),
        options,
    };
    // Keys spelled another way are read first, so that lists sent as JSON text are found, and
    // again in those lists.
    let mut respelled = spelling::Respelled::default();
    let input = spelling::respelled(input, &mut respelled);
    let input = encoded::decoded(&input);
    let input = spelling::respelled(&input, &mut respelled);
    let questionnaire = validator.questionnaire(&input);
    for issue in validator.issues.iter_mut().chain(&mut validator.ignored) {
        if let Some(sent) = respelled.as_sent(&issue.path) {
            issue.path = sent;
        }
    }
    let questionnaire = match questionnaire {
        Some(questionnaire) if validator.issues.is_empty() => Ok(questionnaire),
        _ => Err(validator.issues),
    };
    Report {
        questionnaire,
        ignored: validator.ignored,
    }
}

struct Validator {
    issues: Vec<Issue>,
    ignored: Vec<Issue>,
    options: ValidateOptions,
}

/// A question's options as given, before its type decides what they become.
struct GivenOptions<'v> {
    items: &'v [Value],
    /// `options` was an array (or absent).
    well_typed: bool,
    path: &'v str,
}

/// Where a question's id came from, for the duplicate check.
struct SeenId {
    id: String,
    question: usize,
}

/// The ids of the questions read so far, and every id the call wrote: an id made up for a
/// question without one takes none of them.
struct Ids {
    seen: Vec<SeenId>,
    written: Vec<String>,
}

impl Ids {
    fn of(items: &[Value]) -> Ids {
        let written = items
            .iter()
            .filter_map(|item| match item.get("id")? {
                Value::String(id) => Some(id.clone()),
                Value::Number(number) => Some(number.to_string()),
                _ => None,
            })
            .collect();
        Ids {
            seen: Vec::new(),
            written,
        }
    }

    fn taken(&self, id: &str) -> bool {
        self.seen.iter().any(|s| s.id == id) || self.written.iter().any(|w| w == id)
    }

    /// `q<position>` for a question with neither an id nor a usable header, unique.
    fn generated(&self, index: usize) -> String {
        let base = format!("q{}", index + 1);
        if !self.taken(&base) {
            return base;
        }
        (2..)
            .map(|n| format!("{base}_{n}"))
            .find(|candidate| !self.taken(candidate))
            .expect("an unused suffix exists")
    }
}

impl Validator {
    fn report(&mut self, path: &str, code: IssueCode, message: String) {
        self.issues.push(Issue {
            path: path.to_string(),
            code,
            message,
        });
    }

    /// A warning: the key at `path` was read past, for the reason `message` gives.
    fn ignore(&mut self, path: &str, message: String) {
        self.ignored.push(Issue {
            path: path.to_string(),
            code: IssueCode::Ignored,
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
        // Copilot CLI's and Cline's shape: the input is itself one question (its text in
        // `question`, or in `prompt`, which is no top-level field either).
        let lone_question = is_absent(root.get("questions"))
            && (!is_absent(root.get("question")) || !is_absent(root.get("prompt")));
        let known: Vec<&str> = if lone_question {
            keys::INPUT.iter().chain(keys::QUESTION).copied().collect()
        } else {
            keys::INPUT.to_vec()
        };
        let what = if lone_question {
            "a question"
        } else {
            "a top-level"
        };
        self.ignored.extend(keys::unknown(root, &known, "", what));
        let title = self.optional_text(root, "title", "");
        let labels = self.labels(root.get("labels"));
        let questions = match root.get("questions") {
            None | Some(Value::Null) if lone_question => {
                vec![self.question(0, root, "", &labels, &mut Ids::of(&[]))]
            }
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
            let path = format!("/labels/{}", escape_pointer(key));
            // Hosts and models may send more than we know: a warning, not a problem.
            if Label::from_key(key).is_none() {
                let known: Vec<&str> = Label::ALL.iter().map(|label| label.key()).collect();
                let hint = keys::closest(key, &known)
                    .map(|near| format!(" Did you mean {near}?"))
                    .unwrap_or_default();
                self.ignore(
                    &path,
                    format!("{key} is not a label key, so it was ignored.{hint}"),
                );
                continue;
            }
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
        let mut ids = Ids::of(items);
        let mut questions = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let path = format!("/questions/{index}");
            match item.as_object() {
                Some(object) => {
                    let unknown = keys::unknown(object, keys::QUESTION, &path, "a question");
                    self.ignored.extend(unknown);
                    questions.push(self.question(index, object, &path, labels, &mut ids))
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
        ids: &mut Ids,
    ) -> Question {
        // Claude Code's shape and the others that follow it: `question` instead of `prompt`,
        // optional `header` and `id`, options without values.
        let compatible = object.contains_key("question") && !object.contains_key("prompt");
        let (id, header, prompt) = self.identity(index, object, path, compatible, ids);
        let context = self.context(object, path);
        let required = self
            .optional_bool(object, "required", path)
            .unwrap_or(false);
        let placeholder = self.placeholder(object, path);

        let (options_key, raw_options, options_well_typed) = self.option_items(object, path);
        let options_path = format!("{path}/{options_key}");
        let kind = self.kind(object, path, compatible, !raw_options.is_empty());
        let mut options = match kind {
            Some(kind) => {
                let given = GivenOptions {
                    items: raw_options,
                    well_typed: options_well_typed,
                    path: &options_path,
                };
                self.options_of(kind, given, labels)
            }
            None => self.options(raw_options, &options_path, labels),
        };
        self.recommended_index(object, path, &mut options);
        let allow_custom = self.allow_custom(object, path, kind);
        let number = self.number_spec(object, path, kind);
        let placeholder = self.placeholder_of(kind, placeholder, number.as_ref(), path);
        let secret = self
            .optional_bool(object, "isSecret", path)
            .unwrap_or(false);

        Question {
            id: id.unwrap_or_default(),
            header: header.unwrap_or_default(),
            prompt: prompt.unwrap_or_default(),
            context,
            kind: kind.unwrap_or(QuestionType::Single),
            required,
            options,
            placeholder,
            allow_custom,
            secret,
            number,
        }
    }

    /// The id, header and prompt, each `None` when reported; ids are checked for duplicates.
    /// A question without a header is tabbed `Q<n>`, and one without an id takes its header or
    /// `q<n>`, in any shape: models leave them out, and the question reads without them.
    fn identity(
        &mut self,
        index: usize,
        object: &Map<String, Value>,
        path: &str,
        compatible: bool,
        ids: &mut Ids,
    ) -> (Option<String>, Option<String>, Option<String>) {
        let prompt = if compatible {
            self.required_text(
                object,
                "question",
                path,
                "the question to ask, e.g. \"Which approach should we use?\"",
            )
        } else {
            if !is_absent(object.get("question")) {
                self.ignore(
                    &format!("{path}/question"),
                    "prompt is given, so question was ignored.".into(),
                );
            }
            self.required_text(
                object,
                "prompt",
                path,
                "a concise, self-contained question, e.g. \"Which approach should we use?\"",
            )
        };
        let header = if is_absent(object.get("header")) {
            Some(format!("Q{}", index + 1))
        } else {
            self.required_text(
                object,
                "header",
                path,
                "a short tab label, e.g. \"Approach\"",
            )
        };
        let id = if is_absent(object.get("id")) {
            let from_header = header.clone().filter(|_| !is_absent(object.get("header")));
            Some(match from_header {
                Some(header) if !ids.taken(&header) => header,
                _ => ids.generated(index),
            })
        } else {
            self.required_id(object, "id", path, "a unique id such as \"approach\"")
        };
        if let Some(id) = &id {
            match ids.seen.iter().find(|s| &s.id == id) {
                Some(first) => self.report(
                    &format!("{path}/id"),
                    IssueCode::DuplicateId,
                    format!(
                        "id \"{id}\" is already used by /questions/{}; give every question a unique id.",
                        first.question
                    ),
                ),
                None => ids.seen.push(SeenId {
                    id: id.clone(),
                    question: index,
                }),
            }
        }
        (id, header, prompt)
    }

    fn context(&mut self, object: &Map<String, Value>, path: &str) -> Option<String> {
        let context = self.optional_text(object, "context", path);
        if let (Some(context), Some(limit)) = (&context, self.options.context_max_chars) {
            let chars = context.chars().count();
            if chars > limit {
                self.report(
                    &format!("{path}/context"),
                    IssueCode::TooLong,
                    format!(
                        "context has {chars} characters; the limit is {limit}. Keep it a short markdown summary and write longer proposals or tables as visible text before calling the tool."
                    ),
                );
            }
        }
        context
    }

    /// The options a question of `kind` has: the given ones, Yes and No, or none.
    fn options_of(
        &mut self,
        kind: QuestionType,
        given: GivenOptions<'_>,
        labels: &Labels,
    ) -> Vec<QuestionOption> {
        let source = kind.options();
        if source != OptionSource::Given && !given.items.is_empty() {
            let message = match source {
                OptionSource::YesNo => format!(
                    "A {} question gets Yes/No options automatically: remove options, or use type \"single\" to offer your own.",
                    kind.as_str()
                ),
                _ => format!(
                    "A {} question takes no options: remove options, or use type \"single\" or \"multi\" to offer choices.",
                    kind.as_str()
                ),
            };
            self.report(given.path, IssueCode::UnexpectedOptions, message);
            return Vec::new();
        }
        match source {
            OptionSource::YesNo => vec![
                synthesized_option("yes", labels.get(Label::Yes)),
                synthesized_option("no", labels.get(Label::No)),
            ],
            OptionSource::None => Vec::new(),
            OptionSource::Given if given.items.is_empty() && given.well_typed => {
                self.report(
                    given.path,
                    IssueCode::MissingOptions,
                    format!(
                        "A {} question needs a non-empty options array; use type \"text\" for a free-form answer.",
                        kind.as_str()
                    ),
                );
                Vec::new()
            }
            OptionSource::Given => self.options(given.items, given.path, labels),
        }
    }

    /// The placeholder, where the type has an empty field to show it in.
    fn placeholder_of(
        &mut self,
        kind: Option<QuestionType>,
        placeholder: Option<String>,
        number: Option<&NumberSpec>,
        path: &str,
    ) -> Option<String> {
        match kind {
            Some(kind) if kind.takes_placeholder() => {
                self.check_number_placeholder(placeholder.as_deref(), number, path);
                placeholder
            }
            Some(_) if placeholder.is_some() => {
                self.ignore(
                    &format!("{path}/placeholder"),
                    "placeholder is shown only on text and number questions, so it was ignored here.".into(),
                );
                None
            }
            _ => None,
        }
    }

    /// A question's `recommended`: the 0-based index of the option (oh-my-pi), or its value or
    /// label, or a list of them. Only a marker is at stake, so one that names no option is
    /// ignored with a warning; the question is still worth asking.
    fn recommended_index(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        options: &mut [QuestionOption],
    ) {
        let key_path = format!("{path}/recommended");
        let Some(value) = object.get("recommended").filter(|v| !v.is_null()) else {
            return;
        };
        let named: Vec<&Value> = match value {
            Value::Array(items) => items.iter().collect(),
            Value::Bool(_) | Value::Object(_) => {
                let what = kind_of(value);
                return self.ignore(
                    &key_path,
                    format!("recommended on a question names an option (its 0-based index, value or label), not {what}, so it was ignored; set recommended: true on the option."),
                );
            }
            one => vec![one],
        };
        for name in named {
            let found = match name {
                Value::Number(number) => number
                    .as_u64()
                    .and_then(|index| usize::try_from(index).ok())
                    .filter(|index| *index < options.len()),
                Value::String(text) => {
                    let text = text.trim();
                    options
                        .iter()
                        .position(|o| o.value == text || o.label.trim() == text)
                        .or_else(|| {
                            text.parse::<usize>()
                                .ok()
                                .filter(|index| *index < options.len())
                        })
                }
                _ => None,
            };
            match found {
                Some(index) => options[index].recommended = true,
                None => {
                    let what = match name {
                        Value::Number(number) => number.to_string(),
                        Value::String(text) => format!("{text:?}"),
                        other => kind_of(other).to_string(),
                    };
                    let options = match options.len() {
                        0 => "the question has no options".to_string(),
                        count => format!(
                            "the options are numbered 0 to {} and named by their values and labels",
                            count - 1
                        ),
                    };
                    self.ignore(
                        &key_path,
                        format!("recommended is {what}, but {options}, so no option was marked."),
                    );
                }
            }
        }
    }

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
        // A number question's example is often sent as a number: `8` is the text "8".
        if let Some(Value::Number(number)) = object.get("placeholder") {
            return Some(crate::number::plain_number(number));
        }
        self.optional_text(object, "placeholder", path)
    }
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

/// Escapes one JSON-pointer segment (RFC 6901).
fn escape_pointer(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}
