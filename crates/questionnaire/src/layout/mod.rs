//! Layout as data: the panel's height and what each part of the frame gets of it.
//!
//! - [`measure`]: text measured once per terminal size and preview expansion (wrapped
//!   prompts, labels and descriptions, rendered context and previews) and the panel height
//!   that follows from it (docs/behaviour.md#height).
//! - [`plan`]: the row budget of the shown tab ([`Plan`]): which rows each component gets,
//!   granted in the order docs/behaviour.md#tiny-terminals gives, and the scroll positions
//!   clamped to them. The view only arranges what the plan decided.

pub mod measure;
pub mod plan;

pub use measure::{ItemRows, Measured, QuestionLayout};
pub use plan::{Plan, PlanInput, QuestionInput, ReviewInput, TabInput, plan};

/// From this many columns on, previews sit beside the option list.
pub const WIDE_MIN_COLUMNS: usize = 100;
/// The context viewport's rows, including its "↑/↓ N more" counter row.
pub const CONTEXT_MAX_ROWS: usize = 6;
/// Context rows kept (counter included) before the option list starts windowing.
pub const CONTEXT_KEPT_ROWS: usize = 4;
/// The prompt's rows; longer prompts end with "…".
pub const PROMPT_MAX_ROWS: usize = 3;
/// A draft never takes more text rows than this; taller drafts clip around the cursor.
pub const EDITOR_MAX_ROWS: usize = 8;
/// Rows of the focused option's label always granted first (more while it fits in half the
/// panel).
pub const SELECTED_LABEL_ROWS: usize = 2;
/// Body rows an expanded narrow preview gets before other options when space is tight.
pub const PREVIEW_PREFERRED_ROWS: usize = 2;
/// Indent of an expanded narrow preview's body.
pub const NARROW_PREVIEW_INDENT: usize = 2;
/// Narrower than this, rows have no side borders.
pub const MIN_FRAMED_WIDTH: usize = 8;
/// Lower than this, the panel has no top and bottom border.
pub const MIN_FRAMED_HEIGHT: usize = 5;
/// The option list's share of the width when a preview sits beside it: 9/20.
pub const LIST_SHARE: (usize, usize) = (9, 20);

/// The panel height: `min(need, max(12, floor(rows × 0.45)), rows)`.
pub fn panel_height(need: usize, terminal_rows: usize) -> usize {
    need.min(12.max(terminal_rows * 45 / 100))
        .min(terminal_rows)
}

/// Column geometry at one terminal width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub width: usize,
    /// Content columns inside the frame.
    pub inner: usize,
    /// Wide enough for the side borders.
    pub framed_sides: bool,
    /// Previews beside the list.
    pub wide: bool,
    /// The option list's columns (all of `inner` unless wide).
    pub list: usize,
    /// A preview's text columns (beside the list, or indented below it).
    pub preview: usize,
}

impl Geometry {
    pub fn new(width: usize) -> Geometry {
        let framed_sides = width >= MIN_FRAMED_WIDTH;
        let inner = if framed_sides {
            width - tea::components::frame::SIDES
        } else {
            width
        };
        let wide = width >= WIDE_MIN_COLUMNS;
        let (list, preview) = if wide {
            // The same columns tea's `Split` gives the list and the preview beside it.
            let list = inner * LIST_SHARE.0 / LIST_SHARE.1;
            (list, inner - list - tea::components::split::GAP)
        } else {
            (inner, inner.saturating_sub(NARROW_PREVIEW_INDENT).max(1))
        };
        Geometry {
            width,
            inner,
            framed_sides,
            wide,
            list,
            preview,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn height_formula() {
        assert_eq!(panel_height(30, 24), 12);
        assert_eq!(panel_height(8, 24), 8);
        assert_eq!(panel_height(30, 40), 18);
        assert_eq!(panel_height(30, 6), 6);
        assert_eq!(panel_height(100, 100), 45);
    }

    #[test]
    fn wide_columns_are_the_split_of_tea() {
        let g = Geometry::new(120);
        let (l, r) = (
            tea::components::Lines(vec![]),
            tea::components::Lines(vec![]),
        );
        let split = tea::components::Split::new(&l, &r).ratio(LIST_SHARE.0, LIST_SHARE.1);
        assert_eq!(split.widths(g.inner), (g.list, Some(g.preview)));
    }
}
