//! The accessible mode (`--accessible`, `TERM=dumb`) on a pseudo-terminal: plain lines, never an
//! escape byte, whatever the call's strings hold; every question type answered by typed lines;
//! the end of input, Ctrl+C and signals cancel with the answers so far. And with the answers piped
//! in instead of typed.

mod support;

use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::pty::{Ending, Finished, Launch, PATIENCE, Session};
use support::{fixture, run_with_stdin, stderr, stdout_json};

fn launch(file: &str) -> Launch {
    Launch {
        input: std::fs::read_to_string(fixture(file)).unwrap(),
        size: (80, 24),
        kitty: false,
        args: &[],
        env: &[],
    }
}

fn accessible(file: &str) -> Session {
    Session::start_with(launch(file), |command| {
        command.arg("--accessible");
    })
}

/// Types `line` and Enter, as a terminal sends them.
fn enter(session: &mut Session, line: &str) {
    session.write(format!("{line}\r").as_bytes());
}

/// Waits until `text` has been written `count` times (a question asked again).
fn wait_for_count(session: &mut Session, text: &str, count: usize) {
    let deadline = Instant::now() + PATIENCE;
    while session.text().matches(text).count() < count {
        assert!(
            session.running(),
            "the binary ended before {text:?} came {count} times"
        );
        assert!(
            Instant::now() < deadline,
            "gave up waiting for {text:?} {count} times"
        );
        thread::sleep(Duration::from_millis(10));
    }
}

fn assert_no_escape_byte(finished: &Finished) {
    let at = finished.output.iter().position(|&b| b == 0x1b);
    assert_eq!(
        at,
        None,
        "an ESC byte reached the terminal: {:?}",
        String::from_utf8_lossy(&finished.output)
    );
}

fn answers(finished: &Finished) -> Value {
    finished.result()["details"]["answers"].clone()
}

#[test]
fn every_question_type_line_by_line_and_never_an_escape_byte() {
    let mut s = accessible("hostile_every_type.json");
    s.wait_for_text("Which 2Jchannel should we release to?");
    // Control characters go; the rest of a would-be sequence stays as harmless text.
    s.wait_for_text("1. Sta[?1049hble - Every]8;;http://evilone ([5mRecommended)");
    s.wait_for_text("Bold [1m and code");
    s.wait_for_text("make [0mrelease");
    s.wait_for_text("3. Type something.");
    s.wait_for_text("Pick [31mone[0m by number.");
    enter(&mut s, "9");
    s.wait_for_text("Not understood: 9");
    enter(&mut s, "3");
    s.wait_for_text("Type your answer and press Enter");
    enter(&mut s, "nightly \u{9b}2J");
    s.wait_for_text("Which targets do we build?");
    s.wait_for_text("Type numbers separated by commas");
    enter(&mut s, "1, 5");
    s.wait_for_text("Not understood: 5");
    enter(&mut s, "1,3");
    s.wait_for_text("Anything the [8mrelease notes must say?");
    s.wait_for_text("(e.g. [7mbreaking changes)");
    enter(&mut s, "");
    s.wait_for_text("Tag the release commit?");
    s.wait_for_text("Type y or n");
    enter(&mut s, "n");
    s.wait_for_text("Review your answers");
    s.wait_for_text("3. Notes: skipped");
    enter(&mut s, "3");
    wait_for_count(&mut s, "Anything the [8mrelease notes must say?", 2);
    enter(&mut s, "Breaking: none");
    s.wait_for_text("3. Notes: Breaking: none");
    enter(&mut s, "");
    let finished = s.finish();
    assert_eq!(finished.code(), 0, "{}", finished.stdout);
    assert_no_escape_byte(&finished);
    let answers = answers(&finished);
    assert_eq!(answers["channel"]["customText"], json!("nightly 2J"));
    assert_eq!(answers["targets"]["values"], json!(["linux", "windows"]));
    assert_eq!(answers["notes"]["customText"], json!("Breaking: none"));
    assert_eq!(answers["tag"]["values"], json!(["no"]));
    assert_eq!(finished.result()["details"]["cancelled"], json!(false));
    assert!(finished.termios_problems().is_empty());
}

#[test]
fn term_dumb_selects_it_and_a_lone_question_submits_when_answered() {
    let mut launch = launch("release.json");
    launch.input = json!({"questions": [{"id": "tag", "header": "Tag", "prompt": "Tag it?", "type": "confirm"}]})
        .to_string();
    let mut s = Session::start_with(launch, |command| {
        command.env("TERM", "dumb");
    });
    s.wait_for_text("Type y or n");
    enter(&mut s, "y");
    let finished = s.finish();
    assert_eq!(finished.code(), 0, "{}", finished.stdout);
    assert_no_escape_byte(&finished);
    assert_eq!(answers(&finished)["tag"]["values"], json!(["yes"]));
}

#[test]
fn the_end_of_input_cancels_keeping_the_answers() {
    let mut s = accessible("release.json");
    s.wait_for_text("Which channel should we release to?");
    enter(&mut s, "2");
    s.wait_for_text("Which targets do we build?");
    s.write(b"\x04");
    let finished = s.finish();
    assert_eq!(finished.code(), 130, "{}", finished.stdout);
    assert_no_escape_byte(&finished);
    assert_eq!(finished.result()["details"]["cancelled"], json!(true));
    assert_eq!(answers(&finished)["channel"]["values"], json!(["beta"]));
    assert!(String::from_utf8_lossy(&finished.output).contains("Cancelled · answers kept"));
}

#[test]
fn ctrl_c_and_signals_cancel_keeping_the_answers() {
    for ending in [
        Ending::CtrlC,
        Ending::Sigint,
        Ending::Sigterm,
        Ending::Sighup,
        Ending::Sigquit,
    ] {
        let mut s = accessible("release.json");
        s.wait_for_text("Which channel should we release to?");
        enter(&mut s, "3");
        s.wait_for_text("Which targets do we build?");
        enter(&mut s, "1");
        s.wait_for_text("Anything the release notes must say?");
        s.end(ending);
        let finished = s.finish();
        assert_eq!(
            finished.code(),
            ending.exit_code(),
            "{ending:?}: {}",
            finished.stdout
        );
        assert_no_escape_byte(&finished);
        assert_eq!(
            finished.result()["details"]["cancelled"],
            json!(true),
            "{ending:?}"
        );
        let answers = answers(&finished);
        assert_eq!(
            answers["channel"]["values"],
            json!(["nightly"]),
            "{ending:?}"
        );
        assert_eq!(answers["targets"]["values"], json!(["linux"]), "{ending:?}");
        assert!(finished.termios_problems().is_empty(), "{ending:?}");
    }
}

#[test]
fn answers_can_be_piped_in_with_the_questionnaire_in_a_file() {
    let path = fixture("hostile_every_type.json");
    let output = run_with_stdin(
        &["--accessible", path.to_str().unwrap()],
        "2\n4\nAll of them\nshort notes\nyes\n1\n1\n\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let prompts = stderr(&output);
    assert!(!prompts.contains('\u{1b}'), "{prompts}");
    assert!(prompts.contains("Review your answers"), "{prompts}");
    let answers = &stdout_json(&output)["details"]["answers"];
    assert_eq!(answers["channel"]["values"], json!(["stable"]));
    assert_eq!(answers["targets"]["values"], json!([]));
    assert_eq!(answers["targets"]["customText"], json!("All of them"));
    assert_eq!(answers["notes"]["customText"], json!("short notes"));
    assert_eq!(answers["tag"]["values"], json!(["yes"]));
}

#[test]
fn piped_answers_that_end_early_cancel_with_the_answers_so_far() {
    let path = fixture("release.json");
    let output = run_with_stdin(&["--accessible", path.to_str().unwrap()], "1\n2,3\n");
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    let result = stdout_json(&output);
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(
        result["details"]["answers"]["targets"]["values"],
        json!(["macos", "windows"])
    );
}

#[test]
fn accessible_and_keys_do_not_mix() {
    let path = fixture("release.json");
    let output = run_with_stdin(
        &["--accessible", "--keys", "enter", path.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

#[test]
fn without_a_terminal_or_piped_answers_it_exits_1_and_says_why() {
    // `setsid` starts the binary in a new session, which has no controlling terminal; stdin
    // carries the questionnaire, so there is nowhere to read answers from.
    let input = std::fs::read_to_string(fixture("release.json")).unwrap();
    let output = support::run_command_with_stdin(
        std::process::Command::new("setsid").args(["-w", support::BINARY, "--accessible"]),
        &input,
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "stdout carries only results");
    assert!(
        stderr(&output).contains("cannot ask line by line"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_number_question_is_asked_again_until_the_number_is_an_answer() {
    let path = fixture("number.json");
    let output = run_with_stdin(
        &["--accessible", path.to_str().unwrap()],
        "100\n12\n0.33\n0.35\n\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let prompts = stderr(&output);
    assert!(
        prompts.contains("a whole number from 1 to 64, in workers"),
        "{prompts}"
    );
    assert!(
        prompts.contains("Not understood: 100 (at most 64)"),
        "{prompts}"
    );
    assert!(
        prompts.contains("Not understood: 0.33 (steps of 0.05 from 0)"),
        "{prompts}"
    );
    let answers = &stdout_json(&output)["details"]["answers"];
    assert_eq!(answers["workers"]["number"], json!(12));
    assert_eq!(answers["ratio"]["number"], json!(0.35));
}
