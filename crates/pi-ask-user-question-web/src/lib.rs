//! The Node addon behind pi's `--ask-web`: one call's questions served as a web page
//! (`ask-user-question-web`), racing pi's questionnaire or its dialogs. The extension loads it
//! only when the operator turned the page on, so the main addon carries no server and pi's start
//! does not load one.
//!
//! The race is settled in the extension, between the two addons, with plain values: the page
//! says when the person submitted or cancelled on it ([`WebPage::on_event`]); the extension then
//! hands its answer ([`WebPage::answer`], with the text typed in pi kept as drafts) or its drafts
//! ([`WebPage::drafts`]) to the main addon's session. When pi's side ends first,
//! [`WebPage::close`] says whether the page's answer was accepted before (the first answer
//! wins). The server stops with [`WebPage::stop`] when the call ends.

use std::collections::{BTreeMap, HashMap};

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use napi::bindgen_prelude::{Function, Result};
use napi::threadsafe_function::ThreadsafeFunctionCallMode;
use napi_derive::napi;
use question::{AnswerState, Draft, Questionnaire};
use serde_json::Value;

/// Version of the addon: the extension refuses one of another release.
#[napi]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

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

/// How the questions are checked, as the asking side checks them (the main addon's
/// `CheckOptions`).
#[napi(object)]
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// `false` lifts the 500-character limit on a question's `context`.
    pub context_limit: Option<bool>,
}

/// Text typed on one side for one question, saved or not: `text` (free text or a number),
/// `note`, and notes by option value. The main addon takes and gives the same shape.
#[napi(object)]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypedText {
    pub text: Option<String>,
    pub note: Option<String>,
    pub option_notes: Option<HashMap<String, String>>,
}

/// The page's answer: the result as the CLI builds it, with `details.answeredIn: "web"`.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct PageAnswer {
    pub content: String,
    pub details: Value,
}

/// What the person did on the page.
#[napi(string_enum = "snake_case")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageAction {
    Submitted,
    Cancelled,
}

/// How pi's side ended (the main addon's `Outcome`).
#[napi(string_enum = "snake_case")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Answered,
    Cancelled,
    Aborted,
    TimedOut,
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
        let validation = match options.and_then(|o| o.context_limit) {
            Some(false) => question::ValidateOptions::unlimited_context(),
            _ => question::ValidateOptions::default(),
        };
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

    /// The page's accepted answer, with `typed` (what pi's side holds, saved or not) kept as its
    /// drafts where the answer does not hold the same text; `null` before the page's answer was
    /// accepted, and once stopped.
    #[napi]
    pub fn answer(&self, typed: HashMap<String, TypedText>) -> Option<PageAnswer> {
        let drafts: BTreeMap<String, Draft> = typed
            .into_iter()
            .map(|(id, text)| (id, draft(text)))
            .collect();
        let result = self.server.as_ref()?.answer_with_drafts(drafts)?;
        Some(PageAnswer {
            content: result.content,
            details: result.details,
        })
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

fn typed_text(draft: Draft) -> TypedText {
    TypedText {
        text: draft.text,
        note: draft.note,
        option_notes: (!draft.option_notes.is_empty())
            .then(|| draft.option_notes.into_iter().collect()),
    }
}

fn draft(text: TypedText) -> Draft {
    Draft {
        text: text.text,
        note: text.note,
        option_notes: text.option_notes.unwrap_or_default().into_iter().collect(),
    }
}

#[cfg(test)]
mod tests;
