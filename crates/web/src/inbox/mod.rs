//! The inbox as a web page (`ask-user-question inbox --web`): every questionnaire waiting in
//! the user's store on one list that follows the store as questions come and go, each answered
//! with the questionnaire's own page ([`crate::page`], [`crate::form`]) under the same rules
//! (`crate::server`: the token, `Host` and `Origin`, no-store and the other headers, limits on
//! bodies and connections, every model string escaped).
//!
//! The store is the CLI's (`ask-user-question-store`, SQLite). This crate reaches it only
//! through [`Source`]: the page's crate knows pages and HTTP, not where the list comes from
//! (the CLI's store, or a test's list).
//!
//! Paths under `/TOKEN/` (`routes`):
//! - `` the list (`list.rs`), and `list`, its rows as JSON, which `assets/inbox.js` polls
//!   every second to follow the store;
//! - `q/ID/` the questionnaire's page, its fields filled with what was last saved for it;
//!   `q/ID/draft` saves what is typed there as the store's drafts, `q/ID/answer` submits
//!   (offered to the store as the inbox's answer: the first answer wins) or cancels (back to
//!   the list, the host still waiting, what was typed kept), and `q/ID/state` says whether it
//!   still waits, for the page's script.

mod list;
mod routes;

use std::collections::VecDeque;
use std::io;
use std::sync::{Arc, Mutex};

use axum::Router;
use question::ToolResult;
use serde_json::Value;

use crate::{Bind, server, token};

/// A questionnaire's id in the store.
pub type Id = i64;

/// One row of the list, its texts as the list shows them (the page escapes them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: Id,
    /// Who asks.
    pub host: String,
    /// The asking process's working directory (`~` for the home folder).
    pub project: String,
    pub title: String,
    pub questions: usize,
    /// Has a secret question: listed, but answered only where it was asked.
    pub secret: bool,
    /// How long it has waited ("12 s", "3 min").
    pub waited: String,
    /// Why it stopped waiting, for one whose host gave up (listed for a while, then gone).
    pub ended: Option<String>,
}

/// A questionnaire as its page opens it.
#[derive(Debug, Clone, PartialEq)]
pub struct Opened {
    pub title: String,
    /// The tool call's arguments, as the host validated them.
    pub input: Value,
    /// What was answered and typed so far (`question::saved`), from whichever surface saved
    /// last.
    pub saved: Option<Value>,
    pub secret: bool,
    pub status: Status,
}

/// Whether a questionnaire can still be answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Waiting,
    /// Answered elsewhere, given up by its host or gone: what to tell the person
    /// ("Pick a database: answered in the terminal").
    Over(String),
}

/// What became of an answer offered to the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// It is the questionnaire's answer.
    Won,
    /// Another surface answered first: what to tell the person
    /// ("Pick a database: answered in the terminal first").
    Lost(String),
}

/// The store as the inbox's page reads and writes it. Errors are their text, which the page
/// shows. Calls may block (the store waits a moment on another process's lock): the server
/// makes them off its event loop.
pub trait Source: Send + Sync + 'static {
    /// The questionnaires waiting, newest first, and those that stopped waiting a moment ago.
    fn list(&self) -> Result<Vec<Entry>, String>;
    /// Questionnaire `id`, `None` when the store has no such questionnaire.
    fn open(&self, id: Id) -> Result<Option<Opened>, String>;
    /// Keeps what was answered and typed (`question::saved`) while `id` waits.
    fn save(&self, id: Id, saved: &Value) -> Result<(), String>;
    /// Offers `result` as the inbox's answer to `id` (`details.answeredIn: "inbox"`).
    fn settle(&self, id: Id, result: &ToolResult) -> Result<Settled, String>;
    /// How `id` stands now.
    fn status(&self, id: Id) -> Result<Status, String>;
}

/// The list's notices (answered, kept for later) are kept this many at a time: a notice is
/// shown by the list the answer redirects to, and needs keeping only until it is loaded.
const NOTICES_KEPT: usize = 16;

/// What the server's requests share.
struct Served {
    source: Arc<dyn Source>,
    token: String,
    /// `IP:PORT` as printed: the only Host accepted.
    authority: String,
    /// `http://IP:PORT`: the only Origin accepted on a POST.
    origin: String,
    /// Notices by number, the last [`NOTICES_KEPT`], for the list an answer redirects to.
    notices: Mutex<Notices>,
}

#[derive(Default)]
struct Notices {
    next: u64,
    kept: VecDeque<(u64, String)>,
}

impl Served {
    /// Keeps `notice` for the list to show; its number goes in the list's link.
    fn notice(&self, notice: String) -> u64 {
        let mut notices = self.notices.lock().unwrap_or_else(|p| p.into_inner());
        notices.next += 1;
        let number = notices.next;
        notices.kept.push_back((number, notice));
        if notices.kept.len() > NOTICES_KEPT {
            notices.kept.pop_front();
        }
        number
    }

    fn notice_of(&self, number: u64) -> Option<String> {
        let notices = self.notices.lock().unwrap_or_else(|p| p.into_inner());
        notices
            .kept
            .iter()
            .find(|(n, _)| *n == number)
            .map(|(_, notice)| notice.clone())
    }
}

/// The inbox's page, served until this is dropped.
pub struct InboxServer {
    url: String,
    stop: Option<server::Stop>,
}

impl InboxServer {
    /// Serves the questionnaires of `source` at a new random link on `bind`.
    pub fn start(source: impl Source, bind: Bind) -> io::Result<InboxServer> {
        let listener = std::net::TcpListener::bind(bind.address()?)?;
        let authority = listener.local_addr()?.to_string();
        let served = Arc::new(Served {
            source: Arc::new(source),
            token: token::new()?,
            origin: format!("http://{authority}"),
            authority,
            notices: Mutex::new(Notices::default()),
        });
        let url = format!("{}/{}/", served.origin, served.token);
        let app = Router::new().fallback(routes::handle).with_state(served);
        let stop = server::serve(listener, app)?;
        Ok(InboxServer {
            url,
            stop: Some(stop),
        })
    }

    /// The link to the list (with its token); questionnaire `ID` is at `q/ID/` under it.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for InboxServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.stop();
        }
    }
}
