//! How a call's questions ended, decided once here for the tool's result, the close event and
//! the question service alike.

use napi_derive::napi;
use question::{ErrorCode, ToolResult};
use serde_json::Value;

/// How the questionnaire or the dialogs ended: `answered` (submitted), `cancelled` (by the
/// person: Esc, Ctrl+C, a dismissed dialog), `aborted` (the turn was aborted) or `timed_out`
/// (the operator's time limit ran out before the first key or reply). The answers so far are
/// kept in every case.
// No doc comments on the variants: napi-rs would write them into the TypeScript union.
#[napi(string_enum = "snake_case")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Answered,
    Cancelled,
    Aborted,
    TimedOut,
}

impl Outcome {
    /// The outcome a result records (`details.error`, `details.cancelled`).
    pub fn of(result: &ToolResult) -> Outcome {
        match result.error() {
            Some(ErrorCode::TimedOut) => Outcome::TimedOut,
            Some(ErrorCode::Aborted) => Outcome::Aborted,
            _ if result.is_cancelled() => Outcome::Cancelled,
            _ => Outcome::Answered,
        }
    }
}

/// A finished call: what pi records (`content` for the model, `details` for cards and hosts)
/// and how it ended.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct Closed {
    pub outcome: Outcome,
    pub content: String,
    pub details: Value,
}

impl Closed {
    pub fn of(result: &ToolResult) -> Closed {
        Closed {
            outcome: Outcome::of(result),
            content: result.content.clone(),
            details: result.details.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use question::{Questionnaire, ResultOptions};
    use serde_json::json;

    fn result(options: ResultOptions) -> ToolResult {
        let questionnaire: Questionnaire = question::validate(&json!({"questions": [
            {"id": "a", "header": "A", "prompt": "A?", "type": "text"}]}))
        .unwrap_or_else(|issues| panic!("{issues:?}"));
        question::AnswerState::new(questionnaire).build_result(options)
    }

    #[test]
    fn every_ending_has_its_outcome() {
        for (options, outcome) in [
            (ResultOptions::submitted(), Outcome::Answered),
            (ResultOptions::cancelled(), Outcome::Cancelled),
            (ResultOptions::aborted(), Outcome::Aborted),
            (ResultOptions::timed_out(), Outcome::TimedOut),
        ] {
            let closed = Closed::of(&result(options));
            assert_eq!(closed.outcome, outcome, "{closed:?}");
        }
    }
}
