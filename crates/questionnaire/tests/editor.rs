//! The editor, driven through the app's keymap: editing keys, graphemes, paste, drafts kept by
//! Esc and Tab, and tall drafts clipped around the cursor.

mod common;

use common::*;
use questionnaire::{App, Outcome};
use serde_json::json;
use tea::Program;
use tea::input::Event;

fn text_question() -> Shown {
    app(
        json!({"questions": [{"id": "t", "header": "T", "prompt": "Write", "type": "text"}]}),
        60,
        30,
    )
}

/// Types `script` into a fresh text question and returns the saved answer.
fn saved(script: &str) -> String {
    let mut a = text_question();
    match press(&mut a, &format!("{script} enter")) {
        Some(Outcome::Submitted(result)) => result.details["answers"]["t"]["customText"]
            .as_str()
            .unwrap_or("")
            .to_string(),
        other => panic!("expected a submit, got {other:?}"),
    }
}

/// The row holding the drawn cursor (a reversed cell without a color; the active tab is
/// reversed accent).
fn cursor_row(a: &Shown) -> Option<String> {
    a.lines()
        .iter()
        .find(|line| {
            line.spans
                .iter()
                .any(|s| s.style.reverse && s.style.fg.is_none())
        })
        .map(|line| line.plain_text())
}

#[test]
fn editing_keys() {
    let cases: &[(&str, &str)] = &[
        ("abc", "abc"),
        ("abc backspace", "ab"),
        ("abc left left backspace", "bc"),
        ("abc left left delete", "ac"),
        ("abc home x", "xabc"),
        ("abc ctrl+a x ctrl+e y", "xabcy"),
        ("abc left end z", "abcz"),
        (
            "text:one space text:two space text:three ctrl+w",
            "one two ",
        ),
        ("text:one space text:two alt+b x", "one xtwo"),
        ("text:one space text:two home alt+f x", "onex two"),
        ("text:one space text:two left left left ctrl+k", "one "),
        ("text:one space text:two left left left ctrl+u", "two"),
        ("a shift+enter b", "a\nb"),
        ("a shift+enter b up x", "ax\nb"),
        ("a shift+enter b up home x", "xa\nb"),
        ("a shift+enter b home ctrl+u", "ab"),
        ("text:ab shift+enter text:cd up ctrl+k", "abcd"),
        ("text:ab shift+enter text:cd up ctrl+k ctrl+k", "ab"),
        ("text:ab left right right x", "abx"),
        ("text:p1x", "p1x"),
    ];
    for (script, expected) in cases {
        assert_eq!(saved(script), *expected, "{script}");
    }
}

#[test]
fn graphemes_move_and_delete_as_one() {
    assert_eq!(saved("text:e\u{301}e\u{301} backspace"), "e\u{301}");
    // A family joined by ZWJ is one cluster, kept as typed: it goes whole.
    assert_eq!(saved("text:a👨‍👩‍👧b left backspace"), "ab");
    assert_eq!(saved("text:a👍🏽b left backspace"), "ab");
    assert_eq!(saved("text:می‌خواهم"), "می‌خواهم");
    assert_eq!(saved("text:a🇯🇵b left backspace"), "ab");
    assert_eq!(saved("text:日本語 left left delete"), "日語");
}

#[test]
fn paste_is_sanitized_and_keeps_newlines() {
    let mut a = text_question();
    if let Some(msg) = a.event(&Event::Paste("one\x1b[31m red\x07\r\ntwo\tx".into())) {
        a.update(msg);
    }
    let result = press(&mut a, "enter").unwrap().into_result();
    assert_eq!(
        result.details["answers"]["t"]["customText"],
        "one red\ntwo x"
    );
}

#[test]
fn esc_keeps_the_draft_and_returns_to_the_list() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "n text:draft esc");
    assert!(!show(&a).contains("Note on"));
    assert!(
        a.state()
            .answer("approach")
            .unwrap()
            .option_notes
            .is_empty(),
        "a draft is not saved"
    );
    press(&mut a, "n");
    assert!(cursor_row(&a).unwrap().starts_with("│ draft "));
}

#[test]
fn tab_keeps_drafts_per_editor() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "tab tab text:typed tab shift+tab");
    assert_eq!(a.tab(), 2);
    assert!(cursor_row(&a).unwrap().contains("typed"));
    // Another editor has its own draft.
    press(&mut a, "shift+tab shift+tab N");
    assert!(!cursor_row(&a).unwrap().contains("typed"));
}

#[test]
fn a_saved_value_opens_for_editing() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "N text:first enter N text:+ enter");
    let result = press(&mut a, "esc").unwrap().into_result();
    assert_eq!(result.details["answers"]["approach"]["note"], "first+");
}

#[test]
fn tall_drafts_clip_around_the_cursor() {
    let mut a = text_question();
    let lines: Vec<String> = (1..=30).map(|i| format!("text:line{i}")).collect();
    press(&mut a, &lines.join(" shift+enter "));
    let height = a.lines().len();
    assert!(cursor_row(&a).unwrap().contains("line30"));
    assert!(!show(&a).contains("line1 "));
    press(&mut a, "up up up up up up up up up up");
    assert!(cursor_row(&a).unwrap().contains("line20"), "{}", show(&a));
    press(&mut a, "ctrl+a");
    for _ in 0..25 {
        press(&mut a, "up");
    }
    assert!(cursor_row(&a).unwrap().contains("line1"), "{}", show(&a));
    assert_eq!(a.lines().len(), height, "typing never changes the height");
}

#[test]
fn long_lines_wrap_inside_the_editor() {
    let mut a = text_question();
    let words = vec!["text:word"; 30].join(" space ");
    press(&mut a, &words);
    let rows: Vec<String> = screen(&a)
        .into_iter()
        .filter(|r| r.contains("word"))
        .collect();
    assert!(rows.len() > 1, "{rows:?}");
    assert!(rows.iter().all(|r| tea::text::width(r) <= 60));
}

#[test]
fn undo_redo_and_the_kill_ring_reach_the_editor() {
    let cases: &[(&str, &str)] = &[
        ("text:one space text:two ctrl+-", "one "),
        ("text:one space text:two ctrl+- ctrl+- alt+-", "one "),
        ("text:ab home ctrl+k ctrl+y ctrl+y", "abab"),
        (
            "text:one space text:two ctrl+w left ctrl+w ctrl+y alt+y",
            "two ",
        ),
    ];
    for (script, expected) in cases {
        assert_eq!(saved(script), *expected, "{script}");
    }
}

#[test]
fn a_kept_draft_keeps_its_undo_history() {
    let mut a = app(
        json!({"questions": [{"id": "s", "header": "S", "prompt": "Pick",
            "options": [{"value": "a", "label": "A"}]}]}),
        60,
        30,
    );
    // "Type something." is row 2: type, leave with Esc, come back, undo the word.
    let outcome = press(&mut a, "2 text:one space text:two esc 2 ctrl+- enter");
    match outcome {
        Some(Outcome::Submitted(result)) => {
            assert_eq!(result.details["answers"]["s"]["customText"], "one ");
        }
        other => panic!("expected a submit, got {other:?}"),
    }
}

/// Two questions in a driver on a virtual clock, told its terminal is `keyboard`.
fn two_on(keyboard: tea::input::Keyboard) -> tea::Driver<App> {
    let a = app(
        json!({"questions": [
            {"id": "pick", "header": "Pick", "prompt": "Which?",
             "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
            {"id": "more", "header": "More", "prompt": "Anything else?",
             "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}]}),
        80,
        24,
    );
    let mut driver = tea::Driver::new(a.app, tea::Size::new(80, 24), tea::Palette::no_color());
    driver.set_keyboard(keyboard);
    driver
}

fn replay(driver: &mut tea::Driver<App>, script: &str) {
    for step in tea::input::parse_script(script).unwrap() {
        driver.step(&step);
    }
}

#[test]
fn the_footer_names_a_newline_key_that_works_on_the_terminal() {
    use tea::input::Keyboard;
    for (keyboard, named) in [
        (Keyboard::Legacy, "ctrl+j newline"),
        (Keyboard::Enhanced, "⇧enter newline"),
    ] {
        let mut d = two_on(keyboard);
        replay(&mut d, "3");
        assert!(show_driver(&d).contains(named), "{keyboard:?}");
    }
    // Without a terminal (a key replay) keys are named as for a legacy one.
    let mut a = text_question();
    press(&mut a, "");
    assert!(show(&a).contains("ctrl+j newline"));
}

#[test]
fn keys_typed_right_after_a_save_on_a_legacy_terminal_do_nothing_until_a_pause() {
    use tea::input::Keyboard;
    let answers = |d: &tea::Driver<App>| d.program().result(true).details["answers"].clone();
    // Shift+Enter sent as Enter: the first line is saved, the rest of the typing is held off.
    let mut d = two_on(Keyboard::Legacy);
    replay(
        &mut d,
        "3 text:first enter text:second space text:line n 1 enter",
    );
    assert_eq!(
        answers(&d),
        json!({"pick": {"status": "answered", "values": [], "labels": [], "customText": "first"},
               "more": {"status": "skipped", "values": [], "labels": []}})
    );
    let screen = show_driver(&d);
    assert!(
        screen.contains("keys typed right after it did nothing · ctrl+j newline"),
        "{screen}"
    );
    // After a pause keys act again; a key inside the pause starts it over.
    replay(&mut d, "wait:400ms x wait:400ms 2 wait:600ms 2");
    assert_eq!(answers(&d)["more"]["status"], "answered");
    assert_eq!(answers(&d)["more"]["values"], json!(["y"]));
    // Enter or a digit right after a save acts: that is not typing.
    let mut d = two_on(Keyboard::Legacy);
    replay(&mut d, "3 text:first enter 2");
    assert_eq!(answers(&d)["more"]["values"], json!(["y"]));
    let mut d = two_on(Keyboard::Legacy);
    replay(&mut d, "3 text:first enter enter");
    assert_eq!(answers(&d)["more"]["values"], json!(["x"]));
    // A terminal that tells Shift+Enter apart sends it as itself: no need to hold keys off.
    let mut d = two_on(Keyboard::Enhanced);
    replay(&mut d, "3 text:first enter 2");
    assert_eq!(answers(&d)["more"]["values"], json!(["y"]));
}

#[test]
fn a_host_editor_title_keeps_only_the_start_of_a_huge_label() {
    // pi's editor dialog wraps its title: a label of megabytes must not become its rows.
    let label = "x".repeat(200_000);
    let mut a = app(
        json!({"questions": [{"id": "q", "header": "Q", "prompt": "Pick",
            "options": [{"value": "a", "label": label}, {"value": "b", "label": "B"}]}]}),
        80,
        24,
    );
    press(&mut a, "n");
    let title = a.editor_title().expect("the note editor is open");
    assert!(title.starts_with("Note"), "{title:.40}");
    assert!(title.len() < 1_000, "{} bytes", title.len());
}
