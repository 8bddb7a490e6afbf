//! A second line in every editor, on a pseudo-terminal: each key that inserts a line break, sent
//! as terminals send it, gives one answer of two lines and changes nothing else; the footer names
//! the newline key that works in that terminal.

mod support;

use serde_json::{Value, json};
use support::fixture;
use support::pty::{Ending, Launch, Session};

/// What a terminal sends for a key that should insert a line break.
struct Newline {
    name: &'static str,
    bytes: &'static [u8],
    /// Whether the terminal speaks the Kitty keyboard protocol.
    kitty: bool,
}

const NEWLINES: &[Newline] = &[
    Newline {
        name: "ctrl+j (legacy)",
        bytes: b"\n",
        kitty: false,
    },
    Newline {
        name: "ctrl+j (kitty)",
        bytes: b"\x1b[106;5u",
        kitty: true,
    },
    Newline {
        name: "alt+enter as ESC CR",
        bytes: b"\x1b\r",
        kitty: false,
    },
    Newline {
        name: "alt+enter as xterm's 8-bit meta byte",
        bytes: b"\x8d",
        kitty: false,
    },
    Newline {
        name: "alt+enter as xterm's 8-bit meta in UTF-8",
        bytes: "\u{8d}".as_bytes(),
        kitty: false,
    },
    Newline {
        name: "backslash, enter",
        bytes: b"\\\r",
        kitty: false,
    },
    Newline {
        name: "shift+enter (kitty)",
        bytes: b"\x1b[13;2u",
        kitty: true,
    },
    Newline {
        name: "shift+enter (modifyOtherKeys)",
        bytes: b"\x1b[27;2;13~",
        kitty: false,
    },
];

/// An editor of the questionnaire: how to open it and where its text is in the answers.
struct Editor {
    name: &'static str,
    open: &'static [u8],
    /// The editor's title, drawn once it is open.
    title: &'static str,
    /// The answers with `text` saved in this editor, and nothing else.
    answers: fn(&str) -> Value,
}

const EDITORS: &[Editor] = &[
    Editor {
        name: "free text",
        open: b"3",
        title: "Your answer",
        answers: |text| {
            json!({"pick": {"status": "answered", "values": [], "labels": [], "customText": text},
                   "words": {"status": "skipped", "values": [], "labels": []}})
        },
    },
    Editor {
        name: "option note",
        open: b"n",
        title: "Note on",
        answers: |text| {
            json!({"pick": {"status": "skipped", "values": [], "labels": [], "optionNotes": {"a": text}},
                   "words": {"status": "skipped", "values": [], "labels": []}})
        },
    },
    Editor {
        name: "question note",
        open: b"N",
        title: "Note on this question",
        answers: |text| {
            json!({"pick": {"status": "skipped", "values": [], "labels": [], "note": text},
                   "words": {"status": "skipped", "values": [], "labels": []}})
        },
    },
    Editor {
        name: "text answer",
        open: b"\t",
        title: "Anything to add?",
        answers: |text| {
            json!({"pick": {"status": "skipped", "values": [], "labels": []},
                   "words": {"status": "answered", "values": [], "labels": [], "customText": text}})
        },
    },
];

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
fn two_lines(editor: &Editor, newline: &[u8], kitty: bool) -> Value {
    let mut session = start(kitty);
    session.write(editor.open);
    session.wait_for_text(editor.title);
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
    for editor in EDITORS {
        for newline in NEWLINES {
            let answers = two_lines(editor, newline.bytes, newline.kitty);
            let expected = (editor.answers)("first line\nsecond line");
            if answers != expected {
                failures.push(format!(
                    "{} in the {} editor: {answers:#}",
                    newline.name, editor.name
                ));
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
    for editor in EDITORS {
        let mut session = start(false);
        session.write(editor.open);
        session.wait_for_text(editor.title);
        session.write(b"first line");
        session.wait_for_text("first line");
        // xterm sends Enter's byte for Shift+Enter; the second line follows as it is typed,
        // Enter included, none of it meant for the next question.
        session.write(b"\rsecond line\r");
        session.wait_for_text("keys typed right after it did nothing · ctrl+j newline");
        session.end(Ending::CtrlC);
        let finished = session.finish();
        assert_eq!(finished.code(), 130, "{}: {}", editor.name, finished.stdout);
        let answers = finished.result()["details"]["answers"].clone();
        if answers != (editor.answers)("first line") {
            failures.push(format!("the {} editor: {answers:#}", editor.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
