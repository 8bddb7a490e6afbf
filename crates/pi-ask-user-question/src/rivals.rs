//! What races pi's side of a call (its questionnaire, or its dialogs where it cannot show): the
//! operator's web page (`--ask-web`) and the inbox (`ask-user-question inbox`), each when it
//! applies. The first answer wins, settled here as the CLI settles it (the page's race in
//! `ask_user_question_web::race`, the inbox's in the store's `host`), so the extension only
//! hands the [`Rivals`] to the `Session` or the `Dialogs`:
//! - the page's answer or cancel, or the inbox's answer, arrives on a thread of its own, which
//!   wakes pi's side (`onWake`); pi's side takes it at its next tick and ends with it;
//! - pi's side ending first closes the page (whose answer still wins if it was accepted
//!   before) and offers the result to the store (the inbox's wins if it came first); an aborted
//!   call leaves the inbox's list with what was typed;
//! - what is typed in pi reaches the store after keys, at most every [`SAVE_EVERY`], and the
//!   first key or reply stops the page's countdown.
//!
//! Nothing of it runs unless asked: the page's server and its thread start with a `web`
//! address, and the store opens only when a call may join (an inbox ran once for this user,
//! or `ASK_USER_QUESTION_INBOX=1`). The store is a convenience: trouble with it is a warning
//! ([`Rivals::warnings`]) and the call goes on in pi.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use ask_user_question_store::host::{self, Inbox, Joining};
use ask_user_question_web::race::{Ending, Held};
use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use napi::bindgen_prelude::Result;
use napi_derive::napi;
use question::ToolResult;
use serde_json::Value;

use crate::outcome::Outcome;
use crate::tool::CheckOptions;
use crate::wake::Waker;

/// What pi's side holds reaches the store at most this often while keys come.
pub const SAVE_EVERY: Duration = Duration::from_millis(300);

/// How a call that stops with nobody's answer leaves the inbox's list.
const STOPPED: &str = "pi stopped waiting";

/// Throws, saying what was expected, when `text` is not an address for the page: `local`
/// (127.0.0.1), `lan`, an IP or `IP:PORT`.
#[napi]
pub fn check_web_address(text: String) -> Result<()> {
    parse_bind(&text)
        .map(|_| ())
        .map_err(napi::Error::from_reason)
}

fn parse_bind(text: &str) -> std::result::Result<Bind, String> {
    text.trim().parse()
}

/// What races a call: `new Rivals(input, {web, project, timeoutMs, checks})`, every field
/// optional.
#[napi(object)]
#[derive(Debug, Clone, Default)]
pub struct RivalOptions {
    /// Serve the call's questions as a web page at this address (the operator's `--ask-web`:
    /// `local`, `lan`, an IP or `IP:PORT`).
    pub web: Option<String>,
    /// Post them to the inbox as asked in this folder, when a call may join
    /// (`ASK_USER_QUESTION_INBOX`: `1` always, `0` never, else while an inbox runs).
    pub project: Option<String>,
    /// The operator's time limit, which the page counts down too.
    pub timeout_ms: Option<f64>,
    /// How the call is checked, as `invalidResult` takes it.
    pub checks: Option<CheckOptions>,
}

/// The page and the inbox of one call, handed to its `Session` and, where the questionnaire
/// cannot show, its `Dialogs`.
#[napi]
pub struct Rivals {
    race: Race,
}

#[napi]
impl Rivals {
    /// Serves and posts `input` as `options` ask. Fails with the `invalid_questions` content
    /// when a page is asked for (the asking side checks the questions anyway), or with why the
    /// page cannot be served; the store's trouble is only a warning.
    #[napi(constructor)]
    pub fn new(input: Value, options: Option<RivalOptions>) -> Result<Rivals> {
        let options = options.unwrap_or_default();
        let page = match &options.web {
            Some(address) => {
                let validation = CheckOptions::validation(options.checks.as_ref());
                let questionnaire =
                    question::validate_with(&input, validation).map_err(|issues| {
                        napi::Error::from_reason(question::invalid_result(issues).content)
                    })?;
                let bind = parse_bind(address).map_err(napi::Error::from_reason)?;
                let limit = options
                    .timeout_ms
                    .filter(|ms| ms.is_finite() && *ms > 0.0)
                    .map(|ms| Duration::from_millis(ms.ceil() as u64));
                let page = WebServer::start(questionnaire, bind, limit).map_err(|error| {
                    napi::Error::from_reason(format!(
                        "cannot serve the web page at {address}: {error}"
                    ))
                })?;
                Some(page)
            }
            None => None,
        };
        let mut warnings = Vec::new();
        let inbox = options.project.and_then(|project| {
            join(&input, &project).unwrap_or_else(|why| {
                warnings.push(why);
                None
            })
        });
        Ok(Rivals {
            race: Race::start(page, inbox, warnings),
        })
    }

    /// The link to the page, with its token; `null` without a page.
    #[napi(getter)]
    pub fn url(&self) -> Option<String> {
        self.race.0.url.clone()
    }

    /// What went wrong with the store since the last call (it was left; the call goes on in pi),
    /// to say as warnings.
    #[napi]
    pub fn warnings(&self) -> Vec<String> {
        let mut state = self.race.lock();
        let left = self.race.0.inbox.as_ref().and_then(Inbox::why_left);
        state.warnings.extend(left);
        std::mem::take(&mut state.warnings)
    }

    /// The call is over: the page's server stops (a page still open says the questionnaire is
    /// closed), and a questionnaire nobody settled leaves the inbox's list.
    #[napi]
    pub fn stop(&self) {
        self.race.stop();
    }
}

impl Rivals {
    /// The race, for the `Session` or the `Dialogs` that asks now.
    pub(crate) fn race(&self) -> Race {
        self.race.clone()
    }
}

/// Posts `input` to the inbox when joining applies; `Err` with why when the store cannot be
/// used.
fn join(input: &Value, project: &str) -> std::result::Result<Option<Inbox>, String> {
    let joined = host::open_store(Joining::from_flags(false, false), None, "pi".into())
        .map_err(|error| host::without_it(&error))?;
    let Some(joined) = joined else {
        return Ok(None);
    };
    joined
        .post(input, project)
        .map(Some)
        .map_err(|error| host::without_it(&error))
}

/// The race as pi's side holds it: shared with the threads that watch the page and the inbox,
/// which hold it only weakly, so it ends with the last of the `Rivals`, the `Session` and the
/// `Dialogs` that hold it.
#[derive(Clone)]
pub struct Race(Arc<Shared>);

struct Shared {
    url: Option<String>,
    /// `None` without a page, and once stopped.
    page: Mutex<Option<WebServer>>,
    inbox: Option<Inbox>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// What ended pi's side from elsewhere, not taken yet.
    arrived: Option<Arrival>,
    /// Wakes pi's side now asking.
    waker: Option<Waker>,
    warnings: Vec<String>,
    settled: bool,
    countdown_stopped: bool,
}

/// What came from elsewhere first.
#[derive(Debug)]
enum Arrival {
    PageSubmitted,
    PageCancelled,
    Inbox(ToolResult),
}

/// Where pi's side was ended from, when not by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndedBy {
    Page,
    Inbox,
}

impl Drop for Shared {
    /// Nobody can settle it any more: the page's server stops with it, and the inbox ends it as
    /// stopped waiting once the beat is missed.
    fn drop(&mut self) {
        if let Some(inbox) = &self.inbox {
            inbox.finish();
        }
    }
}

impl Race {
    fn start(page: Option<WebServer>, inbox: Option<Inbox>, warnings: Vec<String>) -> Race {
        let events = page.as_ref().map(WebServer::events);
        let race = Race(Arc::new(Shared {
            url: page.as_ref().map(|page| page.url().to_string()),
            page: Mutex::new(page),
            inbox,
            state: Mutex::new(State {
                warnings,
                ..State::default()
            }),
        }));
        if let Some(events) = events {
            race.watch("ask-user-question-web-events", move || {
                match events.next(None)? {
                    PageEvent::Submitted(_) => Some(Arrival::PageSubmitted),
                    PageEvent::Cancelled => Some(Arrival::PageCancelled),
                }
            });
        }
        if let Some(inbox) = race.0.inbox.clone() {
            race.watch("ask-user-question-inbox", move || {
                let result = inbox.wait_for_answer()?;
                // The call has its answer: the beat stops (a settle or stop after it still
                // reads the store).
                inbox.finish();
                Some(Arrival::Inbox(result))
            });
        }
        race
    }

    /// Runs `wait` on a thread of its own; what it returns arrives.
    fn watch(&self, name: &str, wait: impl FnOnce() -> Option<Arrival> + Send + 'static) {
        let shared = Arc::downgrade(&self.0);
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let arrival = wait();
                if let (Some(arrival), Some(shared)) = (arrival, shared.upgrade()) {
                    Race(shared).arrive(arrival);
                }
            });
        if let Err(error) = spawned {
            let why = format!(
                "cannot watch for answers from elsewhere ({error}); they count when pi's side ends"
            );
            self.lock().warnings.push(why);
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        lock(&self.0.state)
    }

    fn page(&self) -> MutexGuard<'_, Option<WebServer>> {
        lock(&self.0.page)
    }

    fn arrive(&self, arrival: Arrival) {
        let mut state = self.lock();
        if state.settled || state.arrived.is_some() {
            return;
        }
        state.arrived = Some(arrival);
        if let Some(waker) = &state.waker {
            waker.wake();
        }
    }

    /// pi's side now asking is woken by `waker` when something arrives (at once, if something
    /// did already).
    pub fn attach(&self, waker: Waker) {
        let mut state = self.lock();
        if state.arrived.is_some() {
            waker.wake();
        }
        state.waker = Some(waker);
    }

    /// The link to the page, if there is one.
    pub fn url(&self) -> Option<String> {
        self.0.url.clone()
    }

    /// The result that ended pi's side from elsewhere, if one arrived: the page's answer with
    /// what `held` (pi's side now) typed as drafts, the page's cancel with its answers, or the
    /// inbox's answer.
    pub fn arrival(&self, held: impl FnOnce() -> Held) -> Option<(ToolResult, EndedBy)> {
        let mut state = self.lock();
        if state.settled {
            return None;
        }
        let arrival = state.arrived.take()?;
        let page = self.page();
        match (arrival, page.as_ref()) {
            (Arrival::PageSubmitted, Some(page)) => {
                Some((held().page_answer(page)?, EndedBy::Page))
            }
            (Arrival::PageCancelled, Some(page)) => {
                Some((held().cancelled_on_page(page), EndedBy::Page))
            }
            (Arrival::Inbox(result), _) => Some((result, EndedBy::Inbox)),
            (_, None) => None,
        }
    }

    /// A key or a reply came (`counting_down`: whether pi's time limit still counts): once pi's
    /// countdown stopped, the page's does.
    pub fn after_key(&self, counting_down: bool) {
        if counting_down {
            return;
        }
        let mut state = self.lock();
        if std::mem::replace(&mut state.countdown_stopped, true) {
            return;
        }
        drop(state);
        if let Some(page) = self.page().as_ref() {
            page.events().stop_countdown();
        }
    }

    /// Whether the call joined an inbox, which wants what is typed.
    pub fn joined(&self) -> bool {
        self.0.inbox.is_some()
    }

    /// Hands what pi's side holds to the store, written soon; never waits on it.
    pub fn save(&self, held: &Held) {
        if let Some(inbox) = &self.0.inbox {
            inbox.save(question::saved::save(&held.state, &held.unsaved));
        }
    }

    /// pi's side ended with `result` (from elsewhere when `ended_by`), holding `held`: the
    /// call's result. Settled once; a later call returns `result` as it is.
    pub fn settle(&self, held: &Held, result: ToolResult, ended_by: Option<EndedBy>) -> ToolResult {
        if std::mem::replace(&mut self.lock().settled, true) {
            return result;
        }
        let outcome = Outcome::of(&result);
        let mut result = result;
        if let Some(page) = self.page().as_ref() {
            match ended_by {
                Some(EndedBy::Page) => {}
                Some(EndedBy::Inbox) => {
                    page.close(Closed::AnsweredInInbox);
                }
                None => result = held.settle(page, ending_of(outcome), result).into_result(),
            }
        }
        let Some(inbox) = self
            .0
            .inbox
            .as_ref()
            .filter(|_| ended_by != Some(EndedBy::Inbox))
        else {
            return result;
        };
        let first = if outcome == Outcome::Aborted {
            self.save(held);
            inbox.stop(STOPPED)
        } else {
            inbox.settle(surface_of(&result), &result)
        };
        first.unwrap_or(result)
    }

    /// The call is over: the page stops, and the inbox's questionnaire leaves its list unless
    /// settled.
    fn stop(&self) {
        let settled = std::mem::replace(&mut self.lock().settled, true);
        if let Some(inbox) = &self.0.inbox {
            if !settled {
                inbox.stop(STOPPED);
            }
            inbox.finish();
        }
        let page = self.page().take();
        drop(page);
    }
}

/// Where pi's side was answered, as the inbox's history says it: the page's answer is the web's.
fn surface_of(result: &ToolResult) -> &'static str {
    if result.details["answeredIn"] == "web" {
        "web"
    } else {
        "pi"
    }
}

fn ending_of(outcome: Outcome) -> Ending {
    match outcome {
        Outcome::Answered => Ending::Submitted,
        Outcome::Cancelled => Ending::Cancelled,
        Outcome::Aborted => Ending::Aborted,
        Outcome::TimedOut => Ending::TimedOut,
    }
}

/// A poisoned lock still holds a usable value here.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests;
