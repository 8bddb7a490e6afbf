//! What the last frame showed, kept by tea's driver from one draw to the next
//! ([`tea::kept`]): each list's window, the context's and the preview's scroll as clamped to the
//! rows they got, and the preview's page. The model holds what the person did (the focused
//! row, how far they scrolled); the view plans the rows at the size it draws and keeps what it
//! chose; a message that scrolls starts from what was shown. Outside a driver's draw nothing is
//! kept, and the plan is made from the model alone.

use tea::kept;

use crate::layout::{self, FilterInput, Plan, PlanInput, QuestionInput, ReviewInput, TabInput};
use crate::model::App;

const CONTEXT_SCROLL: &str = "questionnaire/context-scroll";
const PREVIEW_SCROLL: &str = "questionnaire/preview-scroll";
const PREVIEW_PAGE: &str = "questionnaire/preview-page";
const FILTER: &str = "questionnaire/filter";
const REVIEW: &str = "questionnaire/review";

/// The keys of the questions' option lists, made once per questionnaire.
#[derive(Debug, Clone, Default)]
pub(crate) struct ListKeys(Vec<String>);

impl ListKeys {
    pub(crate) fn new(questions: usize) -> ListKeys {
        ListKeys(
            (0..questions)
                .map(|q| format!("questionnaire/options/{q}"))
                .collect(),
        )
    }
}

impl App {
    /// The plan of the shown tab: from the model, with each list's window kept from the last
    /// draw.
    pub(crate) fn plan(&self) -> Plan {
        let preview_len = || {
            self.question()
                .map_or(0, |(q, _)| self.preview_doc(q, self.cursor(q)).len())
        };
        let tab = match self.question() {
            Some((q, _)) => {
                let width = self.editor_width();
                let mut list = self.lists[q];
                list.offset = kept::offset(&self.list_keys.0[q]).unwrap_or(0);
                TabInput::Question(QuestionInput {
                    layout: self.layout_of(q),
                    traits: self.traits(q),
                    list,
                    draft_rows: self
                        .open_editor()
                        .map(|target| self.draft(target).row_count(width)),
                    previewable: self.previewable(q, self.cursor(q)),
                    any_previewable: (0..self.questions()[q].options.len())
                        .any(|i| self.previewable(q, i)),
                    previews_expanded: self.previews_expanded,
                    preview_len: &preview_len,
                    context_scroll: self.context_scroll,
                    preview_scroll: self.preview_scroll,
                    filter: self.filter_of(q).map(|f| FilterInput {
                        shown: f.state.matches().iter().map(|m| m.item).collect(),
                        cursor: f.state.cursor(),
                        offset: kept::offset(FILTER).unwrap_or(0),
                    }),
                })
            }
            None => {
                let mut list = self.review;
                list.offset = kept::offset(REVIEW).unwrap_or(0);
                TabInput::Review(ReviewInput {
                    questions: self.questions().len(),
                    list,
                    warning: self.review_warning,
                })
            }
        };
        layout::plan(&PlanInput {
            measured: &self.measured,
            tabs: self.has_tabs(),
            tab,
        })
    }

    /// Keeps what a frame drawn with `plan` shows, for the next draw and the next message.
    pub(crate) fn keep_shown(&self, plan: &Plan) {
        match self.question() {
            Some((q, _)) if self.filter_of(q).is_some() => {
                kept::keep_offset(FILTER, plan.list.start)
            }
            Some((q, _)) => kept::keep_offset(&self.list_keys.0[q], plan.list.start),
            None => kept::keep_offset(REVIEW, plan.review.start),
        }
        kept::keep_offset(CONTEXT_SCROLL, plan.text_scroll);
        kept::keep_offset(PREVIEW_SCROLL, plan.preview_scroll);
        kept::keep_offset(PREVIEW_PAGE, plan.preview_body);
    }

    /// Starts a message from the scrolls the last frame showed (clamped to the rows they got),
    /// so that a scroll clamped while something else took its rows stays where it was shown.
    pub(crate) fn start_from_shown(&mut self) {
        if let Some(scroll) = kept::offset(CONTEXT_SCROLL) {
            self.context_scroll = scroll;
        }
        if let Some(scroll) = kept::offset(PREVIEW_SCROLL) {
            self.preview_scroll = scroll;
        }
    }

    /// The context's and prompt's scroll as the last frame showed it.
    pub(crate) fn shown_context_scroll(&self) -> usize {
        kept::offset(CONTEXT_SCROLL).unwrap_or_else(|| self.plan().text_scroll)
    }

    /// The preview's scroll as the last frame showed it.
    pub(crate) fn shown_preview_scroll(&self) -> usize {
        kept::offset(PREVIEW_SCROLL).unwrap_or_else(|| self.plan().preview_scroll)
    }

    /// Body rows of the preview the last frame showed (a page is half of them).
    pub(crate) fn preview_page(&self) -> usize {
        kept::offset(PREVIEW_PAGE).unwrap_or_else(|| self.plan().preview_body)
    }

    /// The next frame shows the filter's matches and the Review tab's questions from their
    /// top (a filter just opened, a tab just entered).
    pub(crate) fn show_lists_from_the_top(&self) {
        kept::keep_offset(FILTER, 0);
        kept::keep_offset(REVIEW, 0);
    }
}
