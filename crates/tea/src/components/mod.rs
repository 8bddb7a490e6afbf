//! Components: pure functions of their props that draw pre-wrapped rows.
//!
//! A component is a props struct implementing [`Block`]: given a box of `width` × `height`
//! cells it returns at most `height` [`Line`]s, each at most `width` columns wide. There are no
//! hooks and no hidden state; anything that must survive a frame (a list's cursor, a
//! viewport's scroll offset) lives in the model and is passed in as a prop.
//!
//! Components compose by lines: a [`Panel`] draws its body's lines inside a border, a
//! [`Split`] joins two blocks' lines side by side, a [`Stack`] hands rows to its children by
//! priority. The finished lines become one element through [`crate::rows`], so a whole tree
//! costs little more than its rows (no iocraft layout per component).
//!
//! - [`panel`]: a rounded border with a title and dividers (a [`Panel`]).
//! - [`tabs`]: a tab bar that windows with ‹ › around the active tab.
//! - [`list`]: multi-row items that scroll themselves to keep the selection visible, drawn
//!   with the model's [`ListState`].
//! - [`filter`]: fuzzy filtering for lists ([`FilterState`]), the query row and highlights.
//! - [`viewport`]: a scrolled window over lines with a range header ("1–8/41  ↓ 33 more").
//! - [`split`]: two blocks side by side with a divider.
//! - [`stack`]: blocks stacked vertically, rows handed out by priority.
//! - [`help`]: the help footer from a [`crate::keymap::Keymap`]'s entries.
//! - [`textarea`]: a multi-line editor with undo, redo and a kill ring.
//!
//! ```
//! use tea::components::{Block, Panel, Lines};
//! use tea::Line;
//!
//! let body = Lines(vec![Line::plain("hello")]);
//! let frame = Panel::around(&body).title("Greeting");
//! let rows: Vec<String> = frame.lines(16, 5).iter().map(Line::plain_text).collect();
//! assert_eq!(rows[..2], ["╭─ Greeting ───╮", "│ hello        │"]);
//! assert_eq!(rows[4], "╰──────────────╯");
//! // Too small for a border (fewer than 8 columns or 5 rows): the rows alone.
//! assert_eq!(frame.lines(16, 4)[0].plain_text(), "hello");
//! ```

pub mod filter;
pub mod help;
pub mod list;
pub mod panel;
pub mod split;
pub mod stack;
pub mod tabs;
pub mod textarea;
pub mod viewport;

pub use filter::{FilterLine, FilterMsg, FilterState, Filtered};
pub use help::Help;
pub use list::{List, ListState, Window};
pub use panel::{Panel, PanelRow};
pub use split::Split;
pub use stack::{Stack, StackItem};
pub use tabs::{Tab, Tabs};
pub use viewport::Viewport;

use crate::style::{Line, Span};
use crate::text::{pad_line, truncate_line};

/// Something that draws into a box: at most `height` lines, each at most `width` columns.
pub trait Block {
    fn lines(&self, width: usize, height: usize) -> Vec<Line>;

    /// The rows as a [`Panel`] draws them: [`Block::lines`] as content, except that a
    /// [`Stack`]'s dividers stay dividers, so a panel crosses its border with them.
    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        self.lines(width, height)
            .into_iter()
            .map(PanelRow::Content)
            .collect()
    }
}

/// A component drawn with state the model owns, as ratatui's `StatefulWidget`: the props say
/// what to draw, the state what the person did (a list's selection and scroll). Drawing reads
/// the state and never changes it, so a view stays a pure function of the model.
pub trait StatefulBlock {
    type State;

    /// At most `height` lines, each at most `width` columns, for `state`.
    fn lines_with(&self, state: &Self::State, width: usize, height: usize) -> Vec<Line>;

    /// The props and their state as one [`Block`], a node of a view tree.
    fn with_state<'s>(self, state: &'s Self::State) -> Stateful<'s, Self>
    where
        Self: Sized,
    {
        Stateful { block: self, state }
    }
}

/// A [`StatefulBlock`] with its state: a [`Block`] ([`StatefulBlock::with_state`]).
pub struct Stateful<'s, B: StatefulBlock> {
    pub block: B,
    pub state: &'s B::State,
}

impl<B: StatefulBlock> Block for Stateful<'_, B> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.block.lines_with(self.state, width, height)
    }
}

impl<B: Block + ?Sized> Block for &B {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        (**self).lines(width, height)
    }

    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        (**self).panel_rows(width, height)
    }
}

/// Pre-wrapped lines as a block: the first `height`, each cut to the width.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lines(pub Vec<Line>);

impl Block for Lines {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.0
            .iter()
            .take(height)
            .map(|line| cut(line, width))
            .collect()
    }
}

/// `line` itself when it fits `width`, else cut with "…".
pub(crate) fn cut(line: &Line, width: usize) -> Line {
    if line.width() <= width {
        line.clone()
    } else {
        truncate_line(line, width)
    }
}

/// [`cut`] for a line the caller owns: moved, not copied, when it fits.
pub(crate) fn cut_owned(line: Line, width: usize) -> Line {
    if line.width() <= width {
        line
    } else {
        truncate_line(&line, width)
    }
}

/// `line` cut to `columns` if wider, then padded with spaces to exactly `columns`.
pub(crate) fn fit(line: Line, columns: usize) -> Line {
    let width = line.width();
    if width > columns {
        return pad_line(&line, columns);
    }
    let mut line = line;
    if width < columns {
        line.push(Span::plain(" ".repeat(columns - width)));
    }
    line
}

/// Places `right` at the right edge of a row that starts with `left`, when both fit with a
/// column between them; otherwise `left` alone, cut to the width.
pub fn spread(left: Line, right: Line, width: usize) -> Line {
    let used = left.width() + right.width();
    if right.spans.is_empty() || used + 1 > width {
        return cut(&left, width);
    }
    let mut line = left;
    line.push(Span::plain(" ".repeat(width - used)));
    line.spans.extend(right.spans);
    line
}
