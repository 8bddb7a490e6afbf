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

#[test]
fn the_golden_check_compares_updates_and_refuses_updates_in_ci() {
    use support::{Mode, check_golden_at};
    let dir = std::env::temp_dir().join(format!("tea-markdown-golden-{}", std::process::id()));
    let path = dir.join("case.txt");
    let rows = vec!["|a|".to_string()];
    let missing = check_golden_at(&path, "h", &rows, Mode::Compare).unwrap_err();
    assert!(missing.contains("missing"), "{missing}");
    let refused = check_golden_at(&path, "h", &rows, Mode::RefuseUpdate).unwrap_err();
    assert!(refused.contains("CI"), "{refused}");
    assert!(!path.exists());
    check_golden_at(&path, "h", &rows, Mode::Update).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "h\n|a|\n");
    check_golden_at(&path, "h", &rows, Mode::Compare).unwrap();
    let changed = check_golden_at(&path, "h", &["|b|".to_string()], Mode::Compare).unwrap_err();
    assert!(changed.contains("differs"), "{changed}");
    std::fs::remove_dir_all(&dir).unwrap();
}
