//! Every way a run ends leaves the terminal restored: panics, signals, a hung program, a closed terminal, no terminal, endings cut mid-sequence, a signal after the run.

use super::*;

#[test]
fn raw_mode_is_restored_after_a_panic_before_the_message_prints() {
    let mut term = Terminal::launch(Launch {
        scenario: "panic",
        size: (100, 12),
        ..Launch::default()
    });
    term.wait_for_text("bomb: press a key");
    assert!(!term.is_cooked());
    term.type_keys("x");
    let (_, status, term) = term.finish();
    assert!(!status.success());
    assert!(
        term.is_cooked(),
        "termios after the panic: {:?}",
        term.local_modes()
    );
    assert!(!term.cursor_hidden());
    let lines = term.lines();
    // Printed in cooked mode below the frame: each line starts at column 0 (in raw mode a
    // newline does not return the carriage, so the lines would step to the right).
    let frame_row = lines.iter().position(|l| l == "bomb: press a key");
    let message_row = lines
        .iter()
        .position(|l| l.starts_with("the bomb went off"));
    let hint_row = lines
        .iter()
        .position(|l| l.starts_with("note: run with `RUST_BACKTRACE=1`"));
    assert!(
        frame_row.is_some() && frame_row < message_row && message_row < hint_row,
        "{lines:#?}"
    );
}

#[test]
fn sigint_sigterm_and_sighup_end_the_run_with_a_restored_terminal() {
    use rustix::process::Signal;
    for (signal, number) in [(Signal::INT, 2), (Signal::TERM, 15), (Signal::HUP, 1)] {
        let term = Terminal::launch(Launch::default());
        term.wait_for_text("7/7");
        rustix::process::kill_process(rustix::process::Pid::from_child(&term.child), signal)
            .expect("signal the child");
        let (stdout, _, term) = term.finish();
        assert_eq!(report(&stdout), format!("Signal({number})"));
        assert!(term.is_cooked(), "after signal {number}");
        assert!(!term.cursor_hidden(), "after signal {number}");
        assert_eq!(term.lines()[..2], ["$ app", ""], "after signal {number}");
    }
}

#[test]
fn a_program_that_hangs_still_gets_its_terminal_restored_on_sigterm() {
    let mut term = Terminal::launch(Launch {
        scenario: "stuck",
        ..Launch::default()
    });
    term.wait_for_text("stuck: press a key");
    term.type_keys("x");
    term.wait_for_text("hanging");
    // The loop is stuck in `update` and never sees the signal; the signal thread restores
    // the terminal after its grace period and lets SIGTERM take its default action.
    rustix::process::kill_process(
        rustix::process::Pid::from_child(&term.child),
        rustix::process::Signal::TERM,
    )
    .expect("signal the child");
    let (_, status, term) = term.finish();
    assert_eq!(status.signal(), Some(15), "{status:?}");
    assert!(term.is_cooked());
    assert!(!term.cursor_hidden());
}

#[test]
fn a_closed_terminal_ends_the_run_and_the_program_survives() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.hang_up();
    let (stdout, status, _) = term.finish();
    assert!(
        stdout.contains("REPORT "),
        "the child ended without its report ({status:?}): {stdout:?}"
    );
    // The kernel sends SIGHUP and the terminal reads as hung up; whichever the loop sees first
    // ends the run as SIGHUP, with the program handed back.
    assert_eq!(report(&stdout), "Signal(1)");
}

#[test]
fn ctrl_c_is_a_key_for_the_program_not_a_signal() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.type_keys("\x03");
    let (stdout, status, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    assert!(
        status.success(),
        "the child was not killed by SIGINT: {status:?}"
    );
}

#[test]
fn without_a_controlling_terminal_the_run_fails_with_a_clear_error() {
    let term = Terminal::launch(Launch {
        scenario: "no-terminal",
        stdin: Some(""),
        ..Launch::default()
    });
    let (stdout, _, _) = term.finish();
    assert!(
        report(&stdout).starts_with("error: no controlling terminal"),
        "{stdout:?}"
    );
}

/// The ways out of a run, as the terminal sends them, and what the picker reports for each.
const ENDINGS: [(&str, &str); 5] = [
    ("Ctrl+C", "Quit(Cancelled)"),
    ("Kitty Ctrl+C", "Quit(Cancelled)"),
    ("SIGINT", "Signal(2)"),
    ("SIGTERM", "Signal(15)"),
    ("SIGHUP", "Signal(1)"),
];

fn end(term: &mut Terminal, ending: &str) {
    use rustix::process::{Pid, Signal, kill_process};
    let signal = match ending {
        "Ctrl+C" => return term.type_keys("\x03"),
        "Kitty Ctrl+C" => return term.type_keys("\x1b[99;5u"),
        "SIGINT" => Signal::INT,
        "SIGTERM" => Signal::TERM,
        _ => Signal::HUP,
    };
    kill_process(Pid::from_child(&term.child), signal).expect("signal the child");
}

#[test]
fn every_ending_works_whatever_sequence_was_cut_off() {
    for partial in ["\x1b[", "\x1b[<0;12", "\x1b[1;5", "\x1b[200~rr"] {
        for (ending, expected) in ENDINGS {
            let mut term = Terminal::launch(Launch::default());
            term.wait_for_text("7/7");
            term.type_keys(partial);
            end(&mut term, ending);
            let (stdout, status, term) = term.finish();
            let case = format!("{partial:?} then {ending}");
            assert_eq!(report(&stdout), expected, "{case}");
            assert!(status.success(), "{case}: {status:?}");
            assert!(term.is_cooked(), "{case}");
            assert!(!term.cursor_hidden(), "{case}");
            let raw = term.raw_since(0);
            assert!(
                raw.ends_with("\x1b[?2004l\x1b[?7h\x1b[?25h"),
                "{case}: {raw:?}"
            );
        }
    }
}

#[test]
fn a_signal_after_the_run_waits_for_the_host_while_it_holds_it() {
    for (scenario, survives) in [("late-signal", true), ("late-signal-dropped", false)] {
        let mut term = Terminal::launch(Launch {
            scenario,
            ..Launch::default()
        });
        term.wait_for_text("7/7");
        term.type_keys("\x1b");
        term.wait_for_text("run over");
        rustix::process::kill_process(
            rustix::process::Pid::from_child(&term.child),
            rustix::process::Signal::INT,
        )
        .expect("signal the child");
        let (stdout, status, _) = term.finish();
        assert_eq!(report(&stdout), "Quit(Cancelled)", "{scenario}");
        assert!(stdout.contains("LATE Some(2)"), "{scenario}: {stdout:?}");
        if survives {
            assert!(status.success(), "{scenario}: {status:?}");
        } else {
            // Let go of, the hold lets the signal take its default action at once.
            assert_eq!(status.signal(), Some(2), "{scenario}: {status:?}");
            assert!(!stdout.contains("survived"), "{scenario}");
        }
    }
}

#[test]
fn tea_run_returns_what_the_program_quit_with_or_why_it_stopped() {
    for (ending, expected) in [
        ("Enter", r#"Ok(Picked("apple"))"#),
        (
            "SIGTERM",
            "Err(stopped by signal 15, ExitCode(unix_exit_status(143)))",
        ),
    ] {
        let mut term = Terminal::launch(Launch {
            scenario: "run",
            ..Launch::default()
        });
        term.wait_for_text("7/7");
        match ending {
            "Enter" => term.type_keys("\r"),
            signal => end(&mut term, signal),
        }
        let (stdout, status, term) = term.finish();
        assert_eq!(report(&stdout), expected, "{ending}");
        assert!(status.success(), "{ending}: {status:?}");
        assert!(term.is_cooked(), "{ending}");
    }
}
