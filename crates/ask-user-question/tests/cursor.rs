//! The terminal's cursor on a pseudo-terminal, read back through a terminal emulator (vt100):
//! it sits on the caret of the editor being typed in (after a wide character's two columns),
//! as a bar, and is hidden with no editor open; the terminal gets its own shape back at the end.

mod support;

use std::thread;
use std::time::{Duration, Instant};

use support::fixture;
use support::pty::{Launch, PATIENCE, Session};

const SIZE: (u16, u16) = (100, 30);

fn start() -> Session {
    let input = std::fs::read_to_string(fixture("release.json")).unwrap();
    let mut session = Session::start(Launch {
        input,
        size: SIZE,
        kitty: false,
        args: &[],
        env: &[],
    });
    session.wait_for_text("Which channel should we release to?");
    session
}

/// The screen after everything the binary wrote so far.
fn screen(session: &Session) -> vt100::Screen {
    let mut parser = vt100::Parser::new(SIZE.1, SIZE.0, 0);
    parser.process(&session.output());
    parser.screen().clone()
}

/// Where the cursor shows, `None` while hidden.
fn shown_cursor(screen: &vt100::Screen) -> Option<(u16, u16)> {
    (!screen.hide_cursor()).then(|| screen.cursor_position())
}

/// Waits until the cursor shows on the caret's cell (reversed) right after `typed`, and returns
/// that cell.
fn wait_for_cursor_after(session: &Session, typed: &str) -> (u16, u16) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let screen = screen(session);
        if let Some((row, column)) = shown_cursor(&screen) {
            let before = screen.contents_between(row, 0, row, column);
            let caret = screen.cell(row, column).expect("a cell");
            if before.trim_end().ends_with(typed) && caret.inverse() {
                return (row, column);
            }
        }
        assert!(
            Instant::now() < deadline,
            "the cursor never showed on the caret after {typed:?}: at {:?} (hidden: {}) on\n{}",
            screen.cursor_position(),
            screen.hide_cursor(),
            screen.contents()
        );
        thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_cursor_sits_on_the_caret_after_typing() {
    let mut session = start();
    assert_eq!(shown_cursor(&screen(&session)), None, "no editor: hidden");
    session.write(b"4");
    session.wait_for_text("Your answer");
    session.write(b"ab");
    let (row, column) = wait_for_cursor_after(&session, "ab");
    let screen = screen(&session);
    assert_eq!(screen.cell(row, column - 1).unwrap().contents(), "b");
    session.write(b"\x1b[D");
    let (_, left) = wait_for_cursor_after(&session, "a");
    assert_eq!(left, column - 1, "on the b after ←");
    let output = String::from_utf8_lossy(&session.output()).into_owned();
    assert!(output.contains("\x1b[6 q"), "a bar cursor");
    session.write(b"\x03");
    let finished = session.finish();
    let output = String::from_utf8_lossy(&finished.output).into_owned();
    let bar = output.rfind("\x1b[6 q").expect("a bar cursor");
    assert!(
        output
            .rfind("\x1b[0 q")
            .is_some_and(|restored| restored > bar),
        "the terminal's own cursor shape is put back"
    );
    assert!(finished.terminal_problems().is_empty());
}

#[test]
fn a_wide_character_puts_the_cursor_after_both_its_columns() {
    let mut session = start();
    session.write(b"4");
    session.wait_for_text("Your answer");
    session.write("中".as_bytes());
    let (row, column) = wait_for_cursor_after(&session, "中");
    let screen = screen(&session);
    assert_eq!(screen.cell(row, column - 2).unwrap().contents(), "中");
    assert!(screen.cell(row, column - 1).unwrap().is_wide_continuation());
    session.write(b"x");
    let (_, after) = wait_for_cursor_after(&session, "中x");
    assert_eq!(after, column + 1);
}

#[test]
fn leaving_the_editor_hides_the_cursor() {
    let mut session = start();
    session.write(b"4");
    session.wait_for_text("Your answer");
    session.write(b"ab");
    wait_for_cursor_after(&session, "ab");
    session.write(b"\x1b");
    let deadline = Instant::now() + PATIENCE;
    while shown_cursor(&screen(&session)).is_some() {
        assert!(Instant::now() < deadline, "the cursor stayed after Esc");
        thread::sleep(Duration::from_millis(10));
    }
}
