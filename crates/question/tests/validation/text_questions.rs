//! Text questions' placeholders, and the context limit.

use super::*;

/// A valid call with one text question.
fn text_question() -> Value {
    json!({ "questions": [{ "id": "name", "header": "Name", "prompt": "Service name?", "type": "text" }] })
}

#[test]
fn placeholder_is_checked_like_the_other_strings() {
    check(vec![
        (
            "placeholder on a text question",
            set(
                text_question(),
                "/questions/0/placeholder",
                json!("my-service"),
            ),
            vec![],
        ),
        (
            "placeholder null",
            set(text_question(), "/questions/0/placeholder", Value::Null),
            vec![],
        ),
        (
            "placeholder blank",
            set(text_question(), "/questions/0/placeholder", json!("  ")),
            vec![("/questions/0/placeholder", Blank)],
        ),
        (
            "placeholder a number is its text",
            set(text_question(), "/questions/0/placeholder", json!(3)),
            vec![],
        ),
        (
            "placeholder a flag",
            set(text_question(), "/questions/0/placeholder", json!(true)),
            vec![("/questions/0/placeholder", InvalidType)],
        ),
        (
            "placeholder blank on a single question",
            set(canonical(), "/questions/0/placeholder", json!("")),
            vec![("/questions/0/placeholder", Blank)],
        ),
    ]);
}

#[test]
fn placeholder_is_kept_on_text_questions_only() {
    let text = set(
        text_question(),
        "/questions/0/placeholder",
        json!("my-service"),
    );
    let questionnaire = validate(&text).unwrap();
    assert_eq!(
        questionnaire.questions[0].placeholder.as_deref(),
        Some("my-service")
    );
    let single = set(canonical(), "/questions/0/placeholder", json!("e.g. safe"));
    assert_eq!(validate(&single).unwrap().questions[0].placeholder, None);
    assert_eq!(
        validate(&text_question()).unwrap().questions[0].placeholder,
        None
    );
}

#[test]
fn the_context_limit_can_be_lifted() {
    let long = set(canonical(), "/questions/0/context", long_text(5_000));
    assert_eq!(
        issues(&long),
        [("/questions/0/context".to_string(), TooLong)]
    );
    let questionnaire =
        validate_with(&long, ValidateOptions::unlimited_context()).expect("no limit");
    assert_eq!(
        questionnaire.questions[0]
            .context
            .as_ref()
            .map(|c| c.chars().count()),
        Some(5_000)
    );
    let tighter = ValidateOptions {
        context_max_chars: Some(10),
    };
    let eleven = set(canonical(), "/questions/0/context", long_text(11));
    let issues = validate_with(&eleven, tighter).unwrap_err();
    assert_eq!(issues[0].code, TooLong);
    assert!(
        issues[0].message.contains("the limit is 10"),
        "{}",
        issues[0].message
    );
}
