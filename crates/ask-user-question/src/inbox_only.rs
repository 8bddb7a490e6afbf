//! `--inbox-only`: the questionnaire is posted to the inbox and the run waits for its answer
//! there, with no terminal (as `--web-only` waits for the page). The exit codes are the
//! terminal's; a signal or `--timeout` ends the wait with what was answered and typed in the
//! inbox so far, which the store keeps as drafts while the questionnaire waits.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use ask_user_question::signals::Caught;
use question::{AnswerState, Questionnaire, ResultOptions, ToolResult};
use questionnaire::Outcome;

use crate::exit::{note, print_outcome, signalled};
use crate::inbox_host::{Inbox, Over, POLL_EVERY, Seen, outcome_of, say_why_left};

/// The surface a time-out is recorded as: no one answered, the CLI's own clock ended it.
const TIMER: &str = "cli";

/// How the wait ended: the outcome to print and the signal that ended it, if one did.
pub struct Waited {
    pub outcome: Outcome,
    pub signal: Option<i32>,
}

/// Prints what the wait ended with.
pub fn print(waited: Waited) -> ExitCode {
    let code = print_outcome(waited.outcome);
    match waited.signal {
        Some(signal) => {
            note(format!(
                "stopped by signal {signal}; cancelled with what was recorded"
            ));
            signalled(signal)
        }
        None => code,
    }
}

/// Waits for the inbox's answer to the posted questionnaire. `None` when the store failed
/// meanwhile (said on stderr): the caller asks here instead.
pub fn wait(
    inbox: &Inbox,
    questionnaire: &Questionnaire,
    limit: Option<Duration>,
    caught: &Caught,
) -> Option<Waited> {
    note(format!(
        "waiting for the answer in the inbox (`ask-user-question inbox`), as {} #{}",
        inbox.host(),
        inbox.id()
    ));
    let deadline = limit.map(|limit| Instant::now() + limit);
    let mut seen = Seen::default();
    loop {
        if let Some(signal) = caught.signal() {
            let saved = so_far(inbox, questionnaire, ResultOptions::cancelled());
            let outcome = match inbox.stop(&format!("{} stopped waiting", inbox.host())) {
                Some(answered) => outcome_of(answered),
                None => Outcome::Cancelled(saved),
            };
            return Some(Waited {
                outcome,
                signal: Some(signal),
            });
        }
        let now = Instant::now();
        if deadline.is_some_and(|deadline| deadline <= now) {
            let timed_out = so_far(inbox, questionnaire, ResultOptions::timed_out());
            let outcome = match inbox.settle(TIMER, &timed_out) {
                Some(answered) => outcome_of(answered),
                None => Outcome::TimedOut(timed_out),
            };
            say_why_left(inbox);
            return Some(Waited {
                outcome,
                signal: None,
            });
        }
        match inbox.look(&mut seen) {
            Ok(Some(answered)) => {
                return Some(Waited {
                    outcome: outcome_of(answered),
                    signal: None,
                });
            }
            Ok(None) => {}
            Err(Over::Ended) => {
                let why = inbox.ended_why().unwrap_or_default();
                let cancelled = so_far(inbox, questionnaire, ResultOptions::cancelled());
                note(format!(
                    "the questionnaire left the inbox ({why}); cancelled with what was recorded"
                ));
                return Some(Waited {
                    outcome: Outcome::Cancelled(cancelled),
                    signal: None,
                });
            }
            Err(Over::StoreFailed) => {
                say_why_left(inbox);
                return None;
            }
        }
        let wait = deadline.map_or(POLL_EVERY, |deadline| {
            deadline.saturating_duration_since(now).min(POLL_EVERY)
        });
        std::thread::sleep(wait);
    }
}

/// The result with what the store holds as answered and typed (`question::saved`).
fn so_far(inbox: &Inbox, questionnaire: &Questionnaire, options: ResultOptions) -> ToolResult {
    let state = AnswerState::new(questionnaire.clone());
    let (state, drafts) = match inbox.saved() {
        Some(saved) => question::saved::restore(state, &saved),
        None => (state, Default::default()),
    };
    state.build_result(options.with_drafts(drafts))
}
