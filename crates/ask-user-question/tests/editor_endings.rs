//! How a run ends while the external editor (Ctrl+G) is open, with a scripted editor that saves
//! its file, starts a child of its own and waits:
//!
//! - on a terminal, Ctrl+C and Ctrl+\ are the editor's: they end the editor, not the run, and
//!   the questionnaire comes back; SIGTERM and SIGHUP end the editor's process group and the
//!   run, with the text the editor saved as the draft in the result;
//! - a `--keys` replay never waits for an editor that needs a terminal, and when it is killed
//!   its editor goes with it;
//! - every time: the exit status, the result JSON, the terminal's termios and modes, and no
//!   process of the editor left behind.

mod support;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use rustix::process::Signal;
use serde_json::{Value, json};
use support::pty::{Finished, Launch, PATIENCE, Session};
use support::{binary, fixture, stdout, stdout_json};

/// A directory for the editor script and what it records, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        // The editor is a shell command line: a plain path, no quoting needed.
        let dir = std::env::temp_dir().join(format!("ask-endings-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// An editor that saves `saved`, starts a child that would run for minutes, records both
    /// process ids, says it is ready (on `ready_to`) and waits for the child.
    fn waiting_editor(&self, saved: &str, ready_to: &str) -> String {
        let pids = self.path("pids");
        let ready = self.path("ready");
        let body = format!(
            "ulimit -c 0\necho $$ > {pids}\nprintf '%s' '{saved}' > \"$1\"\nsleep 300 &\necho $! >> {pids}\n\
             printf 'EDITOR READY\\n' > {ready_to}\ntouch {ready}\nwait\n"
        );
        let path = self.0.join("editor.sh");
        fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }

    /// The process ids the editor recorded: its own and its child's.
    fn editor_pids(&self) -> Vec<u32> {
        let text = fs::read_to_string(self.path("pids")).expect("the editor recorded its pids");
        text.lines()
            .map(|line| line.trim().parse().unwrap())
            .collect()
    }

    /// Waits until every process the editor recorded is gone (exited, or a zombie nobody has
    /// reaped yet); fails naming the ones still running after [`PATIENCE`].
    fn assert_editor_gone(&self) {
        let pids = self.editor_pids();
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

impl Drop for Scratch {
    fn drop(&mut self) {
        // Never leave a process behind, even when a test failed.
        if let Ok(text) = fs::read_to_string(self.path("pids")) {
            for pid in text
                .lines()
                .filter_map(|line| line.trim().parse::<i32>().ok())
            {
                if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                    let _ = rustix::process::kill_process(pid, Signal::KILL);
                }
            }
        }
        let _ = fs::remove_dir_all(&self.0);
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

const NOTES: &str = r#"{"questions": [{"id": "notes", "header": "Notes",
    "prompt": "What should the notes say?", "type": "text"}]}"#;

/// The questionnaire on a terminal, "draft" typed, then Ctrl+G with the waiting editor open.
fn editor_open(scratch: &Scratch) -> Session {
    let visual = scratch.waiting_editor("saved by the editor", "/dev/tty");
    let mut session = Session::start_with(
        Launch {
            input: NOTES.into(),
            // Wide enough for the footer's message naming the editor's path.
            size: (160, 24),
            kitty: false,
            args: &[],
            env: &[],
        },
        |command| {
            command.env("VISUAL", &visual).env_remove("EDITOR");
        },
    );
    session.wait_for_text("What should the notes say?");
    session.write(b"draft");
    session.wait_for_text("draft");
    session.write(b"\x07");
    session.wait_for_text("EDITOR READY");
    session
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
    let scratch = Scratch::new(&format!("key-{signal}"));
    let mut session = editor_open(&scratch);
    session.write(key);
    wait_for_text_after_editor(&mut session, &format!("was ended by signal {signal}"));
    scratch.assert_editor_gone();
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
    let scratch = Scratch::new(&format!("signal-{code}"));
    let session = editor_open(&scratch);
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
    scratch.assert_editor_gone();
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
    let scratch = Scratch::new("ignored");
    let mut session = editor_open(&scratch);
    session.signal(Signal::INT);
    session.signal(Signal::QUIT);
    // Still there: SIGTERM now ends it the ordinary way.
    thread::sleep(Duration::from_millis(200));
    assert!(session.running(), "a signal git ignores ended the run");
    session.signal(Signal::TERM);
    let finished = session.finish();
    assert_eq!(finished.code(), 143, "{}", finished.stdout);
    assert_terminal_restored(&finished);
    scratch.assert_editor_gone();
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
fn a_replay_with_no_editor_set_keeps_the_draft_and_the_frame_says_why() {
    // Ctrl+G, and a 0x07 byte typed inside a token (a control character, never text).
    for keys in [
        "1 1 enter text:kept ctrl+g enter 1 enter",
        "1 1 enter ke\u{7}pt ctrl+g enter 1 enter",
    ] {
        let output = replay(keys, |_| {});
        assert_eq!(output.status.code(), Some(0), "{keys:?}");
        let result = stdout_json(&output);
        assert_eq!(
            result["details"]["answers"]["notes"]["customText"],
            json!("kept"),
            "{keys:?}"
        );
    }
    let output = binary()
        .args(["render", fixture("release.json").to_str().unwrap()])
        .args(["--size", "100x20", "--keys", "1 1 enter text:kept ctrl+g"])
        .env_remove("VISUAL")
        .env_remove("EDITOR")
        .output()
        .unwrap();
    let frame = stdout(&output);
    assert!(
        frame.contains("no editor to run without a terminal: set VISUAL or EDITOR"),
        "{frame}"
    );
}

#[test]
fn a_replays_editor_has_no_terminal_and_leaves_nothing_running() {
    let scratch = Scratch::new("replay-done");
    let log = scratch.path("log");
    // Opening the controlling terminal fails: the editor has none to wait on.
    // It does not wait for its child: that one is left running when it exits.
    let visual = scratch.waiting_editor("x", &log);
    let probe = format!(
        "if (exec 3</dev/tty) 2>/dev/null; then echo tty >> {log}; else echo no-tty >> {log}; fi\n"
    );
    let body = fs::read_to_string(&visual)
        .unwrap()
        .replace("wait\n", &probe);
    fs::write(&visual, body).unwrap();
    let output = replay("1 1 enter ctrl+g enter 1 enter", |command| {
        command.env("VISUAL", &visual);
    });
    assert_eq!(output.status.code(), Some(0));
    let result = stdout_json(&output);
    assert_eq!(
        result["details"]["answers"]["notes"]["customText"],
        json!("x")
    );
    let log = fs::read_to_string(&log).unwrap();
    assert!(log.ends_with("no-tty\n"), "{log}");
    scratch.assert_editor_gone();
}

#[test]
fn a_replay_killed_while_its_editor_runs_takes_the_editor_with_it() {
    for signal in [Signal::TERM, Signal::INT, Signal::HUP] {
        let scratch = Scratch::new(&format!("replay-killed-{}", signal.as_raw()));
        let visual = scratch.waiting_editor("x", &scratch.path("log"));
        let mut child = binary()
            .args(["--keys", "1 1 enter ctrl+g enter 1 enter"])
            .arg(fixture("release.json"))
            .env("VISUAL", &visual)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let ready = PathBuf::from(scratch.path("ready"));
        let deadline = Instant::now() + PATIENCE;
        while !ready.exists() {
            assert!(Instant::now() < deadline, "the editor never started");
            thread::sleep(Duration::from_millis(10));
        }
        let pid = rustix::process::Pid::from_child(&child);
        rustix::process::kill_process(pid, signal).unwrap();
        let status = child.wait().unwrap();
        assert!(!status.success(), "{signal:?}: {status:?}");
        scratch.assert_editor_gone();
    }
}
