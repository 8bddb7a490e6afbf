//! The transcript cards pi draws for a call: the call (from possibly partial, streaming arguments)
//! and its result (from `details`), in pi's theme colors.

use napi::bindgen_prelude::ClassInstance;
use napi_derive::napi;
use questionnaire::cards::{self, Tone};
use serde_json::Value;

use crate::palette::Palette;

/// The call card at `width`. With the finished call's `details` it takes the result's tone, so
/// call and result read as one card; without, it is neutral (pending).
#[napi]
pub fn render_call(
    args: Value,
    width: u32,
    palette: ClassInstance<Palette>,
    details: Option<Value>,
) -> Vec<String> {
    call_rows(&args, width, &palette.inner, details.as_ref())
}

/// The result card at `width`, from the result's `details`.
#[napi]
pub fn render_result(details: Value, width: u32, palette: ClassInstance<Palette>) -> Vec<String> {
    result_rows(&details, width, &palette.inner)
}

fn call_rows(
    args: &Value,
    width: u32,
    palette: &tea::Palette,
    details: Option<&Value>,
) -> Vec<String> {
    let width = crate::session::clamp(width);
    let tone = details.map_or(Tone::Neutral, Tone::of);
    tea::frame::render_lines(cards::call_card_toned(args, width, tone), width, palette).ansi()
}

fn result_rows(details: &Value, width: u32, palette: &tea::Palette) -> Vec<String> {
    let width = crate::session::clamp(width);
    tea::frame::render_lines(cards::result_card(details, width), width, palette).ansi()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn plain(rows: &[String]) -> Vec<String> {
        rows.iter().map(|r| crate::session::strip_ansi(r)).collect()
    }

    #[test]
    fn the_call_card_names_the_questions_even_from_partial_arguments() {
        let args = json!({"questions": [{"header": "Approach", "options": [{"label": "Safe"}]}, {"id": "x"}]});
        let rows = plain(&call_rows(&args, 80, &tea::Palette::dark(), None));
        assert!(rows[0].contains("ask_user_question"), "{rows:?}");
        assert!(rows[0].contains("Approach"), "{rows:?}");
        assert!(rows.iter().any(|r| r.contains("Safe")), "{rows:?}");
        assert!(!call_rows(&json!(null), 80, &tea::Palette::dark(), None).is_empty());
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
    fn every_card_row_fits() {
        let args = json!({"title": "T", "questions": [{"id": "a", "header": "A very long header indeed", "prompt": "Which of these many options?",
            "options": [{"value": "x", "label": "An option label that goes on and on and on"}]}]});
        let details = question::no_ui_result(&args).details;
        for width in [1, 2, 3, 10, 30, 80, 200] {
            for row in plain(&call_rows(
                &args,
                width,
                &tea::Palette::dark(),
                Some(&details),
            ))
            .into_iter()
            .chain(plain(&result_rows(&details, width, &tea::Palette::dark())))
            {
                assert!(tea::text::width(&row) <= width as usize, "{width}: {row:?}");
            }
        }
    }
}
