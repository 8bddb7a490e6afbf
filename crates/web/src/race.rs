//! The race between the page and the questionnaire asked beside it (the CLI's terminal, pi's
//! questionnaire or its dialogs), settled the same way for every host: the first answer wins,
//! and nothing typed on either side is lost.
//!
//! - The page's submit ended the other side: the page's answer, with the other side's text
//!   (saved or not) as its drafts where the answer does not hold the same text
//!   ([`Held::page_answer`]).
//! - The page's cancel ended it: cancelled, with the other side's answers and unsaved text and
//!   the page's drafts ([`Held::cancelled_on_page`]).
//! - The other side ended first: the page closes; its answer still wins if it was accepted
//!   before, else the other side's result keeps the page's drafts ([`Held::settle`]).
//!
//! Where the page is the only questionnaire (the CLI's `--web-only`, MCP's web route), the other
//! side is whatever ends it from outside (a signal, the time limit, a call that gave up, the
//! inbox): [`WebServer::result_of`] and [`WebServer::end_alone`].
//!
//! `details.answeredIn` says where it was answered: `web`, or `terminal` after a submit or a
//! cancel on the other side; a time-out or an abort was answered nowhere.

use std::collections::BTreeMap;

use question::{AnswerState, Draft, ResultOptions, ToolResult};

use crate::{Closed, PageEvent, WebServer, mark_answered_in};

/// What the side racing the page holds: its recorded answers and its text typed and not saved.
#[derive(Debug, Clone)]
pub struct Held {
    pub state: AnswerState,
    pub unsaved: BTreeMap<String, Draft>,
}

/// How the side racing the page ended by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Submitted,
    Cancelled,
    /// The host stopped asking (pi's turn aborted): cancelled, answered nowhere.
    Aborted,
    TimedOut,
}

/// Whose answer the result is, once settled.
#[derive(Debug, Clone, PartialEq)]
pub enum Settled {
    /// The page's answer was accepted first.
    Page(ToolResult),
    /// How it ended elsewhere, with what was typed on the page.
    Here(ToolResult),
}

impl Held {
    /// Everything typed on this side, by question id: what was saved (free text, a number,
    /// notes) and, over it, what is typed and not saved.
    pub fn typed(&self) -> BTreeMap<String, Draft> {
        let mut texts = self.state.typed_texts();
        for (id, unsaved) in &self.unsaved {
            texts.entry(id.clone()).or_default().update(unsaved.clone());
        }
        texts
    }

    /// The result for `options`, with this side's unsaved text and `drafts` (typed on the
    /// page) as drafts: both where they differ ([`Draft::keep_both`]), this side's first.
    pub fn result_with(
        &self,
        options: ResultOptions,
        drafts: BTreeMap<String, Draft>,
    ) -> ToolResult {
        let mut kept = self.unsaved.clone();
        for (id, page) in drafts {
            kept.entry(id).or_default().keep_both(page);
        }
        self.state.build_result(options.with_drafts(kept))
    }

    /// The page's submit came first: its answer with this side's text kept as drafts; `None`
    /// before the page's answer was accepted.
    pub fn page_answer(&self, page: &WebServer) -> Option<ToolResult> {
        page.answer_with_drafts(self.typed())
    }

    /// The page's cancel came first: cancelled, with this side's answers and unsaved text and
    /// what was typed on the page.
    pub fn cancelled_on_page(&self, page: &WebServer) -> ToolResult {
        let mut result = self.result_with(ResultOptions::cancelled(), page.drafts(&self.state));
        mark_answered_in(&mut result, "web");
        result
    }

    /// This side ended first, as `ending`, with `result`: the page closes saying so. The page's
    /// answer if it was accepted before, else `result` with the page's drafts.
    pub fn settle(&self, page: &WebServer, ending: Ending, result: ToolResult) -> Settled {
        let how = match ending {
            Ending::Submitted => Closed::AnsweredInTerminal,
            Ending::Cancelled | Ending::Aborted => Closed::Cancelled,
            Ending::TimedOut => Closed::TimedOut,
        };
        if let Some(answer) = page.close(how) {
            return Settled::Page(self.page_answer(page).unwrap_or(answer));
        }
        let drafts = page.drafts(&self.state);
        let mut result = if drafts.is_empty() {
            result
        } else {
            self.result_with(options_of(ending), drafts)
        };
        if matches!(ending, Ending::Submitted | Ending::Cancelled) {
            mark_answered_in(&mut result, "terminal");
        }
        Settled::Here(result)
    }
}

impl Settled {
    pub fn into_result(self) -> ToolResult {
        match self {
            Settled::Page(result) | Settled::Here(result) => result,
        }
    }
}

impl WebServer {
    /// The result of what the person did on a page that asks alone: its answer, or cancelled
    /// with what the page holds.
    pub fn result_of(&self, event: PageEvent) -> ToolResult {
        match event {
            PageEvent::Submitted(result) => result,
            PageEvent::Cancelled => {
                let mut result = self.result_so_far(ResultOptions::cancelled());
                mark_answered_in(&mut result, "web");
                result
            }
        }
    }

    /// A page that asks alone was ended from outside as `how`: it closes saying so. Its answer
    /// if it was accepted first, else what it holds, cancelled or timed out.
    pub fn end_alone(&self, how: Closed) -> Settled {
        if let Some(answer) = self.close(how) {
            return Settled::Page(answer);
        }
        let options = match how {
            Closed::TimedOut => ResultOptions::timed_out(),
            _ => ResultOptions::cancelled(),
        };
        Settled::Here(self.result_so_far(options))
    }
}

/// The options a result that ended as `ending` was built with, to build it again with drafts.
fn options_of(ending: Ending) -> ResultOptions {
    match ending {
        Ending::Submitted => ResultOptions::submitted(),
        Ending::Cancelled => ResultOptions::cancelled(),
        Ending::Aborted => ResultOptions::aborted(),
        Ending::TimedOut => ResultOptions::timed_out(),
    }
}
