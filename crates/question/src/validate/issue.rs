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
        // Paths and messages quote what the model sent (labels, key names), and these lines
        // go to a terminal: control characters and bidi overrides are written as escapes, so
        // no text sent can move the cursor, retitle the window or reorder the line.
        write!(
            f,
            "{} ({}): {}",
            Escaped(path),
            self.code,
            Escaped(&self.message)
        )
    }
}

/// Text with its control characters and bidirectional formatting characters written as JSON
/// escapes (`\u001b`).
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(|c: char| c.is_control() || is_bidi_control(c)) {
            f.write_str(&rest[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            write!(f, "\\u{:04x}", u32::from(c))?;
            rest = &rest[at + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// The characters that reorder the text around them: embeddings, overrides and isolates.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}
