//! `--keys` flows of the list filter (`/`), `j`/`k`, `y`/`n` on yes/no questions and the text
//! question's placeholder: the keys go through the real keymap and update, and the printed
//! result says what they did.

mod support;

use serde_json::{Value, json};
use support::{fixture, run, run_with_stdin, stdout_json};

/// Replays `keys` over `name`; the exit code and the printed result.
fn replay(name: &str, keys: &str) -> (Option<i32>, Value) {
    let path = fixture(name);
    let output = run(&["--keys", keys, path.to_str().unwrap()]);
    (output.status.code(), stdout_json(&output))
}

fn languages(keys: &str) -> (Option<i32>, Value) {
    replay("languages.json", keys)
}

fn replay_stdin(questionnaire: Value, keys: &str) -> (Option<i32>, Value) {
    let output = run_with_stdin(&["--keys", keys], &questionnaire.to_string());
    (output.status.code(), stdout_json(&output))
}

fn values<'a>(result: &'a Value, id: &str) -> &'a Value {
    &result["details"]["answers"][id]["values"]
}

fn status<'a>(result: &'a Value, id: &str) -> &'a Value {
    &result["details"]["answers"][id]["status"]
}

#[test]
fn filter_enter_picks_the_best_match_on_a_single_list_and_moves_on() {
    // "ja" starts JavaScript and Java alike, so they keep the list's order; Enter picks the
    // first and goes to Tools, where Esc cancels with the pick kept.
    let (code, result) = languages("/ text:ja enter esc");
    assert_eq!(code, Some(130));
    assert_eq!(values(&result, "language"), &json!(["javascript"]));
}

#[test]
fn filter_arrows_move_among_the_matches() {
    let (_, result) = languages("/ text:ja down enter esc");
    assert_eq!(values(&result, "language"), &json!(["java"]));
}

#[test]
fn filter_takes_spaces_and_letters_that_are_keys_elsewhere() {
    // Space, j and k go to the query, not to the list.
    let (_, result) = languages("/ text:type space script enter esc");
    assert_eq!(values(&result, "language"), &json!(["typescript"]));
    let (_, result) = languages("/ text:jul enter esc");
    assert_eq!(values(&result, "language"), &json!(["julia"]));
    let (_, result) = languages("/ text:kot enter esc");
    assert_eq!(values(&result, "language"), &json!(["kotlin"]));
}

#[test]
fn filter_matches_descriptions_after_labels() {
    // "flutter" is in Dart's description only.
    let (_, result) = languages("/ text:flutter enter esc");
    assert_eq!(values(&result, "language"), &json!(["dart"]));
}

#[test]
fn filter_enter_toggles_on_a_multi_list_and_stays() {
    // Tools: pick Formatter with Space, filter to "Fuzz tests", toggle it with Enter; the
    // filter closes and Space then toggles the same match (the cursor stayed on it), Enter
    // toggles it back on through a second filter.
    let (_, result) = languages("tab space / text:fuzz enter esc");
    assert_eq!(values(&result, "tools"), &json!(["fmt", "fuzz"]));
    let (_, result) = languages("tab / text:fuzz enter space esc");
    assert_eq!(status(&result, "tools"), &json!("skipped"));
    let (_, result) = languages("tab / text:cov enter / text:miri enter esc");
    assert_eq!(values(&result, "tools"), &json!(["coverage", "miri"]));
}

#[test]
fn filter_esc_clears_and_closes_and_never_cancels() {
    // Esc closes the filter; the cursor stays on the match, so Enter picks it.
    let (code, result) = languages("/ text:rub esc enter esc");
    assert_eq!(code, Some(130));
    assert_eq!(values(&result, "language"), &json!(["ruby"]));
    // A second Esc is the list's: it cancels.
    let (code, result) = languages("/ text:zig esc esc");
    assert_eq!(code, Some(130));
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(status(&result, "language"), &json!("skipped"));
}

#[test]
fn filter_backspace_on_an_empty_query_closes_it() {
    // Two Backspaces empty "go", the third closes; `j` then moves the list (Rust → Go).
    let (_, result) = languages("/ text:go backspace backspace backspace j enter esc");
    assert_eq!(values(&result, "language"), &json!(["go"]));
}

#[test]
fn filter_with_no_matches_is_not_an_error() {
    // Enter with nothing matching keeps the filter open; Backspace back to a match.
    let (code, result) = languages("/ text:luaq enter backspace enter esc");
    assert_eq!(code, Some(130));
    assert_eq!(values(&result, "language"), &json!(["lua"]));
}

#[test]
fn j_and_k_move_in_lists_and_the_review() {
    let (_, result) = languages("j j k enter esc");
    assert_eq!(values(&result, "language"), &json!(["go"]));
    // On Review (questions, then Submit, Cancel): k from Submit goes to Tools, j back; Enter
    // submits twice (Tools is unanswered).
    let (code, result) = languages("1 tab k j enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(result["details"]["cancelled"], json!(false));
    let (code, _) = languages("1 tab k enter esc");
    assert_eq!(code, Some(130));
}

#[test]
fn y_and_n_answer_a_yes_no_question_and_move_on() {
    let path = fixture("release.json");
    let output = run(&["--keys", "1 esc", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(130));
    // Channel, Targets and Notes answered; `n` on Tag answers No and goes to Review.
    let (code, result) = replay("release.json", "1 1 enter text:ok enter n enter");
    assert_eq!(code, Some(0));
    assert_eq!(values(&result, "tag"), &json!(["no"]));
    let (code, result) = replay("release.json", "1 1 enter text:ok enter y enter");
    assert_eq!(code, Some(0));
    assert_eq!(values(&result, "tag"), &json!(["yes"]));
}

#[test]
fn a_lone_yes_no_question_submits_on_y_or_n() {
    let confirm = json!({"questions": [{
        "id": "deploy", "header": "Deploy", "prompt": "Deploy now?", "type": "confirm"
    }]});
    let (code, result) = replay_stdin(confirm.clone(), "n");
    assert_eq!(code, Some(0));
    assert_eq!(values(&result, "deploy"), &json!(["no"]));
    let (code, result) = replay_stdin(confirm, "y");
    assert_eq!(code, Some(0));
    assert_eq!(values(&result, "deploy"), &json!(["yes"]));
}

#[test]
fn notes_on_a_yes_no_question_are_the_question_note_on_capital_n() {
    let confirm = json!({"questions": [{
        "id": "deploy", "header": "Deploy", "prompt": "Deploy now?", "type": "confirm"
    }]});
    let (code, result) = replay_stdin(confirm, "N text:after space lunch enter y");
    assert_eq!(code, Some(0));
    let answer = &result["details"]["answers"]["deploy"];
    assert_eq!(answer["values"], json!(["yes"]));
    assert_eq!(answer["note"], json!("after lunch"));
}

#[test]
fn the_placeholder_is_never_the_answer() {
    let text = json!({"questions": [{
        "id": "name", "header": "Name", "prompt": "Service name?", "type": "text",
        "placeholder": "billing-gateway"
    }]});
    // Enter on the empty editor of a lone text question stays; Esc cancels with nothing.
    let (code, result) = replay_stdin(text.clone(), "enter esc");
    assert_eq!(code, Some(130));
    assert_eq!(status(&result, "name"), &json!("skipped"));
    // The questions are echoed with their placeholder; the answer and the text never have it.
    let answer = result["details"]["answers"]["name"].to_string();
    assert!(!answer.contains("billing-gateway"), "{answer}");
    assert!(
        !result["content"]
            .as_str()
            .unwrap()
            .contains("billing-gateway")
    );
    let (code, result) = replay_stdin(text, "text:pay enter");
    assert_eq!(code, Some(0));
    assert_eq!(
        result["details"]["answers"]["name"]["customText"],
        json!("pay")
    );
}
