//! The asking terminal and the inbox answering the same questionnaire within milliseconds, 200
//! times, each through its own UI in a real terminal: one tmux server, the questionnaire
//! (`--inbox`) in one window, `ask-user-question inbox` in another, both brought to their last
//! Enter, and the two Enters sent by one tmux command. Exactly one answer wins each time; the
//! printed result, the decision log and both screens agree on which, and the other surface says
//! where it was answered.

mod support;

use std::time::{Duration, Instant};

use serde_json::Value;
use support::fixture;
use support::tmux::Tmux;

const ROUNDS: usize = 200;
/// The questionnaire's window and the inbox's.
const ASKING: &str = ":0";
const INBOX: &str = ":1";

fn capture(tmux: &Tmux, window: &str) -> String {
    String::from_utf8(tmux.command(&["capture-pane", "-p", "-t", window]).stdout).unwrap()
}

fn wait_in(tmux: &Tmux, window: &str, what: &str, ready: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let pane = capture(tmux, window);
        if ready(&pane) {
            return pane;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what} in {window}; the pane:\n{pane}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn keys(tmux: &Tmux, window: &str, keys: &[&str]) {
    let mut args = vec!["send-keys", "-t", window];
    args.extend(keys);
    tmux.command(&args);
}

#[test]
fn the_terminal_and_the_inbox_answering_at_once_have_one_winner_200_times() {
    let Some(tmux) = Tmux::start("inbox-race", 100, 30) else {
        return;
    };
    let state = tmux.dir.join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::copy(fixture("two_lines.json"), tmux.dir.join("q.json")).unwrap();
    // Absolute: a relative XDG_STATE_HOME is ignored (as the XDG spec says), which would make
    // this the store of whoever runs the test, shared with every other run.
    let env = format!(
        "XDG_STATE_HOME='{}' ASK_USER_QUESTION_INBOX=",
        state.display()
    );
    tmux.command(&[
        "new-window",
        "-d",
        "-c",
        tmux.dir.to_str().unwrap(),
        &format!("env {env} ./aq inbox --no-bell"),
    ]);
    wait_in(&tmux, INBOX, "the empty inbox", |s| {
        s.contains("No questionnaires waiting")
    });
    assert!(
        state.join("ask-user-question/inbox.sqlite3").is_file(),
        "the inbox opened the test's own store"
    );

    let (mut terminal, mut inbox) = (0, 0);
    for round in 0..ROUNDS {
        let _ = std::fs::remove_file(tmux.dir.join("exit"));
        tmux.command(&["send-keys", "-t", ASKING, "clear", "Enter"]);
        tmux.run(&format!(
            "env {env} ./aq --inbox --no-bell q.json > out.json"
        ));
        // Both surfaces at their last Enter: the Review tab, Beta and "hi" in the terminal,
        // Alpha and "inbox" in the inbox.
        wait_in(&tmux, ASKING, "the questionnaire", |s| {
            s.contains("Which one should we take?")
        });
        keys(&tmux, ASKING, &["2", "h", "i", "Enter"]);
        wait_in(&tmux, INBOX, "the row", |s| s.contains("2 questions"));
        keys(&tmux, INBOX, &["Enter"]);
        wait_in(&tmux, INBOX, "the open questionnaire", |s| {
            s.contains("Which one should we take?")
        });
        // The terminal's "hi" may be in the store when the inbox opens the questionnaire (its
        // typing is saved as it goes): Ctrl+U clears it, so the inbox's text is its own.
        keys(
            &tmux,
            INBOX,
            &["1", "C-u", "i", "n", "b", "o", "x", "Enter"],
        );
        wait_in(&tmux, ASKING, "the terminal's Review", |s| {
            s.contains("Submit")
        });
        wait_in(&tmux, INBOX, "the inbox's Review", |s| s.contains("Submit"));

        // One tmux command: the two Enters arrive microseconds apart, in turns first.
        let (first, second) = if round % 2 == 0 {
            (ASKING, INBOX)
        } else {
            (INBOX, ASKING)
        };
        tmux.command(&[
            "send-keys",
            "-t",
            first,
            "Enter",
            ";",
            "send-keys",
            "-t",
            second,
            "Enter",
        ]);
        let (status, asking) = tmux.wait_for_exit();
        assert_eq!(status, "0", "round {round}:\n{asking}");
        let printed: Value = serde_json::from_str(&tmux.file("out.json")).unwrap();
        let answered_in = printed["details"]["answeredIn"]
            .as_str()
            .unwrap_or_default();
        let words = &printed["details"]["answers"]["words"]["customText"];
        let listed = wait_in(&tmux, INBOX, "the inbox's notice", |s| {
            s.contains("Answered:") || s.contains("answered in the terminal")
        });
        match answered_in {
            "inbox" => {
                inbox += 1;
                assert_eq!(words, "inbox", "round {round}: {printed}");
                assert!(listed.contains("Answered:"), "round {round}:\n{listed}");
                assert!(
                    asking.contains("answered in the inbox"),
                    "round {round}: the terminal says where:\n{asking}"
                );
            }
            "terminal" => {
                terminal += 1;
                assert_eq!(words, "hi", "round {round}: {printed}");
                assert!(
                    listed.contains("answered in the terminal") && !listed.contains("Answered:"),
                    "round {round}: the inbox says where:\n{listed}"
                );
            }
            other => panic!("round {round}: answered in {other:?}: {printed}"),
        }
        // Back to an empty list for the next round, the notice dismissed by the next row.
        wait_in(&tmux, INBOX, "the emptied list", |s| {
            s.contains("0 waiting")
        });
    }

    // The decision log has one record per round, each settled where the printed result says.
    tmux.run(&format!("env {env} ./aq history --json > history.json"));
    tmux.wait_for_exit();
    let history: Vec<Value> = serde_json::from_str(&tmux.file("history.json")).unwrap();
    assert_eq!(history.len(), ROUNDS);
    let by_surface = |surface: &str| history.iter().filter(|r| r["surface"] == surface).count();
    assert_eq!(
        (by_surface("terminal"), by_surface("inbox")),
        (terminal, inbox)
    );
    eprintln!("{ROUNDS} races: the terminal won {terminal}, the inbox {inbox}");
}
