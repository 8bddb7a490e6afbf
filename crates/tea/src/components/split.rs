//! Two blocks side by side with a divider (" │ ") between them.
//!
//! The left column gets `ratio` of the width (9/20 by default, as the questionnaire splits its
//! option list and preview), at least `min_left` columns, and the right column the rest after
//! the divider, at least `min_right`. When the width cannot hold both minimums and the divider,
//! only the left block is drawn, across the whole width. Every row is exactly as wide as the
//! box while both columns show: the left column is padded so the divider lines up.
//!
//! ```
//! use tea::components::{Block, Rows, Split};
//! use tea::Line;
//!
//! let left = Rows::new(vec![Line::plain("one"), Line::plain("two")]);
//! let right = Rows::new(vec![Line::plain("preview")]);
//! let rows: Vec<String> = Split::new(left, right).ratio(1, 2).lines(20, 2)
//!     .iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["one        │ preview", "two        │"]);
//! ```

use super::{Block, PanelRow};
use crate::style::{Line, Slot, Span, Style};
use crate::text::{fitted, push_fitted, spaces};
use crate::view::Element;

/// Columns the divider takes: " │ ".
pub const GAP: usize = 3;

/// The props of a split.
pub struct Split<'a> {
    pub left: Element<'a>,
    pub right: Element<'a>,
    /// The left column's share of the width: numerator, denominator.
    pub ratio: (usize, usize),
    pub min_left: usize,
    pub min_right: usize,
    pub divider: Slot,
    /// Whether the divider keeps its trailing blank (" │ ") beside an empty right row.
    pub full_divider: bool,
}

impl<'a> Split<'a> {
    pub fn new(left: impl Block + 'a, right: impl Block + 'a) -> Split<'a> {
        Split {
            left: Element::new(left),
            right: Element::new(right),
            ratio: (9, 20),
            min_left: 1,
            min_right: 1,
            divider: Slot::BorderMuted,
            full_divider: false,
        }
    }

    /// Draws the whole divider, " │ ", on every row, also where the right block has no row.
    pub fn full_divider(mut self) -> Split<'a> {
        self.full_divider = true;
        self
    }

    pub fn ratio(mut self, numerator: usize, denominator: usize) -> Split<'a> {
        self.ratio = (numerator, denominator.max(1));
        self
    }

    pub fn min_widths(mut self, left: usize, right: usize) -> Split<'a> {
        self.min_left = left;
        self.min_right = right;
        self
    }

    /// The columns of the left and right block at `width`; `None` for the right one when
    /// only the left shows.
    pub fn widths(&self, width: usize) -> (usize, Option<usize>) {
        let (min_left, min_right) = (self.min_left.max(1), self.min_right.max(1));
        if width < min_left + GAP + min_right {
            return (width, None);
        }
        let share = width * self.ratio.0.min(self.ratio.1) / self.ratio.1;
        let left = share.clamp(min_left, width - GAP - min_right);
        (left, Some(width - GAP - left))
    }
}

impl Block for Split<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.joined(width, height, false)
    }

    /// The joined rows, the right block's padded too: each row is exactly `width` columns,
    /// each side measured once.
    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        let rows = self.joined(width, height, true);
        rows.into_iter().map(PanelRow::Content).collect()
    }
}

impl Split<'_> {
    /// The left block's rows padded to its width beside the right block's rows, those padded
    /// to theirs when `pad_right`.
    fn joined(&self, width: usize, height: usize, pad_right: bool) -> Vec<Line> {
        let (left_width, right_width) = self.widths(width);
        let left = self.left.lines(left_width, height);
        let Some(right_width) = right_width else {
            if pad_right {
                return left.into_iter().map(|l| fitted(l, width)).collect();
            }
            return left;
        };
        let right = self.right.lines(right_width, height);
        let rows = left.len().max(right.len()).min(height);
        let mut left = left.into_iter();
        let mut right = right.into_iter();
        let divider = Style::fg(self.divider);
        (0..rows)
            .map(|_| {
                let l = left.next().unwrap_or_default();
                let r = right.next().unwrap_or_default();
                let bg = l.bg;
                // Sized once for both sides, their padding, the divider and a frame's two
                // borders: a split's rows are most of a frame.
                let mut spans = Vec::with_capacity(l.spans.len() + r.spans.len() + 5);
                push_fitted(&mut spans, l, left_width);
                if r.spans.is_empty() && !self.full_divider {
                    spans.push(Span::styled(" │", divider.clone()));
                    if pad_right {
                        spans.push(Span::plain(spaces(right_width + 1)));
                    }
                } else {
                    spans.push(Span::styled(" │ ", divider.clone()));
                    if pad_right {
                        push_fitted(&mut spans, r, right_width);
                    } else {
                        // A block keeps its rows within the width it is given.
                        spans.extend(r.spans);
                    }
                }
                Line { spans, bg }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rows;
    use super::*;

    fn col(rows: &[&str]) -> Rows {
        Rows::new(rows.iter().map(|r| Line::plain(*r)).collect()).ellipsis()
    }

    #[test]
    fn widths_follow_the_ratio_and_the_minimums() {
        let (l, r) = (col(&[]), col(&[]));
        let split = Split::new(&l, &r);
        assert_eq!(split.widths(100), (45, Some(52)));
        assert_eq!(split.widths(5), (1, Some(1)));
        let split = Split::new(&l, &r).min_widths(10, 20);
        assert_eq!(split.widths(40), (17, Some(20)));
        assert_eq!(split.widths(32), (32, None));
        assert_eq!(Split::new(&l, &r).ratio(1, 1).widths(10), (6, Some(1)));
    }

    #[test]
    fn rows_line_up_at_the_divider() {
        let (l, r) = (col(&["a", "bb", "ccc"]), col(&["right side", "x"]));
        let rows: Vec<String> = Split::new(&l, &r)
            .ratio(1, 2)
            .lines(16, 5)
            .iter()
            .map(Line::plain_text)
            .collect();
        assert_eq!(rows, ["a        │ righ…", "bb       │ x", "ccc      │"]);
    }

    #[test]
    fn the_full_divider_keeps_its_blank_beside_empty_rows() {
        let (l, r) = (col(&["a", "b"]), col(&["x"]));
        let lines = Split::new(&l, &r).ratio(1, 2).full_divider().lines(10, 2);
        assert_eq!(lines[1].spans.last().unwrap().text, " │ ");
    }

    #[test]
    fn too_narrow_shows_the_left_block_alone() {
        let (l, r) = (col(&["left"]), col(&["right"]));
        let split = Split::new(&l, &r).min_widths(3, 3);
        assert_eq!(split.lines(8, 1)[0].plain_text(), "left");
        assert!(split.lines(8, 0).is_empty());
    }
}
