//! The inline region: the rows below the cursor that the runtime owns, drawn by per-row diffs.
//!
//! Only relative cursor motion is used (CR, CUU/CUD, CRLF), so the region needs no absolute
//! screen position: when it grows at the bottom of the screen, the CRLFs scroll the terminal and
//! the region moves up with its contents. The writer produces bytes; the caller sends them.

use std::fmt::Write as _;

/// One row to draw: its ANSI text and its display width in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawRow<'a> {
    pub ansi: &'a str,
    pub width: usize,
}

pub(super) const SYNC_BEGIN: &str = "\x1b[?2026h";
pub(super) const SYNC_END: &str = "\x1b[?2026l";
const RESET_AND_ERASE_LINE: &str = "\x1b[0m\x1b[K";
const ERASE_BELOW: &str = "\x1b[J";

/// What is on screen in the region, and where the cursor is within it.
#[derive(Debug, Default)]
pub struct Region {
    /// The rows as last drawn; `None` marks a row whose contents are unknown (must be drawn).
    drawn: Vec<Option<String>>,
    /// The cursor's row relative to the region's top row.
    cursor: u16,
}

impl Region {
    pub fn new() -> Region {
        Region::default()
    }

    /// Rows the region occupies on screen.
    pub fn height(&self) -> u16 {
        self.drawn.len() as u16
    }

    /// The cursor's row within the region (0 is the top row).
    pub fn cursor_row(&self) -> u16 {
        self.cursor
    }

    /// The bytes that put the cursor at the start of the line below the region without
    /// touching its rows: what an emergency exit (panic, fatal signal) writes.
    pub fn exit_below(&self) -> String {
        match self.height() {
            0 => "\r".to_owned(),
            height => {
                let mut out = String::new();
                let down = height - 1 - self.cursor;
                if down > 0 {
                    let _ = write!(out, "\x1b[{down}B");
                }
                out.push_str("\r\n");
                out
            }
        }
    }

    /// Draws `rows` into a `columns` x `max_rows` screen, writing only the rows that changed, and
    /// returns the bytes to send (empty when nothing changed). The region grows (scrolling the
    /// terminal when needed) or shrinks (erasing what it no longer covers) to the frame's height.
    /// The cursor ends at the start of the region's top row.
    pub fn draw(&mut self, rows: &[DrawRow<'_>], columns: u16, max_rows: u16) -> String {
        let rows = &rows[..rows.len().min(usize::from(max_rows))];
        let new_height = rows.len() as u16;
        let mut out = String::new();

        if new_height > self.height() {
            // Reserve rows: from the current bottom row, each CRLF makes a new row below,
            // scrolling the screen when the region reaches the bottom.
            let bottom = self.height().max(1) - 1;
            self.move_to(bottom, &mut out);
            for _ in self.height().max(1)..new_height {
                out.push_str("\r\n");
            }
            self.cursor = new_height - 1;
            self.drawn.resize(usize::from(new_height), None);
        } else if new_height < self.height() {
            self.move_to(new_height, &mut out);
            out.push('\r');
            out.push_str(ERASE_BELOW);
            self.drawn.truncate(usize::from(new_height));
        }

        for (y, row) in rows.iter().enumerate() {
            if self.drawn[y].as_deref() == Some(row.ansi) {
                continue;
            }
            self.move_to(y as u16, &mut out);
            out.push('\r');
            out.push_str(row.ansi);
            // Rows leave out trailing blanks, so erase what an older, longer row left there.
            // A row that fills the line is left alone: erasing at the last column (where the
            // cursor waits to wrap) would delete its last cell.
            if row.width < usize::from(columns) {
                out.push_str(RESET_AND_ERASE_LINE);
            }
            self.drawn[y] = Some(row.ansi.to_owned());
        }

        if out.is_empty() {
            return out;
        }
        // Park at the top: a terminal that reflows rows on a narrowing resize keeps the cursor
        // at the start of its line, so the region's top is where the cursor is, whatever the
        // rows below it became.
        self.move_to(0, &mut out);
        out.push('\r');
        format!("{SYNC_BEGIN}{out}{SYNC_END}")
    }

    /// Forgets what is on screen so the next [`Region::draw`] repaints every row, after erasing
    /// the region and everything below it (after a resize the terminal may have truncated or
    /// reflowed the old rows; the cursor, parked at the top, still marks where the region
    /// starts). The region restarts at its top row.
    pub fn reset(&mut self) -> String {
        let mut out = String::new();
        self.move_to(0, &mut out);
        out.push('\r');
        out.push_str(ERASE_BELOW);
        self.drawn.clear();
        out
    }

    /// Leaves the region for good: keeps the rows on screen with the cursor on the line below
    /// them, or erases them with the cursor at the region's top (where the program started).
    pub fn leave(&mut self, keep: bool) -> String {
        let mut out = String::new();
        if keep {
            if self.height() > 0 {
                self.move_to(self.height() - 1, &mut out);
                out.push_str("\r\n");
            }
        } else {
            out = self.reset();
        }
        self.drawn.clear();
        self.cursor = 0;
        out
    }

    /// The bytes that move the cursor to `row` of the region (its column is left as it is),
    /// which the region then knows the cursor is on.
    pub fn cursor_to(&mut self, row: u16) -> String {
        let mut out = String::new();
        self.move_to(row.min(self.height().saturating_sub(1)), &mut out);
        out
    }

    fn move_to(&mut self, row: u16, out: &mut String) {
        if row > self.cursor {
            let _ = write!(out, "\x1b[{}B", row - self.cursor);
        } else if row < self.cursor {
            let _ = write!(out, "\x1b[{}A", self.cursor - row);
        }
        self.cursor = row;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A terminal emulator showing what the bytes do.
    struct Screen {
        parser: vt100::Parser,
    }

    impl Screen {
        fn new(rows: u16, columns: u16) -> Screen {
            Screen {
                parser: vt100::Parser::new(rows, columns, 0),
            }
        }
        fn feed(&mut self, bytes: &str) {
            self.parser.process(bytes.as_bytes());
        }
        fn lines(&self) -> Vec<String> {
            let screen = self.parser.screen();
            let (_, columns) = screen.size();
            screen.rows(0, columns).collect()
        }
        fn cursor(&self) -> (u16, u16) {
            self.parser.screen().cursor_position()
        }
    }

    /// Rows of plain text, for the region's tests and the cursor's.
    pub(in crate::runtime) fn rows(texts: &[&'static str]) -> Vec<DrawRow<'static>> {
        texts
            .iter()
            .map(|t| DrawRow {
                ansi: t,
                width: crate::text::width(t),
            })
            .collect()
    }

    #[test]
    fn first_draw_reserves_rows_below_the_cursor() {
        let mut screen = Screen::new(6, 10);
        screen.feed("$ app\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["one", "two", "three"]), 10, 6));
        assert_eq!(screen.lines(), ["$ app", "one", "two", "three", "", ""]);
        assert_eq!(screen.cursor(), (1, 0));
        assert_eq!(region.height(), 3);
    }

    #[test]
    fn drawing_near_the_bottom_scrolls_the_terminal() {
        let mut screen = Screen::new(4, 10);
        screen.feed("h1\r\nh2\r\nh3\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b", "c"]), 10, 4));
        assert_eq!(screen.lines(), ["h3", "a", "b", "c"]);
    }

    #[test]
    fn only_changed_rows_are_written() {
        let mut region = Region::new();
        region.draw(&rows(&["one", "two", "three"]), 10, 6);
        let out = region.draw(&rows(&["one", "TWO", "three"]), 10, 6);
        assert!(out.contains("TWO"));
        assert!(!out.contains("one") && !out.contains("three"), "{out:?}");
        assert!(out.starts_with(SYNC_BEGIN) && out.ends_with(SYNC_END));
    }

    #[test]
    fn an_unchanged_frame_writes_nothing() {
        let mut region = Region::new();
        region.draw(&rows(&["one", "two"]), 10, 6);
        assert_eq!(region.draw(&rows(&["one", "two"]), 10, 6), "");
    }

    #[test]
    fn a_shorter_row_erases_the_rest_of_the_old_one() {
        let mut screen = Screen::new(4, 10);
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["long text", "x"]), 10, 4));
        screen.feed(&region.draw(&rows(&["ab", "x"]), 10, 4));
        assert_eq!(screen.lines(), ["ab", "x", "", ""]);
    }

    #[test]
    fn a_full_width_row_keeps_its_last_cell() {
        let mut screen = Screen::new(3, 5);
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["abcde", "fghij"]), 5, 3));
        screen.feed(&region.draw(&rows(&["vwxyz", "fghij"]), 5, 3));
        assert_eq!(screen.lines(), ["vwxyz", "fghij", ""]);
    }

    #[test]
    fn the_region_grows_and_shrinks_with_the_frame() {
        let mut screen = Screen::new(6, 10);
        screen.feed("$ app\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b"]), 10, 6));
        screen.feed(&region.draw(&rows(&["a", "b", "c", "d"]), 10, 6));
        assert_eq!(screen.lines(), ["$ app", "a", "b", "c", "d", ""]);
        screen.feed(&region.draw(&rows(&["a"]), 10, 6));
        assert_eq!(screen.lines(), ["$ app", "a", "", "", "", ""]);
        assert_eq!(region.height(), 1);
    }

    #[test]
    fn rows_beyond_the_screen_height_are_not_drawn() {
        let mut screen = Screen::new(3, 10);
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["1", "2", "3", "4", "5"]), 10, 3));
        assert_eq!(screen.lines(), ["1", "2", "3"]);
    }

    #[test]
    fn reset_erases_the_region_and_redraws_every_row() {
        let mut screen = Screen::new(5, 10);
        screen.feed("$ app\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b", "c"]), 10, 5));
        screen.feed(&region.reset());
        assert_eq!(screen.lines(), ["$ app", "", "", "", ""]);
        let out = region.draw(&rows(&["a", "b", "c"]), 10, 5);
        assert!(out.contains('a') && out.contains('b') && out.contains('c'));
        screen.feed(&out);
        assert_eq!(screen.lines(), ["$ app", "a", "b", "c", ""]);
    }

    #[test]
    fn leaving_keeps_the_frame_with_the_cursor_below_it() {
        let mut screen = Screen::new(5, 10);
        screen.feed("$ app\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b"]), 10, 5));
        screen.feed(&region.leave(true));
        assert_eq!(screen.lines(), ["$ app", "a", "b", "", ""]);
        assert_eq!(screen.cursor(), (3, 0));
    }

    #[test]
    fn leaving_clears_the_frame_with_the_cursor_where_the_program_started() {
        let mut screen = Screen::new(5, 10);
        screen.feed("$ app\r\n");
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b"]), 10, 5));
        screen.feed(&region.leave(false));
        assert_eq!(screen.lines(), ["$ app", "", "", "", ""]);
        assert_eq!(screen.cursor(), (1, 0));
    }

    #[test]
    fn an_emergency_exit_lands_below_the_region_and_keeps_it() {
        let mut screen = Screen::new(6, 10);
        let mut region = Region::new();
        screen.feed(&region.draw(&rows(&["a", "b", "c"]), 10, 6));
        // Pretend the cursor was left mid-region, as a draw interrupted by a panic would.
        let mut moved = String::new();
        region.move_to(1, &mut moved);
        screen.feed(&moved);
        screen.feed(&region.exit_below());
        assert_eq!(screen.lines(), ["a", "b", "c", "", "", ""]);
        assert_eq!(screen.cursor(), (3, 0));
    }

    #[test]
    fn an_emergency_exit_before_any_draw_stays_on_the_start_line() {
        let mut screen = Screen::new(3, 10);
        screen.feed("$ ap");
        screen.feed(&Region::new().exit_below());
        assert_eq!(screen.cursor(), (0, 0));
    }
}
