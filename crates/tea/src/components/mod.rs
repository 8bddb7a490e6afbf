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
//! - `filter` (feature `filter`): fuzzy filtering for lists (`FilterState`), the query row and
//!   highlights.
//! - [`viewport`]: a scrolled window over lines with a range header ("1–8/41  ↓ 33 more").
//! - [`split`]: two blocks side by side with a divider.
//! - [`stack`]: blocks stacked vertically, rows handed out by priority.
//! - [`help`]: the help footer from a [`crate::keymap::Keymap`]'s entries.
//! - [`textarea`]: a multi-line editor with undo, redo and a kill ring.
//!
//! ```
//! use tea::components::{Block, Panel, Rows};
//! use tea::Line;
//!
//! let body = Rows::new(vec![Line::plain("hello")]);
//! let frame = Panel::around(&body).title("Greeting");
//! let rows: Vec<String> = frame.lines(16, 5).iter().map(Line::plain_text).collect();
//! assert_eq!(rows[..2], ["╭─ Greeting ───╮", "│ hello        │"]);
//! assert_eq!(rows[4], "╰──────────────╯");
//! // Too small for a border (fewer than 8 columns or 5 rows): the rows alone, as wide as the box.
//! assert_eq!(frame.lines(16, 4)[0].plain_text(), "hello           ");
//! ```

#[cfg(feature = "filter")]
pub mod filter;
pub mod help;
pub mod list;
pub mod panel;
pub mod split;
pub mod stack;
pub mod tabs;
pub mod textarea;
pub mod viewport;

#[cfg(feature = "filter")]
pub use filter::{FilterLine, FilterMsg, FilterState, Filtered};
pub use help::Help;
pub use list::{List, ListState, Window};
pub use panel::Panel;
pub use split::Split;
pub use stack::{Stack, StackItem};
pub use tabs::{Tab, Tabs};
pub use viewport::Viewport;

pub use crate::block::{Block, PanelRow, Rows, Stateful, StatefulBlock};
pub(crate) use crate::text::{cut, cut_owned};

use crate::style::{Line, Span};

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
