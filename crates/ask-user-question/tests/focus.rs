//! Focus on a pseudo-terminal: focus reporting is on while the questionnaire runs and off
//! after it; with `--notify`, the terminal losing focus sends the notification again (the bell
//! rings only once, at open).

mod support;

use support::fixture;
use support::pty::{Ending, Launch, Session};

const FOCUS_REPORTING_ON: &[u8] = b"\x1b[?1004h";
const FOCUS_OUT: &[u8] = b"\x1b[O";
const FOCUS_IN: &[u8] = b"\x1b[I";
const NOTIFICATION: &str = "\x1b]9;Release plan: 4 questions are waiting for you\x1b\\\
                            \x1b]777;notify;Release plan;4 questions are waiting for you\x1b\\";

fn start(args: &'static [&'static str]) -> Session {
    let mut session = Session::start(Launch {
        input: std::fs::read_to_string(fixture("release.json")).unwrap(),
        size: (100, 30),
        kitty: false,
        args,
        env: &[],
    });
    session.wait_for_text("Which channel should we release to?");
    session.wait_for_output(FOCUS_REPORTING_ON);
    session
}

#[test]
fn losing_focus_sends_the_notification_again_and_the_bell_rings_once() {
    let mut session = start(&["--notify"]);
    session.wait_for_output(NOTIFICATION.as_bytes());
    for _ in 0..2 {
        let before = session.output_len();
        session.write(FOCUS_IN);
        session.write(FOCUS_OUT);
        session.wait_for_output_from(before, NOTIFICATION.as_bytes());
    }
    // Focus events are no keys: the answer typed after them still lands.
    session.write(b"3");
    session.wait_for_text("Which targets do we build?");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    assert_eq!(finished.code(), 130);
    let output = String::from_utf8_lossy(&finished.output);
    assert_eq!(
        output.matches(NOTIFICATION).count(),
        3,
        "at open and twice on focus out"
    );
    assert_eq!(output.matches('\x07').count(), 1, "the bell rings once");
    assert_eq!(
        finished.result()["details"]["answers"]["channel"]["values"],
        serde_json::json!(["nightly"])
    );
    assert_eq!(finished.terminal_problems(), Vec::<String>::new());
}

#[test]
fn without_notify_losing_focus_writes_nothing() {
    let mut session = start(&[]);
    session.write(FOCUS_OUT);
    session.write(b"3");
    session.wait_for_text("Which targets do we build?");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    let output = String::from_utf8_lossy(&finished.output);
    assert!(
        !output.contains("\x1b]9;") && !output.contains("\x1b]777;"),
        "{output:?}"
    );
    assert_eq!(output.matches('\x07').count(), 1, "{output:?}");
    assert_eq!(finished.terminal_problems(), Vec::<String>::new());
}
