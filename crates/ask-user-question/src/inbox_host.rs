//! The CLI as one of the inbox's hosts: the questionnaire is also posted to the store
//! (`ask-user-question-store`, whose `host` module is the shared part), where a running inbox
//! shows it, and whichever surface answers first wins, in one transaction of the store.
//!
//! Any error from the store is said once on stderr and the question goes on here as if there
//! were no inbox. Errors that happen while the questionnaire is drawn are held until the
//! terminal is restored, so the note does not land in the middle of the frame. The terminal
//! questionnaire posts on a thread while it draws ([`PendingInbox`]); the replay and
//! `--inbox-only` post first.

use std::path::PathBuf;

use ask_user_question_store::host::without_it;
pub use ask_user_question_store::host::{Inbox, Joined, Joining, Over, POLL_EVERY, Seen};
use ask_user_question_web::mark_answered_in;
use clap::Args;
use question::ToolResult;
use questionnaire::Outcome;
use serde_json::Value;

use crate::exit::note;

/// The host's name in the inbox when neither `--host-name` nor the program that ran this one
/// says (an interactive shell: the person typed the command).
const HOST: &str = "ask-user-question";

#[derive(Debug, Args)]
pub struct InboxArgs {
    /// Also post the questionnaire to the inbox (`ask-user-question inbox`), even when none
    /// runs yet; the first answer, in the inbox or here, wins [default: post only while an
    /// inbox runs; ASK_USER_QUESTION_INBOX=1 is --inbox, =0 is --no-inbox].
    #[arg(long, conflicts_with = "no_inbox")]
    inbox: bool,
    /// Never post the questionnaire to the inbox.
    #[arg(long)]
    no_inbox: bool,
    /// Post the questionnaire to the inbox and wait for its answer there (no terminal
    /// needed); a signal or --timeout ends the wait, keeping what was typed in the inbox.
    #[arg(long, conflicts_with_all = ["no_inbox", "keys", "accessible", "web", "web_only"])]
    inbox_only: bool,
    /// Who asks, as the inbox lists it [default: the script or program that ran this one
    /// (`deploy.sh`, `make`), else ask-user-question; env ASK_USER_QUESTION_HOST].
    #[arg(long, value_name = "NAME")]
    host_name: Option<String>,
    /// The inbox's store file [default: $XDG_STATE_HOME/ask-user-question/inbox.sqlite3; env
    /// ASK_USER_QUESTION_STORE].
    #[arg(long, value_name = "PATH", hide = true)]
    store: Option<PathBuf>,
}

impl InboxArgs {
    pub fn only(&self) -> bool {
        self.inbox_only
    }

    fn joining(&self) -> Joining {
        Joining::from_flags(self.inbox || self.inbox_only, self.no_inbox)
    }

    /// The store to post to, when this run joins the inbox: `None` when it does not, and when
    /// the store cannot be used (said on stderr).
    pub fn open(&self) -> Option<Joined> {
        open_store(
            self.joining(),
            self.store.clone(),
            host(self.host_name.clone()),
        )
    }

    /// [`InboxArgs::open`] and the post of `input` on a thread, for a run that draws at once
    /// (see [`PendingInbox`]); `None` when this run never joins.
    pub fn post_later(&self, input: Value) -> Option<PendingInbox> {
        let name = self.host_name.clone();
        PendingInbox::start(
            self.joining(),
            self.store.clone(),
            move || host(name),
            input,
        )
    }
}

/// Who asks: `--host-name`, else `ASK_USER_QUESTION_HOST`, else the program that ran this one.
fn host(name: Option<String>) -> String {
    name.or_else(|| std::env::var("ASK_USER_QUESTION_HOST").ok())
        .filter(|name| !name.trim().is_empty())
        .or_else(parent::parent_name)
        .unwrap_or_else(|| HOST.to_string())
}

/// The store to post to as `host`, when joining says to: `None` when not, and when the store
/// cannot be used (said on stderr).
pub fn open_store(joining: Joining, path: Option<PathBuf>, host: String) -> Option<Joined> {
    ask_user_question_store::host::open_store(joining, path, host).unwrap_or_else(|error| {
        note(without_it(&error));
        None
    })
}

/// Posts the questionnaire (`input`: its validated JSON), asked in the current folder; `None`
/// (said on stderr) when the store refuses it.
pub fn post(joined: Joined, input: &Value) -> Option<Inbox> {
    let project = std::env::current_dir()
        .map(|dir| dir.display().to_string())
        .unwrap_or_default();
    joined
        .post(input, &project)
        .map_err(|error| note(without_it(&error)))
        .ok()
}

/// Says on stderr why the store was left during the run, if it was.
pub fn say_why_left(inbox: &Inbox) {
    if let Some(why) = inbox.why_left() {
        note(why);
    }
}

/// The outcome a result from the inbox stands for: its exit code is the terminal's.
pub fn outcome_of(result: ToolResult) -> Outcome {
    if result.error() == Some(question::ErrorCode::TimedOut) {
        Outcome::TimedOut(result)
    } else if result.is_cancelled() {
        Outcome::Cancelled(result)
    } else {
        Outcome::Submitted(result)
    }
}

/// The outcome to print once this run's own surface (`terminal` or `web`) answered: its
/// own, unless the inbox answered first.
pub fn settle_outcome(inbox: Option<&Inbox>, outcome: Outcome) -> Outcome {
    let Some(inbox) = inbox else {
        return outcome;
    };
    let surface = match outcome.result().details["answeredIn"].as_str() {
        Some("web") => "web",
        _ => "terminal",
    };
    let won = inbox.settle(surface, outcome.result());
    say_why_left(inbox);
    match won {
        Some(result) => {
            let place = if surface == "web" {
                "the web page's"
            } else {
                "the terminal's"
            };
            note(format!(
                "answered in the inbox first; {place} answer was not used"
            ));
            outcome_of(result)
        }
        // Where it was answered, as with the page; a time-out was nobody's answer.
        None if matches!(outcome, Outcome::TimedOut(_)) => outcome,
        None => outcome_of(marked(outcome.into_result(), surface)),
    }
}

/// `result` with `details.answeredIn`, unless it says already.
fn marked(mut result: ToolResult, place: &str) -> ToolResult {
    if result.details.get("answeredIn").is_none() {
        mark_answered_in(&mut result, place);
    }
    result
}

/// The outcome when the inbox's answer closed the terminal questionnaire: the page, if one
/// races too, is closed (its late answer lost: the store decided).
pub fn answered_in_inbox(
    page: Option<&ask_user_question_web::WebServer>,
    outcome: Outcome,
) -> Outcome {
    if let Some(page) = page {
        page.close(ask_user_question_web::Closed::AnsweredInInbox);
    }
    note("answered in the inbox; the terminal questionnaire closed");
    outcome
}

/// The outcome of a run that stops with nobody's answer (a signal, a failed terminal): the
/// questionnaire leaves the inbox's list, unless the inbox answered first.
pub fn stop_outcome(inbox: Option<&Inbox>, outcome: Outcome) -> Outcome {
    let Some(inbox) = inbox else {
        return outcome;
    };
    let answered = inbox.stop(&format!("{} stopped waiting", inbox.host()));
    say_why_left(inbox);
    match answered {
        Some(result) => {
            note("answered in the inbox first; the terminal's answer was not used");
            outcome_of(result)
        }
        None => outcome,
    }
}

mod parent;
mod pending;
#[cfg(test)]
mod tests;

pub use pending::PendingInbox;
