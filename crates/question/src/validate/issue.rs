//! What validation reports: issues and their codes.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What is wrong with one value of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueCode {
    /// Wrong JSON type, an unknown `type` value, or `allowCustom: false` on a text question.
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
    /// `context` over 500 characters (unless [`ValidateOptions`] lift the limit).
    TooLong,
    /// A number question's bounds that cannot hold (`min` above `max`, `step` not above 0, a
    /// number too long to hold exactly), or a number placeholder that is no answer to it.
    InvalidNumber,
    /// A warning, not a problem: a key that was read past (unknown, or overruled by another
    /// key). It never makes an input invalid.
    Ignored,
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
        IssueCode::InvalidNumber,
        IssueCode::Ignored,
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
            IssueCode::InvalidNumber => "invalid_number",
            IssueCode::Ignored => "ignored",
        }
    }
}

impl fmt::Display for IssueCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem of the input, or a warning about it: where (a JSON pointer; `""` is the whole
/// input), what, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issue {
    pub path: String,
    pub code: IssueCode,
    pub message: String,
}

impl Issue {
    /// Whether this is a warning (an ignored key) rather than a problem.
    pub fn is_warning(&self) -> bool {
        self.code == IssueCode::Ignored
    }
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
