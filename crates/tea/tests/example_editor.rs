//! The editor example: screens compared with reviewed snapshots (`examples/snapshots/editor/`),
//! editing through its real keys (undo, redo, yank, enter), its outcomes, and random keys at
//! random sizes. `UPDATE_SNAPSHOTS=1 cargo test -p tea --test example_editor` rewrites the
//! files.

#[path = "../examples/editor/model.rs"]
mod editor;
mod examples_support;

use editor::{Editor, Outcome, SAMPLE};
use examples_support::{Case, case, check_cases, replay, run_fitting, size, step};
use proptest::prelude::*;
use tea::{Driver, Effect, Palette, Size};

fn driver(size: Size) -> Driver<Editor> {
    Driver::new(Editor::new(SAMPLE), size, Palette::no_color())
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("start", "", &[(40, 10), (80, 24), (20, 6)])
    },
    case(
        "typed",
        "enter text:P.S. ctrl+a alt+f",
        &[(40, 10), (120, 40)],
    ),
    case(
        "killed_and_yanked",
        "ctrl+a ctrl+k up ctrl+y enter",
        &[(40, 10)],
    ),
    case(
        "undone",
        "space text:more space text:words ctrl+- ctrl+-",
        &[(40, 10)],
    ),
    case("tiny", "text:x", &[(1, 1), (10, 3), (20, 4)]),
];

#[test]
fn editor_screens_match_their_snapshots() {
    check_cases("editor", CASES, driver);
}

#[test]
fn enter_breaks_the_line_and_the_status_follows_the_caret() {
    let mut d = driver(Size::new(40, 10));
    replay(&mut d, "enter text:P.S. ctrl+a alt+f");
    assert!(d.program().text().ends_with("view.\nP.S."));
    assert_eq!(d.program().position(), (3, 5), "alt+f goes past the word");
    assert!(
        d.frame()
            .plain()
            .iter()
            .any(|row| row.contains("Ln 3, Col 5 · 3 lines"))
    );
}

#[test]
fn the_terminal_cursor_sits_on_the_caret() {
    let mut d = driver(Size::new(40, 10));
    replay(&mut d, "enter text:P.S.");
    let frame = d.frame();
    let cursor = frame.cursor.expect("the cursor shows");
    let row = &frame.rows[usize::from(cursor.y)].plain;
    let before: String = row.chars().take(usize::from(cursor.x)).collect();
    assert!(before.ends_with("P.S."), "{row:?} at {}", cursor.x);
    assert_eq!(cursor.shape, tea::view::CursorShape::Bar);
}

#[test]
fn undo_takes_back_a_word_at_a_time_and_redo_brings_it_back() {
    let mut d = driver(Size::new(40, 10));
    replay(&mut d, "space text:more space text:words ctrl+-");
    assert_eq!(d.program().text(), format!("{SAMPLE} more "));
    replay(&mut d, "ctrl+-");
    assert_eq!(d.program().text(), format!("{SAMPLE} "));
    replay(&mut d, "ctrl+-");
    assert_eq!(d.program().text(), SAMPLE);
    replay(&mut d, "alt+- alt+- alt+-");
    assert_eq!(d.program().text(), format!("{SAMPLE} more words"));
}

#[test]
fn a_killed_line_yanks_back_elsewhere() {
    let mut d = driver(Size::new(60, 10));
    replay(&mut d, "ctrl+a ctrl+k up ctrl+a ctrl+y enter");
    assert_eq!(
        d.program().text(),
        "Today I wrote a terminal editor in forty lines of update and view.\nDear diary,\n"
    );
}

#[test]
fn the_title_marks_an_edited_note() {
    let mut d = driver(Size::new(40, 10));
    assert!(d.frame().plain()[0].starts_with("╭─ Note ─"));
    replay(&mut d, "text:x");
    assert!(d.frame().plain()[0].starts_with("╭─ Note • ─"));
    replay(&mut d, "backspace");
    assert!(d.frame().plain()[0].starts_with("╭─ Note ─"));
}

#[test]
fn save_and_cancel_both_hand_back_the_text() {
    let mut d = driver(Size::new(40, 10));
    assert_eq!(
        replay(&mut d, "text:! ctrl+s"),
        vec![Effect::Quit(Outcome::Saved(format!("{SAMPLE}!")))]
    );
    let mut d = driver(Size::new(40, 10));
    assert_eq!(
        replay(&mut d, "text:? esc"),
        vec![Effect::Quit(Outcome::Cancelled(format!("{SAMPLE}?")))]
    );
}

#[test]
fn a_paste_goes_into_the_text_sanitized() {
    let mut d = driver(Size::new(40, 10));
    d.send(&tea::Event::Paste("\x1b[31mred\x1b[0m\nline".into()));
    assert!(d.program().text().ends_with("view.red\nline"));
}

const KEYS: &[&str] = &[
    "enter",
    "backspace",
    "left",
    "right",
    "up",
    "down",
    "ctrl+a",
    "ctrl+e",
    "ctrl+k",
    "ctrl+u",
    "ctrl+w",
    "ctrl+y",
    "alt+y",
    "ctrl+-",
    "alt+-",
    "alt+b",
    "alt+f",
    "delete",
    "ctrl+s",
    "esc",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_keys_never_overflow_the_frame(
        size in size(),
        steps in prop::collection::vec(step(KEYS), 0..32),
    ) {
        run_fitting(&mut driver(size), &steps);
    }
}
