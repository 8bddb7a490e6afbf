//! The CLI end to end: the built binary, its stdout, stderr and exit code.

mod support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::{asset, fixture, run, run_with_stdin, stderr, stdout_json};

#[test]
fn validate_reports_six_problems_as_six_issues() {
    let output = run(&["validate", fixture("six-problems.json").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let printed = stdout_json(&output);
    assert_eq!(printed["valid"], json!(false));
    let issues: Vec<(&str, &str)> = printed["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["path"].as_str().unwrap(), i["code"].as_str().unwrap()))
        .collect();
    assert_eq!(
        issues,
        [
            ("/questions/0/id", "blank"),
            ("/questions/0/type", "invalid_type"),
            ("/questions/1/options", "missing_options"),
            ("/questions/2/id", "duplicate_id"),
            ("/questions/2/options/0/label", "reserved_label"),
            ("/questions/2/options/1/value", "duplicate_value"),
        ]
    );
    for issue in printed["issues"].as_array().unwrap() {
        assert!(!issue["message"].as_str().unwrap().is_empty());
    }
    let stderr = stderr(&output);
    assert!(stderr.contains("six-problems.json: 6 problems"), "{stderr}");
    assert!(
        stderr.contains(
            "/questions/2/id (duplicate_id): id \"notes\" is already used by /questions/1"
        ),
        "{stderr}"
    );
}

#[test]
fn problems_quoting_what_the_model_sent_put_no_escape_on_the_terminal() {
    // A label that would retitle the window and clear the screen, a key that would color the
    // terminal, a label that would reverse the line: each shown as an escape on stderr.
    let input = json!({"questions": [{"question": "Ship?", "options": [
        {"label": "\u{1b}]0;owned\u{7}\u{1b}[2J"}, {"label": "\u{1b}]0;owned\u{7}\u{1b}[2J"},
        {"label": "a\u{202e}b"}, {"label": "a\u{202e}b"}]}], "bad\u{1b}[31mkey": 1});
    let output = run_with_stdin(&["validate", "-"], &input.to_string());
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr(&output);
    assert!(
        !stderr.contains(['\u{1b}', '\u{7}', '\u{202e}']),
        "{stderr:?}"
    );
    assert!(
        stderr.contains(r#"Option label "\u001b]0;owned\u0007\u001b[2J" is already used"#),
        "{stderr}"
    );
    assert!(stderr.contains(r"/bad\u001b[31mkey (ignored)"), "{stderr}");
    assert!(stderr.contains(r#""a\u202eb""#), "{stderr}");
    // The JSON on stdout keeps the text as sent, escaped by JSON itself.
    assert_eq!(
        stdout_json(&output)["issues"][0]["path"],
        json!("/questions/0/options/1/label")
    );
}

#[test]
fn validate_accepts_a_valid_file() {
    let demo = asset("demo.json");
    let output = run(&["validate", demo.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"valid\":true}\n"
    );
}

#[test]
fn validate_reads_standard_input_for_a_dash() {
    let valid = r#"{"questions":[{"question":"Ship it?","header":"Ship"}]}"#;
    let output = run_with_stdin(&["validate", "-"], valid);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout_json(&output), json!({ "valid": true }));

    let output = run_with_stdin(&["validate", "-"], r#"{"questions":[]}"#);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stdout_json(&output)["issues"][0]["code"],
        json!("empty_questions")
    );
}

#[test]
fn a_byte_order_mark_before_the_json_is_skipped() {
    let valid = r#"{"questions":[{"question":"Ship it?","header":"Ship"}]}"#;
    let output = run_with_stdin(&["validate", "-"], &format!("\u{feff}{valid}"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = run_with_stdin(&["validate", "-"], "\u{feff}");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("is empty"), "{}", stderr(&output));
    let output = run_with_stdin(&["validate", "-"], "\u{feff}\u{feff}{}");
    assert!(
        stderr(&output).contains("1:1: not valid JSON"),
        "one mark is skipped, not text: {}",
        stderr(&output)
    );
}

#[test]
fn validate_names_the_file_and_position_of_broken_json() {
    let path = fixture("broken.json");
    let output = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(
        stderr.contains(&format!(
            "{}:3:53: not valid JSON: trailing comma",
            path.display()
        )),
        "{stderr}"
    );
}

#[test]
fn validate_names_stdin_when_it_is_not_json() {
    let output = run_with_stdin(&["validate", "-"], "not json");
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr(&output);
    assert!(
        stderr.contains("<stdin>:1:2: not valid JSON: expected ident"),
        "{stderr}"
    );
}

#[test]
fn validate_reads_a_lone_surrogate_escape_in_a_file_as_a_replacement_character() {
    // JavaScript's JSON.stringify writes half of an emoji's surrogate pair, left by a string
    // cut in the middle of it, as an escape.
    let path = fixture("lone_surrogate.json");
    let output = run(&["validate", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout_json(&output), json!({ "valid": true }));

    let output = run(&["render", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let frame = String::from_utf8_lossy(&output.stdout);
    assert!(frame.contains("Ship it? \u{FFFD}"), "{frame}");
    assert!(frame.contains("Yes \u{FFFD}"), "{frame}");
}

#[test]
fn a_lone_surrogate_escape_on_standard_input_reads_as_a_replacement_character() {
    // With a long title after the escape, the parser stops long before the end of the input.
    let text = std::fs::read_to_string(fixture("lone_surrogate.json")).unwrap();
    let end = text.rfind('}').unwrap();
    let padded = format!("{}, \"title\": \"{}\"}}", &text[..end], "x".repeat(200_000));
    for input in [&text, &padded] {
        let output = run_with_stdin(&["render", "-"], input);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let frame = String::from_utf8_lossy(&output.stdout);
        assert!(frame.contains("Ship it? \u{FFFD}"), "{frame}");
    }
}

#[test]
fn a_lone_surrogate_escape_in_a_large_standard_input_is_named() {
    // Over 4 MiB no copy of standard input is kept to parse it again.
    let text = std::fs::read_to_string(fixture("lone_surrogate.json")).unwrap();
    let large = format!("{}{}", " ".repeat(5 << 20), text);
    let output = run_with_stdin(&["validate", "-"], &large);
    assert_eq!(output.status.code(), Some(2));
    let stderr = stderr(&output);
    assert!(
        stderr.contains("not valid JSON: unexpected end of hex escape (a lone UTF-16 surrogate escape; it reads as U+FFFD in a file, or on standard input of at most 4 MiB)"),
        "{stderr}"
    );
}

#[test]
fn validate_names_an_unreadable_file() {
    let output = run(&["validate", "no/such/questions.json"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(
        stderr.contains("cannot read no/such/questions.json:"),
        "{stderr}"
    );
}

#[test]
fn every_bundled_questionnaire_is_valid() {
    let mut files = vec![asset("demo.json"), asset("bench/reference.json")];
    let mut examples: Vec<PathBuf> = std::fs::read_dir(asset("examples"))
        .expect("assets/examples exists")
        .map(|entry| entry.unwrap().path())
        .collect();
    examples.sort();
    assert!(examples.len() >= 3, "{examples:?}");
    files.extend(examples);
    for file in files {
        let output = run(&["validate", file.to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}: {}",
            file.display(),
            String::from_utf8_lossy(&output.stdout)
        );
        // Nothing in them is ignored: every key means something.
        assert_eq!(
            stdout_json(&output),
            json!({ "valid": true }),
            "{}",
            file.display()
        );
    }
}

#[test]
fn schema_prints_the_input_schema() {
    let output = run(&["schema"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout_json(&output), question::schema());
}

#[test]
fn no_arguments_show_the_help() {
    let output = run(&[]);
    assert_eq!(output.status.code(), Some(2));
    let help = stderr(&output);
    assert!(help.contains("validate"), "{help}");
    assert!(help.contains("schema"), "{help}");
}

#[test]
fn running_an_invalid_questionnaire_reports_its_issues_on_stderr() {
    let output = run(&[fixture("six-problems.json").to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "stdout carries only results");
    let stderr = stderr(&output);
    let mut lines = stderr.lines();
    let issues: Value = serde_json::from_str(lines.next().unwrap()).expect("issues JSON first");
    assert_eq!(issues["valid"], json!(false));
    assert_eq!(issues["issues"].as_array().unwrap().len(), 6);
    assert_eq!(issues["issues"][0]["code"], json!("blank"));
    assert!(stderr.contains("six-problems.json: 6 problems"), "{stderr}");
    assert!(
        stderr.contains("  /questions/0/type (invalid_type): "),
        "{stderr}"
    );
}

#[test]
fn running_broken_json_names_the_file_line_and_column() {
    let path = fixture("broken.json");
    let output = run(&["--keys", "esc", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(
        stderr.contains(&format!(
            "{}:3:53: not valid JSON: trailing comma",
            path.display()
        )),
        "{stderr}"
    );

    let output = run(&["no/such/questions.json"]);
    assert_eq!(output.status.code(), Some(2));
    let unreadable = String::from_utf8_lossy(&output.stderr);
    assert!(
        unreadable.contains("cannot read no/such/questions.json:"),
        "{unreadable}"
    );
}

#[test]
fn invalid_questionnaires_on_standard_input_are_reported_as_stdin() {
    let output = run_with_stdin(&["--keys", "esc"], r#"{"questions":[]}"#);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(stderr.contains("\"code\":\"empty_questions\""), "{stderr}");
    assert!(stderr.contains("<stdin>: 1 problem"), "{stderr}");
}

#[test]
fn empty_standard_input_shows_the_help() {
    let output = run_with_stdin(&[], "  \n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    assert!(stderr.contains("Usage: ask-user-question"), "{stderr}");
    assert!(
        stderr.contains("no questionnaire: standard input is empty"),
        "{stderr}"
    );
}

#[test]
fn help_explains_the_dock_the_keys_and_the_exit_codes() {
    let output = run(&["--help"]);
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "Ctrl+] folds the questionnaire into one line",
        "Ctrl+C cancels too",
        "Ctrl+G opens the draft in $VISUAL",
        "--collapse-key <KEY>",
        "0 submitted, 130 cancelled, 2 invalid input",
        "124 timed out",
        "--timeout <DURATION>",
        "NO_COLOR",
        "--keys <SCRIPT>",
        "render",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}
