//! A list of multi-row items, windowed by whole items so the selected one is visible.
//!
//! The model owns a [`ListState`] (the selected item and the first item shown) and passes it
//! in; the list never changes it. Call [`ListState::fit`] in `update` (or before drawing) to
//! move the offset just enough for the selection to show at the height it gets: the window
//! keeps its offset while the selection stays inside it, then scrolls by whole items. An
//! item taller than the whole height is shown alone, cut at the bottom.
//!
//! Items are pre-wrapped lines (one `Vec<Line>` per item): the model wraps text once per width
//! and the list only picks rows, so drawing costs nothing per frame but the rows.
//!
//! ```
//! use tea::components::{Block, List, ListState};
//! use tea::Line;
//!
//! let items: Vec<Vec<Line>> = (1..=5)
//!     .map(|i| vec![Line::plain(format!("item {i}")), Line::plain("  details")])
//!     .collect();
//! let mut state = ListState::default();
//! state.select_last(items.len());
//! let heights: Vec<usize> = items.iter().map(Vec::len).collect();
//! state.fit(&heights, 4);
//! assert_eq!(state, ListState { selected: 4, offset: 3 });
//! let rows: Vec<String> = List::new(&items, state).cursor("› ").lines(12, 4)
//!     .iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["  item 4", "    details", "› item 5", "    details"]);
//! ```

use super::{Block, cut, cut_owned};
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

    /// The window of items shown at `height` rows for items of these heights.
    pub fn window(&self, heights: &[usize], height: usize) -> Window {
        window(heights, self.selected, self.offset, height)
    }

    /// Moves the offset so the selected item shows at `height` rows (and clamps the selection
    /// to the items).
    pub fn fit(&mut self, heights: &[usize], height: usize) {
        *self = self.fitted(heights, height);
    }

    /// [`ListState::fit`] as a pure function.
    pub fn fitted(self, heights: &[usize], height: usize) -> ListState {
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

/// The props of a list.
#[derive(Debug, Clone)]
pub struct List<'a> {
    pub items: &'a [Vec<Line>],
    pub state: ListState,
    /// Drawn before the selected item's first row; other rows are indented by its width.
    pub cursor: Option<Span>,
}

impl<'a> List<'a> {
    pub fn new(items: &'a [Vec<Line>], state: ListState) -> List<'a> {
        List {
            items,
            state,
            cursor: None,
        }
    }

    pub fn cursor(mut self, cursor: &str) -> List<'a> {
        self.cursor = Some(Span::styled(cursor, Style::fg(Slot::Accent).bold()));
        self
    }
}

impl Block for List<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let heights: Vec<usize> = self.items.iter().map(Vec::len).collect();
        let w = self.state.window(&heights, height);
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
                        let lead = if i == self.state.selected.min(heights.len() - 1) && row == 0 {
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

/// [`List::lines`] without a cursor, for items built for one drawing (say, only those a
/// window shows): the shown rows are moved out of `items`, not copied.
pub fn lines_of(items: Vec<Vec<Line>>, state: ListState, width: usize, height: usize) -> Vec<Line> {
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
    use super::*;

    fn items(heights: &[usize]) -> Vec<Vec<Line>> {
        heights
            .iter()
            .enumerate()
            .map(|(i, &h)| (0..h).map(|r| Line::plain(format!("{i}.{r}"))).collect())
            .collect()
    }

    fn rows(list: &List<'_>, width: usize, height: usize) -> Vec<String> {
        list.lines(width, height)
            .iter()
            .map(Line::plain_text)
            .collect()
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
    fn windows_keep_the_offset_and_whole_items() {
        let h = [2, 2, 2, 2, 2];
        assert_eq!(
            window(&h, 0, 0, 5),
            Window {
                start: 0,
                end: 2,
                rows: 4
            }
        );
        // Moving down past the window scrolls just enough.
        assert_eq!(
            window(&h, 2, 0, 5),
            Window {
                start: 1,
                end: 3,
                rows: 4
            }
        );
        // Moving back up inside the window keeps it.
        assert_eq!(window(&h, 1, 1, 5).start, 1);
        // A focus taller than the budget is cut.
        assert_eq!(
            window(&[1, 9, 1], 1, 0, 3),
            Window {
                start: 1,
                end: 2,
                rows: 3
            }
        );
        // More room fills upwards too.
        assert_eq!(window(&h, 4, 4, 10).start, 0);
        assert_eq!(window(&[], 0, 0, 5), Window::default());
        assert_eq!(window(&h, 0, 0, 0), Window::default());
    }

    #[test]
    fn fit_moves_the_offset_and_clamps_the_selection() {
        let h = [1, 1, 1, 1, 1, 1];
        let s = ListState {
            selected: 5,
            offset: 0,
        }
        .fitted(&h, 3);
        assert_eq!(
            s,
            ListState {
                selected: 5,
                offset: 3
            }
        );
        let s = ListState {
            selected: 4,
            offset: 3,
        }
        .fitted(&h, 3);
        assert_eq!(s.offset, 3, "still visible: the window stays");
        let s = ListState {
            selected: 2,
            offset: 3,
        }
        .fitted(&h, 3);
        assert_eq!(s.offset, 2, "above the window: it scrolls up to it");
        let s = ListState {
            selected: 99,
            offset: 0,
        }
        .fitted(&h, 3);
        assert_eq!(
            s,
            ListState {
                selected: 5,
                offset: 3
            }
        );
        let mut s = ListState {
            selected: 3,
            offset: 9,
        };
        s.fit(&h, 0);
        assert_eq!(
            s,
            ListState {
                selected: 3,
                offset: 3
            }
        );
    }

    #[test]
    fn the_list_draws_the_window_of_whole_items() {
        let items = items(&[2, 1, 3]);
        let list = List::new(
            &items,
            ListState {
                selected: 2,
                offset: 0,
            },
        );
        assert_eq!(rows(&list, 10, 4), ["1.0", "2.0", "2.1", "2.2"]);
        assert_eq!(rows(&list, 10, 2), ["2.0", "2.1"], "a tall item is cut");
        assert_eq!(rows(&list, 2, 1), ["2…"]);
        assert!(rows(&list, 10, 0).is_empty());
        assert!(rows(&List::new(&[], ListState::default()), 10, 4).is_empty());
    }

    #[test]
    fn owned_items_draw_as_the_list_draws_them() {
        let items = items(&[2, 1, 3, 1]);
        for (selected, offset, height) in [(2, 0, 4), (2, 0, 2), (0, 0, 9), (3, 1, 3), (1, 0, 0)] {
            let state = ListState { selected, offset };
            assert_eq!(
                lines_of(items.clone(), state, 3, height),
                List::new(&items, state).lines(3, height)
            );
        }
    }

    #[test]
    fn the_cursor_marks_the_selected_item() {
        let items = items(&[1, 2]);
        let list = List::new(
            &items,
            ListState {
                selected: 1,
                offset: 0,
            },
        )
        .cursor("› ");
        assert_eq!(rows(&list, 10, 5), ["  0.0", "› 1.0", "  1.1"]);
    }
}
