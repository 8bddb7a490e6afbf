//! Text typed but never saved comes back in every result, marked as a draft: for each kind of
//! editor, however the call ends (Esc, Ctrl+C or a signal, which take `result(true)`, an abort
//! from the host, a submit).

mod common;

use common::*;
use question::ResultOptions;
use questionnaire::{App, Outcome};
use serde_json::{Value, json};

fn two_questions() -> Value {
    json!({"questions": [
        {"id": "pick", "header": "Pick", "prompt": "Pick one",
         "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
        {"id": "life", "header": "Lifetime", "prompt": "How long?", "type": "text"}
    ]})
}

/// The editors: the key script that leaves a draft in it, and where the draft is reported.
const EDITORS: &[(&str, &str, &str)] = &[
    // "Type something." on a choice question: down past the options, Enter opens it.
    (
        "free text",
        "down down enter text:draft-one",
        "/pick/draft/text",
    ),
    ("text answer", "tab text:5m", "/life/draft/text"),
    (
        "option note",
        "n text:draft-note",
        "/pick/draft/optionNotes/a",
    ),
    ("question note", "N text:whole-note", "/pick/draft/note"),
];

fn draft_of(details: &Value, pointer: &str) -> Option<String> {
    details
        .pointer(&format!("/answers{pointer}"))
        .and_then(Value::as_str)
        .map(str::to_string)
}

fn typed(script: &str) -> String {
    script.rsplit("text:").next().unwrap().to_string()
}

#[test]
fn a_cancel_by_ctrl_c_or_a_signal_reports_each_open_draft() {
    for (kind, keys, pointer) in EDITORS {
        let mut a = app(two_questions(), 80, 24);
        press(&mut a, keys);
        let details = a.result(true).details;
        assert_eq!(
            draft_of(&details, pointer),
            Some(typed(keys)),
            "{kind}: {details}"
        );
    }
}

#[test]
fn esc_keeps_the_draft_and_a_second_esc_cancels_with_it() {
    for (kind, keys, pointer) in EDITORS {
        let mut a = app(two_questions(), 80, 24);
        let outcome = press(&mut a, &format!("{keys} esc esc esc"));
        let Some(Outcome::Cancelled(result)) = outcome else {
            panic!("{kind}: expected a cancel, got {outcome:?}");
        };
        assert_eq!(
            draft_of(&result.details, pointer),
            Some(typed(keys)),
            "{kind}"
        );
        assert!(
            result.content.contains("unsent"),
            "{kind}: {}",
            result.content
        );
    }
}

#[test]
fn an_abort_from_the_host_reports_the_draft() {
    let mut a = app(two_questions(), 80, 24);
    press(&mut a, "tab text:5m");
    let result = a.result_with(ResultOptions::aborted());
    assert_eq!(
        draft_of(&result.details, "/life/draft/text"),
        Some("5m".into())
    );
    assert_eq!(result.details["error"], json!("aborted"));
    assert!(
        result
            .content
            .contains("Lifetime: (skipped; unsent draft: \"5m\")"),
        "{}",
        result.content
    );
}

#[test]
fn a_submit_reports_drafts_left_behind_but_not_saved_text() {
    let mut a = app(two_questions(), 80, 24);
    // A note typed and left with Esc, then the text answer saved with Enter, then submit.
    let outcome = press(&mut a, "n text:later esc 1 text:5m enter enter");
    let Some(Outcome::Submitted(result)) = outcome else {
        panic!("expected a submit, got {outcome:?}");
    };
    let answers = &result.details["answers"];
    assert_eq!(
        answers["pick"]["draft"],
        json!({"optionNotes": {"a": "later"}})
    );
    assert_eq!(answers["life"]["customText"], json!("5m"));
    assert!(
        answers["life"].get("draft").is_none(),
        "saved text is no draft"
    );
}

#[test]
fn blank_or_unchanged_drafts_are_not_reported() {
    let mut a: App = app(two_questions(), 80, 24);
    press(&mut a, "tab text:x backspace");
    assert!(
        a.result(true).details["answers"]["life"]
            .get("draft")
            .is_none()
    );
    // Saved, reopened and left as it was.
    let mut a = app(two_questions(), 80, 24);
    press(&mut a, "N text:keep enter N");
    let details = a.result(true).details;
    assert_eq!(details["answers"]["pick"]["note"], json!("keep"));
    assert!(
        details["answers"]["pick"].get("draft").is_none(),
        "{details}"
    );
}
