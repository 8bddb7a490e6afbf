//! The snapshot kit: compare frames with reviewed text files.
//!
//! A snapshot file is one header line, then one line per frame row between `│` edge markers,
//! padded to the frame width, so trailing blanks are visible and survive editors:
//!
//! ```text
//! # case: first_question  size: 40x12
//! │╭─ Pick a runtime ──────────────────╮│
//! │                                    ││
//! ```
//!
//! A mismatch or a missing file fails with a line diff and the frame. `UPDATE_SNAPSHOTS=1`
//! (any value but `0`) writes the files instead, except when `CI` is set.

use std::path::{Path, PathBuf};

use crate::frame::Frame;
use crate::text;

/// The edge marker around each row.
pub const EDGE: char = '│';

/// How [`check_snapshot`] may treat a differing or missing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UpdateMode {
    /// `UPDATE_SNAPSHOTS` is set to something other than `0`.
    pub update: bool,
    /// `CI` is set: never write.
    pub ci: bool,
}

impl UpdateMode {
    /// Reads `UPDATE_SNAPSHOTS` and `CI` from the environment (test code only; programs
    /// never read the environment).
    pub fn from_env() -> UpdateMode {
        UpdateMode {
            update: std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v != "0"),
            ci: std::env::var_os("CI").is_some(),
        }
    }
}

/// The text of a snapshot file for these rows: the header line, then each row between edge
/// markers padded to the widest row (or `width`, if larger).
pub fn format_snapshot(header: &str, rows: &[String], width: usize) -> String {
    format_measured(
        header,
        rows.iter().map(|r| (r.as_str(), text::width(r))),
        width,
    )
}

/// [`format_snapshot`] for rows whose display width is not their text's width (the tagged
/// form, whose tags take no columns on screen): each row comes with the width to pad from.
fn format_measured<'a>(
    header: &str,
    rows: impl Iterator<Item = (&'a str, usize)> + Clone,
    width: usize,
) -> String {
    let width = rows.clone().map(|(_, w)| w).max().unwrap_or(0).max(width);
    let mut out = String::new();
    out.push_str(&text::sanitize_line(header));
    out.push('\n');
    for (row, row_width) in rows {
        out.push(EDGE);
        out.push_str(row);
        out.extend(std::iter::repeat_n(' ', width - row_width));
        out.push(EDGE);
        out.push('\n');
    }
    out
}

/// Compares `rows` (a frame's plain or tagged rows) with the snapshot at `path`, following
/// the environment's update mode. The error is the readable report of what differed.
pub fn check_snapshot(path: &Path, header: &str, rows: &[String]) -> Result<(), String> {
    check_snapshot_with(path, header, rows, 0, UpdateMode::from_env())
}

/// [`check_snapshot`] with rows padded to at least `width` and an explicit update mode.
pub fn check_snapshot_with(
    path: &Path,
    header: &str,
    rows: &[String],
    width: usize,
    mode: UpdateMode,
) -> Result<(), String> {
    compare(path, format_snapshot(header, rows, width), mode)
}

fn compare(path: &Path, actual: String, mode: UpdateMode) -> Result<(), String> {
    let expected = match std::fs::read_to_string(path) {
        Ok(text) => Some(text.replace("\r\n", "\n")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("cannot read snapshot {}: {e}", path.display())),
    };
    if expected.as_deref() == Some(actual.as_str()) {
        return Ok(());
    }
    if mode.update && !mode.ci {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(path, &actual)
            .map_err(|e| format!("cannot write snapshot {}: {e}", path.display()))?;
        return Ok(());
    }
    let hint = if mode.update {
        "UPDATE_SNAPSHOTS is ignored because CI is set".to_string()
    } else {
        "run with UPDATE_SNAPSHOTS=1 to accept".to_string()
    };
    Err(match expected {
        None => format!(
            "snapshot {} is missing ({hint}); the frame is:\n{actual}",
            path.display()
        ),
        Some(expected) => format!(
            "snapshot {} differs ({hint}):\n{}",
            path.display(),
            similar_asserts::SimpleDiff::from_str(&expected, &actual, "snapshot", "frame")
        ),
    })
}

/// Checks a frame's plain rows (or, with `tagged`, its slot-tagged rows), padded to the frame
/// width.
pub fn check_frame(path: &Path, header: &str, frame: &Frame, tagged: bool) -> Result<(), String> {
    let width = usize::from(frame.width);
    let actual = if tagged {
        let rows: Vec<(String, usize)> = frame
            .rows
            .iter()
            .map(|r| (r.tagged(), text::width(&r.plain)))
            .collect();
        format_measured(header, rows.iter().map(|(t, w)| (t.as_str(), *w)), width)
    } else {
        let rows = frame.plain();
        format_snapshot(header, &rows, width)
    };
    compare(path, actual, UpdateMode::from_env())
}

/// Files in `dir` (snapshots, `*.txt`) that are not in `produced`: left behind by a renamed
/// or removed case. Sorted; a missing directory has none.
pub fn orphan_snapshots(dir: &Path, produced: &[PathBuf]) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let produced: Vec<PathBuf> = produced
        .iter()
        .map(|p| p.canonicalize().unwrap_or_else(|_| p.clone()))
        .collect();
    let mut orphans: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt"))
        .filter(|p| {
            let canonical = p.canonicalize().unwrap_or_else(|_| p.clone());
            !produced.contains(&canonical)
        })
        .collect();
    orphans.sort();
    orphans
}

/// A directory of snapshot files checked case by case: every mismatch is collected, and
/// [`SnapshotSet::finish`] fails with all of them, and with the files no case produced.
pub struct SnapshotSet {
    dir: PathBuf,
    failures: Vec<String>,
    produced: Vec<PathBuf>,
}

impl SnapshotSet {
    pub fn new(dir: impl Into<PathBuf>) -> SnapshotSet {
        SnapshotSet {
            dir: dir.into(),
            failures: Vec::new(),
            produced: Vec::new(),
        }
    }

    /// Checks `frame` against `<case>.txt` (plain rows) and, with `styled`, also against
    /// `<case>.styled.txt` (slot-tagged rows).
    pub fn check(&mut self, case: &str, header: &str, frame: &Frame, styled: bool) {
        let mut forms = vec![("txt", false)];
        if styled {
            forms.push(("styled.txt", true));
        }
        for (extension, tagged) in forms {
            let path = self.dir.join(format!("{case}.{extension}"));
            if let Err(report) = check_frame(&path, header, frame, tagged) {
                self.failures.push(report);
            }
            self.produced.push(path);
        }
    }

    /// Panics with every mismatch, then with the snapshot files no case produced.
    pub fn finish(self) {
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n\n"));
        let orphans = orphan_snapshots(&self.dir, &self.produced);
        assert!(
            orphans.is_empty(),
            "snapshot files no case produces: {orphans:?}"
        );
    }
}
