//! The Review tab's plan: Submit and Cancel first, then the warning, the tab bar, the footer
//! and the heading; the questions window inside what is left.

use tea::components::ListState;
use tea::components::list::window;

use super::{Measured, Plan, grant};

/// The Review tab's state as far as rows depend on it.
pub struct ReviewInput {
    pub questions: usize,
    /// The focused row (questions, then Submit and Cancel) and the first shown question.
    pub list: ListState,
    /// The partial-submit warning shows.
    pub warning: bool,
}

/// The parts of the Review tab in the order they get rows, highest priority first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum ReviewPart {
    /// Submit and Cancel.
    Actions,
    Warning,
    TabBar,
    Footer,
    Heading,
    Dividers,
}

impl From<ReviewPart> for i32 {
    fn from(part: ReviewPart) -> i32 {
        -(part as i32)
    }
}

pub(super) fn plan_review(
    mut plan: Plan,
    mut left: usize,
    measured: &Measured,
    r: &ReviewInput,
) -> Plan {
    let n = r.questions;
    let warning = if r.warning { measured.warning.len() } else { 0 };
    use ReviewPart as P;
    [
        plan.actions,
        plan.warning,
        plan.tabs,
        plan.footer,
        plan.heading,
    ] = grant(
        &mut left,
        [
            (P::Actions, 2),
            (P::Warning, warning),
            (P::TabBar, 1),
            (P::Footer, 1),
            (P::Heading, 1),
        ],
    );
    // On Submit or Cancel the questions keep their window.
    let focus = if r.list.selected < n {
        r.list.selected
    } else {
        r.list.offset.min(n.saturating_sub(1))
    };
    plan.review = window(&vec![1; n], focus, r.list.offset, left);
    left -= plan.review.rows;
    [plan.tabs_divider, plan.footer_divider] = grant(
        &mut left,
        [
            (P::Dividers, usize::from(plan.tabs > 0)),
            (P::Dividers, usize::from(plan.footer > 0)),
        ],
    );
    plan.filler = left;
    plan
}

#[cfg(test)]
mod tests {
    use super::super::tests::in_order;
    use super::*;

    #[test]
    fn tiny_panels_grant_review_parts_in_the_documented_order() {
        let order = [
            ReviewPart::Actions,
            ReviewPart::Warning,
            ReviewPart::TabBar,
            ReviewPart::Footer,
            ReviewPart::Heading,
            ReviewPart::Dividers,
        ];
        let asks = [2, 3, 1, 1, 1, 2];
        for rows in 0..=12 {
            let mut left = rows;
            let granted = grant(
                &mut left,
                std::array::from_fn::<_, 6, _>(|i| (order[i], asks[i])),
            );
            assert!(in_order(&asks, &granted, rows), "{rows} rows: {granted:?}");
        }
    }
}
