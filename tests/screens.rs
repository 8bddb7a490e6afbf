//! Screen cases, by behaviour. Every `screens/<behaviour>/<case>.json` names a questionnaire (or
//! a transcript card), a key script and sizes; the keys go through the real keymap and
//! `update`, and the frame at each size is compared with `<case>@<W>x<H>.txt` beside it. Review
//! changes with `git diff screens/`; accept them with `UPDATE_SNAPSHOTS=1 cargo test --test
//! screens`.

use std::path::PathBuf;

use questionnaire::{App, HeightLimit, Outcome, cards, parse_script};
use serde_json::Value;
use tea::driver::Driver;
use tea::input::Keyboard;
use tea::{Frame, Palette, Size, snapshot};

const DEFAULT_SIZES: [&str; 3] = ["40x12", "80x24", "120x40"];

struct Case {
    name: String,
    spec: Value,
    sizes: Vec<Size>,
    styled: Vec<Size>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn parse_size(text: &str) -> Size {
    let (w, h) = text
        .split_once('x')
        .unwrap_or_else(|| panic!("size {text:?} is not WxH"));
    Size::new(w.parse().expect("width"), h.parse().expect("height"))
}

fn sizes(spec: &Value, key: &str, default: &[&str]) -> Vec<Size> {
    match spec.get(key).and_then(Value::as_array) {
        Some(list) => list
            .iter()
            .map(|s| parse_size(s.as_str().expect("size string")))
            .collect(),
        None => default.iter().map(|s| parse_size(s)).collect(),
    }
}

/// The behaviours: the folders of `screens/`.
fn behaviours() -> Vec<PathBuf> {
    let dir = root().join("screens");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("screens/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    folders
}

fn load_cases() -> Vec<Case> {
    let mut paths: Vec<PathBuf> = behaviours()
        .iter()
        .flat_map(|folder| std::fs::read_dir(folder).expect("a behaviour's folder"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let behaviour = path
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_string_lossy();
            let case = path.file_stem().unwrap().to_string_lossy();
            let spec: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            Case {
                name: format!("{behaviour}/{case}"),
                sizes: sizes(&spec, "sizes", &DEFAULT_SIZES),
                styled: sizes(&spec, "styled", &[]),
                spec,
            }
        })
        .collect()
}

fn questionnaire(spec: &Value) -> question::Questionnaire {
    let rel = spec["questionnaire"].as_str().expect("questionnaire path");
    let text = std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let input: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
    question::validate(&input).unwrap_or_else(|issues| panic!("{rel} is invalid: {issues:?}"))
}

fn keys(spec: &Value) -> &str {
    spec.get("keys").and_then(Value::as_str).unwrap_or("")
}

/// Replays the case's keys; returns the driver and the outcome if the questionnaire ended.
fn replay(spec: &Value, size: Size) -> (Driver<App>, Option<Outcome>) {
    let mut app = App::new(questionnaire(spec));
    // `height`: the host's height rule (`"100%"` is the CLI's); pi's 45 % when absent.
    if let Some(height) = spec.get("height").and_then(Value::as_str) {
        let limit: HeightLimit = height.parse().unwrap_or_else(|e| panic!("height: {e}"));
        app = app.with_height_limit(limit);
    }
    // `timeout`: the host's time limit, in seconds; `wait:` steps run it down.
    if let Some(seconds) = spec.get("timeout").and_then(Value::as_u64) {
        app = app.with_time_limit(std::time::Duration::from_secs(seconds));
    }
    // `webLink`: the link to the web page a host serves beside the questionnaire.
    if let Some(link) = spec.get("webLink").and_then(Value::as_str) {
        app = app.with_web_link(link.to_string());
    }
    let mut driver = Driver::new(app, size, Palette::no_color());
    // `keyboard: "enhanced"`: a terminal that tells Shift+Enter from Enter (legacy otherwise).
    match spec.get("keyboard").and_then(Value::as_str) {
        None | Some("legacy") => {}
        Some("enhanced") => {
            driver.set_keyboard(Keyboard::Enhanced);
        }
        Some(other) => panic!("unknown keyboard {other:?}: legacy or enhanced"),
    }
    let steps = parse_script(keys(spec)).unwrap_or_else(|e| panic!("keys: {e}"));
    for step in &steps {
        if let Some(outcome) = driver.step(step).into_quit() {
            return (driver, Some(outcome));
        }
    }
    (driver, None)
}

/// The frame of a case at a size.
fn render(case: &Case, size: Size) -> Frame {
    let palette = Palette::no_color();
    let spec = &case.spec;
    let lines = match spec.get("card").and_then(Value::as_str) {
        Some("call") => cards::call_card(&spec["args"], size.width),
        Some("result") => {
            let details = match spec.get("details") {
                Some(details) => details.clone(),
                None => match replay(spec, size) {
                    (_, Some(outcome)) => outcome.into_result().details,
                    (driver, None) => driver.program().result(true).details,
                },
            };
            cards::result_card(&details, size.width)
        }
        Some(other) => panic!("{}: unknown card kind {other:?}", case.name),
        None => {
            let (mut driver, outcome) = replay(spec, size);
            assert!(
                outcome.is_none(),
                "{}: the questionnaire ended before the last key",
                case.name
            );
            let frame = driver.frame();
            assert!(
                frame.rows.len() <= size.height as usize,
                "{}@{size}: frame taller than the terminal",
                case.name
            );
            return checked(frame, size, &case.name);
        }
    };
    checked(
        tea::frame::render_lines(lines, size.width, &palette),
        size,
        &case.name,
    )
}

fn checked(frame: Frame, size: Size, name: &str) -> Frame {
    for (i, row) in frame.plain().iter().enumerate() {
        let w = tea::text::width(row);
        assert!(
            w <= size.width as usize,
            "{name}@{size}: row {i} is {w} columns wide"
        );
    }
    frame
}

fn snapshot_path(name: &str, size: Size, styled: bool) -> PathBuf {
    let suffix = if styled { ".styled" } else { "" };
    root()
        .join("screens")
        .join(format!("{name}@{}x{}{suffix}.txt", size.width, size.height))
}

fn header(case: &Case, size: Size) -> String {
    let description = case
        .spec
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or("");
    format!(
        "# {}@{size} keys: {:?} — {description}",
        case.name,
        keys(&case.spec)
    )
}

fn produced(cases: &[Case]) -> Vec<PathBuf> {
    cases
        .iter()
        .flat_map(|c| {
            let plain = c.sizes.iter().map(|s| snapshot_path(&c.name, *s, false));
            let styled = c.styled.iter().map(|s| snapshot_path(&c.name, *s, true));
            plain.chain(styled).collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn screens_match_their_snapshots() {
    let cases = load_cases();
    assert!(
        cases.len() >= 40,
        "expected at least 40 screen cases, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let jobs = case
            .sizes
            .iter()
            .map(|s| (*s, false))
            .chain(case.styled.iter().map(|s| (*s, true)));
        for (size, styled) in jobs {
            let frame = render(case, size);
            let path = snapshot_path(&case.name, size, styled);
            if let Err(message) = snapshot::check_frame(&path, &header(case, size), &frame, styled)
            {
                failures.push(message);
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_snapshot_belongs_to_a_case() {
    let produced = produced(&load_cases());
    let orphans: Vec<PathBuf> = behaviours()
        .iter()
        .flat_map(|folder| snapshot::orphan_snapshots(folder, &produced))
        .collect();
    assert!(
        orphans.is_empty(),
        "snapshot files no case produces (delete them): {orphans:?}"
    );
}
