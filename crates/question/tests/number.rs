//! Number questions (`docs/behaviour.md#number-questions`): validation of their fields, the
//! answer state, the result, and the dialog fallback that asks them again when a reply is no
//! answer.

use question::{
    AnswerState, DialogRequest, DialogStep, DialogView, Dialogs, IssueCode, NotUnderstood,
    ResultOptions, StateError, validate,
};
use serde_json::{Value, json};

fn workers() -> Value {
    json!({
        "questions": [{
            "id": "workers", "header": "Workers", "prompt": "How many workers?",
            "type": "number", "min": 1, "max": 64, "unit": "workers", "placeholder": "8"
        }]
    })
}

fn ratio() -> Value {
    json!({
        "questions": [{
            "id": "ratio", "header": "Ratio", "prompt": "Which sample ratio?",
            "type": "number", "min": 0, "max": 1, "step": 0.05
        }]
    })
}

fn state_of(input: Value) -> AnswerState {
    AnswerState::new(validate(&input).expect("fixture is valid"))
}

/// The (path, code, message start) of every problem of `question`'s fields.
fn problems(question: Value) -> Vec<(String, IssueCode, String)> {
    let issues = validate(&json!({ "questions": [question] })).expect_err("invalid");
    issues
        .into_iter()
        .filter(|issue| !issue.is_warning())
        .map(|issue| (issue.path, issue.code, issue.message))
        .collect()
}

fn number_question(fields: Value) -> Value {
    let mut question = json!({ "id": "n", "header": "N", "prompt": "How many?", "type": "number" });
    for (key, value) in fields.as_object().unwrap() {
        question[key] = value.clone();
    }
    question
}

#[test]
fn a_number_question_keeps_its_bounds_step_and_unit() {
    let questionnaire = validate(&workers()).unwrap();
    let question = &questionnaire.questions[0];
    let spec = question.number.as_ref().expect("a number spec");
    assert_eq!(spec.min.map(|m| m.to_string()), Some("1".into()));
    assert_eq!(spec.max.map(|m| m.to_string()), Some("64".into()));
    assert_eq!(spec.step, None);
    assert_eq!(spec.unit.as_deref(), Some("workers"));
    assert_eq!(question.placeholder.as_deref(), Some("8"));
    assert!(question.options.is_empty() && !question.allows_custom_text());
    let serialized = serde_json::to_value(question).unwrap();
    assert_eq!(serialized["type"], json!("number"));
    assert_eq!(serialized["min"], json!(1));
    assert_eq!(serialized["unit"], json!("workers"));
}

#[test]
fn the_canonical_input_keeps_a_number_question() {
    let questionnaire = validate(&ratio()).unwrap();
    let canonical = questionnaire.to_canonical_input();
    assert_eq!(canonical["questions"][0]["step"], json!(0.05));
    assert_eq!(validate(&canonical).unwrap(), questionnaire);
}

#[test]
fn bounds_and_steps_are_held_as_written_however_small_or_large() {
    // The JSON parser hands back 0.000001 as the double 1e-6: it is still 0.000001.
    let question = number_question(json!({
        "min": 0.000001, "max": 10000000000000000.0, "step": 0.000005
    }));
    let questionnaire = validate(&json!({ "questions": [question] })).expect("valid");
    let spec = questionnaire.questions[0].number.as_ref().unwrap();
    assert_eq!(spec.min.map(|m| m.to_string()), Some("0.000001".into()));
    assert_eq!(
        spec.max.map(|m| m.to_string()),
        Some("10000000000000000".into())
    );
    assert_eq!(spec.step.map(|m| m.to_string()), Some("0.000005".into()));
    assert_eq!(
        validate(&questionnaire.to_canonical_input()).unwrap(),
        questionnaire,
        "the canonical input, written by serde_json, reads back the same"
    );
}

#[test]
fn a_placeholder_sent_as_a_number_is_its_text() {
    let question = number_question(json!({ "min": 1, "max": 64, "placeholder": 8 }));
    let questionnaire = validate(&json!({ "questions": [question] })).expect("valid");
    assert_eq!(questionnaire.questions[0].placeholder.as_deref(), Some("8"));
    let question = number_question(json!({ "max": 4, "placeholder": 8 }));
    assert_eq!(
        problems(question),
        [(
            "/questions/0/placeholder".to_string(),
            IssueCode::InvalidNumber,
            "placeholder 8 is no answer to this question (at most 4): give an example within min, max and step, or leave it out.".to_string()
        )]
    );
}

#[test]
fn bounds_written_as_text_are_numbers() {
    let question = number_question(json!({ "min": "1", "max": " 64 ", "step": "0.5" }));
    let questionnaire = validate(&json!({ "questions": [question] })).expect("valid");
    let spec = questionnaire.questions[0].number.as_ref().unwrap();
    assert_eq!(
        [spec.min, spec.max, spec.step].map(|d| d.map(|d| d.to_string())),
        [Some("1".into()), Some("64".into()), Some("0.5".into())]
    );
}

#[test]
fn bad_number_fields_name_path_code_and_fix() {
    let cases = [
        (
            json!({ "min": 10, "max": 1 }),
            "/questions/0/max",
            IssueCode::InvalidNumber,
            "max 1 is less than min 10",
        ),
        (
            json!({ "step": 0 }),
            "/questions/0/step",
            IssueCode::InvalidNumber,
            "step must be more than 0",
        ),
        (
            json!({ "step": -0.5 }),
            "/questions/0/step",
            IssueCode::InvalidNumber,
            "step must be more than 0",
        ),
        (
            json!({ "min": "one" }),
            "/questions/0/min",
            IssueCode::InvalidType,
            "min must be a number, not a string",
        ),
        (
            json!({ "step": 0.0000001 }),
            "/questions/0/step",
            IssueCode::InvalidNumber,
            "step 0.0000001 cannot be held exactly",
        ),
        (
            json!({ "max": 1e300 }),
            "/questions/0/max",
            IssueCode::InvalidNumber,
            "max 1e+300 cannot be held exactly",
        ),
        (
            json!({ "min": 1, "max": 64, "placeholder": "100" }),
            "/questions/0/placeholder",
            IssueCode::InvalidNumber,
            "placeholder 100 is no answer to this question (at most 64)",
        ),
        (
            json!({ "placeholder": "2.5" }),
            "/questions/0/placeholder",
            IssueCode::InvalidNumber,
            "placeholder 2.5 is no answer to this question (a whole number, please)",
        ),
        (
            json!({ "unit": 3 }),
            "/questions/0/unit",
            IssueCode::InvalidType,
            "unit must be a string",
        ),
        (
            json!({ "options": ["1", "2"] }),
            "/questions/0/options",
            IssueCode::UnexpectedOptions,
            "A number question takes no options",
        ),
    ];
    for (fields, path, code, message) in cases {
        let found = problems(number_question(fields.clone()));
        assert!(
            found
                .iter()
                .any(|(p, c, m)| p == path && *c == code && m.starts_with(message)),
            "{fields}: {found:?}"
        );
    }
}

#[test]
fn a_worded_placeholder_is_a_hint() {
    let question = number_question(json!({ "placeholder": "e.g. 8" }));
    assert!(validate(&json!({ "questions": [question] })).is_ok());
}

#[test]
fn number_fields_on_other_types_are_ignored_with_a_warning() {
    let input = json!({ "questions": [{
        "id": "a", "header": "A", "prompt": "Name?", "type": "text", "min": 1, "unit": "x"
    }]});
    let report = question::validate_report(&input, Default::default());
    assert!(report.questionnaire.is_ok());
    let ignored: Vec<&str> = report.ignored.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(ignored, ["/questions/0/min", "/questions/0/unit"]);
}

#[test]
fn a_number_answer_is_checked_and_reported_as_a_number() {
    let state = state_of(workers()).set_number("workers", "8").unwrap();
    assert!(state.is_answered("workers"));
    let result = state.build_result(ResultOptions::submitted());
    assert_eq!(result.content, "Workers: user entered: 8");
    let answer = &result.details["answers"]["workers"];
    assert_eq!(answer["number"], json!(8));
    assert_eq!(answer["status"], json!("answered"));
    assert_eq!(answer.get("customText"), None);

    let decimal = state_of(ratio()).set_number("ratio", "0.25").unwrap();
    let result = decimal.build_result(ResultOptions::submitted());
    assert_eq!(result.details["answers"]["ratio"]["number"], json!(0.25));
}

#[test]
fn a_number_that_is_no_answer_changes_nothing() {
    let state = state_of(workers());
    for text in ["65", "0", "2.5", "eight"] {
        let error = state.set_number("workers", text).unwrap_err();
        assert!(
            matches!(error, StateError::InvalidNumber { .. }),
            "{text}: {error}"
        );
    }
    assert_eq!(
        state.set_number("workers", "65").unwrap_err().to_string(),
        "question \"workers\" takes a number: at most 64"
    );
    let blank = state.set_number("workers", "8").unwrap();
    assert!(
        !blank
            .set_number("workers", " ")
            .unwrap()
            .is_answered("workers")
    );
    assert!(matches!(
        state.set_custom_text("workers", "8"),
        Err(StateError::NotAllowed { .. })
    ));
}

#[test]
fn the_input_dialog_asks_again_saying_why() {
    let mut dialogs = Dialogs::new(validate(&workers()).unwrap());
    let ask = |title: &str| {
        DialogStep::Ask(DialogRequest::Input {
            title: title.to_string(),
            placeholder: "8".to_string(),
        })
    };
    let takes = "How many workers?\n\na whole number from 1 to 64, in workers";
    assert_eq!(dialogs.next(), ask(takes));
    dialogs.answer(Some("100".into()));
    assert_eq!(dialogs.next(), ask(&format!("{takes} — at most 64")));
    dialogs.answer(Some("12".into()));
    let DialogStep::Finished(result) = dialogs.next() else {
        panic!("a valid number finishes the only question");
    };
    assert_eq!(result.content, "Workers: user entered: 12");
}

#[test]
fn a_blank_input_skips_and_dismissing_it_cancels() {
    let mut skipped = Dialogs::new(validate(&workers()).unwrap());
    skipped.answer(Some(String::new()));
    let DialogStep::Finished(result) = skipped.next() else {
        panic!("finished");
    };
    assert_eq!(result.content, "Workers: (skipped)");
    let mut dismissed = Dialogs::new(validate(&workers()).unwrap());
    dismissed.answer(None);
    let DialogStep::Finished(result) = dismissed.next() else {
        panic!("finished");
    };
    assert_eq!(result.details["cancelled"], json!(true));
}

#[test]
fn a_typed_line_that_is_no_number_is_not_understood() {
    let mut dialogs = Dialogs::with_review(validate(&ratio()).unwrap());
    assert!(matches!(dialogs.view(), DialogView::Type { .. }));
    assert_eq!(
        dialogs.answer_line("0.333\n"),
        Err(NotUnderstood("0.333 (at most 2 decimal places)".into()))
    );
    assert_eq!(
        dialogs.answer_line("0.33\n"),
        Err(NotUnderstood("0.33 (steps of 0.05 from 0)".into()))
    );
    assert_eq!(dialogs.answer_line("0.35\n"), Ok(()));
    assert_eq!(
        dialogs.state().answer("ratio").and_then(|a| a.number),
        question::Decimal::parse("0.35")
    );
}
