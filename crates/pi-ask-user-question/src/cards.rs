//! The transcript cards pi draws for a call: the call (from possibly partial, streaming arguments)
//! and its result (from `details`), in pi's theme colors.

use napi::bindgen_prelude::ClassInstance;
use napi_derive::napi;
use questionnaire::cards::{self, Tone};
use serde_json::Value;
use tea::{Line, Slot, Style};

use crate::palette::Palette;

/// The call card at `width`. With the finished call's `details` (or `is_error`) it takes the
/// result's tone, so call and result read as one card; without, it is neutral (pending).
#[napi]
pub fn render_call(
    args: Value,
    width: u32,
    palette: ClassInstance<Palette>,
    details: Option<Value>,
    is_error: Option<bool>,
) -> Vec<String> {
    let tone = match details {
        _ if is_error == Some(true) => Tone::Error,
        Some(details) => Tone::of(&details),
        None => Tone::Neutral,
    };
    call_rows(&args, width, &palette.inner, tone)
}

/// The result card at `width`, from the result's `details`. A result this tool did not make (pi
/// refused the call before it ran, e.g. arguments that fail the JSON Schema) has none of our
/// details; then its `content` text is shown, error-colored when `is_error`.
#[napi]
pub fn render_result(
    details: Value,
    width: u32,
    palette: ClassInstance<Palette>,
    content: Option<String>,
    is_error: Option<bool>,
) -> Vec<String> {
    match content {
        Some(text) if !is_ours(&details) => {
            message_rows(&text, width, &palette.inner, is_error.unwrap_or(false))
        }
        _ => result_rows(&details, width, &palette.inner),
    }
}

/// Rows of a message shown in place of a card: at most this many, the last one counting the rest.
const MESSAGE_ROWS: usize = 12;

fn is_ours(details: &Value) -> bool {
    details.get("questions").is_some() || details.get("error").is_some()
}

fn message_rows(text: &str, width: u32, palette: &tea::Palette, is_error: bool) -> Vec<String> {
    let width = crate::clamp(width);
    let style = Style::fg(if is_error { Slot::Error } else { Slot::Output });
    let mut rows = tea::text::wrap(&tea::text::sanitize(text), usize::from(width));
    if rows.len() > MESSAGE_ROWS {
        let hidden = rows.len() - (MESSAGE_ROWS - 1);
        rows.truncate(MESSAGE_ROWS - 1);
        rows.push(tea::text::truncate(
            &format!("… {hidden} more lines"),
            usize::from(width),
        ));
    }
    let lines: Vec<Line> = rows
        .into_iter()
        .map(|row| Line::styled(row, style.clone()))
        .collect();
    tea::frame::render_lines(lines, width, palette).ansi()
}

fn call_rows(args: &Value, width: u32, palette: &tea::Palette, tone: Tone) -> Vec<String> {
    let width = crate::clamp(width);
    tea::frame::render_lines(cards::call_card_toned(args, width, tone), width, palette).ansi()
}

fn result_rows(details: &Value, width: u32, palette: &tea::Palette) -> Vec<String> {
    let width = crate::clamp(width);
    tea::frame::render_lines(cards::result_card(details, width), width, palette).ansi()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn plain(rows: &[String]) -> Vec<String> {
        rows.iter()
            .map(|r| crate::test_support::strip_ansi(r))
            .collect()
    }

    #[test]
    fn the_call_card_names_the_questions_even_from_partial_arguments() {
        let args = json!({"questions": [{"header": "Approach", "options": [{"label": "Safe"}]}, {"id": "x"}]});
        let rows = plain(&call_rows(&args, 80, &tea::Palette::dark(), Tone::Neutral));
        assert!(rows[0].contains("ask_user_question"), "{rows:?}");
        assert!(rows[0].contains("Approach"), "{rows:?}");
        assert!(rows.iter().any(|r| r.contains("Safe")), "{rows:?}");
        assert!(!call_rows(&json!(null), 80, &tea::Palette::dark(), Tone::Neutral).is_empty());
    }

    #[test]
    fn the_result_card_shows_answers_and_errors() {
        let input = json!({"questions": [{"id": "a", "header": "Approach", "prompt": "?",
            "options": [{"value": "safe", "label": "Safe approach"}]}]});
        let questionnaire = question::validate(&input).unwrap();
        let state = question::AnswerState::new(questionnaire)
            .select("a", "safe")
            .unwrap();
        let details = state
            .build_result(question::ResultOptions::submitted())
            .details;
        let rows = plain(&result_rows(&details, 80, &tea::Palette::dark()));
        assert!(rows.iter().any(|r| r.contains("Safe approach")), "{rows:?}");
        let no_ui = question::no_ui_result(&input).details;
        let rows = plain(&result_rows(&no_ui, 80, &tea::Palette::dark()));
        assert!(!rows.is_empty());
    }

    #[test]
    fn a_result_pi_made_shows_its_message() {
        let palette = || tea::Palette::dark();
        let long = (1..=40)
            .map(|n| format!("line {n}"))
            .collect::<Vec<_>>()
            .join("\n");
        let rows = plain(&message_rows(
            &format!("Validation failed\n{long}"),
            30,
            &palette(),
            true,
        ));
        assert_eq!(rows[0], "Validation failed");
        assert_eq!(rows.len(), MESSAGE_ROWS);
        assert_eq!(rows[MESSAGE_ROWS - 1], "… 30 more lines");
        for width in [1, 5, 30] {
            for row in plain(&message_rows(
                "a \x1b[31mred\x1b[0m word",
                width,
                &palette(),
                false,
            )) {
                assert!(tea::text::width(&row) <= width as usize, "{width}: {row:?}");
                assert!(!row.contains('\x1b'));
            }
        }
        assert!(is_ours(&question::no_ui_result(&json!({})).details));
        assert!(!is_ours(&json!({})));
    }

    #[test]
    fn every_card_row_fits() {
        let args = json!({"title": "T", "questions": [{"id": "a", "header": "A very long header indeed", "prompt": "Which of these many options?",
            "options": [{"value": "x", "label": "An option label that goes on and on and on"}]}]});
        let details = question::no_ui_result(&args).details;
        for width in [1, 2, 3, 10, 30, 80, 200] {
            for row in plain(&call_rows(
                &args,
                width,
                &tea::Palette::dark(),
                Tone::of(&details),
            ))
            .into_iter()
            .chain(plain(&result_rows(&details, width, &tea::Palette::dark())))
            {
                assert!(tea::text::width(&row) <= width as usize, "{width}: {row:?}");
            }
        }
    }
}
