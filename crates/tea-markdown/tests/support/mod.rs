//! Helpers shared by the test files: text forms of rendered lines and the golden-file check.

#![allow(dead_code)] // each test file uses a different subset

use std::path::{Path, PathBuf};

use tea::{Line, Style};

/// Rows as plain text between `|` edge markers, padded to the width so the right edge shows.
pub fn framed(lines: &[Line], width: usize) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            let pad = width.saturating_sub(line.width());
            format!("|{}{}|", line.plain_text(), " ".repeat(pad))
        })
        .collect()
}

/// Rows with every styled span tagged: `[mdLink underline link=https://x]docs[/]`.
pub fn tagged(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|line| {
            line.spans
                .iter()
                .map(|span| tag(&span.text, &span.style))
                .collect()
        })
        .collect()
}

fn tag(text: &str, style: &Style) -> String {
    let mut tags: Vec<String> = Vec::new();
    if let Some(slot) = style.fg {
        tags.push(slot.name().to_string());
    }
    for (on, name) in [
        (style.bold, "bold"),
        (style.italic, "italic"),
        (style.underline, "underline"),
        (style.strikethrough, "strike"),
        (style.reverse, "reverse"),
    ] {
        if on {
            tags.push(name.to_string());
        }
    }
    if let Some(url) = &style.link {
        tags.push(format!("link={url}"));
    }
    if tags.is_empty() {
        text.to_string()
    } else {
        format!("[{}]{text}[/]", tags.join(" "))
    }
}

pub fn golden_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// What a golden check does, from the environment: `UPDATE_SNAPSHOTS=1` rewrites, unless `CI`
/// is set, where rewriting is refused so a stale golden file cannot pass unreviewed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Compare,
    Update,
    RefuseUpdate,
}

impl Mode {
    pub fn from_env() -> Mode {
        let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0");
        let ci = std::env::var_os("CI").is_some();
        match (update, ci) {
            (false, _) => Mode::Compare,
            (true, false) => Mode::Update,
            (true, true) => Mode::RefuseUpdate,
        }
    }
}

/// Compares `rows` (under a `header` line) with the golden file `name` in `tests/golden/`.
pub fn check_golden(name: &str, header: &str, rows: &[String]) {
    if let Err(message) = check_golden_at(&golden_path(name), header, rows, Mode::from_env()) {
        panic!("{message}");
    }
}

/// The check itself, with the file and mode given: Err says what is wrong and what to do.
pub fn check_golden_at(
    path: &Path,
    header: &str,
    rows: &[String],
    mode: Mode,
) -> Result<(), String> {
    let mut expected = String::from(header);
    expected.push('\n');
    for row in rows {
        expected.push_str(row);
        expected.push('\n');
    }
    match mode {
        Mode::RefuseUpdate => {
            return Err(
                "UPDATE_SNAPSHOTS is refused when CI is set: update and review golden files locally"
                    .to_string(),
            );
        }
        Mode::Update => {
            std::fs::create_dir_all(path.parent().expect("golden dir"))
                .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            return std::fs::write(path, &expected)
                .map_err(|e| format!("cannot write {}: {e}", path.display()));
        }
        Mode::Compare => {}
    }
    let Ok(actual) = std::fs::read_to_string(path) else {
        return Err(format!(
            "golden file {} is missing; run with UPDATE_SNAPSHOTS=1 to create it, then review it",
            path.display()
        ));
    };
    if actual == expected {
        return Ok(());
    }
    Err(format!(
        "{} differs from the render (rerun with UPDATE_SNAPSHOTS=1 and review the diff if the change is intended):\n{}",
        path.display(),
        similar_asserts::SimpleDiff::from_str(&actual, &expected, "golden", "render")
    ))
}
