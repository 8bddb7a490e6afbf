//! The fixture document, which uses every construct, rendered at 40, 80 and 120 columns and
//! compared with reviewed golden files: a plain form (layout) and a slot-tagged form (styles).

mod support;

use support::{check_golden, framed, tagged};

const FIXTURE: &str = include_str!("fixtures/everything.md");

fn check(width: usize) {
    let lines = tea_markdown::render(FIXTURE, width);
    for (i, line) in lines.iter().enumerate() {
        assert!(line.width() <= width, "row {i} is {} wide", line.width());
    }
    check_golden(
        &format!("everything@{width}.txt"),
        &format!("fixtures/everything.md at {width} columns"),
        &framed(&lines, width),
    );
    check_golden(
        &format!("everything@{width}.tagged.txt"),
        &format!("fixtures/everything.md at {width} columns, slot-tagged"),
        &tagged(&lines),
    );
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
    let produced: Vec<String> = [40, 80, 120]
        .iter()
        .flat_map(|w| {
            [
                format!("everything@{w}.txt"),
                format!("everything@{w}.tagged.txt"),
            ]
        })
        .collect();
    let dir = support::golden_path("");
    for entry in std::fs::read_dir(&dir).expect("golden dir exists") {
        let name = entry
            .expect("dir entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        assert!(
            produced.contains(&name),
            "golden file {name} is produced by no case"
        );
    }
}
