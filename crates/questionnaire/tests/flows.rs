//! Key scripts through the real keymap and `update`, asserted on the result details.

mod common;

use common::*;
use questionnaire::Outcome;
use serde_json::json;
use tea::Cmd;

fn single(kind: &str) -> serde_json::Value {
    json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Pick one", "type": kind,
        "options": if kind == "text" || kind == "confirm" { json!([]) } else { json!([
            {"value": "a", "label": "Alpha"},
            {"value": "b", "label": "Beta"},
            {"value": "c", "label": "Gamma"}
        ])}
    }]})
}

fn submitted(outcome: Option<Outcome>) -> serde_json::Value {
    match outcome {
        Some(Outcome::Submitted(result)) => result.details,
        other => panic!("expected a submit, got {other:?}"),
    }
}

fn cancelled(outcome: Option<Outcome>) -> serde_json::Value {
    match outcome {
        Some(Outcome::Cancelled(result)) => {
            assert_eq!(result.details["cancelled"], true);
            result.details
        }
        other => panic!("expected a cancel, got {other:?}"),
    }
}

#[test]
fn one_single_question_submits_on_enter() {
    let mut app = app(single("single"), 80, 24);
    let details = submitted(press(&mut app, "down enter"));
    assert_eq!(details["answers"]["pick"]["values"], json!(["b"]));
    assert_eq!(details["answers"]["pick"]["status"], "answered");
}

#[test]
fn a_number_picks_and_submits_one_question() {
    let mut app = app(single("single"), 80, 24);
    let details = submitted(press(&mut app, "3"));
    assert_eq!(details["answers"]["pick"]["labels"], json!(["Gamma"]));
}

#[test]
fn space_selects_without_submitting() {
    let mut app = app(single("single"), 80, 24);
    assert_eq!(press(&mut app, "down space"), None);
    assert!(app.state().is_answered("pick"));
    let details = submitted(press(&mut app, "enter"));
    assert_eq!(details["answers"]["pick"]["values"], json!(["b"]));
}

#[test]
fn numbers_beyond_the_list_ring_the_bell() {
    let mut app = app(single("single"), 80, 24);
    assert_eq!(effects(&mut app, "9"), vec![Cmd::Bell]);
    assert!(!app.state().is_answered("pick"));
}

#[test]
fn confirm_answers_with_yes_or_no() {
    let mut app = app(single("confirm"), 80, 24);
    let details = submitted(press(&mut app, "2"));
    assert_eq!(details["answers"]["pick"]["values"], json!(["no"]));
    assert_eq!(details["answers"]["pick"]["labels"], json!(["No"]));
}

#[test]
fn one_text_question_submits_its_saved_text() {
    let mut app = app(single("text"), 80, 24);
    let details = submitted(press(
        &mut app,
        &format!("{} enter", typing("json for logs")),
    ));
    assert_eq!(details["answers"]["pick"]["customText"], "json for logs");
    assert_eq!(details["answers"]["pick"]["values"], json!([]));
}

#[test]
fn esc_esc_in_a_text_question_cancels_and_the_draft_is_not_an_answer() {
    let mut app = app(single("text"), 80, 24);
    // The first Esc keeps the unsaved text and warns; the second cancels.
    let details = cancelled(press(&mut app, "text:unsaved esc esc"));
    assert_eq!(details["answers"]["pick"]["status"], "skipped");
}

#[test]
fn a_blank_text_answer_is_a_skip_that_moves_on() {
    let mut app = app(plan(), 80, 24);
    // Approach: pick 1. Scope: Enter confirms the empty set. Format: Enter with nothing typed.
    assert_eq!(press(&mut app, "1 enter enter"), None);
    assert_eq!(app.tab(), 3, "the blank answer moved on to Review");
    assert!(!app.state().is_answered("format"));
}

#[test]
fn a_blank_answer_to_a_lone_text_question_does_not_submit() {
    let mut app = app(single("text"), 80, 24);
    assert_eq!(press(&mut app, "enter"), None);
    assert!(!app.state().is_answered("pick"));
    let details = submitted(press(&mut app, &format!("{} enter", typing("later"))));
    assert_eq!(details["answers"]["pick"]["customText"], "later");
}

#[test]
fn a_whole_questionnaire_answered_in_order() {
    let mut app = app(plan(), 80, 24);
    // Approach: pick 1 (advances). Scope: toggle repo and read:org, Enter confirms.
    // Format: type and save (advances to Review, cursor on Submit). Enter submits.
    assert_eq!(press(&mut app, "1 space down down space enter"), None);
    assert_eq!(app.tab(), 2);
    assert_eq!(
        press(&mut app, &format!("{} enter", typing("json for logs"))),
        None
    );
    assert_eq!(app.tab(), 3);
    let details = submitted(press(&mut app, "enter"));
    assert_eq!(details["cancelled"], false);
    assert_eq!(details["answers"]["approach"]["values"], json!(["safe"]));
    assert_eq!(
        details["answers"]["scope"]["values"],
        json!(["repo", "org"])
    );
    assert_eq!(details["answers"]["format"]["customText"], "json for logs");
}

#[test]
fn skipping_everything_needs_a_second_submit() {
    let mut app = app(plan(), 80, 24);
    assert_eq!(press(&mut app, "shift+tab enter"), None);
    assert!(show(&app).contains("Some questions are unanswered"));
    let details = submitted(press(&mut app, "enter"));
    for id in ["approach", "scope", "format"] {
        assert_eq!(details["answers"][id]["status"], "skipped", "{id}");
    }
}

#[test]
fn leaving_review_forgets_the_warning() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "shift+tab enter");
    assert_eq!(press(&mut app, "tab shift+tab enter"), None);
    assert!(show(&app).contains("Some questions are unanswered"));
}

#[test]
fn notes_are_saved_without_answering() {
    let mut app = app(plan(), 80, 24);
    press(
        &mut app,
        &format!(
            "n {} enter N {} enter",
            typing("prefer this"),
            typing("keep it short")
        ),
    );
    assert!(!app.state().is_answered("approach"));
    let details = cancelled(press(&mut app, "esc"));
    let approach = &details["answers"]["approach"];
    assert_eq!(approach["status"], "skipped");
    assert_eq!(approach["note"], "keep it short");
    assert_eq!(approach["optionNotes"]["safe"], "prefer this");
}

#[test]
fn custom_text_combines_with_multi_picks() {
    let mut app = app(plan(), 80, 24);
    // Scope tab: toggle repo, go to "Type something.", write and save.
    press(
        &mut app,
        &format!("tab space end enter {} enter", typing("also gists")),
    );
    assert_eq!(
        app.tab(),
        1,
        "saving free text in a multi question stays, like a toggle"
    );
    // Enter on "Type something." would reopen the editor; on an option it confirms the set.
    assert_eq!(press(&mut app, "up enter"), None);
    assert_eq!(app.tab(), 2);
    let details = cancelled(press(&mut app, "esc"));
    assert_eq!(details["answers"]["scope"]["values"], json!(["repo"]));
    assert_eq!(details["answers"]["scope"]["customText"], "also gists");
}

#[test]
fn custom_text_replaces_a_single_pick_and_advances() {
    let mut app = app(plan(), 80, 24);
    press(
        &mut app,
        &format!("1 shift+tab 4 {} enter", typing("my own way")),
    );
    assert_eq!(app.tab(), 1);
    let details = cancelled(press(&mut app, "esc"));
    assert_eq!(details["answers"]["approach"]["values"], json!([]));
    assert_eq!(details["answers"]["approach"]["customText"], "my own way");
}

#[test]
fn cancel_keeps_every_recorded_answer() {
    let mut app = app(plan(), 80, 24);
    let details = cancelled(press(&mut app, "2 space esc"));
    assert_eq!(details["answers"]["approach"]["values"], json!(["fast"]));
    assert_eq!(details["answers"]["scope"]["values"], json!(["repo"]));
    assert_eq!(details["answers"]["format"]["status"], "skipped");
}

#[test]
fn cancel_on_review_cancels() {
    let mut app = app(plan(), 80, 24);
    cancelled(press(&mut app, "1 shift+tab shift+tab down enter"));
}

#[test]
fn review_rows_jump_to_their_question() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "shift+tab");
    assert_eq!(app.tab(), 3);
    press(&mut app, "up enter");
    assert_eq!(app.tab(), 2, "the row above Submit is the last question");
    press(&mut app, "shift+tab shift+tab up up up space");
    assert_eq!(app.tab(), 0);
}

#[test]
fn clear_removes_picks_and_keeps_notes() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "n text:why enter 1 shift+tab x");
    assert!(!app.state().is_answered("approach"));
    let details = cancelled(press(&mut app, "esc"));
    assert_eq!(details["answers"]["approach"]["optionNotes"]["safe"], "why");
}

#[test]
fn tabs_wrap_around() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "left");
    assert_eq!(app.tab(), 3);
    press(&mut app, "right right");
    assert_eq!(app.tab(), 1);
}

#[test]
fn collapse_hands_input_back_and_restores_exactly() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "down n text:draft");
    let before = screen(&app);
    assert_eq!(effects(&mut app, "ctrl+]"), vec![]);
    assert!(app.is_collapsed());
    assert_eq!(app.lines().len(), 1);
    // Esc and typing belong to the host while docked.
    assert_eq!(effects(&mut app, "esc x 1 enter"), vec![]);
    assert!(app.is_collapsed());
    assert_eq!(effects(&mut app, "ctrl+]"), vec![]);
    assert!(!app.is_collapsed());
    assert_eq!(screen(&app), before);
    press(&mut app, "enter");
    let details = cancelled(press(&mut app, "esc"));
    assert_eq!(
        details["answers"]["approach"]["optionNotes"]["fast"],
        "draft"
    );
}

#[test]
fn the_result_of_an_abort_is_what_was_recorded() {
    let mut app = app(plan(), 80, 24);
    press(&mut app, "1");
    let result = app.result(true);
    assert_eq!(result.details["cancelled"], true);
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["safe"])
    );
    assert!(result.content.contains("Approach"));
}

#[test]
fn the_app_can_move_between_threads() {
    // Hosts (the Node addon) keep the app behind a handle that may cross threads.
    fn sendable<T: Send + Sync + 'static>() {}
    sendable::<questionnaire::App>();
    sendable::<Outcome>();
}

#[test]
fn y_and_n_are_yes_no_keys_only_on_a_confirm_question() {
    // A single question whose values are "yes" and "no": y is not a key there, and the
    // message from a host rings.
    let input = json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Pick one",
        "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]
    }]});
    let mut single_app = app(input, 80, 24);
    assert!(effects(&mut single_app, "y").is_empty());
    assert_eq!(
        single_app.update(questionnaire::Msg::AnswerYesNo(true)),
        Cmd::Bell
    );
    assert_eq!(single_app.state().answered_count(), 0);
    let mut confirm = app(single("confirm"), 80, 24);
    match press(&mut confirm, "n") {
        Some(Outcome::Submitted(result)) => {
            assert_eq!(result.details["answers"]["pick"]["values"], json!(["no"]));
        }
        other => panic!("a lone confirm submits on n: {other:?}"),
    }
}
