//! The binary on a terminal: refused without one (exit 1), and driven in a real terminal
//! (tmux) with its input and output piped, as a script would run it.
//!
//! Nothing here depends on where the checkout lives or how fast the machine is: the pane's
//! shell runs in a scratch directory holding a short link to the binary (`./aq`), so the typed
//! commands are short and the same everywhere, and exit statuses and termios are read from files
//! the shell writes, not from the screen.

mod support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::tmux::{TIMEOUT, Tmux};
use support::{BINARY, fixture, run_command_with_stdin, stderr};

#[test]
fn without_a_controlling_terminal_it_exits_1_and_says_why() {
    // `setsid` starts the binary in a new session, which has no controlling terminal.
    let input = std::fs::read_to_string(fixture("release.json")).unwrap();
    let output = run_command_with_stdin(
        Command::new("setsid")
            .args(["-w", BINARY])
            .env_remove("NO_COLOR"),
        &input,
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "stdout carries only results");
    let stderr = stderr(&output);
    assert!(stderr.contains("no controlling terminal"), "{stderr}");
    assert!(stderr.contains("use --keys"), "{stderr}");
}

#[test]
fn key_replays_need_no_terminal() {
    let path = fixture("release.json");
    let output = Command::new("setsid")
        .args(["-w", BINARY, "--keys", "2 esc", path.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
}

fn rows(pane: &str) -> Vec<&str> {
    pane.lines().collect()
}

#[test]
fn answers_in_a_real_terminal_with_piped_input_and_output() {
    let Some(tmux) = Tmux::start("piped", 100, 30) else {
        return;
    };
    std::fs::copy(fixture("release.json"), tmux.dir.join("q.json")).unwrap();
    tmux.run("cat q.json | ./aq > out.json");

    let pane = tmux.wait_for("the first frame", |p| p.contains("Which channel"));
    let frame: Vec<&str> = rows(&pane)
        .into_iter()
        .skip_while(|row| !row.starts_with("╭─ Release plan ─"))
        .collect();
    assert!(
        !frame.is_empty(),
        "the frame starts below the command:\n{pane}"
    );
    assert_eq!(frame[0].chars().count(), 100, "the frame fills the width");
    assert!(frame[0].ends_with('╮'), "{pane}");
    assert!(
        frame[1].contains("Channel") && frame[1].contains("Review"),
        "{pane}"
    );
    assert!(pane.contains("› 1. ( ) ★ Stable"), "{pane}");
    assert!(pane.contains("2. ( )   Beta"), "{pane}");

    tmux.keys(&["2"]);
    tmux.wait_for("Targets", |p| p.contains("Which targets do we build?"));
    tmux.keys(&["1", "3"]);
    let pane = tmux.wait_for("two toggles", |p| {
        p.matches("[✓]").count() == 2 || p.matches("[x]").count() == 2
    });
    assert!(pane.contains("Windows"), "{pane}");
    tmux.keys(&["Enter"]);
    tmux.wait_for("Notes", |p| {
        p.contains("Anything the release notes must say?")
    });
    tmux.command(&["send-keys", "-l", "ship it"]);
    tmux.wait_for("the typed text", |p| p.contains("ship it"));
    tmux.keys(&["Enter"]);
    tmux.wait_for("Tag", |p| p.contains("Tag the release commit?"));
    tmux.keys(&["1"]);
    let pane = tmux.wait_for("Review", |p| p.contains("Review your answers"));
    assert!(pane.contains("Beta"), "{pane}");
    assert!(
        pane.contains("“ship it”") || pane.contains("ship it"),
        "{pane}"
    );
    tmux.keys(&["Enter"]);

    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "0", "{pane}");
    assert!(
        !pane.contains("Release plan") && !pane.contains('╭') && !pane.contains('╰'),
        "the questionnaire's region is erased:\n{pane}"
    );

    let result: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
    assert_eq!(result["details"]["cancelled"], json!(false));
    let answers = &result["details"]["answers"];
    assert_eq!(answers["channel"]["values"], json!(["beta"]));
    assert_eq!(answers["targets"]["values"], json!(["linux", "windows"]));
    assert_eq!(answers["notes"]["customText"], json!("ship it"));
    assert_eq!(answers["tag"]["values"], json!(["yes"]));

    tmux.assert_terminal_restored();
}

#[test]
fn the_demo_docks_with_ctrl_bracket_and_ctrl_c_cancels_keeping_answers() {
    let Some(tmux) = Tmux::start("demo", 100, 30) else {
        return;
    };
    // No input and stdin is the terminal: the embedded demo.
    tmux.run("./aq > out.json");
    tmux.wait_for("the demo", |p| {
        p.contains("╭─ Caching for the API client ─") && p.contains("In-memory LRU")
    });
    tmux.keys(&["2"]);
    tmux.wait_for("the second tab", |p| p.contains("1/4 answered"));

    tmux.keys(&["C-]"]);
    let pane = tmux.wait_for("the dock", |p| {
        p.contains("◆ Caching for the API client · Endpoints · 1/4 answered · ctrl+] expand")
    });
    assert!(
        !pane.contains('╭') && !pane.contains('╰'),
        "one line only:\n{pane}"
    );

    // Docked, Esc and digits belong to no one; Ctrl+] brings the questionnaire back as it was.
    tmux.keys(&["Escape", "1"]);
    tmux.keys(&["C-]"]);
    let pane = tmux.wait_for("the restored frame", |p| p.contains('╰'));
    assert_eq!(
        tmux.exit_status(),
        None,
        "Esc did not cancel while docked:\n{pane}"
    );
    assert!(pane.contains("1/4 answered"), "{pane}");

    tmux.keys(&["C-c"]);
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "130", "{pane}");
    let result: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(
        result["details"]["answers"]["approach"]["status"],
        json!("answered")
    );
    assert_eq!(
        result["details"]["answers"]["endpoints"]["status"],
        json!("skipped"),
        "the 1 typed while docked was ignored"
    );

    tmux.assert_terminal_restored();
}

/// The release questionnaire in a fresh pane, started by `start` (given the command line, which
/// writes the run's pid to `pid`), with the channel answered (Nightly): on the Targets tab.
fn on_the_targets_tab(name: &str, start: fn(&Tmux, &str)) -> Option<Tmux> {
    let tmux = Tmux::start(name, 100, 30)?;
    std::fs::copy(fixture("release.json"), tmux.dir.join("q.json")).unwrap();
    // `exec` keeps the pid the shell wrote, so the test signals exactly this run.
    start(&tmux, "sh -c 'echo $$ > pid; exec ./aq q.json > out.json'");
    tmux.wait_for("the first frame", |p| p.contains("Which channel"));
    tmux.keys(&["3"]);
    tmux.wait_for("Targets", |p| p.contains("Which targets do we build?"));
    Some(tmux)
}

#[test]
fn sigterm_prints_the_answers_so_far_and_restores_the_terminal() {
    let Some(tmux) = on_the_targets_tab("sigterm", Tmux::run) else {
        return;
    };

    let pid = tmux.file("pid").trim().to_string();
    // The shell's own `kill`, so no procps is needed.
    let killed = Command::new("sh")
        .args(["-c", &format!("kill -TERM {pid}")])
        .status()
        .unwrap();
    assert!(killed.success());

    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "143", "128 + SIGTERM:\n{pane}");
    assert!(!pane.contains('╭'), "the region is erased:\n{pane}");
    let result: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(
        result["details"]["answers"]["channel"]["values"],
        json!(["nightly"])
    );
    tmux.assert_terminal_restored();
}

/// The state letter of process `pid` (`T` when stopped), from `/proc/PID/stat`.
fn process_state(pid: &str) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(") ")?.1.chars().next()
}

#[test]
fn ctrl_z_stops_the_questionnaire_and_fg_brings_it_back_as_it_was() {
    stop_and_bring_back("suspend", |tmux| tmux.keys(&["C-z"]));
}

#[test]
fn sigtstp_from_outside_stops_the_questionnaire_as_ctrl_z_does() {
    stop_and_bring_back("sigtstp", |tmux| {
        let pid = tmux.file("pid").trim().to_string();
        let sent = Command::new("sh")
            .args(["-c", &format!("kill -TSTP {pid}")])
            .status()
            .unwrap();
        assert!(sent.success());
    });
}

/// On the Targets tab, `stop` stops the questionnaire: the job is stopped with the terminal
/// restored; `fg` brings it back, a key still works, and Ctrl+C keeps every answer.
fn stop_and_bring_back(name: &str, stop: fn(&Tmux)) {
    // Typed as is, with no `; echo $?` after it: bash would run that as soon as the job stops.
    let Some(tmux) = on_the_targets_tab(name, Tmux::type_line) else {
        return;
    };

    stop(&tmux);
    let pane = tmux.wait_for("the job stopped and the prompt", |p| {
        p.contains("Stopped") && p.trim_end().lines().last() == Some("$")
    });
    assert!(!pane.contains('╭'), "the region is erased:\n{pane}");
    let pid = tmux.file("pid").trim().to_string();
    assert_eq!(process_state(&pid), Some('T'), "the process is stopped");
    tmux.assert_terminal_restored();
    std::fs::remove_file(tmux.dir.join("stty.txt")).unwrap();

    tmux.type_line("fg");
    let pane = tmux.wait_for("the frame again", |p| {
        p.contains("Which targets do we build?") && p.contains('╰')
    });
    assert!(pane.contains("Release plan"), "the whole frame:\n{pane}");
    tmux.keys(&["1"]);
    tmux.wait_for("the target toggled", |p| p.contains("2/4 answered"));
    tmux.keys(&["C-c"]);
    tmux.wait_for("the prompt", |p| {
        !p.contains('╰') && p.trim_end().lines().last() == Some("$")
    });
    tmux.type_line("echo $? > exit.tmp; mv exit.tmp exit");
    let (status, pane) = tmux.wait_for_exit();
    assert_eq!(status, "130", "{pane}");
    let result: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
    let answers = &result["details"]["answers"];
    assert_eq!(
        answers["channel"]["values"],
        json!(["nightly"]),
        "kept across the stop"
    );
    assert_eq!(
        answers["targets"]["values"],
        json!(["linux"]),
        "keys work after fg"
    );
    tmux.assert_terminal_restored();
}

impl Tmux {
    /// Polls the pane's format variable `name` (`mouse_sgr_flag`) until it is `value`.
    fn wait_for_pane_flag(&self, name: &str, value: &str) {
        let start = Instant::now();
        loop {
            let format = format!("#{{{name}}}");
            let output = self.command(&["display-message", "-p", &format]);
            let now = String::from_utf8_lossy(&output.stdout).trim().to_string();
            if now == value {
                return;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "{name} stayed {now:?}, not {value:?}; the pane:\n{}",
                self.pane()
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

#[test]
fn with_mouse_tmux_sees_mouse_reporting_only_while_the_questionnaire_shows() {
    let Some(tmux) = Tmux::start("mouse", 100, 30) else {
        return;
    };
    std::fs::copy(fixture("release.json"), tmux.dir.join("q.json")).unwrap();
    tmux.wait_for_pane_flag("mouse_any_flag", "0");
    tmux.type_line("./aq --mouse q.json > out.json");
    tmux.wait_for("the first frame", |p| p.contains("Which channel"));
    tmux.wait_for_pane_flag("mouse_sgr_flag", "1");
    tmux.wait_for_pane_flag("mouse_any_flag", "1");

    tmux.keys(&["C-z"]);
    tmux.wait_for("the job stopped and the prompt", |p| {
        p.contains("Stopped") && p.trim_end().lines().last() == Some("$")
    });
    tmux.wait_for_pane_flag("mouse_any_flag", "0");
    tmux.type_line("fg");
    tmux.wait_for("the frame again", |p| p.contains('╰'));
    tmux.wait_for_pane_flag("mouse_any_flag", "1");

    tmux.keys(&["C-c"]);
    tmux.wait_for("the prompt", |p| {
        !p.contains('╰') && p.trim_end().lines().last() == Some("$")
    });
    tmux.wait_for_pane_flag("mouse_any_flag", "0");
    tmux.wait_for_pane_flag("mouse_sgr_flag", "0");
    tmux.assert_terminal_restored();
}
