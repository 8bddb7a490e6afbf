//! The dialog driver read line by line (the accessible mode): numbers, y/n, empty lines, the
//! review, and lines that are not understood.

use question::{DialogView, Dialogs, NotUnderstood, ToolResult, validate};
use serde_json::{Value, json};

fn three() -> Dialogs {
    Dialogs::with_review(
        validate(&json!({
            "questions": [
                { "id": "channel", "header": "Channel", "prompt": "Which channel?",
                  "options": [{ "value": "stable", "label": "Stable" }, { "value": "beta", "label": "Beta" }] },
                { "id": "targets", "header": "Targets", "prompt": "Which targets?", "type": "multi",
                  "options": [{ "value": "linux", "label": "Linux" }, { "value": "mac", "label": "macOS" },
                              { "value": "win", "label": "Windows" }] },
                { "id": "ship", "header": "Ship", "prompt": "Ship today?", "type": "confirm" }
            ]
        }))
        .unwrap(),
    )
}

fn lone(question: Value) -> Dialogs {
    Dialogs::with_review(validate(&json!({ "questions": [question] })).unwrap())
}

fn lines(dialogs: &mut Dialogs, lines: &[&str]) {
    for line in lines {
        dialogs
            .answer_line(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"));
    }
}

fn result(dialogs: &Dialogs) -> ToolResult {
    match dialogs.view() {
        DialogView::Finished(result) => result.clone(),
        other => panic!("expected the result, got {other:?}"),
    }
}

/// Which question the driver asks now (its header), and whether as a choice or typing.
fn asking(dialogs: &Dialogs) -> String {
    match dialogs.view() {
        DialogView::Choose { question, .. } => format!("choose {}", question.header),
        DialogView::Type { question, .. } => format!("type {}", question.header),
        DialogView::Review => "review".into(),
        DialogView::Finished(_) => "finished".into(),
    }
}

#[test]
fn single_takes_a_number() {
    let mut d = three();
    lines(&mut d, &["2"]);
    assert_eq!(asking(&d), "choose Targets");
    assert_eq!(d.state().answer("channel").unwrap().picks, ["beta"]);
}

#[test]
fn multi_takes_numbers_separated_by_commas_and_spaces() {
    let mut d = three();
    lines(&mut d, &["1", "3, 1 ,"]);
    assert_eq!(asking(&d), "choose Ship");
    assert_eq!(d.state().answer("targets").unwrap().picks, ["linux", "win"]);
}

#[test]
fn confirm_takes_y_n_words_labels_and_numbers() {
    for (line, value) in [
        ("y", "yes"),
        ("YES", "yes"),
        ("1", "yes"),
        ("n", "no"),
        (" No ", "no"),
        ("2", "no"),
    ] {
        let mut d =
            lone(json!({ "id": "ship", "header": "Ship", "prompt": "Ship?", "type": "confirm" }));
        lines(&mut d, &[line]);
        assert_eq!(
            result(&d).details["answers"]["ship"]["values"],
            json!([value]),
            "{line:?}"
        );
    }
    let mut d = Dialogs::new(
        validate(&json!({ "labels": { "yes": "Sí" },
            "questions": [{ "id": "ship", "header": "Ship", "prompt": "¿Publicar?", "type": "confirm" }] }))
        .unwrap(),
    );
    lines(&mut d, &["sí"]);
    assert_eq!(
        result(&d).details["answers"]["ship"]["values"],
        json!(["yes"])
    );
}

#[test]
fn free_text_is_the_type_something_number_then_a_line() {
    let mut d = three();
    lines(&mut d, &["3"]);
    assert_eq!(asking(&d), "type Channel");
    lines(&mut d, &["nightly, please"]);
    assert_eq!(
        d.state().answer("channel").unwrap().custom_text.as_deref(),
        Some("nightly, please")
    );
    assert!(d.state().answer("channel").unwrap().picks.is_empty());
}

#[test]
fn multi_with_type_something_keeps_the_picks_and_adds_the_text() {
    let mut d = three();
    lines(&mut d, &["1", "2,4", "BSD"]);
    let targets = d.state().answer("targets").unwrap().clone();
    assert_eq!(targets.picks, ["mac"]);
    assert_eq!(targets.custom_text.as_deref(), Some("BSD"));
    assert_eq!(asking(&d), "choose Ship");
}

#[test]
fn text_takes_a_line_and_a_lone_question_submits() {
    let mut d = lone(
        json!({ "id": "name", "header": "Name", "prompt": "Name?", "type": "text", "placeholder": "my-service" }),
    );
    assert_eq!(asking(&d), "type Name");
    lines(&mut d, &["api-gateway"]);
    let result = result(&d);
    assert_eq!(result.details["cancelled"], json!(false));
    assert_eq!(
        result.details["answers"]["name"]["customText"],
        json!("api-gateway")
    );
}

#[test]
fn an_empty_line_skips() {
    let mut d = three();
    lines(&mut d, &["", "  ", ""]);
    assert_eq!(asking(&d), "review");
    assert_eq!(d.state().answered_count(), 0);
}

#[test]
fn lines_that_answer_nothing_are_refused_and_change_nothing() {
    let cases: [(&[&str], &str, &str); 6] = [
        (&[], "4", "4"),
        (&[], "0", "0"),
        (&[], "1,2", "1,2"),
        (&[], "beta", "beta"),
        (&["1"], "1, x", "x"),
        (&["1", "1"], "maybe", "maybe"),
    ];
    for (before, line, not_understood) in cases {
        let mut d = three();
        lines(&mut d, before);
        let asked = asking(&d);
        let state = d.state().clone();
        assert_eq!(
            d.answer_line(line),
            Err(NotUnderstood(not_understood.into())),
            "{line:?}"
        );
        assert_eq!(asking(&d), asked, "{line:?} asks the same question again");
        assert_eq!(d.state(), &state, "{line:?} recorded nothing");
    }
}

#[test]
fn the_review_submits_on_an_empty_line() {
    let mut d = three();
    lines(&mut d, &["1", "1,2", "y"]);
    assert_eq!(asking(&d), "review");
    lines(&mut d, &[""]);
    let result = result(&d);
    assert_eq!(result.details["cancelled"], json!(false));
    assert_eq!(
        result.details["answers"]["targets"]["values"],
        json!(["linux", "mac"])
    );
}

#[test]
fn a_question_number_in_the_review_asks_it_again_and_returns() {
    let mut d = three();
    lines(&mut d, &["1", "1,2", "y", "2"]);
    assert_eq!(asking(&d), "choose Targets");
    lines(&mut d, &["3"]);
    assert_eq!(
        asking(&d),
        "review",
        "back to the review, not on to the next question"
    );
    assert_eq!(
        d.state().answer("targets").unwrap().picks,
        ["win"],
        "the line is the whole answer"
    );
    assert_eq!(d.answer_line("4"), Err(NotUnderstood("4".into())));
    lines(&mut d, &[""]);
    assert_eq!(
        result(&d).details["answers"]["targets"]["values"],
        json!(["win"])
    );
}

#[test]
fn the_review_summarizes_each_answer() {
    let mut d = three();
    lines(&mut d, &["3", "rolling", "1,3", ""]);
    let questions = d.state().questionnaire().questions.clone();
    let summaries: Vec<Option<String>> = questions.iter().map(|q| d.summary(q)).collect();
    assert_eq!(
        summaries,
        [Some("rolling".into()), Some("Linux, Windows".into()), None]
    );
}

#[test]
fn cancel_keeps_what_was_recorded() {
    let mut d = three();
    lines(&mut d, &["2", "1"]);
    let result = d.cancel();
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details.get("error"), None);
    assert_eq!(
        result.details["answers"]["channel"]["values"],
        json!(["beta"])
    );
    assert_eq!(
        result.details["answers"]["targets"]["values"],
        json!(["linux"])
    );
    assert!(d.is_finished());
}
