//! `--keys`: key scripts replayed through the real keymap and update with no terminal, and the
//! result JSON they print.

mod support;

use serde_json::{Value, json};
use support::{fixture, run, run_with_stdin, stderr, stdout_json};

const RELEASE: &str = "release.json";

/// Replays `keys` over the release fixture; the exit code and the printed result.
fn replay(keys: &str) -> (Option<i32>, Value, String) {
    replay_at(keys, None)
}

fn replay_at(keys: &str, size: Option<&str>) -> (Option<i32>, Value, String) {
    let path = fixture(RELEASE);
    let mut args = vec!["--keys", keys, path.to_str().unwrap()];
    if let Some(size) = size {
        args.extend(["--size", size]);
    }
    let output = run(&args);
    (output.status.code(), stdout_json(&output), stderr(&output))
}

fn answer<'a>(result: &'a Value, id: &str) -> &'a Value {
    &result["details"]["answers"][id]
}

fn status<'a>(result: &'a Value, id: &str) -> &'a str {
    answer(result, id)["status"].as_str().unwrap()
}

#[test]
fn answering_every_type_submits_all_answers() {
    let (code, result, _) = replay("2 1 3 enter text:ship space it enter 1 enter");
    assert_eq!(code, Some(0));
    assert_eq!(result["details"]["cancelled"], json!(false));
    assert_eq!(answer(&result, "channel")["values"], json!(["beta"]));
    assert_eq!(
        answer(&result, "targets")["values"],
        json!(["linux", "windows"])
    );
    assert_eq!(
        answer(&result, "targets")["labels"],
        json!(["Linux", "Windows"])
    );
    assert_eq!(answer(&result, "notes")["customText"], json!("ship it"));
    assert_eq!(answer(&result, "tag")["values"], json!(["yes"]));
    assert_eq!(
        result["content"],
        json!(
            "Channel: user selected: 2. Beta\nTargets: user selected: 1. Linux, 3. Windows\n\
             Notes: user wrote: ship it\nTag: user selected: 1. Yes"
        )
    );
}

#[test]
fn the_same_keys_give_the_same_answers_at_a_tiny_size() {
    let keys = "2 1 3 enter text:ship space it enter 1 enter";
    let (code, tiny, _) = replay_at(keys, Some("20x6"));
    assert_eq!(code, Some(0));
    assert_eq!(tiny, replay(keys).1);
}

#[test]
fn clearing_an_answer_skips_the_question() {
    // Beta, back to Channel, clear it, then Review and submit twice (all unanswered).
    let (code, result, _) = replay("2 shift+tab x shift+tab enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(result["details"]["cancelled"], json!(false));
    for id in ["channel", "targets", "notes", "tag"] {
        assert_eq!(status(&result, id), "skipped", "{id}");
    }
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .starts_with("Channel: (skipped)\n"),
        "{}",
        result["content"]
    );
}

#[test]
fn option_and_question_notes_are_recorded() {
    let (code, result, _) = replay(
        "down n text:only space testers enter N text:ask space QA enter 2 shift+tab shift+tab enter enter",
    );
    assert_eq!(code, Some(0));
    let channel = answer(&result, "channel");
    assert_eq!(channel["values"], json!(["beta"]));
    assert_eq!(channel["note"], json!("ask QA"));
    assert_eq!(channel["optionNotes"], json!({ "beta": "only testers" }));
    let content = result["content"].as_str().unwrap();
    assert!(content.contains("  note: ask QA"), "{content}");
    assert!(
        content.contains("  note on \"Beta\": only testers"),
        "{content}"
    );
}

#[test]
fn multi_select_keeps_picks_and_multi_line_custom_text() {
    // Targets: toggle Linux, open "Type something." (4), two lines, save; Review; submit twice.
    let (code, result, _) =
        replay("tab 1 4 text:riscv shift+enter text:arm64 enter shift+tab shift+tab enter enter");
    assert_eq!(code, Some(0));
    let targets = answer(&result, "targets");
    assert_eq!(targets["status"], json!("answered"));
    assert_eq!(targets["values"], json!(["linux"]));
    assert_eq!(targets["customText"], json!("riscv\narm64"));
}

#[test]
fn esc_cancels_and_keeps_the_answers() {
    let (code, result, _) = replay("2 3 esc");
    assert_eq!(code, Some(130));
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(answer(&result, "channel")["values"], json!(["beta"]));
    assert_eq!(answer(&result, "targets")["values"], json!(["windows"]));
    assert_eq!(status(&result, "notes"), "skipped");
    let content = result["content"].as_str().unwrap();
    assert!(
        content.starts_with("User cancelled the questionnaire.\nChannel: user selected: 2. Beta"),
        "{content}"
    );
}

#[test]
fn ctrl_c_cancels_and_keeps_the_answers() {
    let (code, result, _) = replay("2 ctrl+c");
    assert_eq!(code, Some(130));
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(answer(&result, "channel")["values"], json!(["beta"]));
}

#[test]
fn review_rows_jump_to_their_question() {
    // Review → Channel (4 rows up from Submit): pick Nightly, which advances to Targets;
    // back to Review → Notes (2 up): type, which advances to Tag; then cancel.
    let (code, result, _) = replay(
        "shift+tab up up up up enter 3 shift+tab shift+tab up up enter text:see space PR enter esc",
    );
    assert_eq!(code, Some(130));
    assert_eq!(answer(&result, "channel")["values"], json!(["nightly"]));
    assert_eq!(answer(&result, "notes")["customText"], json!("see PR"));
    assert_eq!(status(&result, "targets"), "skipped");
    assert_eq!(status(&result, "tag"), "skipped");
}

#[test]
fn submitting_with_unanswered_questions_takes_a_second_submit() {
    let (code, result, stderr) = replay("shift+tab enter");
    assert_eq!(code, Some(130), "one Submit only warns");
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert!(
        stderr.contains("the key script ended before the questionnaire"),
        "{stderr}"
    );

    let (code, result, _) = replay("shift+tab enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(result["details"]["cancelled"], json!(false));
    assert_eq!(status(&result, "channel"), "skipped");
}

#[test]
fn a_script_that_ends_early_cancels_with_what_was_recorded() {
    let (code, result, stderr) = replay("1 2");
    assert_eq!(code, Some(130));
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(answer(&result, "channel")["values"], json!(["stable"]));
    assert_eq!(answer(&result, "targets")["values"], json!(["macos"]));
    assert!(
        stderr.contains("cancelled with what was recorded"),
        "{stderr}"
    );
}

#[test]
fn keys_after_the_end_are_reported_and_ignored() {
    let single = support::asset("examples/single.json");
    let output = run(&["--keys", "2 enter down", single.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        stdout_json(&output)["details"]["answers"]["license"]["values"],
        json!(["apache"])
    );
    assert!(
        stderr(&output).contains("ended at key 1 of 3; the rest were not used"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn while_docked_only_ctrl_bracket_and_ctrl_c_act() {
    // Docked, "2" and Esc are ignored: the script runs out with nothing answered.
    let (code, result, _) = replay("ctrl+] 2 esc");
    assert_eq!(code, Some(130));
    assert_eq!(status(&result, "channel"), "skipped");

    // Restored, the questionnaire takes keys again where it was.
    let (code, result, _) = replay("ctrl+] 2 ctrl+] 2 esc");
    assert_eq!(code, Some(130));
    assert_eq!(answer(&result, "channel")["values"], json!(["beta"]));

    // Ctrl+C cancels even while docked.
    let (code, result, stderr) = replay("1 ctrl+] ctrl+c");
    assert_eq!(code, Some(130));
    assert_eq!(answer(&result, "channel")["values"], json!(["stable"]));
    assert!(!stderr.contains("ended before"), "{stderr}");
}

#[test]
fn keys_replay_a_questionnaire_from_standard_input() {
    let input = std::fs::read_to_string(fixture(RELEASE)).unwrap();
    let output = run_with_stdin(&["--keys", "2 esc"], &input);
    assert_eq!(output.status.code(), Some(130), "{}", stderr(&output));
    assert_eq!(
        stdout_json(&output)["details"]["answers"]["channel"]["values"],
        json!(["beta"])
    );
    let output = run_with_stdin(&["--keys", "3 esc", "-"], &input);
    assert_eq!(
        stdout_json(&output)["details"]["answers"]["channel"]["values"],
        json!(["nightly"])
    );
}

#[test]
fn a_bad_key_script_is_refused_with_its_token() {
    let path = fixture(RELEASE);
    let output = run(&["--keys", "down ctrl+ enter", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(
        stderr.contains("--keys: key script token 2 `ctrl+`"),
        "{stderr}"
    );
}

#[test]
fn waits_pass_time_in_a_replay() {
    let (code, result, _) = replay("2 wait:1500ms 1 wait:5m esc");
    assert_eq!(code, Some(130));
    assert_eq!(answer(&result, "channel")["values"], json!(["beta"]));
}

#[test]
fn a_bad_wait_is_refused_with_its_token() {
    let path = fixture(RELEASE);
    for (keys, says) in [
        (
            "down wait:soon enter",
            "token 2 `wait:soon`: expected a duration such as 90s, 5m, 1m30s or 1500ms \
             (units h, m, s, ms); got `soon`",
        ),
        (
            "wait:-1s",
            "token 1 `wait:-1s`: a duration cannot be negative",
        ),
        ("wait:1.5s", "token 1 `wait:1.5s`: expected a duration"),
        ("wait:5s1m", "token 1 `wait:5s1m`: expected a duration"),
    ] {
        let output = run(&["--keys", keys, path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{keys}");
        assert!(output.stdout.is_empty());
        let said = stderr(&output);
        assert!(said.contains(says), "{keys}: {said}");
        let rendered = run(&["render", path.to_str().unwrap(), "--keys", keys]);
        assert_eq!(rendered.status.code(), Some(2), "render {keys}");
        assert!(stderr(&rendered).contains(says), "render {keys}");
    }
}

#[test]
fn a_bad_size_is_refused() {
    let path = fixture(RELEASE);
    for size in ["80", "0x24", "80x0", "ax24", "80x24x1", "99999x10"] {
        let output = run(&["--keys", "esc", "--size", size, path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{size}");
        assert!(output.stdout.is_empty(), "{size}");
        let stderr = stderr(&output);
        assert!(stderr.contains("expected WxH"), "{size}: {stderr}");
    }
}

#[test]
fn size_needs_keys() {
    let path = fixture(RELEASE);
    let output = run(&["--size", "80x24", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--keys"), "{}", stderr(&output));
}

fn replay_args(args: &[&str]) -> (Option<i32>, Value, String) {
    let path = fixture(RELEASE);
    let mut all = args.to_vec();
    all.push(path.to_str().unwrap());
    let output = run(&all);
    (output.status.code(), stdout_json(&output), stderr(&output))
}

#[test]
fn a_time_limit_runs_out_on_the_replay_clock_with_exit_124() {
    let (code, result, _) = replay_args(&["--timeout", "5s", "--keys", "wait:6s"]);
    assert_eq!(code, Some(124));
    assert_eq!(result["details"]["error"], json!("timed_out"));
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert!(
        result["content"]
            .as_str()
            .unwrap()
            .starts_with("No one answered the questionnaire within the time limit"),
        "{result}"
    );
}

#[test]
fn a_first_key_stops_the_time_limit_in_a_replay() {
    let (code, result, _) = replay_args(&["--timeout", "5s", "--keys", "down wait:6s"]);
    assert_eq!(
        code,
        Some(130),
        "the script ended first: a cancel, not a time-out"
    );
    assert!(result["details"].get("error").is_none(), "{result}");
}

#[test]
fn a_time_limit_ends_on_its_second_and_not_before() {
    let (code, result, _) = replay_args(&["--timeout", "1m30s", "--keys", "wait:89s"]);
    assert_eq!(code, Some(130), "not yet at 89 s: the script ended first");
    assert!(result["details"].get("error").is_none());
    let (code, _, _) = replay_args(&["--timeout", "1m30s", "--keys", "wait:89s wait:1s"]);
    assert_eq!(code, Some(124));
}

#[test]
fn waits_take_the_same_durations_as_the_time_limit() {
    for (limit, keys, code) in [
        ("1h", "wait:59m wait:59s", 130),
        ("1h", "wait:1h", 124),
        ("1h30m", "wait:1h wait:29m59s wait:999ms", 130),
        ("1h30m", "wait:1h wait:29m59s wait:1000ms", 124),
        ("90", "wait:89 wait:1", 124),
        ("2s", "wait:1500ms wait:0s", 130),
    ] {
        let (got, _, _) = replay_args(&["--timeout", limit, "--keys", keys]);
        assert_eq!(got, Some(code), "--timeout {limit} --keys {keys:?}");
    }
}

#[test]
fn a_bad_time_limit_fails_at_start_with_exit_2() {
    for bad in ["0s", "-5s", "soon", ""] {
        let output = run(&[
            "--timeout",
            bad,
            "--keys",
            "enter",
            fixture(RELEASE).to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(
            stderr(&output).contains("--timeout"),
            "{bad:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{bad:?}");
    }
}

/// Each kind of editor: the keys that leave unsent text in it, and where the result reports it.
const EDITORS: &[(&str, &str, &str)] = &[
    (
        "free text",
        "end enter text:draft-one",
        "/channel/draft/text",
    ),
    ("text answer", "tab tab text:5m", "/notes/draft/text"),
    (
        "option note",
        "n text:later",
        "/channel/draft/optionNotes/stable",
    ),
    ("question note", "N text:whole", "/channel/draft/note"),
];

#[test]
fn every_way_out_of_a_replay_keeps_each_editor_draft() {
    // Esc twice covers the text question (the first Esc only warns) and leaves the other
    // editors before cancelling from the list; Ctrl+C cancels from inside the editor.
    for (kind, keys, pointer) in EDITORS {
        for (way, out) in [("esc esc", "esc esc"), ("ctrl+c", "ctrl+c")] {
            let (code, result, _) = replay(&format!("{keys} {out}"));
            assert_eq!(code, Some(130), "{kind} / {way}");
            let typed = keys.rsplit("text:").next().unwrap();
            assert_eq!(
                result["details"]["answers"].pointer(pointer),
                Some(&json!(typed)),
                "{kind} / {way}: {result}"
            );
            assert!(
                result["content"].as_str().unwrap().contains("unsent"),
                "{kind} / {way}"
            );
        }
    }
}

#[test]
fn one_esc_in_a_text_question_with_unsent_text_does_not_cancel() {
    // The script ends after the first Esc: still open, so the replay reports a cancel by the
    // script's end (a note on stderr), not by the Esc.
    let (code, result, stderr) = replay("tab tab text:5m esc");
    assert_eq!(code, Some(130));
    assert!(stderr.contains("the key script ended"), "{stderr}");
    assert_eq!(answer(&result, "notes")["draft"]["text"], json!("5m"));
    let (_, _, stderr) = replay("tab tab text:5m esc esc");
    assert!(
        !stderr.contains("the key script ended"),
        "the second Esc cancelled: {stderr}"
    );
}

/// Replays `keys` over the number fixture (1 to 64 workers, then a ratio in steps of 0.05).
fn replay_numbers(keys: &str) -> (Option<i32>, Value) {
    let path = fixture("number.json");
    let output = run(&["--keys", keys, path.to_str().unwrap()]);
    (output.status.code(), stdout_json(&output))
}

#[test]
fn a_typed_number_is_answered_as_a_number() {
    let (code, result) = replay_numbers("text:8 enter text:0.25 enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(answer(&result, "workers")["number"], json!(8));
    assert_eq!(answer(&result, "ratio")["number"], json!(0.25));
    assert_eq!(
        result["content"],
        json!("Workers: user entered: 8\nRatio: user entered: 0.25")
    );
}

#[test]
fn arrows_step_a_number_within_its_bounds() {
    // ↑ starts at the placeholder (8) and adds 1; on the ratio ↓ stops at the minimum.
    let (code, result) = replay_numbers("up up up enter up up down down down enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(answer(&result, "workers")["number"], json!(10));
    assert_eq!(answer(&result, "ratio")["number"], json!(0));
}

#[test]
fn an_invalid_number_is_never_submitted() {
    // 100 is over the maximum: Enter keeps the tab; fixed to 64 it goes on, the blank ratio
    // is skipped, and Submit needs a second Enter with a question unanswered.
    let (code, result) = replay_numbers(
        "text:100 enter backspace backspace backspace text:64 enter enter enter enter",
    );
    assert_eq!(code, Some(0));
    assert_eq!(answer(&result, "workers")["number"], json!(64));
    assert_eq!(status(&result, "ratio"), "skipped");
    let (code, result) = replay_numbers("text:2.5 enter esc esc");
    assert_eq!(code, Some(130));
    assert_eq!(status(&result, "workers"), "skipped");
    assert_eq!(answer(&result, "workers")["draft"]["text"], json!("2.5"));
}

/// The cell (column, row) where `text` starts in the frame `render` prints at 80x24 after
/// `keys`.
fn rendered_cell(keys: &str, text: &str) -> (usize, usize) {
    let path = fixture(RELEASE);
    let output = run(&[
        "render",
        path.to_str().unwrap(),
        "--size",
        "80x24",
        "--keys",
        keys,
    ]);
    let frame = String::from_utf8(output.stdout).unwrap();
    frame
        .lines()
        .enumerate()
        .find_map(|(row, line)| {
            let at = line.find(text)?;
            Some((tea::text::width(&line[..at]), row))
        })
        .unwrap_or_else(|| panic!("{text:?} is not in the frame:\n{frame}"))
}

#[test]
fn with_mouse_a_replay_clicks_and_scrolls_at_cells_of_the_frame() {
    let (x, y) = rendered_cell("", "Nightly");
    let (lx, ly) = rendered_cell("3", "Linux");
    let path = fixture(RELEASE);
    let clicks = format!("click:{x},{y} click:{x},{y} wheeldown:{lx},{ly} space esc");
    let output = run(&["--mouse", "--keys", &clicks, path.to_str().unwrap()]);
    let result = stdout_json(&output);
    assert_eq!(answer(&result, "channel")["values"], json!(["nightly"]));
    assert_eq!(
        answer(&result, "targets")["values"],
        json!(["macos"]),
        "the wheel moved the focus down one option"
    );
    // Without --mouse the same clicks do nothing: Space picks the first option.
    let output = run(&["--keys", &clicks, path.to_str().unwrap()]);
    let result = stdout_json(&output);
    assert_eq!(answer(&result, "channel")["values"], json!(["stable"]));
}

#[test]
fn a_mouse_token_without_a_cell_is_a_bad_key_script() {
    let path = fixture(RELEASE);
    let output = run(&["--mouse", "--keys", "down click:3", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.contains("click:3") && error.contains("X,Y"),
        "{error}"
    );
}
