//! The Enter that ends the questionnaire, on a keyboard that may send Shift+Enter as Enter:
//! it waits for a pause, and text typed meanwhile is the next line of the answer, not keys for
//! the shell after the questionnaire is gone (docs/behaviour.md#editor).

mod common;

use common::*;
use questionnaire::{App, Outcome};
use serde_json::{Value, json};
use tea::input::Keyboard;
use tea::{Driver, Effect};

fn lone(question: Value, keyboard: Option<Keyboard>) -> Driver<App> {
    let a = app(json!({ "questions": [question] }), 80, 24);
    let mut driver = Driver::new(a.app, tea::Size::new(80, 24), tea::Palette::no_color());
    if let Some(keyboard) = keyboard {
        driver.set_keyboard(keyboard);
    }
    driver
}

fn text(keyboard: Option<Keyboard>) -> Driver<App> {
    lone(
        json!({"id": "t", "header": "T", "prompt": "Anything to add?", "type": "text"}),
        keyboard,
    )
}

/// Replays `script`; the outcome if the questionnaire ended.
fn replay(driver: &mut Driver<App>, script: &str) -> Option<Outcome> {
    let steps = questionnaire::parse_script(script).unwrap();
    steps.iter().find_map(|step| {
        driver
            .step(step)
            .0
            .into_iter()
            .find_map(|effect| match effect {
                Effect::Quit(outcome) => Some(outcome),
                _ => None,
            })
    })
}

fn typed(outcome: &Option<Outcome>) -> &str {
    match outcome {
        Some(Outcome::Submitted(result)) => result.details["answers"]["t"]["customText"]
            .as_str()
            .unwrap(),
        other => panic!("expected a submit, got {other:?}"),
    }
}

#[test]
fn text_typed_right_after_the_ending_enter_is_the_next_line() {
    for keyboard in [Keyboard::Legacy, Keyboard::Requested] {
        let mut d = text(Some(keyboard));
        // Shift+Enter as a legacy terminal sends it: Enter.
        let ended = replay(
            &mut d,
            "text:first space text:line enter wait:120ms text:second space text:line",
        );
        assert!(
            ended.is_none(),
            "{keyboard:?}: the run must not end under the typing"
        );
        let screen = show_driver(&d);
        assert!(screen.contains("second line"), "{screen}");
        assert!(
            screen.contains("Typed right after Enter, so kept as a new line · ctrl+j newline"),
            "{screen}"
        );
        // The Enter after the pause ends it, both lines in the answer.
        let ended = replay(&mut d, "wait:1s enter wait:600ms");
        assert_eq!(typed(&ended), "first line\nsecond line", "{keyboard:?}");
    }
}

#[test]
fn the_ending_enter_rings_once_when_it_becomes_a_line_break() {
    let mut d = text(Some(Keyboard::Legacy));
    let effects = questionnaire::parse_script("text:a enter")
        .unwrap()
        .iter()
        .flat_map(|step| d.step(step).0)
        .count();
    assert_eq!(effects, 0, "nothing happens yet");
    let bells = d
        .step(&questionnaire::parse_script("b").unwrap()[0])
        .0
        .iter()
        .filter(|e| matches!(e, Effect::Bell))
        .count();
    assert_eq!(bells, 1);
}

#[test]
fn the_ending_enter_ends_after_the_pause_when_nothing_is_typed() {
    let mut d = text(Some(Keyboard::Legacy));
    assert!(replay(&mut d, "text:done enter wait:499ms").is_none());
    assert_eq!(typed(&replay(&mut d, "wait:1ms")), "done");
}

#[test]
fn a_key_that_is_not_typing_ends_it_at_once_and_esc_takes_it_back() {
    let mut d = text(Some(Keyboard::Legacy));
    assert_eq!(typed(&replay(&mut d, "text:done enter enter")), "done");
    let mut d = text(Some(Keyboard::Legacy));
    assert_eq!(typed(&replay(&mut d, "text:done enter down")), "done");
    // Esc takes the Enter back; in a text question with text a second Esc cancels.
    let mut d = text(Some(Keyboard::Legacy));
    assert!(replay(&mut d, "text:done enter esc wait:1s").is_none());
    match replay(&mut d, "esc") {
        Some(Outcome::Cancelled(result)) => {
            assert_eq!(result.details["answers"]["t"]["draft"]["text"], "done")
        }
        other => panic!("expected a cancel, got {other:?}"),
    }
}

#[test]
fn a_keyboard_that_tells_the_keys_apart_ends_at_once() {
    for keyboard in [Some(Keyboard::Enhanced), None] {
        let mut d = text(keyboard);
        assert_eq!(
            typed(&replay(&mut d, "text:done enter")),
            "done",
            "{keyboard:?}"
        );
    }
    // Shift+Enter as such a terminal sends it is a line break.
    let mut d = text(Some(Keyboard::Enhanced));
    let ended = replay(&mut d, "text:a shift+enter text:b enter");
    assert_eq!(typed(&ended), "a\nb");
}

#[test]
fn free_text_that_ends_a_lone_question_waits_too_but_a_number_does_not() {
    let single = json!({"id": "t", "header": "T", "prompt": "Which?",
        "options": [{"value": "a", "label": "A"}]});
    let mut d = lone(single, Some(Keyboard::Legacy));
    assert!(replay(&mut d, "2 text:mine enter text:more").is_none());
    assert_eq!(typed(&replay(&mut d, "enter wait:1s")), "mine\nmore");

    let number = json!({"id": "t", "header": "T", "prompt": "How many?", "type": "number"});
    let mut d = lone(number, Some(Keyboard::Legacy));
    assert!(matches!(
        replay(&mut d, "text:4 enter"),
        Some(Outcome::Submitted(_))
    ));
}

#[test]
fn with_more_questions_a_save_does_not_end_and_keeps_the_hold_after_a_save() {
    let two = json!({"questions": [
        {"id": "t", "header": "T", "prompt": "Anything?", "type": "text"},
        {"id": "u", "header": "U", "prompt": "More?", "type": "text"}]});
    let a = app(two, 80, 24);
    let mut d = Driver::new(a.app, tea::Size::new(80, 24), tea::Palette::no_color());
    d.set_keyboard(Keyboard::Legacy);
    // Saved and on to the next question at once: the hold after a save covers this.
    assert!(replay(&mut d, "text:first enter").is_none());
    assert_eq!(
        d.program().result(true).details["answers"]["t"]["customText"],
        "first"
    );
}
