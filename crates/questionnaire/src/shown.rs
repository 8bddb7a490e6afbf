//! What the last frame showed, kept by tea's driver from one draw to the next
//! ([`tea::kept`]): each list's window, the context's and the preview's scroll as clamped to the
//! rows they got, and the preview's page. The model holds what the person did (the focused
//! row, how far they scrolled); the view plans the rows at the size it draws and keeps what it
//! chose; a message that scrolls starts from what was shown. Outside a driver's draw nothing is
//! kept, and the plan is made from the model alone.
//!
//! The text is measured at the size of the frame too ([`App::measured_at`], kept in
//! [`crate::measures`]), and a message reads the last frame's measure ([`App::measured`]).

use std::sync::Arc;

use question::AnswerState;
use tea::components::Viewport;
use tea::{Size, kept};
use tea_markdown::MarkdownCache;

use crate::layout::{self, Measured, QuestionLayout};
use crate::model::App;
use crate::plan::Plan;

/// A question tab's scrolls clamped to the rows its parts got: what the frame shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Scrolls {
    /// The context's and prompt's scroll as one position: the context first, then the prompt.
    pub text: usize,
    pub context: usize,
    pub prompt: usize,
    pub preview: usize,
    /// Body rows of the shown preview (for half-page scrolling).
    pub preview_body: usize,
    /// Whether the context, the prompt and the preview have more rows than they show (the
    /// footer then names their scroll keys).
    pub context_scrolls: bool,
    pub prompt_scrolls: bool,
    pub preview_scrolls: bool,
}

/// What the last frame showed, as one record.
#[derive(Debug, Default)]
struct Shown {
    /// Per question, the first option its list showed.
    options: Vec<usize>,
    /// The first match the open filter showed.
    filter: usize,
    /// The first question the Review tab showed.
    review: usize,
    /// The context's and prompt's scroll, clamped.
    context_scroll: usize,
    /// The preview's scroll, clamped.
    preview_scroll: usize,
    /// Body rows of the preview.
    preview_page: usize,
}

impl App {
    /// Reads what the last frame showed, while a driver draws or lends it.
    fn recall<R>(&self, read: impl FnOnce(&Shown) -> R) -> Option<R> {
        kept::recall(&self.shown_key.0, read)
    }
    /// The items the list of question `q` shows (the matches while filtering, best first)
    /// and the position of the focused one among them.
    pub(crate) fn list_items(&self, m: &QuestionLayout, q: usize) -> (Vec<usize>, usize) {
        match self.filter_of(q) {
            Some(f) => {
                let matches = f.state.matches().iter().map(|m| m.item).collect();
                (matches, f.state.cursor())
            }
            None => ((0..m.items.len()).collect(), self.lists[q].selected),
        }
    }

    /// The first item the list of question `q` showed (the first match while filtering).
    pub(crate) fn shown_list_offset(&self, q: usize) -> usize {
        let filtering = self.filter_of(q).is_some();
        self.recall(|shown| match filtering {
            true => shown.filter,
            false => shown.options.get(q).copied().unwrap_or(0),
        })
        .unwrap_or(0)
    }

    /// The scrolls of question `q`'s tab clamped to the rows `plan` gave their parts.
    pub(crate) fn scrolls(&self, m: &Measured, q: usize, plan: &Plan) -> Scrolls {
        let layout = &m.questions[q];
        // The context's and prompt's scroll: one position that moves through the context
        // first, then the prompt; tea's viewport clamps each the same way.
        let context = match plan.context_text {
            true => &layout.context_text,
            false => &layout.context,
        };
        let context_max = Viewport::new(context, 0)
            .counter_below()
            .max_offset(plan.context);
        let prompt_max = layout::prompt_max_scroll(layout.prompt.len(), plan.prompt);
        let text = self.context_scroll.min(context_max + prompt_max);
        let preview_body = match (plan.expanded, layout.beside) {
            (true, _) => plan.preview.saturating_sub(1),
            (false, true) => {
                (plan.filter + plan.list + plan.editor + plan.preview).saturating_sub(1)
            }
            (false, false) => 0,
        };
        Scrolls {
            text,
            context: text.min(context_max),
            prompt: text - text.min(context_max),
            preview: (self.preview_scroll).min(plan.preview_len.saturating_sub(preview_body)),
            preview_body,
            context_scrolls: context_max > 0,
            prompt_scrolls: prompt_max > 0,
            preview_scrolls: preview_body > 0 && plan.preview_len > preview_body,
        }
    }

    /// Keeps the first item the list of question `q` shows, for the next draw.
    pub(crate) fn keep_list_shown(&self, q: usize, first: usize) {
        let (filtering, questions) = (self.filter_of(q).is_some(), self.questions().len());
        kept::keep(&self.shown_key.0, |shown: &mut Shown| {
            if filtering {
                shown.filter = first;
            } else {
                shown.options.resize(questions, 0);
                shown.options[q] = first;
            }
        });
    }

    /// Keeps the scrolls a frame shows, for the next draw and the next message.
    pub(crate) fn keep_scrolls_shown(&self, scrolls: &Scrolls) {
        kept::keep(&self.shown_key.0, |shown: &mut Shown| {
            shown.context_scroll = scrolls.text;
            shown.preview_scroll = scrolls.preview;
            shown.preview_page = scrolls.preview_body;
        });
    }

    /// Starts a message from the scrolls the last frame showed (clamped to the rows they got),
    /// so that a scroll clamped while something else took its rows stays where it was shown.
    pub(crate) fn start_from_shown(&mut self) {
        if let Some((context, preview)) =
            self.recall(|shown| (shown.context_scroll, shown.preview_scroll))
        {
            (self.context_scroll, self.preview_scroll) = (context, preview);
        }
    }

    /// The context's and prompt's scroll as the last frame showed it.
    pub(crate) fn shown_context_scroll(&self) -> usize {
        self.recall(|shown| shown.context_scroll)
            .or_else(|| Some(self.scrolls_from_the_model()?.text))
            .unwrap_or(0)
    }

    /// The preview's scroll as the last frame showed it.
    pub(crate) fn shown_preview_scroll(&self) -> usize {
        self.recall(|shown| shown.preview_scroll)
            .or_else(|| Some(self.scrolls_from_the_model()?.preview))
            .unwrap_or(0)
    }

    /// Body rows of the preview the last frame showed (a page is half of them).
    pub(crate) fn preview_page(&self) -> usize {
        self.recall(|shown| shown.preview_page)
            .or_else(|| Some(self.scrolls_from_the_model()?.preview_body))
            .unwrap_or(0)
    }

    /// The scrolls of the shown question tab as a frame at the last measure would clamp them.
    fn scrolls_from_the_model(&self) -> Option<Scrolls> {
        let measured = self.measured();
        let plan = self.plan(&measured)?;
        Some(self.scrolls(&measured, self.tab, &plan))
    }

    /// The first question the Review tab showed.
    pub(crate) fn shown_review_offset(&self) -> usize {
        self.recall(|shown| shown.review).unwrap_or(0)
    }

    /// Keeps the first question the Review tab shows, for the next draw.
    pub(crate) fn keep_review_shown(&self, first: usize) {
        kept::keep(&self.shown_key.0, |shown: &mut Shown| shown.review = first);
    }

    /// The next frame shows the filter's matches and the Review tab's questions from their
    /// top (a filter just opened, a tab just entered).
    pub(crate) fn show_lists_from_the_top(&self) {
        kept::keep(&self.shown_key.0, |shown: &mut Shown| {
            (shown.filter, shown.review) = (0, 0);
        });
    }
}

impl App {
    /// The text measured in a terminal of `size`, with what the next frame shows rendered.
    pub(crate) fn measured_at(&self, size: Size) -> Arc<Measured> {
        let state = &self.state;
        let measure = |size, markdown: &mut MarkdownCache| {
            Measured::new(
                state.questionnaire(),
                size,
                self.previews_expanded,
                self.height_limit,
                markdown,
                &|q| has_option_notes(state, q),
            )
        };
        self.measures.at(size, measure, |measured, markdown| {
            self.prepare(measured, markdown)
        })
    }

    /// The text measured as the last frame showed it: what a message is handled with.
    pub(crate) fn measured(&self) -> Arc<Measured> {
        (self.measures.last()).unwrap_or_else(|| self.measured_at(self.measures.message_size()))
    }

    /// Renders the focused preview as far as the next frame shows it, when a preview shows.
    fn prepare(&self, measured: &mut Measured, markdown: &mut MarkdownCache) {
        if let Some((q, _)) = self.question()
            && (measured.questions[q].beside || !measured.geometry.wide && self.previews_expanded)
        {
            // Rows from the scroll position to a panel below it, and one more.
            let rows = (self.preview_scroll, measured.height + 1);
            let questionnaire = self.state.questionnaire();
            measured.ensure_preview(questionnaire, (q, self.cursor(q)), rows, markdown);
        }
    }

    /// After a change: lays the open draft out at the last frame's editor width, so the view
    /// draws only the rows it shows (the view cannot: it borrows the model). Nothing before the
    /// first frame.
    pub(crate) fn lay_out_draft(&mut self) {
        let width = self
            .measures
            .last()
            .map(|measured| self.editor_width(&measured));
        if let Some(target) = self.open_editor()
            && let Some(width) = width
            && let Some(draft) = self.drafts.get_mut(&target)
        {
            draft.lay_out(width);
        }
    }

    /// What the text is measured from changed: the next frame measures it again.
    pub(crate) fn remeasure(&mut self) {
        self.measures.invalidate();
    }

    /// Measures again when question `q` gained its first option note or lost its last: the
    /// pane beside the list shows notes.
    pub(crate) fn remeasure_if_notes_changed(&mut self, q: usize) {
        let noted = self
            .measures
            .last()
            .map(|measured| measured.questions[q].noted);
        if noted.is_some_and(|noted| noted != has_option_notes(&self.state, q)) {
            self.remeasure();
        }
    }
}

/// Whether an option of question `q` has a note.
fn has_option_notes(state: &AnswerState, q: usize) -> bool {
    let id = &state.questionnaire().questions[q].id;
    state.answer(id).is_some_and(|a| !a.option_notes.is_empty())
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tea::Program;
    use tea::kept::{Memory, drawing};

    use crate::{App, Msg};

    fn with_context() -> App {
        let context: Vec<String> = (1..=30).map(|i| format!("line {i}")).collect();
        let input = json!({"questions": [{"id": "q", "header": "Q", "prompt": "Pick",
            "context": context.join("\n\n"),
            "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]});
        let questionnaire = question::validate(&input).expect("valid input");
        App::new(questionnaire)
    }

    fn draw(app: &App) -> Vec<String> {
        let lines = tea::Program::view(app).lines(60, 20);
        lines.iter().map(|line| line.plain_text()).collect()
    }

    #[test]
    fn a_questionnaire_shown_after_another_in_one_driver_starts_from_its_own_top() {
        let mut memory = Memory::default();
        let mut first = with_context();
        drawing(&mut memory, || draw(&first));
        drawing(&mut memory, || first.update(Msg::ScrollContext(3)));
        let scrolled = drawing(&mut memory, || draw(&first));
        assert!(
            scrolled.iter().any(|row| row.contains("↑ 3 more")),
            "{scrolled:#?}"
        );

        let mut second = with_context();
        drawing(&mut memory, || second.update(Msg::LightBackground(false)));
        let rows = drawing(&mut memory, || draw(&second));
        assert!(rows.iter().any(|row| row.contains("line 1")), "{rows:#?}");
        assert!(
            !rows.iter().any(|row| row.contains("↑ 3 more")),
            "{rows:#?}"
        );
    }
}
