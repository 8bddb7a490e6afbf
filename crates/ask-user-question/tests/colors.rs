//! Colors on a pseudo-terminal, read from the bytes the binary writes: never a color above the
//! level the environment (or `--color`) allows, and without `--theme` the palette the
//! terminal's background color (OSC 11) calls for.

mod support;

use support::fixture;
use support::pty::{Launch, Session, TerminalAnswers};

const BACKGROUND_QUERY: &str = "\x1b]11;?\x1b\\";
/// The accent (a selected option's marker) of the dark and light palettes, in truecolor.
const DARK_ACCENT: &str = "38;2;138;190;183";
const LIGHT_ACCENT: &str = "38;2;95;135;135";

/// What the binary wrote to the terminal until its first frame was drawn, then Ctrl+C.
fn first_frame(
    env: &'static [(&'static str, &'static str)],
    args: &'static [&'static str],
    answers: TerminalAnswers,
) -> String {
    let input = std::fs::read_to_string(fixture("release.json")).unwrap();
    let launch = Launch {
        input,
        size: (100, 30),
        kitty: false,
        args,
        env,
    };
    let mut session = Session::start_on(launch, answers, |_| {});
    session.wait_for_text("Which channel should we release to?");
    session.write(b"\x03");
    let finished = session.finish();
    assert_eq!(finished.code(), 130, "Ctrl+C cancels");
    String::from_utf8_lossy(&finished.output).into_owned()
}

fn no_answers() -> TerminalAnswers {
    TerminalAnswers::default()
}

/// Every color an SGR sequence in `output` sets, as `fg:N`, `bg:N`, `fg:5;N`, `fg:2;R;G;B`.
fn colors_set(output: &str) -> Vec<String> {
    let mut colors = Vec::new();
    for chunk in output.split("\x1b[").skip(1) {
        let Some(end) = chunk.find(|c: char| !(c.is_ascii_digit() || c == ';')) else {
            continue;
        };
        if !chunk[end..].starts_with('m') {
            continue;
        }
        let params: Vec<u16> = chunk[..end]
            .split(';')
            .map(|p| p.parse().unwrap_or(0))
            .collect();
        let mut i = 0;
        while i < params.len() {
            let side = |p: u16| {
                if p < 40 || (90..98).contains(&p) {
                    "fg"
                } else {
                    "bg"
                }
            };
            match params[i] {
                p @ (38 | 48) => {
                    let take = if params.get(i + 1) == Some(&5) { 2 } else { 4 };
                    let rest: Vec<String> = params[i + 1..(i + 1 + take).min(params.len())]
                        .iter()
                        .map(u16::to_string)
                        .collect();
                    colors.push(format!("{}:{}", side(p), rest.join(";")));
                    i += 1 + take;
                    continue;
                }
                p @ (30..=37 | 40..=47 | 90..=97 | 100..=107) => {
                    colors.push(format!("{}:{p}", side(p)));
                }
                _ => {}
            }
            i += 1;
        }
    }
    colors
}

#[test]
fn a_truecolor_terminal_gets_truecolor() {
    let env = &[("TERM", "xterm-256color"), ("COLORTERM", "truecolor")];
    let output = first_frame(env, &["--theme", "dark"], no_answers());
    assert!(output.contains(DARK_ACCENT), "{:?}", colors_set(&output));
}

#[test]
fn a_256_color_terminal_gets_no_truecolor() {
    let output = first_frame(&[("TERM", "xterm-256color")], &[], no_answers());
    let colors = colors_set(&output);
    assert!(!colors.is_empty(), "still colored");
    for color in &colors {
        assert!(
            color.contains(":5;"),
            "{color} is not of the 256-color table: {colors:?}"
        );
    }
}

#[test]
fn macos_terminal_gets_256_colors_even_when_told_truecolor() {
    let env = &[
        ("TERM", "xterm-256color"),
        ("TERM_PROGRAM", "Apple_Terminal"),
        ("COLORTERM", "truecolor"),
    ];
    let colors = colors_set(&first_frame(env, &[], no_answers()));
    assert!(!colors.is_empty());
    assert!(
        colors.iter().all(|color| color.contains(":5;")),
        "{colors:?}"
    );
}

#[test]
fn a_16_color_terminal_gets_basic_colors_only() {
    let colors = colors_set(&first_frame(&[("TERM", "xterm")], &[], no_answers()));
    assert!(!colors.is_empty());
    assert!(
        colors.iter().all(|color| !color.contains(';')),
        "{colors:?}"
    );
}

#[test]
fn no_color_means_no_color_sequence_at_all() {
    let env = &[
        ("TERM", "xterm-256color"),
        ("COLORTERM", "truecolor"),
        ("NO_COLOR", "1"),
    ];
    let output = first_frame(env, &[], no_answers());
    assert_eq!(colors_set(&output), Vec::<String>::new());
    assert!(
        output.contains("\x1b[1m") || output.contains(";1m") || output.contains("[1;"),
        "bold still marks the accent"
    );
    let output = first_frame(
        &[("TERM", "xterm-256color")],
        &["--color", "never"],
        no_answers(),
    );
    assert_eq!(colors_set(&output), Vec::<String>::new(), "--color never");
}

#[test]
fn color_always_beats_the_environment() {
    let env = &[("TERM", "xterm"), ("NO_COLOR", "1")];
    let output = first_frame(env, &["--color", "always", "--theme", "dark"], no_answers());
    assert!(output.contains(DARK_ACCENT), "{:?}", colors_set(&output));
}

const TRUECOLOR: &[(&str, &str)] = &[("TERM", "xterm-256color"), ("COLORTERM", "truecolor")];

#[test]
fn a_light_background_gets_the_light_palette() {
    let answers = TerminalAnswers::background("rgb:ffff/ffff/ffff");
    let output = first_frame(TRUECOLOR, &[], answers);
    assert!(output.contains(BACKGROUND_QUERY), "the terminal is asked");
    assert!(output.contains(LIGHT_ACCENT), "{:?}", colors_set(&output));
    assert!(!output.contains(DARK_ACCENT));
}

#[test]
fn a_dark_background_gets_the_dark_palette() {
    let answers = TerminalAnswers::background("rgb:1e1e/1e1e/2e2e");
    let output = first_frame(TRUECOLOR, &[], answers);
    assert!(output.contains(BACKGROUND_QUERY));
    assert!(output.contains(DARK_ACCENT), "{:?}", colors_set(&output));
}

#[test]
fn no_answer_to_the_background_query_means_dark() {
    let output = first_frame(TRUECOLOR, &[], no_answers());
    assert!(output.contains(BACKGROUND_QUERY));
    assert!(output.contains(DARK_ACCENT), "{:?}", colors_set(&output));
}

#[test]
fn a_theme_given_or_no_color_asks_nothing() {
    let light = TerminalAnswers::background("rgb:ffff/ffff/ffff");
    let output = first_frame(TRUECOLOR, &["--theme", "dark"], light);
    assert!(!output.contains(BACKGROUND_QUERY), "--theme dark");
    assert!(
        output.contains(DARK_ACCENT),
        "the theme given, whatever the background"
    );
    let output = first_frame(TRUECOLOR, &["--color", "never"], light);
    assert!(!output.contains(BACKGROUND_QUERY), "--color never");
    let no_color = &[("TERM", "xterm-256color"), ("NO_COLOR", "1")];
    let output = first_frame(no_color, &[], light);
    assert!(!output.contains(BACKGROUND_QUERY), "NO_COLOR");
}
