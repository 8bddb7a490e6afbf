//! Each issue code alone in each input shape, several at once in input order, and what an issue says.

use super::*;

#[test]
fn valid_inputs_have_no_issues() {
    check(vec![
        ("canonical", canonical(), vec![]),
        ("compatible", compatible(), vec![]),
        (
            "context of exactly 500 characters",
            set(canonical(), "/questions/0/context", long_text(500)),
            vec![],
        ),
        (
            "text with an empty options array",
            set(
                set(canonical(), "/questions/0/type", json!("text")),
                "/questions/0/options",
                json!([]),
            ),
            vec![],
        ),
        (
            "confirm without options",
            remove(
                set(canonical(), "/questions/0/type", json!("confirm")),
                "/questions/0/options",
            ),
            vec![],
        ),
        (
            "null optional fields",
            set(
                set(canonical(), "/title", Value::Null),
                "/questions/0/context",
                Value::Null,
            ),
            vec![],
        ),
        (
            "unknown label keys are ignored, whatever their value",
            set(
                canonical(),
                "/labels",
                json!({ "nonsense": 3, "submit": "Enviar" }),
            ),
            vec![],
        ),
        (
            "unknown keys in questions and options are ignored",
            set(canonical(), "/questions/0/options/0/icon", json!(7)),
            vec![],
        ),
    ]);
}

#[test]
fn each_code_alone_in_the_canonical_shape() {
    check(vec![
        (
            "input is not an object",
            json!([1, 2]),
            vec![("", InvalidType)],
        ),
        (
            "questions missing",
            json!({ "title": "x" }),
            vec![("/questions", EmptyQuestions)],
        ),
        (
            "questions empty",
            json!({ "questions": [] }),
            vec![("/questions", EmptyQuestions)],
        ),
        (
            "questions not an array",
            json!({ "questions": {} }),
            vec![("/questions", InvalidType)],
        ),
        (
            "question not an object",
            json!({ "questions": ["which?"] }),
            vec![("/questions/0", InvalidType)],
        ),
        (
            "title not a string",
            set(canonical(), "/title", json!(5)),
            vec![("/title", InvalidType)],
        ),
        (
            "id blank",
            set(canonical(), "/questions/0/id", json!("  ")),
            vec![("/questions/0/id", Blank)],
        ),
        (
            "id a boolean",
            set(canonical(), "/questions/0/id", json!(true)),
            vec![("/questions/0/id", InvalidType)],
        ),
        (
            "header blank",
            set(canonical(), "/questions/0/header", json!("")),
            vec![("/questions/0/header", Blank)],
        ),
        (
            "prompt missing",
            remove(canonical(), "/questions/0/prompt"),
            vec![("/questions/0/prompt", Blank)],
        ),
        (
            "prompt whitespace",
            set(canonical(), "/questions/0/prompt", json!("\n\t ")),
            vec![("/questions/0/prompt", Blank)],
        ),
        (
            "unknown type",
            set(canonical(), "/questions/0/type", json!("rating")),
            vec![("/questions/0/type", InvalidType)],
        ),
        (
            "type not a string",
            set(canonical(), "/questions/0/type", json!(true)),
            vec![("/questions/0/type", InvalidType)],
        ),
        (
            "required not a boolean",
            set(canonical(), "/questions/0/required", json!("yes")),
            vec![("/questions/0/required", InvalidType)],
        ),
        (
            "context not a string",
            set(canonical(), "/questions/0/context", json!(["a"])),
            vec![("/questions/0/context", InvalidType)],
        ),
        (
            "context of 501 characters",
            set(canonical(), "/questions/0/context", long_text(501)),
            vec![("/questions/0/context", TooLong)],
        ),
        (
            "duplicate id, reported at the later question",
            set(
                canonical(),
                "/questions/1",
                canonical()["questions"][0].clone(),
            ),
            vec![("/questions/1/id", DuplicateId)],
        ),
        (
            "single without options",
            remove(canonical(), "/questions/0/options"),
            vec![("/questions/0/options", MissingOptions)],
        ),
        (
            "multi with an empty options array",
            set(
                set(canonical(), "/questions/0/type", json!("multi")),
                "/questions/0/options",
                json!([]),
            ),
            vec![("/questions/0/options", MissingOptions)],
        ),
        (
            "text with options",
            set(canonical(), "/questions/0/type", json!("text")),
            vec![("/questions/0/options", UnexpectedOptions)],
        ),
        (
            "confirm with options",
            set(canonical(), "/questions/0/type", json!("confirm")),
            vec![("/questions/0/options", UnexpectedOptions)],
        ),
        (
            "options not an array",
            set(canonical(), "/questions/0/options", json!("safe, fast")),
            vec![("/questions/0/options", InvalidType)],
        ),
        (
            "option not an object",
            set(canonical(), "/questions/0/options/1", json!(true)),
            vec![("/questions/0/options/1", InvalidType)],
        ),
        (
            "option value blank",
            set(canonical(), "/questions/0/options/0/value", json!(" ")),
            vec![("/questions/0/options/0/value", Blank)],
        ),
        (
            "option with neither label nor value",
            remove(
                remove(canonical(), "/questions/0/options/1/label"),
                "/questions/0/options/1/value",
            ),
            vec![("/questions/0/options/1/label", Blank)],
        ),
        (
            "option label a number",
            set(canonical(), "/questions/0/options/1/label", json!(2)),
            vec![("/questions/0/options/1/label", InvalidType)],
        ),
        (
            "duplicate value, reported at the later option",
            set(canonical(), "/questions/0/options/1/value", json!("safe")),
            vec![("/questions/0/options/1/value", DuplicateValue)],
        ),
        (
            "option labelled \"Type something.\"",
            set(
                canonical(),
                "/questions/0/options/1/label",
                json!("Type something."),
            ),
            vec![("/questions/0/options/1/label", ReservedLabel)],
        ),
        (
            "option labelled with the active typeSomething label",
            set(
                set(
                    canonical(),
                    "/labels",
                    json!({ "typeSomething": "Escribe algo." }),
                ),
                "/questions/0/options/0/label",
                json!("Escribe algo."),
            ),
            vec![("/questions/0/options/0/label", ReservedLabel)],
        ),
        (
            "\"Type something.\" stays reserved when typeSomething is localized",
            set(
                set(
                    canonical(),
                    "/labels",
                    json!({ "typeSomething": "Escribe algo." }),
                ),
                "/questions/0/options/0/label",
                json!("Type something."),
            ),
            vec![("/questions/0/options/0/label", ReservedLabel)],
        ),
        (
            "description not a string",
            set(canonical(), "/questions/0/options/0/description", json!(1)),
            vec![("/questions/0/options/0/description", InvalidType)],
        ),
        (
            "preview not a string",
            set(canonical(), "/questions/0/options/0/preview", json!({})),
            vec![("/questions/0/options/0/preview", InvalidType)],
        ),
        (
            "recommended not a boolean",
            set(
                canonical(),
                "/questions/0/options/0/recommended",
                json!("yes"),
            ),
            vec![("/questions/0/options/0/recommended", InvalidType)],
        ),
        (
            "labels not an object",
            set(canonical(), "/labels", json!(["Enviar"])),
            vec![("/labels", InvalidType)],
        ),
        (
            "label value not a string",
            set(canonical(), "/labels", json!({ "submit": 1 })),
            vec![("/labels/submit", InvalidType)],
        ),
        (
            "label value blank",
            set(canonical(), "/labels", json!({ "yes": " " })),
            vec![("/labels/yes", Blank)],
        ),
    ]);
}

#[test]
fn each_code_alone_in_the_compatible_shape() {
    check(vec![
        (
            "question blank",
            set(compatible(), "/questions/0/question", json!("")),
            vec![("/questions/0/question", Blank)],
        ),
        (
            "question a number",
            set(compatible(), "/questions/0/question", json!(3)),
            vec![("/questions/0/question", InvalidType)],
        ),
        (
            "header present but blank",
            set(compatible(), "/questions/0/header", json!(" ")),
            vec![("/questions/0/header", Blank)],
        ),
        (
            "multiSelect not a boolean",
            set(compatible(), "/questions/0/multiSelect", json!("yes")),
            vec![("/questions/0/multiSelect", InvalidType)],
        ),
        (
            "multiSelect without options",
            set(
                remove(compatible(), "/questions/0/options"),
                "/questions/0/multiSelect",
                json!(true),
            ),
            vec![("/questions/0/options", MissingOptions)],
        ),
        (
            "duplicate labels (labels are the values), at the later option",
            set(compatible(), "/questions/0/options/1/label", json!("OAuth")),
            vec![("/questions/0/options/1/label", DuplicateValue)],
        ),
        (
            "option label missing",
            remove(compatible(), "/questions/0/options/0/label"),
            vec![("/questions/0/options/0/label", Blank)],
        ),
        (
            "option labelled \"Type something.\"",
            set(
                compatible(),
                "/questions/0/options/1/label",
                json!("Type something."),
            ),
            vec![("/questions/0/options/1/label", ReservedLabel)],
        ),
        (
            "context too long",
            set(compatible(), "/questions/0/context", long_text(600)),
            vec![("/questions/0/context", TooLong)],
        ),
        (
            "explicit duplicate id",
            set(
                set(compatible(), "/questions/0/id", json!("auth")),
                "/questions/1",
                json!({ "id": "auth", "question": "And then?" }),
            ),
            vec![("/questions/1/id", DuplicateId)],
        ),
        (
            "unknown explicit type",
            set(compatible(), "/questions/0/type", json!("slider")),
            vec![("/questions/0/type", InvalidType)],
        ),
    ]);
}

#[test]
fn several_problems_are_reported_at_once_in_input_order() {
    let canonical_input = json!({
        "title": 7,
        "labels": { "yes": "", "typeSomething": "Otro" },
        "questions": [
            { "id": " ", "header": "A", "prompt": "First?", "type": "rating", "options": [{ "value": "a", "label": "A" }] },
            { "id": "b", "header": "B", "prompt": "Second?" },
            { "id": "b", "header": "", "prompt": "Third?", "type": "text", "context": "x".repeat(501), "options": [{ "value": "x", "label": "X" }] },
            { "id": "d", "header": "D", "prompt": "Fourth?", "type": "multi", "options": [
                { "value": "v", "label": "Otro" },
                { "value": "v", "label": "Fine", "recommended": 1 }
            ] }
        ]
    });
    let compatible_input = json!({
        "questions": [
            { "question": "", "header": "Auth", "options": [{ "label": "OAuth" }, { "label": "OAuth" }] },
            { "question": "Scope?", "multiSelect": "yes", "options": [{ "label": "repo" }, {}] },
            "just a string"
        ]
    });
    check(vec![
        (
            "canonical",
            canonical_input,
            vec![
                ("/title", InvalidType),
                ("/labels/yes", Blank),
                ("/questions/0/id", Blank),
                ("/questions/0/type", InvalidType),
                ("/questions/1/options", MissingOptions),
                ("/questions/2/header", Blank),
                ("/questions/2/id", DuplicateId),
                ("/questions/2/context", TooLong),
                ("/questions/2/options", UnexpectedOptions),
                ("/questions/3/options/0/label", ReservedLabel),
                ("/questions/3/options/1/value", DuplicateValue),
                ("/questions/3/options/1/recommended", InvalidType),
            ],
        ),
        (
            "compatible",
            compatible_input,
            vec![
                ("/questions/0/question", Blank),
                ("/questions/0/options/1/label", DuplicateValue),
                ("/questions/1/multiSelect", InvalidType),
                ("/questions/1/options/1/label", Blank),
                ("/questions/2", InvalidType),
            ],
        ),
    ]);
}

#[test]
fn every_issue_message_says_what_to_do() {
    let input = json!({
        "questions": [
            { "id": "a", "header": "A", "prompt": "?", "type": "single" },
            { "id": "a", "header": "B", "prompt": "?", "type": "text", "context": "x".repeat(700) }
        ]
    });
    let issues = validate(&input).unwrap_err();
    let messages: Vec<&str> = issues.iter().map(|i| i.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "A single question needs a non-empty options array; use type \"text\" for a free-form answer.",
            "id \"a\" is already used by /questions/0; give every question a unique id.",
            "context has 700 characters; the limit is 500. Keep it a short markdown summary and write longer proposals or tables as visible text before calling the tool.",
        ]
    );
}

#[test]
fn issues_serialize_as_path_code_message() {
    let issues = validate(&json!({ "questions": [] })).unwrap_err();
    assert_eq!(
        serde_json::to_value(&issues).unwrap(),
        json!([{
            "path": "/questions",
            "code": "empty_questions",
            "message": "questions is empty: ask at least one question."
        }])
    );
}
