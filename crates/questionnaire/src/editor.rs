//! The multi-line text editor used for free-text answers and notes: a string and a cursor on a
//! grapheme boundary, edited by intents, drawn as soft-wrapped rows clipped around the cursor.
//!
//! A key costs what it touches, not the draft's length: the soft-wrapped rows are kept for one
//! width and patched after each edit (re-wrapping from two rows above the change until the rows
//! line up with the old ones again, or until enough rows past the change are known: the rest
//! is wrapped later, as far as the cursor goes), the cursor's row is found by binary search,
//! and only the rows shown are drawn. Only inserted text is sanitized.

use std::ops::Range;

use tea::text::{grapheme_width, sanitize};
use tea::{Line, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

/// A draft and its cursor (a byte offset that always sits on a grapheme boundary).
#[derive(Debug, Clone, Default)]
pub struct Editor {
    text: String,
    cursor: usize,
    /// The soft-wrapped rows at one width, kept in step with every edit once computed.
    layout: Option<Layout>,
}

impl PartialEq for Editor {
    fn eq(&self, other: &Editor) -> bool {
        self.text == other.text && self.cursor == other.cursor
    }
}

impl Eq for Editor {}

/// One soft-wrapped row: the byte range `start..end` of the text (without its newline).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    start: usize,
    end: usize,
    /// Whether this row is the last of its logical line (the cursor may sit at `end`).
    line_end: bool,
}

/// The rows of the text at `width` columns: all of them, or when `complete` is false the first
/// ones (an edit inside a very long word shifts every row after it; those are wrapped when the
/// cursor gets near them).
#[derive(Debug, Clone)]
struct Layout {
    width: usize,
    rows: Vec<Row>,
    complete: bool,
}

/// Rows kept known past the cursor and past an edit: more than an editor shows.
const ROWS_AHEAD: usize = 32;

/// Removes what must never reach the terminal: escape sequences and control characters
/// (tabs expand, `\r` becomes a newline; newlines stay).
fn clean(text: &str) -> String {
    let mut clean = sanitize(text);
    // Whatever the sanitizer lets through, a draft holds no control character but `\n`.
    if clean.chars().any(|c| c != '\n' && c.is_control()) {
        clean.retain(|c| c == '\n' || !c.is_control());
    }
    clean
}

impl Editor {
    /// An editor holding `text` (sanitized), with the cursor at its end.
    pub fn new(text: &str) -> Editor {
        let text = clean(text);
        Editor {
            cursor: text.len(),
            text,
            layout: None,
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a byte offset into [`Editor::text`].
    #[cfg(test)]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces `range` of the text with `with` (already clean), patching the rows.
    fn replace(&mut self, range: Range<usize>, with: &str) {
        if range.is_empty() && with.is_empty() {
            return;
        }
        self.text.replace_range(range.clone(), with);
        if let Some(layout) = &mut self.layout {
            layout.patch(&self.text, range, with.len());
        }
    }

    /// Inserts typed or pasted text at the cursor. Escape sequences and control characters are
    /// removed and tabs expanded; newlines are kept.
    pub fn insert(&mut self, text: &str) {
        let clean = clean(text);
        self.replace(self.cursor..self.cursor, &clean);
        self.cursor += clean.len();
    }

    pub fn insert_newline(&mut self) {
        self.replace(self.cursor..self.cursor, "\n");
        self.cursor += 1;
    }

    pub fn delete_back(&mut self) {
        let start = self.prev_boundary(self.cursor);
        self.replace(start..self.cursor, "");
        self.cursor = start;
    }

    pub fn delete_forward(&mut self) {
        let end = self.next_boundary(self.cursor);
        self.replace(self.cursor..end, "");
    }

    /// Deletes the word before the cursor and the spaces between it and the cursor.
    pub fn delete_word_back(&mut self) {
        let start = self.word_left_of(self.cursor);
        self.replace(start..self.cursor, "");
        self.cursor = start;
    }

    /// Deletes from the start of the line to the cursor; at a line start, joins with the line
    /// above.
    pub fn delete_to_line_start(&mut self) {
        let start = self.line_start(self.cursor);
        let start = if start == self.cursor {
            self.prev_boundary(start)
        } else {
            start
        };
        self.replace(start..self.cursor, "");
        self.cursor = start;
    }

    /// Deletes from the cursor to the end of the line; at a line end, joins with the next line.
    pub fn delete_to_line_end(&mut self) {
        let end = self.line_end(self.cursor);
        let end = if end == self.cursor {
            self.next_boundary(end)
        } else {
            end
        };
        self.replace(self.cursor..end, "");
    }

    pub fn move_left(&mut self) {
        self.cursor = self.prev_boundary(self.cursor);
    }

    pub fn move_right(&mut self) {
        self.cursor = self.next_boundary(self.cursor);
    }

    pub fn move_line_start(&mut self) {
        self.cursor = self.line_start(self.cursor);
    }

    pub fn move_line_end(&mut self) {
        self.cursor = self.line_end(self.cursor);
    }

    pub fn move_word_left(&mut self) {
        self.cursor = self.word_left_of(self.cursor);
    }

    pub fn move_word_right(&mut self) {
        let mut at = self.cursor;
        while at < self.text.len() && self.grapheme_at(at).trim().is_empty() {
            at = self.next_boundary(at);
        }
        while at < self.text.len() && !self.grapheme_at(at).trim().is_empty() {
            at = self.next_boundary(at);
        }
        self.cursor = at;
    }

    /// Moves one wrapped row up (`rows < 0`) or down, keeping the display column where the
    /// row is long enough. Past the first or last row the cursor goes to the start or end.
    pub fn move_vertical(&mut self, rows: i32, width: usize) {
        self.lay_out(width);
        let text = &self.text;
        let layout = self.layout.as_mut().expect("laid out");
        layout.cover(text, self.cursor, rows.unsigned_abs() as usize + 1);
        let layout = &layout.rows;
        let current = cursor_row(layout, self.cursor);
        let target = current as i64 + rows as i64;
        if target < 0 {
            self.cursor = 0;
            return;
        }
        if target as usize >= layout.len() {
            self.cursor = self.text.len();
            return;
        }
        let column = tea::text::width(&self.text[layout[current].start..self.cursor]);
        let row = layout[target as usize];
        let mut at = row.start;
        let mut used = 0;
        for g in self.text[row.start..row.end].graphemes(true) {
            let w = grapheme_width(g);
            if used + w > column {
                break;
            }
            used += w;
            at += g.len();
        }
        // A wrapped row's end is the next row's start: stay on the target row.
        if at == row.end && !row.line_end && at > row.start {
            at = self.prev_boundary(at);
        }
        self.cursor = at;
    }

    /// Wraps the text at `width` unless it already is, as far as the rows around the cursor;
    /// later edits keep the rows up to date, so drawing at this width costs only the rows shown.
    pub fn lay_out(&mut self, width: usize) {
        if self.layout.as_ref().is_none_or(|l| l.width != width) {
            self.layout = Some(Layout::new(&self.text, width));
        }
        let text = &self.text;
        if let Some(layout) = &mut self.layout {
            layout.cover(text, self.cursor, ROWS_AHEAD);
        }
    }

    /// The rows at `width` as far as [`ROWS_AHEAD`] past the cursor at least: the kept ones,
    /// else all of them wrapped now.
    fn rows_at(&self, width: usize) -> std::borrow::Cow<'_, [Row]> {
        match &self.layout {
            Some(layout) if layout.width == width && layout.covers(self.cursor, ROWS_AHEAD) => {
                std::borrow::Cow::Borrowed(&layout.rows)
            }
            _ => std::borrow::Cow::Owned(Layout::new(&self.text, width).rows),
        }
    }

    /// How many rows the draft takes at `width` columns, counted at least as far as
    /// [`ROWS_AHEAD`] rows past the cursor.
    pub fn row_count(&self, width: usize) -> usize {
        self.rows_at(width).len()
    }

    /// The draft as at most `max_rows` rows of at most `width` columns, clipped around the
    /// cursor, which is drawn as a reversed cell when `focused`.
    pub fn view(&self, width: usize, max_rows: usize, focused: bool) -> Vec<Line> {
        if max_rows == 0 || width == 0 {
            return Vec::new();
        }
        let layout = self.rows_at(width);
        let cursor_row = cursor_row(&layout, self.cursor);
        let first = cursor_row
            .saturating_sub(max_rows / 2)
            .min(layout.len().saturating_sub(max_rows));
        let cursor_style = Style::default().reverse();
        layout
            .iter()
            .enumerate()
            .skip(first)
            .take(max_rows)
            .map(|(index, row)| {
                let text = &self.text[row.start..row.end];
                if !focused || index != cursor_row {
                    return Line::plain(text);
                }
                let split = self.cursor - row.start;
                let (before, rest) = text.split_at(split);
                let mut line = Line::plain(before);
                match rest.graphemes(true).next() {
                    Some(g) => {
                        line.push(Span::styled(g, cursor_style.clone()));
                        line.push(Span::plain(&rest[g.len()..]));
                    }
                    None => line.push(Span::styled(" ", cursor_style.clone())),
                }
                line
            })
            .collect()
    }

    fn grapheme_at(&self, at: usize) -> &str {
        self.text[at..].graphemes(true).next().unwrap_or("")
    }

    fn prev_boundary(&self, at: usize) -> usize {
        self.text[..at]
            .grapheme_indices(true)
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self, at: usize) -> usize {
        self.text[at..]
            .graphemes(true)
            .next()
            .map_or(at, |g| at + g.len())
    }

    fn line_start(&self, at: usize) -> usize {
        self.text[..at].rfind('\n').map_or(0, |i| i + 1)
    }

    fn line_end(&self, at: usize) -> usize {
        self.text[at..]
            .find('\n')
            .map_or(self.text.len(), |i| at + i)
    }

    fn word_left_of(&self, from: usize) -> usize {
        let mut at = from;
        while at > 0 && self.grapheme_at(self.prev_boundary(at)).trim().is_empty() {
            at = self.prev_boundary(at);
        }
        while at > 0 && !self.grapheme_at(self.prev_boundary(at)).trim().is_empty() {
            at = self.prev_boundary(at);
        }
        at
    }
}

/// Whether `row` is the text's last.
fn is_last(row: &Row, text: &str) -> bool {
    row.line_end && row.end == text.len()
}

/// The row the cursor is on: a cursor at a wrap point belongs to the next row, one at a line's
/// end to that line's last row.
fn cursor_row(rows: &[Row], cursor: usize) -> usize {
    rows.partition_point(|row| row.start <= cursor)
        .saturating_sub(1)
}

impl Layout {
    fn new(text: &str, width: usize) -> Layout {
        Layout {
            width,
            rows: Rows::new(text, 0, width).collect(),
            complete: true,
        }
    }

    /// Whether the rows reach `ahead` rows past the cursor's row (or the end).
    fn covers(&self, cursor: usize, ahead: usize) -> bool {
        if self.complete {
            return true;
        }
        let last = self.rows.last().map_or(0, |r| r.start);
        last > cursor && self.rows.len() > cursor_row(&self.rows, cursor) + ahead
    }

    /// Wraps more rows until they reach `ahead` rows past the cursor's row.
    fn cover(&mut self, text: &str, cursor: usize, ahead: usize) {
        while !self.covers(cursor, ahead) {
            let last = *self.rows.last().expect("a layout has rows");
            if is_last(&last, text) {
                self.complete = true;
                return;
            }
            let next = if last.line_end {
                last.end + 1
            } else {
                last.end
            };
            let before = self.rows.len();
            self.rows
                .extend(Rows::new(text, next, self.width).take(ROWS_AHEAD));
            self.complete =
                self.rows.last().is_some_and(|r| is_last(r, text)) || self.rows.len() == before;
        }
    }

    /// Brings the rows up to date after `old` (a range of the text before the edit) was
    /// replaced by `inserted` bytes. A row's end is decided by at most the two rows after it (a
    /// wide glyph can push a break twice), so wrapping restarts two rows above the edit; it
    /// stops as soon as a new row starts where an old row did, behind the edit: from there on
    /// the text and so the rows are the old ones, shifted.
    fn patch(&mut self, text: &str, old: Range<usize>, inserted: usize) {
        let delta = inserted as isize - old.len() as isize;
        let edited = cursor_row(&self.rows, old.start);
        let from = edited.saturating_sub(2);
        let restart = self.rows[from].start;
        let new_end = old.start + inserted;
        let mut fresh = Vec::new();
        let mut resumed = None;
        let mut past_edit = 0;
        for row in Rows::new(text, restart, self.width) {
            if row.start >= new_end && row.start > restart {
                let old_start = (row.start as isize - delta) as usize;
                if let Ok(j) = self.rows[edited..].binary_search_by_key(&old_start, |r| r.start) {
                    resumed = Some(edited + j);
                    break;
                }
                past_edit += 1;
            }
            fresh.push(row);
            if past_edit > ROWS_AHEAD {
                // Every row after the edit moved (inside a very long word): the rest waits.
                break;
            }
        }
        let Some(resume) = resumed else {
            self.complete = fresh.last().is_some_and(|r| is_last(r, text));
            self.rows.truncate(from);
            self.rows.extend(fresh);
            return;
        };
        let shift = |at: usize| (at as isize + delta) as usize;
        for row in &mut self.rows[resume..] {
            row.start = shift(row.start);
            row.end = shift(row.end);
        }
        self.rows.splice(from..resume, fresh);
    }
}

/// Soft-wraps text from a row start into rows of at most `width - 1` columns (one column stays
/// free for the cursor), breaking after spaces where possible and hard inside longer words.
struct Rows<'a> {
    text: &'a str,
    max: usize,
    at: usize,
    done: bool,
}

impl<'a> Rows<'a> {
    fn new(text: &'a str, at: usize, width: usize) -> Rows<'a> {
        Rows {
            text,
            max: width.saturating_sub(1).max(1),
            at,
            done: false,
        }
    }
}

impl Iterator for Rows<'_> {
    type Item = Row;

    fn next(&mut self) -> Option<Row> {
        if self.done {
            return None;
        }
        let start = self.at;
        let mut used = 0;
        let mut break_after: Option<usize> = None;
        let mut offset = start;
        for g in self.text[start..].graphemes(true) {
            if g == "\n" {
                self.at = offset + 1;
                return Some(Row {
                    start,
                    end: offset,
                    line_end: true,
                });
            }
            let w = grapheme_width(g);
            if used + w > self.max && offset > start {
                // Break after the last space, else before this grapheme. The next row starts
                // afresh there: what lies between holds no space.
                let end = break_after.unwrap_or(offset);
                self.at = end;
                return Some(Row {
                    start,
                    end,
                    line_end: false,
                });
            }
            used += w;
            offset += g.len();
            if g == " " {
                break_after = Some(offset);
            }
        }
        self.done = true;
        Some(Row {
            start,
            end: offset,
            line_end: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rows(e: &Editor, width: usize) -> Vec<Row> {
        Layout::new(&e.text, width).rows
    }

    /// An edit, as a key would make it.
    #[derive(Debug, Clone)]
    enum Op {
        Insert(String),
        Newline,
        Back,
        Forward,
        WordBack,
        LineStart,
        LineEnd,
        Left(usize),
        Right(usize),
        Up,
        Down,
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            "[a b日🎉\u{301}\n]{1,6}".prop_map(Op::Insert),
            "[ab]{20,80}".prop_map(Op::Insert),
            Just(Op::Newline),
            Just(Op::Back),
            Just(Op::Forward),
            Just(Op::WordBack),
            Just(Op::LineStart),
            Just(Op::LineEnd),
            (1usize..8).prop_map(Op::Left),
            (1usize..8).prop_map(Op::Right),
            Just(Op::Up),
            Just(Op::Down),
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
                e.move_left();
            }
            let rows = rows(&e, width);
            let mut rebuilt = String::new();
            for (i, row) in rows.iter().enumerate() {
                let row_text = &e.text[row.start..row.end];
                // Only a lone wide glyph in a one-column editor can be wider (the frame cuts it).
                let lone_glyph = row_text.graphemes(true).count() == 1;
                prop_assert!(lone_glyph || tea::text::width(row_text) <= width.saturating_sub(1).max(1));
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
                    Op::Insert(s) => e.insert(s),
                    Op::Newline => e.insert_newline(),
                    Op::Back => e.delete_back(),
                    Op::Forward => e.delete_forward(),
                    Op::WordBack => e.delete_word_back(),
                    Op::LineStart => e.delete_to_line_start(),
                    Op::LineEnd => e.delete_to_line_end(),
                    Op::Left(n) => (0..*n).for_each(|_| e.move_left()),
                    Op::Right(n) => (0..*n).for_each(|_| e.move_right()),
                    Op::Up => e.move_vertical(-1, width),
                    Op::Down => e.move_vertical(1, width),
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
            layout: None,
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
        e.move_vertical(1, 40);
        assert_eq!(e.cursor(), 9); // end of "xy"
        e.move_vertical(1, 40);
        assert_eq!(e.cursor(), 12); // column 2 of "longer line"
        e.move_vertical(1, 40);
        assert_eq!(e.cursor(), e.text().len());
        e.move_vertical(-5, 40);
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
        e.insert("\x1b]0;title\x07x\u{9b}y\x7fz\u{1}\t\r\n");
        e.insert("\u{1b}");
        e.insert("\u{9b}");
        e.insert("\u{9c}\u{90}");
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
        e.insert("y");
        let layout = e.layout.as_ref().unwrap();
        assert!(!layout.complete);
        assert!(layout.rows.len() < 200, "{} rows", layout.rows.len());
        let all = rows(&e, 40);
        assert_eq!(layout.rows[..], all[..layout.rows.len()]);
        // Moving on wraps on.
        for _ in 0..100 {
            e.move_vertical(1, 40);
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
        e.insert("x");
        e.delete_back();
        e.lay_out(40);
        let all = rows(&e, 40);
        let kept = &e.layout.as_ref().unwrap().rows;
        assert_eq!(kept[..], all[..kept.len()]);
        assert!(kept.len() < all.len() / 2 + 2 * ROWS_AHEAD);
        assert_eq!(e.view(40, 8, true), at(&e.text, e.cursor).view(40, 8, true));
    }
}
