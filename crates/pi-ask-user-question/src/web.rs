//! The operator's `--ask-web`: each call's questions also served as a web page, racing the
//! questionnaire (or, in RPC mode, the dialogs). The first answer wins, wherever it comes from.
//!
//! The extension makes one [`WebPage`] per call, before anything asks, so the link is known for
//! the `ask_user_question:open` event, and hands it to the [`crate::Session`] or the
//! [`crate::Dialogs`] that ask. A thread of the page waits for what the person does on it and
//! wakes the asking side (through the same wake-up as its timers); that side then ends with the
//! page's answer ([`Page::settle_page`]). When that side ends first, the page is told, and its
//! drafts join the result ([`Page::settle_host`]). Either way the server stops a moment later,
//! so a page still open learns how the questions ended.
//!
//! The server's runtime and threads start only here: with the setting off the addon starts
//! nothing of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer, mark_answered_in};
use napi::bindgen_prelude::Result;
use napi_derive::napi;
use question::{AnswerState, Questionnaire, ResultOptions, ToolResult};
use serde_json::Value;

use crate::outcome::Outcome;
use crate::tool::CheckOptions;

/// How long the server outlives its questions: an open page polls its state every few seconds,
/// and so says how they ended ("Answered in the terminal") rather than only that it is gone.
const LINGER: Duration = Duration::from_secs(15);

/// Where the page of a result's side was answered, as `details.answeredIn` says it: pi's own
/// questionnaire or dialogs.
const HOST_PLACE: &str = "terminal";

/// The address of the page as the operator wrote it: `local` (127.0.0.1, the default), `lan`,
/// an IP or `IP:PORT`.
pub fn parse_bind(text: &str) -> std::result::Result<Bind, String> {
    text.trim().parse()
}

/// Throws, saying what was expected, when `text` is not an address for the page.
#[napi]
pub fn check_web_address(text: String) -> Result<()> {
    parse_bind(&text)
        .map(|_| ())
        .map_err(napi::Error::from_reason)
}

/// One call's questions as a web page.
#[napi]
pub struct WebPage {
    pub(crate) inner: Arc<Page>,
}

#[napi]
impl WebPage {
    /// Serves `input` (checked with `options`, as the asking side checks it) at `address`
    /// (see [`parse_bind`]), with a countdown of `timeout_ms` when given. Fails with the
    /// `invalid_questions` content, or with why the address cannot be served.
    #[napi(constructor)]
    pub fn new(
        input: Value,
        address: String,
        options: Option<CheckOptions>,
        timeout_ms: Option<f64>,
    ) -> Result<WebPage> {
        let questionnaire =
            question::validate_with(&input, CheckOptions::validation(options.as_ref())).map_err(
                |issues| napi::Error::from_reason(question::invalid_result(issues).content),
            )?;
        let bind = parse_bind(&address).map_err(napi::Error::from_reason)?;
        let inner =
            Page::serve(questionnaire, bind, crate::time_limit(timeout_ms)).map_err(|error| {
                napi::Error::from_reason(format!("cannot serve the web page at {address}: {error}"))
            })?;
        Ok(WebPage { inner })
    }

    /// The link to the page, with its token.
    #[napi(getter)]
    pub fn url(&self) -> String {
        self.inner.url.clone()
    }

    /// The call is over: a page still open shows that it was cancelled, and the server stops a
    /// moment later. Nothing changes for a page whose questions already ended.
    #[napi]
    pub fn close(&self) {
        if let Some(server) = self.inner.server().as_ref() {
            server.close(Closed::Cancelled);
        }
        self.inner.retire();
    }
}

/// What the page and the side asking through pi share.
pub struct Page {
    url: String,
    /// The server, until it stops.
    server: Mutex<Option<WebServer>>,
    /// The person's submit or cancel on the page, once it came.
    event: Mutex<Option<PageEvent>>,
    /// Wakes the side asking now (the questionnaire or the dialogs).
    wake: Mutex<Option<Box<dyn Fn() + Send>>>,
    countdown_stopped: AtomicBool,
}

impl Page {
    /// Serves `questionnaire` at `bind`, with a countdown of `limit` when given.
    pub fn serve(
        questionnaire: Questionnaire,
        bind: Bind,
        limit: Option<Duration>,
    ) -> std::io::Result<Arc<Page>> {
        WebServer::start(questionnaire, bind, limit).map(Page::watch)
    }

    /// Shares `server` with a thread that waits for the page's first submit or cancel, keeps
    /// it and wakes the asking side; it ends then, or when the page closes.
    fn watch(server: WebServer) -> Arc<Page> {
        let events = server.events();
        let page = Arc::new(Page {
            url: server.url().to_string(),
            server: Mutex::new(Some(server)),
            event: Mutex::new(None),
            wake: Mutex::new(None),
            countdown_stopped: AtomicBool::new(false),
        });
        let watched = Arc::downgrade(&page);
        // Without a thread the page's answer would wait for the next key.
        let _ = std::thread::Builder::new()
            .name("ask-user-question-web-events".into())
            .spawn(move || {
                let Some(event) = events.next(None) else {
                    return;
                };
                if let Some(page) = watched.upgrade() {
                    *lock(&page.event) = Some(event);
                    page.ring();
                }
            });
        page
    }

    fn server(&self) -> MutexGuard<'_, Option<WebServer>> {
        lock(&self.server)
    }

    fn ring(&self) {
        if let Some(wake) = &*lock(&self.wake) {
            wake();
        }
    }

    /// The link to the page.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// `wake` is called when the person submits or cancels on the page (at once if they
    /// already did), instead of the side that asked before.
    pub fn attach(&self, wake: impl Fn() + Send + 'static) {
        *lock(&self.wake) = Some(Box::new(wake));
        if lock(&self.event).is_some() {
            self.ring();
        }
    }

    /// The person's submit or cancel on the page, once it came.
    pub fn event(&self) -> Option<PageEvent> {
        lock(&self.event).clone()
    }

    /// A key or reply stopped the time limit: the page's countdown stops too.
    pub fn stop_countdown(&self) {
        if self.countdown_stopped.swap(true, Ordering::Relaxed) {
            return;
        }
        if let Some(server) = self.server().as_ref() {
            server.events().stop_countdown();
        }
    }

    /// The result when the page ended the questions with `event`: its answer, or on a cancel
    /// the answers `recorded` on pi's side with what was typed on both sides. `rebuild` builds
    /// pi's side's result for the options given (with its own drafts).
    pub fn settle_page(
        &self,
        event: PageEvent,
        recorded: &AnswerState,
        rebuild: impl Fn(ResultOptions) -> ToolResult,
    ) -> ToolResult {
        let result = match event {
            PageEvent::Submitted(result) => result,
            PageEvent::Cancelled => {
                let drafts = self.drafts(recorded);
                let mut result = rebuild(ResultOptions::cancelled().with_drafts(drafts));
                mark_answered_in(&mut result, "web");
                result
            }
        };
        self.retire();
        result
    }

    /// The result when pi's side ended first with `result`: the page's answer if it was
    /// accepted first; else `result` with the page's drafts (rebuilt by `rebuild`), marked as
    /// answered on pi's side when someone answered or cancelled there.
    pub fn settle_host(
        &self,
        result: ToolResult,
        recorded: &AnswerState,
        rebuild: impl Fn(ResultOptions) -> ToolResult,
    ) -> ToolResult {
        let outcome = Outcome::of(&result);
        let how = match outcome {
            Outcome::Answered => Closed::AnsweredInTerminal,
            Outcome::TimedOut => Closed::TimedOut,
            Outcome::Cancelled | Outcome::Aborted => Closed::Cancelled,
        };
        let page_answer = self.server().as_ref().and_then(|server| server.close(how));
        if let Some(answer) = page_answer {
            self.retire();
            return answer;
        }
        let drafts = self.drafts(recorded);
        let mut result = if drafts.is_empty() {
            result
        } else {
            rebuild(options_of(outcome).with_drafts(drafts))
        };
        if matches!(outcome, Outcome::Answered | Outcome::Cancelled) {
            mark_answered_in(&mut result, HOST_PLACE);
        }
        self.retire();
        result
    }

    fn drafts(
        &self,
        recorded: &AnswerState,
    ) -> std::collections::BTreeMap<String, question::Draft> {
        self.server()
            .as_ref()
            .map(|server| server.drafts(recorded))
            .unwrap_or_default()
    }

    /// The questions ended: nothing is woken any more, and the server stops after
    /// [`LINGER`].
    fn retire(&self) {
        *lock(&self.wake) = None;
        if let Some(server) = self.server().take() {
            let _ = std::thread::Builder::new()
                .name("ask-user-question-web-linger".into())
                .spawn(move || {
                    std::thread::sleep(LINGER);
                    drop(server);
                });
        }
    }
}

/// The options a result of `outcome` was built with, to build it again with drafts.
fn options_of(outcome: Outcome) -> ResultOptions {
    match outcome {
        Outcome::Answered => ResultOptions::submitted(),
        Outcome::Cancelled => ResultOptions::cancelled(),
        Outcome::Aborted => ResultOptions::aborted(),
        Outcome::TimedOut => ResultOptions::timed_out(),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests;
