//! Soft-wrapped rows of a text, kept for one width and patched after each edit.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

use crate::text::grapheme_width;

/// One soft-wrapped row: the byte range `start..end` of the text (without its newline).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Row {
    pub start: usize,
    pub end: usize,
    /// Whether this row is the last of its logical line (the cursor may sit at `end`).
    pub line_end: bool,
}

/// The rows of the text at `width` columns: all of them, or when `complete` is false the first
/// ones (an edit inside a very long word shifts every row after it; those are wrapped when the
/// cursor gets near them).
#[derive(Debug, Clone)]
pub(super) struct Layout {
    pub width: usize,
    pub rows: Vec<Row>,
    pub complete: bool,
}

/// Rows kept known past the cursor and past an edit: more than a text area shows.
pub(super) const ROWS_AHEAD: usize = 32;

/// Whether `row` is the text's last.
fn is_last(row: &Row, text: &str) -> bool {
    row.line_end && row.end == text.len()
}

/// The row the cursor is on: a cursor at a wrap point belongs to the next row, one at a line's
/// end to that line's last row.
pub(super) fn cursor_row(rows: &[Row], cursor: usize) -> usize {
    rows.partition_point(|row| row.start <= cursor)
        .saturating_sub(1)
}

impl Layout {
    pub fn new(text: &str, width: usize) -> Layout {
        Layout {
            width,
            rows: Rows::new(text, 0, width).collect(),
            complete: true,
        }
    }

    /// Whether the rows reach `ahead` rows past the cursor's row (or the end).
    pub fn covers(&self, cursor: usize, ahead: usize) -> bool {
        if self.complete {
            return true;
        }
        let last = self.rows.last().map_or(0, |r| r.start);
        last > cursor && self.rows.len() > cursor_row(&self.rows, cursor) + ahead
    }

    /// Wraps more rows until they reach `ahead` rows past the cursor's row.
    pub fn cover(&mut self, text: &str, cursor: usize, ahead: usize) {
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
    pub fn patch(&mut self, text: &str, old: Range<usize>, inserted: usize) {
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
pub(super) struct Rows<'a> {
    text: &'a str,
    max: usize,
    at: usize,
    done: bool,
}

impl<'a> Rows<'a> {
    pub fn new(text: &'a str, at: usize, width: usize) -> Rows<'a> {
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
