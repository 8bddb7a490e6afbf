//! The row budget of the shown tab: every height rule in one place. The panel height itself
//! is measured ([`super::Measured`]); here its rows are handed out in priority order
//! (docs/behaviour.md#tiny-terminals), so the focused option and an open editor survive the
//! smallest terminals, and the list, context and previews window inside what is left. The
//! result, a [`Plan`], is plain data the view hands to each component as its rows.

use tea::components::Viewport;
use tea::components::list::{Window, window};

use super::{
    CONTEXT_KEPT_ROWS, EDITOR_MAX_ROWS, ItemRows, PREVIEW_PREFERRED_ROWS, PROMPT_MAX_ROWS,
    SELECTED_LABEL_ROWS, measure::context_need,
};
use crate::model::{App, Target};

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

impl App {
    /// Text rows of `target`'s editor: its draft's rows, at least what the panel reserved
    /// for it and at most [`EDITOR_MAX_ROWS`].
    fn editor_text_rows(&self, target: Target) -> usize {
        let rows = self.draft(target).row_count(self.editor_width());
        let reserved = self.traits(target.question()).editor_rows;
        rows.clamp(reserved, EDITOR_MAX_ROWS.max(reserved))
    }

    /// The plan of the shown tab at the current size.
    pub(crate) fn plan(&self) -> Plan {
        let height = self.measured.height;
        let framed = self.measured.framed();
        let mut budget = Budget {
            left: height.saturating_sub(if framed { 2 } else { 0 }),
        };
        let mut plan = Plan {
            framed,
            ..Plan::default()
        };
        let Some((q, _)) = self.question() else {
            return self.plan_review(plan, budget);
        };
        let m = self.layout_of(q);
        let geometry = &self.measured.geometry;
        let editor = self.open_editor();
        let heights: Vec<usize> = m.items.iter().map(ItemRows::height).collect();
        let cursor = self.cursor(q);
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
        plan.tabs = if self.has_tabs() { budget.take(1) } else { 0 };
        plan.footer = budget.take(1);
        plan.prompt = budget.take(m.prompt.len().min(PROMPT_MAX_ROWS));
        let context_rows = context_need(m.context.len());
        plan.context = budget.take(context_rows.min(CONTEXT_KEPT_ROWS));
        let narrow = !geometry.wide;
        let previewable = self.previewable(q, cursor);
        let expanded = narrow && self.previews_expanded && editor.is_none() && previewable;
        let doc_len = if expanded || (geometry.wide && !heights.is_empty()) {
            self.preview_doc(q, cursor).len()
        } else {
            0
        };
        if expanded {
            plan.preview = budget.take(1 + PREVIEW_PREFERRED_ROWS.min(doc_len));
        }
        // The rest of the list, windowed by whole items.
        if !heights.is_empty() {
            let list_budget = selected + budget.left;
            plan.list = window(&heights, cursor, self.lists[q].offset, list_budget);
            budget.take(plan.list.rows.saturating_sub(selected));
        }
        if narrow && !self.previews_expanded && editor.is_none() && previewable {
            plan.preview = budget.take(1);
        }
        if let Some(target) = editor {
            let want = 2 + self.editor_text_rows(target);
            plan.editor = editor_min + budget.take(want.saturating_sub(editor_min));
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
        plan.context_scroll = self.context_scroll.min(context_max);
        plan.preview_body = if expanded {
            plan.preview.saturating_sub(1)
        } else if geometry.wide && !heights.is_empty() {
            (plan.list.rows + plan.editor + plan.filler).saturating_sub(1)
        } else {
            0
        };
        plan.preview_scroll = self
            .preview_scroll
            .min(doc_len.saturating_sub(plan.preview_body));
        plan.preview_len = doc_len;
        plan
    }

    fn plan_review(&self, mut plan: Plan, mut budget: Budget) -> Plan {
        let n = self.questions().len();
        plan.actions = budget.take(2);
        if self.review_warning {
            plan.warning = budget.take(self.measured.warning.len());
        }
        plan.tabs = budget.take(1);
        plan.footer = budget.take(1);
        plan.heading = budget.take(1);
        // On Submit or Cancel the questions keep their window.
        let focus = if self.review.selected < n {
            self.review.selected
        } else {
            self.review.offset.min(n.saturating_sub(1))
        };
        plan.review = window(&vec![1; n], focus, self.review.offset, budget.left);
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
}
