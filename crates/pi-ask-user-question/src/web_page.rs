//! pi's `--ask-web`: one call's questions served as a web page (`ask-user-question-web`), racing
//! pi's questionnaire or its dialogs. Nothing of it runs until the extension makes a
//! [`WebPage`], which the operator's setting asks for: the server's runtime and thread start
//! with it and stop with it.
//!
//! The race is settled in the extension with plain values: the page
//! says when the person submitted or cancelled on it ([`WebPage::on_event`]); the extension then
//! hands its answer ([`WebPage::answer`], with the text typed in pi kept as drafts) or its drafts
//! ([`WebPage::drafts`]) to the session. When pi's side ends first,
//! [`WebPage::close`] says whether the page's answer was accepted before (the first answer
//! wins). The server stops with [`WebPage::stop`] when the call ends.

use std::collections::{BTreeMap, HashMap};

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use napi::bindgen_prelude::{Function, Result};
use napi::threadsafe_function::ThreadsafeFunctionCallMode;
use napi_derive::napi;
use question::{AnswerState, Draft, Questionnaire};
use serde_json::Value;

use crate::outcome::Outcome;
use crate::page::{TypedText, draft, typed_text};
use crate::tool::{CheckOptions, ToolResult};

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

/// What the person did on the page.
#[napi(string_enum = "snake_case")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageAction {
    Submitted,
    Cancelled,
}

/// One call's questions as a web page, served until [`WebPage::stop`] (or until Node frees it).
#[napi]
pub struct WebPage {
    url: String,
    questionnaire: Questionnaire,
    server: Option<WebServer>,
}

#[napi]
impl WebPage {
    /// Serves `input` (checked with `options`, as the asking side checks it) at `address`
    /// (`local`, `lan`, an IP or `IP:PORT`), with a countdown of `timeout_ms` when given. Fails
    /// with the `invalid_questions` content, or with why the address cannot be served.
    #[napi(constructor)]
    pub fn new(
        input: Value,
        address: String,
        options: Option<CheckOptions>,
        timeout_ms: Option<f64>,
    ) -> Result<WebPage> {
        let validation = CheckOptions::validation(options.as_ref());
        let questionnaire = question::validate_with(&input, validation)
            .map_err(|issues| napi::Error::from_reason(question::invalid_result(issues).content))?;
        let bind = parse_bind(&address).map_err(napi::Error::from_reason)?;
        let limit = timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| std::time::Duration::from_millis(ms.ceil() as u64));
        let server = WebServer::start(questionnaire.clone(), bind, limit).map_err(|error| {
            napi::Error::from_reason(format!("cannot serve the web page at {address}: {error}"))
        })?;
        Ok(WebPage {
            url: server.url().to_string(),
            questionnaire,
            server: Some(server),
        })
    }

    /// The link to the page, with its token.
    #[napi(getter)]
    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// `callback` runs once on pi's thread when the person submits or cancels on the page. A
    /// thread waits for it and ends with the page; it does not keep Node running.
    #[napi]
    pub fn on_event(&self, callback: Function<PageAction, ()>) -> Result<()> {
        let Some(server) = &self.server else {
            return Ok(());
        };
        let callback = callback
            .build_threadsafe_function::<PageAction>()
            .callee_handled::<false>()
            .weak::<true>()
            .build()?;
        let events = server.events();
        std::thread::Builder::new()
            .name("ask-user-question-web-events".into())
            .spawn(move || {
                let action = match events.next(None) {
                    Some(PageEvent::Submitted(_)) => PageAction::Submitted,
                    Some(PageEvent::Cancelled) => PageAction::Cancelled,
                    None => return,
                };
                callback.call(action, ThreadsafeFunctionCallMode::NonBlocking);
            })
            .map(|_| ())
            .map_err(|error| napi::Error::from_reason(format!("cannot watch the page: {error}")))
    }

    /// A key or a reply on pi's side stopped the time limit: the page's countdown stops too.
    #[napi]
    pub fn stop_countdown(&self) {
        if let Some(server) = &self.server {
            server.events().stop_countdown();
        }
    }

    /// What is typed on the page and not sent, by question id (none once stopped).
    #[napi]
    pub fn drafts(&self) -> HashMap<String, TypedText> {
        let Some(server) = &self.server else {
            return HashMap::new();
        };
        let nothing = AnswerState::new(self.questionnaire.clone());
        server
            .drafts(&nothing)
            .into_iter()
            .map(|(id, draft)| (id, typed_text(draft)))
            .collect()
    }

    /// The page's accepted answer (the result as the CLI builds it, `details.answeredIn: "web"`),
    /// with `typed` (what pi's side holds, saved or not) kept as its drafts where the answer does
    /// not hold the same text; `null` before the page's answer was accepted, and once stopped.
    #[napi]
    pub fn answer(&self, typed: HashMap<String, TypedText>) -> Option<ToolResult> {
        let drafts: BTreeMap<String, Draft> = typed
            .into_iter()
            .map(|(id, text)| (id, draft(text)))
            .collect();
        let result = self.server.as_ref()?.answer_with_drafts(drafts)?;
        Some(result.into())
    }

    /// pi's side ended with `outcome`: the page accepts nothing more. `true` when the page's
    /// answer was accepted first, so it is the call's result ([`WebPage::answer`]).
    #[napi]
    pub fn close(&self, outcome: Outcome) -> bool {
        let how = match outcome {
            Outcome::Answered => Closed::AnsweredInTerminal,
            Outcome::TimedOut => Closed::TimedOut,
            Outcome::Cancelled | Outcome::Aborted => Closed::Cancelled,
        };
        self.server
            .as_ref()
            .is_some_and(|server| server.close(how).is_some())
    }

    /// The call is over: the server stops now, so the link answers nobody and a page still open
    /// says that the questionnaire is closed.
    #[napi]
    pub fn stop(&mut self) {
        self.server = None;
    }
}

#[cfg(test)]
mod tests;
