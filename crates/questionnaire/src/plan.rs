//! The rows of a question tab (docs/behaviour.md#tiny-terminals): the panel's rows
//! ([`Measured`]) handed out in priority order, so the focused option and an open editor
//! survive the smallest terminals. The order is data: each part asks for rows with a priority
//! ([`QuestionPart`]) and tea's stack grants them ([`stack::grant`]), in stages where an ask
//! depends on what earlier ones got. The [`Plan`] is rows per part; the list windows itself in
//! its rows and the scrolls are clamped to theirs where the frame is drawn.

use tea::components::stack;

use crate::layout::measure::context_need;
use crate::layout::{
    CONTEXT_KEPT_ROWS, EDITOR_MAX_ROWS, Measured, PREVIEW_PREFERRED_ROWS, PROMPT_MAX_ROWS,
};
use crate::model::App;

/// What the parts of a question tab get of the panel's rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub tabs: usize,
    pub tabs_divider: usize,
    pub context: usize,
    pub context_divider: usize,
    /// The context shows its text only (`QuestionLayout::context_text`): it does not fit.
    pub context_text: bool,
    pub prompt: usize,
    /// The filter line above the list, while filtering.
    pub filter: usize,
    /// The option list's rows: it windows its items in them and leaves the rest blank under
    /// the editor and the preview.
    pub list: usize,
    /// The items the list shows (the matches while filtering) and the focused one's position.
    pub items: (Vec<usize>, usize),
    /// Description rows of options other than the focused one; `None`: all of them.
    pub descriptions: Option<usize>,
    pub editor: usize,
    /// Narrow: rows below the list (the "▸ Preview" row, or header and body when expanded).
    pub preview: usize,
    /// The focused option's preview shows expanded below the list.
    pub expanded: bool,
    /// Rows of the shown preview (expanded, or beside the list) known so far; else 0.
    pub preview_len: usize,
    pub footer_divider: usize,
    pub footer: usize,
}

/// The parts of a question tab in the order they get rows when the panel is too low for
/// everything (docs/behaviour.md#tiny-terminals), highest priority first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum QuestionPart {
    /// The focused option's label (reserved for the tallest one).
    FocusedLabel,
    /// The row that counts the items the list hides.
    ListCounter,
    FilterLine,
    /// The editor's borders and caret row.
    EditorFrame,
    TabBar,
    Footer,
    /// The prompt's first rows.
    PromptHead,
    /// An expanded narrow preview's header and first rows.
    PreviewHead,
    /// The context's first rows, counter included.
    ContextHead,
    /// The open editor's other rows.
    Draft,
    /// The rest of the list.
    List,
    PromptRest,
    /// The "▸ Preview" row.
    PreviewRow,
    ContextRest,
    Dividers,
}

/// One stage of asks, granted out of the `left` rows by tea's stack, earlier parts first.
fn grant<const N: usize>(left: &mut usize, asks: [(QuestionPart, usize); N]) -> [usize; N] {
    stack::grant(left, asks.map(|(part, rows)| (-(part as i32), rows)))
}

impl App {
    /// The plan of the shown question tab with the text measured as `measured`. `None` on the
    /// Review tab, whose parts ask for their rows in its stack.
    pub(crate) fn plan(&self, measured: &Measured) -> Option<Plan> {
        let (q, _) = self.question()?;
        let m = &measured.questions[q];
        let (mut left, mut plan) = (measured.inner_height(), Plan::default());
        let width = self.editor_width(measured);
        let editor = (self.open_editor()).map(|target| self.draft(target).row_count(width));
        let (narrow, filtering) = (!measured.geometry.wide, self.filter_of(q).is_some());
        plan.items = self.list_items(m, q);
        let shown = &plan.items.0;
        let previewable = self.previewable(measured, q, self.cursor(q));
        let any_previewable =
            (0..self.questions()[q].options.len()).any(|i| self.previewable(measured, q, i));
        // The rows around the list are planned from what holds for every item, not from the
        // focused one, so moving the cursor changes only the list and the preview (phase one);
        // then the body's rows go to the list, the editor and the preview as the cursor asks
        // (phase two).
        let [label_ask, counter_ask] = m.list_head(shown, left, filtering);
        // An expanded preview was asked for: its header and first rows before the context.
        let expanded_region =
            narrow && self.previews_expanded && editor.is_none() && any_previewable;
        let context_rows = context_need(m.context.len());
        // The draft being typed: its rows, at least those reserved in the height, at most the
        // maximum; the editor's frame takes three of them.
        let editor_ask = editor.map_or(0, |draft_rows| {
            let reserved = self.traits(q).editor_rows;
            2 + draft_rows.clamp(reserved, EDITOR_MAX_ROWS.max(reserved))
        });
        use QuestionPart as P;
        let [
            label,
            counter,
            filter,
            editor_min,
            tab_bar,
            footer,
            prompt,
            preview_min,
            context,
            draft,
        ] = grant(
            &mut left,
            [
                (P::FocusedLabel, label_ask),
                (P::ListCounter, counter_ask),
                (P::FilterLine, usize::from(filtering)),
                (P::EditorFrame, if editor.is_some() { 3 } else { 0 }),
                (P::TabBar, usize::from(self.has_tabs())),
                (P::Footer, 1),
                (P::PromptHead, m.prompt.len().min(PROMPT_MAX_ROWS)),
                (
                    P::PreviewHead,
                    usize::from(expanded_region) * (1 + PREVIEW_PREFERRED_ROWS),
                ),
                (P::ContextHead, context_rows.min(CONTEXT_KEPT_ROWS)),
                (P::Draft, editor_ask.saturating_sub(3)),
            ],
        );
        (plan.filter, plan.tabs, plan.footer) = (filter, tab_bar, footer);
        (plan.prompt, plan.context) = (prompt, context);
        plan.editor = editor_min + draft;
        // The rest of the list, the other options' descriptions as short as it takes for every
        // item to show; with an expanded preview asked for, in at most half of the rows.
        let room = label + counter + left;
        let list_max = match expanded_region {
            true => room.div_ceil(2).max(label + counter),
            false => room,
        };
        let (descriptions, list_want) = m.list_want(shown, list_max, m.prompt.len() - prompt);
        plan.descriptions = descriptions;
        let preview_row_ask =
            narrow && !self.previews_expanded && editor.is_none() && any_previewable;
        let [list_more, prompt_rest, preview_row, context_rest] = grant(
            &mut left,
            [
                (P::List, list_want.saturating_sub(label + counter)),
                (P::PromptRest, m.prompt.len() - plan.prompt),
                (P::PreviewRow, usize::from(preview_row_ask)),
                (P::ContextRest, context_rows - plan.context),
            ],
        );
        let list_rest = counter + list_more;
        plan.prompt += prompt_rest;
        plan.context += context_rest;
        if plan.context < m.context.len() {
            // Too small for the whole context: its text, without blank rows and borders; the rows
            // it then leaves go on to the parts after it.
            plan.context_text = true;
            let text = m.context_text.len();
            if text <= plan.context {
                left += plan.context - text;
                plan.context = text;
            }
        }
        [plan.tabs_divider, plan.context_divider, plan.footer_divider] = grant(
            &mut left,
            [
                (P::Dividers, usize::from(plan.tabs > 0)),
                (P::Dividers, usize::from(plan.context > 0)),
                (P::Dividers, usize::from(plan.footer > 0)),
            ],
        );
        // Phase two: the body as the cursor asks; the rest to an expanded preview, else the list.
        let body = label + list_rest + plan.editor + preview_min + preview_row + left;
        plan.expanded = expanded_region && previewable;
        if plan.expanded || m.beside {
            plan.preview_len = self.preview_doc(measured, q, self.cursor(q)).len();
        }
        plan.preview = match (plan.expanded, previewable) {
            (true, _) => (preview_min + left).min(1 + plan.preview_len),
            (false, true) => preview_row,
            (false, false) => 0,
        };
        plan.list = body - plan.editor - plan.preview;
        Some(plan)
    }
}
