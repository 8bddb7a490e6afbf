//! Where the view puts the terminal's cursor: on the caret of whichever editor types (answer,
//! note, number, filter), after a wide character's two columns, and nowhere otherwise.

mod common;

use common::*;
use serde_json::json;
use tea::text::grapheme_width;
use tea::view::CursorShape;
use tea::{Palette, Program, Size};
use unicode_segmentation::UnicodeSegmentation;

const SIZE: Size = Size::new(60, 30);

/// The text before the cursor on its row and the cursor's column, `None` when it is hidden.
fn before_cursor(a: &Shown) -> Option<(String, usize)> {
    let frame = tea::frame::draw(&a.view(), SIZE, &Palette::no_color());
    let cursor = frame.cursor?;
    assert_eq!(cursor.shape, CursorShape::Bar);
    let row = &frame.rows[usize::from(cursor.y)].plain;
    let mut before = String::new();
    let mut width = 0;
    for g in row.graphemes(true) {
        if width >= usize::from(cursor.x) {
            break;
        }
        before.push_str(g);
        width += grapheme_width(g);
    }
    assert_eq!(width, usize::from(cursor.x), "the cursor starts a cell");
    Some((before, width))
}

/// Presses `keys`, then the text before the cursor, which must show.
fn before_cursor_after(a: &mut Shown, keys: &str) -> String {
    press(a, keys);
    before_cursor(a).expect("a cursor").0
}

fn choice() -> Shown {
    app(
        json!({"questions": [{"id": "c", "header": "C", "prompt": "Pick",
            "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]}]}),
        SIZE.width,
        SIZE.height,
    )
}

#[test]
fn no_editor_no_cursor() {
    assert_eq!(before_cursor(&choice()), None);
}

#[test]
fn the_cursor_follows_the_caret_in_the_free_text_editor() {
    let mut a = choice();
    let before = before_cursor_after(&mut a, "3 text:ab");
    assert!(before.ends_with("ab"), "{before:?}");
    let before = before_cursor_after(&mut a, "left");
    assert!(
        before.ends_with('a') && !before.ends_with("ab"),
        "{before:?}"
    );
    press(&mut a, "esc");
    assert_eq!(before_cursor(&a), None, "back on the list");
}

#[test]
fn a_wide_character_before_the_caret_counts_two_columns() {
    let mut a = choice();
    press(&mut a, "3 text:ab");
    let (_, ab) = before_cursor(&a).expect("a cursor");
    press(&mut a, "backspace backspace text:中文");
    let (before, column) = before_cursor(&a).expect("a cursor");
    assert!(before.ends_with("中文"), "{before:?}");
    assert_eq!(column, ab + 2);
}

#[test]
fn the_cursor_is_on_a_text_question_and_a_number_field() {
    let mut text = app(
        json!({"questions": [{"id": "t", "header": "T", "prompt": "Write", "type": "text"}]}),
        SIZE.width,
        SIZE.height,
    );
    assert!(before_cursor_after(&mut text, "text:hello").ends_with("hello"));

    let mut number = app(
        json!({"questions": [{"id": "n", "header": "N", "prompt": "How many", "type": "number"}]}),
        SIZE.width,
        SIZE.height,
    );
    assert!(before_cursor_after(&mut number, "text:42").ends_with("42"));
}

#[test]
fn the_cursor_is_in_a_note_editor() {
    assert!(before_cursor_after(&mut choice(), "n text:why").ends_with("why"));
}

#[test]
fn the_cursor_is_on_the_filter_query_while_filtering() {
    let mut a = choice();
    let before = before_cursor_after(&mut a, "/ text:be");
    assert!(before.ends_with("be"), "{before:?}");
    press(&mut a, "esc");
    assert_eq!(before_cursor(&a), None);
}
