//! The binary on a pseudo-terminal, in every input state a terminal can leave it in: each way out
//! (Ctrl+C as legacy and Kitty terminals send it, SIGINT, SIGTERM, SIGHUP) ends the run with the
//! answers so far on stdout, its own exit status and the terminal as it was; pastes are text
//! however they are split; control bytes never reach the terminal.

mod support;

use std::time::Duration;

use serde_json::json;
use support::fixture;
use support::pty::{Ending, Finished, Launch, Session, TerminalAnswers};

fn release() -> String {
    std::fs::read_to_string(fixture("release.json")).unwrap()
}

fn start(kitty: bool) -> Session {
    let mut session = Session::start(Launch {
        input: release(),
        size: (100, 30),
        kitty,
        args: &[],
        env: &[],
    });
    session.wait_for_text("Which channel should we release to?");
    session
}

/// Channel answered (Nightly), one target toggled: the answers every ending must keep.
fn answer_the_first_questions(session: &mut Session) {
    session.write(b"3");
    session.wait_for_text("Which targets do we build?");
    session.write(b"1");
    session.wait_for_text("2/4 answered");
}

/// The run ended as `ending` says, with the answers so far and the terminal as it was.
fn assert_ended_by(finished: &Finished, ending: Ending, what: &str) {
    assert_result(finished, ending, what);
    let problems = finished.terminal_problems();
    assert!(problems.is_empty(), "{what}: {ending:?}: {problems:?}");
}

/// The run ended as `ending` says, with the answers so far.
fn assert_result(finished: &Finished, ending: Ending, what: &str) {
    let code = finished.code();
    let stdout = &finished.stdout;
    assert_eq!(code, ending.exit_code(), "{what}: {ending:?}; {stdout:?}");
    let result = finished.result();
    let details = &result["details"];
    assert_eq!(details["cancelled"], json!(true), "{what}: {ending:?}");
    let channel = &details["answers"]["channel"]["values"];
    assert_eq!(channel, &json!(["nightly"]), "{what}: {ending:?}");
}

/// For each ending: the answers, then `state` (which leaves the input in some state), then the
/// ending.
fn every_ending_after(what: &str, state: impl Fn(&mut Session, Ending)) {
    for kitty in [false, true] {
        for ending in Ending::ALL {
            let mut session = start(kitty);
            answer_the_first_questions(&mut session);
            state(&mut session, ending);
            session.end(ending);
            let finished = session.finish();
            assert_ended_by(&finished, ending, &format!("{what} (kitty {kitty})"));
            assert_eq!(
                finished.result()["details"]["answers"]["targets"]["values"],
                json!(["linux"]),
                "{what}: {ending:?}: nothing but the typed 1 toggled a target"
            );
        }
    }
}

#[test]
fn every_ending_works_after_a_cut_off_csi() {
    every_ending_after("ESC [", |session, _| session.write(b"\x1b["));
}

#[test]
fn every_ending_works_after_an_unfinished_mouse_report() {
    every_ending_after("ESC [<0;12", |session, _| session.write(b"\x1b[<0;12"));
}

#[test]
fn every_ending_works_after_a_lone_esc_and_a_cut_off_modified_key() {
    every_ending_after("ESC ESC [1;5", |session, _| session.write(b"\x1b\x1b[1;5"));
}

#[test]
fn every_ending_works_after_a_paste_that_never_ends() {
    // Digits and Enter in it, which must not pick a target or move on.
    every_ending_after("a paste with no end marker", |session, _| {
        session.write(b"\x1b[200~2\r\r")
    });
}

/// In the notes editor with a draft of `draft_len` bytes typed in one paste.
fn in_the_editor_with_a_draft(session: &mut Session, draft_len: usize) {
    session.write(b"\r");
    session.wait_for_text("Anything the release notes must say?");
    let line = "the quick brown fox jumps over the lazy dog 0123456789\n";
    let draft: String = line.repeat(draft_len / line.len() + 1);
    session.write(format!("\x1b[200~{draft}END-OF-DRAFT\x1b[201~").as_bytes());
}

#[test]
fn every_ending_works_in_an_editor_holding_a_large_draft() {
    for ending in Ending::ALL {
        let mut session = start(false);
        answer_the_first_questions(&mut session);
        in_the_editor_with_a_draft(&mut session, 100_000);
        session.wait_for_text("END-OF-DRAFT");
        session.write(b"\x1b[200~open paste");
        session.end(ending);
        let finished = session.finish();
        assert_ended_by(&finished, ending, "a large draft and an open paste");
        let answers = &finished.result()["details"]["answers"];
        assert_eq!(answers["targets"]["values"], json!(["linux"]));
        // The unsaved draft comes back whole, marked as a draft, never as the answer.
        let draft = answers["notes"]["draft"]["text"]
            .as_str()
            .unwrap_or_default();
        assert!(
            draft.len() > 100_000 && draft.contains("END-OF-DRAFT"),
            "{ending:?}: the draft is lost ({} bytes)",
            draft.len()
        );
        assert_eq!(answers["notes"]["status"], json!("skipped"), "{ending:?}");
        assert!(
            finished.result()["content"]
                .as_str()
                .unwrap()
                .contains("unsent draft")
        );
    }
}

/// The paste, its digits and line breaks, split into reads at `cuts`.
fn paste_in_parts(session: &mut Session, paste: &[u8], cuts: &[usize]) {
    let mut start = 0;
    for &cut in cuts.iter().chain([&paste.len()]) {
        session.write(&paste[start..cut]);
        start = cut;
    }
}

#[test]
fn a_split_paste_outside_an_editor_does_nothing_and_in_one_is_its_text() {
    // Split inside the content, right after the start marker and inside the end marker (a
    // split inside the start marker waits the shorter escape timeout; the decoder's tests
    // cover every offset).
    let paste = b"\x1b[200~2\r3\r1\r\x1b[201~";
    for cuts in [
        vec![6],
        vec![8],
        vec![10, 15],
        vec![17],
        vec![7, 9, 11, 13, 16],
    ] {
        let mut session = start(false);
        paste_in_parts(&mut session, paste, &cuts);
        session.write(b"3");
        session.wait_for_text("Which targets do we build?");
        session.write(b"1\r");
        session.wait_for_text("Anything the release notes must say?");
        paste_in_parts(&mut session, paste, &cuts);
        session.write(b"\r");
        session.wait_for_text("Tag the release commit?");
        session.end(Ending::CtrlC);
        let finished = session.finish();
        assert_eq!(finished.code(), 130, "cuts {cuts:?}");
        let answers = &finished.result()["details"]["answers"];
        assert_eq!(
            answers["channel"]["values"],
            json!(["nightly"]),
            "cuts {cuts:?}"
        );
        assert_eq!(
            answers["targets"]["values"],
            json!(["linux"]),
            "cuts {cuts:?}"
        );
        assert_eq!(
            answers["notes"]["customText"],
            json!("2\n3\n1\n"),
            "cuts {cuts:?}: the whole paste is the note"
        );
        assert!(finished.terminal_problems().is_empty());
    }
}

/// Whether `c` may appear in what the binary writes to the terminal: text, and the controls of
/// its own escape sequences, line handling and bell.
fn writable(c: char) -> bool {
    !c.is_control() || matches!(c, '\x1b' | '\r' | '\n' | '\x07')
}

#[test]
fn typed_and_pasted_control_bytes_never_reach_the_terminal() {
    let mut session = start(false);
    answer_the_first_questions(&mut session);
    session.write(b"\r");
    session.wait_for_text("Anything the release notes must say?");
    let before = session.output_len();
    // Typed: C1 controls (8-bit CSI too), as UTF-8 and as raw bytes, and control code points
    // named by Kitty and modifyOtherKeys sequences.
    session.write("x\u{9b}2J\u{85}y".as_bytes());
    session.write(b"\x9b31m\x1b[155u\x1b[27;1;155~\x1b[3uz");
    // Pasted: C0 and C1 controls and escape sequences.
    session.write("\x1b[200~p\x07a\x08s\u{9b}t\x1b[31me\x0e\x1b[201~".as_bytes());
    session.wait_for_text("x2Jy31mzpaste");
    session.write(b"\r");
    session.wait_for_text("Tag the release commit?");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    let written = String::from_utf8_lossy(&finished.output[before..]).into_owned();
    let stray: Vec<char> = written.chars().filter(|&c| !writable(c)).collect();
    assert!(stray.is_empty(), "control characters written: {stray:?}");
    let note = finished.result()["details"]["answers"]["notes"]["customText"].clone();
    assert_eq!(note, json!("x2Jy31mzpaste"));
}

#[test]
fn ctrl_c_typed_again_after_the_terminal_is_restored_keeps_the_result_and_exit_status() {
    // The first Ctrl+C cancels; the terminal is cooked again before the process exits, so
    // each further one is a SIGINT from the terminal itself, landing anywhere on the way out.
    for _ in 0..5 {
        let mut session = start(false);
        answer_the_first_questions(&mut session);
        session.write(b"\x03");
        while session.running() {
            session.write(b"\x03");
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        let finished = session.finish();
        assert_result(&finished, Ending::CtrlC, "Ctrl+C after Ctrl+C");
        // Only termios: a Ctrl+C in the cooked terminal makes the kernel discard output the
        // terminal has not read yet (no NOFLSH), the runtime's last bytes among it.
        let termios = finished.termios_problems();
        assert!(termios.is_empty(), "{termios:?}");
    }
}

#[test]
fn closing_the_terminal_prints_the_answers_and_exits_129() {
    let mut session = start(false);
    answer_the_first_questions(&mut session);
    session.write(b"\x1b[");
    session.hang_up();
    let finished = session.finish();
    assert_result(&finished, Ending::Sighup, "the terminal closed");
}

#[test]
fn a_signal_before_a_slow_terminal_answers_leaves_no_answer_for_the_shell() {
    // At the far end of a slow link (ssh) the answers to the start-up queries arrive after a
    // signal sent at once. Left unread, they would be the shell's input, typed at its prompt.
    let answers =
        TerminalAnswers::background("rgb:0000/0000/0000").delayed(Duration::from_millis(100));
    for ending in [
        Ending::Sigint,
        Ending::Sigterm,
        Ending::Sighup,
        Ending::Sigquit,
    ] {
        let launch = Launch {
            input: release(),
            size: (100, 30),
            kitty: false,
            args: &[],
            env: &[],
        };
        let mut session = Session::start_on(launch, answers, |_| {});
        session.wait_for_output(b"\x1b[c");
        session.end(ending);
        let finished = session.finish();
        assert_eq!(finished.code(), ending.exit_code(), "{ending:?}");
        assert_eq!(
            finished.unread, 0,
            "{ending:?}: the terminal's answers were left for the shell"
        );
        let problems = finished.terminal_problems();
        assert!(problems.is_empty(), "{ending:?}: {problems:?}");
        assert_eq!(finished.result()["details"]["cancelled"], json!(true));
    }
}

#[test]
fn closing_the_terminal_before_it_answered_the_start_up_prints_the_result_and_exits_129() {
    let answers = TerminalAnswers::default().delayed(Duration::from_millis(100));
    let launch = Launch {
        input: release(),
        size: (100, 30),
        kitty: false,
        args: &[],
        env: &[],
    };
    let mut session = Session::start_on(launch, answers, |_| {});
    session.wait_for_output(b"\x1b[c");
    session.hang_up();
    let finished = session.finish();
    assert_eq!(finished.code(), 129, "{:?}", finished.stdout);
    let result = finished.result();
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .starts_with("User cancelled the questionnaire."),
        "{result}"
    );
}

/// A release questionnaire started with `args` and `env`, cancelled once it is on screen; what
/// the binary wrote to the terminal.
fn output_of_a_run(
    input: String,
    args: &'static [&'static str],
    env: &'static [(&'static str, &'static str)],
) -> String {
    let mut session = Session::start(Launch {
        input,
        size: (100, 30),
        kitty: false,
        args,
        env,
    });
    session.wait_for_text("answered");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    assert_eq!(finished.code(), 130);
    String::from_utf8_lossy(&finished.output).into_owned()
}

const NOTIFICATION: &str = "\x1b]9;Release plan: 4 questions are waiting for you\x1b\\\
                            \x1b]777;notify;Release plan;4 questions are waiting for you\x1b\\";

#[test]
fn the_bell_rings_once_after_the_first_frame() {
    let output = output_of_a_run(release(), &[], &[]);
    assert_eq!(output.matches('\x07').count(), 1, "{output:?}");
    let bell = output.find('\x07').unwrap();
    let frame = output.find("Which channel should we release to?").unwrap();
    assert!(frame < bell, "the questionnaire is drawn before the bell");
    assert!(
        !output.contains("\x1b]9;") && !output.contains("\x1b]777;"),
        "no notification unless asked: {output:?}"
    );
}

#[test]
fn no_bell_rings_with_no_bell() {
    let output = output_of_a_run(release(), &["--no-bell"], &[]);
    assert!(!output.contains('\x07'), "{output:?}");
    assert!(!output.contains("\x1b]9;") && !output.contains("\x1b]777;"));
}

#[test]
fn notify_sends_osc_9_and_osc_777_after_the_bell() {
    let output = output_of_a_run(release(), &["--notify"], &[]);
    assert_eq!(output.matches(NOTIFICATION).count(), 1, "{output:?}");
    assert_eq!(
        output.find(NOTIFICATION),
        Some(output.find('\x07').unwrap() + 1)
    );
    let output = output_of_a_run(release(), &["--notify", "--no-bell"], &[]);
    assert_eq!(output.matches(NOTIFICATION).count(), 1, "{output:?}");
    assert!(!output.contains('\x07'), "{output:?}");
}

#[test]
fn inside_tmux_the_notification_is_passed_through() {
    let output = output_of_a_run(
        release(),
        &["--notify"],
        // Any value means "inside tmux"; this one has the shape tmux sets (socket,pid,session).
        &[("TMUX", "tmux-test-socket,4242,0")],
    );
    let wrapped = "\x1bPtmux;\x1b\x1b]9;Release plan: 4 questions are waiting for you\x1b\x1b\\\x1b\\\
                   \x1bPtmux;\x1b\x1b]777;notify;Release plan;4 questions are waiting for you\x1b\x1b\\\x1b\\";
    assert_eq!(output.matches(wrapped).count(), 1, "{output:?}");
    assert_eq!(
        output.matches('\x07').count(),
        1,
        "the bell is tmux's own: {output:?}"
    );
    assert!(
        !output.contains(NOTIFICATION),
        "never unwrapped inside tmux"
    );
}

#[test]
fn a_hostile_title_reaches_the_notification_as_plain_text() {
    let hostile = std::fs::read_to_string(fixture("hostile.json")).unwrap();
    let mut session = Session::start(Launch {
        input: hostile,
        size: (100, 30),
        kitty: false,
        args: &["--notify", "--no-bell"],
        env: &[],
    });
    session.wait_for_text("please");
    session.end(Ending::CtrlC);
    let output = String::from_utf8_lossy(&session.finish().output).into_owned();
    assert!(
        output.contains("\x1b]9;pwned: 1 question is waiting for you\x1b\\\x1b]777;notify;pwned;1 question is waiting for you\x1b\\"),
        "{output:?}"
    );
    let stray: Vec<char> = output.chars().filter(|&c| !writable(c)).collect();
    assert!(stray.is_empty(), "control characters written: {stray:?}");
    assert!(!output.contains('\x07'), "{output:?}");
}

/// The release questionnaire with `--timeout`.
fn start_with_timeout(limit: &'static str) -> Session {
    let args: &'static [&'static str] = match limit {
        "2s" => &["--timeout", "2s"],
        _ => panic!("add the limit {limit}"),
    };
    let mut session = Session::start(Launch {
        input: release(),
        size: (100, 30),
        kitty: false,
        args,
        env: &[],
    });
    session.wait_for_text("Which channel should we release to?");
    session
}

#[test]
fn a_time_limit_on_the_real_clock_ends_the_run_with_exit_124() {
    let session = start_with_timeout("2s");
    // Nothing pressed: the binary ends by itself (within the harness's hang deadline).
    let finished = session.finish();
    assert_eq!(finished.code(), 124, "{:?}", finished.stdout);
    let details = &finished.result()["details"];
    assert_eq!(details["error"], json!("timed_out"));
    assert_eq!(details["answers"]["channel"]["values"], json!([]));
    let problems = finished.terminal_problems();
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn a_key_pressed_in_time_stops_the_real_clock_countdown() {
    let mut session = start_with_timeout("2s");
    session.write(b"3");
    session.wait_for_text("Which targets do we build?");
    // Longer than the limit, after the key was handled: a running countdown would have ended.
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert!(session.running(), "the first key stopped the countdown");
    session.end(Ending::CtrlC);
    let finished = session.finish();
    assert_eq!(finished.code(), 130);
    assert_eq!(
        finished.result()["details"]["answers"]["channel"]["values"],
        json!(["nightly"])
    );
}

#[test]
fn code_in_a_preview_turns_colored_with_no_key() {
    // The first frame does not wait for the grammar to compile; the code is redrawn colored
    // once it has, without anyone pressing a key.
    let input = json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Which one?", "type": "single",
        "options": [
            {"value": "a", "label": "Alpha", "preview": "```rust\nlet n = 42;\n```"},
            {"value": "b", "label": "Beta"}
        ]
    }]});
    let mut session = Session::start(Launch {
        input: input.to_string(),
        size: (100, 20),
        kitty: false,
        args: &[],
        env: &[],
    });
    session.wait_for_text("let n = 42;");
    // The number is a token of its own color: its color starts right before it.
    session.wait_for_output(b"m42\x1b[");
    session.write(b"\x1b");
    let finished = session.finish();
    assert_eq!(finished.result()["details"]["cancelled"], json!(true));
}
