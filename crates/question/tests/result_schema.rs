//! Every way a call ends gives `details` that conform to the result's schema
//! (`question::result_schema`), the one MCP clients are told to expect and the TypeScript types
//! are written from.

use question::{
    AnswerState, Draft, ResultOptions, conforms, invalid_result, no_ui_result, result_schema,
    validate,
};
use serde_json::{Value, json};

/// Every kind of question and every optional field a question can carry.
fn everything() -> Value {
    json!({
        "title": "Release",
        "labels": { "submit": "Enviar" },
        "questions": [
            { "id": "approach", "header": "Approach", "prompt": "Which approach?", "context": "**Now** `v2`",
              "options": [
                { "value": "safe", "label": "Safe", "description": "Slow", "preview": "# Plan", "recommended": true },
                { "value": "fast", "label": "Fast" } ] },
            { "id": "scope", "header": "Scope", "prompt": "Which scopes?", "type": "multi", "allowCustom": false,
              "options": [ { "value": "repo", "label": "repo" }, { "value": "org", "label": "read:org" } ] },
            { "id": "token", "header": "Token", "prompt": "The token?", "type": "text", "secret": true, "placeholder": "ghp_…" },
            { "id": "ship", "header": "Ship", "prompt": "Ship it?", "type": "confirm", "required": false },
            { "id": "workers", "header": "Workers", "prompt": "How many?", "type": "number",
              "min": 1, "max": 64, "step": 0.5, "unit": "workers" }
        ]
    })
}

fn answered() -> AnswerState {
    AnswerState::new(validate(&everything()).expect("the fixture is valid"))
        .select("approach", "safe")
        .and_then(|s| s.set_custom_text("approach", "both, in turn"))
        .and_then(|s| s.set_option_note("approach", "fast", "too risky"))
        .and_then(|s| s.set_question_note("approach", "see the wiki"))
        .and_then(|s| s.toggle("scope", "org"))
        .and_then(|s| s.set_custom_text("token", "s3cret"))
        .and_then(|s| s.select("ship", "yes"))
        .and_then(|s| s.set_number("workers", "8.5"))
        .expect("the answers are valid")
}

fn drafts() -> ResultOptions {
    let draft = Draft {
        text: Some("json".into()),
        note: Some("half a thought".into()),
        option_notes: [("safe".to_string(), "unsent".to_string())].into(),
    };
    ResultOptions::cancelled().with_drafts([("approach".to_string(), draft)].into())
}

fn assert_conforms(details: &Value, case: &str) {
    if let Err(violation) = conforms(details, &result_schema()) {
        panic!("{case}: {violation}\n{details:#}");
    }
}

#[test]
fn every_ending_conforms() {
    let questionnaire = validate(&everything()).unwrap();
    let untouched = AnswerState::new(questionnaire);
    let cases = [
        ("submitted", answered().build_result(ResultOptions::submitted())),
        ("nothing answered", untouched.build_result(ResultOptions::submitted())),
        ("cancelled with drafts", answered().build_result(drafts())),
        ("aborted", answered().build_result(ResultOptions::aborted())),
        ("timed out", untouched.build_result(ResultOptions::timed_out())),
        ("no UI, valid input", no_ui_result(&everything())),
        ("no UI, invalid input", no_ui_result(&json!({"questions": 3}))),
        (
            "invalid, with ignored keys",
            invalid_result(
                validate(&json!({"questions": [{"id": "", "header": "A", "prompt": "?", "colour": "red"}]}))
                    .unwrap_err(),
            ),
        ),
    ];
    for (case, result) in cases {
        assert_conforms(&result.details, case);
    }
}

#[test]
fn what_hosts_add_conforms() {
    let mut details = answered().build_result(ResultOptions::submitted()).details;
    details["answeredIn"] = json!("web");
    details["via"] = json!("form");
    details["answeredAfterCallEnded"] = json!(true);
    assert_conforms(&details, "a host's keys");
}

#[test]
fn a_key_the_schema_does_not_declare_fails() {
    let mut details = answered().build_result(ResultOptions::submitted()).details;
    details["answers"]["approach"]["picked"] = json!(true);
    assert_eq!(
        conforms(&details, &result_schema()),
        Err("/answers/approach/picked: not a key the schema declares".to_string())
    );
}
