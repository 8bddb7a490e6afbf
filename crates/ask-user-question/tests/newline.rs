//! A second line in every editor, on a pseudo-terminal: each key that inserts a line break, sent
//! as terminals send it, gives one answer of two lines and changes nothing else; the footer names
//! the newline key that works in that terminal.

mod support;

use serde_json::{Value, json};
use support::fixture;
use support::pty::{Ending, Launch, Session};

/// What terminals send for a key that should insert a line break: the key, its bytes, and
/// whether the terminal speaks the Kitty keyboard protocol.
const NEWLINES: &[(&str, &[u8], bool)] = &[
    ("ctrl+j (legacy)", b"\n", false),
    ("ctrl+j (kitty)", b"\x1b[106;5u", true),
    ("alt+enter as ESC CR", b"\x1b\r", false),
    ("alt+enter as xterm's 8-bit meta byte", b"\x8d", false),
    (
        "alt+enter as xterm's 8-bit meta in UTF-8",
        "\u{8d}".as_bytes(),
        false,
    ),
    ("backslash, enter", b"\\\r", false),
    ("shift+enter (kitty)", b"\x1b[13;2u", true),
    ("shift+enter (modifyOtherKeys)", b"\x1b[27;2;13~", false),
];

/// An editor of the questionnaire: its name, the key that opens it, its title (drawn once it
/// is open) and where its saved text lands in the answers.
const EDITORS: &[(&str, &[u8], &str, Lands)] = &[
    ("free text", b"3", "Your answer", Lands::CustomText),
    ("option note", b"n", "Note on", Lands::OptionNote),
    ("question note", b"N", "Note on this question", Lands::Note),
    ("text answer", b"\t", "Anything to add?", Lands::TextAnswer),
];

/// Where an editor's text lands in the answers of `two_lines.json`.
enum Lands {
    /// The single question's free text, which answers it.
    CustomText,
    /// The note on its first option.
    OptionNote,
    /// Its note.
    Note,
    /// The text question's answer.
    TextAnswer,
}

/// The answers with `text` saved in the editor of `lands`, and nothing else.
fn answers(lands: &Lands, text: &str) -> Value {
    let skipped = json!({"status": "skipped", "values": [], "labels": []});
    let answered = json!({"status": "answered", "values": [], "labels": [], "customText": text});
    let (mut pick, mut words) = (skipped.clone(), skipped);
    match lands {
        Lands::CustomText => pick = answered,
        Lands::OptionNote => pick["optionNotes"] = json!({"a": text}),
        Lands::Note => pick["note"] = json!(text),
        Lands::TextAnswer => words = answered,
    }
    json!({"pick": pick, "words": words})
}

fn start(kitty: bool) -> Session {
    let mut session = Session::start(Launch {
        input: std::fs::read_to_string(fixture("two_lines.json")).unwrap(),
        size: (100, 30),
        kitty,
        args: &[],
        env: &[],
    });
    session.wait_for_text("Which one should we take?");
    session
}

/// Types two lines joined by `newline` in `editor`, saves with Enter and cancels: the answers
/// the run prints.
fn two_lines(open: &[u8], title: &str, newline: &[u8], kitty: bool) -> Value {
    let mut session = start(kitty);
    session.write(open);
    session.wait_for_text(title);
    let mut typed = b"first line".to_vec();
    typed.extend_from_slice(newline);
    typed.extend_from_slice(b"second line");
    session.write(&typed);
    session.wait_for_text("second line");
    session.write(b"\r");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    assert_eq!(finished.code(), 130, "{}", finished.stdout);
    assert!(
        finished.terminal_problems().is_empty(),
        "{:?}",
        finished.terminal_problems()
    );
    finished.result()["details"]["answers"].clone()
}

#[test]
fn every_newline_key_gives_one_answer_of_two_lines_in_every_editor() {
    let mut failures = Vec::new();
    for (editor, open, title, lands) in EDITORS {
        for (newline, bytes, kitty) in NEWLINES {
            let got = two_lines(open, title, bytes, *kitty);
            if got != answers(lands, "first line\nsecond line") {
                failures.push(format!("{newline} in the {editor} editor: {got:#}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_footer_names_shift_enter_only_where_the_terminal_tells_it_apart() {
    for (kitty, named, not_named) in [
        (false, "ctrl+j newline", "⇧enter newline"),
        (true, "⇧enter newline", "ctrl+j newline"),
    ] {
        let mut session = start(kitty);
        session.write(b"\t");
        session.wait_for_text(named);
        assert!(!session.text().contains(not_named), "kitty {kitty}");
        session.end(Ending::CtrlC);
        assert_eq!(session.finish().code(), 130);
    }
}

#[test]
fn shift_enter_as_a_legacy_terminal_sends_it_saves_and_the_typing_after_it_does_nothing() {
    let mut failures = Vec::new();
    for (editor, open, title, lands) in EDITORS {
        let mut session = start(false);
        session.write(open);
        session.wait_for_text(title);
        session.write(b"first line");
        session.wait_for_text("first line");
        // xterm sends Enter's byte for Shift+Enter; the second line follows as it is typed,
        // Enter included, none of it meant for the next question.
        session.write(b"\rsecond line\r");
        session.wait_for_text("keys typed right after it did nothing · ctrl+j newline");
        session.end(Ending::CtrlC);
        let finished = session.finish();
        assert_eq!(finished.code(), 130, "{editor}: {}", finished.stdout);
        let got = finished.result()["details"]["answers"].clone();
        if got != answers(lands, "first line") {
            failures.push(format!("the {editor} editor: {got:#}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
