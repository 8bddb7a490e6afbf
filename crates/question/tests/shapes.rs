//! Other agents' ask-tool shapes (`docs/behaviour.md#other-agents-shapes`) and the warnings for
//! ignored keys (`docs/behaviour.md#validation`).

mod common;

use common::issues;
use question::{
    AnswerState, Issue, IssueCode, Question, QuestionType, Questionnaire, ResultOptions,
    ValidateOptions, validate, validate_report,
};
use serde_json::{Value, json};

fn valid(input: Value) -> Questionnaire {
    validate(&input).unwrap_or_else(|issues| panic!("{input}: {issues:#?}"))
}

fn only_question(input: Value) -> Question {
    let mut questionnaire = valid(input);
    assert_eq!(questionnaire.questions.len(), 1);
    questionnaire.questions.remove(0)
}

fn labels(question: &Question) -> Vec<&str> {
    question.options.iter().map(|o| o.label.as_str()).collect()
}

fn values(question: &Question) -> Vec<&str> {
    question.options.iter().map(|o| o.value.as_str()).collect()
}

fn recommended(question: &Question) -> Vec<bool> {
    question.options.iter().map(|o| o.recommended).collect()
}

/// The (path, message) of every ignored-key warning, valid input or not.
fn warnings(input: Value) -> Vec<(String, String)> {
    validate_report(&input, ValidateOptions::default())
        .ignored
        .into_iter()
        .inspect(|issue| assert_eq!(issue.code, IssueCode::Ignored))
        .map(|issue| (issue.path, issue.message))
        .collect()
}

fn warning_paths(input: Value) -> Vec<String> {
    warnings(input).into_iter().map(|(path, _)| path).collect()
}

fn problems(input: Value) -> Vec<(String, IssueCode)> {
    issues(&input)
}

#[test]
fn copilot_cli_asks_one_question_at_the_top_level() {
    let question = only_question(json!({
        "question": "Which package manager should the new workspace use?",
        "choices": ["pnpm", "npm", "yarn"],
        "allow_freeform": true
    }));
    assert_eq!(
        question.prompt,
        "Which package manager should the new workspace use?"
    );
    assert_eq!(question.kind, QuestionType::Single);
    assert_eq!(
        (question.id.as_str(), question.header.as_str()),
        ("q1", "Q1")
    );
    assert_eq!(labels(&question), ["pnpm", "npm", "yarn"]);
    assert_eq!(values(&question), ["pnpm", "npm", "yarn"]);
    assert!(question.allow_custom);

    let closed = only_question(json!({
        "question": "Pick one", "choices": ["a", "b"], "allow_freeform": false
    }));
    assert!(!closed.allow_custom);
    let open = only_question(json!({ "question": "What should the branch be called?" }));
    assert_eq!(open.kind, QuestionType::Text);
}

#[test]
fn a_top_level_question_reports_problems_at_its_own_keys() {
    assert_eq!(
        problems(json!({ "question": "Pick", "choices": ["a", " ", "a"] })),
        [
            ("/choices/1".to_string(), IssueCode::Blank),
            ("/choices/2".to_string(), IssueCode::DuplicateValue),
        ]
    );
    assert_eq!(
        problems(json!({ "question": "Pick", "choices": "a, b" })),
        [("/choices".to_string(), IssueCode::InvalidType)]
    );
}

#[test]
fn gemini_cli_types_choice_text_and_yesno() {
    let questionnaire = valid(json!({ "questions": [
        { "header": "Tests", "question": "Which suites?", "type": "choice", "multiSelect": true,
          "options": [{ "label": "unit", "description": "fast" }, { "label": "e2e", "description": "slow" }] },
        { "header": "Runner", "question": "Which runner?", "type": "choice", "multiSelect": false,
          "options": [{ "label": "vitest", "description": "" }, { "label": "jest", "description": "" }] },
        { "header": "Name", "question": "Package name?", "type": "text", "placeholder": "my-pkg" },
        { "header": "Ship", "question": "Publish now?", "type": "yesno" }
    ]}));
    let kinds: Vec<QuestionType> = questionnaire.questions.iter().map(|q| q.kind).collect();
    assert_eq!(
        kinds,
        [
            QuestionType::Multi,
            QuestionType::Single,
            QuestionType::Text,
            QuestionType::Confirm
        ]
    );
    assert_eq!(
        questionnaire.questions[2].placeholder.as_deref(),
        Some("my-pkg")
    );
    assert_eq!(values(&questionnaire.questions[3]), ["yes", "no"]);
}

#[test]
fn types_as_forms_and_other_tools_spell_them() {
    use QuestionType::{Confirm, Multi, Number, Single, Text};
    let cases = [
        // (type, a multiple-choice flag, read as)
        ("multiple_choice", None, Single),
        ("Multiple Choice", Some(true), Multi),
        ("select", None, Single),
        ("dropdown", Some(false), Single),
        ("single-select", None, Single),
        ("radio", None, Single),
        ("SINGLE", None, Single),
        ("checkbox", None, Multi),
        ("multi-select", None, Multi),
        ("multiselect", None, Multi),
        ("boolean", None, Confirm),
        ("yes/no", None, Confirm),
        ("yes_no", None, Confirm),
        ("free_text", None, Text),
        ("open-ended", None, Text),
        ("string", None, Text),
        ("integer", None, Number),
    ];
    for (spelled, many, expected) in cases {
        let mut question = json!({ "question": "Which?", "type": spelled });
        if let Some(flag) = many {
            question["multiSelect"] = json!(flag);
        }
        if matches!(expected, Single | Multi) {
            question["options"] = json!(["a", "b"]);
        }
        let input = json!({ "questions": [question] });
        assert_eq!(only_question(input).kind, expected, "{spelled} {many:?}");
    }
    let form = json!({ "questions": [{ "question": "Which?", "type": "multiple_choice",
        "allow_multiple": true, "options": ["a", "b"] }] });
    assert_eq!(only_question(form).kind, Multi, "a form's allow_multiple");
}

#[test]
fn a_type_nobody_spells_names_ours() {
    let input = json!({ "questions": [{ "question": "How good?", "type": "rating" }] });
    let found = validate(&input).expect_err("rating is no type");
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].path, "/questions/0/type");
    assert_eq!(found[0].code, IssueCode::InvalidType);
    assert_eq!(
        found[0].message,
        "type must be one of \"single\", \"multi\", \"text\", \"confirm\", \"number\", not \"rating\"."
    );
}

#[test]
fn opencode_multiple_and_custom() {
    let question = only_question(json!({ "questions": [{
        "header": "Targets", "question": "Which platforms should the release build?",
        "multiple": true, "custom": false,
        "options": [{ "label": "linux", "description": "x64 and arm64" }, { "label": "macos", "description": "universal" }]
    }]}));
    assert_eq!(question.kind, QuestionType::Multi);
    assert!(!question.allow_custom);
}

#[test]
fn oh_my_pi_multi_and_recommended_index() {
    let question = only_question(json!({ "questions": [{
        "id": "cache", "question": "Which cache?", "multi": true, "recommended": 1,
        "options": [{ "label": "Redis" }, { "label": "Memcached" }, { "label": "In-process" }]
    }]}));
    assert_eq!(question.kind, QuestionType::Multi);
    assert_eq!(recommended(&question), [false, true, false]);
    assert_eq!(question.id, "cache");
}

#[test]
fn a_question_recommends_options_by_index_value_or_label_and_a_stray_one_is_ignored() {
    let input = |recommended: Value| {
        json!({ "questions": [{ "question": "Which?", "recommended": recommended,
                                "options": [{ "label": "A" }, { "value": "b", "label": "B" }, { "label": "C" }] }] })
    };
    for (recommended_as, marked) in [
        (json!(1), [false, true, false]),
        (json!("A"), [true, false, false]),
        (json!(" b "), [false, true, false]),
        (json!("2"), [false, false, true]),
        (json!(["A", 2]), [true, false, true]),
    ] {
        let question = only_question(input(recommended_as.clone()));
        assert_eq!(recommended(&question), marked, "{recommended_as}");
        assert!(warnings(input(recommended_as)).is_empty());
    }
    assert_eq!(
        warnings(input(json!(3))),
        [(
            "/questions/0/recommended".to_string(),
            "recommended is 3, but the options are numbered 0 to 2 and named by their values and labels, so no option was marked."
                .to_string()
        )]
    );
    for stray in [
        json!(-1),
        json!(0.5),
        json!("D"),
        json!(true),
        json!({"a": 1}),
    ] {
        let question = only_question(input(stray.clone()));
        assert_eq!(recommended(&question), [false, false, false], "{stray}");
        let warned: Vec<String> = warnings(input(stray.clone()))
            .into_iter()
            .map(|w| w.0)
            .collect();
        assert_eq!(warned, ["/questions/0/recommended"], "{stray}");
    }
}

#[test]
fn codex_is_other_and_is_secret() {
    let questionnaire = valid(json!({ "questions": [
        { "id": "region", "header": "Region", "question": "Which region?", "isOther": false,
          "options": [{ "label": "eu-west-1", "description": "Ireland" }, { "label": "us-east-1", "description": "Virginia" }] },
        { "id": "token", "header": "Token", "question": "Paste the deploy token", "isOther": true, "isSecret": true }
    ]}));
    let [region, token] = &questionnaire.questions[..] else {
        panic!("two questions")
    };
    assert!(!region.allow_custom && !region.secret);
    assert_eq!(token.kind, QuestionType::Text);
    assert!(token.allow_custom && token.secret);
}

#[test]
fn a_secret_answer_reaches_the_model_and_is_marked_in_details() {
    let state = AnswerState::new(valid(json!({ "questions": [
        { "id": "token", "header": "Token", "question": "Paste the deploy token", "isSecret": true }
    ]})))
    .set_custom_text("token", "s3cr3t-value")
    .unwrap();
    let result = state.build_result(ResultOptions::submitted());
    assert!(
        result.content.contains("s3cr3t-value"),
        "{}",
        result.content
    );
    assert_eq!(result.details["questions"][0]["secret"], json!(true));
    assert_eq!(
        result.details["answers"]["token"]["customText"],
        json!("s3cr3t-value")
    );
}

#[test]
fn codex_option_less_questions_stay_free_text_whatever_is_other_says() {
    let input = json!({ "questions": [{ "id": "name", "header": "Name", "question": "Name?", "isOther": false }] });
    let question = only_question(input.clone());
    assert_eq!(question.kind, QuestionType::Text);
    assert!(question.allow_custom);
    assert_eq!(warning_paths(input), ["/questions/0/isOther"]);
}

#[test]
fn cline_string_options_and_roo_follow_up() {
    let cline = only_question(json!({
        "question": "Should the migration run before or after the deploy?",
        "options": ["Before the deploy", "After the deploy"]
    }));
    assert_eq!(cline.kind, QuestionType::Single);
    assert_eq!(values(&cline), ["Before the deploy", "After the deploy"]);

    let roo = json!({
        "question": "Which file holds the config?",
        "follow_up": [{ "text": "config/app.toml", "mode": "code" }, { "text": "app.config.ts" }]
    });
    let question = only_question(roo.clone());
    assert_eq!(labels(&question), ["config/app.toml", "app.config.ts"]);
    assert_eq!(values(&question), ["config/app.toml", "app.config.ts"]);
    assert_eq!(warning_paths(roo), ["/follow_up/0/mode"]);
}

#[test]
fn string_options_mix_with_objects_in_any_shape() {
    let question = only_question(json!({ "questions": [{
        "id": "db", "header": "DB", "prompt": "Which database?",
        "options": ["Postgres", { "value": "lite", "label": "SQLite" }]
    }]}));
    assert_eq!(values(&question), ["Postgres", "lite"]);
}

#[test]
fn an_option_without_a_value_takes_its_id_or_else_its_label() {
    let question = only_question(json!({ "questions": [{
        "id": "db", "header": "DB", "prompt": "Which database?",
        "options": [
            { "label": "Postgres" },
            { "id": "my", "label": "MySQL" },
            { "id": 3, "label": "SQLite" },
            { "value": "duck", "id": "dd", "label": "DuckDB" }
        ]
    }]}));
    assert_eq!(values(&question), ["Postgres", "my", "3", "duck"]);
    assert_eq!(labels(&question), ["Postgres", "MySQL", "SQLite", "DuckDB"]);
    assert_eq!(
        warning_paths(json!({ "questions": [{
            "id": "db", "header": "DB", "prompt": "Which database?",
            "options": [{ "value": "duck", "id": "dd", "label": "DuckDB" }, "SQLite"]
        }]})),
        ["/questions/0/options/0/id"]
    );
    assert_eq!(
        problems(json!({ "questions": [{
            "id": "db", "header": "DB", "prompt": "Which database?",
            "options": [{ "id": "pg", "label": "Postgres" }, { "id": "pg", "label": "PostgreSQL" }]
        }]})),
        [(
            "/questions/0/options/1/id".to_string(),
            IssueCode::DuplicateValue
        )]
    );
}

#[test]
fn options_that_read_the_same_are_duplicates() {
    for twin in ["x ", " x", "x\u{200b}", "\u{feff}x", "x\u{7}"] {
        assert_eq!(
            problems(json!({ "question": "Pick", "options": ["x", twin] })),
            [("/options/1".to_string(), IssueCode::DuplicateValue)],
            "{twin:?}"
        );
    }
    assert!(problems(json!({ "question": "Pick", "options": ["x", "x y"] })).is_empty());
}

#[test]
fn numbers_as_options_are_their_own_labels() {
    let question = only_question(json!({
        "question": "How many replicas?", "options": [1, 2, 3.5]
    }));
    assert_eq!(values(&question), ["1", "2", "3.5"]);
}

#[test]
fn a_top_level_question_may_say_prompt() {
    let lone = json!({ "id": "deploy", "header": "Deploy", "prompt": "Deploy now?", "options": ["Yes", "No"] });
    let question = only_question(lone.clone());
    assert_eq!(question.prompt, "Deploy now?");
    assert_eq!(values(&question), ["Yes", "No"]);
    assert!(warnings(lone).is_empty());
}

#[test]
fn lists_sent_as_json_text_or_as_one_object_are_read_as_lists() {
    let questions = json!([{
        "question": "Which database?", "header": "DB",
        "options": "[\"Postgres\", {\"label\": \"SQLite\", \"description\": \"A file\"}]"
    }, {
        "question": "Which regions?", "multiSelect": true,
        "options": [{ "label": "eu" }, { "label": "us" }]
    }]);
    let as_text = json!({ "title": "Setup", "questions": questions.to_string() });
    let questionnaire = valid(as_text.clone());
    assert_eq!(questionnaire.title.as_deref(), Some("Setup"));
    assert_eq!(values(&questionnaire.questions[0]), ["Postgres", "SQLite"]);
    assert_eq!(
        questionnaire.questions[0].options[1].description.as_deref(),
        Some("A file")
    );
    assert_eq!(questionnaire.questions[1].kind, QuestionType::Multi);
    // The canonical input a host hands on holds real arrays.
    let canonical = questionnaire.to_canonical_input();
    assert!(canonical["questions"].is_array() && canonical["questions"][0]["options"].is_array());
    assert_eq!(valid(canonical), questionnaire);

    let lone = only_question(json!({
        "question": "Deploy now?", "choices": " [\"Yes\", \"Not yet\"] "
    }));
    assert_eq!(values(&lone), ["Yes", "Not yet"]);

    let one = only_question(json!({ "questions": {
        "question": "Deploy now?", "header": "Deploy", "options": ["Yes", "Not yet"]
    }}));
    assert_eq!(one.header, "Deploy");
    assert_eq!(values(&one), ["Yes", "Not yet"]);

    let one_as_text = only_question(json!({ "questions": json!({
        "question": "Deploy now?", "header": "Deploy", "options": ["Yes", "Not yet"]
    }).to_string()}));
    assert_eq!(one_as_text, one);
}

#[test]
fn numbered_ids_and_flags_written_as_text_are_read() {
    let questionnaire = valid(json!({ "questions": [{
        "id": 1, "header": "Size", "prompt": "Which size?", "required": "TRUE",
        "options": [{ "value": 1, "label": "Small" }, { "value": 2.5, "label": "Medium" }]
    }, {
        "question": "Which regions?", "multiSelect": " true ", "allowCustom": "false",
        "options": [{ "label": "eu", "recommended": "true" }, { "label": "us" }]
    }]}));
    let [size, regions] = &questionnaire.questions[..] else {
        panic!("two questions")
    };
    assert_eq!(size.id, "1");
    assert!(size.required);
    assert_eq!(values(size), ["1", "2.5"]);
    assert_eq!(regions.kind, QuestionType::Multi);
    assert!(!regions.allow_custom);
    assert_eq!(recommended(regions), [true, false]);

    let found = problems(json!({ "questions": [{
        "id": true, "header": "H", "prompt": "P?", "multiSelect": "yes",
        "options": [{ "value": 1, "label": "One" }, { "value": "1", "label": "Uno" }]
    }]}));
    assert_eq!(
        found,
        [
            ("/questions/0/id".to_string(), IssueCode::InvalidType),
            (
                "/questions/0/multiSelect".to_string(),
                IssueCode::InvalidType
            ),
            (
                "/questions/0/options/1/value".to_string(),
                IssueCode::DuplicateValue
            ),
        ]
    );
}

#[test]
fn text_that_holds_no_json_list_is_still_the_wrong_type() {
    for (questions, path) in [
        (json!("Which database?"), "/questions"),
        (json!("[{\"question\": \"cut off"), "/questions"),
        (json!("{\"header\": \"DB\"}"), "/questions"),
        (
            json!([{ "question": "Which?", "options": "Postgres, SQLite" }]),
            "/questions/0/options",
        ),
    ] {
        let found = problems(json!({ "questions": questions }));
        assert_eq!(
            found,
            [(path.to_string(), IssueCode::InvalidType)],
            "{questions}"
        );
    }
}

#[test]
fn a_recommended_suffix_marks_the_option_and_the_label_stays() {
    let questionnaire = valid(json!({ "questions": [{
        "question": "Which approach?", "header": "Approach",
        "options": [{ "label": "Small steps (Recommended)", "description": "reviewable" },
                    { "label": "One big change" },
                    { "label": "Spike first (recommended) " }]
    }]}));
    let question = &questionnaire.questions[0];
    assert_eq!(recommended(question), [true, false, true]);
    assert_eq!(question.options[0].label, "Small steps (Recommended)");
    assert!(question.options[0].label_says_recommended());
    assert!(!question.options[1].label_says_recommended());
    let shown: Vec<&str> = question.options.iter().map(|o| o.shown_label()).collect();
    assert_eq!(shown, ["Small steps", "One big change", "Spike first"]);

    let state = AnswerState::new(questionnaire.clone())
        .select("Approach", "Small steps (Recommended)")
        .unwrap();
    let result = state.build_result(ResultOptions::submitted());
    assert_eq!(
        result.content,
        "Approach: user selected: 1. Small steps (Recommended)"
    );
    assert_eq!(
        result.details["answers"]["Approach"]["labels"],
        json!(["Small steps (Recommended)"])
    );
}

#[test]
fn a_label_that_is_only_the_suffix_is_shown_whole() {
    let question = only_question(json!({ "questions": [{
        "question": "Which?", "header": "Which",
        "options": [{ "label": "(Recommended)" }, { "label": "Other" }]
    }]}));
    assert_eq!(question.options[0].shown_label(), "(Recommended)");
}

#[test]
fn claude_codes_markdown_is_a_preview() {
    let question = only_question(json!({ "questions": [{
        "question": "Layout?", "options": [{ "label": "Grid", "markdown": "+--+--+\n|  |  |" }]
    }]}));
    assert_eq!(
        question.options[0].preview.as_deref(),
        Some("+--+--+\n|  |  |")
    );
}

#[test]
fn ignored_keys_are_warnings_with_paths_and_the_likely_key() {
    let input = json!({
        "titel": "Plan",
        "labels": { "sumbit": "Go" },
        "questions": [{
            "id": "a", "header": "A", "prompt": "Pick", "multiSelct": true,
            "options": [{ "value": "x", "label": "X", "descripton": "typo" }, { "value": "y", "label": "Y" }]
        }]
    });
    assert!(validate(&input).is_ok());
    assert_eq!(
        warnings(input),
        [
            (
                "/titel".to_string(),
                "titel is not a top-level field, so it was ignored. Did you mean title?"
                    .to_string()
            ),
            (
                "/labels/sumbit".to_string(),
                "sumbit is not a label key, so it was ignored. Did you mean submit?".to_string()
            ),
            (
                "/questions/0/multiSelct".to_string(),
                "multiSelct is not a question field, so it was ignored. Did you mean multiSelect?"
                    .to_string()
            ),
            (
                "/questions/0/options/0/descripton".to_string(),
                "descripton is not an option field, so it was ignored. Did you mean description?"
                    .to_string()
            ),
        ]
    );
}

#[test]
fn keys_overruled_by_others_are_warnings() {
    let input = json!({ "questions": [{
        "id": "a", "header": "A", "prompt": "Pick", "question": "Pick?", "type": "single",
        "multiSelect": true, "options": [{ "value": "x", "label": "X", "text": "ex" }], "choices": ["y"]
    }]});
    assert!(validate(&input).is_ok());
    assert_eq!(
        warning_paths(input),
        [
            "/questions/0/question",
            "/questions/0/choices",
            "/questions/0/multiSelect",
            "/questions/0/options/0/text",
        ]
    );
    // A flag that agrees with the type is no warning.
    assert!(
        warnings(
            json!({ "questions": [{ "question": "Ship?", "type": "yesno", "multiSelect": false }] })
        )
        .is_empty()
    );
}

#[test]
fn a_placeholder_off_a_text_question_is_a_warning() {
    let input = json!({ "questions": [{ "question": "Which?", "type": "choice", "placeholder": "pick",
                                        "options": [{ "label": "A" }] }] });
    assert_eq!(only_question(input.clone()).placeholder, None);
    assert_eq!(warning_paths(input), ["/questions/0/placeholder"]);
}

#[test]
fn invalid_input_lists_the_ignored_keys_after_its_problems() {
    let issues = validate(
        &json!({ "questions": [{ "id": "a", "header": "A", "promt": "Pick?", "options": ["x"] }] }),
    )
    .unwrap_err();
    let listed: Vec<(&str, IssueCode)> = issues
        .iter()
        .map(|issue| (issue.path.as_str(), issue.code))
        .collect();
    assert_eq!(
        listed,
        [
            ("/questions/0/prompt", IssueCode::Blank),
            ("/questions/0/promt", IssueCode::Ignored),
        ]
    );
    assert!(issues[1].is_warning() && !issues[0].is_warning());
    assert!(issues[1].message.ends_with("Did you mean prompt?"));
}

#[test]
fn the_invalid_result_counts_problems_and_lists_ignored_keys_apart() {
    let issues = validate(
        &json!({ "questions": [{ "id": "a", "header": "A", "promt": "Pick?", "options": ["x"] }] }),
    )
    .unwrap_err();
    let result = question::invalid_result(issues);
    assert_eq!(
        result.content,
        "Invalid ask_user_question input (1 problem); nothing was shown to the user. Fix every problem below and call the tool again.\n\
         - /questions/0/prompt (blank): prompt is missing: give a concise, self-contained question, e.g. \"Which approach should we use?\".\n\
         Keys that were ignored:\n\
         - /questions/0/promt (ignored): promt is not a question field, so it was ignored. Did you mean prompt?"
    );
    let codes = |key: &str| -> Vec<Value> {
        result.details[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["code"].clone())
            .collect()
    };
    assert_eq!(codes("issues"), [json!("blank")]);
    assert_eq!(codes("warnings"), [json!("ignored")]);
}

/// Every property name and enum value anywhere in `schema`.
fn schema_words(schema: &Value, words: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                words.extend(properties.keys().cloned());
            }
            if let Some(Value::Array(values)) = map.get("enum") {
                words.extend(values.iter().filter_map(Value::as_str).map(str::to_string));
            }
            map.values().for_each(|value| schema_words(value, words));
        }
        Value::Array(items) => items.iter().for_each(|item| schema_words(item, words)),
        _ => {}
    }
}

#[test]
fn the_schema_given_to_models_keeps_the_rich_shape() {
    let mut words = Vec::new();
    schema_words(&question::schema(), &mut words);
    assert!(words.iter().any(|word| word == "multiSelect"), "{words:?}");
    for alias in [
        "choices",
        "allow_freeform",
        "multiple",
        "multi",
        "allowMultiple",
        "allow_multiple",
        "custom",
        "isOther",
        "isSecret",
        "follow_up",
        "markdown",
        "text",
        "choice",
        "yesno",
    ] {
        let field_or_type = words.iter().filter(|word| *word == alias).count();
        // "multi" and "text" are question types of the canonical shape, never fields.
        let allowed = usize::from(alias == "multi" || alias == "text");
        assert_eq!(field_or_type, allowed, "the schema mentions {alias}");
    }
}

#[test]
fn issues_keep_their_wire_shape() {
    let issue: Issue = serde_json::from_value(
        json!({"path": "/x", "code": "ignored", "message": "x is not a top-level field, so it was ignored."}),
    )
    .unwrap();
    assert!(issue.is_warning());
}
