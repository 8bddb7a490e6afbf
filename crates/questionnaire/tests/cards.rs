//! Transcript cards (§9): the call from streaming arguments, the result from details.

mod common;

use common::*;
use questionnaire::cards::{Tone, call_card, result_card};
use serde_json::{Value, json};

fn plain(lines: &[tea::Line]) -> Vec<String> {
    lines.iter().map(|l| l.plain_text()).collect()
}

fn fits(lines: &[tea::Line], width: u16) {
    for line in lines {
        assert!(
            line.width() <= width as usize,
            "{:?} wider than {width}",
            line.plain_text()
        );
        assert!(!line.plain_text().chars().any(char::is_control));
    }
}

#[test]
fn the_call_card_names_the_questions_and_their_options() {
    let rows = plain(&call_card(&plan(), 100));
    assert_eq!(
        rows,
        vec![
            "│ ask_user_question · 3 questions (Approach, Scope, Format)",
            "│   Approach: Safe approach · Fast approach · Do nothing",
            "│   Scope: repo · gist · read:org",
            "│   Format: Which log format?",
        ]
    );
}

#[test]
fn the_call_card_reads_streaming_arguments() {
    let partial: &[Value] = &[
        Value::Null,
        json!("not an object"),
        json!({}),
        json!({"questions": null}),
        json!({"questions": [{}]}),
        json!({"questions": [{"header": 5, "options": [{}, {"label": null}, 3]}]}),
        json!({"questions": [{"header": "A", "options": [{"label": "Al"}, {"value": "b"}]}, {"head": "er"}]}),
        json!({"questions": [{"question": "Compat?", "header": "C"}], "labels": {"yes": 1}}),
        json!({"questions": [{"header": "Ok", "type": "confirm"}], "labels": {"yes": "Sí"}}),
    ];
    for args in partial {
        let card = call_card(args, 60);
        assert!(!card.is_empty());
        fits(&card, 60);
    }
    assert_eq!(
        plain(&call_card(&Value::Null, 60)),
        vec!["│ ask_user_question"]
    );
    let rows = plain(&call_card(&partial[6], 60));
    assert_eq!(rows[0], "│ ask_user_question · 2 questions (A)");
    assert_eq!(rows[1], "│   A: Al · b");
    let rows = plain(&call_card(&partial[8], 60));
    assert_eq!(rows[1], "│   Ok: Sí · No");
}

fn finished(script: &str, cancel: bool) -> Value {
    let mut a = app(plan(), 80, 24);
    press(&mut a, script);
    a.result(cancel).details
}

#[test]
fn the_result_card_aligns_headers_and_lists_answers_and_notes() {
    let details = finished(
        &format!(
            "n {} enter 1 space tab {} enter",
            typing("prefer this"),
            typing("json logs")
        ),
        false,
    );
    assert_eq!(Tone::of(&details), Tone::Success);
    let rows = plain(&result_card(&details, 80));
    assert_eq!(
        rows,
        vec![
            "│ Approach  ✓ Safe approach",
            "│           ✎ Safe approach: prefer this",
            "│ Scope     ✓ repo",
            "│ Format    “json logs”",
        ]
    );
}

#[test]
fn cancelled_results_say_so_and_keep_answers() {
    let details = finished(&format!("2 N {} enter", typing("later")), true);
    assert_eq!(Tone::of(&details), Tone::Neutral);
    let rows = plain(&result_card(&details, 80));
    assert_eq!(
        rows,
        vec![
            "│ Approach  ✓ Fast approach",
            "│ Scope     ○ skipped",
            "│           ✎ later",
            "│ Format    ○ skipped",
            "│ Cancelled · answers kept",
        ]
    );
    let styles: Vec<_> = result_card(&details, 80)
        .last()
        .unwrap()
        .spans
        .iter()
        .map(|s| s.style.fg)
        .collect();
    assert!(styles.contains(&Some(tea::Slot::Warning)));
}

#[test]
fn errors_are_error_toned() {
    let no_ui = question::no_ui_result(&plan()).details;
    assert_eq!(Tone::of(&no_ui), Tone::Error);
    let rows = plain(&result_card(&no_ui, 80));
    assert!(rows.last().unwrap().contains("No UI"), "{rows:?}");
    let issues = question::validate(&json!({"questions": []})).unwrap_err();
    let invalid = question::invalid_result(issues).details;
    assert_eq!(Tone::of(&invalid), Tone::Error);
    let rows = plain(&result_card(&invalid, 80));
    assert!(rows.iter().any(|r| r.contains("/questions")), "{rows:?}");
    let bar = result_card(&invalid, 80)[0].spans[0].style.fg;
    assert_eq!(bar, Some(tea::Slot::Error));
    let issues = question::validate(&json!([1, 2])).unwrap_err();
    let rows = plain(&result_card(&question::invalid_result(issues).details, 80));
    assert!(
        rows.iter()
            .any(|r| r.contains("(input): The input must be")),
        "an issue of the whole input names it: {rows:?}"
    );
}

#[test]
fn echoed_labels_localize_the_result_card() {
    let input = json!({"labels": {"skipped": "omitida", "cancelledKept": "Cancelado · respuestas guardadas"},
        "questions": [{"id": "a", "header": "Uno", "prompt": "¿?", "type": "confirm", "options": []}]});
    let a = app(input, 80, 24);
    let rows = plain(&result_card(&a.result(true).details, 80));
    assert_eq!(
        rows,
        vec!["│ Uno  ○ omitida", "│ Cancelado · respuestas guardadas"]
    );
}

#[test]
fn cards_fit_every_width_and_hostile_text() {
    let mut a = app(hostile(), 80, 24);
    press(&mut a, &format!("n {} enter 1 space", typing("x\u{1b}[2J")));
    let details = a.result(true).details;
    for width in 0..130 {
        fits(&result_card(&details, width), width);
        fits(&call_card(&hostile(), width), width);
    }
    let joined = plain(&call_card(&hostile(), 200)).join("\n");
    assert!(!joined.contains('\u{1b}'));
}

#[test]
fn the_call_card_reads_other_agents_shapes() {
    let copilot = json!({"question": "Which package manager?", "choices": ["pnpm", "npm"], "allow_freeform": true});
    assert_eq!(
        plain(&call_card(&copilot, 60)),
        vec!["│ ask_user_question · 1 question", "│   pnpm · npm"]
    );
    let roo = json!({"question": "Which file?", "follow_up": [{"text": "app.toml", "mode": "code"}, {"text": "app.ts"}]});
    assert_eq!(plain(&call_card(&roo, 60))[1], "│   app.toml · app.ts");
    let gemini =
        json!({"questions": [{"header": "Ship", "question": "Ship it?", "type": "yesno"}]});
    assert_eq!(plain(&call_card(&gemini, 60))[1], "│   Ship: Yes · No");
    let open = json!({"question": "What should the branch be called?"});
    assert_eq!(
        plain(&call_card(&open, 60))[1],
        "│   What should the branch be called?"
    );
    // Every shape validation reads shows its one question: an object as `questions`, the list
    // as JSON text, a lone question saying `prompt`, numbers as options.
    let one = vec!["│ ask_user_question · 1 question (N)", "│   N: 1 · 2"];
    for args in [
        json!({"questions": {"header": "N", "question": "How many?", "options": [1, 2]}}),
        json!({"questions": "[{\"header\": \"N\", \"question\": \"How many?\", \"options\": [1, 2]}]"}),
        json!({"header": "N", "prompt": "How many?", "options": [1, 2]}),
    ] {
        assert_eq!(plain(&call_card(&args, 60)), one, "{args}");
    }
    assert_eq!(
        plain(&call_card(&json!({"questions": [{"prompt": 5}]}), 60)),
        vec!["│ ask_user_question · 1 question"],
        "nothing readable, no empty row"
    );
    let small = json!({"question": "Which step?", "options": [0.000001, 0.5]});
    assert_eq!(
        plain(&call_card(&small, 60))[1],
        "│   0.000001 · 0.5",
        "numbers as validation reads them, not in exponent form"
    );
}

#[test]
fn a_secret_answer_and_its_draft_are_masked_in_the_result_card() {
    let input = json!({"questions": [
        {"id": "token", "header": "Token", "question": "Paste the token", "isSecret": true},
        {"id": "name", "header": "Name", "question": "Name?"}
    ]});
    let questionnaire = question::validate(&input).unwrap();
    let state = question::AnswerState::new(questionnaire)
        .set_custom_text("token", "dpl_abc123")
        .unwrap()
        .set_custom_text("name", "web")
        .unwrap();
    let details = state
        .build_result(question::ResultOptions::submitted())
        .details;
    let rows = plain(&result_card(&details, 60));
    assert_eq!(
        rows,
        vec!["│ Token  “••••••••”", "│ Name   “web”"],
        "{rows:?}"
    );

    let mut drafts = std::collections::BTreeMap::new();
    drafts.insert(
        "token".to_string(),
        question::Draft {
            text: Some("dpl_new".into()),
            ..Default::default()
        },
    );
    let details = state
        .build_result(question::ResultOptions::cancelled().with_drafts(drafts))
        .details;
    let rows = plain(&result_card(&details, 60)).join("\n");
    assert!(rows.contains("✎ draft: “••••••••”"), "{rows}");
    assert!(!rows.contains("dpl_"), "{rows}");
}
