//! What the person types or pastes never reaches the terminal as control bytes: C0 and C1
//! controls (8-bit CSI included), typed as keys, pasted, or decoded from raw terminal bytes,
//! into every kind of editor. Every frame row and every string of the result is checked.

mod common;

use common::*;
use questionnaire::{App, Outcome};
use serde_json::{Value, json};
use tea::driver::Driver;
use tea::input::{Event, KeyCode, KeyModifiers, key, parse_key_script};
use tea::{Palette, Size};

/// Controls a person might type or paste: 8-bit CSI and ST, ESC, DEL, CR, BEL, NUL, NEL, and
/// a C1 string opener.
const CONTROLS: &[char] = &[
    '\u{9b}', '\u{1b}', '\u{7f}', '\r', '\u{7}', '\u{0}', '\u{85}', '\u{9c}', '\u{90}', '\u{8}',
];

/// A paste full of escape sequences and controls around visible text.
const PASTE: &str = "a\u{9b}2Jb\u{1b}[31mc\u{7f}d\re\u{9c}f\u{1}g\u{1b}]0;t\u{7}h\u{9b}?25li\u{1b}Pq\u{1b}\\j\tk\u{85}";

/// One question of each kind with an editor: option notes, a question note and free text on
/// a single question, then a text question.
fn questions() -> Value {
    json!({"questions": [
        {"id": "pick", "header": "Pick", "prompt": "Which?",
         "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
        {"id": "text", "header": "Text", "prompt": "Write", "type": "text"}
    ]})
}

/// The editor's input: every control typed as a key, the paste, the same bytes as raw
/// terminal input, and a visible letter so the saved text is not blank.
fn dirty_input() -> Vec<Event> {
    let mut events: Vec<Event> = CONTROLS
        .iter()
        .map(|&c| key(KeyCode::Char(c), KeyModifiers::NONE))
        .collect();
    events.push(Event::Paste(PASTE.to_string()));
    events.extend(tea::input::decode("x\u{9b}31my\u{1b}[2Jz"));
    events.push(key(KeyCode::Char('w'), KeyModifiers::NONE));
    events
}

fn keys(script: &str) -> Vec<Event> {
    parse_key_script(script).expect("valid key script")
}

/// Every row of the frame, plain and with its SGR sequences taken out, is free of controls.
fn assert_clean_frame(driver: &mut Driver<App>, after: &str) {
    for row in &driver.frame_ref().rows {
        assert!(
            !row.plain.chars().any(char::is_control),
            "control in {:?} after {after}",
            row.plain
        );
        let visible = strip_sgr(&row.ansi);
        assert!(
            !visible.chars().any(char::is_control),
            "control in {:?} after {after}",
            row.ansi
        );
    }
}

/// `text` without its `ESC [ … m` sequences; any other escape stays and fails the check.
fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\u{1b}[") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find(|c: char| !(c.is_ascii_digit() || c == ';')) {
            Some(end) if after[end..].starts_with('m') => rest = &after[end + 1..],
            _ => {
                out.push('\u{1b}');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn assert_clean_strings(value: &Value) {
    match value {
        Value::String(text) => assert!(
            text.chars().all(|c| c == '\n' || !c.is_control()),
            "control in {text:?}"
        ),
        Value::Array(items) => items.iter().for_each(assert_clean_strings),
        Value::Object(map) => map.values().for_each(assert_clean_strings),
        _ => {}
    }
}

/// Sends `events`, checking the frame after each; returns the outcome if the questionnaire
/// ended.
fn send(driver: &mut Driver<App>, events: &[Event]) -> Option<Outcome> {
    for event in events {
        if let Some(outcome) = driver.send(event).into_quit() {
            return Some(outcome);
        }
        assert_clean_frame(driver, &format!("{event:?}"));
    }
    None
}

#[test]
fn controls_never_reach_a_frame_or_the_result() {
    for size in [Size::new(120, 40), Size::new(60, 24)] {
        let app = App::new(questionnaire(questions()));
        let mut driver = Driver::new(app, size, Palette::dark().with_links(false));
        let mut script = Vec::new();
        // Option note on A, question note, free text ("Type something." is row 3).
        for open in ["n", "N", "3"] {
            script.extend(keys(open));
            script.extend(dirty_input());
            script.extend(keys("enter"));
        }
        // The text question, then Submit on Review.
        script.extend(dirty_input());
        script.extend(keys("enter enter"));
        let outcome = send(&mut driver, &script).expect("submitted");
        let details = &outcome.result().details;
        let pick = &details["answers"]["pick"];
        for text in [
            &pick["customText"],
            &pick["note"],
            &pick["optionNotes"]["a"],
            &details["answers"]["text"]["customText"],
        ] {
            let text = text
                .as_str()
                .unwrap_or_else(|| panic!("saved in {details}"));
            assert!(text.contains('w'), "{text:?}");
        }
        assert_clean_strings(&outcome.result().to_json());
    }
}
