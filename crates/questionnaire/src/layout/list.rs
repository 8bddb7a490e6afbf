//! The option list measured: the rows of each item, and how short the descriptions of options
//! other than the focused one get so that every item of a long list shows: what the list asks
//! for when its rows are planned, and what it windows over when it is drawn.

use super::{DESCRIPTION_SHORT_ROWS, QuestionLayout};

impl QuestionLayout {
    /// Rows of item `i` in the list: whole when it is focused (and shows its whole
    /// description, [`QuestionLayout::focus_whole`]) or when descriptions are not shortened,
    /// else its label and at most `descriptions` rows of its description.
    pub fn item_rows(&self, i: usize, descriptions: Option<usize>, focused: bool) -> usize {
        let item = &self.items[i];
        match descriptions {
            Some(rows) if !(focused && self.focus_whole(i)) => {
                item.label.len() + item.description.len().min(rows)
            }
            _ => item.height(),
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
    pub fn descriptions(&self, shown: &[usize], room: usize) -> (Option<usize>, usize) {
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
