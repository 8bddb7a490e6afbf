//! Validation (`docs/behaviour.md#validation`) and normalization of both input shapes
//! (`docs/behaviour.md#canonical-shape`, `docs/behaviour.md#compatible-shape`).

mod common;

use common::issues;
use question::{IssueCode, Label, Labels, QuestionType, ValidateOptions, validate, validate_with};
use serde_json::{Value, json};

use IssueCode::*;

/// A valid canonical call with one single question.
fn canonical() -> Value {
    json!({
        "questions": [{
            "id": "approach",
            "header": "Approach",
            "prompt": "Which approach should we use?",
            "options": [
                { "value": "safe", "label": "Safe approach" },
                { "value": "fast", "label": "Fast approach" }
            ]
        }]
    })
}

/// A valid Claude-Code-shaped call with one question.
fn compatible() -> Value {
    json!({
        "questions": [{
            "question": "Which authentication should we use?",
            "header": "Auth",
            "options": [
                { "label": "OAuth", "description": "Uses the provider's flow" },
                { "label": "Session cookies" }
            ],
            "multiSelect": false
        }]
    })
}

/// `base` with the value at JSON pointer `path` set (the parent must exist).
fn set(mut base: Value, path: &str, value: Value) -> Value {
    let (parent, key) = path.rsplit_once('/').expect("a pointer with a parent");
    match base.pointer_mut(parent).expect("parent exists") {
        Value::Object(map) => {
            map.insert(key.to_string(), value);
        }
        Value::Array(items) => {
            let index: usize = key.parse().expect("array index");
            if index == items.len() {
                items.push(value);
            } else {
                items[index] = value;
            }
        }
        _ => panic!("parent of {path} is not a container"),
    }
    base
}

/// `base` without the key at `path`.
fn remove(mut base: Value, path: &str) -> Value {
    let (parent, key) = path.rsplit_once('/').expect("a pointer with a parent");
    base.pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .expect("parent object")
        .remove(key);
    base
}

/// (name, input, expected (path, code) pairs in order).
type Case<'a> = (&'a str, Value, Vec<(&'a str, IssueCode)>);

fn check(cases: Vec<Case>) {
    let mut failures = Vec::new();
    for (name, input, expected) in cases {
        let expected: Vec<(String, IssueCode)> = expected
            .into_iter()
            .map(|(path, code)| (path.to_string(), code))
            .collect();
        let actual = issues(&input);
        if actual != expected {
            failures.push(format!("{name}: expected {expected:?}, got {actual:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn long_text(chars: usize) -> Value {
    json!("é".repeat(chars))
}

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
            "id missing",
            remove(canonical(), "/questions/0/id"),
            vec![("/questions/0/id", Blank)],
        ),
        (
            "id blank",
            set(canonical(), "/questions/0/id", json!("  ")),
            vec![("/questions/0/id", Blank)],
        ),
        (
            "id a number",
            set(canonical(), "/questions/0/id", json!(1)),
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
            set(canonical(), "/questions/0/type", json!("radio")),
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
            set(canonical(), "/questions/0/options/1", json!(7)),
            vec![("/questions/0/options/1", InvalidType)],
        ),
        (
            "option value blank",
            set(canonical(), "/questions/0/options/0/value", json!(" ")),
            vec![("/questions/0/options/0/value", Blank)],
        ),
        (
            "option value missing",
            remove(canonical(), "/questions/0/options/0/value"),
            vec![("/questions/0/options/0/value", Blank)],
        ),
        (
            "option label missing",
            remove(canonical(), "/questions/0/options/1/label"),
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
                json!("true"),
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
            set(compatible(), "/questions/0/type", json!("dropdown")),
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
            { "id": " ", "header": "A", "prompt": "First?", "type": "radio", "options": [{ "value": "a", "label": "A" }] },
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
            { "question": "Scope?", "multiSelect": "true", "options": [{ "label": "repo" }, {}] },
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

#[test]
fn canonical_shape_is_normalized() {
    let input = json!({
        "title": "Plan",
        "questions": [
            {
                "id": "approach", "header": "Approach", "prompt": "Which?", "context": "  ",
                "required": true,
                "options": [
                    { "value": "safe", "label": "Safe", "description": "", "preview": "## Plan", "recommended": true },
                    { "value": "fast", "label": "Fast", "description": "Quick" }
                ]
            },
            { "id": "ship", "header": "Ship", "prompt": "Ship it?", "type": "confirm" },
            { "id": "notes", "header": "Notes", "prompt": "Anything else?", "type": "text", "context": "**Draft** ready" }
        ]
    });
    let questionnaire = validate(&input).unwrap();
    assert_eq!(questionnaire.title.as_deref(), Some("Plan"));
    let [approach, ship, notes] = &questionnaire.questions[..] else {
        panic!("three questions")
    };
    assert_eq!(
        approach.kind,
        QuestionType::Single,
        "type defaults to single"
    );
    assert!(approach.required);
    assert_eq!(approach.context, None, "blank context counts as absent");
    assert_eq!(
        approach.options[0].description, None,
        "blank description counts as absent"
    );
    assert_eq!(approach.options[0].preview.as_deref(), Some("## Plan"));
    assert!(approach.options[0].recommended);
    assert!(!approach.options[1].recommended);
    assert!(!ship.required, "required defaults to false");
    let confirm: Vec<(&str, &str)> = ship
        .options
        .iter()
        .map(|o| (o.value.as_str(), o.label.as_str()))
        .collect();
    assert_eq!(confirm, [("yes", "Yes"), ("no", "No")]);
    assert_eq!(notes.kind, QuestionType::Text);
    assert_eq!(notes.context.as_deref(), Some("**Draft** ready"));
    assert!(notes.options.is_empty());
}

#[test]
fn confirm_options_take_their_labels_from_the_call() {
    let input = json!({
        "labels": { "yes": "Sí", "no": "No, gracias" },
        "questions": [{ "id": "ship", "header": "Ship", "prompt": "¿Publicar?", "type": "confirm", "options": [] }]
    });
    let questionnaire = validate(&input).unwrap();
    let labels: Vec<&str> = questionnaire.questions[0]
        .options
        .iter()
        .map(|o| o.label.as_str())
        .collect();
    assert_eq!(labels, ["Sí", "No, gracias"]);
    let values: Vec<&str> = questionnaire.questions[0]
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(
        values,
        ["yes", "no"],
        "values stay stable; only labels localize"
    );
}

#[test]
fn compatible_shape_is_normalized() {
    let input = json!({
        "questions": [
            { "question": "Which auth?", "header": "Auth", "options": [
                { "label": "OAuth", "description": "Provider flow" }, { "label": "Cookies" } ] },
            { "question": "Which scopes?", "header": "Scope", "multiSelect": true, "options": [
                { "label": "repo" }, { "label": "gist" } ] },
            { "question": "Anything else?", "header": "Extra" },
            { "question": "And the format?", "options": [] }
        ]
    });
    let questionnaire = validate(&input).unwrap();
    let summary: Vec<(&str, &str, &str, QuestionType)> = questionnaire
        .questions
        .iter()
        .map(|q| (q.id.as_str(), q.header.as_str(), q.prompt.as_str(), q.kind))
        .collect();
    assert_eq!(
        summary,
        [
            ("Auth", "Auth", "Which auth?", QuestionType::Single),
            ("Scope", "Scope", "Which scopes?", QuestionType::Multi),
            ("Extra", "Extra", "Anything else?", QuestionType::Text),
            ("q4", "Q4", "And the format?", QuestionType::Text),
        ]
    );
    let auth = &questionnaire.questions[0];
    assert_eq!(auth.options[0].value, "OAuth", "value comes from the label");
    assert_eq!(
        auth.options[0].description.as_deref(),
        Some("Provider flow")
    );
}

#[test]
fn compatible_ids_fall_back_to_positions_when_headers_repeat() {
    let input = json!({
        "questions": [
            { "question": "One?", "header": "Same" },
            { "question": "Two?", "header": "Same" },
            { "question": "Three?" }
        ]
    });
    let ids: Vec<String> = validate(&input)
        .unwrap()
        .questions
        .into_iter()
        .map(|q| q.id)
        .collect();
    assert_eq!(ids, ["Same", "q2", "q3"]);
}

#[test]
fn a_question_with_both_prompt_and_question_is_canonical() {
    let input = json!({
        "questions": [{ "id": "a", "header": "A", "prompt": "The prompt", "question": "ignored", "type": "text" }]
    });
    assert_eq!(validate(&input).unwrap().questions[0].prompt, "The prompt");
}

#[test]
fn supplied_labels_override_defaults_and_are_kept_for_the_echo() {
    let input = set(
        canonical(),
        "/labels",
        json!({ "submit": "Enviar", "unknownKey": "x", "skip": "Omitir" }),
    );
    let labels = validate(&input).unwrap().labels;
    assert_eq!(labels.get(Label::Submit), "Enviar");
    assert_eq!(labels.get(Label::Skip), "Omitir");
    assert_eq!(labels.get(Label::Cancel), "Cancel");
    assert_eq!(
        Value::Object(labels.supplied().unwrap().clone()),
        json!({ "submit": "Enviar", "skip": "Omitir" })
    );
    assert_eq!(validate(&canonical()).unwrap().labels.supplied(), None);
}

/// The label keys a call may override, in the order docs/behaviour.md#labels lists them.
#[test]
fn every_documented_label_key_has_an_english_default() {
    let keys = "askUser, yes, no, typeSomething, yourAnswer, submit, backToEdit, cancel, review, \
        reviewHeading, required, unanswered, requiredPending, skipped, skip, done, \
        lineChoose, lineChooseMany, lineConfirm, lineType, lineReview, notUnderstood, recommended, preview, \
        noDescription, typeOwn, noTextYet, note, noteForQuestion, noteFor, cancelled, cancelledKept, error, \
        answered, move, pick, select, toggle, next, optionNote, questionNote, clear, scrollPreview, \
        scrollPrompt, scrollContext, more, switchTab, save, newline, keepDraft, filter, clearFilter, \
        noMatches, answer, collapse, expand, externalEditor, escAgain, draft, timedOut, \
        cancelHint, previewHint, typedAfterSave, step, webLink, webMarker, qrCode, qrClose, qrTooSmall, \
        pageAnswered, pageCancelled, pageAnsweredInTerminal, pageCancelledElsewhere, pageTimedOut, \
        pageClosed";
    let documented: Vec<&str> = keys.split(',').map(str::trim).collect();
    let ours: Vec<&str> = Label::ALL.iter().map(|l| l.key()).collect();
    assert_eq!(ours, documented);
    for label in Label::ALL {
        assert_eq!(Label::from_key(label.key()), Some(*label));
        assert!(!label.english().trim().is_empty(), "{label:?}");
    }
    assert_eq!(Label::TypeSomething.english(), "Type something.");
}

#[test]
fn hosts_can_build_labels_without_an_input() {
    let labels = Labels::with_overrides([(Label::Submit, "Enviar"), (Label::Yes, "Sí")]);
    assert_eq!(labels.get(Label::Submit), "Enviar");
    assert_eq!(labels.get(Label::No), "No");
    assert_eq!(
        Value::Object(labels.supplied().unwrap().clone()),
        json!({ "submit": "Enviar", "yes": "Sí" })
    );
    assert_eq!(Labels::english().get(Label::Done), "Done");
    assert_eq!(Labels::english().supplied(), None);
}

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
            "placeholder a number",
            set(text_question(), "/questions/0/placeholder", json!(3)),
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
