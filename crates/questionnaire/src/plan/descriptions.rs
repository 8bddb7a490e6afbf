//! How short the descriptions of options other than the focused one get, so that every item
//! of a long list shows.

use crate::layout::{DESCRIPTION_SHORT_ROWS, QuestionLayout};

/// Rows of item `i` in the list: whole when focused (`whole`) or when descriptions are not
/// shortened, else its label and at most `descriptions` rows of its description.
pub(super) fn item_rows(
    m: &QuestionLayout,
    i: usize,
    descriptions: Option<usize>,
    whole: bool,
) -> usize {
    let item = &m.items[i];
    match descriptions {
        Some(rows) if !whole => item.label.len() + item.description.len().min(rows),
        _ => item.height(),
    }
}

/// How many description rows the options other than the focused one keep (`None`: all) so
/// that every item shows in `room` rows, and the rows the list then wants at most, whichever
/// item is focused (`whole_focus`: a focused item shows its whole description). When even
/// labels alone do not fit, they are what the list windows over.
pub(super) fn descriptions(
    m: &QuestionLayout,
    shown: &[usize],
    room: usize,
    whole_focus: &dyn Fn(usize) -> bool,
) -> (Option<usize>, usize) {
    let whole: usize = shown.iter().map(|&i| m.items[i].height()).sum();
    if whole <= room {
        return (None, whole);
    }
    let want = |rows: usize| {
        let short: usize = shown
            .iter()
            .map(|&i| item_rows(m, i, Some(rows), false))
            .sum();
        let focus = shown
            .iter()
            .filter(|&&i| whole_focus(i))
            .map(|&i| m.items[i].height() - item_rows(m, i, Some(rows), false))
            .max()
            .unwrap_or(0);
        short + focus
    };
    for rows in (1..=DESCRIPTION_SHORT_ROWS).rev() {
        let need = want(rows);
        if need <= room {
            return (Some(rows), need);
        }
    }
    (Some(0), want(0))
}
