//! The sequential dialog driver (`docs/behaviour.md#dialog-fallback`), driven as a host would: next
//! request, reply, repeat.

use question::{DialogRequest, DialogStep, Dialogs, ToolResult, validate};
use serde_json::{Value, json};

fn dialogs(input: Value) -> Dialogs {
    Dialogs::new(validate(&input).expect("fixture is valid"))
}

fn single() -> Value {
    json!({
        "questions": [{
            "id": "approach", "header": "Approach", "prompt": "Which approach?",
            "context": "**Summary:** two options",
            "options": [
                { "value": "safe", "label": "Safe approach", "description": "Small steps" },
                { "value": "fast", "label": "Fast approach" }
            ]
        }]
    })
}

fn multi() -> Value {
    json!({
        "questions": [{
            "id": "scope", "header": "Scope", "prompt": "Which scopes?", "type": "multi",
            "options": [{ "value": "repo", "label": "repo" }, { "value": "gist", "label": "gist" }, { "value": "org", "label": "read:org" }]
        }]
    })
}

fn select(title: &str, options: &[&str]) -> DialogStep {
    DialogStep::Ask(DialogRequest::Select {
        title: title.to_string(),
        options: options.iter().map(|o| o.to_string()).collect(),
    })
}

fn input(title: &str, placeholder: &str) -> DialogStep {
    DialogStep::Ask(DialogRequest::Input {
        title: title.to_string(),
        placeholder: placeholder.to_string(),
    })
}

fn reply(dialogs: &mut Dialogs, text: &str) {
    dialogs.answer(Some(text.to_string()));
}

fn finished(dialogs: &Dialogs) -> ToolResult {
    match dialogs.next() {
        DialogStep::Finished(result) => result,
        other => panic!("expected the result, got {other:?}"),
    }
}

#[test]
fn single_shows_context_and_prompt_and_numbered_options() {
    let mut dialogs = dialogs(single());
    assert_eq!(
        dialogs.next(),
        select(
            "**Summary:** two options\n\nWhich approach?",
            &[
                "1. Safe approach — Small steps",
                "2. Fast approach",
                "Type something.",
                "Skip"
            ]
        )
    );
    reply(&mut dialogs, "2. Fast approach");
    let result = finished(&dialogs);
    assert_eq!(result.content, "Approach: user selected: 2. Fast approach");
    assert_eq!(result.details["cancelled"], json!(false));
}

#[test]
fn single_with_typed_text() {
    let mut dialogs = dialogs(single());
    reply(&mut dialogs, "Type something.");
    assert_eq!(
        dialogs.next(),
        input(
            "**Summary:** two options\n\nWhich approach?",
            "Type something."
        )
    );
    reply(&mut dialogs, "a mix");
    assert_eq!(finished(&dialogs).content, "Approach: user wrote: a mix");
}

#[test]
fn typed_text_keeps_no_control_character() {
    let mut dialogs = dialogs(single());
    reply(&mut dialogs, "Type something.");
    reply(
        &mut dialogs,
        "a\u{1b}[31mred\u{9b}2J\u{7f} mix\r\nsecond\rthird\u{7}\tend\u{85}",
    );
    let result = finished(&dialogs);
    let text = result.details["answers"]["approach"]["customText"]
        .as_str()
        .expect("typed text");
    assert_eq!(text, "a[31mred2J mix\nsecond\nthird end");
}

#[test]
fn multi_toggles_then_done() {
    let mut dialogs = dialogs(multi());
    let entries = [
        "[ ] 1. repo",
        "[ ] 2. gist",
        "[ ] 3. read:org",
        "Type something.",
        "Done",
        "Skip",
    ];
    assert_eq!(dialogs.next(), select("Which scopes?", &entries));
    reply(&mut dialogs, "[ ] 3. read:org");
    reply(&mut dialogs, "[ ] 1. repo");
    reply(&mut dialogs, "[ ] 2. gist");
    reply(&mut dialogs, "[x] 2. gist");
    assert_eq!(
        dialogs.next(),
        select(
            "Which scopes?",
            &[
                "[x] 1. repo",
                "[ ] 2. gist",
                "[x] 3. read:org",
                "Type something.",
                "Done",
                "Skip"
            ]
        )
    );
    reply(&mut dialogs, "Type something.");
    assert_eq!(dialogs.next(), input("Which scopes?", "Type something."));
    reply(&mut dialogs, "also gists");
    assert_eq!(
        dialogs.next(),
        select(
            "Which scopes?\n\nYour answer: also gists",
            &[
                "[x] 1. repo",
                "[ ] 2. gist",
                "[x] 3. read:org",
                "Type something.",
                "Done",
                "Skip"
            ]
        ),
        "the select comes back, showing the typed text"
    );
    reply(&mut dialogs, "Done");
    assert_eq!(
        finished(&dialogs).content,
        "Scope: user selected: 1. repo, 3. read:org; user wrote: also gists"
    );
}

#[test]
fn multi_blank_input_clears_the_text_and_returns_to_the_list() {
    let mut dialogs = dialogs(multi());
    reply(&mut dialogs, "Type something.");
    reply(&mut dialogs, "first");
    reply(&mut dialogs, "Type something.");
    reply(&mut dialogs, "   ");
    assert_eq!(
        dialogs.next(),
        select(
            "Which scopes?",
            &[
                "[ ] 1. repo",
                "[ ] 2. gist",
                "[ ] 3. read:org",
                "Type something.",
                "Done",
                "Skip"
            ]
        )
    );
    reply(&mut dialogs, "Done");
    assert_eq!(finished(&dialogs).content, "Scope: (skipped)");
}

#[test]
fn text_questions_use_input() {
    let mut dialogs = dialogs(json!({
        "questions": [{ "id": "format", "header": "Format", "prompt": "Which log format?", "type": "text" }]
    }));
    assert_eq!(
        dialogs.next(),
        input("Which log format?", "Type something.")
    );
    reply(&mut dialogs, "json for logs");
    assert_eq!(
        finished(&dialogs).content,
        "Format: user wrote: json for logs"
    );
}

#[test]
fn skip_entry_skips_and_moves_on() {
    let mut dialogs = dialogs(json!({
        "questions": [
            { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
            { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
        ]
    }));
    assert_eq!(
        dialogs.next(),
        select("Ship today?", &["1. Yes", "2. No", "Skip"])
    );
    reply(&mut dialogs, "Skip");
    assert_eq!(dialogs.next(), input("Format?", "Type something."));
    reply(&mut dialogs, "yaml");
    assert_eq!(
        finished(&dialogs).content,
        "Ship: (skipped)\nFormat: user wrote: yaml"
    );
}

#[test]
fn skip_in_multi_drops_the_toggles() {
    let mut dialogs = dialogs(multi());
    reply(&mut dialogs, "[ ] 1. repo");
    reply(&mut dialogs, "Skip");
    assert_eq!(finished(&dialogs).content, "Scope: (skipped)");
}

#[test]
fn blank_input_skips() {
    let mut dialogs = dialogs(json!({
        "questions": [
            { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" },
            { "id": "approach", "header": "Approach", "prompt": "Which?", "options": [{ "value": "a", "label": "A" }] }
        ]
    }));
    reply(&mut dialogs, "  ");
    reply(&mut dialogs, "Type something.");
    reply(&mut dialogs, "");
    assert_eq!(
        finished(&dialogs).content,
        "Format: (skipped)\nApproach: (skipped)"
    );
}

#[test]
fn abort_midway_returns_aborted_with_what_was_recorded() {
    let mut dialogs = dialogs(json!({
        "questions": [
            { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
            { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
        ]
    }));
    reply(&mut dialogs, "1. Yes");
    let result = dialogs.abort();
    assert_eq!(
        result.content,
        "User cancelled the questionnaire.\n\
         Ship: user selected: 1. Yes\n\
         Unanswered question: Format. Do not assume an answer for it."
    );
    assert_eq!(result.details["error"], json!("aborted"));
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(dialogs.next(), DialogStep::Finished(result.clone()));
    reply(&mut dialogs, "yaml");
    assert_eq!(
        dialogs.abort(),
        result,
        "a finished driver keeps its result"
    );
}

#[test]
fn a_timeout_midway_returns_timed_out_with_what_was_recorded() {
    let mut dialogs = dialogs(json!({
        "questions": [
            { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
            { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
        ]
    }));
    reply(&mut dialogs, "1. Yes");
    let result = dialogs.time_out();
    assert_eq!(
        result.content,
        "No one answered the questionnaire within the time limit; nothing was chosen for the user.\n\
         Ship: user selected: 1. Yes\n\
         Unanswered question: Format. Do not assume an answer for it."
    );
    assert_eq!(result.details["error"], json!("timed_out"));
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(dialogs.next(), DialogStep::Finished(result.clone()));
    assert_eq!(
        dialogs.abort(),
        result,
        "a finished driver keeps its result"
    );
}

#[test]
fn a_dismissed_dialog_cancels_keeping_answers() {
    let mut dialogs = dialogs(json!({
        "questions": [
            { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
            { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
        ]
    }));
    reply(&mut dialogs, "2. No");
    dialogs.answer(None);
    let result = finished(&dialogs);
    assert!(
        result
            .content
            .starts_with("User cancelled the questionnaire.\nShip: user selected: 2. No")
    );
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details.get("error"), None);
}

#[test]
fn dismissing_the_type_something_input_returns_to_the_list() {
    let mut dialogs = dialogs(single());
    let list = dialogs.next();
    reply(&mut dialogs, "Type something.");
    dialogs.answer(None);
    assert_eq!(dialogs.next(), list);
    reply(&mut dialogs, "1. Safe approach — Small steps");
    assert_eq!(
        finished(&dialogs).content,
        "Approach: user selected: 1. Safe approach"
    );
}

#[test]
fn dismissing_a_text_questions_input_cancels() {
    let mut dialogs = dialogs(json!({
        "questions": [{ "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }]
    }));
    dialogs.answer(None);
    let result = finished(&dialogs);
    assert_eq!(
        result.content,
        "User cancelled the question.\nUnanswered question: Format. Do not assume an answer for it."
    );
}

#[test]
fn an_unknown_reply_asks_the_same_dialog_again() {
    let mut dialogs = dialogs(single());
    let before = dialogs.next();
    reply(&mut dialogs, "Safe approach");
    assert_eq!(dialogs.next(), before);
    assert!(!dialogs.is_finished());
}

#[test]
fn duplicate_and_control_like_labels_stay_distinct() {
    let mut dialogs = dialogs(json!({
        "questions": [{
            "id": "pick", "header": "Pick", "prompt": "Which?\u{1b}[2J",
            "options": [
                { "value": "a", "label": "Skip" },
                { "value": "b", "label": "Skip" },
                { "value": "c", "label": "line\nbreak\u{7}" }
            ]
        }]
    }));
    assert_eq!(
        dialogs.next(),
        select(
            "Which?[2J",
            &[
                "1. Skip",
                "2. Skip",
                "3. line break",
                "Type something.",
                "Skip"
            ]
        )
    );
    reply(&mut dialogs, "2. Skip");
    assert_eq!(
        finished(&dialogs).details["answers"]["pick"]["values"],
        json!(["b"])
    );
}

#[test]
fn dialogs_use_the_calls_labels() {
    let mut dialogs = dialogs(json!({
        "labels": { "typeSomething": "Escribe algo.", "skip": "Omitir", "done": "Listo", "yes": "Sí" },
        "questions": [
            { "id": "ship", "header": "Publicar", "prompt": "¿Publicar?", "type": "confirm" },
            { "id": "scope", "header": "Alcance", "prompt": "¿Qué?", "type": "multi", "options": [{ "value": "r", "label": "repo" }] }
        ]
    }));
    assert_eq!(
        dialogs.next(),
        select("¿Publicar?", &["1. Sí", "2. No", "Omitir"])
    );
    reply(&mut dialogs, "1. Sí");
    assert_eq!(
        dialogs.next(),
        select(
            "¿Qué?",
            &["[ ] 1. repo", "Escribe algo.", "Listo", "Omitir"]
        )
    );
    reply(&mut dialogs, "Listo");
    assert_eq!(
        finished(&dialogs).details["labels"]["skip"],
        json!("Omitir")
    );
}

#[test]
fn a_text_question_offers_its_placeholder_in_the_input() {
    let mut dialogs = dialogs(json!({
        "questions": [{ "id": "name", "header": "Name", "prompt": "Service name?", "type": "text",
            "placeholder": "my-\u{1b}[31mservice" }]
    }));
    assert_eq!(dialogs.next(), input("Service name?", "my-[31mservice"));
    reply(&mut dialogs, "");
    let result = finished(&dialogs);
    assert_eq!(
        result.content, "Name: (skipped)",
        "a placeholder is never submitted"
    );
}

#[test]
fn with_review_several_questions_end_in_a_review_select() {
    let mut dialogs = Dialogs::with_review(
        validate(&json!({
            "questions": [
                { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
                { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
            ]
        }))
        .unwrap(),
    );
    reply(&mut dialogs, "1. Yes");
    reply(&mut dialogs, "");
    assert_eq!(
        dialogs.next(),
        select(
            "Review your answers",
            &["Submit", "1. Ship: Yes", "2. Format: skipped"]
        )
    );
    reply(&mut dialogs, "2. Format: skipped");
    assert_eq!(dialogs.next(), input("Format?", "Type something."));
    reply(&mut dialogs, "yaml");
    assert_eq!(
        dialogs.next(),
        select(
            "Review your answers",
            &["Submit", "1. Ship: Yes", "2. Format: yaml"]
        ),
        "an answered revisit returns to the review"
    );
    reply(&mut dialogs, "Submit");
    let result = finished(&dialogs);
    assert_eq!(result.details["cancelled"], json!(false));
    assert_eq!(
        result.details["answers"]["format"]["customText"],
        json!("yaml")
    );
}

#[test]
fn with_review_a_lone_question_submits_when_answered() {
    let mut dialogs = Dialogs::with_review(validate(&single()).unwrap());
    reply(&mut dialogs, "2. Fast approach");
    assert_eq!(finished(&dialogs).details["cancelled"], json!(false));
}

#[test]
fn dismissing_the_review_cancels_keeping_answers() {
    let mut dialogs = Dialogs::with_review(
        validate(&json!({
            "questions": [
                { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" },
                { "id": "format", "header": "Format", "prompt": "Format?", "type": "text" }
            ]
        }))
        .unwrap(),
    );
    reply(&mut dialogs, "2. No");
    reply(&mut dialogs, "toml");
    dialogs.answer(None);
    let result = finished(&dialogs);
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details["answers"]["ship"]["values"], json!(["no"]));
    assert_eq!(
        result.details["answers"]["format"]["customText"],
        json!("toml")
    );
}
