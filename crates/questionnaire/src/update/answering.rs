//! Answering: picking, toggling, yes/no, clearing, and moving between tabs to the review and
//! out (submit, cancel).

use question::{AnswerState, StateError};

use super::Effect;
use crate::keymap::Mode;
use crate::kind::Traits;
use crate::model::{App, Target};
use crate::msg::Outcome;
use tea::Cmd;

impl App {
    /// `x` or Delete: the question is marked skipped; a question that cannot be rings.
    pub(super) fn clear(&mut self) -> Effect {
        match self.question() {
            Some((q, _)) => {
                if self.apply(|s, id| s.mark_skipped(id), q) {
                    Cmd::None
                } else {
                    Cmd::Bell
                }
            }
            None => Cmd::None,
        }
    }

    pub(super) fn enter_tab(&mut self, tab: usize) {
        self.tab = tab;
        self.show_lists_from_the_top();
        self.editor = None;
        self.filter = None;
        self.context_scroll = 0;
        self.preview_scroll = 0;
        self.review_warning = false;
        if self.question().is_none() {
            self.review.selected = self.questions().len();
        }
    }

    pub(super) fn switch_tab(&mut self, step: isize) -> Effect {
        if !self.has_tabs() {
            return Cmd::None;
        }
        let tabs = self.questions().len() as isize + 1;
        let tab = (self.tab as isize + step).rem_euclid(tabs) as usize;
        self.enter_tab(tab);
        Cmd::None
    }

    /// Shows tab `tab` (a click on it); one that does not exist changes nothing.
    pub(super) fn show_tab(&mut self, tab: usize) -> Effect {
        if self.has_tabs() && tab <= self.questions().len() && tab != self.tab {
            self.enter_tab(tab);
        }
        Cmd::None
    }

    /// After an answer: the next tab (Review after the last question), or submit when there
    /// is only one question.
    pub(super) fn advance(&mut self) -> Effect {
        if !self.has_tabs() {
            return Cmd::Quit(Outcome::Submitted(self.result(false)));
        }
        self.enter_tab(self.tab + 1);
        Cmd::None
    }

    pub(super) fn submit(&mut self) -> Effect {
        let all_answered = self.state.answered_count() == self.questions().len();
        if all_answered || self.review_warning {
            Cmd::Quit(Outcome::Submitted(self.result(false)))
        } else {
            self.review_warning = true;
            Cmd::None
        }
    }

    pub(super) fn cancel(&mut self) -> Effect {
        Cmd::Quit(Outcome::Cancelled(self.result(true)))
    }

    /// Esc: in a text question with unsaved text, the first Esc only arms the cancel and the
    /// footer says so; the second cancels, keeping the text as a draft.
    pub(super) fn escape(&mut self) -> Effect {
        let unsaved = matches!(self.mode(), Mode::TextAnswer | Mode::NumberAnswer)
            && self
                .open_editor()
                .is_some_and(|target| self.unsaved_draft(target).is_some());
        if unsaved && !self.esc_armed {
            self.esc_armed = true;
            return Cmd::None;
        }
        self.cancel()
    }

    pub(super) fn apply(
        &mut self,
        transition: impl FnOnce(&AnswerState, &str) -> Result<AnswerState, StateError>,
        q: usize,
    ) -> bool {
        let id = self.questions()[q].id.clone();
        match transition(&self.state, &id) {
            Ok(state) => {
                self.state = state;
                true
            }
            Err(_) => false,
        }
    }

    /// Picks option `o` of the shown question: a toggling type toggles, the others select
    /// (and advance when `advance`).
    pub(super) fn pick(&mut self, q: usize, o: usize, advance: bool) -> Effect {
        let value = self.questions()[q].options[o].value.clone();
        let toggles = self.traits(q).toggles();
        let ok = if toggles {
            self.apply(|s, id| s.toggle(id, &value), q)
        } else {
            self.apply(|s, id| s.select(id, &value), q)
        };
        if !ok {
            return Cmd::Bell;
        }
        if advance && !toggles {
            self.advance()
        } else {
            Cmd::None
        }
    }

    pub(super) fn pick_number(&mut self, n: u8) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        let options = question.options.len();
        let index = usize::from(n).wrapping_sub(1);
        if !self.traits(q).has_options() || index >= self.item_count(q) {
            return Cmd::Bell;
        }
        self.move_cursor(|_, _| index);
        if index >= options {
            self.editor = Some(Target::FreeText(q));
            return Cmd::None;
        }
        self.pick(q, index, true)
    }

    /// Enter or Space on the focused list row.
    pub(super) fn activate_row(&mut self, advance: bool) -> Effect {
        let Some((q, question)) = self.question() else {
            return self.activate_review();
        };
        let traits = self.traits(q);
        if !traits.has_options() {
            return Cmd::None;
        }
        let cursor = self.cursor(q);
        if cursor >= question.options.len() {
            if !traits.free_text_row() {
                return Cmd::Bell;
            }
            self.editor = Some(Target::FreeText(q));
            return Cmd::None;
        }
        // Enter on a toggling list confirms the set.
        if traits.toggles() && advance {
            return self.advance();
        }
        self.pick(q, cursor, advance)
    }

    /// `y`/`n` on a yes/no question: the Yes or No option, picked as Enter would.
    pub(super) fn answer_yes_no(&mut self, yes: bool) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        if !Traits::of(question.kind).yes_no {
            return Cmd::Bell;
        }
        let value = if yes { "yes" } else { "no" };
        let Some(o) = question.options.iter().position(|o| o.value == value) else {
            return Cmd::Bell;
        };
        self.move_cursor(|_, _| o);
        self.pick(q, o, true)
    }

    pub(super) fn activate_review(&mut self) -> Effect {
        let n = self.questions().len();
        match self.review.selected {
            row if row < n => {
                self.enter_tab(row);
                Cmd::None
            }
            row if row == n => self.submit(),
            _ => self.cancel(),
        }
    }
}
