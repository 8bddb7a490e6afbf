//! The row budget of the shown tab: every height rule in one place. The panel height itself
//! is measured ([`super::Measured`]); here its rows are handed out in priority order
//! (docs/behaviour.md#tiny-terminals), so the focused option and an open editor survive the
//! smallest terminals, and the list, context and previews window inside what is left. The
//! result, a [`Plan`], is plain data the view hands to each component as its rows.

use tea::components::list::{Window, window};
use tea::components::{ListState, Viewport};

use super::measure::context_need;
use super::{
    CONTEXT_KEPT_ROWS, EDITOR_MAX_ROWS, ItemRows, Measured, PREVIEW_PREFERRED_ROWS,
    PROMPT_MAX_ROWS, QuestionLayout, SELECTED_LABEL_ROWS,
};
use crate::kind::Traits;

/// What the shown tab gets of the panel's rows, plus the scroll positions clamped to it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub framed: bool,
    pub tabs: usize,
    pub tabs_divider: usize,
    pub context: usize,
    pub context_divider: usize,
    pub context_scroll: usize,
    pub prompt: usize,
    pub list: Window,
    pub editor: usize,
    /// Narrow: rows below the list (the "▸ Preview" row, or header and body when expanded).
    pub preview: usize,
    pub preview_scroll: usize,
    /// Body rows of the shown preview (for half-page scrolling).
    pub preview_body: usize,
    /// Rows of the shown preview known so far (0 when none is shown).
    pub preview_len: usize,
    pub filler: usize,
    pub footer_divider: usize,
    pub footer: usize,
    // Review
    pub heading: usize,
    pub review: Window,
    pub actions: usize,
    pub warning: usize,
}

/// Hands out the panel's rows in priority order.
#[derive(Debug)]
struct Budget {
    left: usize,
}

impl Budget {
    /// Takes up to `want` rows; returns how many were granted.
    fn take(&mut self, want: usize) -> usize {
        let granted = want.min(self.left);
        self.left -= granted;
        granted
    }
}

/// What the plan of the shown tab depends on, read from the model.
pub struct PlanInput<'a> {
    pub measured: &'a Measured,
    /// Several questions: the tab bar shows.
    pub tabs: bool,
    pub tab: TabInput<'a>,
}

pub enum TabInput<'a> {
    Question(QuestionInput<'a>),
    Review(ReviewInput),
}

/// A question tab's state as far as rows depend on it.
pub struct QuestionInput<'a> {
    pub layout: &'a QuestionLayout,
    pub traits: Traits,
    /// The focused row and the first shown one.
    pub list: ListState,
    /// Text rows of the open editor's draft; `None` without an open editor.
    pub draft_rows: Option<usize>,
    /// Whether the focused row has something to preview.
    pub previewable: bool,
    pub previews_expanded: bool,
    /// Rows of the focused row's preview known so far; asked only when a preview shows.
    pub preview_len: &'a dyn Fn() -> usize,
    pub context_scroll: usize,
    pub preview_scroll: usize,
}

/// The Review tab's state as far as rows depend on it.
pub struct ReviewInput {
    pub questions: usize,
    /// The focused row (questions, then Submit and Cancel) and the first shown question.
    pub list: ListState,
    /// The partial-submit warning shows.
    pub warning: bool,
}

/// The plan of the shown tab.
pub fn plan(input: &PlanInput) -> Plan {
    let measured = input.measured;
    let framed = measured.framed();
    let budget = Budget {
        left: measured.height.saturating_sub(if framed { 2 } else { 0 }),
    };
    let plan = Plan {
        framed,
        ..Plan::default()
    };
    match &input.tab {
        TabInput::Question(q) => plan_question(plan, budget, measured, input.tabs, q),
        TabInput::Review(review) => plan_review(plan, budget, measured, review),
    }
}

fn plan_question(
    mut plan: Plan,
    mut budget: Budget,
    measured: &Measured,
    tabs: bool,
    q: &QuestionInput,
) -> Plan {
    let m = q.layout;
    let geometry = &measured.geometry;
    let editor = q.draft_rows;
    let heights: Vec<usize> = m.items.iter().map(ItemRows::height).collect();
    let cursor = q.list.selected;
    // 1. The focused option's label: all of it while it takes at most half the panel
    // (and at least its first two rows); the rest of a very long one comes with the list.
    let selected = match m.items.get(cursor) {
        Some(item) => {
            let cap = (budget.left / 2).max(SELECTED_LABEL_ROWS);
            budget.take(item.label.len().min(cap))
        }
        None => 0,
    };
    // 2. The editor's borders and cursor row.
    let editor_min = if editor.is_some() { budget.take(3) } else { 0 };
    // Then the frame's own rows, the prompt and a little context.
    plan.tabs = if tabs { budget.take(1) } else { 0 };
    plan.footer = budget.take(1);
    plan.prompt = budget.take(m.prompt.len().min(PROMPT_MAX_ROWS));
    let context_rows = context_need(m.context.len());
    plan.context = budget.take(context_rows.min(CONTEXT_KEPT_ROWS));
    let narrow = !geometry.wide;
    let expanded = narrow && q.previews_expanded && editor.is_none() && q.previewable;
    let doc_len = if expanded || (geometry.wide && !heights.is_empty()) {
        (q.preview_len)()
    } else {
        0
    };
    if expanded {
        plan.preview = budget.take(1 + PREVIEW_PREFERRED_ROWS.min(doc_len));
    }
    // The rest of the list, windowed by whole items.
    if !heights.is_empty() {
        let list_budget = selected + budget.left;
        plan.list = window(&heights, cursor, q.list.offset, list_budget);
        budget.take(plan.list.rows.saturating_sub(selected));
    }
    if narrow && !q.previews_expanded && editor.is_none() && q.previewable {
        plan.preview = budget.take(1);
    }
    if let Some(draft_rows) = editor {
        // The draft's rows, at least those reserved in the height, at most the maximum.
        let reserved = q.traits.editor_rows;
        let text_rows = draft_rows.clamp(reserved, EDITOR_MAX_ROWS.max(reserved));
        plan.editor = editor_min + budget.take((2 + text_rows).saturating_sub(editor_min));
    }
    plan.context += budget.take(context_rows - plan.context);
    if expanded {
        plan.preview += budget.take((1 + doc_len).saturating_sub(plan.preview));
    }
    if plan.tabs > 0 {
        plan.tabs_divider = budget.take(1);
    }
    if plan.context > 0 {
        plan.context_divider = budget.take(1);
    }
    if plan.footer > 0 {
        plan.footer_divider = budget.take(1);
    }
    plan.filler = budget.left;
    // The context's last row counts what is hidden: tea's viewport clamps the same way.
    let context_max = Viewport::new(&m.context, 0)
        .counter_below()
        .max_offset(plan.context);
    plan.context_scroll = q.context_scroll.min(context_max);
    plan.preview_body = if expanded {
        plan.preview.saturating_sub(1)
    } else if geometry.wide && !heights.is_empty() {
        (plan.list.rows + plan.editor + plan.filler).saturating_sub(1)
    } else {
        0
    };
    plan.preview_scroll = q
        .preview_scroll
        .min(doc_len.saturating_sub(plan.preview_body));
    plan.preview_len = doc_len;
    plan
}

fn plan_review(mut plan: Plan, mut budget: Budget, measured: &Measured, r: &ReviewInput) -> Plan {
    let n = r.questions;
    plan.actions = budget.take(2);
    if r.warning {
        plan.warning = budget.take(measured.warning.len());
    }
    plan.tabs = budget.take(1);
    plan.footer = budget.take(1);
    plan.heading = budget.take(1);
    // On Submit or Cancel the questions keep their window.
    let focus = if r.list.selected < n {
        r.list.selected
    } else {
        r.list.offset.min(n.saturating_sub(1))
    };
    plan.review = window(&vec![1; n], focus, r.list.offset, budget.left);
    budget.take(plan.review.rows);
    if plan.tabs > 0 {
        plan.tabs_divider = budget.take(1);
    }
    if plan.footer > 0 {
        plan.footer_divider = budget.take(1);
    }
    plan.filler = budget.left;
    plan
}
