//! Blocks stacked top to bottom; when the height is short, rows go by priority.
//!
//! Each child declares a priority, the rows it needs to be useful at all (`min`) and the rows
//! it would like (`preferred`). [`allocate`] first grants minimums from the highest priority
//! down (a child whose minimum no longer fits gets nothing: it hides), then tops children up
//! to their preferred rows in the same order. So when the terminal shrinks, the lowest
//! priority shrinks first, then hides. Children are drawn in their declared order, each padded
//! to exactly the rows it was granted, so the layout does not jump when content is short.
//!
//! ```
//! use tea::components::{Block, Rows, Stack, StackItem};
//! use tea::Line;
//!
//! let title = Rows::new(vec![Line::plain("Title")]).ellipsis();
//! let body = Rows::new((1..=9).map(|i| Line::plain(format!("row {i}"))).collect()).ellipsis();
//! let footer = Rows::new(vec![Line::plain("esc cancel")]).ellipsis();
//! let stack = Stack::new(vec![
//!     StackItem::new(&title, 1, 1).priority(2),
//!     StackItem::new(&body, 1, 9).priority(1),
//!     StackItem::new(&footer, 1, 1).priority(0),
//! ]);
//! let rows: Vec<String> = stack.lines(12, 3).iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["Title", "row 1", "esc cancel"]);
//! let rows: Vec<String> = stack.lines(12, 2).iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["Title", "row 1"]);
//! ```

use super::{Block, PanelRow};
use crate::style::Line;
use crate::style::{Slot, Style};
use crate::text::spaces;
use crate::view::Element;

/// A child of a stack with its row needs.
pub struct StackItem<'a> {
    pub block: Element<'a>,
    /// Higher goes first; ties go in declared order.
    pub priority: i32,
    pub min: usize,
    pub preferred: usize,
    /// A rule across the stack (`├───┤` inside a frame) instead of a block's rows.
    pub divider: bool,
}

impl<'a> StackItem<'a> {
    pub fn new(block: impl Block + 'a, min: usize, preferred: usize) -> StackItem<'a> {
        StackItem {
            block: Element::new(block),
            priority: 0,
            min,
            preferred: preferred.max(min),
            divider: false,
        }
    }

    /// A one-row rule between the items around it.
    pub fn divider() -> StackItem<'a> {
        StackItem {
            divider: true,
            ..StackItem::new(super::Rows::default(), 1, 1)
        }
    }

    pub fn priority(mut self, priority: i32) -> StackItem<'a> {
        self.priority = priority;
        self
    }
}

/// A child's needs for [`allocate`]: (priority, min, preferred).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Need {
    pub priority: i32,
    pub min: usize,
    pub preferred: usize,
}

/// Rows granted to each child (in declared order) out of `height`.
pub fn allocate(needs: &[Need], height: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..needs.len()).collect();
    // Stable: equal priorities keep their declared order.
    order.sort_by_key(|&i| std::cmp::Reverse(needs[i].priority));
    let mut granted = vec![0; needs.len()];
    let mut left = height;
    for &i in &order {
        let min = needs[i].min;
        if min <= left {
            granted[i] = min;
            left -= min;
        }
    }
    for &i in &order {
        // A hidden child (minimum not met) stays hidden; a zero-minimum child may grow.
        if granted[i] == 0 && needs[i].min > 0 {
            continue;
        }
        let more = needs[i].preferred.max(needs[i].min) - granted[i];
        let extra = more.min(left);
        granted[i] += extra;
        left -= extra;
    }
    granted
}

/// Grants one stage of asks (priority, rows) out of the `left` rows, as [`allocate`] grants
/// children with no minimum: by priority (ties in the order given), each as much as it asks
/// while rows are left; the granted rows are taken from `left`. A layout whose later asks
/// depend on what earlier ones got grants them in stages, one call each.
pub fn grant<const N: usize>(left: &mut usize, asks: [(i32, usize); N]) -> [usize; N] {
    let needs = asks.map(|(priority, rows)| Need {
        priority,
        min: 0,
        preferred: rows,
    });
    let granted = allocate(&needs, *left);
    *left -= granted.iter().sum::<usize>();
    std::array::from_fn(|i| granted[i])
}

/// The props of a stack.
pub struct Stack<'a> {
    pub items: Vec<StackItem<'a>>,
}

impl<'a> Stack<'a> {
    pub fn new(items: Vec<StackItem<'a>>) -> Stack<'a> {
        Stack { items }
    }

    /// Rows each child gets at `height`.
    pub fn allocation(&self, height: usize) -> Vec<usize> {
        let needs: Vec<Need> = self
            .items
            .iter()
            .map(|c| Need {
                priority: c.priority,
                min: c.min,
                preferred: c.preferred,
            })
            .collect();
        allocate(&needs, height)
    }
}

impl Block for Stack<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let mut out = Vec::with_capacity(height);
        for (item, rows) in self.items.iter().zip(self.allocation(height)) {
            if rows == 0 {
                continue;
            }
            if item.divider {
                let rule = Line::styled(super::panel::rule(width), Style::fg(Slot::Border));
                out.extend(std::iter::repeat_n(rule, rows));
                continue;
            }
            let mut lines = item.block.lines(width, rows);
            lines.truncate(rows);
            lines.resize(rows, Line::default());
            out.extend(lines);
        }
        out
    }

    /// The children's panel rows in declared order, each child padded to its grant with blank
    /// rows; a divider stays a divider, so a frame around the stack draws it across its border.
    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        let mut out = Vec::with_capacity(height);
        for (item, rows) in self.items.iter().zip(self.allocation(height)) {
            if rows == 0 {
                continue;
            }
            if item.divider {
                out.extend(std::iter::repeat_n(PanelRow::Divider, rows));
                continue;
            }
            let mut lines = item.block.panel_rows(width, rows);
            lines.truncate(rows);
            lines.resize_with(rows, || PanelRow::Content(Line::plain(spaces(width))));
            out.extend(lines);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rows;
    use super::*;

    fn need(priority: i32, min: usize, preferred: usize) -> Need {
        Need {
            priority,
            min,
            preferred,
        }
    }

    #[test]
    fn a_stage_grants_by_priority_and_takes_what_it_granted() {
        let mut left = 5;
        assert_eq!(grant(&mut left, [(0, 3), (2, 2), (1, 2)]), [1, 2, 2]);
        assert_eq!(left, 0);
        let mut left = 9;
        assert_eq!(grant(&mut left, [(0, 3), (2, 2)]), [3, 2]);
        assert_eq!(grant(&mut left, [(0, 9)]), [4]);
        assert_eq!(left, 0);
    }

    #[test]
    fn equal_priorities_in_a_stage_go_in_the_order_given() {
        let mut left = 2;
        assert_eq!(grant(&mut left, [(0, 1), (0, 1), (0, 1)]), [1, 1, 0]);
        assert_eq!(left, 0);
    }

    #[test]
    fn enough_rows_give_everyone_their_preference() {
        let needs = [need(0, 1, 3), need(1, 2, 4)];
        assert_eq!(allocate(&needs, 20), [3, 4]);
    }

    #[test]
    fn short_rows_shrink_the_lowest_priority_first() {
        let needs = [need(0, 1, 3), need(1, 2, 4)];
        assert_eq!(allocate(&needs, 6), [2, 4]);
        assert_eq!(allocate(&needs, 5), [1, 4]);
        assert_eq!(allocate(&needs, 3), [1, 2]);
    }

    #[test]
    fn then_the_lowest_priority_hides() {
        let needs = [need(0, 1, 3), need(1, 2, 4)];
        assert_eq!(allocate(&needs, 2), [0, 2]);
        assert_eq!(allocate(&needs, 1), [1, 0], "what fits still shows");
        assert_eq!(allocate(&needs, 0), [0, 0]);
    }

    #[test]
    fn ties_go_in_declared_order_and_zero_minimums_can_grow() {
        let needs = [need(0, 0, 2), need(0, 0, 2)];
        assert_eq!(allocate(&needs, 3), [2, 1]);
    }

    #[test]
    fn without_minimums_each_child_is_whole_before_a_lower_one_gets_rows() {
        // Declared lowest first; granted highest first, in every height up to all they ask.
        let needs = [need(0, 0, 3), need(1, 0, 2), need(2, 0, 1), need(3, 0, 2)];
        let expected: [[usize; 4]; 9] = [
            [0, 0, 0, 0],
            [0, 0, 0, 1],
            [0, 0, 0, 2],
            [0, 0, 1, 2],
            [0, 1, 1, 2],
            [0, 2, 1, 2],
            [1, 2, 1, 2],
            [2, 2, 1, 2],
            [3, 2, 1, 2],
        ];
        for (height, granted) in expected.iter().enumerate() {
            assert_eq!(allocate(&needs, height), granted, "height {height}");
        }
        assert_eq!(
            allocate(&needs, 12),
            [3, 2, 1, 2],
            "more rows than asked stay unused"
        );
    }

    #[test]
    fn children_are_padded_to_their_rows_in_declared_order() {
        let a = Rows::new(vec![Line::plain("a")]).ellipsis();
        let b = Rows::new((0..5).map(|i| Line::plain(format!("b{i}"))).collect()).ellipsis();
        let stack = Stack::new(vec![
            StackItem::new(&a, 1, 2).priority(0),
            StackItem::new(&b, 1, 3).priority(1),
        ]);
        let rows: Vec<String> = stack.lines(5, 5).iter().map(Line::plain_text).collect();
        assert_eq!(rows, ["a", "", "b0", "b1", "b2"]);
        assert_eq!(stack.allocation(3), [1, 2]);
    }
}
