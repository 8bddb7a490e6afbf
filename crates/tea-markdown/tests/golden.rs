//! The fixture document, which uses every construct, rendered at 40, 80 and 120 columns and
//! drawn by tea's frame writer, compared with reviewed golden files through tea's snapshot kit:
//! a plain form (layout) and a slot-tagged form (styles). Accept deliberate changes with
//! `UPDATE_SNAPSHOTS=1 cargo test -p tea-markdown --test golden` and review `git diff`.

use std::path::PathBuf;

use tea::frame::render_lines;
use tea::{Palette, snapshot};

const FIXTURE: &str = include_str!("fixtures/everything.md");
const WIDTHS: [u16; 3] = [40, 80, 120];

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn golden(width: u16, tagged: bool) -> PathBuf {
    let form = if tagged { ".tagged" } else { "" };
    golden_dir().join(format!("everything@{width}{form}.txt"))
}

fn check(width: u16) {
    let lines = tea_markdown::render(FIXTURE, usize::from(width));
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.width() <= usize::from(width),
            "row {i} is {} wide",
            line.width()
        );
    }
    let frame = render_lines(lines, width, &Palette::no_color());
    for tagged in [false, true] {
        let header = format!("fixtures/everything.md at {width} columns");
        if let Err(message) = snapshot::check_frame(&golden(width, tagged), &header, &frame, tagged)
        {
            panic!("{message}");
        }
    }
}

#[test]
fn everything_at_40_columns() {
    check(40);
}

#[test]
fn everything_at_80_columns() {
    check(80);
}

#[test]
fn everything_at_120_columns() {
    check(120);
}

#[test]
fn no_golden_file_is_orphaned() {
    let produced: Vec<PathBuf> = WIDTHS
        .iter()
        .flat_map(|&w| [golden(w, false), golden(w, true)])
        .collect();
    let orphans = snapshot::orphan_snapshots(&golden_dir(), &produced);
    assert!(
        orphans.is_empty(),
        "golden files no case produces: {orphans:?}"
    );
}
