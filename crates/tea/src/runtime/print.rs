//! Printing above the region ([`Cmd::Print`](crate::Cmd::Print)): in one synchronized update
//! the region is erased, the lines are written where it began, and the frame is drawn again
//! below them. The lines scroll up into the terminal's scrollback as later output pushes them,
//! as a shell's output would; the region only ever owns the rows below them.
//!
//! Lines are sanitized (no escape sequence or control character from their text reaches the
//! terminal), a `\n` in their text breaks them, and each is word-wrapped to the terminal's width
//! by display width (line wrap is off while the run draws, so a row the terminal wrapped
//! itself would be cut instead), in the run's palette.

use std::io::{self, Write};

use super::cursor::CursorState;
use super::region::{Region, SYNC_BEGIN, SYNC_END};
use super::{Run, Terminal};
use crate::frame::{Frame, render_lines};
use crate::program::{Program, Size};
use crate::style::{Line, Span};
use crate::text;
use crate::theme::Palette;

/// What ends each printed row: colors reset, then the start of the next line.
const ROW_END: &str = "\x1b[0m\r\n";

/// The rows `lines` take on a terminal `columns` wide, as ANSI text, each at most `columns`
/// wide.
pub(super) fn rows(lines: &[Line], columns: u16, palette: &Palette) -> Vec<String> {
    let columns = columns.max(1);
    let wrapped: Vec<Line> = lines
        .iter()
        .flat_map(|line| {
            let spans: Vec<Span> = line
                .spans
                .iter()
                .map(|span| Span::styled(text::sanitize(&span.text), span.style.clone()))
                .collect();
            text::wrap_spans(&spans, usize::from(columns))
                .into_iter()
                .map(|spans| Line { spans, bg: line.bg })
        })
        .collect();
    render_lines(wrapped, columns, palette)
        .rows
        .iter()
        .map(|row| row.ansi.clone())
        .collect()
}

impl<P: Program> Run<P> {
    /// Prints `lines` above the region and draws the current frame below them.
    pub(super) fn print_above(&mut self, lines: &[Line]) -> io::Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        let columns = self.term.tty.size().width;
        let rows = rows(lines, columns, self.driver.palette());
        let size = self.driver.size();
        self.term.print_above(&rows, self.driver.frame_ref(), size)
    }
}

/// The bytes that erase the region (the cursor hidden first) and write `rows` where it began,
/// leaving the cursor at the start of the line below them: the region's new top, with nothing
/// of it drawn yet. They open a synchronized update for the frame that follows.
fn above(region: &mut Region, cursor: &mut CursorState, rows: &[String]) -> String {
    let mut out = String::from(SYNC_BEGIN);
    out.push_str(cursor.hide());
    out.push_str(&region.reset());
    for row in rows {
        out.push_str(row);
        out.push_str(ROW_END);
    }
    out
}

impl Terminal {
    /// Erases the region, writes `rows` where it began, and draws `frame` below them.
    fn print_above(&mut self, rows: &[String], frame: &Frame, size: Size) -> io::Result<()> {
        let mut out = above(&mut self.region, &mut self.cursor, rows);
        // The region now begins below the printed rows (drawing clamps it to the screen).
        let printed = u16::try_from(rows.len()).unwrap_or(u16::MAX);
        self.top = self.top.map(|top| top.saturating_add(printed));
        // The region starts afresh below the rows, so every row of the frame is drawn.
        out.push_str(&self.frame_bytes(frame, size));
        out.push_str(SYNC_END);
        self.tty.write_all(out.as_bytes())?;
        self.tty.flush()?;
        self.active.set_exit_bytes(self.exit_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::region::tests::rows as frame;
    use crate::style::{Slot, Style};
    use crate::view::Cursor;

    fn plain(lines: &[Line], columns: u16) -> Vec<String> {
        rows(lines, columns, &Palette::no_color())
    }

    #[test]
    fn a_short_line_is_one_row() {
        assert_eq!(plain(&[Line::plain("done")], 20), ["done"]);
    }

    #[test]
    fn a_long_line_wraps_at_words_to_the_width() {
        let rows = plain(&[Line::plain("one two three four")], 9);
        assert_eq!(rows, ["one two", "three", "four"]);
    }

    #[test]
    fn wide_characters_wrap_by_their_display_width() {
        let rows = plain(&[Line::plain("日本語のテキスト")], 5);
        assert_eq!(rows, ["日本", "語の", "テキ", "スト"]);
        assert!(rows.iter().all(|row| text::width(row) <= 5));
    }

    #[test]
    fn a_newline_in_the_text_breaks_the_line() {
        assert_eq!(plain(&[Line::plain("a\nb")], 10), ["a", "b"]);
        assert_eq!(plain(&[Line::plain("")], 10), [""]);
    }

    #[test]
    fn escape_sequences_and_controls_in_the_text_never_reach_the_terminal() {
        let hostile = "\x1b[2J\x1b]0;title\x07red\x1b[31m\u{9b}1mtext\x07";
        let rows = plain(&[Line::plain(hostile)], 40);
        assert_eq!(rows, ["redtext"]);
        let styled = rows_in_color(&[Line::styled(hostile, Style::fg(Slot::Error))]);
        assert!(
            !styled[0].contains("2J") && !styled[0].contains(']') && !styled[0].contains('\x07'),
            "{styled:?}"
        );
    }

    fn rows_in_color(lines: &[Line]) -> Vec<String> {
        rows(lines, 40, &Palette::dark())
    }

    #[test]
    fn styles_are_kept_in_the_palette() {
        let rows = rows_in_color(&[Line::styled("ok", Style::fg(Slot::Success))]);
        assert!(
            rows[0].contains("\x1b[") && rows[0].contains("ok"),
            "{rows:?}"
        );
    }

    #[test]
    fn every_width_from_one_column_to_250_fits() {
        let line = Line::plain("wrap 日本 this text, longer than some widths ".repeat(6));
        for columns in 1..=250 {
            for row in plain(std::slice::from_ref(&line), columns) {
                assert!(
                    text::width(&row) <= usize::from(columns),
                    "{columns}: {row:?}"
                );
            }
        }
    }

    #[test]
    fn printed_rows_land_above_the_region_which_is_drawn_again_below() {
        let mut parser = vt100::Parser::new(6, 12, 0);
        parser.process(b"$ app\r\n");
        let (mut region, mut cursor) = (Region::new(), CursorState::default());
        let drawn = region.draw(&frame(&["status", "> ab"]), 12, 6);
        parser.process(
            cursor
                .frame(&mut region, drawn, Some(Cursor::at(4, 1)))
                .as_bytes(),
        );
        for step in ["step 1 done", "step 2 done"] {
            let mut out = above(&mut region, &mut cursor, &plain(&[Line::plain(step)], 12));
            assert!(out.contains("\x1b[?25l"), "the cursor hides first: {out:?}");
            let drawn = region.draw(&frame(&["status", "> ab"]), 12, 6);
            out.push_str(&cursor.frame(&mut region, drawn, Some(Cursor::at(4, 1))));
            parser.process(out.as_bytes());
        }
        let screen: Vec<String> = parser.screen().rows(0, 12).collect();
        let expected = ["$ app", "step 1 done", "step 2 done", "status", "> ab", ""];
        assert_eq!(screen, expected);
        assert_eq!(
            parser.screen().cursor_position(),
            (4, 4),
            "back on the caret"
        );
    }

    #[test]
    fn printing_at_the_bottom_scrolls_the_lines_up_into_the_scrollback() {
        let mut parser = vt100::Parser::new(4, 12, 10);
        parser.process(b"h1\r\nh2\r\n");
        let (mut region, mut cursor) = (Region::new(), CursorState::default());
        let drawn = region.draw(&frame(&["status", "help"]), 12, 4);
        parser.process(cursor.frame(&mut region, drawn, None).as_bytes());
        let printed = plain(&[Line::plain("one\ntwo\nthree")], 12);
        let mut out = above(&mut region, &mut cursor, &printed);
        out.push_str(&region.draw(&frame(&["status", "help"]), 12, 4));
        parser.process(out.as_bytes());
        let screen: Vec<String> = parser.screen().rows(0, 12).collect();
        assert_eq!(screen, ["two", "three", "status", "help"]);
        parser.set_scrollback(3);
        let scrolled: Vec<String> = parser.screen().rows(0, 12).collect();
        assert_eq!(scrolled, ["h1", "h2", "one", "two"]);
    }
}
