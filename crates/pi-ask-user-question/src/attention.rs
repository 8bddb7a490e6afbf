//! What calls the person to a waiting question in pi, and the operator's time limit. The
//! extension writes the bytes through pi's own terminal and emits the events; the text and the
//! parsing live here so they match the CLI's.

use napi_derive::napi;
use serde_json::Value;
use tea::runtime::Attention;

/// What the extension needs when a call opens its questions.
#[napi(object)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The questionnaire's title (else the header of its only question, else "Questions"), on
    /// one line with no control characters, for the `ask_user_question:open` event.
    pub title: String,
    /// How many questions are asked.
    pub questions: u32,
    /// What to write to the terminal: the bell, and with `notify` a desktop notification (OSC 9
    /// and OSC 777, in tmux's passthrough when `tmux`).
    pub bytes: String,
}

/// The opening of a call with this (valid) input.
#[napi]
pub fn opening(input: Value, notify: bool, tmux: bool) -> napi::Result<Opening> {
    let questionnaire = question::validate(&input)
        .map_err(|issues| napi::Error::from_reason(question::invalid_result(issues).content))?;
    let notice = question::waiting_notice(&questionnaire);
    let mut attention = Attention::none().bell(true);
    if notify {
        attention = attention
            .notify(&notice.title, &notice.body)
            .through_tmux(tmux);
    }
    Ok(Opening {
        title: tea::text::sanitize_line(&notice.title),
        questions: u32::try_from(questionnaire.questions.len()).unwrap_or(u32::MAX),
        bytes: attention.bytes(),
    })
}

/// A time limit as the operator wrote it (`90s`, `5m`, `1m30s`), in milliseconds; an error that
/// says what was expected for zero, negative or unreadable values.
pub(crate) fn parse_timeout(text: String) -> napi::Result<f64> {
    question::parse_duration(&text)
        .map(|duration| duration.as_millis() as f64)
        .map_err(|error| napi::Error::from_reason(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input() -> Value {
        json!({"title": "Plan\u{1b}[2J", "questions": [
            {"id": "a", "header": "A", "prompt": "A?", "type": "confirm"},
            {"id": "b", "header": "B", "prompt": "B?", "type": "text"}]})
    }

    #[test]
    fn the_bell_always_and_the_notification_when_asked() {
        let plain = opening(input(), false, false).unwrap();
        assert_eq!(plain.title, "Plan");
        assert_eq!(plain.questions, 2);
        assert_eq!(plain.bytes, "\x07");
        let notified = opening(input(), true, false).unwrap();
        assert_eq!(
            notified.bytes,
            "\x07\x1b]9;Plan: 2 questions are waiting for you\x1b\\\
             \x1b]777;notify;Plan;2 questions are waiting for you\x1b\\"
        );
        let in_tmux = opening(input(), true, true).unwrap();
        assert!(in_tmux.bytes.starts_with("\x07\x1bPtmux;\x1b\x1b]9;Plan"));
    }

    #[test]
    fn invalid_input_is_refused() {
        assert!(opening(json!({"questions": []}), false, false).is_err());
    }

    #[test]
    fn timeouts_in_milliseconds_or_an_error_saying_why() {
        assert_eq!(parse_timeout("1m30s".into()).unwrap(), 90_000.0);
        assert_eq!(parse_timeout("5".into()).unwrap(), 5_000.0);
        let error = parse_timeout("0s".into()).unwrap_err();
        assert!(
            error.reason.contains("longer than zero"),
            "{}",
            error.reason
        );
        let error = parse_timeout("soon".into()).unwrap_err();
        assert!(error.reason.contains("got `soon`"), "{}", error.reason);
    }
}
