//! Text typed but never saved comes back in every result, marked as a draft: for each kind of
//! editor, however the call ends (Esc, Esc Esc, Ctrl+C or a signal, which take `result(true)`,
//! an abort from the host, a time limit, a submit); and it stays while the person moves around.

mod common;

use common::*;
use std::time::Duration;

use question::ResultOptions;
use questionnaire::Outcome;
use serde_json::{Value, json};
use tea::driver::Driver;
use tea::{Palette, Size};

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
    let mut a = app(two_questions(), 80, 24);
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

#[test]
fn a_time_limit_that_runs_out_reports_each_open_draft() {
    for (kind, keys, pointer) in EDITORS {
        let mut a = app(two_questions(), 80, 24);
        press(&mut a, keys);
        // The keys stopped the countdown; a limit set afterwards (as a host would at the
        // start) runs out through the driver's clock with the draft in place.
        let mut driver = Driver::new(
            a.app.with_time_limit(Duration::from_secs(3)),
            Size::new(80, 24),
            Palette::no_color(),
        );
        let outcome = driver.advance(Duration::from_secs(3)).into_quit();
        let Some(Outcome::TimedOut(result)) = outcome else {
            panic!("{kind}: expected a time-out, got {outcome:?}");
        };
        assert_eq!(result.details["error"], json!("timed_out"), "{kind}");
        assert_eq!(
            draft_of(&result.details, pointer),
            Some(typed(keys)),
            "{kind}"
        );
    }
}

#[test]
fn esc_in_a_text_question_with_unsaved_text_asks_for_a_second_esc() {
    let mut a = app(two_questions(), 80, 24);
    assert_eq!(
        press(&mut a, "tab text:5m esc"),
        None,
        "the first Esc only warns"
    );
    assert!(show(&a).contains("Esc again cancels"), "{}", show(&a));
    assert!(show(&a).contains("5m"), "the draft stays in the editor");
    let Some(Outcome::Cancelled(result)) = press(&mut a, "esc") else {
        panic!("the second Esc cancels");
    };
    assert_eq!(
        draft_of(&result.details, "/life/draft/text"),
        Some("5m".into())
    );
}

#[test]
fn another_key_between_the_two_escs_disarms_the_cancel() {
    let mut a = app(two_questions(), 80, 24);
    press(&mut a, "tab text:5m esc");
    assert_eq!(press(&mut a, "text:s esc"), None, "typing disarmed it");
    assert!(show(&a).contains("Esc again cancels"));
    assert!(
        press(&mut a, "left esc").is_none(),
        "a caret move disarms it too"
    );
    assert!(matches!(press(&mut a, "esc"), Some(Outcome::Cancelled(_))));
}

#[test]
fn esc_with_an_empty_or_saved_text_cancels_at_once() {
    let mut a = app(two_questions(), 80, 24);
    assert!(matches!(
        press(&mut a, "tab esc"),
        Some(Outcome::Cancelled(_))
    ));
    // Typed and erased: nothing to lose.
    let mut a = app(two_questions(), 80, 24);
    assert!(matches!(
        press(&mut a, "tab text:x backspace esc"),
        Some(Outcome::Cancelled(_))
    ));
    // Saved, back on the tab unchanged: nothing unsaved.
    let mut a = app(two_questions(), 80, 24);
    press(&mut a, "tab text:5m enter");
    assert!(matches!(
        press(&mut a, "shift+tab esc"),
        Some(Outcome::Cancelled(_))
    ));
}

#[test]
fn drafts_survive_tab_collapse_resize_and_review() {
    for (kind, keys, pointer) in EDITORS {
        let mut a = app(two_questions(), 80, 24);
        press(&mut a, keys);
        // Away to Review and back, folded and unfolded, the terminal resized twice.
        press(&mut a, "tab tab tab ctrl+] ctrl+]");
        a.resize(Size::new(40, 12));
        a.resize(Size::new(120, 40));
        assert_eq!(
            draft_of(&a.result(true).details, pointer),
            Some(typed(keys)),
            "{kind}"
        );
    }
}

#[test]
fn the_type_something_row_shows_a_draft_at_every_size_without_growing() {
    for (width, height) in [(40, 12), (80, 24), (120, 40)] {
        let mut a = app(two_questions(), width, height);
        let before = a.lines().len();
        press(&mut a, "down down enter text:ship space text:it esc");
        let screen = show(&a);
        assert!(
            screen.contains("✎ draft: “ship"),
            "{width}x{height}:\n{screen}"
        );
        assert_eq!(a.lines().len(), before, "{width}x{height}: same height");
    }
}
