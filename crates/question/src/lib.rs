//! The ask_user_question domain (serde only, no UI): the input shapes and their validation, the
//! normalized questionnaire, localizable labels, the pure answer state, the tool result, the JSON
//! Schema of the input, and the sequential dialog fallback.
//!
//! The behaviour these implement is described in the repository's `docs/behaviour.md`.

mod answer;
mod canonical;
mod dialogs;
mod draft;
mod duration;
mod json;
mod labels;
pub mod marks;
mod notice;
mod number;
mod questionnaire;
mod result;
pub mod saved;
mod schema;
mod tool;
mod validate;

pub use answer::{Answer, AnswerState, StateError};
pub use dialogs::{DialogRequest, DialogStep, DialogView, Dialogs, NotUnderstood};
pub use draft::Draft;
pub use duration::{DurationError, parse_duration, parse_span};
pub use json::{is_surrogate_error, parse_json};
pub use labels::{Label, Labels};
pub use notice::{Notice, waiting_notice};
pub use number::{Decimal, NumberError, NumberSpec, plain_number};
pub use questionnaire::{
    AnswerShape, OptionSource, Question, QuestionOption, QuestionType, Questionnaire,
};
pub use result::{ErrorCode, ResultOptions, ToolResult, invalid_result, no_ui_result};
pub use schema::{conforms, result_schema, result_typescript_types, schema, typescript_types};
pub use tool::{PROMPT_GUIDELINES, PROMPT_SNIPPET, TOOL_LABEL, TOOL_NAME, tool_description};
pub use validate::{
    CONTEXT_MAX_CHARS, Issue, IssueCode, RESERVED_LABEL, Report, ValidateOptions, kind_of,
    validate, validate_report, validate_with,
};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
