//! `allowCustom: false`: a single or multi question answered only by its options (no free-text
//! entry), for programs that ask through a host's question service.

mod common;

use common::issues;
use question::{
    AnswerState, DialogRequest, DialogStep, Dialogs, IssueCode, ResultOptions, StateError, validate,
};
use serde_json::{Value, json};

fn input(questions: Value) -> Value {
    json!({ "questions": questions })
}

fn options_only() -> Value {
    input(json!([
        { "id": "approach", "header": "Approach", "prompt": "Which approach?", "allowCustom": false,
          "options": [{ "value": "safe", "label": "Safe" }, { "value": "fast", "label": "Fast" }] },
        { "id": "scope", "header": "Scope", "prompt": "Which scopes?", "type": "multi", "allowCustom": false,
          "options": [{ "value": "repo", "label": "repo" }, { "value": "org", "label": "read:org" }] },
        { "id": "other", "header": "Other", "prompt": "Anything?",
          "options": [{ "value": "no", "label": "No" }] }
    ]))
}

#[test]
fn it_defaults_to_true_and_is_read_per_question() {
    let questionnaire = validate(&options_only()).expect("valid");
    let allowed: Vec<bool> = questionnaire
        .questions
        .iter()
        .map(|q| q.allows_custom_text())
        .collect();
    assert_eq!(allowed, [false, false, true]);
}

#[test]
fn it_must_be_a_boolean_and_cannot_turn_a_text_question_off() {
    let cases = [
        (
            json!({ "id": "a", "header": "A", "prompt": "?", "allowCustom": "no",
                    "options": [{ "value": "x", "label": "X" }] }),
            vec![(
                "/questions/0/allowCustom".to_string(),
                IssueCode::InvalidType,
            )],
        ),
        (
            json!({ "id": "a", "header": "A", "prompt": "?", "type": "text", "allowCustom": false }),
            vec![(
                "/questions/0/allowCustom".to_string(),
                IssueCode::InvalidType,
            )],
        ),
        // A confirm question has no free text anyway.
        (
            json!({ "id": "a", "header": "A", "prompt": "?", "type": "confirm", "allowCustom": false }),
            vec![],
        ),
        (
            json!({ "id": "a", "header": "A", "prompt": "?", "type": "text", "allowCustom": true }),
            vec![],
        ),
        (
            json!({ "id": "a", "header": "A", "prompt": "?", "allowCustom": null,
                    "options": [{ "value": "x", "label": "X" }] }),
            vec![],
        ),
    ];
    for (question, expected) in cases {
        assert_eq!(
            issues(&input(json!([question.clone()]))),
            expected,
            "{question}"
        );
    }
}

#[test]
fn free_text_is_refused_where_it_is_off() {
    let state = AnswerState::new(validate(&options_only()).expect("valid"));
    for id in ["approach", "scope"] {
        assert_eq!(
            state.set_custom_text(id, "something else"),
            Err(StateError::CustomTextNotAllowed {
                question: id.to_string()
            }),
            "{id}"
        );
    }
    let state = state.set_custom_text("other", "maybe").expect("allowed");
    assert_eq!(
        state.answer("other").unwrap().custom_text.as_deref(),
        Some("maybe")
    );
    assert_eq!(
        StateError::CustomTextNotAllowed {
            question: "approach".into()
        }
        .to_string(),
        "question \"approach\" takes no free text (allowCustom is false)"
    );
}

#[test]
fn the_result_echoes_it_only_when_false() {
    let state = AnswerState::new(validate(&options_only()).expect("valid"))
        .select("approach", "fast")
        .unwrap();
    let details = state.build_result(ResultOptions::submitted()).details;
    let questions = details["questions"].as_array().unwrap();
    assert_eq!(questions[0]["allowCustom"], json!(false));
    assert_eq!(questions[1]["allowCustom"], json!(false));
    assert_eq!(questions[2].get("allowCustom"), None);
}

#[test]
fn the_dialogs_offer_no_type_something_entry() {
    let dialogs = Dialogs::new(validate(&options_only()).expect("valid"));
    let DialogStep::Ask(DialogRequest::Select { options, .. }) = dialogs.next() else {
        panic!("a select first");
    };
    assert_eq!(options, ["1. Safe", "2. Fast", "Skip"]);
    let mut dialogs = dialogs;
    dialogs.answer(Some("2. Fast".into()));
    let DialogStep::Ask(DialogRequest::Select { options, .. }) = dialogs.next() else {
        panic!("the multi question's select");
    };
    assert_eq!(options, ["[ ] 1. repo", "[ ] 2. read:org", "Done", "Skip"]);
    dialogs.answer(Some("Done".into()));
    let DialogStep::Ask(DialogRequest::Select { options, .. }) = dialogs.next() else {
        panic!("the third question's select");
    };
    assert_eq!(options, ["1. No", "Type something.", "Skip"]);
}
