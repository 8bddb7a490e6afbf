//! The list filter: opening it over a question's options, typing into it, accepting the
//! focused match, closing it.

use tea::components::filter::{FilterMsg, FilterState, Filtered};

use super::Effect;
use crate::model::{App, ListFilter};
use tea::Cmd;

impl App {
    /// `/` on a single or multi list: the filter opens over the options (not "Type
    /// something."), its cursor on the focused option.
    pub(super) fn open_filter(&mut self) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        let traits = self.traits(q);
        if !traits.has_options() || traits.yes_no || question.options.is_empty() {
            return Cmd::Bell;
        }
        let mut state = FilterState::new(
            question
                .options
                .iter()
                .map(|o| (o.shown_label(), o.description.as_deref().unwrap_or(""))),
        );
        state.focus_item(self.cursor(q));
        self.editor = None;
        self.filter = Some(ListFilter { q, state });
        self.show_lists_from_the_top();
        self.follow_filter(q);
        Cmd::None
    }

    pub(super) fn filter(&mut self, msg: FilterMsg) -> Effect {
        let Some((q, _)) = self.question() else {
            return Cmd::None;
        };
        let Some(filter) = self.filter.as_mut().filter(|f| f.q == q) else {
            return Cmd::None;
        };
        match filter.state.update(msg) {
            Filtered::Close => self.filter = None,
            Filtered::Changed => self.follow_filter(q),
            Filtered::Unchanged => {}
        }
        Cmd::None
    }

    /// The list's cursor follows the filter's, so the preview, and the list once the filter
    /// closes, show the focused match; with no matches it stays where it was.
    pub(super) fn follow_filter(&mut self, q: usize) {
        if let Some(item) = self.filter_of(q).and_then(|f| f.state.current()) {
            self.move_cursor(|_, _| item);
        }
    }

    /// Enter while filtering: a single question picks the focused match and moves on; a
    /// multi question toggles it and stays, the cursor on it. Nothing matching, it rings.
    pub(super) fn accept_filter(&mut self) -> Effect {
        let Some((q, _)) = self.question() else {
            return Cmd::None;
        };
        let Some(item) = self.filter_of(q).and_then(|f| f.state.current()) else {
            return Cmd::Bell;
        };
        self.filter = None;
        self.move_cursor(|_, _| item);
        self.pick(q, item, true)
    }

    pub(super) fn close_filter(&mut self) -> Effect {
        // The cursor stays on the match it was on.
        self.filter = None;
        Cmd::None
    }
}
