//! The option list measured: the rows of each item, and how short the descriptions of options
//! other than the focused one get so that every item of a long list shows: what the list asks
//! for when its rows are planned, and what it windows over when it is drawn.

use super::{DESCRIPTION_SHORT_ROWS, QuestionLayout, SELECTED_LABEL_ROWS};

impl QuestionLayout {
    /// The rows the list of the `shown` items asks for first, in a panel of `panel` rows: the
    /// focused label and the count row. The label: all of it while it takes at most half the
    /// panel (and at least its first two rows), reserved for the tallest one whichever is
    /// focused; the rest of a very long one comes with the list. Nothing matching the filter,
    /// the row that says so. With more than one item, a row for the count of those the window
    /// hides, if it does (else the list gets it): no item is hidden without a sign.
    pub fn list_head(&self, shown: &[usize], panel: usize, filtering: bool) -> [usize; 2] {
        let half = (panel / 2).max(SELECTED_LABEL_ROWS);
        let label_rows = shown.iter().map(|&i| self.items[i].label.len().min(half));
        let label = label_rows.max().unwrap_or(usize::from(filtering));
        [label, usize::from(shown.len() > 1)]
    }

    /// How short the other options' descriptions get (`None`: whole) and the rows the list
    /// wants at most, in at most `max` rows. Shortening them comes before cutting the
    /// `prompt_rest` rows of the prompt that did not fit yet: with room for all of them, when
    /// that lets every item show; else in all the rows.
    pub fn list_want(
        &self,
        shown: &[usize],
        max: usize,
        prompt_rest: usize,
    ) -> (Option<usize>, usize) {
        let generous = max.saturating_sub(prompt_rest);
        let (descriptions, want) = match self.descriptions(shown, generous) {
            (rows, want) if want <= generous => (rows, want),
            _ => self.descriptions(shown, max),
        };
        (descriptions, want.min(max))
    }

    /// Rows of item `i` in the list: its label and its description rows.
    pub fn item_rows(&self, i: usize, descriptions: Option<usize>, focused: bool) -> usize {
        self.items[i].label.len() + self.description_rows(i, descriptions, focused)
    }

    /// Description rows item `i` shows: all of them when it is focused (and shows its whole
    /// description, [`QuestionLayout::focus_whole`]) or when descriptions are not shortened,
    /// else at most `descriptions`.
    pub fn description_rows(&self, i: usize, descriptions: Option<usize>, focused: bool) -> usize {
        let all = self.items[i].description.len();
        match descriptions {
            Some(rows) if !(focused && self.focus_whole(i)) => all.min(rows),
            _ => all,
        }
    }

    /// Whether item `i`, focused, shows its whole description: unless the pane beside the
    /// list shows it.
    pub fn focus_whole(&self, i: usize) -> bool {
        !self.items[i].description_previewed
    }

    /// How many description rows the options other than the focused one keep (`None`: all)
    /// so that the `shown` items all show in `room` rows, and the rows the list then wants at
    /// most, whichever item is focused. When even labels alone do not fit, they are what the
    /// list windows over.
    fn descriptions(&self, shown: &[usize], room: usize) -> (Option<usize>, usize) {
        let whole: usize = shown.iter().map(|&i| self.items[i].height()).sum();
        if whole <= room {
            return (None, whole);
        }
        let want = |rows: usize| {
            let short = |i: usize| self.item_rows(i, Some(rows), false);
            let short_rows: usize = shown.iter().map(|&i| short(i)).sum();
            let focus = shown
                .iter()
                .map(|&i| self.item_rows(i, Some(rows), true) - short(i))
                .max()
                .unwrap_or(0);
            short_rows + focus
        };
        for rows in (1..=DESCRIPTION_SHORT_ROWS).rev() {
            let need = want(rows);
            if need <= room {
                return (Some(rows), need);
            }
        }
        (Some(0), want(0))
    }
}
