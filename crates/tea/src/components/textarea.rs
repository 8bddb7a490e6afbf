//! A multi-line text area: a string and a caret on a grapheme boundary, changed by
//! [`TextAreaMsg`]s (which its [`keymap`] reads from key events), drawn as soft-wrapped rows
//! scrolled so the caret shows. It keeps undo/redo history and a kill ring.
//!
//! A message costs what it touches, not the text's length, even for a draft of megabytes: the
//! soft-wrapped rows are kept for one width and patched after each edit (re-wrapping from two
//! rows above the change until the rows line up with the old ones again, or until enough rows
//! past the change are known: the rest is wrapped later, as far as the caret goes), the caret's
//! row is found by binary search, only the rows shown are drawn, and undo steps hold what they
//! replaced rather than copies of the text. The text never holds a control character but `\n`:
//! everything inserted is sanitized (escape sequences removed, tabs expanded, `\r` read as a
//! newline), keeping the invisible characters that are part of what was written (joiners, skin
//! tones, variation selectors, direction marks: [`crate::text::sanitize_typed`]).
//!
//! Undo groups sensibly: typing a word (and the spaces after it) is one step, a run of
//! Backspace or Delete is one, and each newline, kill, yank and paste is one. Kills (`ctrl+k`,
//! `ctrl+u`, `ctrl+w`) go to the kill ring, consecutive kills into one entry; `ctrl+y` yanks
//! the newest and `alt+y` right after a yank replaces it with the kill before, cycling.
//!
//! ```
//! use tea::components::textarea::{self, TextArea, TextAreaMsg};
//! use tea::input::parse_key_script;
//!
//! let mut area = TextArea::new("hello");
//! area.lay_out(20);
//! let keys = textarea::keymap();
//! for event in parse_key_script("space text:world ctrl+a ctrl+k ctrl+y ctrl+-").unwrap() {
//!     if let Some(msg) = keys.msg_for(&event, &()) {
//!         area.update(msg);
//!     }
//! }
//! // Undo took back the yank: the line is still killed.
//! assert_eq!(area.text(), "");
//! area.update(TextAreaMsg::Redo);
//! assert_eq!(area.text(), "hello world");
//! let rows = area.view(20, 3, true);
//! assert_eq!(rows[0].plain_text(), "hello world ");
//! ```

mod history;
mod keys;
mod layout;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;

use crate::text::{grapheme_width, sanitize_typed};
use crate::{Line, Span, Style};
use history::{Change, History, KillRing, Kind};
pub use keys::keymap;
use layout::{Layout, ROWS_AHEAD, Row, cursor_row};

/// What a text area is told to do. Keys become messages through [`keymap`]; a program
/// may also send them directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextAreaMsg {
    /// Typed text, inserted at the caret (sanitized; a word typed is one undo step).
    Insert(String),
    /// Pasted text, inserted at the caret (sanitized, newlines kept) as one undo step.
    Paste(String),
    Newline,
    Left,
    Right,
    /// One wrapped row up, keeping the column where the row is long enough.
    Up,
    Down,
    WordLeft,
    WordRight,
    /// To the start of the logical line.
    Home,
    /// To the end of the logical line.
    End,
    DeleteBack,
    DeleteForward,
    /// Kills the word before the caret and the spaces between it and the caret.
    DeleteWordBack,
    /// Kills to the end of the line; at a line's end, joins the next line.
    KillToEnd,
    /// Kills to the start of the line; at a line's start, joins the line above.
    KillToStart,
    Undo,
    Redo,
    /// Inserts the newest kill.
    Yank,
    /// Right after a yank: replaces the yanked text with the kill before it, cycling.
    YankPop,
}

/// The text, its caret (a byte offset that always sits on a grapheme boundary), the kept
/// wrapped rows, the undo history and the kill ring. Two text areas are equal when their
/// text and caret are.
#[derive(Debug, Clone, Default)]
pub struct TextArea {
    text: String,
    cursor: usize,
    /// The soft-wrapped rows at one width, kept in step with every edit once computed.
    layout: Option<Layout>,
    history: History,
    kills: KillRing,
    /// What the last message was, for joining kills and for yank-pop.
    last: Last,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Last {
    #[default]
    Other,
    Kill,
    /// A yank (or yank-pop) inserted `len` bytes at `at`, the kill `back` before the newest.
    Yank {
        at: usize,
        len: usize,
        back: usize,
    },
}

impl PartialEq for TextArea {
    fn eq(&self, other: &TextArea) -> bool {
        self.text == other.text && self.cursor == other.cursor
    }
}

impl Eq for TextArea {}

/// Removes what must never reach the terminal: escape sequences and control characters
/// (tabs expand, `\r` becomes a newline; newlines stay).
fn clean(text: &str) -> String {
    let mut clean = sanitize_typed(text);
    // Whatever the sanitizer lets through, the text holds no control character but `\n`.
    if clean.chars().any(|c| c != '\n' && c.is_control()) {
        clean.retain(|c| c == '\n' || !c.is_control());
    }
    clean
}

impl TextArea {
    /// A text area holding `text` (sanitized), with the caret at its end.
    pub fn new(text: &str) -> TextArea {
        let text = clean(text);
        TextArea {
            cursor: text.len(),
            text,
            ..TextArea::default()
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The caret as a byte offset into [`TextArea::text`].
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Puts the caret at byte `at`, or the grapheme boundary before it (clamped to the text).
    pub fn set_cursor(&mut self, at: usize) {
        let at = at.min(self.text.len());
        let before = self.prev_boundary(at);
        self.cursor = if self.next_boundary(before) == at {
            at
        } else {
            before
        };
        self.history.close();
        self.last = Last::Other;
    }

    /// Applies a message. Up and Down move by the rows at the width last given to
    /// [`TextArea::lay_out`] (by logical lines before any).
    pub fn update(&mut self, msg: TextAreaMsg) {
        let last = std::mem::take(&mut self.last);
        match msg {
            TextAreaMsg::Insert(text) => {
                let clean = clean(&text);
                let kind = if clean.contains('\n') {
                    Kind::Alone
                } else {
                    Kind::Typing
                };
                self.edit(self.cursor..self.cursor, &clean, kind);
            }
            TextAreaMsg::Paste(text) => {
                self.edit(self.cursor..self.cursor, &clean(&text), Kind::Alone);
            }
            TextAreaMsg::Newline => self.edit(self.cursor..self.cursor, "\n", Kind::Alone),
            TextAreaMsg::Left => self.move_to(self.prev_boundary(self.cursor)),
            TextAreaMsg::Right => self.move_to(self.next_boundary(self.cursor)),
            TextAreaMsg::Up => self.move_vertical(-1),
            TextAreaMsg::Down => self.move_vertical(1),
            TextAreaMsg::WordLeft => self.move_to(self.word_left_of(self.cursor)),
            TextAreaMsg::WordRight => self.move_to(self.word_right_of(self.cursor)),
            TextAreaMsg::Home => self.move_to(self.line_start(self.cursor)),
            TextAreaMsg::End => self.move_to(self.line_end(self.cursor)),
            TextAreaMsg::DeleteBack => {
                let start = self.prev_boundary(self.cursor);
                self.edit(start..self.cursor, "", Kind::DeletingBack);
            }
            TextAreaMsg::DeleteForward => {
                let end = self.next_boundary(self.cursor);
                self.edit(self.cursor..end, "", Kind::DeletingForward);
            }
            TextAreaMsg::DeleteWordBack => {
                let start = self.word_left_of(self.cursor);
                self.kill(start..self.cursor, last == Last::Kill, false);
            }
            TextAreaMsg::KillToEnd => {
                let end = self.line_end(self.cursor);
                let end = if end == self.cursor {
                    self.next_boundary(end)
                } else {
                    end
                };
                self.kill(self.cursor..end, last == Last::Kill, true);
            }
            TextAreaMsg::KillToStart => {
                let start = self.line_start(self.cursor);
                let start = if start == self.cursor {
                    self.prev_boundary(start)
                } else {
                    start
                };
                self.kill(start..self.cursor, last == Last::Kill, false);
            }
            TextAreaMsg::Undo => {
                if let Some(change) = self.history.undo().cloned() {
                    let end = change.at + change.inserted.len();
                    self.replace(change.at..end, &change.removed);
                    self.cursor = change.cursor_before;
                }
            }
            TextAreaMsg::Redo => {
                if let Some(change) = self.history.redo().cloned() {
                    let end = change.at + change.removed.len();
                    self.replace(change.at..end, &change.inserted);
                    self.cursor = change.cursor_after;
                }
            }
            TextAreaMsg::Yank => {
                if let Some(text) = self.kills.get(0).map(str::to_string) {
                    let at = self.cursor;
                    self.edit(at..at, &text, Kind::Alone);
                    let len = text.len();
                    self.last = Last::Yank { at, len, back: 0 };
                }
            }
            TextAreaMsg::YankPop => self.yank_pop(last),
        }
    }

    /// Replaces the text just yanked with the kill before it.
    fn yank_pop(&mut self, last: Last) {
        let Last::Yank { at, len, back } = last else {
            return;
        };
        let back = (back + 1) % self.kills.len().max(1);
        let Some(text) = self.kills.get(back).map(str::to_string) else {
            return;
        };
        self.replace(at..at + len, &text);
        self.cursor = at + text.len();
        // The yank's undo step now inserts this kill instead.
        if let Some(change) = self.history.last_mut() {
            change.inserted.clone_from(&text);
            change.cursor_after = self.cursor;
        }
        self.last = Last::Yank {
            at,
            len: text.len(),
            back,
        };
    }

    /// Removes `range` into the kill ring, as one undo step.
    fn kill(&mut self, range: Range<usize>, joins: bool, forward: bool) {
        if range.is_empty() {
            self.last = Last::Kill;
            return;
        }
        self.kills.kill(&self.text[range.clone()], joins, forward);
        self.edit(range, "", Kind::Alone);
        self.last = Last::Kill;
    }

    fn move_to(&mut self, at: usize) {
        self.cursor = at;
        self.history.close();
    }

    /// Replaces `range` with `with` (already clean), records it for undo and puts the caret
    /// after the inserted text.
    fn edit(&mut self, range: Range<usize>, with: &str, kind: Kind) {
        if range.is_empty() && with.is_empty() {
            return;
        }
        let change = Change {
            at: range.start,
            removed: self.text[range.clone()].to_string(),
            inserted: with.to_string(),
            cursor_before: self.cursor,
            cursor_after: range.start + with.len(),
        };
        self.replace(range, with);
        self.cursor = change.cursor_after;
        self.history.record(change, kind);
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

    /// Moves `rows` wrapped rows up (`rows < 0`) or down, keeping the display column where the
    /// row is long enough. Past the first or last row the caret goes to the start or end.
    fn move_vertical(&mut self, rows: i32) {
        self.history.close();
        // Before any width is known, rows are logical lines.
        let width = self.layout.as_ref().map_or(usize::MAX / 2, |l| l.width);
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
        let column = crate::text::width(&self.text[layout[current].start..self.cursor]);
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

    /// Wraps the text at `width` unless it already is, as far as the rows around the caret;
    /// later edits keep the rows up to date, so drawing at this width costs only the rows
    /// shown. Call it when the width is known or changes (before a view, after a resize).
    pub fn lay_out(&mut self, width: usize) {
        if self.layout.as_ref().is_none_or(|l| l.width != width) {
            self.layout = Some(Layout::new(&self.text, width));
        }
        let text = &self.text;
        if let Some(layout) = &mut self.layout {
            layout.cover(text, self.cursor, ROWS_AHEAD);
        }
    }

    /// The rows at `width` as far as [`ROWS_AHEAD`] past the caret at least: the kept ones,
    /// else all of them wrapped now.
    fn rows_at(&self, width: usize) -> Cow<'_, [Row]> {
        match &self.layout {
            Some(layout) if layout.width == width && layout.covers(self.cursor, ROWS_AHEAD) => {
                Cow::Borrowed(&layout.rows)
            }
            _ => Cow::Owned(Layout::new(&self.text, width).rows),
        }
    }

    /// How many rows the text takes at `width` columns, counted at least as far as a few
    /// dozen rows past the caret (exact for every text that fits a screen).
    pub fn row_count(&self, width: usize) -> usize {
        self.rows_at(width).len()
    }

    /// The text as at most `max_rows` rows of at most `width` columns (one column stays free
    /// for the caret), scrolled so the caret's row shows (centered when the text is taller);
    /// the caret is drawn as a reversed cell when `focused`, marked as the caret
    /// ([`Style::caret`](crate::Style::caret)) for the terminal's cursor. Pure: call [`TextArea::lay_out`]
    /// at this width after changes so it costs only the rows shown.
    pub fn view(&self, width: usize, max_rows: usize, focused: bool) -> Vec<Line> {
        if max_rows == 0 || width == 0 {
            return Vec::new();
        }
        let layout = self.rows_at(width);
        let cursor_row = cursor_row(&layout, self.cursor);
        let first = cursor_row
            .saturating_sub(max_rows / 2)
            .min(layout.len().saturating_sub(max_rows));
        let cursor_style = Style::default().reverse().caret();
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
                let (before, rest) = text.split_at(self.cursor - row.start);
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
        let mut at = at;
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
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

    fn word_right_of(&self, from: usize) -> usize {
        let mut at = from;
        while at < self.text.len() && self.grapheme_at(at).trim().is_empty() {
            at = self.next_boundary(at);
        }
        while at < self.text.len() && !self.grapheme_at(at).trim().is_empty() {
            at = self.next_boundary(at);
        }
        at
    }
}
