//! The multi-line text editor used for free-text answers and notes: a string and a cursor on a
//! grapheme boundary, edited by intents, drawn as soft-wrapped rows clipped around the cursor.

use tea::text::{grapheme_width, sanitize};
use tea::{Line, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

/// A draft and its cursor (a byte offset that always sits on a grapheme boundary).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Editor {
    text: String,
    cursor: usize,
}

/// One soft-wrapped row: the byte range `start..end` of the text (without its newline).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Row {
    start: usize,
    end: usize,
    /// Whether this row is the last of its logical line (the cursor may sit at `end`).
    line_end: bool,
}

impl Editor {
    /// An editor holding `text` (sanitized), with the cursor at its end.
    pub fn new(text: &str) -> Editor {
        let text = sanitize(text);
        Editor {
            cursor: text.len(),
            text,
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

    /// Inserts typed or pasted text at the cursor. Escape sequences and control characters are
    /// removed and tabs expanded; newlines are kept.
    pub fn insert(&mut self, text: &str) {
        let clean = sanitize(text);
        self.text.insert_str(self.cursor, &clean);
        self.cursor += clean.len();
    }

    pub fn insert_newline(&mut self) {
        self.text.insert(self.cursor, '\n');
        self.cursor += 1;
    }

    pub fn delete_back(&mut self) {
        let start = self.prev_boundary(self.cursor);
        self.text.replace_range(start..self.cursor, "");
        self.cursor = start;
    }

    pub fn delete_forward(&mut self) {
        let end = self.next_boundary(self.cursor);
        self.text.replace_range(self.cursor..end, "");
    }

    /// Deletes the word before the cursor and the spaces between it and the cursor.
    pub fn delete_word_back(&mut self) {
        let start = self.word_left_of(self.cursor);
        self.text.replace_range(start..self.cursor, "");
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
        self.text.replace_range(start..self.cursor, "");
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
        self.text.replace_range(self.cursor..end, "");
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
        let layout = self.rows(width);
        let current = self.cursor_row(&layout);
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

    /// How many rows the draft takes at `width` columns.
    pub fn row_count(&self, width: usize) -> usize {
        self.rows(width).len()
    }

    /// The draft as at most `max_rows` rows of at most `width` columns, clipped around the
    /// cursor, which is drawn as a reversed cell when `focused`.
    pub fn view(&self, width: usize, max_rows: usize, focused: bool) -> Vec<Line> {
        if max_rows == 0 || width == 0 {
            return Vec::new();
        }
        let layout = self.rows(width);
        let cursor_row = self.cursor_row(&layout);
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

    /// Soft-wraps the text into rows of at most `width - 1` columns (one column stays free for
    /// the cursor), breaking after spaces where possible.
    fn rows(&self, width: usize) -> Vec<Row> {
        let max = width.saturating_sub(1).max(1);
        let mut rows = Vec::new();
        let mut line_start = 0;
        for line in self.text.split('\n') {
            let mut start = line_start;
            let mut used = 0;
            let mut break_after: Option<usize> = None;
            let mut offset = line_start;
            for g in line.graphemes(true) {
                let w = grapheme_width(g);
                // A second pass breaks hard when what follows the last space still does not
                // leave room for this grapheme.
                while used + w > max && offset > start {
                    let end = break_after.filter(|&b| b > start).unwrap_or(offset);
                    rows.push(Row {
                        start,
                        end,
                        line_end: false,
                    });
                    used = tea::text::width(&self.text[end..offset]);
                    start = end;
                    break_after = None;
                }
                used += w;
                offset += g.len();
                if g == " " {
                    break_after = Some(offset);
                }
            }
            rows.push(Row {
                start,
                end: offset,
                line_end: true,
            });
            line_start = offset + 1;
        }
        rows
    }

    fn cursor_row(&self, rows: &[Row]) -> usize {
        rows.iter()
            .position(|row| {
                self.cursor >= row.start
                    && (self.cursor < row.end || (row.line_end && self.cursor == row.end))
            })
            .unwrap_or(rows.len().saturating_sub(1))
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
            let rows = e.rows(width);
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
    }

    fn at(text: &str, cursor: usize) -> Editor {
        Editor {
            text: text.to_string(),
            cursor,
        }
    }

    #[test]
    fn wraps_after_spaces_and_hard_breaks_long_words() {
        let e = Editor::new("hello world again");
        let rows: Vec<&str> = e.rows(8).iter().map(|r| &e.text[r.start..r.end]).collect();
        assert_eq!(rows, vec!["hello ", "world ", "again"]);
        let e = Editor::new("abcdefghij");
        let rows: Vec<&str> = e.rows(5).iter().map(|r| &e.text[r.start..r.end]).collect();
        assert_eq!(rows, vec!["abcd", "efgh", "ij"]);
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
        let rows = e.rows(5);
        assert_eq!(e.cursor_row(&rows), 1);
    }
}
