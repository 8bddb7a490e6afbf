//! The terminal's cursor: hidden while rows are written, then shown where the view asks for it
//! ([`View::cursor`](crate::view::View::cursor)), in the shape it asks for; hidden (parked at
//! the region's top) when the view has none. On the caret, the input method's window and a
//! screen magnifier follow the typing.

use std::fmt::Write as _;

use super::region::Region;
use crate::view::{Cursor, CursorShape};

const HIDE: &str = "\x1b[?25l";
const SHOW: &str = "\x1b[?25h";
/// DECSCUSR 0: the shape the person's terminal is set to.
const DEFAULT_SHAPE: &str = "\x1b[0 q";

/// What the runtime last did with the cursor.
#[derive(Debug, Default)]
pub(super) struct CursorState {
    /// Where it shows; `None` while hidden.
    shown: Option<Cursor>,
    /// The shape last set, once one was (so leaving puts the terminal's own back).
    shape: Option<(CursorShape, bool)>,
}

impl CursorState {
    /// The bytes for a frame: `rows` (what the region wrote, which leaves the cursor at the
    /// region's top), with the cursor hidden while they are written when it showed, then the
    /// cursor placed at `wanted` and shown. Empty when nothing changed.
    pub(super) fn frame(
        &mut self,
        region: &mut Region,
        rows: String,
        wanted: Option<Cursor>,
    ) -> String {
        let wanted = wanted.filter(|cursor| cursor.y < region.height());
        if rows.is_empty() && wanted == self.shown {
            return rows;
        }
        let mut out = String::with_capacity(rows.len() + 24);
        if self.shown.take().is_some() {
            out.push_str(HIDE);
        }
        out.push_str(&rows);
        let Some(cursor) = wanted else {
            if rows.is_empty() {
                // Only hidden: park at the top, as a frame without a cursor leaves it.
                out.push_str(&region.cursor_to(0));
                out.push('\r');
            }
            return out;
        };
        out.push_str(&region.cursor_to(cursor.y));
        let _ = write!(out, "\x1b[{}G", u32::from(cursor.x) + 1);
        let shape = (cursor.shape, cursor.blink);
        if self.shape != Some(shape) {
            let _ = write!(out, "\x1b[{} q", decscusr(cursor.shape, cursor.blink));
            self.shape = Some(shape);
        }
        out.push_str(SHOW);
        self.shown = Some(cursor);
        out
    }

    /// Hides the cursor if it shows, before writing outside the frame's rows; the next frame
    /// shows it again.
    pub(super) fn hide(&mut self) -> &'static str {
        if self.shown.take().is_some() {
            HIDE
        } else {
            ""
        }
    }

    /// The terminal is handed to another program (an editor), its shape put back by
    /// [`CursorState::restore`]: the next frame places and shapes the cursor again.
    pub(super) fn forget(&mut self) {
        self.shown = None;
        self.shape = None;
    }

    /// What puts the terminal's own cursor shape back, if the run changed it.
    pub(super) fn restore(&self) -> &'static str {
        if self.shape.is_some() {
            DEFAULT_SHAPE
        } else {
            ""
        }
    }
}

/// The DECSCUSR parameter for a shape.
fn decscusr(shape: CursorShape, blink: bool) -> u8 {
    let steady = match shape {
        CursorShape::Block => 2,
        CursorShape::Underline => 4,
        CursorShape::Bar => 6,
    };
    if blink { steady - 1 } else { steady }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::region::tests::rows;

    fn screen() -> vt100::Parser {
        vt100::Parser::new(6, 12, 0)
    }

    fn draw(
        state: &mut CursorState,
        region: &mut Region,
        texts: &[&'static str],
        cursor: Option<Cursor>,
    ) -> String {
        let written = region.draw(&rows(texts), 12, 6);
        state.frame(region, written, cursor)
    }

    #[test]
    fn the_cursor_shows_on_its_cell_after_the_rows() {
        let (mut parser, mut region, mut state) = (screen(), Region::new(), CursorState::default());
        parser.process(b"$ app\r\n");
        let out = draw(
            &mut state,
            &mut region,
            &["title", "> ab"],
            Some(Cursor::at(4, 1)),
        );
        parser.process(out.as_bytes());
        assert_eq!(parser.screen().cursor_position(), (2, 4));
        assert!(!parser.screen().hide_cursor());
        assert!(out.ends_with(SHOW), "{out:?}");
    }

    #[test]
    fn the_cursor_is_hidden_while_rows_are_written() {
        let (mut region, mut state) = (Region::new(), CursorState::default());
        draw(&mut state, &mut region, &["> a"], Some(Cursor::at(3, 0)));
        let out = draw(&mut state, &mut region, &["> ab"], Some(Cursor::at(4, 0)));
        let hidden = out.find(HIDE).expect("hidden first");
        let written = out.find("> ab").expect("the row");
        let shown = out.rfind(SHOW).expect("shown last");
        assert!(hidden < written && written < shown, "{out:?}");
    }

    #[test]
    fn a_view_without_a_cursor_hides_it_at_the_top() {
        let (mut parser, mut region, mut state) = (screen(), Region::new(), CursorState::default());
        let out = draw(&mut state, &mut region, &["a", "b"], Some(Cursor::at(1, 1)));
        parser.process(out.as_bytes());
        let out = draw(&mut state, &mut region, &["a", "b"], None);
        parser.process(out.as_bytes());
        assert!(parser.screen().hide_cursor());
        assert_eq!(parser.screen().cursor_position(), (0, 0));
    }

    #[test]
    fn nothing_is_written_when_rows_and_cursor_stay() {
        let (mut region, mut state) = (Region::new(), CursorState::default());
        draw(&mut state, &mut region, &["a"], Some(Cursor::at(1, 0)));
        assert_eq!(
            draw(&mut state, &mut region, &["a"], Some(Cursor::at(1, 0))),
            ""
        );
        assert_ne!(
            draw(&mut state, &mut region, &["a"], Some(Cursor::at(0, 0))),
            ""
        );
    }

    #[test]
    fn the_shape_is_set_once_and_put_back_on_leaving() {
        let (mut region, mut state) = (Region::new(), CursorState::default());
        assert_eq!(state.restore(), "");
        let bar = Cursor::at(0, 0).shape(CursorShape::Bar);
        assert!(draw(&mut state, &mut region, &["a"], Some(bar)).contains("\x1b[6 q"));
        let out = draw(&mut state, &mut region, &["b"], Some(bar));
        assert!(!out.contains(" q"), "{out:?}");
        let blinking = draw(&mut state, &mut region, &["c"], Some(bar.blinking()));
        assert!(blinking.contains("\x1b[5 q"));
        assert_eq!(state.restore(), DEFAULT_SHAPE);
    }

    #[test]
    fn a_cursor_below_the_region_is_hidden() {
        let (mut region, mut state) = (Region::new(), CursorState::default());
        let out = draw(&mut state, &mut region, &["a"], Some(Cursor::at(0, 3)));
        assert!(!out.contains(SHOW), "{out:?}");
    }
}
