//! The tool result (`docs/behaviour.md#results`): `content` for the model, `details` JSON for
//! renderers and hosts.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::answer::{Answer, AnswerState};
use crate::draft::Draft;
use crate::questionnaire::Question;
use crate::validate::{Issue, validate};

/// Why a call ended without the user's answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The input failed validation; nothing was shown. Not a cancellation.
    InvalidQuestions,
    /// The host has no interactive UI. Counts as cancellation.
    NoUi,
    /// The turn was aborted while the questions were open. Counts as cancellation.
    Aborted,
    /// The operator's time limit ran out before anyone answered. Counts as cancellation;
    /// nothing is chosen for the user.
    TimedOut,
}

impl ErrorCode {
    pub const ALL: [ErrorCode; 4] = [
        ErrorCode::InvalidQuestions,
        ErrorCode::NoUi,
        ErrorCode::Aborted,
        ErrorCode::TimedOut,
    ];

    /// The wire spelling, e.g. `no_ui`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidQuestions => "invalid_questions",
            ErrorCode::NoUi => "no_ui",
            ErrorCode::Aborted => "aborted",
            ErrorCode::TimedOut => "timed_out",
        }
    }

    /// Whether a result with this error counts as a cancellation.
    pub fn is_cancellation(self) -> bool {
        matches!(
            self,
            ErrorCode::NoUi | ErrorCode::Aborted | ErrorCode::TimedOut
        )
    }
}

/// How the call ended.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResultOptions {
    pub cancelled: bool,
    pub error: Option<ErrorCode>,
    pub issues: Vec<Issue>,
    /// Text typed but never saved, by question id: reported in every result, marked as not
    /// submitted, so nothing the user typed is lost however the call ends.
    pub drafts: BTreeMap<String, Draft>,
}

impl ResultOptions {
    /// The user submitted.
    pub fn submitted() -> ResultOptions {
        ResultOptions::default()
    }

    /// The user cancelled; recorded answers are kept.
    pub fn cancelled() -> ResultOptions {
        ResultOptions {
            cancelled: true,
            ..ResultOptions::default()
        }
    }

    /// The same, reporting these unsaved drafts (empty ones are left out).
    pub fn with_drafts(mut self, drafts: BTreeMap<String, Draft>) -> ResultOptions {
        self.drafts = drafts.into_iter().filter(|(_, d)| !d.is_empty()).collect();
        self
    }

    /// The host aborted the open questions; recorded answers are kept.
    pub fn aborted() -> ResultOptions {
        ResultOptions {
            cancelled: true,
            error: Some(ErrorCode::Aborted),
            ..ResultOptions::default()
        }
    }

    /// The time limit ran out before anyone answered; the answers so far are kept and nothing
    /// is chosen for the user (not even a recommended option).
    pub fn timed_out() -> ResultOptions {
        ResultOptions {
            cancelled: true,
            error: Some(ErrorCode::TimedOut),
            ..ResultOptions::default()
        }
    }

    /// The host has no UI to ask with.
    pub fn no_ui() -> ResultOptions {
        ResultOptions {
            cancelled: true,
            error: Some(ErrorCode::NoUi),
            ..ResultOptions::default()
        }
    }
}

/// What a host returns from the tool call.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolResult {
    /// The text the model reads.
    pub content: String,
    /// Structured data for renderers and hosts (`docs/behaviour.md#results`).
    pub details: Value,
}

impl ToolResult {
    /// `details.error`, if any.
    pub fn error(&self) -> Option<ErrorCode> {
        serde_json::from_value(self.details.get("error")?.clone()).ok()
    }

    /// `details.cancelled`.
    pub fn is_cancelled(&self) -> bool {
        self.details["cancelled"].as_bool().unwrap_or(false)
    }

    /// `{content, details}`, as the CLI prints it.
    pub fn to_json(&self) -> Value {
        json!({ "content": self.content, "details": self.details })
    }

    /// [`ToolResult::to_json`] without copying: `details` holds every question, previews
    /// included, so a copy can double what a long questionnaire takes.
    pub fn into_json(self) -> Value {
        let mut map = Map::new();
        map.insert("content".into(), Value::String(self.content));
        map.insert("details".into(), self.details);
        Value::Object(map)
    }
}

impl AnswerState {
    /// The result of the call in its current state (`docs/behaviour.md#results`). Cancelling keeps
    /// every recorded answer.
    pub fn build_result(&self, options: ResultOptions) -> ToolResult {
        let cancelled = options.cancelled || options.error.is_some_and(ErrorCode::is_cancellation);
        let content = match options.error {
            Some(ErrorCode::InvalidQuestions) => {
                let (warnings, problems): (Vec<Issue>, Vec<Issue>) =
                    options.issues.iter().cloned().partition(Issue::is_warning);
                invalid_content(&problems, &warnings)
            }
            Some(ErrorCode::NoUi) => NO_UI_CONTENT.to_string(),
            Some(ErrorCode::TimedOut) => self.cancelled_content(TIMED_OUT, &options.drafts),
            _ if cancelled => self.cancelled_content(CANCELLED, &options.drafts),
            _ => self.answers_content(&options.drafts),
        };

        let questionnaire = self.questionnaire();
        let mut details = Map::new();
        if let Some(title) = &questionnaire.title {
            details.insert("title".into(), json!(title));
        }
        details.insert("cancelled".into(), json!(cancelled));
        if let Some(error) = options.error {
            details.insert("error".into(), json!(error.as_str()));
        }
        if options.error == Some(ErrorCode::InvalidQuestions) || !options.issues.is_empty() {
            details.insert("issues".into(), json!(options.issues));
        }
        let answers: Map<String, Value> = self
            .entries()
            .map(|(question, answer)| {
                let mut details = answer_details(question, answer);
                if let Some(draft) = options.drafts.get(&question.id) {
                    details["draft"] = draft.to_json();
                }
                (question.id.clone(), details)
            })
            .collect();
        details.insert("answers".into(), Value::Object(answers));
        details.insert("questions".into(), json!(questionnaire.questions));
        if let Some(labels) = questionnaire.labels.supplied() {
            details.insert("labels".into(), Value::Object(labels.clone()));
        }
        ToolResult {
            content,
            details: Value::Object(details),
        }
    }

    fn answers_content(&self, drafts: &BTreeMap<String, Draft>) -> String {
        let mut lines = Vec::new();
        for (question, answer) in self.entries() {
            push_answer_lines(&mut lines, question, answer, drafts.get(&question.id));
        }
        lines.join("\n")
    }

    /// `first` (one question, several), then what was recorded and what is unanswered.
    fn cancelled_content(&self, first: [&str; 2], drafts: &BTreeMap<String, Draft>) -> String {
        let one_question = self.questionnaire().questions.len() == 1;
        let mut lines = vec![first[usize::from(!one_question)].to_string()];
        let mut unanswered = Vec::new();
        for (question, answer) in self.entries() {
            let has_notes = answer.note.is_some() || !answer.option_notes.is_empty();
            let draft = drafts.get(&question.id);
            if answer.is_answered() || has_notes || draft.is_some() {
                push_answer_lines(&mut lines, question, answer, draft);
            }
            if !answer.is_answered() {
                unanswered.push(question.header.as_str());
            }
        }
        match unanswered.as_slice() {
            [] => {}
            [header] => lines.push(format!(
                "Unanswered question: {header}. Do not assume an answer for it."
            )),
            headers => lines.push(format!(
                "Unanswered questions: {}. Do not assume answers for them.",
                headers.join(", ")
            )),
        }
        lines.join("\n")
    }
}

/// The first line of a cancelled result, for one question and for several.
const CANCELLED: [&str; 2] = [
    "User cancelled the question.",
    "User cancelled the questionnaire.",
];
/// The first line of a timed-out result: no one answered, and no answer was picked for them.
const TIMED_OUT: [&str; 2] = [
    "No one answered the question within the time limit; nothing was chosen for the user.",
    "No one answered the questionnaire within the time limit; nothing was chosen for the user.",
];

const NO_UI_CONTENT: &str = "ask_user_question is unavailable: this session has no interactive UI, so nothing was shown to the user. Ask your questions in plain text in your reply instead.";

/// The result of a call whose input failed validation: nothing was shown, not a cancellation.
/// The problems are `details.issues`; the keys validation ignored, which may explain them, are
/// `details.warnings` (when there are some) and follow the problems in `content`.
pub fn invalid_result(issues: Vec<Issue>) -> ToolResult {
    let (warnings, problems): (Vec<Issue>, Vec<Issue>) =
        issues.into_iter().partition(Issue::is_warning);
    let content = invalid_content(&problems, &warnings);
    let mut details = json!({
        "cancelled": false,
        "error": ErrorCode::InvalidQuestions.as_str(),
        "issues": problems,
        "answers": {},
        "questions": [],
    });
    if !warnings.is_empty() {
        details["warnings"] = json!(warnings);
    }
    ToolResult { content, details }
}

/// The result of a call on a host without UI. Valid input keeps its normalized questions in
/// `details` (all skipped); invalid input still gets `no_ui`, with no questions.
pub fn no_ui_result(input: &Value) -> ToolResult {
    match validate(input) {
        Ok(questionnaire) => AnswerState::new(questionnaire).build_result(ResultOptions::no_ui()),
        Err(_) => ToolResult {
            content: NO_UI_CONTENT.to_string(),
            details: json!({
                "cancelled": true,
                "error": ErrorCode::NoUi.as_str(),
                "answers": {},
                "questions": [],
            }),
        },
    }
}

fn invalid_content(problems: &[Issue], warnings: &[Issue]) -> String {
    let count = match problems.len() {
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    };
    let mut lines = vec![format!(
        "Invalid ask_user_question input ({count}); nothing was shown to the user. Fix every problem below and call the tool again."
    )];
    lines.extend(problems.iter().map(|issue| format!("- {issue}")));
    if !warnings.is_empty() {
        lines.push("Keys that were ignored:".into());
        lines.extend(warnings.iter().map(|issue| format!("- {issue}")));
    }
    lines.join("\n")
}

/// `Header: user selected: 1. Label, 3. Other; user wrote: text`, then its notes; unsaved drafts
/// are named as such (`Lifetime: (skipped; unsent draft: "5m")`).
fn push_answer_lines(
    lines: &mut Vec<String>,
    question: &Question,
    answer: &Answer,
    draft: Option<&Draft>,
) {
    let mut parts = Vec::new();
    if !answer.picks.is_empty() {
        let picks: Vec<String> = answer
            .picks
            .iter()
            .filter_map(|value| {
                let index = question.option_index(value)?;
                Some(format!("{}. {}", index + 1, question.options[index].label))
            })
            .collect();
        parts.push(format!("user selected: {}", picks.join(", ")));
    }
    if let Some(text) = &answer.custom_text {
        parts.push(format!("user wrote: {text}"));
    }
    if let Some(number) = answer.number {
        parts.push(format!("user entered: {number}"));
    }
    let unsent = draft
        .and_then(|d| d.text.as_deref())
        .map(|text| format!("unsent draft: \"{text}\""));
    let summary = match (parts.is_empty(), unsent) {
        (true, None) => "(skipped)".to_string(),
        (true, Some(unsent)) => format!("(skipped; {unsent})"),
        (false, unsent) => parts
            .into_iter()
            .chain(unsent)
            .collect::<Vec<_>>()
            .join("; "),
    };
    lines.push(indent_continuation(
        &format!("{}: {summary}", question.header),
        "  ",
    ));
    if let Some(note) = &answer.note {
        lines.push(indent_continuation(&format!("  note: {note}"), "    "));
    }
    for (value, note) in &answer.option_notes {
        let label = question.option(value).map_or(value.as_str(), |o| &o.label);
        lines.push(indent_continuation(
            &format!("  note on \"{label}\": {note}"),
            "    ",
        ));
    }
    let Some(draft) = draft else {
        return;
    };
    if let Some(note) = &draft.note {
        lines.push(indent_continuation(
            &format!("  unsent note draft: \"{note}\""),
            "    ",
        ));
    }
    for (value, note) in &draft.option_notes {
        let label = question.option(value).map_or(value.as_str(), |o| &o.label);
        lines.push(indent_continuation(
            &format!("  unsent note draft on \"{label}\": \"{note}\""),
            "    ",
        ));
    }
}

/// Multi-line text stays under its line: continuation lines get `indent`.
fn indent_continuation(text: &str, indent: &str) -> String {
    text.lines()
        .collect::<Vec<_>>()
        .join(&format!("\n{indent}"))
}

fn answer_details(question: &Question, answer: &Answer) -> Value {
    let mut details = Map::new();
    let status = if answer.is_answered() {
        "answered"
    } else {
        "skipped"
    };
    details.insert("status".into(), json!(status));
    details.insert("values".into(), json!(answer.picks));
    let labels: Vec<&str> = answer
        .picks
        .iter()
        .filter_map(|value| question.option(value).map(|o| o.label.as_str()))
        .collect();
    details.insert("labels".into(), json!(labels));
    if let Some(text) = &answer.custom_text {
        details.insert("customText".into(), json!(text));
    }
    if let Some(number) = answer.number {
        details.insert("number".into(), number.to_json());
    }
    if let Some(note) = &answer.note {
        details.insert("note".into(), json!(note));
    }
    if !answer.option_notes.is_empty() {
        let notes: Map<String, Value> = answer
            .option_notes
            .iter()
            .map(|(value, note)| (value.clone(), json!(note)))
            .collect();
        details.insert("optionNotes".into(), Value::Object(notes));
    }
    Value::Object(details)
}
