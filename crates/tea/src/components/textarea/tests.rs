//! The kept rows against rows wrapped afresh (the layout's internals).

use proptest::prelude::*;
use unicode_segmentation::UnicodeSegmentation;

use super::layout::{Layout, ROWS_AHEAD, Row, cursor_row};
use super::{TextArea as Editor, TextAreaMsg};

fn rows(e: &Editor, width: usize) -> Vec<Row> {
    Layout::new(&e.text, width).rows
}

/// An edit, as a key would make it.
#[derive(Debug, Clone)]
enum Op {
    Msg(TextAreaMsg),
    Left(usize),
    Right(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        "[a b日🎉\u{301}\u{200d}\u{1f3fd}\u{fe0f}\n]{1,6}"
            .prop_map(|s| Op::Msg(TextAreaMsg::Insert(s))),
        "[ab]{20,80}".prop_map(|s| Op::Msg(TextAreaMsg::Paste(s))),
        prop::sample::select(vec![
            TextAreaMsg::Newline,
            TextAreaMsg::DeleteBack,
            TextAreaMsg::DeleteForward,
            TextAreaMsg::DeleteWordBack,
            TextAreaMsg::KillToStart,
            TextAreaMsg::KillToEnd,
            TextAreaMsg::Up,
            TextAreaMsg::Down,
            TextAreaMsg::Undo,
            TextAreaMsg::Redo,
            TextAreaMsg::Yank,
            TextAreaMsg::YankPop,
        ])
        .prop_map(Op::Msg),
        (1usize..8).prop_map(Op::Left),
        (1usize..8).prop_map(Op::Right),
    ]
}

proptest! {
    #[test]
    fn rows_cover_the_text_and_leave_room_for_the_cursor(
        text in "[a b日🎉\n]{0,40}",
        width in 1usize..12,
        cursor_steps in 0usize..50,
    ) {
        let mut e = Editor::new(&text);
        for _ in 0..cursor_steps {
            e.update(TextAreaMsg::Left);
        }
        let rows = rows(&e, width);
        let mut rebuilt = String::new();
        for (i, row) in rows.iter().enumerate() {
            let row_text = &e.text[row.start..row.end];
            // Only a lone wide glyph in a one-column editor can be wider (the frame cuts it).
            let lone_glyph = row_text.graphemes(true).count() == 1;
            prop_assert!(lone_glyph || crate::text::width(row_text) <= width.saturating_sub(1).max(1));
            rebuilt.push_str(&e.text[row.start..row.end]);
            if row.line_end && i + 1 < rows.len() {
                rebuilt.push('\n');
            }
        }
        prop_assert_eq!(rebuilt, e.text.clone());
        for line in e.view(width, 3, true) {
            prop_assert!(line.width() <= width.max(3));
        }
    }

    #[test]
    fn patched_rows_equal_rows_wrapped_afresh(
        text in "[a b日🎉\n]{0,60}",
        width in 1usize..12,
        ops in proptest::collection::vec(op(), 1..40),
    ) {
        let mut e = Editor::new(&text);
        e.lay_out(width);
        for op in ops {
            match &op {
                Op::Msg(msg) => e.update(msg.clone()),
                Op::Left(n) => (0..*n).for_each(|_| e.update(TextAreaMsg::Left)),
                Op::Right(n) => (0..*n).for_each(|_| e.update(TextAreaMsg::Right)),
            }
            let layout = e.layout.as_ref().expect("kept");
            let all = rows(&e, width);
            if layout.complete {
                prop_assert_eq!(&layout.rows, &all, "after {:?} in {:?}", op, e.text);
            } else {
                prop_assert!(layout.rows.len() < all.len());
                prop_assert_eq!(&layout.rows[..], &all[..layout.rows.len()], "after {:?}", op);
            }
            // Drawn from what is kept (wrapping on as the cursor needs), as from all rows.
            let fresh = at(&e.text, e.cursor);
            prop_assert_eq!(e.view(width, 8, true), fresh.view(width, 8, true));
            prop_assert_eq!(e.row_count(width).min(8), fresh.row_count(width).min(8));
            e.lay_out(width);
            prop_assert_eq!(e.view(width, 8, true), fresh.view(width, 8, true));
        }
    }
}

fn at(text: &str, cursor: usize) -> Editor {
    Editor {
        text: text.to_string(),
        cursor,
        ..Editor::default()
    }
}

#[test]
fn wraps_after_spaces_and_hard_breaks_long_words() {
    let e = Editor::new("hello world again");
    let shown: Vec<&str> = rows(&e, 8)
        .iter()
        .map(|r| &e.text[r.start..r.end])
        .collect();
    assert_eq!(shown, vec!["hello ", "world ", "again"]);
    let e = Editor::new("abcdefghij");
    let shown: Vec<&str> = rows(&e, 5)
        .iter()
        .map(|r| &e.text[r.start..r.end])
        .collect();
    assert_eq!(shown, vec!["abcd", "efgh", "ij"]);
}

#[test]
fn vertical_moves_keep_the_column() {
    let mut e = at("abcdef\nxy\nlonger line", 4);
    e.lay_out(40);
    e.update(TextAreaMsg::Down);
    assert_eq!(e.cursor(), 9); // end of "xy"
    e.update(TextAreaMsg::Down);
    assert_eq!(e.cursor(), 12); // column 2 of "longer line"
    e.update(TextAreaMsg::Down);
    assert_eq!(e.cursor(), e.text().len());
    e.update(TextAreaMsg::Up);
    e.update(TextAreaMsg::Up);
    e.update(TextAreaMsg::Up);
    assert_eq!(e.cursor(), 0);
}

#[test]
fn cursor_at_a_wrap_point_belongs_to_the_next_row() {
    let e = at("abcdefgh", 4);
    assert_eq!(cursor_row(&rows(&e, 5), e.cursor), 1);
}

#[test]
fn drafts_hold_no_control_character_but_newlines() {
    let mut e = Editor::new("a\u{9b}31mb\x1b[2Jc\x07\u{85}d\re");
    e.update(TextAreaMsg::Insert(
        "\x1b]0;title\x07x\u{9b}y\x7fz\u{1}\t\r\n".into(),
    ));
    e.update(TextAreaMsg::Insert("\u{1b}".into()));
    e.update(TextAreaMsg::Insert("\u{9b}".into()));
    e.update(TextAreaMsg::Insert("\u{9c}\u{90}".into()));
    assert!(
        e.text().chars().all(|c| c == '\n' || !c.is_control()),
        "{:?}",
        e.text()
    );
    assert!(e.text().starts_with("ab"), "{:?}", e.text());
}

#[test]
fn an_edit_inside_a_very_long_word_wraps_only_the_rows_near_it() {
    let mut e = Editor::new(&"x".repeat(200_000));
    e.lay_out(40);
    e.cursor = 1000;
    e.update(TextAreaMsg::Insert("y".into()));
    let layout = e.layout.as_ref().unwrap();
    assert!(!layout.complete);
    assert!(layout.rows.len() < 200, "{} rows", layout.rows.len());
    let all = rows(&e, 40);
    assert_eq!(layout.rows[..], all[..layout.rows.len()]);
    // Moving on wraps on.
    for _ in 0..100 {
        e.update(TextAreaMsg::Down);
    }
    e.lay_out(40);
    let layout = e.layout.as_ref().unwrap();
    assert_eq!(layout.rows[..], all[..layout.rows.len()]);
    assert_eq!(e.view(40, 8, true), at(&e.text, e.cursor).view(40, 8, true));
    e.cursor = e.text.len();
    e.lay_out(40);
    assert_eq!(e.layout.as_ref().unwrap().rows, all);
}

#[test]
fn a_long_draft_is_patched_not_rewrapped() {
    // Editing in the middle of a long draft touches a few rows around the edit; rows after
    // it that moved are wrapped again only as the cursor nears them.
    let mut e = Editor::new(&"lorem ipsum dolor sit amet ".repeat(4000));
    e.lay_out(40);
    e.cursor = e.text.len() / 2;
    e.cursor = e.prev_boundary(e.cursor + 1);
    e.update(TextAreaMsg::Insert("x".into()));
    e.update(TextAreaMsg::DeleteBack);
    e.lay_out(40);
    let all = rows(&e, 40);
    let kept = &e.layout.as_ref().unwrap().rows;
    assert_eq!(kept[..], all[..kept.len()]);
    assert!(kept.len() < all.len() / 2 + 2 * ROWS_AHEAD);
    assert_eq!(e.view(40, 8, true), at(&e.text, e.cursor).view(40, 8, true));
}
