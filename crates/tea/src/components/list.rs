//! A list of multi-row items that scrolls itself, windowed by whole items so the selected
//! one is visible.
//!
//! As ratatui's `List` is a `StatefulWidget`, [`List`] is a [`StatefulBlock`]: the props (the
//! items, the cursor mark) are drawn with a [`ListState`] the model owns (the selected item and
//! the first item shown, `offset`). Drawing at a height finds the window itself: it keeps the
//! offset while the selection stays inside it, else scrolls by whole items just enough to show
//! the selection ([`ListState::window`]). An item taller than the whole height is shown alone,
//! cut at the bottom. So a model never computes the list's rows.
//!
//! ratatui writes the adjusted offset back into the state while rendering, so its model must
//! know its size to predict it. A tea list keyed with [`List::kept_as`] has the driver keep the
//! window it chose from one frame to the next ([`crate::kept`]): the model holds the selection
//! only, and the list stays put while the selection moves back inside it. Without a key the
//! window is a pure function of (selection, offset, height) from the state the model owns; a
//! model that keeps the offset itself uses [`ListState::scrolled`], the same function, at the
//! height it grants the list.
//!
//! Items are pre-wrapped lines (one `Vec<Line>` per item): the model wraps text once per width
//! and the list only picks rows, so drawing costs nothing per frame but the rows.
//!
//! ```
//! use tea::components::{Block, List, ListState, StatefulBlock};
//! use tea::Line;
//!
//! let items: Vec<Vec<Line>> = (1..=5)
//!     .map(|i| vec![Line::plain(format!("item {i}")), Line::plain("  details")])
//!     .collect();
//! let mut state = ListState::default();
//! state.select_last(items.len());
//! let list = List::new(&items).cursor("› ");
//! // Drawn at 4 rows, the list scrolls to the last item by itself.
//! let rows: Vec<String> = list.lines_with(&state, 12, 4)
//!     .iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["  item 4", "    details", "› item 5", "    details"]);
//! // In a view tree, the list and its state are one block.
//! assert_eq!(list.with_state(&state).lines(12, 4).len(), 4);
//! ```

use super::{StatefulBlock, cut, cut_owned};
use crate::kept;
use crate::style::{Line, Slot, Span, Style};

/// Which item is selected and which is the first shown. Owned by the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListState {
    pub selected: usize,
    pub offset: usize,
}

impl ListState {
    /// The next item, staying on the last.
    pub fn select_next(&mut self, len: usize) {
        self.selected = (self.selected + 1).min(len.saturating_sub(1));
    }

    /// The previous item, staying on the first.
    pub fn select_prev(&mut self) {
        self.selected = self.selected.saturating_sub(1);
    }

    pub fn select_first(&mut self) {
        self.selected = 0;
    }

    pub fn select_last(&mut self, len: usize) {
        self.selected = len.saturating_sub(1);
    }

    /// The window of items a list of items of these heights shows at `height` rows.
    pub fn window(&self, heights: &[usize], height: usize) -> Window {
        window(heights, self.selected, self.offset, height)
    }

    /// The state as drawing it at `height` rows leaves it (what ratatui's
    /// `render_stateful_widget` writes back): the offset of the window shown, the selection
    /// clamped to the items. Drawing the result shows the same window.
    pub fn scrolled(self, heights: &[usize], height: usize) -> ListState {
        let selected = self.selected.min(heights.len().saturating_sub(1));
        let w = window(heights, selected, self.offset, height);
        let offset = if w.end > w.start {
            w.start
        } else {
            self.offset.min(selected)
        };
        ListState { selected, offset }
    }
}

/// Items `start..end` shown in `rows` rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Window {
    pub start: usize,
    pub end: usize,
    pub rows: usize,
}

/// Windows whole items around `focus` within `budget` rows, keeping `offset` (the previous
/// first item) while the focus stays visible, then filling downwards and upwards. The focused
/// item is cut when it alone is taller than the budget.
pub fn window(heights: &[usize], focus: usize, offset: usize, budget: usize) -> Window {
    if heights.is_empty() || budget == 0 {
        return Window::default();
    }
    let focus = focus.min(heights.len() - 1);
    let mut start = offset.min(focus);
    let mut rows: usize = heights[start..=focus].iter().sum();
    while rows > budget && start < focus {
        rows -= heights[start];
        start += 1;
    }
    if rows > budget {
        return Window {
            start: focus,
            end: focus + 1,
            rows: budget,
        };
    }
    let mut end = focus + 1;
    while end < heights.len() && rows + heights[end] <= budget {
        rows += heights[end];
        end += 1;
    }
    while start > 0 && rows + heights[start - 1] <= budget {
        start -= 1;
        rows += heights[start];
    }
    Window { start, end, rows }
}

/// A window of whole items and what the rows under it show, so that no item is hidden
/// without a sign: when items are hidden, the last row counts them (with more than one row to
/// share); the rows left between the window and that count show the first rows of the next
/// item, cut. When the cut item is the only one hidden there is nothing to count, and the
/// count's row goes to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counted {
    pub window: Window,
    /// Rows of the item after the window, which does not fit whole.
    pub cut: usize,
    /// Rows of the count of hidden items (0 or 1).
    pub counter: usize,
}

/// [`window`] with a row for the count of hidden items and the next item cut into the rows
/// left over (see [`Counted`]).
pub fn counted_window(heights: &[usize], focus: usize, offset: usize, budget: usize) -> Counted {
    let mut window = window(heights, focus, offset, budget);
    let mut counter = 0;
    if window.end - window.start < heights.len() && budget >= 2 {
        window = self::window(heights, focus, offset, budget - 1);
        counter = 1;
    }
    let mut cut = 0;
    if window.end < heights.len() {
        cut = budget - window.rows - counter;
        let only_cut_hidden = window.start == 0 && window.end + 1 == heights.len();
        if cut > 0 && only_cut_hidden {
            cut += counter;
            counter = 0;
        }
    }
    Counted {
        window,
        cut,
        counter,
    }
}

/// The window a list keyed `key` shows at `height` rows: scrolled from the window the driver
/// kept at its last draw just enough to show `selected`, and kept for the next one ([`window`]
/// with the kept offset; from the top the first time, and outside a driver's draw).
pub fn kept_window(key: &str, heights: &[usize], selected: usize, height: usize) -> Window {
    let offset = kept::offset(key).unwrap_or(0);
    let w = window(heights, selected, offset, height);
    if w.end > w.start {
        kept::keep_offset(key, w.start);
    }
    w
}

/// The props of a list: its items and the mark of the selected one. Drawn with a
/// [`ListState`] ([`StatefulBlock`]).
#[derive(Debug, Clone)]
pub struct List<'a> {
    pub items: &'a [Vec<Line>],
    /// Drawn before the selected item's first row; other rows are indented by its width.
    pub cursor: Option<Span>,
    /// The key the driver keeps the window under ([`List::kept_as`]).
    pub kept: Option<&'a str>,
}

impl<'a> List<'a> {
    pub fn new(items: &'a [Vec<Line>]) -> List<'a> {
        List {
            items,
            cursor: None,
            kept: None,
        }
    }

    /// The driver keeps the window under `key` from frame to frame ([`kept_window`]); the
    /// state's `offset` is not read, so the model keeps only the selection.
    pub fn kept_as(mut self, key: &'a str) -> List<'a> {
        self.kept = Some(key);
        self
    }

    pub fn cursor(mut self, cursor: &str) -> List<'a> {
        self.cursor = Some(Span::styled(cursor, Style::fg(Slot::Accent).bold()));
        self
    }
}

impl StatefulBlock for List<'_> {
    type State = ListState;

    fn lines_with(&self, state: &ListState, width: usize, height: usize) -> Vec<Line> {
        let heights: Vec<usize> = self.items.iter().map(Vec::len).collect();
        let w = match self.kept {
            Some(key) => kept_window(key, &heights, state.selected, height),
            None => state.window(&heights, height),
        };
        let indent = self.cursor.as_ref().map_or(0, Span::width);
        let mut out = Vec::with_capacity(w.rows);
        for i in w.start..w.end {
            for (row, line) in self.items[i].iter().enumerate() {
                if out.len() == height {
                    return out;
                }
                let line = match &self.cursor {
                    None => cut(line, width),
                    Some(cursor) => {
                        let lead = if i == state.selected.min(heights.len() - 1) && row == 0 {
                            cursor.clone()
                        } else {
                            Span::plain(" ".repeat(indent))
                        };
                        let mut l = Line::new(vec![lead]);
                        l.bg = line.bg;
                        l.spans.extend(line.spans.iter().cloned());
                        cut_owned(l, width)
                    }
                };
                out.push(line);
            }
        }
        out
    }
}

/// A list drawn without a cursor mark from items built for one drawing (say, only those a
/// window shows): the shown rows are moved out of `items`, not copied.
pub fn lines_of(
    items: Vec<Vec<Line>>,
    state: &ListState,
    width: usize,
    height: usize,
) -> Vec<Line> {
    let heights: Vec<usize> = items.iter().map(Vec::len).collect();
    let w = state.window(&heights, height);
    items
        .into_iter()
        .take(w.end)
        .skip(w.start)
        .flatten()
        .take(height)
        .map(|line| cut_owned(line, width))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::Block;
    use super::*;

    fn items(heights: &[usize]) -> Vec<Vec<Line>> {
        heights
            .iter()
            .enumerate()
            .map(|(i, &h)| (0..h).map(|r| Line::plain(format!("{i}.{r}"))).collect())
            .collect()
    }

    fn state(selected: usize, offset: usize) -> ListState {
        ListState { selected, offset }
    }

    fn rows(list: &List<'_>, state: ListState, width: usize, height: usize) -> Vec<String> {
        list.lines_with(&state, width, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    /// The first and last item of the window as drawn (`None` when nothing is).
    fn shown(heights: &[usize], state: ListState, height: usize) -> Option<(usize, usize)> {
        let w = state.window(heights, height);
        (w.end > w.start).then(|| (w.start, w.end - 1))
    }

    #[test]
    fn selection_helpers_stay_inside_the_list() {
        let mut s = ListState::default();
        s.select_prev();
        assert_eq!(s.selected, 0);
        s.select_next(3);
        s.select_next(3);
        s.select_next(3);
        assert_eq!(s.selected, 2);
        s.select_first();
        assert_eq!(s.selected, 0);
        s.select_last(7);
        assert_eq!(s.selected, 6);
        s.select_last(0);
        assert_eq!(s.selected, 0);
    }

    #[test]
    fn the_cursor_at_the_top_shows_the_first_items() {
        let h = [1; 10];
        assert_eq!(shown(&h, state(0, 0), 3), Some((0, 2)));
        // An offset past the cursor scrolls back up to it.
        assert_eq!(shown(&h, state(0, 7), 3), Some((0, 2)));
    }

    #[test]
    fn the_cursor_at_the_bottom_shows_the_last_items() {
        let h = [1; 10];
        assert_eq!(shown(&h, state(9, 0), 3), Some((7, 9)));
        assert_eq!(
            shown(&h, state(9, 9), 3),
            Some((7, 9)),
            "the window fills upwards"
        );
    }

    #[test]
    fn a_cursor_beyond_the_items_shows_the_last() {
        let h = [1; 5];
        assert_eq!(shown(&h, state(99, 0), 3), Some((2, 4)));
        assert_eq!(state(99, 0).scrolled(&h, 3), state(4, 2));
    }

    #[test]
    fn the_window_keeps_its_offset_while_the_cursor_is_inside_it() {
        let h = [1; 10];
        // Moving down past the window scrolls just enough...
        let s = state(5, 0).scrolled(&h, 3);
        assert_eq!(s, state(5, 3));
        // ...and moving back up inside it keeps it.
        assert_eq!(shown(&h, state(4, s.offset), 3), Some((3, 5)));
        assert_eq!(shown(&h, state(3, s.offset), 3), Some((3, 5)));
        // Above it, it scrolls up to the cursor.
        assert_eq!(shown(&h, state(2, s.offset), 3), Some((2, 4)));
    }

    #[test]
    fn windows_hold_whole_items() {
        let h = [2, 2, 2, 2, 2];
        assert_eq!(
            window(&h, 0, 0, 5),
            Window {
                start: 0,
                end: 2,
                rows: 4
            }
        );
        assert_eq!(
            window(&h, 2, 0, 5),
            Window {
                start: 1,
                end: 3,
                rows: 4
            }
        );
        // A focus taller than the budget is shown alone, cut.
        assert_eq!(
            window(&[1, 9, 1], 1, 0, 3),
            Window {
                start: 1,
                end: 2,
                rows: 3
            }
        );
        assert_eq!(window(&[], 0, 0, 5), Window::default());
    }

    #[test]
    fn height_zero_shows_nothing_and_keeps_the_state() {
        let h = [1; 4];
        assert_eq!(shown(&h, state(2, 1), 0), None);
        assert_eq!(state(3, 9).scrolled(&h, 0), state(3, 3));
        assert!(rows(&List::new(&items(&h)), state(2, 1), 10, 0).is_empty());
    }

    #[test]
    fn height_one_shows_the_selected_item() {
        let h = [1, 3, 1];
        for selected in 0..3 {
            assert_eq!(shown(&h, state(selected, 0), 1), Some((selected, selected)));
        }
        let items = items(&h);
        assert_eq!(rows(&List::new(&items), state(1, 0), 10, 1), ["1.0"]);
    }

    #[test]
    fn a_shrinking_height_keeps_the_cursor_visible() {
        let h = [1; 10];
        let mut s = state(6, 0).scrolled(&h, 8);
        assert_eq!(s, state(6, 0));
        for height in (1..8).rev() {
            s = s.scrolled(&h, height);
            let (first, last) = shown(&h, s, height).unwrap();
            assert!(first <= 6 && 6 <= last, "height {height}: {first}..={last}");
            assert_eq!(last - first + 1, height);
        }
        assert_eq!(s, state(6, 6));
        // Growing again fills around the cursor.
        assert_eq!(shown(&h, s, 10), Some((0, 9)));
    }

    #[test]
    fn a_narrowing_filter_clamps_the_window_to_the_items_left() {
        // 10 matches scrolled to the end, then the query leaves 3: the cursor (a position
        // among the matches) is past them; the list shows the last.
        let s = state(9, 0).scrolled(&[1; 10], 4);
        assert_eq!(s, state(9, 6));
        assert_eq!(shown(&[1; 3], s, 4), Some((0, 2)));
        assert_eq!(s.scrolled(&[1; 3], 4), state(2, 0));
        // None left: nothing to draw.
        assert_eq!(shown(&[], s, 4), None);
        assert!(rows(&List::new(&[]), s, 10, 4).is_empty());
    }

    #[test]
    fn drawing_the_scrolled_state_shows_the_same_window() {
        let h = [2, 1, 3, 1, 1, 2];
        for selected in 0..h.len() {
            for offset in 0..h.len() {
                for height in 0..8 {
                    let s = state(selected, offset);
                    let after = s.scrolled(&h, height);
                    assert_eq!(after.window(&h, height), s.window(&h, height));
                }
            }
        }
    }

    #[test]
    fn counted_windows_say_what_they_hide() {
        let counted = |heights: &[usize], focus, budget| counted_window(heights, focus, 0, budget);
        // Everything fits: no count, no cut.
        let all = counted(&[1, 2, 1], 0, 4);
        assert_eq!(
            (all.window.end, all.cut, all.counter, all.window.rows),
            (3, 0, 0, 4)
        );
        // Items hidden: the last row counts them.
        let some = counted(&[1, 1, 1, 1, 1], 0, 3);
        assert_eq!((some.window.start, some.window.end), (0, 2));
        assert_eq!((some.cut, some.counter), (0, 1));
        // Rows left above the count show the next item's first rows.
        let cut = counted(&[1, 3, 2, 1], 0, 4);
        assert_eq!((cut.window.end, cut.cut, cut.counter), (1, 2, 1));
        // The cut item is the only one hidden: nothing to count, its row goes to it.
        let last = counted(&[1, 3], 0, 3);
        assert_eq!((last.window.end, last.cut, last.counter), (1, 2, 0));
        // One row: the focused item, no count.
        let one = counted(&[1, 1, 1], 1, 1);
        assert_eq!((one.window.start, one.window.end, one.counter), (1, 2, 0));
        assert_eq!(counted(&[], 0, 3), Counted::default());
    }

    #[test]
    fn the_list_draws_the_window_of_whole_items() {
        let items = items(&[2, 1, 3]);
        let list = List::new(&items);
        let s = state(2, 0);
        assert_eq!(rows(&list, s, 10, 4), ["1.0", "2.0", "2.1", "2.2"]);
        assert_eq!(rows(&list, s, 10, 2), ["2.0", "2.1"], "a tall item is cut");
        assert_eq!(rows(&list, s, 2, 1), ["2…"]);
        assert!(rows(&list, s, 10, 0).is_empty());
        assert!(rows(&List::new(&[]), ListState::default(), 10, 4).is_empty());
        // As a block of a view tree, with its state.
        assert_eq!(
            list.clone().with_state(&s).lines(10, 4),
            list.lines_with(&s, 10, 4)
        );
    }

    #[test]
    fn owned_items_draw_as_the_list_draws_them() {
        let items = items(&[2, 1, 3, 1]);
        for (selected, offset, height) in [(2, 0, 4), (2, 0, 2), (0, 0, 9), (3, 1, 3), (1, 0, 0)] {
            let s = state(selected, offset);
            assert_eq!(
                lines_of(items.clone(), &s, 3, height),
                List::new(&items).lines_with(&s, 3, height)
            );
        }
    }

    #[test]
    fn the_cursor_marks_the_selected_item() {
        let items = items(&[1, 2]);
        let list = List::new(&items).cursor("› ");
        assert_eq!(rows(&list, state(1, 0), 10, 5), ["  0.0", "› 1.0", "  1.1"]);
    }
}
