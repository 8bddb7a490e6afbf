//! The row budget of the shown tab: every height rule in one place. The panel height itself
//! is measured ([`super::Measured`]); here its rows are handed out in priority order
//! (docs/behaviour.md#tiny-terminals), so the focused option and an open editor survive the
//! smallest terminals, and the list, context and previews window inside what is left. The
//! result, a [`Plan`], is plain data the view hands to each component as its rows.

use tea::components::list::{Window, window};
use tea::components::{ListState, Viewport};

use super::measure::context_need;
use super::{
    CONTEXT_KEPT_ROWS, DESCRIPTION_SHORT_ROWS, EDITOR_MAX_ROWS, Measured, PREVIEW_PREFERRED_ROWS,
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
    /// The context shows its text only ([`QuestionLayout::context_text`]): it does not fit.
    pub context_text: bool,
    pub context_scroll: usize,
    pub prompt: usize,
    pub prompt_scroll: usize,
    /// The context's and prompt's scroll as one position: the context first, then the prompt.
    pub text_scroll: usize,
    pub context_max: usize,
    pub prompt_max: usize,
    /// The filter line above the list, while filtering.
    pub filter: usize,
    /// The items shown: the options (and "Type something."), or while filtering, positions
    /// among the matches.
    pub list: Window,
    /// Rows of the item just below the window that does not fit whole: its first rows, the
    /// last one ending with `…`, instead of blank rows above the counter.
    pub list_cut: usize,
    /// The row under the list that counts the items above and below its window.
    pub list_counter: usize,
    /// Description rows of options other than the focused one; `None`: all of them.
    pub descriptions: Option<usize>,
    /// The focused option shows its whole description (unless the pane beside shows it).
    pub focus_whole: bool,
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
    /// Whether any option has something to preview.
    pub any_previewable: bool,
    pub previews_expanded: bool,
    /// Rows of the focused row's preview known so far; asked only when a preview shows.
    pub preview_len: &'a dyn Fn() -> usize,
    /// The context's and prompt's scroll as one position (see [`Plan::text_scroll`]).
    pub context_scroll: usize,
    pub preview_scroll: usize,
    /// The open filter: the list shows its matches instead of every item.
    pub filter: Option<FilterInput>,
}

/// An open filter as far as rows depend on it.
pub struct FilterInput {
    /// The matching items, best first.
    pub shown: Vec<usize>,
    /// The focused match (a position in `shown`).
    pub cursor: usize,
    /// The first shown match.
    pub offset: usize,
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
        left: measured.inner_height(),
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
    let narrow = !geometry.wide;
    // While filtering, the list is the matches, best first.
    let every: Vec<usize>;
    let (shown, cursor, offset): (&[usize], usize, usize) = match &q.filter {
        Some(f) => (&f.shown, f.cursor, f.offset),
        None => {
            every = (0..m.items.len()).collect();
            (&every, q.list.selected, q.list.offset)
        }
    };
    let focused = shown.get(cursor).copied();
    // The rows around the list are planned from what holds for every item, not from the
    // focused one, so moving the cursor changes only the list and the preview (phase one);
    // then the body's rows go to the list, the editor and the preview as the cursor asks
    // (phase two).
    //
    // 1. The focused option's label: all of it while it takes at most half the panel (and at
    // least its first two rows); the rest of a very long one comes with the list. Reserved
    // for the tallest label, whichever is focused.
    let half = (budget.left / 2).max(SELECTED_LABEL_ROWS);
    let label_rows = |i: usize| m.items[i].label.len().min(half);
    let label = match shown.iter().map(|&i| label_rows(i)).max() {
        Some(rows) => budget.take(rows),
        // Nothing matches: the row that says so is the focused one.
        None if q.filter.is_some() => budget.take(1),
        None => 0,
    };
    // With more than one item, a row for the count of those the window hides, if it does
    // (else the list gets it): no item is hidden without a sign.
    let counter = if shown.len() > 1 { budget.take(1) } else { 0 };
    // Then the filter line: what is typed stays in sight.
    if q.filter.is_some() {
        plan.filter = budget.take(1);
    }
    // 2. The editor's borders and cursor row.
    let editor_min = if editor.is_some() { budget.take(3) } else { 0 };
    // Then the frame's own rows, the prompt and a little context.
    plan.tabs = if tabs { budget.take(1) } else { 0 };
    plan.footer = budget.take(1);
    plan.prompt = budget.take(m.prompt.len().min(PROMPT_MAX_ROWS));
    // An expanded preview was asked for: its header and first rows before the context.
    let expanded_region = narrow && q.previews_expanded && editor.is_none() && q.any_previewable;
    let preview_min = if expanded_region {
        budget.take(1 + PREVIEW_PREFERRED_ROWS)
    } else {
        0
    };
    let context_rows = context_need(m.context.len());
    plan.context = budget.take(context_rows.min(CONTEXT_KEPT_ROWS));
    // The draft being typed: its rows, at least those reserved in the height, at most the
    // maximum.
    let mut editor_rows = editor_min;
    if let Some(draft_rows) = editor {
        let reserved = q.traits.editor_rows;
        let text_rows = draft_rows.clamp(reserved, EDITOR_MAX_ROWS.max(reserved));
        editor_rows += budget.take((2 + text_rows).saturating_sub(editor_min));
    }
    // The rest of the list, the other options' descriptions as short as it takes for every
    // item to show.
    // Shortening them comes before cutting the prompt: with room for all of it, when that lets
    // every item show; else in all the rows left.
    let whole_focus = |i: usize| !m.items[i].description_previewed;
    // An expanded preview was asked for: the list then takes at most half of the rows.
    let room = label + counter + budget.left;
    let list_max = if expanded_region {
        room.div_ceil(2).max(label + counter)
    } else {
        room
    };
    let generous = list_max.saturating_sub(m.prompt.len() - plan.prompt);
    let (descriptions, list_want) = match descriptions(m, shown, generous, &whole_focus) {
        (rows, want) if want <= generous => (rows, want),
        _ => descriptions(m, shown, list_max, &whole_focus),
    };
    let list_want = list_want.min(list_max);
    plan.descriptions = descriptions;
    let list_rest = counter + budget.take(list_want.saturating_sub(label + counter));
    // The rest of the prompt.
    plan.prompt += budget.take(m.prompt.len() - plan.prompt);
    let preview_row = if narrow && !q.previews_expanded && editor.is_none() && q.any_previewable {
        budget.take(1)
    } else {
        0
    };
    plan.context += budget.take(context_rows - plan.context);
    if plan.context < m.context.len() {
        // Too small for the whole context: its text, without blank rows and borders.
        plan.context_text = true;
        let text = m.context_text.len();
        if text <= plan.context {
            budget.left += plan.context - text;
            plan.context = text;
        }
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
    // The body: the rest goes to an expanded preview, else stays under the list.
    let body = label
        + editor_min
        + preview_min
        + list_rest
        + preview_row
        + (editor_rows - editor_min)
        + budget.left;

    // Phase two: the body as the cursor asks.
    let expanded = expanded_region && q.previewable;
    let doc_len = if expanded || (geometry.wide && !m.items.is_empty()) {
        (q.preview_len)()
    } else {
        0
    };
    plan.editor = editor_rows;
    plan.preview = if expanded {
        (body - label - editor_rows - list_rest - preview_row).min(1 + doc_len)
    } else if q.previewable {
        preview_row
    } else {
        0
    };
    let list_budget = body - plan.editor - plan.preview;
    if !shown.is_empty() {
        plan.focus_whole = focused.is_some_and(whole_focus);
        let heights: Vec<usize> = shown
            .iter()
            .map(|&i| item_rows(m, i, descriptions, Some(i) == focused && plan.focus_whole))
            .collect();
        plan.list = window(&heights, cursor, offset, list_budget);
        if (plan.list.end - plan.list.start < heights.len()) && list_budget >= 2 {
            // Items are hidden: the last row counts them.
            plan.list = window(&heights, cursor, offset, list_budget - 1);
            plan.list_counter = 1;
        }
        // Rows left under the window: the next item, which does not fit whole, shows its
        // first rows there (cut, with `…`) rather than leaving them blank.
        if plan.list.end < heights.len() {
            plan.list_cut = list_budget - plan.list.rows - plan.list_counter;
        }
    } else if q.filter.is_some() {
        plan.list.rows = label.min(list_budget);
    }
    plan.filler = list_budget - plan.list.rows - plan.list_cut - plan.list_counter;
    // The context's and prompt's scroll: one position that moves through the context first,
    // then the prompt; tea's viewport clamps each the same way.
    let context_lines = if plan.context_text {
        &m.context_text
    } else {
        &m.context
    };
    let context_max = Viewport::new(context_lines, 0)
        .counter_below()
        .max_offset(plan.context);
    let prompt_max = super::prompt_max_scroll(m.prompt.len(), plan.prompt);
    plan.text_scroll = q.context_scroll.min(context_max + prompt_max);
    plan.context_scroll = plan.text_scroll.min(context_max);
    plan.prompt_scroll = plan.text_scroll - plan.context_scroll;
    plan.context_max = context_max;
    plan.prompt_max = prompt_max;
    plan.preview_body = if expanded {
        plan.preview.saturating_sub(1)
    } else if geometry.wide && !m.items.is_empty() {
        (plan.filter + body).saturating_sub(1)
    } else {
        0
    };
    plan.preview_scroll = q
        .preview_scroll
        .min(doc_len.saturating_sub(plan.preview_body));
    plan.preview_len = doc_len;
    plan
}

/// Rows of item `i` in the list: whole when focused (`whole`) or when descriptions are not
/// shortened, else its label and at most `descriptions` rows of its description.
fn item_rows(m: &QuestionLayout, i: usize, descriptions: Option<usize>, whole: bool) -> usize {
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
fn descriptions(
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
