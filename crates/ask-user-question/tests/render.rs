//! `render`: exactly the frame's rows after the keys on stdout, plain or with SGR only.

mod support;

use questionnaire::{App, HeightLimit};
use serde_json::json;
use support::{asset, binary, fixture, run, run_with_stdin, stderr, stdout};
use tea::driver::Driver;
use tea::input::parse_key_script;
use tea::text::width;
use tea::{Palette, Size};

fn render(args: &[&str]) -> String {
    let output = run(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    stdout(&output)
}

fn demo() -> String {
    asset("demo.json").to_str().unwrap().to_string()
}

/// Removes SGR sequences (`ESC [ … m`); panics on any other escape sequence.
fn strip_sgr(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        plain.push_str(&rest[..at]);
        let sequence = &rest[at..];
        let end = sequence
            .find('m')
            .unwrap_or_else(|| panic!("an unterminated escape: {sequence:?}"));
        let params = &sequence[1..end];
        assert!(
            params.starts_with('[') && params[1..].chars().all(|c| c.is_ascii_digit() || c == ';'),
            "not an SGR sequence: {:?}",
            &sequence[..=end]
        );
        rest = &sequence[end + 1..];
    }
    plain.push_str(rest);
    plain
}

fn assert_fits(text: &str, size: Size) {
    let rows: Vec<&str> = text.lines().collect();
    assert!(
        rows.len() <= usize::from(size.height),
        "{size}: {} rows",
        rows.len()
    );
    for row in rows {
        assert!(
            width(row) <= usize::from(size.width),
            "{size}: {row:?} is {} wide",
            width(row)
        );
    }
}

#[test]
fn prints_the_same_rows_as_the_headless_driver() {
    let keys = "tab down";
    let printed = render(&["render", &demo(), "--size", "100x30", "--keys", keys]);

    let input = serde_json::from_str(&std::fs::read_to_string(demo()).unwrap()).unwrap();
    let size = Size::new(100, 30);
    // The CLI's panel takes what it needs, up to the terminal's height.
    let app = App::new(question::validate(&input).unwrap()).with_height_limit(HeightLimit::FULL);
    let mut driver = Driver::new(app, size, Palette::dark());
    driver.send_all(&parse_key_script(keys).unwrap());
    let expected: String = driver
        .frame()
        .plain()
        .iter()
        .map(|row| format!("{row}\n"))
        .collect();
    assert_eq!(printed, expected);
}

#[test]
fn plain_output_is_the_frame_and_nothing_else() {
    let printed = render(&["render", &demo()]);
    assert!(!printed.contains('\x1b'), "{printed:?}");
    let rows: Vec<&str> = printed.lines().collect();
    assert!(
        rows[0].starts_with("╭─ Caching for the API client ─"),
        "{}",
        rows[0]
    );
    assert!(rows[1].contains("Approach"), "{}", rows[1]);
    assert!(rows.last().unwrap().starts_with('╰'), "{printed}");
    assert!(printed.ends_with("╯\n"), "{printed:?}");
}

#[test]
fn the_default_size_is_80x24() {
    assert_eq!(
        render(&["render", &demo()]),
        render(&["render", &demo(), "--size", "80x24"])
    );
}

#[test]
fn every_row_fits_at_every_size() {
    for size in [
        "1x1", "2x3", "20x6", "30x8", "40x12", "80x24", "120x40", "200x60",
    ] {
        let (w, h) = size.split_once('x').unwrap();
        let size_value = Size::new(w.parse().unwrap(), h.parse().unwrap());
        for keys in ["", "tab down p", "shift+tab", "ctrl+]"] {
            let printed = render(&["render", &demo(), "--size", size, "--keys", keys]);
            assert_fits(&printed, size_value);
            let ansi = render(&["render", &demo(), "--size", size, "--keys", keys, "--ansi"]);
            assert_eq!(strip_sgr(&ansi), printed, "{size} {keys}");
        }
    }
}

#[test]
fn after_ctrl_bracket_the_frame_is_the_dock_line() {
    let printed = render(&["render", &demo(), "--keys", "1 ctrl+]"]);
    assert_eq!(
        printed,
        "◆ Caching for the API client · Endpoints · 1/4 answered · ctrl+] expand\n"
    );
    let restored = render(&["render", &demo(), "--keys", "1 ctrl+] ctrl+]"]);
    assert_eq!(restored, render(&["render", &demo(), "--keys", "1"]));
}

#[test]
fn ansi_output_has_sgr_and_no_other_escapes() {
    let ansi = render(&["render", &demo(), "--ansi", "--size", "120x40"]);
    assert!(ansi.contains("\x1b[0;"), "{ansi:?}");
    assert!(
        ansi.contains(";38;2;"),
        "the dark theme has colors: {ansi:?}"
    );
    assert_eq!(
        strip_sgr(&ansi),
        render(&["render", &demo(), "--size", "120x40"])
    );
}

#[test]
fn themes_pick_the_palette_and_no_color_means_none() {
    let with = |theme: &str| render(&["render", &demo(), "--ansi", "--theme", theme]);
    let (dark, light, none) = (with("dark"), with("light"), with("none"));
    assert_ne!(dark, light);
    assert!(!none.contains("38;2;"), "{none:?}");
    assert!(none.contains("\x1b["), "attributes stay: {none:?}");

    let with_env = |value: &str, args: &[&str]| {
        let output = binary()
            .args(["render", &demo(), "--ansi"])
            .args(args)
            .env("NO_COLOR", value)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        stdout(&output)
    };
    assert_eq!(with_env("1", &[]), none);
    assert_eq!(with_env("", &[]), dark, "an empty NO_COLOR is unset");
    assert_eq!(with_env("1", &["--theme", "light"]), light);
}

#[test]
fn hostile_strings_reach_no_terminal_raw() {
    let path = fixture("hostile.json");
    for size in ["40x12", "120x40"] {
        for keys in ["", "down", "down p"] {
            let printed = render(&[
                "render",
                path.to_str().unwrap(),
                "--size",
                size,
                "--keys",
                keys,
            ]);
            assert!(
                !printed.chars().any(|c| c.is_control() && c != '\n'),
                "{printed:?}"
            );
            let ansi = render(&[
                "render",
                path.to_str().unwrap(),
                "--size",
                size,
                "--keys",
                keys,
                "--ansi",
            ]);
            assert_eq!(strip_sgr(&ansi), printed);
        }
    }
}

#[test]
fn reads_the_questionnaire_from_standard_input() {
    let text = std::fs::read_to_string(demo()).unwrap();
    let output = run_with_stdin(&["render", "-", "--size", "60x20"], &text);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        render(&["render", &demo(), "--size", "60x20"])
    );
}

#[test]
fn the_last_frame_of_a_finished_questionnaire_is_printed_with_a_note() {
    let single = asset("examples/single.json");
    let output = run(&["render", single.to_str().unwrap(), "--keys", "2 down"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).contains("Apache-2.0"),
        "{}",
        stdout(&output)
    );
    let stderr = stderr(&output);
    assert!(stderr.contains("submitted at key 1"), "{stderr}");
    assert!(stderr.contains("ended at key 1 of 2"), "{stderr}");
}

#[test]
fn invalid_input_prints_no_frame() {
    let output = run_with_stdin(&["render", "-"], r#"{"questions":[{"id":"a"}]}"#);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = stderr(&output);
    let issues: serde_json::Value = serde_json::from_str(stderr.lines().next().unwrap()).unwrap();
    assert_eq!(issues["valid"], json!(false));
    assert!(stderr.contains("<stdin>: "), "{stderr}");
}

#[test]
fn the_panel_takes_what_it_needs_up_to_the_terminal_and_height_caps_it() {
    let demo = demo();
    let rows = |args: &[&str]| {
        let mut all = vec!["render", demo.as_str(), "--size", "80x200"];
        all.extend_from_slice(args);
        render(&all).lines().count()
    };
    let need = rows(&[]);
    assert!(need > 24 && need < 200, "the demo needs {need} rows");
    assert_eq!(
        render(&["render", &demo, "--size", "80x24"])
            .lines()
            .count(),
        24
    );
    assert_eq!(rows(&["--height", "20"]), 20);
    assert_eq!(rows(&["--height", "10%"]), 20, "10 % of 200 rows");
    assert_eq!(rows(&["--height", "1%"]), 12, "a share is at least 12 rows");
    assert_eq!(rows(&["--height", "100%"]), need);
    for bad in ["0", "0%", "101%", "ten", ""] {
        let output = run(&["render", &demo, "--height", bad]);
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
        assert!(output.stdout.is_empty(), "{bad:?}");
        assert!(
            stderr(&output).contains("--height"),
            "{bad:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_time_limit_shows_its_countdown_run_down_by_the_keys_waits() {
    let release = fixture("release.json");
    let release = release.to_str().unwrap();
    let frame = render(&["render", release, "--timeout", "5m", "--keys", "wait:1m30s"]);
    assert!(frame.contains("0/4 answered · 3:30"), "{frame}");
    // Run out, the last frame is printed with a note; a key first stops the countdown.
    let output = run(&["render", release, "--timeout", "1h", "--keys", "wait:1h"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stderr(&output).contains("timed out at key 1"),
        "{}",
        stderr(&output)
    );
    let frame = render(&[
        "render",
        release,
        "--timeout",
        "5m",
        "--keys",
        "down wait:1m",
    ]);
    assert!(!frame.contains("answered ·"), "{frame}");
}

#[test]
fn bad_size_keys_and_time_limits_are_refused() {
    for args in [
        ["--size", "80by24"],
        ["--size", "0x10"],
        ["--keys", "alt+"],
        ["--keys", "ctrl+nosuchkey"],
        ["--keys", "wait:soon"],
        ["--timeout", "0s"],
        ["--timeout", "-1m"],
    ] {
        let output = run(&["render", &demo(), args[0], args[1]]);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(!stderr(&output).is_empty());
    }
}
