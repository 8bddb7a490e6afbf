//! What [`crate::Program::view`] returns: a tree of components that the driver lays out at the
//! frame's size and writes straight to rows, and the terminal state the view asks for.
//!
//! The tree is made of component props ([`crate::components`]): containers (a bordered
//! [`Panel`](crate::components::Panel), a [`Split`](crate::components::Split), a
//! [`Stack`](crate::components::Stack)) own their children as [`Element`]s, leaves
//! ([`Rows`], [`List`](crate::components::List), [`Viewport`](crate::components::Viewport),
//! [`Help`](crate::components::Help), a text area's lines, markdown) draw lines. Each node is
//! given a box and decides its own geometry in it: a frame its inner size, a split its columns,
//! a stack the rows of each child, a list the window that keeps its cursor visible. Nothing is
//! laid out until the driver asks, at the size the frame has.
//!
//! ```
//! use tea::components::{Panel, Split};
//! use tea::view::{Rows, View};
//! use tea::{Line, Palette, Size};
//!
//! let left = Rows::new(vec![Line::plain("one"), Line::plain("two")]);
//! let right = Rows::new(vec![Line::plain("preview")]);
//! let view = View::new(Panel::around(Split::new(left, right).ratio(1, 2)).title("Pick"));
//! let frame = tea::frame::draw(&view, Size::new(24, 5), &Palette::no_color());
//! assert_eq!(frame.plain(), [
//!     "╭─ Pick ───────────────╮",
//!     "│ one        │ preview │",
//!     "│ two        │         │",
//!     "│                      │",
//!     "╰──────────────────────╯",
//! ]);
//! ```

pub use crate::block::{Draw, Element, Rows};

use crate::block::Block;
use crate::mouse::MouseMode;
use crate::style::{Line, Span};

/// A program's view: the tree to draw, and the terminal state it wants while it shows.
///
/// As in bubbletea v2, terminal state is part of the view rather than a command: the view says
/// where the cursor is and how it looks, and the runtime makes the terminal agree. More of that
/// state (mouse and focus reporting, the window title) belongs here as fields of their own.
pub struct View<'a> {
    pub content: Element<'a>,
    /// Where the terminal's cursor shows, and how; `None` hides it.
    pub cursor: Option<Cursor>,
    /// Which mouse reports the terminal sends while this view shows (see [`crate::mouse`]);
    /// off by default, so the terminal's text selection works.
    pub mouse: MouseMode,
}

impl<'a> View<'a> {
    /// A view of `content`, with the cursor hidden.
    pub fn new(content: impl Block + 'a) -> View<'a> {
        View {
            content: Element::new(content),
            cursor: None,
            mouse: MouseMode::Off,
        }
    }

    /// A view of rows laid out already (see [`Rows`]).
    pub fn rows(lines: Vec<Line>) -> View<'a> {
        View::new(Rows::new(lines))
    }

    /// Shows the terminal's cursor at `cursor`.
    pub fn cursor(mut self, cursor: Cursor) -> View<'a> {
        self.cursor = Some(cursor);
        self
    }

    /// Asks for mouse reports while this view shows.
    pub fn mouse(mut self, mode: MouseMode) -> View<'a> {
        self.mouse = mode;
        self
    }

    /// The rows of the tree laid out in `width` × `height` cells.
    pub fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.content.lines(width, height)
    }
}

/// Where the terminal's cursor is (cells from the view's top-left) and its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cursor {
    pub x: u16,
    pub y: u16,
    pub shape: CursorShape,
    pub blink: bool,
    /// Placed on the caret instead of at (`x`, `y`): the first cell styled with
    /// [`Style::caret`](crate::Style::caret) when the view is laid out; hidden when no cell is
    /// (the editor is closed or cut off).
    pub on_caret: bool,
}

impl Cursor {
    /// A steady block cursor at (`x`, `y`).
    pub fn at(x: u16, y: u16) -> Cursor {
        Cursor {
            x,
            y,
            shape: CursorShape::Block,
            blink: false,
            on_caret: false,
        }
    }

    /// A steady block cursor on the caret, wherever the layout puts it: how an editor deep in
    /// the tree gets the terminal's cursor (for input methods and screen magnifiers) without
    /// knowing its own position.
    pub fn on_caret() -> Cursor {
        Cursor {
            on_caret: true,
            ..Cursor::at(0, 0)
        }
    }

    /// This cursor where it shows in `lines` laid out `width` columns wide: on the caret's
    /// cell when it follows the caret (`None` when no cell is marked), else at (`x`, `y`) when
    /// that cell is inside them.
    pub fn placed(self, lines: &[Line], width: usize) -> Option<Cursor> {
        let (x, y) = if self.on_caret {
            caret_cell(lines)?
        } else {
            (usize::from(self.x), usize::from(self.y))
        };
        if x >= width || y >= lines.len() {
            return None;
        }
        Some(Cursor {
            x: x as u16,
            y: y as u16,
            on_caret: false,
            ..self
        })
    }

    pub fn shape(mut self, shape: CursorShape) -> Cursor {
        self.shape = shape;
        self
    }

    pub fn blinking(mut self) -> Cursor {
        self.blink = true;
        self
    }
}

/// The (column, row) of the first cell styled as the caret in `lines`. Only the caret's row is
/// measured: most frames have no caret, and measuring every row cost a sixth of a frame.
fn caret_cell(lines: &[Line]) -> Option<(usize, usize)> {
    lines.iter().enumerate().find_map(|(y, line)| {
        let at = line
            .spans
            .iter()
            .position(|span| span.style.caret && !span.text.is_empty())?;
        let x = line.spans[..at].iter().map(Span::width).sum();
        Some((x, y))
    })
}

/// The cursor shapes terminals draw (DECSCUSR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CursorShape {
    #[default]
    Block,
    Underline,
    Bar,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::Style;

    #[test]
    fn the_cursor_is_part_of_the_view() {
        let view = View::rows(vec![]).cursor(Cursor::at(2, 1).shape(CursorShape::Bar).blinking());
        let cursor = view.cursor.expect("a cursor");
        assert_eq!(
            (cursor.x, cursor.y, cursor.shape, cursor.blink),
            (2, 1, CursorShape::Bar, true)
        );
        assert_eq!(View::rows(vec![]).cursor, None);
    }

    fn caret_row(before: &str, caret: &str) -> Line {
        let mut line = Line::plain(before);
        line.push(Span::styled(caret, Style::default().reverse().caret()));
        line
    }

    #[test]
    fn a_cursor_on_the_caret_lands_on_the_marked_cell() {
        let lines = vec![Line::plain("label"), caret_row("│ ab", " ")];
        let placed = Cursor::on_caret()
            .shape(CursorShape::Bar)
            .placed(&lines, 10);
        let placed = placed.expect("a marked cell");
        assert_eq!((placed.x, placed.y, placed.shape), (4, 1, CursorShape::Bar));
        assert!(!placed.on_caret);
    }

    #[test]
    fn a_wide_character_before_the_caret_counts_two_columns() {
        let lines = vec![caret_row("中文", " ")];
        let placed = Cursor::on_caret()
            .placed(&lines, 10)
            .expect("a marked cell");
        assert_eq!((placed.x, placed.y), (4, 0));
    }

    #[test]
    fn a_cursor_on_the_caret_hides_without_a_marked_cell() {
        let lines = vec![Line::plain("no editor")];
        assert_eq!(Cursor::on_caret().placed(&lines, 10), None);
        assert_eq!(Cursor::on_caret().placed(&[caret_row("abc", " ")], 3), None);
    }

    #[test]
    fn a_cursor_at_a_cell_shows_only_inside_the_view() {
        let lines = vec![Line::plain("ab"), Line::plain("cd")];
        assert!(Cursor::at(1, 1).placed(&lines, 2).is_some());
        assert_eq!(Cursor::at(2, 0).placed(&lines, 2), None);
        assert_eq!(Cursor::at(0, 2).placed(&lines, 2), None);
    }
}
