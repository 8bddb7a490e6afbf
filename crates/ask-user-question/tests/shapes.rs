//! Other agents' ask-tool shapes through the CLI: `validate`, and key replays over realistic
//! calls of each (`tests/fixtures/agents/`), with the result JSON they print.

mod support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::{run, run_with_stdin, stderr, stdout_json};

fn agent(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/agents")
        .join(format!("{name}.json"))
}

/// Replays `keys` over an agent's call at 80x24; the exit code and the printed result.
fn replay(name: &str, keys: &str) -> (Option<i32>, Value) {
    let path = agent(name);
    let output = run(&["--keys", keys, path.to_str().unwrap()]);
    (output.status.code(), stdout_json(&output))
}

fn render(name: &str, keys: &str) -> String {
    render_at(name, keys, "80x24")
}

fn render_at(name: &str, keys: &str, size: &str) -> String {
    let path = agent(name);
    let output = run(&[
        "render",
        path.to_str().unwrap(),
        "--keys",
        keys,
        "--size",
        size,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    String::from_utf8(output.stdout).unwrap()
}

fn answer<'a>(result: &'a Value, id: &str) -> &'a Value {
    &result["details"]["answers"][id]
}

#[test]
fn every_agents_call_is_valid() {
    for name in [
        "claude-recommended",
        "cline",
        "codex",
        "copilot",
        "gemini",
        "oh-my-pi",
        "opencode",
        "roo",
    ] {
        let output = run(&["validate", agent(name).to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(0), "{name}: {}", stderr(&output));
        let printed = stdout_json(&output);
        assert_eq!(printed["valid"], json!(true), "{name}");
        // Roo's answers carry a mode, which the questionnaire has no use for.
        let ignored: Vec<&str> = printed["warnings"]
            .as_array()
            .map(|warnings| {
                warnings
                    .iter()
                    .map(|w| w["path"].as_str().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        let expected: &[&str] = if name == "roo" {
            &["/follow_up/0/mode", "/follow_up/2/mode"]
        } else {
            &[]
        };
        assert_eq!(ignored, expected, "{name}");
    }
}

#[test]
fn validate_lists_ignored_keys_as_warnings_and_exits_zero() {
    let input = r#"{"questions":[{"question":"Ship it?","header":"Ship","multiSelct":true,
        "options":[{"label":"Yes","descripton":"now"},{"label":"Later"}]}]}"#;
    let output = run_with_stdin(&["validate", "-"], input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout_json(&output),
        json!({"valid": true, "warnings": [
            {"path": "/questions/0/multiSelct", "code": "ignored",
             "message": "multiSelct is not a question field, so it was ignored. Did you mean multiSelect?"},
            {"path": "/questions/0/options/0/descripton", "code": "ignored",
             "message": "descripton is not an option field, so it was ignored. Did you mean description?"}
        ]})
    );
    let stderr = stderr(&output);
    assert!(stderr.contains("<stdin>: 2 keys ignored"), "{stderr}");
    assert!(
        stderr.contains("  /questions/0/multiSelct (ignored): multiSelct is not a question field"),
        "{stderr}"
    );
}

#[test]
fn invalid_input_lists_the_ignored_keys_apart_from_its_problems() {
    let input = r#"{"questions":[{"id":"a","header":"A","promt":"Pick?","options":["x"]}]}"#;
    for args in [&["validate", "-"][..], &["--keys", "enter", "-"][..]] {
        let output = run_with_stdin(args, input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = stderr(&output);
        assert!(stderr.contains("<stdin>: 1 problem\n"), "{stderr}");
        assert!(
            stderr.contains("  /questions/0/promt (ignored): promt is not a question field"),
            "{stderr}"
        );
    }
    let output = run_with_stdin(&["validate", "-"], input);
    let printed = stdout_json(&output);
    assert_eq!(printed["issues"][0]["path"], json!("/questions/0/prompt"));
    assert_eq!(printed["warnings"][0]["path"], json!("/questions/0/promt"));
}

#[test]
fn copilot_clis_lone_question_is_answered_by_its_choices() {
    let (code, result) = replay("copilot", "3");
    assert_eq!(code, Some(0));
    assert_eq!(
        answer(&result, "q1")["values"],
        json!(["Both: shard now, add the cache once the bucket exists"])
    );
    assert!(render("copilot", "").contains("4. ( ) Type something."));
}

#[test]
fn gemini_clis_choice_text_and_yesno() {
    let (code, result) = replay("gemini", "1 3 enter text:feat/x enter y enter");
    assert_eq!(code, Some(0));
    assert_eq!(
        result["content"],
        json!(
            "Checks: user selected: 1. Unit tests, 3. Load test\nBranch: user wrote: feat/x\n\
             Draft: user selected: 1. Yes"
        )
    );
    assert!(render("gemini", "tab").contains("feat/billing-webhooks"));
}

#[test]
fn opencodes_multiple_and_custom_false() {
    let (code, result) = replay("opencode", "1 2 enter 2");
    assert_eq!(code, Some(130), "Review is left to submit");
    assert_eq!(
        answer(&result, "Platforms")["values"],
        json!(["Linux x86_64", "Linux aarch64"])
    );
    assert_eq!(answer(&result, "Channel")["values"], json!(["Stable"]));
    // No free-text entry: 3 is past the list.
    let (_, result) = replay("opencode", "tab 3");
    assert_eq!(answer(&result, "Channel")["status"], json!("skipped"));
}

#[test]
fn oh_my_pis_recommended_index_draws_the_star() {
    let screen = render_at("oh-my-pi", "down", "120x40");
    assert!(screen.contains("★ In-process LRU"), "{screen}");
    assert!(!render_at("oh-my-pi", "", "120x40").contains("★ Redis"));
    let (_, result) = replay("oh-my-pi", "tab 1 3 enter");
    assert_eq!(
        answer(&result, "metrics")["values"],
        json!(["Hit ratio", "Evictions"])
    );
}

#[test]
fn codexs_secret_answer_is_masked_on_screen_and_reaches_the_model() {
    let typing = render("codex", "tab text:dpl_abc123");
    assert!(typing.contains("••••••••••"), "{typing}");
    assert!(!typing.contains("dpl_abc123"), "{typing}");
    let (code, result) = replay("codex", "1 text:dpl_abc123 enter enter");
    assert_eq!(code, Some(0));
    assert_eq!(
        result["content"],
        json!("Region: user selected: 1. eu-west-1 (Recommended)\nToken: user wrote: dpl_abc123")
    );
    assert_eq!(result["details"]["questions"][1]["secret"], json!(true));
    assert_eq!(answer(&result, "token")["customText"], json!("dpl_abc123"));
    let review = render("codex", "1 text:dpl_abc123 enter");
    assert!(review.contains("“••••••••”"), "{review}");
    assert!(!review.contains("dpl_abc123"), "{review}");
}

#[test]
fn cline_and_roo_answers_are_options() {
    let (code, result) = replay("cline", "3");
    assert_eq!(code, Some(0));
    assert_eq!(
        answer(&result, "q1")["labels"],
        json!(["Split: add the column now and run the backfill as an overnight job"])
    );
    let (code, result) = replay("roo", "1");
    assert_eq!(code, Some(0));
    assert_eq!(
        answer(&result, "q1")["values"],
        json!(["config/app.toml: generate the client's config from it at build time"])
    );
}

#[test]
fn a_recommended_suffix_draws_the_star_and_the_label_goes_back_unchanged() {
    let screen = render("claude-recommended", "");
    // The star says it: the suffix is not drawn a second time.
    assert!(
        screen.contains("★ Rewrite the helper on t.TempDir()"),
        "{screen}"
    );
    assert!(!screen.contains("(Recommended)"), "{screen}");
    let (code, result) = replay("claude-recommended", "1");
    assert_eq!(code, Some(0));
    assert_eq!(
        result["content"],
        json!("Approach: user selected: 1. Rewrite the helper on t.TempDir() (Recommended)")
    );
}

#[test]
fn accessible_mode_says_recommended_once() {
    let path = agent("claude-recommended");
    let output = run_with_stdin(&["--accessible", path.to_str().unwrap()], "1\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let prompts = stderr(&output);
    let line = prompts
        .lines()
        .find(|line| line.starts_with("  1. Rewrite the helper on t.TempDir() (Recommended) - "))
        .unwrap_or_else(|| panic!("{prompts}"));
    assert_eq!(line.matches("(Recommended)").count(), 1, "{line}");
    let other = prompts
        .lines()
        .find(|line| line.starts_with("  2. "))
        .unwrap();
    assert!(!other.contains("Recommended"), "{other}");
}
