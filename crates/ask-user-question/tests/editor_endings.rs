//! How a run ends while the external editor (Ctrl+G) is open, with a scripted editor that saves
//! its file, starts a child of its own and waits:
//!
//! - on a terminal, Ctrl+C and Ctrl+\ are the editor's: they end the editor, not the run, and
//!   the questionnaire comes back; SIGTERM and SIGHUP end the editor's process group and the
//!   run, with the text the editor saved as the draft in the result;
//! - a `--keys` replay's editor has no terminal, leaves nothing running, and when the replay
//!   is killed goes with it (no editor set at all: see `editor.rs`);
//! - every time: the exit status, the result JSON, the terminal's termios and modes, and no
//!   process of the editor left behind.

mod support;

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::Signal;
use serde_json::{Value, json};
use support::editor::{Scratch, editor_open};
use support::pty::{Finished, PATIENCE, Session};
use support::{binary, fixture, stdout_json};

/// A scripted editor that saves "saved by the editor", starts a child that would run for
/// minutes, records both process ids, says `EDITOR READY` (on the terminal, or in its log),
/// logs whether it could open a terminal, and waits for its child (or exits at once). What it
/// started is ended when this is dropped, even when a test failed.
struct Waiting {
    scratch: Scratch,
    /// The editor's command line.
    visual: String,
}

impl Waiting {
    fn new(name: &str, ready_to: Option<&str>, wait: bool) -> Waiting {
        let scratch = Scratch::new(&format!("endings-{name}"));
        let (pids, ready, log) = (
            scratch.path("pids"),
            scratch.path("ready"),
            scratch.path("log"),
        );
        let ready_to = ready_to.unwrap_or(&log);
        let wait = if wait { "wait" } else { "" };
        let visual = scratch.script(&format!(
            "ulimit -c 0
echo $$ > {pids}
printf '%s' 'saved by the editor' > \"$1\"
sleep 300 &
echo $! >> {pids}
printf 'EDITOR READY\\n' > {ready_to}
if (exec 3</dev/tty) 2>/dev/null; then echo tty >> {log}; else echo no-tty >> {log}; fi
touch {ready}
{wait}"
        ));
        Waiting { scratch, visual }
    }

    /// What the editor wrote to its log.
    fn log(&self) -> String {
        fs::read_to_string(self.scratch.path("log")).unwrap_or_default()
    }

    /// The process ids the editor recorded: its own and its child's.
    fn pids(&self) -> Vec<u32> {
        let text = fs::read_to_string(self.scratch.path("pids")).unwrap_or_default();
        text.lines()
            .filter_map(|line| line.trim().parse().ok())
            .collect()
    }

    /// Waits until the editor has started.
    fn wait_until_ready(&self) {
        let ready = PathBuf::from(self.scratch.path("ready"));
        let deadline = Instant::now() + PATIENCE;
        while !ready.exists() {
            assert!(Instant::now() < deadline, "the editor never started");
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until every process the editor recorded is gone (exited, or a zombie nobody has
    /// reaped yet); fails naming the ones still running after [`PATIENCE`].
    fn assert_gone(&self) {
        let pids = self.pids();
        assert_eq!(pids.len(), 2, "the editor and its child: {pids:?}");
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left: Vec<u32> = pids.iter().copied().filter(|&pid| running(pid)).collect();
            if left.is_empty() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the editor's processes {left:?} outlived the run"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        for pid in self.pids() {
            if let Some(pid) = rustix::process::Pid::from_raw(pid as i32) {
                let _ = rustix::process::kill_process(pid, Signal::KILL);
            }
        }
    }
}

/// Whether `pid` is a live process (a zombie is not).
fn running(pid: u32) -> bool {
    let output = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .expect("ps runs");
    let state = String::from_utf8_lossy(&output.stdout);
    let state = state.trim();
    !state.is_empty() && !state.starts_with('Z')
}

/// The questionnaire on a terminal with the waiting editor open.
fn open(editor: &Waiting) -> Session {
    // Wide enough for the footer's message naming the editor's path.
    editor_open(&editor.visual, (160, 24))
}

fn notes(result: &Value) -> &Value {
    &result["details"]["answers"]["notes"]
}

fn assert_terminal_restored(finished: &Finished) {
    let problems = finished.terminal_problems();
    assert!(problems.is_empty(), "{problems:?}");
}

/// Waits until `text` is drawn after the editor said it was ready.
fn wait_for_text_after_editor(session: &mut Session, text: &str) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let drawn = session.text();
        let after = &drawn[drawn.find("EDITOR READY").unwrap()..];
        if after.contains(text) {
            return;
        }
        assert!(
            session.running(),
            "the run ended; drawn after the editor:\n{after}"
        );
        assert!(Instant::now() < deadline, "{text:?} never drawn:\n{after}");
        thread::sleep(Duration::from_millis(10));
    }
}

/// Ctrl+C or Ctrl+\ typed while the editor runs ends the editor (as it would end most
/// programs on a cooked terminal), never the run: the questionnaire comes back with the draft
/// it had and says why, and Ctrl+C, now a key again, cancels with the draft kept.
fn a_key_for_the_editor(key: &[u8], signal: i32) {
    let editor = Waiting::new(&format!("key-{signal}"), Some("/dev/tty"), true);
    let mut session = open(&editor);
    session.write(key);
    wait_for_text_after_editor(&mut session, &format!("was ended by signal {signal}"));
    editor.assert_gone();
    session.write(b"\x03");
    let finished = session.finish();
    assert_eq!(finished.code(), 130, "{}", finished.stdout);
    let result = finished.result();
    assert_eq!(notes(&result)["draft"]["text"], json!("draft"), "{result}");
    assert_terminal_restored(&finished);
}

#[test]
fn ctrl_backslash_in_the_editor_is_the_editors_and_the_run_goes_on() {
    a_key_for_the_editor(b"\x1c", 3);
}

#[test]
fn ctrl_c_in_the_editor_is_the_editors_and_the_run_goes_on() {
    a_key_for_the_editor(b"\x03", 2);
}

/// SIGTERM or SIGHUP while the editor runs: the editor's process group ends, the terminal is
/// restored, and the result has what the editor saved as the draft.
fn a_signal_while_the_editor_runs(signal: Signal, code: i32) {
    let editor = Waiting::new(&format!("signal-{code}"), Some("/dev/tty"), true);
    let session = open(&editor);
    session.signal(signal);
    let finished = session.finish();
    assert_eq!(finished.code(), code, "{}", finished.stdout);
    let result = finished.result();
    assert_eq!(result["details"]["cancelled"], json!(true), "{result}");
    assert_eq!(
        notes(&result)["draft"]["text"],
        json!("saved by the editor"),
        "{result}"
    );
    assert_terminal_restored(&finished);
    editor.assert_gone();
}

#[test]
fn sigterm_while_the_editor_runs_ends_it_and_keeps_what_it_saved() {
    a_signal_while_the_editor_runs(Signal::TERM, 143);
}

#[test]
fn sighup_while_the_editor_runs_ends_it_and_keeps_what_it_saved() {
    a_signal_while_the_editor_runs(Signal::HUP, 129);
}

#[test]
fn sigint_and_sigquit_sent_to_the_run_while_the_editor_runs_are_ignored() {
    let editor = Waiting::new("ignored", Some("/dev/tty"), true);
    let mut session = open(&editor);
    session.signal(Signal::INT);
    session.signal(Signal::QUIT);
    // Still there: SIGTERM now ends it the ordinary way.
    thread::sleep(Duration::from_millis(200));
    assert!(session.running(), "a signal git ignores ended the run");
    session.signal(Signal::TERM);
    let finished = session.finish();
    assert_eq!(finished.code(), 143, "{}", finished.stdout);
    assert_terminal_restored(&finished);
    editor.assert_gone();
}

fn replay(keys: &str, configure: impl FnOnce(&mut Command)) -> std::process::Output {
    let mut command = binary();
    command
        .args(["--keys", keys, fixture("release.json").to_str().unwrap()])
        .env_remove("VISUAL")
        .env_remove("EDITOR")
        .stdin(Stdio::null());
    configure(&mut command);
    command.output().expect("the binary runs")
}

#[test]
fn a_replays_editor_has_no_terminal_and_leaves_nothing_running() {
    // It exits without waiting for its child: that one is left running in its group.
    let editor = Waiting::new("replay-done", None, false);
    let output = replay("1 1 enter ctrl+g enter 1 enter", |command| {
        command.env("VISUAL", &editor.visual);
    });
    assert_eq!(output.status.code(), Some(0));
    let result = stdout_json(&output);
    assert_eq!(
        result["details"]["answers"]["notes"]["customText"],
        json!("saved by the editor")
    );
    assert_eq!(editor.log(), "EDITOR READY\nno-tty\n");
    editor.assert_gone();
}

#[test]
fn a_replay_killed_while_its_editor_runs_takes_the_editor_with_it() {
    for signal in [Signal::TERM, Signal::INT, Signal::HUP] {
        let editor = Waiting::new(&format!("replay-killed-{}", signal.as_raw()), None, true);
        let mut child = binary()
            .args(["--keys", "1 1 enter ctrl+g enter 1 enter"])
            .arg(fixture("release.json"))
            .env("VISUAL", &editor.visual)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        editor.wait_until_ready();
        let pid = rustix::process::Pid::from_child(&child);
        rustix::process::kill_process(pid, signal).unwrap();
        let status = child.wait().unwrap();
        assert!(!status.success(), "{signal:?}: {status:?}");
        editor.assert_gone();
    }
}
