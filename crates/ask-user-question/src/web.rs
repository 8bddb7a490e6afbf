//! `--web` and `--web-only`: the questionnaire also (or only) as a web page.
//!
//! With `--web` the page races the terminal questionnaire: the first answer wins. The page's
//! events reach the terminal program as messages (`Hosted::with_page`); when the terminal ends
//! first, the page is told and shows that it is closed. Whatever ends it, text typed on the page
//! and not sent is kept in the result as drafts, like the terminal's own; when the page's answer
//! wins, the terminal's text (saved or not) becomes drafts of the page's result; and
//! `details.answeredIn` says where it was answered (`web` or `terminal`; not on a time-out or a
//! signal, where nobody answered).
//!
//! The tokio runtime and the server start only here, so a run without these flags starts as
//! fast as before.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ask_user_question::signals::Caught;
use ask_user_question_web::race::{Ending, Held, Settled};
use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use clap::Args;
use question::{Questionnaire, ToolResult};
use questionnaire::Outcome;

use crate::host::Hosted;

#[derive(Debug, Args)]
pub struct WebArgs {
    /// Also serve the questionnaire as a web page and print its link to stderr; the first
    /// answer, on the page or the terminal, wins. ADDR: `lan` (this machine's LAN address:
    /// anyone on the network with the link can answer), an IP or IP:PORT [default:
    /// 127.0.0.1 on a free port].
    #[arg(long, value_name = "ADDR", num_args = 0..=1, require_equals = true,
          default_missing_value = "local", value_parser = parse_bind, conflicts_with_all = ["keys", "accessible"])]
    web: Option<Bind>,
    /// Serve the questionnaire only as a web page (no terminal needed), at --web's address.
    #[arg(long, conflicts_with_all = ["keys", "accessible"])]
    web_only: bool,
}

fn parse_bind(text: &str) -> Result<Bind, String> {
    text.parse()
}

impl WebArgs {
    /// Whether a page is asked for.
    pub fn wanted(&self) -> bool {
        self.web.is_some() || self.web_only
    }

    pub fn only(&self) -> bool {
        self.web_only
    }

    /// Starts the page and prints its link; `Err` with the exit code when it cannot start.
    pub fn start(
        &self,
        questionnaire: &Questionnaire,
        limit: Option<Duration>,
    ) -> Result<WebServer, ExitCode> {
        let bind = self.web.unwrap_or(Bind::Local);
        match WebServer::start(questionnaire.clone(), bind, limit) {
            Ok(web) => {
                note(format!("answer in a browser: {}", web.url()));
                Ok(web)
            }
            Err(error) => Err(crate::exit::fail(
                crate::exit::EXIT_FAILURE,
                format!("cannot serve the web page: {error}"),
            )),
        }
    }
}

fn note(message: impl std::fmt::Display) {
    let _ = writeln!(std::io::stderr(), "ask-user-question: {message}");
}

/// The outcome of a terminal run that raced the page (`ask_user_question_web::race`, as pi's
/// questionnaire settles it): the page's answer if it won, else the terminal's with the page's
/// drafts; the page is closed either way.
pub fn settle(web: Option<&WebServer>, hosted: &Hosted, outcome: Outcome) -> Outcome {
    let Some(web) = web else {
        return outcome;
    };
    let app = hosted.app();
    let held = Held {
        state: app.state().clone(),
        unsaved: app.unsaved_drafts(),
    };
    if hosted.ended_on_page() {
        note("answered on the web page; the terminal questionnaire closed");
        return match outcome {
            Outcome::Submitted(_) => match held.page_answer(web) {
                Some(result) => Outcome::Submitted(result),
                None => outcome,
            },
            _ => with_result(outcome, held.cancelled_on_page(web)),
        };
    }
    let ending = match outcome {
        Outcome::Submitted(_) => Ending::Submitted,
        Outcome::Cancelled(_) => Ending::Cancelled,
        Outcome::TimedOut(_) => Ending::TimedOut,
    };
    let result = outcome.result().clone();
    match held.settle(web, ending, result) {
        Settled::Page(result) => {
            note("answered on the web page first; the terminal's answer was not used");
            Outcome::Submitted(result)
        }
        Settled::Here(result) => with_result(outcome, result),
    }
}

fn with_result(outcome: Outcome, result: ToolResult) -> Outcome {
    match outcome {
        Outcome::Submitted(_) => Outcome::Submitted(result),
        Outcome::Cancelled(_) => Outcome::Cancelled(result),
        Outcome::TimedOut(_) => Outcome::TimedOut(result),
    }
}

/// `--web-only`: the page alone, until it is answered, cancelled, the time limit runs out or a
/// signal ends the run (each keeps what was typed on the page). The exit codes are the
/// terminal's.
pub fn web_only(questionnaire: Questionnaire, args: &WebArgs, limit: Option<Duration>) -> ExitCode {
    match serve_only(questionnaire, args, limit) {
        Ok((outcome, None)) => crate::exit::print_outcome(outcome),
        Ok((outcome, Some(signal))) => {
            crate::exit::print_outcome(outcome);
            note(format!(
                "stopped by signal {signal}; cancelled with what was recorded"
            ));
            ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
        }
        Err(code) => code,
    }
}

fn serve_only(
    questionnaire: Questionnaire,
    args: &WebArgs,
    limit: Option<Duration>,
) -> Result<(Outcome, Option<i32>), ExitCode> {
    let caught = Caught::ending_signals();
    let web = args.start(&questionnaire, limit)?;
    let events = web.events();
    let deadline = limit.map(|limit| Instant::now() + limit);
    // The page's own answer, should it have come first, wins over how the run ends.
    let ended = |how| match web.end_alone(how) {
        Settled::Page(result) => Outcome::Submitted(result),
        Settled::Here(result) if how == Closed::TimedOut => Outcome::TimedOut(result),
        Settled::Here(result) => Outcome::Cancelled(result),
    };
    loop {
        if let Some(signal) = caught.signal() {
            return Ok((ended(Closed::Cancelled), Some(signal)));
        }
        let now = Instant::now();
        if deadline.is_some_and(|d| d <= now) {
            return Ok((ended(Closed::TimedOut), None));
        }
        let wait = deadline.map_or(SIGNAL_CHECK, |d| (d - now).min(SIGNAL_CHECK));
        match events.next(Some(wait)) {
            Some(event @ PageEvent::Submitted(_)) => {
                return Ok((Outcome::Submitted(web.result_of(event)), None));
            }
            Some(event @ PageEvent::Cancelled) => {
                return Ok((Outcome::Cancelled(web.result_of(event)), None));
            }
            None => {}
        }
    }
}

/// How often a run with only the page looks for signals.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);
