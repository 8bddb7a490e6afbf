//! Shift+Enter on a lone text question, whose Enter ends the run, on a pseudo-terminal playing
//! the terminals people use: xterm, where modifyOtherKeys tells Shift+Enter apart once asked,
//! and a terminal with no keyboard protocol at all, where Shift+Enter sends Enter. Either way
//! the answer is both lines, nothing typed is left for the shell to read, and every mode the
//! run turned on is off again, however the run ends.

mod support;

use support::pty::{Ending, Launch, Session, TerminalAnswers};

const LONE_TEXT: &str = r#"{"questions": [{"id": "notes", "header": "Notes", "prompt": "Anything to add?", "type": "text"}]}"#;

fn start(answers: TerminalAnswers) -> Session {
    let mut session = Session::start_on(
        Launch {
            input: LONE_TEXT.to_string(),
            size: (80, 24),
            kitty: false,
            args: &[],
            env: &[],
        },
        answers,
        |_| {},
    );
    session.wait_for_text("Anything to add?");
    session
}

fn two_lines_typed_with(answers: TerminalAnswers, shift_enter: &[u8]) -> support::pty::Finished {
    let mut session = start(answers);
    let mut typed = b"first line".to_vec();
    typed.extend_from_slice(shift_enter);
    typed.extend_from_slice(b"second line");
    session.write(&typed);
    session.wait_for_text("second line");
    session.write(b"\r");
    session.finish()
}

#[test]
fn in_xterm_shift_enter_is_a_new_line_and_the_footer_names_it() {
    let mut session = start(TerminalAnswers::xterm());
    session.wait_for_text("⇧enter newline");
    // Ctrl+C as xterm sends it in that mode.
    session.write(b"\x1b[27;5;99~");
    assert_eq!(session.finish().code(), 130);

    // The bytes xterm sends for Shift+Enter with modifyOtherKeys at level 2.
    let finished = two_lines_typed_with(TerminalAnswers::xterm(), b"\x1b[27;2;13~");
    assert_eq!(finished.code(), 0, "{}", finished.stdout);
    assert_eq!(
        finished.result()["details"]["answers"]["notes"]["customText"],
        "first line\nsecond line"
    );
    assert_eq!(finished.unread, 0, "keys left for the shell");
    assert!(
        finished.terminal_problems().is_empty(),
        "{:?}",
        finished.terminal_problems()
    );
}

#[test]
fn with_no_protocol_the_typing_after_enter_becomes_the_next_line() {
    let finished = two_lines_typed_with(TerminalAnswers::default(), b"\r");
    assert_eq!(finished.code(), 0, "{}", finished.stdout);
    assert_eq!(
        finished.result()["details"]["answers"]["notes"]["customText"],
        "first line\nsecond line"
    );
    assert_eq!(finished.unread, 0, "keys left for the shell");
    assert!(
        finished.terminal_problems().is_empty(),
        "{:?}",
        finished.terminal_problems()
    );
    let text = support::pty::plain(&finished.output);
    assert!(
        text.contains("Typed right after Enter, so kept as a new line · ctrl+j newline"),
        "the footer says what happened and names the key that works"
    );
    assert!(finished.output.contains(&b'\x07'), "and the bell rings");
}

#[test]
fn the_run_does_not_end_under_typing_that_comes_in_pieces() {
    // Someone typing at their own pace: a key every 60 ms after the Enter.
    let mut session = start(TerminalAnswers::default());
    session.write(b"first line\r");
    for key in b"second" {
        std::thread::sleep(std::time::Duration::from_millis(60));
        session.write(&[*key]);
    }
    session.wait_for_text("second");
    session.write(b"\r");
    let finished = session.finish();
    assert_eq!(finished.code(), 0);
    assert_eq!(
        finished.result()["details"]["answers"]["notes"]["customText"],
        "first line\nsecond"
    );
    assert_eq!(finished.unread, 0);
}

#[test]
fn modify_other_keys_is_reset_on_every_ending() {
    for answers in [TerminalAnswers::xterm(), TerminalAnswers::default()] {
        for ending in Ending::ALL {
            let mut session = start(answers);
            session.write(b"draft");
            session.wait_for_text("draft");
            session.end(ending);
            let finished = session.finish();
            assert_eq!(finished.code(), ending.exit_code(), "{ending:?}");
            assert_eq!(
                finished.result()["details"]["answers"]["notes"]["draft"]["text"],
                "draft",
                "{ending:?}"
            );
            assert!(
                finished.terminal_problems().is_empty(),
                "{ending:?}: {:?}",
                finished.terminal_problems()
            );
        }
    }
}
