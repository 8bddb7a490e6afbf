//! The tool result (`docs/behaviour.md#results`): golden `content` texts and the `details` JSON.

use question::{
    AnswerState, Draft, ErrorCode, ResultOptions, invalid_result, no_ui_result, validate,
};
use serde_json::{Value, json};

fn plan() -> Value {
    json!({
        "title": "Implementation plan",
        "questions": [
            { "id": "approach", "header": "Approach", "prompt": "Which approach?", "options": [
                { "value": "safe", "label": "Safe approach", "recommended": true },
                { "value": "fast", "label": "Fast approach" } ] },
            { "id": "scope", "header": "Scope", "prompt": "Which scopes?", "type": "multi", "options": [
                { "value": "gist", "label": "gist" },
                { "value": "repo", "label": "repo" },
                { "value": "admin", "label": "admin" },
                { "value": "org", "label": "read:org" } ] },
            { "id": "format", "header": "Format", "prompt": "Which log format?", "type": "text" },
            { "id": "extra", "header": "Extra", "prompt": "Anything else?", "type": "text" }
        ]
    })
}

fn state_of(input: Value) -> AnswerState {
    AnswerState::new(validate(&input).expect("fixture is valid"))
}

fn content(state: &AnswerState, options: ResultOptions) -> String {
    state.build_result(options).content
}

#[test]
fn answered() {
    let state = state_of(plan())
        .select("approach", "safe")
        .unwrap()
        .toggle("scope", "repo")
        .unwrap()
        .set_custom_text("format", "json for logs")
        .unwrap()
        .set_custom_text("extra", "none")
        .unwrap();
    assert_eq!(
        content(&state, ResultOptions::submitted()),
        "Approach: user selected: 1. Safe approach\n\
         Scope: user selected: 2. repo\n\
         Format: user wrote: json for logs\n\
         Extra: user wrote: none"
    );
}

#[test]
fn partial() {
    let state = state_of(plan()).select("approach", "fast").unwrap();
    assert_eq!(
        content(&state, ResultOptions::submitted()),
        "Approach: user selected: 2. Fast approach\n\
         Scope: (skipped)\n\
         Format: (skipped)\n\
         Extra: (skipped)"
    );
}

#[test]
fn multi_with_custom_text() {
    let state = state_of(plan())
        .toggle("scope", "org")
        .unwrap()
        .toggle("scope", "repo")
        .unwrap()
        .set_custom_text("scope", "also gists")
        .unwrap();
    let content = content(&state, ResultOptions::submitted());
    assert_eq!(
        content.lines().nth(1),
        Some("Scope: user selected: 2. repo, 4. read:org; user wrote: also gists")
    );
}

#[test]
fn notes() {
    let state = state_of(plan())
        .select("approach", "safe")
        .unwrap()
        .set_option_note("approach", "safe", "prefer this")
        .unwrap()
        .set_option_note("approach", "fast", "too risky")
        .unwrap()
        .set_question_note("extra", "keep it short")
        .unwrap()
        .set_custom_text("format", "line one\nline two")
        .unwrap()
        .set_question_note("format", "see\nthe wiki")
        .unwrap();
    assert_eq!(
        content(&state, ResultOptions::submitted()),
        "Approach: user selected: 1. Safe approach\n  \
           note on \"Safe approach\": prefer this\n  \
           note on \"Fast approach\": too risky\n\
         Scope: (skipped)\n\
         Format: user wrote: line one\n  \
           line two\n  \
           note: see\n    \
             the wiki\n\
         Extra: (skipped)\n  \
           note: keep it short"
    );
}

#[test]
fn cancelled_with_unanswered() {
    let state = state_of(plan())
        .select("approach", "safe")
        .unwrap()
        .set_question_note("extra", "ask me later")
        .unwrap();
    assert_eq!(
        content(&state, ResultOptions::cancelled()),
        "User cancelled the questionnaire.\n\
         Approach: user selected: 1. Safe approach\n\
         Extra: (skipped)\n  \
           note: ask me later\n\
         Unanswered questions: Scope, Format, Extra. Do not assume answers for them."
    );
}

#[test]
fn cancelled_one_question() {
    let state = state_of(json!({
        "questions": [{ "id": "format", "header": "Format", "prompt": "Which format?", "type": "text" }]
    }));
    assert_eq!(
        content(&state, ResultOptions::cancelled()),
        "User cancelled the question.\n\
         Unanswered question: Format. Do not assume an answer for it."
    );
}

#[test]
fn cancelled_with_everything_answered_names_nothing_unanswered() {
    let state = state_of(json!({
        "questions": [{ "id": "format", "header": "Format", "prompt": "Which format?", "type": "text" }]
    }))
    .set_custom_text("format", "toml")
    .unwrap();
    assert_eq!(
        content(&state, ResultOptions::cancelled()),
        "User cancelled the question.\nFormat: user wrote: toml"
    );
}

#[test]
fn aborted_reads_as_cancelled_and_keeps_answers() {
    let state = state_of(plan()).select("approach", "safe").unwrap();
    let result = state.build_result(ResultOptions::aborted());
    assert!(result.content.starts_with(
        "User cancelled the questionnaire.\nApproach: user selected: 1. Safe approach\n"
    ));
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details["error"], json!("aborted"));
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["safe"])
    );
    assert_eq!(result.error(), Some(ErrorCode::Aborted));
}

#[test]
fn timed_out_says_no_one_answered_and_keeps_answers_and_drafts() {
    let state = state_of(plan()).select("approach", "safe").unwrap();
    let drafts = [(
        "format".to_string(),
        Draft {
            text: Some("json".into()),
            ..Draft::default()
        },
    )];
    let result = state.build_result(ResultOptions::timed_out().with_drafts(drafts.into()));
    assert_eq!(
        result.content,
        "No one answered the questionnaire within the time limit; nothing was chosen for the user.\n\
         Approach: user selected: 1. Safe approach\n\
         Format: (skipped; unsent draft: \"json\")\n\
         Unanswered questions: Scope, Format, Extra. Do not assume answers for them."
    );
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details["error"], json!("timed_out"));
    assert_eq!(result.error(), Some(ErrorCode::TimedOut));
    assert!(result.is_cancelled());
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["safe"])
    );
    assert_eq!(
        result.details["answers"]["format"]["draft"],
        json!({ "text": "json" })
    );
}

#[test]
fn timed_out_one_question_picks_nothing_not_even_the_recommended_option() {
    let state = state_of(json!({
        "questions": [{ "id": "approach", "header": "Approach", "prompt": "Which approach?", "options": [
            { "value": "safe", "label": "Safe", "recommended": true },
            { "value": "fast", "label": "Fast" } ] }]
    }));
    let result = state.build_result(ResultOptions::timed_out());
    assert_eq!(
        result.content,
        "No one answered the question within the time limit; nothing was chosen for the user.\n\
         Unanswered question: Approach. Do not assume an answer for it."
    );
    assert_eq!(result.details["answers"]["approach"]["status"], "skipped");
    assert_eq!(result.details["answers"]["approach"]["values"], json!([]));
}

#[test]
fn confirm() {
    let state = state_of(json!({
        "labels": { "yes": "Sí", "no": "No" },
        "questions": [{ "id": "ship", "header": "Publicar", "prompt": "¿Publicar hoy?", "type": "confirm" }]
    }))
    .select("ship", "yes")
    .unwrap();
    let result = state.build_result(ResultOptions::submitted());
    assert_eq!(result.content, "Publicar: user selected: 1. Sí");
    assert_eq!(
        result.details["questions"][0]["options"],
        json!([
            { "value": "yes", "label": "Sí", "recommended": false },
            { "value": "no", "label": "No", "recommended": false }
        ])
    );
    assert_eq!(result.details["labels"], json!({ "yes": "Sí", "no": "No" }));
}

#[test]
fn compatible_shape() {
    let state = state_of(json!({
        "questions": [
            { "question": "Which auth?", "header": "Auth", "options": [
                { "label": "OAuth", "description": "Provider flow" }, { "label": "Session cookies" } ] },
            { "question": "Which scopes?", "header": "Scope", "multiSelect": true, "options": [
                { "label": "repo" }, { "label": "gist" }, { "label": "read:org" } ] },
            { "question": "Which format?", "header": "Format" }
        ]
    }))
    .select("Auth", "OAuth")
    .unwrap()
    .toggle("Scope", "read:org")
    .unwrap()
    .toggle("Scope", "repo")
    .unwrap()
    .set_custom_text("Format", "json for logs")
    .unwrap();
    assert_eq!(
        content(&state, ResultOptions::submitted()),
        "Auth: user selected: 1. OAuth\n\
         Scope: user selected: 1. repo, 3. read:org\n\
         Format: user wrote: json for logs"
    );
}

#[test]
fn details_of_a_submitted_call() {
    let state = state_of(plan())
        .toggle("scope", "repo")
        .unwrap()
        .set_custom_text("scope", "also gists")
        .unwrap()
        .set_option_note("scope", "admin", "not yet")
        .unwrap()
        .set_custom_text("format", "json")
        .unwrap()
        .set_question_note("format", "for logs")
        .unwrap();
    let details = state.build_result(ResultOptions::submitted()).details;
    assert_eq!(details["title"], json!("Implementation plan"));
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details.get("error"), None);
    assert_eq!(details.get("issues"), None);
    assert_eq!(
        details.get("labels"),
        None,
        "labels are echoed only when supplied"
    );
    assert_eq!(
        details["answers"],
        json!({
            "approach": { "status": "skipped", "values": [], "labels": [] },
            "scope": {
                "status": "answered", "values": ["repo"], "labels": ["repo"],
                "customText": "also gists", "optionNotes": { "admin": "not yet" }
            },
            "format": {
                "status": "answered", "values": [], "labels": [],
                "customText": "json", "note": "for logs"
            },
            "extra": { "status": "skipped", "values": [], "labels": [] }
        })
    );
    assert_eq!(
        details["questions"][0],
        json!({
            "id": "approach", "header": "Approach", "prompt": "Which approach?", "type": "single",
            "required": false,
            "options": [
                { "value": "safe", "label": "Safe approach", "recommended": true },
                { "value": "fast", "label": "Fast approach", "recommended": false }
            ]
        })
    );
    let keys: Vec<&String> = details.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["title", "cancelled", "answers", "questions"]);
}

#[test]
fn invalid_questions_lists_every_issue_and_is_not_a_cancellation() {
    let issues = validate(&json!({
        "questions": [{ "id": "", "header": "A", "prompt": "?", "type": "rating" }]
    }))
    .unwrap_err();
    let result = invalid_result(issues);
    assert_eq!(
        result.content,
        "Invalid ask_user_question input (2 problems); nothing was shown to the user. Fix every problem below and call the tool again.\n\
         - /questions/0/id (blank): id is blank: give a unique id such as \"approach\".\n\
         - /questions/0/type (invalid_type): type must be one of \"single\", \"multi\", \"text\", \"confirm\", \"number\", not \"rating\"."
    );
    assert_eq!(result.details["cancelled"], json!(false));
    assert_eq!(result.details["error"], json!("invalid_questions"));
    assert_eq!(result.details["issues"][1]["code"], json!("invalid_type"));
    assert_eq!(
        result.details["issues"][1]["path"],
        json!("/questions/0/type")
    );
    assert_eq!(result.error(), Some(ErrorCode::InvalidQuestions));
    assert!(!result.is_cancelled());
}

#[test]
fn no_ui_is_a_cancellation_even_for_invalid_input() {
    let valid = no_ui_result(&plan());
    assert!(
        valid.content.contains("no interactive UI"),
        "{}",
        valid.content
    );
    assert!(valid.content.contains("Ask your questions in plain text"));
    assert_eq!(valid.details["cancelled"], json!(true));
    assert_eq!(valid.details["error"], json!("no_ui"));
    assert_eq!(
        valid.details["answers"]["approach"]["status"],
        json!("skipped")
    );
    assert_eq!(valid.details["questions"].as_array().unwrap().len(), 4);

    let invalid = no_ui_result(&json!({ "questions": 3 }));
    assert_eq!(invalid.content, valid.content);
    assert_eq!(invalid.details["error"], json!("no_ui"));
    assert_eq!(invalid.details["cancelled"], json!(true));
    assert_eq!(invalid.details["questions"], json!([]));
}

#[test]
fn to_json_has_content_and_details() {
    let result = state_of(plan()).build_result(ResultOptions::submitted());
    let printed = result.to_json();
    assert_eq!(printed["content"], json!(result.content));
    assert_eq!(printed["details"], result.details);
    // Moved rather than copied, the same JSON, keys in the same order.
    let moved = result.into_json();
    assert_eq!(moved.to_string(), printed.to_string());
}

#[test]
fn the_waiting_notice_names_the_title_and_counts_the_questions() {
    let notice = question::waiting_notice(&validate(&plan()).unwrap());
    assert_eq!(notice.title, "Implementation plan");
    assert_eq!(notice.body, "4 questions are waiting for you");
    let one = json!({ "questions": [{ "id": "f", "header": "Format", "prompt": "Which?", "type": "text" }] });
    let notice = question::waiting_notice(&validate(&one).unwrap());
    assert_eq!(notice.title, "Format");
    assert_eq!(notice.body, "1 question is waiting for you");
    let two = json!({ "questions": [
        { "id": "f", "header": "Format", "prompt": "Which?", "type": "text" },
        { "id": "g", "header": "Go", "prompt": "Go?", "type": "confirm" }] });
    assert_eq!(
        question::waiting_notice(&validate(&two).unwrap()).title,
        "Questions"
    );
}
