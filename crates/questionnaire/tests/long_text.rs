//! Megabytes of text read as a few kilobytes would: only what is shown is wrapped and
//! rendered, and what is shown is the same as for shorter text that also overflows.

mod common;

use common::*;
use questionnaire::Outcome;
use serde_json::{Value, json};
use tea::Program;
use tea::input::Event;

fn single(prompt: &str, option: Value) -> Value {
    json!({"questions": [{"id": "q", "header": "Q", "prompt": prompt,
        "options": [option, {"value": "b", "label": "B"}]}]})
}

/// Markdown sections with headings, a list and highlighted code.
fn long_markdown(sections: usize) -> String {
    (0..sections)
        .map(|i| {
            format!(
                "## Section {i}\n\nWords about section {i} that wrap across the pane.\n\n- one\n- two\n\n```rust\nlet x = {i};\n```\n\n"
            )
        })
        .collect()
}

/// Whether a preview's range says rows follow ("↓ 12 more").
fn rows_below(frame: &str) -> bool {
    frame
        .match_indices("↓ ")
        .any(|(at, _)| frame[at + "↓ ".len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// A frame's rows but the one with a preview's row range and the prompt's row that counts its
/// hidden rows (both tell how long the text is).
fn rows(frame: &str) -> Vec<String> {
    frame
        .lines()
        .filter(|row| !row.contains("1–") && !row.contains("…  ↓ "))
        .map(String::from)
        .collect()
}

#[test]
fn a_long_prompt_label_and_description_show_as_a_shorter_overflowing_one() {
    for size in [(120, 40), (60, 20), (30, 8)] {
        let big = "word ".repeat(1_000_000);
        let small = "word ".repeat(500);
        let option = |text: &str| json!({"value": "a", "label": text, "description": text});
        let long = app(single(&big, option(&big)), size.0, size.1);
        let short = app(single(&small, option(&small)), size.0, size.1);
        // Only the preview's and the prompt's row counts tell them apart.
        assert_eq!(rows(&show(&long)), rows(&show(&short)), "at {size:?}");
    }
}

#[test]
fn a_long_preview_counts_its_rows_so_far_and_reads_to_its_end() {
    let source = long_markdown(1000);
    let option = json!({"value": "a", "label": "A", "preview": source});
    let mut a = app(single("Pick", option), 120, 60);
    let first = show(&a);
    assert!(first.contains("+  ↓ "), "a running count: {first}");
    assert!(first.contains("Section 0"), "{first}");
    // Half pages down: the count becomes exact once the last piece is rendered, and the
    // document ends as it does rendered whole.
    let mut pages = 0;
    while rows_below(&show(&a)) {
        press(&mut a, "pagedown");
        pages += 1;
        assert!(pages < 5000, "the end never came: {}", show(&a));
    }
    let whole = tea_markdown::render(&source, 61);
    let end = show(&a);
    assert!(
        end.contains(&format!("/{}  ↑ ", whole.len())),
        "the exact total {}: {end}",
        whole.len()
    );
    let last = whole.last().expect("rows").plain_text();
    assert!(end.contains(&last), "{last:?} in {end}");
    // And back to the top, rendering the first pieces again: the same rows as at first.
    press(&mut a, &"pageup ".repeat(pages + 2));
    let top = show(&a);
    assert_eq!(rows(&top), rows(&first));
    assert!(top.contains(&format!("/{}  ↓ ", whole.len())), "{top}");
}

#[test]
fn a_long_draft_edits_like_a_short_one() {
    let draft: String = (0..50_000)
        .map(|i| format!("line {i} of the draft\n"))
        .collect();
    let mut a = app(
        json!({"questions": [{"id": "t", "header": "T", "prompt": "Write", "type": "text"}]}),
        80,
        24,
    );
    let paste = Event::Paste(draft.clone());
    let msg = a.event(&paste).expect("a paste is text");
    a.update(msg);
    press(&mut a, "up up home text:X end backspace");
    let screen = show(&a);
    assert!(screen.contains("Xline 49998 of the draf"), "{screen}");
    let Some(Outcome::Submitted(result)) = press(&mut a, "enter") else {
        panic!("submitted");
    };
    let expected = draft.replace("line 49998 of the draft\n", "Xline 49998 of the draf\n");
    assert_eq!(result.details["answers"]["t"]["customText"], expected);
}

#[test]
fn a_long_free_text_answer_shows_its_start_on_one_row() {
    let mut a = app(
        json!({"questions": [
            {"id": "q", "header": "Q", "prompt": "Pick",
             "options": [{"value": "a", "label": "A"}]},
            {"id": "r", "header": "R", "prompt": "Next", "type": "confirm"}
        ]}),
        100,
        30,
    );
    press(&mut a, "2");
    let paste = Event::Paste("long answer ".repeat(200_000));
    let msg = a.event(&paste).expect("a paste is text");
    a.update(msg);
    press(&mut a, "enter shift+tab");
    let screen = show(&a);
    assert!(screen.contains("“long answer long answer"), "{screen}");
    assert!(screen.contains("…"), "{screen}");
    press(&mut a, "tab tab");
    assert!(show(&a).contains("Q  “long answer"), "{}", show(&a));
}
