//! The normalized questionnaire: what validation produces from either input shape.

use serde::Serialize;

use crate::labels::Labels;
use crate::number::NumberSpec;

/// How a question is answered. What differs between the types is decided here, once per
/// concern, in exhaustive matches: validation, answers, results, the dialog fallback, the
/// accessible mode, the questionnaire and the schema ask these methods, so a new type is
/// pointed out by the compiler wherever it must be decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionType {
    /// Pick one option, or type free text instead.
    Single,
    /// Pick any number of options, optionally plus free text.
    Multi,
    /// Free text only.
    Text,
    /// Yes or no (two synthesized options, values `yes` and `no`).
    Confirm,
    /// A number, typed (whole unless the step has decimals), within optional bounds.
    Number,
}

/// Where a question's options come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionSource {
    /// The call gives them (and must give at least one).
    Given,
    /// Validation synthesizes Yes and No from the labels.
    YesNo,
    /// The question has none.
    None,
}

/// What an answer to a question holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerShape {
    /// One option, or free text instead (when the type and the call allow it).
    OnePick,
    /// Any set of options, plus free text (when the call allows it).
    Picks,
    /// Free text.
    Text,
    /// A number (held as its text, checked against the question's [`NumberSpec`]).
    Number,
}

impl QuestionType {
    /// Every type, in the order the schema and the docs list them.
    pub const ALL: [QuestionType; 5] = [
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Text,
        QuestionType::Confirm,
        QuestionType::Number,
    ];

    /// The input spelling: `single`, `multi`, `text`, `confirm` or `number`.
    pub fn as_str(self) -> &'static str {
        match self {
            QuestionType::Single => "single",
            QuestionType::Multi => "multi",
            QuestionType::Text => "text",
            QuestionType::Confirm => "confirm",
            QuestionType::Number => "number",
        }
    }

    /// Parses the input spelling.
    pub fn parse(text: &str) -> Option<QuestionType> {
        QuestionType::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }

    /// What the schema tells the model about this type.
    pub fn describe(self) -> &'static str {
        match self {
            QuestionType::Single => "single (default): pick one option or type an answer",
            QuestionType::Multi => "multi: pick any number",
            QuestionType::Text => "text: free text only, no options",
            QuestionType::Confirm => "confirm: yes/no, no options",
            QuestionType::Number => {
                "number: a typed number, no options (whole unless step has decimals, within min and max, with an optional unit)"
            }
        }
    }

    /// Where the options come from.
    pub fn options(self) -> OptionSource {
        match self {
            QuestionType::Single | QuestionType::Multi => OptionSource::Given,
            QuestionType::Confirm => OptionSource::YesNo,
            QuestionType::Text | QuestionType::Number => OptionSource::None,
        }
    }

    /// What an answer holds.
    pub fn answer(self) -> AnswerShape {
        match self {
            QuestionType::Single | QuestionType::Confirm => AnswerShape::OnePick,
            QuestionType::Multi => AnswerShape::Picks,
            QuestionType::Text => AnswerShape::Text,
            QuestionType::Number => AnswerShape::Number,
        }
    }

    /// Whether the user may answer with free text ("Type something." / the text editor).
    pub fn allows_custom_text(self) -> bool {
        match self {
            QuestionType::Single | QuestionType::Multi | QuestionType::Text => true,
            QuestionType::Confirm | QuestionType::Number => false,
        }
    }

    /// Whether the answer is typed into a field that can show an example while empty.
    pub fn takes_placeholder(self) -> bool {
        match self.answer() {
            AnswerShape::Text | AnswerShape::Number => true,
            AnswerShape::OnePick | AnswerShape::Picks => false,
        }
    }
}

/// One option of a question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestionOption {
    /// Unique within its question; what the result reports.
    pub value: String,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Markdown shown beside or below the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// A marker for the user; never selected automatically.
    pub recommended: bool,
}

impl QuestionOption {
    /// Whether the label itself ends with "(Recommended)", as Claude Code's prompt teaches
    /// models to write it; such an option is recommended, and a view that marks recommended
    /// options need not say it twice.
    pub fn label_says_recommended(&self) -> bool {
        says_recommended(&self.label)
    }

    /// The label as a view that marks recommended options (the ★) draws it: without a
    /// trailing "(Recommended)", which the mark already says. The label reported back is
    /// always [`QuestionOption::label`] as the model sent it. A label that is nothing but the
    /// suffix stays whole.
    pub fn shown_label(&self) -> &str {
        if !self.recommended || !self.label_says_recommended() {
            return &self.label;
        }
        let label = self.label.trim_end();
        let shown = label[..label.len() - RECOMMENDED_SUFFIX.len()].trim_end();
        if shown.is_empty() { &self.label } else { shown }
    }
}

/// The label suffix that marks the recommended option, compared in any case.
const RECOMMENDED_SUFFIX: &str = "(recommended)";

/// Whether `label` ends with "(Recommended)" (any case, trailing spaces aside).
pub(crate) fn says_recommended(label: &str) -> bool {
    let label = label.trim_end();
    let Some(start) = label.len().checked_sub(RECOMMENDED_SUFFIX.len()) else {
        return false;
    };
    label.is_char_boundary(start) && label[start..].eq_ignore_ascii_case(RECOMMENDED_SUFFIX)
}

/// One normalized question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Question {
    pub id: String,
    pub header: String,
    pub prompt: String,
    /// Markdown (at most 500 characters unless validation was told otherwise); a blank input
    /// context is `None`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Advisory only: the user may still skip it.
    pub required: bool,
    /// For confirm: the synthesized `yes`/`no` options; for text: empty.
    pub options: Vec<QuestionOption>,
    /// Text and number questions only: a hint shown while the answer is empty; never
    /// submitted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// `false` hides the free-text entry of a single or multi question (input `allowCustom`,
    /// default `true`); only the options can answer it. Serialized only when `false`.
    #[serde(rename = "allowCustom", skip_serializing_if = "is_true")]
    pub allow_custom: bool,
    /// What the user types is masked on screen and in the transcript card (Codex's
    /// `isSecret`); the answer itself is reported as usual. Serialized only when `true`.
    #[serde(skip_serializing_if = "is_false")]
    pub secret: bool,
    /// Number questions only: the bounds, step and unit (`min`, `max`, `step`, `unit`).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub number: Option<NumberSpec>,
}

fn is_true(flag: &bool) -> bool {
    *flag
}

fn is_false(flag: &bool) -> bool {
    !*flag
}

impl Question {
    /// Whether the user may answer with free text: the type allows it and the call did not
    /// turn it off.
    pub fn allows_custom_text(&self) -> bool {
        self.kind.allows_custom_text() && self.allow_custom
    }

    /// The position of the option with `value`.
    pub fn option_index(&self, value: &str) -> Option<usize> {
        self.options.iter().position(|option| option.value == value)
    }

    /// The option with `value`.
    pub fn option(&self, value: &str) -> Option<&QuestionOption> {
        self.options.iter().find(|option| option.value == value)
    }
}

/// A validated call: what every host and the questionnaire work from.
#[derive(Debug, Clone, PartialEq)]
pub struct Questionnaire {
    pub title: Option<String>,
    pub questions: Vec<Question>,
    pub labels: Labels,
}

impl Questionnaire {
    /// The question with `id`.
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|question| question.id == id)
    }

    /// The position of the question with `id`.
    pub fn question_index(&self, id: &str) -> Option<usize> {
        self.questions.iter().position(|question| question.id == id)
    }
}
