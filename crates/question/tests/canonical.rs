//! Every accepted shape, written back as canonical input, validates to the same questionnaire
//! with no key ignored: what a host with a schema check of its own hands on.

use question::{Questionnaire, ValidateOptions, validate, validate_report};
use serde_json::{Value, json};

/// Validates `input`, writes it back, and checks the canonical form says the same thing and
/// uses only keys of the canonical shape.
fn round_trip(input: Value) -> Value {
    let questionnaire: Questionnaire =
        validate(&input).unwrap_or_else(|issues| panic!("{input}: {issues:#?}"));
    let canonical = questionnaire.to_canonical_input();
    let report = validate_report(&canonical, ValidateOptions::default());
    assert_eq!(report.ignored, vec![], "{canonical}");
    assert_eq!(report.questionnaire, Ok(questionnaire), "{canonical}");
    canonical
}

/// The shape the JSON Schema describes: `questions` of objects, each `type` one of the four,
/// options as objects with a label.
fn assert_schema_shaped(canonical: &Value) {
    let questions = canonical["questions"].as_array().expect("questions array");
    for question in questions {
        let kind = question["type"].as_str().expect("type");
        assert!(
            ["single", "multi", "text", "confirm"].contains(&kind),
            "{question}"
        );
        for option in question["options"].as_array().into_iter().flatten() {
            assert!(option["label"].is_string(), "{option}");
        }
    }
}

#[test]
fn the_canonical_shape_with_every_field() {
    let canonical = round_trip(json!({
        "title": "Release plan",
        "labels": {"submit": "Enviar", "yes": "Sí"},
        "questions": [
            {"id": "approach", "header": "Approach", "prompt": "Which approach?", "context": "**Now:** small steps",
             "required": true, "options": [
                {"value": "safe", "label": "Safe", "description": "Small changes", "preview": "## Plan", "recommended": true},
                {"value": "fast", "label": "Fast"}]},
            {"id": "scopes", "header": "Scopes", "prompt": "Which scopes?", "type": "multi", "allowCustom": false,
             "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
            {"id": "name", "header": "Name", "prompt": "Name?", "type": "text", "placeholder": "my-service"},
            {"id": "go", "header": "Go", "prompt": "Ship it?", "type": "confirm"}
        ]
    }));
    assert_schema_shaped(&canonical);
    assert_eq!(
        canonical["questions"][3].get("options"),
        None,
        "Yes/No are synthesized"
    );
}

#[test]
fn claude_codes_shape_and_its_recommended_suffix() {
    let canonical = round_trip(json!({"questions": [{
        "question": "Which database should the service use?", "header": "Database", "multiSelect": false,
        "options": [{"label": "Postgres (Recommended)", "description": "Relational"}, {"label": "SQLite"}]
    }]}));
    assert_schema_shaped(&canonical);
    assert_eq!(
        canonical["questions"][0]["options"][0]["label"],
        "Postgres (Recommended)"
    );
    assert_eq!(canonical["questions"][0]["options"][0]["recommended"], true);
}

#[test]
fn copilot_clis_lone_question() {
    let canonical = round_trip(json!({
        "question": "Which package manager?", "choices": ["pnpm", "npm"], "allow_freeform": false
    }));
    assert_schema_shaped(&canonical);
    assert_eq!(canonical["questions"][0]["allowCustom"], false);
}

#[test]
fn gemini_clis_types() {
    let canonical = round_trip(json!({"questions": [
        {"question": "Which?", "header": "Pick", "type": "choice", "multiSelect": true,
         "options": [{"label": "A", "description": "a"}, {"label": "B", "description": "b"}]},
        {"question": "Name?", "header": "Name", "type": "text", "placeholder": "svc"},
        {"question": "Go?", "header": "Go", "type": "yesno"}
    ]}));
    assert_schema_shaped(&canonical);
    let kinds: Vec<&str> = canonical["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["multi", "text", "confirm"]);
}

#[test]
fn opencode_oh_my_pi_codex_cline_and_roo() {
    for input in [
        json!({"questions": [{"question": "Which?", "header": "H", "multiple": true, "custom": false,
                               "options": [{"label": "A", "description": "a"}, {"label": "B", "description": "b"}]}]}),
        json!({"questions": [{"id": "x", "question": "Which?", "multi": true, "recommended": 1,
                               "options": [{"label": "A"}, {"label": "B"}]}]}),
        json!({"questions": [{"id": "token", "header": "Token", "question": "API token?", "isOther": true, "isSecret": true,
                               "options": [{"label": "Use the saved one", "description": "from the keychain"}]}]}),
        json!({"question": "Which framework?", "options": ["React", "Vue"]}),
        json!({"question": "Which framework?", "follow_up": [{"text": "React"}, {"text": "Vue"}]}),
    ] {
        assert_schema_shaped(&round_trip(input));
    }
}
