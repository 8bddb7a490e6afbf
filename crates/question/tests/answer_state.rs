//! The pure answer state (`docs/behaviour.md#answers`): one test per transition rule, with its
//! error cases.

use question::{Answer, AnswerState, QuestionType, StateError, validate};
use serde_json::json;

/// single `approach`, multi `scope`, text `format`, confirm `ship`.
fn state() -> AnswerState {
    let input = json!({
        "questions": [
            { "id": "approach", "header": "Approach", "prompt": "Which approach?", "options": [
                { "value": "safe", "label": "Safe approach" },
                { "value": "fast", "label": "Fast approach" } ] },
            { "id": "scope", "header": "Scope", "prompt": "Which scopes?", "type": "multi", "options": [
                { "value": "repo", "label": "repo" },
                { "value": "gist", "label": "gist" },
                { "value": "org", "label": "read:org" } ] },
            { "id": "format", "header": "Format", "prompt": "Which log format?", "type": "text" },
            { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" }
        ]
    });
    AnswerState::new(validate(&input).expect("fixture is valid"))
}

fn picks(state: &AnswerState, id: &str) -> Vec<String> {
    state.answer(id).unwrap().picks.clone()
}

fn custom_text(state: &AnswerState, id: &str) -> Option<String> {
    state.answer(id).unwrap().custom_text.clone()
}

fn not_allowed(question: &str, action: &'static str, kind: QuestionType) -> StateError {
    StateError::NotAllowed {
        question: question.into(),
        action,
        kind,
    }
}

#[test]
fn create_starts_every_question_skipped_with_nothing_picked() {
    let state = state();
    for id in ["approach", "scope", "format", "ship"] {
        assert_eq!(state.answer(id), Some(&Answer::default()), "{id}");
        assert!(!state.is_answered(id));
    }
    assert_eq!(state.answered_count(), 0);
    assert_eq!(state.answer("missing"), None);
}

#[test]
fn select_replaces_prior_picks_and_custom_text_on_single() {
    let state = state()
        .set_custom_text("approach", "something else")
        .unwrap()
        .select("approach", "safe")
        .unwrap();
    assert_eq!(picks(&state, "approach"), ["safe"]);
    assert_eq!(custom_text(&state, "approach"), None);
    let state = state.select("approach", "fast").unwrap();
    assert_eq!(picks(&state, "approach"), ["fast"]);
    assert!(state.is_answered("approach"));
}

#[test]
fn select_works_on_confirm() {
    let state = state()
        .select("ship", "yes")
        .unwrap()
        .select("ship", "no")
        .unwrap();
    assert_eq!(picks(&state, "ship"), ["no"]);
}

#[test]
fn select_is_an_error_on_multi_and_text_and_for_unknown_ids_or_values() {
    let state = state();
    assert_eq!(
        state.select("scope", "repo"),
        Err(not_allowed("scope", "select", QuestionType::Multi))
    );
    assert_eq!(
        state.select("format", "anything"),
        Err(not_allowed("format", "select", QuestionType::Text))
    );
    assert_eq!(
        state.select("nope", "safe"),
        Err(StateError::UnknownQuestion { id: "nope".into() })
    );
    assert_eq!(
        state.select("approach", "reckless"),
        Err(StateError::UnknownOption {
            question: "approach".into(),
            value: "reckless".into()
        })
    );
}

#[test]
fn toggle_adds_and_removes_keeping_option_order_and_custom_text() {
    let state = state()
        .set_custom_text("scope", "also gists")
        .unwrap()
        .toggle("scope", "org")
        .unwrap()
        .toggle("scope", "repo")
        .unwrap();
    assert_eq!(
        picks(&state, "scope"),
        ["repo", "org"],
        "ordered as the options"
    );
    assert_eq!(custom_text(&state, "scope").as_deref(), Some("also gists"));
    let state = state.toggle("scope", "repo").unwrap();
    assert_eq!(picks(&state, "scope"), ["org"]);
}

#[test]
fn toggle_is_an_error_outside_multi_and_for_unknown_values() {
    let state = state();
    assert_eq!(
        state.toggle("approach", "safe"),
        Err(not_allowed("approach", "toggle", QuestionType::Single))
    );
    assert_eq!(
        state.toggle("ship", "yes"),
        Err(not_allowed("ship", "toggle", QuestionType::Confirm))
    );
    assert_eq!(
        state.toggle("scope", "admin"),
        Err(StateError::UnknownOption {
            question: "scope".into(),
            value: "admin".into()
        })
    );
}

#[test]
fn custom_text_replaces_picks_on_single() {
    let state = state()
        .select("approach", "safe")
        .unwrap()
        .set_custom_text("approach", "a mix of both")
        .unwrap();
    assert_eq!(picks(&state, "approach"), Vec::<String>::new());
    assert_eq!(
        custom_text(&state, "approach").as_deref(),
        Some("a mix of both")
    );
    assert!(state.is_answered("approach"));
}

#[test]
fn custom_text_combines_with_picks_on_multi() {
    let state = state()
        .toggle("scope", "gist")
        .unwrap()
        .set_custom_text("scope", "admin:hooks")
        .unwrap();
    assert_eq!(picks(&state, "scope"), ["gist"]);
    assert_eq!(custom_text(&state, "scope").as_deref(), Some("admin:hooks"));
}

#[test]
fn custom_text_answers_a_text_question() {
    let state = state().set_custom_text("format", "json for logs").unwrap();
    assert_eq!(
        custom_text(&state, "format").as_deref(),
        Some("json for logs")
    );
    assert!(state.is_answered("format"));
}

#[test]
fn custom_text_is_an_error_on_confirm() {
    assert_eq!(
        state().set_custom_text("ship", "maybe"),
        Err(not_allowed(
            "ship",
            "set_custom_text",
            QuestionType::Confirm
        ))
    );
}

#[test]
fn blank_custom_text_removes_it_and_keeps_picks() {
    let state = state()
        .toggle("scope", "repo")
        .unwrap()
        .set_custom_text("scope", "extra")
        .unwrap()
        .set_custom_text("scope", "  \n")
        .unwrap();
    assert_eq!(custom_text(&state, "scope"), None);
    assert_eq!(picks(&state, "scope"), ["repo"]);
    let text = self::state()
        .set_custom_text("format", "json")
        .unwrap()
        .set_custom_text("format", "")
        .unwrap();
    assert!(
        !text.is_answered("format"),
        "a text question with blank text is skipped"
    );
}

#[test]
fn question_notes_never_answer_and_blank_removes_them() {
    let state = state()
        .set_question_note("format", "keep it short")
        .unwrap();
    assert_eq!(
        state.answer("format").unwrap().note.as_deref(),
        Some("keep it short")
    );
    assert!(!state.is_answered("format"));
    let state = state.set_question_note("format", " ").unwrap();
    assert_eq!(state.answer("format").unwrap().note, None);
    assert_eq!(
        self::state().set_question_note("nope", "x"),
        Err(StateError::UnknownQuestion { id: "nope".into() })
    );
}

#[test]
fn option_notes_may_sit_on_unpicked_options_and_stay_in_option_order() {
    let state = state()
        .set_option_note("scope", "org", "read only")
        .unwrap()
        .set_option_note("scope", "repo", "needed for CI")
        .unwrap();
    let notes = &state.answer("scope").unwrap().option_notes;
    assert_eq!(
        notes,
        &[
            ("repo".to_string(), "needed for CI".to_string()),
            ("org".to_string(), "read only".to_string())
        ]
    );
    assert!(!state.is_answered("scope"), "notes never answer");
    let state = state.set_option_note("scope", "repo", "changed").unwrap();
    assert_eq!(
        state.answer("scope").unwrap().option_note("repo"),
        Some("changed")
    );
    let state = state.set_option_note("scope", "repo", "").unwrap();
    assert_eq!(state.answer("scope").unwrap().option_note("repo"), None);
    assert_eq!(state.answer("scope").unwrap().option_notes.len(), 1);
}

#[test]
fn option_notes_are_an_error_for_unknown_values() {
    assert_eq!(
        state().set_option_note("approach", "reckless", "x"),
        Err(StateError::UnknownOption {
            question: "approach".into(),
            value: "reckless".into()
        })
    );
    assert_eq!(
        state().set_option_note("format", "anything", "x"),
        Err(StateError::UnknownOption {
            question: "format".into(),
            value: "anything".into()
        }),
        "a text question has no options"
    );
}

#[test]
fn mark_skipped_clears_picks_and_custom_text_and_keeps_notes() {
    let state = state()
        .toggle("scope", "repo")
        .unwrap()
        .set_custom_text("scope", "extra")
        .unwrap()
        .set_question_note("scope", "why")
        .unwrap()
        .set_option_note("scope", "gist", "maybe later")
        .unwrap()
        .mark_skipped("scope")
        .unwrap();
    let answer = state.answer("scope").unwrap();
    assert!(answer.picks.is_empty());
    assert_eq!(answer.custom_text, None);
    assert_eq!(answer.note.as_deref(), Some("why"));
    assert_eq!(answer.option_note("gist"), Some("maybe later"));
    assert!(!state.is_answered("scope"));
    assert_eq!(
        state.mark_skipped("nope"),
        Err(StateError::UnknownQuestion { id: "nope".into() })
    );
}

#[test]
fn no_transition_mutates_its_input() {
    let before = state()
        .select("approach", "safe")
        .unwrap()
        .toggle("scope", "repo")
        .unwrap();
    let snapshot = before.clone();
    let _ = before.select("approach", "fast");
    let _ = before.toggle("scope", "gist");
    let _ = before.set_custom_text("format", "text");
    let _ = before.set_question_note("ship", "note");
    let _ = before.set_option_note("approach", "fast", "note");
    let _ = before.mark_skipped("approach");
    let _ = before.select("scope", "repo");
    assert_eq!(before, snapshot);
}

#[test]
fn answered_count_counts_picks_or_custom_text() {
    let state = state()
        .select("approach", "safe")
        .unwrap()
        .set_custom_text("format", "yaml")
        .unwrap()
        .set_question_note("scope", "only a note")
        .unwrap();
    assert_eq!(state.answered_count(), 2);
}

#[test]
fn errors_read_as_sentences() {
    assert_eq!(
        not_allowed("ship", "set_custom_text", QuestionType::Confirm).to_string(),
        "set_custom_text is not allowed on question \"ship\" of type confirm"
    );
}
