//! Both input shapes normalized to the canonical questionnaire.

use super::*;

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
fn ids_and_headers_left_out_are_made_up_in_any_shape() {
    let input = json!({
        "questions": [
            { "header": "Database", "prompt": "Which database?", "options": ["Postgres", "SQLite"] },
            { "prompt": "Which cache?", "options": ["Redis", "None"] },
            { "id": "q3", "prompt": "Anything else?", "type": "text" },
            { "header": "Database", "prompt": "Which region?", "type": "text" },
            { "question": "Which CI?", "header": "q2" },
            { "id": "q2", "header": "Tests", "prompt": "Run them?", "type": "confirm" }
        ]
    });
    let read: Vec<(String, String)> = validate(&input)
        .unwrap()
        .questions
        .into_iter()
        .map(|q| (q.id, q.header))
        .collect();
    let expected = [
        ("Database", "Database"),
        // q2 is written by the last question, so this one takes the next free name.
        ("q2_2", "Q2"),
        ("q3", "Q3"),
        // A header an earlier question took as its id is no id for a second one.
        ("q4", "Database"),
        // A header that another question writes as its id is none either.
        ("q5", "q2"),
        ("q2", "Tests"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(id, header)| (id.to_string(), header.to_string()))
        .collect();
    assert_eq!(read, expected);
}

#[test]
fn keys_spelled_another_way_are_read_as_their_fields() {
    let input = json!({
        "Title": "Setup",
        "questions": [
            { "ID": "env", "Header": "Env", "prompt": "Where?", "multi_select": true,
              "options": [{ "Label": "dev", "is_recommended": true }, { "label": "prod", "Recommended": true }] },
            { "id": "token", "header": "Token", "prompt": "Token?", "type": "TEXT", "is-secret": true },
        ]
    });
    let report = question::validate_report(&input, ValidateOptions::default());
    let questionnaire = report.questionnaire.unwrap();
    assert_eq!(questionnaire.title.as_deref(), Some("Setup"));
    let env = &questionnaire.questions[0];
    assert_eq!((env.id.as_str(), env.header.as_str()), ("env", "Env"));
    assert_eq!(env.kind, QuestionType::Multi);
    assert_eq!(env.options[0].label, "dev");
    assert!(
        !env.options[0].recommended,
        "is_recommended is no spelling of recommended"
    );
    assert!(env.options[1].recommended);
    assert!(questionnaire.questions[1].secret);
    let ignored: Vec<&str> = report.ignored.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(ignored, ["/questions/0/options/0/is_recommended"]);
}

#[test]
fn issues_about_keys_spelled_another_way_point_where_they_were_sent() {
    let input = json!({
        "Questions": [{ "id": "a", "prompt": "Pick?", "MultiSelect": "often",
                        "Options": [{ "Label": "A" }, { "Label": " " }] }]
    });
    let paths: Vec<String> = validate(&input)
        .unwrap_err()
        .into_iter()
        .map(|issue| issue.path)
        .collect();
    assert_eq!(
        paths,
        ["/Questions/0/MultiSelect", "/Questions/0/Options/1/Label"]
    );
}

#[test]
fn an_option_with_only_a_value_or_an_id_shows_it() {
    let input = json!({ "questions": [{ "id": "db", "header": "DB", "prompt": "Which?", "options": [
        { "value": "pg", "description": "Postgres 16" }, { "id": 7 }, { "label": "MySQL" }
    ] }] });
    let options: Vec<(String, String)> = validate(&input).unwrap().questions[0]
        .options
        .iter()
        .map(|o| (o.value.clone(), o.label.clone()))
        .collect();
    let expected = [("pg", "pg"), ("7", "7"), ("MySQL", "MySQL")];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(v, l)| (v.to_string(), l.to_string()))
        .collect();
    assert_eq!(options, expected);
}

#[test]
fn a_question_with_both_prompt_and_question_is_canonical() {
    let input = json!({
        "questions": [{ "id": "a", "header": "A", "prompt": "The prompt", "question": "ignored", "type": "text" }]
    });
    assert_eq!(validate(&input).unwrap().questions[0].prompt, "The prompt");
}
