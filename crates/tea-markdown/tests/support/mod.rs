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

/// Compares `rows` (under a `header` line) with the golden file `name`. With
/// `UPDATE_SNAPSHOTS=1` the file is rewritten instead, unless `CI` is set.
pub fn check_golden(name: &str, header: &str, rows: &[String]) {
    let path = golden_path(name);
    let mut expected_text = String::from(header);
    expected_text.push('\n');
    for row in rows {
        expected_text.push_str(row);
        expected_text.push('\n');
    }
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0");
    if update {
        assert!(
            std::env::var_os("CI").is_none(),
            "UPDATE_SNAPSHOTS is refused when CI is set: review and commit golden files locally"
        );
        std::fs::create_dir_all(path.parent().expect("golden dir")).expect("create golden dir");
        std::fs::write(&path, &expected_text).expect("write golden file");
        return;
    }
    let Ok(actual_text) = std::fs::read_to_string(&path) else {
        panic!(
            "golden file {} is missing; run with UPDATE_SNAPSHOTS=1 to create it, then review it",
            path.display()
        );
    };
    similar_asserts::assert_eq!(
        actual_text,
        expected_text,
        "{} differs from the render; if the change is intended, rerun with UPDATE_SNAPSHOTS=1 and review the diff",
        path.display()
    );
}
