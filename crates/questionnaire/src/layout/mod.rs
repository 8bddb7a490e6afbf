//! Layout as data: the panel's height and what each part of the frame gets of it.
//!
//! - [`measure`]: text measured once per terminal size and preview expansion (wrapped
//!   prompts, labels and descriptions, rendered context and previews) and the panel height
//!   that follows from it (docs/behaviour.md#height).
//! - `list`: the option list measured (each item's rows; how short the other descriptions get
//!   so every item shows).
//!
//! What a question tab's parts get of that height is planned from the model at draw time
//! ([`crate::plan`]).

mod list;
pub mod measure;

pub use measure::{Measured, QuestionLayout};

/// From this many columns on, previews sit beside the option list.
pub const WIDE_MIN_COLUMNS: usize = 100;
/// The context viewport's rows, including its "↑/↓ N more" counter row.
pub const CONTEXT_MAX_ROWS: usize = 6;
/// Context rows kept (counter included) before the option list starts windowing.
pub const CONTEXT_KEPT_ROWS: usize = 4;
/// The prompt's rows granted before the rest of the list; the rest of a longer prompt comes
/// after it, and what still does not fit scrolls with the context.
pub const PROMPT_MAX_ROWS: usize = 3;
/// Description rows of an option other than the focused one when the list does not fit whole;
/// fewer still (down to none) when even that does not fit.
pub const DESCRIPTION_SHORT_ROWS: usize = 2;
/// A draft never takes more text rows than this; taller drafts clip around the cursor.
pub const EDITOR_MAX_ROWS: usize = 8;
/// Rows of the focused option's label always granted first (more while it fits in half the
/// panel).
pub const SELECTED_LABEL_ROWS: usize = 2;
/// Body rows an expanded narrow preview gets before other options when space is tight.
pub const PREVIEW_PREFERRED_ROWS: usize = 2;
/// Indent of an expanded narrow preview's body.
pub const NARROW_PREVIEW_INDENT: usize = 2;

/// The greatest scroll position of a prompt of `rows` rows shown in `height` rows (its last
/// row carries the count of hidden rows beside its text).
pub fn prompt_max_scroll(rows: usize, height: usize) -> usize {
    if height == 0 {
        0
    } else {
        rows.saturating_sub(height)
    }
}

/// The smallest height a share of the terminal gives, when the terminal has that many rows.
pub const MIN_SHARE_ROWS: usize = 12;

/// How many of the terminal's rows the panel may take at most (docs/behaviour.md#height): a
/// host's rule, given by its operator as `N` rows or `N%` of the terminal (fzf's `--height`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeightLimit {
    /// At most this many rows.
    Rows(u16),
    /// At most this percentage of the terminal's rows (1–100), but at least
    /// [`MIN_SHARE_ROWS`].
    Percent(u8),
}

impl HeightLimit {
    /// pi's default: 45 %, so the chat above stays visible.
    pub const SHARE: HeightLimit = HeightLimit::Percent(45);
    /// The whole terminal: the CLI's default.
    pub const FULL: HeightLimit = HeightLimit::Percent(100);

    /// The most rows the panel may take on a terminal of `terminal_rows` rows.
    pub fn cap(self, terminal_rows: usize) -> usize {
        match self {
            HeightLimit::Rows(rows) => rows.into(),
            HeightLimit::Percent(percent) => {
                MIN_SHARE_ROWS.max(terminal_rows * usize::from(percent) / 100)
            }
        }
        .min(terminal_rows)
    }
}

impl Default for HeightLimit {
    fn default() -> HeightLimit {
        HeightLimit::SHARE
    }
}

impl std::str::FromStr for HeightLimit {
    type Err = String;

    /// `N` (rows, at least 1) or `N%` (1–100).
    fn from_str(text: &str) -> Result<HeightLimit, String> {
        let text = text.trim();
        let invalid =
            || format!("expected a number of rows or a percentage (30, 60%); got {text:?}");
        match text.strip_suffix('%') {
            Some(percent) => match percent.trim().parse::<u8>() {
                Ok(p) if (1..=100).contains(&p) => Ok(HeightLimit::Percent(p)),
                Ok(_) => Err(format!("a percentage must be 1–100; got {text:?}")),
                Err(_) => Err(invalid()),
            },
            None => match text.parse::<u16>() {
                Ok(0) => Err(format!("the height must be at least 1 row; got {text:?}")),
                Ok(rows) => Ok(HeightLimit::Rows(rows)),
                Err(_) => Err(invalid()),
            },
        }
    }
}

/// The panel height: `min(need, cap)`, the cap from the host's [`HeightLimit`].
pub fn panel_height(need: usize, terminal_rows: usize, limit: HeightLimit) -> usize {
    need.min(limit.cap(terminal_rows))
}

/// The questionnaire's frame, tea's panel: it knows when its border fits and the size inside.
pub fn frame() -> tea::components::Panel {
    tea::components::Panel::rows(Vec::new())
}

/// The columns of the option list and the preview beside it in `inner` columns (`None` for
/// the preview when only the list fits).
pub fn beside(inner: usize) -> (usize, Option<usize>) {
    let none = tea::components::Rows::default();
    tea::components::Split::new(&none, &none).widths(inner)
}

/// Column geometry at one terminal width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub width: usize,
    /// Content columns inside the frame.
    pub inner: usize,
    /// Previews beside the list.
    pub wide: bool,
    /// The option list's columns (all of `inner` unless wide).
    pub list: usize,
    /// A preview's text columns (beside the list, or indented below it).
    pub preview: usize,
}

impl Geometry {
    /// The columns tea's frame and split give the parts at `width` (text is wrapped to them
    /// before the view draws it).
    pub fn new(width: usize) -> Geometry {
        // Any height that keeps the border: only the columns matter here.
        let (inner, _) = frame().inner(width, usize::MAX);
        let wide = width >= WIDE_MIN_COLUMNS;
        let (list, preview) = match beside(inner) {
            (list, Some(preview)) if wide => (list, preview),
            _ => (inner, inner.saturating_sub(NARROW_PREVIEW_INDENT).max(1)),
        };
        Geometry {
            width,
            inner,
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
        let share = HeightLimit::SHARE;
        assert_eq!(panel_height(30, 24, share), 12);
        assert_eq!(panel_height(8, 24, share), 8);
        assert_eq!(panel_height(30, 40, share), 18);
        assert_eq!(panel_height(30, 6, share), 6);
        assert_eq!(panel_height(100, 100, share), 45);
        assert_eq!(panel_height(30, 24, HeightLimit::FULL), 24);
        assert_eq!(panel_height(20, 24, HeightLimit::FULL), 20);
        assert_eq!(panel_height(30, 24, HeightLimit::Rows(15)), 15);
        assert_eq!(panel_height(30, 10, HeightLimit::Rows(15)), 10);
        assert_eq!(panel_height(100, 100, HeightLimit::Percent(60)), 60);
    }

    #[test]
    fn heights_read_as_rows_or_percentages() {
        assert_eq!("15".parse(), Ok(HeightLimit::Rows(15)));
        assert_eq!(" 60% ".parse(), Ok(HeightLimit::Percent(60)));
        assert_eq!("100%".parse(), Ok(HeightLimit::FULL));
        for bad in ["", "0", "0%", "101%", "-3", "ten", "%", "1.5"] {
            assert!(bad.parse::<HeightLimit>().is_err(), "{bad:?}");
        }
    }
}
