//! Property: text laid out with tabs (tab-aligned columns, tab indents) and clusters of every
//! width (Devanagari conjuncts three columns wide, CJK, Arabic, joined emoji), in prose, lists,
//! quotes and drawings, renders at every narrow width (1 to 12) in time, every row within the
//! width. Such lines once made a drawing's bands never end at 4 columns.

use std::sync::mpsc;
use std::time::Duration;

use proptest::prelude::*;
use tea_markdown::render;

/// Far more than a render here takes on a loaded machine; only a hang reaches it.
const DEADLINE: Duration = Duration::from_secs(10);

/// `render(src, width)` on a thread of its own. Past the deadline the test process ends, naming
/// the case: a thread cannot be stopped, a stuck one keeps eating memory, and proptest would
/// shrink the case with more of them.
fn render_within_deadline(src: String, width: usize) -> Vec<tea::Line> {
    let (tx, rx) = mpsc::channel();
    let what = format!("render({src:?}, {width})");
    std::thread::spawn(move || {
        let _ = tx.send(render(&src, width));
    });
    match rx.recv_timeout(DEADLINE) {
        Ok(lines) => lines,
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Past the test harness's capture, which exiting would drop.
            let message = format!("{what} did not finish in {DEADLINE:?}\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr(), message.as_bytes());
            std::process::exit(101);
        }
    }
}

/// Pieces whose clusters are one to four columns wide (क्षि three, स्त्रि four), joined or not.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z-]{1,8}",
        Just("क्षि".to_string()),
        Just("क्षत्रिय".to_string()),
        Just("मि".to_string()),
        Just("स्त्रि".to_string()),
        Just("ন্ত্রী".to_string()),
        Just("مرحبا".to_string()),
        Just("م".to_string()),
        Just("日本語".to_string()),
        Just("한국어".to_string()),
        Just("e\u{301}".to_string()),
        Just("👨\u{200d}👩\u{200d}👧".to_string()),
        Just("┌─┐".to_string()),
        Just("|--".to_string()),
        Just("/\\_".to_string()),
    ]
}

/// A line of pieces set apart by tabs, spaces or both, maybe indented.
fn line() -> impl Strategy<Value = String> {
    let gap = prop_oneof![
        Just("\t"),
        Just("\t\t"),
        Just(" \t"),
        Just(" "),
        Just("   ")
    ];
    let indent = prop_oneof![
        Just(""),
        Just(""),
        Just("  "),
        Just("    "),
        Just("\t"),
        Just("- "),
        Just("> "),
        Just("1. ")
    ];
    (indent, prop::collection::vec((piece(), gap), 1..6)).prop_map(|(indent, pieces)| {
        let mut line = indent.to_string();
        for (piece, gap) in pieces {
            line.push_str(&piece);
            line.push_str(gap);
        }
        line
    })
}

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec((line(), prop::bool::weighted(0.2)), 1..8).prop_map(|lines| {
        let mut out = String::new();
        for (line, blank_after) in lines {
            out.push_str(&line);
            out.push_str(if blank_after { "\n\n" } else { "\n" });
        }
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn tabbed_wide_text_renders_at_narrow_widths_in_time(src in text(), width in 1usize..=12) {
        for line in render_within_deadline(src, width) {
            prop_assert!(line.width() <= width, "row {:?} is wider than {}", line.plain_text(), width);
        }
    }
}

#[test]
fn the_lines_that_hung_render_at_every_width() {
    let src = "M\tp\ntionक्षिapi-replabel \tم";
    for width in 1..=40 {
        let rows = render_within_deadline(src.to_string(), width);
        assert!(rows.iter().all(|row| row.width() <= width), "{width}");
    }
}
