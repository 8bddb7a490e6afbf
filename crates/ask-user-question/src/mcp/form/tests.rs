//! The form sent for each question type and for the reference questionnaire, as snapshots
//! (`tests/snapshots/mcp-forms/`; `UPDATE_SNAPSHOTS=1` rewrites them, for review like code), and
//! the answers read back from a form's reply.

use std::path::PathBuf;

use serde_json::{Value, json};

use super::*;

fn questionnaire(input: Value) -> Questionnaire {
    question::validate(&input).expect("a valid questionnaire")
}

fn one(question: Value) -> Questionnaire {
    questionnaire(json!({ "questions": [question] }))
}

/// Compares the form's JSON with its snapshot, or rewrites it under `UPDATE_SNAPSHOTS=1`.
fn assert_snapshot(name: &str, form: &Form) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots/mcp-forms")
        .join(format!("{name}.json"));
    let sent = json!({ "message": form.message, "requestedSchema": form.schema });
    let current = format!("{}\n", serde_json::to_string_pretty(&sent).unwrap());
    let updating = std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0");
    if updating && std::env::var_os("CI").is_none() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &current).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == current,
        "the form differs from {}; run `UPDATE_SNAPSHOTS=1 cargo test -p ask-user-question mcp::form` and review the diff\n{current}",
        path.display()
    );
}

fn form(questionnaire: &Questionnaire) -> Form {
    Form::of(questionnaire).expect("a form")
}

fn single() -> Questionnaire {
    one(
        json!({"id": "approach", "header": "Approach", "prompt": "Which approach?",
        "context": "We are **late**.",
        "options": [
            {"value": "safe", "label": "Safe", "description": "Small steps", "recommended": true,
             "preview": "## Plan\nStart with tests."},
            {"value": "fast", "label": "Fast"}
        ]}),
    )
}

fn multi() -> Questionnaire {
    one(
        json!({"id": "checks", "header": "Checks", "prompt": "Which checks run?", "type": "multi",
        "options": [{"value": "lint", "label": "Lint"}, {"value": "test", "label": "Tests"}]}),
    )
}

fn text() -> Questionnaire {
    one(
        json!({"id": "name", "header": "Name", "prompt": "Service name?", "type": "text",
        "placeholder": "my-service", "required": true}),
    )
}

fn confirm() -> Questionnaire {
    one(json!({"id": "ship", "header": "Ship", "prompt": "Ship it today?", "type": "confirm"}))
}

fn number() -> Questionnaire {
    one(
        json!({"id": "workers", "header": "Workers", "prompt": "How many workers?",
        "type": "number", "min": 1, "max": 64, "unit": "workers", "placeholder": "8"}),
    )
}

fn ratio() -> Questionnaire {
    one(
        json!({"id": "ratio", "header": "Ratio", "prompt": "Sampling ratio?",
        "type": "number", "min": 0, "max": 1, "step": 0.05}),
    )
}

#[test]
fn a_single_choice_is_a_titled_enum_with_free_text_beside_it() {
    assert_snapshot("single", &form(&single()));
}

#[test]
fn a_multi_choice_is_a_multi_select_enum() {
    assert_snapshot("multi", &form(&multi()));
}

#[test]
fn text_is_a_string() {
    assert_snapshot("text", &form(&text()));
}

#[test]
fn confirm_is_a_boolean() {
    assert_snapshot("confirm", &form(&confirm()));
}

#[test]
fn a_whole_number_is_an_integer_with_its_bounds() {
    assert_snapshot("number", &form(&number()));
}

#[test]
fn a_decimal_number_is_a_number_with_its_step_in_the_description() {
    assert_snapshot("number_decimal", &form(&ratio()));
}

#[test]
fn a_number_reads_back_as_a_number_and_an_invalid_one_is_kept_as_the_draft() {
    let workers = number();
    let read = |value: Value| {
        let (state, drafts) = form(&workers).answers(&workers, &json!({ "workers": value }));
        let number = state
            .answer("workers")
            .and_then(|answer| answer.number)
            .map(|n| n.to_json());
        let draft = drafts.get("workers").and_then(|draft| draft.text.clone());
        (number, draft)
    };
    assert_eq!(read(json!(8)), (Some(json!(8)), None));
    assert_eq!(
        read(json!(100)),
        (None, Some("100".into())),
        "above the maximum"
    );
    assert_eq!(read(json!(2.5)), (None, Some("2.5".into())), "not whole");
    assert_eq!(
        read(json!("many")),
        (None, Some("many".into())),
        "not a number"
    );
    let ratio = ratio();
    let content = json!({ "ratio": 0.35 });
    let (state, _) = form(&ratio).answers(&ratio, &content);
    assert_eq!(
        state
            .answer("ratio")
            .and_then(|a| a.number)
            .map(|n| n.to_json()),
        Some(json!(0.35))
    );
}

#[test]
fn a_choice_without_free_text_has_no_field_for_it() {
    let closed = one(
        json!({"id": "a", "header": "A", "prompt": "Pick?", "allowCustom": false,
        "options": [{"value": "x", "label": "X"}]}),
    );
    assert_snapshot("closed", &form(&closed));
}

#[test]
fn the_reference_questionnaire() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/bench/reference.json");
    let input: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_snapshot("reference", &form(&questionnaire(input)));
}

#[test]
fn every_form_is_an_elicitation_schema_rmcp_reads() {
    for questionnaire in [single(), multi(), text(), confirm(), number(), ratio()] {
        let schema = form(&questionnaire).schema;
        let read: rmcp::model::ElicitationSchema =
            serde_json::from_value(schema.clone()).expect("an elicitation schema");
        assert_eq!(
            as_floats(&serde_json::to_value(read).unwrap()["properties"]),
            as_floats(&schema["properties"])
        );
    }
}

/// rmcp holds bounds as floats (`1` reads back as `1.0`): the same number either way.
fn as_floats(value: &Value) -> Value {
    match value {
        Value::Number(n) => json!(n.as_f64()),
        Value::Array(items) => Value::Array(items.iter().map(as_floats).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| (key.clone(), as_floats(value)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[test]
fn a_free_text_field_never_takes_a_question_id() {
    let clash = questionnaire(json!({"questions": [
        {"id": "a", "header": "A", "prompt": "Pick?", "options": [{"value": "x", "label": "X"}]},
        {"id": "a.typed", "header": "B", "prompt": "Why?", "type": "text"}
    ]}));
    let form = form(&clash);
    let names: Vec<&String> = form.schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(names, ["a", "a.typed2", "a.typed"]);
}

#[test]
fn a_secret_question_is_never_asked_in_a_form() {
    let secret = one(
        json!({"id": "token", "header": "Token", "prompt": "Token?", "type": "text", "isSecret": true}),
    );
    assert!(matches!(Form::of(&secret), Err(Unfit::Secret { .. })));
}

fn answered(questionnaire: &Questionnaire, content: Value) -> Value {
    form(questionnaire)
        .submitted(questionnaire, &content)
        .details["answers"]
        .clone()
}

#[test]
fn each_type_is_read_back() {
    assert_eq!(
        answered(&single(), json!({"approach": "fast"}))["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(
        answered(&multi(), json!({"checks": ["test", "lint"]}))["checks"]["values"],
        json!(["lint", "test"])
    );
    assert_eq!(
        answered(&text(), json!({"name": "billing"}))["name"]["customText"],
        "billing"
    );
    assert_eq!(
        answered(&confirm(), json!({"ship": false}))["ship"]["values"],
        json!(["no"])
    );
    assert_eq!(
        answered(&confirm(), json!({"ship": true}))["ship"]["labels"],
        json!(["Yes"])
    );
}

#[test]
fn free_text_beside_a_choice_is_the_answer() {
    let answers = answered(
        &single(),
        json!({"approach": "safe", "approach.typed": "both, in turn"}),
    );
    assert_eq!(answers["approach"]["customText"], "both, in turn");
    assert_eq!(answers["approach"]["values"], json!([]));
}

#[test]
fn a_value_the_form_did_not_offer_is_kept_as_typed_text() {
    let answers = answered(&single(), json!({"approach": "neither"}));
    assert_eq!(answers["approach"]["customText"], "neither");
}

#[test]
fn an_empty_form_skips_every_question_and_says_where_it_was_answered() {
    let result = form(&text()).submitted(&text(), &json!({}));
    assert_eq!(result.details["answers"]["name"]["status"], "skipped");
    assert_eq!(result.details["via"], "form");
    assert!(
        result.content.contains("client's form"),
        "{}",
        result.content
    );
}

#[test]
fn a_declined_form_is_cancelled() {
    let result = cancelled(&single());
    assert!(result.is_cancelled());
    assert!(
        result.content.starts_with("User cancelled the question."),
        "{}",
        result.content
    );
}

/// The draft kept for question `id` when the form's reply is `content`.
fn draft_of(questionnaire: &Questionnaire, content: Value, id: &str) -> Value {
    answered(questionnaire, content)[id]["draft"].clone()
}

#[test]
fn what_a_question_cannot_take_is_kept_as_its_draft() {
    let closed = one(
        json!({"id": "a", "header": "A", "prompt": "Pick?", "allowCustom": false,
        "options": [{"value": "x", "label": "X"}]}),
    );
    let cases = [
        (closed.clone(), json!({"a": "z"}), "a", json!({"text": "z"})),
        (
            closed.clone(),
            json!({"a": ["x", "z"]}),
            "a",
            json!({"text": "x, z"}),
        ),
        (closed, json!({"a": 4}), "a", json!({"text": "4"})),
        (
            multi(),
            json!({"checks": [1, "lint"]}),
            "checks",
            json!({"text": "1"}),
        ),
        (text(), json!({"name": 42}), "name", json!({"text": "42"})),
        (
            confirm(),
            json!({"ship": "maybe"}),
            "ship",
            json!({"text": "maybe"}),
        ),
        (
            single(),
            json!({"approach": "neither", "approach.typed": "both"}),
            "approach",
            json!({"text": "neither"}),
        ),
    ];
    for (questionnaire, content, id, draft) in cases {
        assert_eq!(
            draft_of(&questionnaire, content.clone(), id),
            draft,
            "{content}"
        );
    }
}

#[test]
fn one_value_where_a_list_or_one_pick_is_asked_can_mean_only_that_value() {
    let answers = answered(&single(), json!({"approach": ["fast"]}));
    assert_eq!(answers["approach"]["values"], json!(["fast"]));
    assert_eq!(answers["approach"]["draft"], Value::Null);
    let answers = answered(&multi(), json!({"checks": "test"}));
    assert_eq!(answers["checks"]["values"], json!(["test"]));
}

#[test]
fn values_the_form_did_not_offer_for_a_multi_choice_are_one_free_text() {
    let answers = answered(&multi(), json!({"checks": ["lint", "fuzz", "bench"]}));
    assert_eq!(answers["checks"]["values"], json!(["lint"]));
    assert_eq!(answers["checks"]["customText"], "fuzz, bench");
}
