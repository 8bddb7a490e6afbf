//! `inbox --web` and `--web-only`: the inbox also (or only) as a web page, served by the web
//! crate's [`InboxServer`] over the store through [`StoreSource`].
//!
//! The page has a store connection of its own, so a request never waits on the terminal
//! inbox's tasks (SQLite takes both, in one file, as it takes every host's). The two learn of
//! each other's work as they learn of a host's, from the store; what the store cannot say is
//! which inbox surface answered (both settle as `inbox`), so the ids the page answered are
//! shared with the terminal inbox ([`WebAnswers`]) for it to say "answered on the inbox's web
//! page" rather than "in another inbox".

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use ask_user_question_store::{Claim, Id, Outcome, Store, now_ms};
use ask_user_question_web::Bind;
use ask_user_question_web::inbox::{Entry, InboxServer, Opened, Settled, Source, Status};
use question::ToolResult;
use serde_json::Value;
use tea::text::sanitize_line;

use super::link::{ON_THE_PAGE, WebAnswers, WebLink};
use super::model::Row;
use super::row::waited;
use super::update::ended_notice_naming;

/// The inbox's page, served until this is dropped.
pub struct Served {
    server: InboxServer,
    answered: WebAnswers,
}

impl Served {
    pub fn url(&self) -> &str {
        self.server.url()
    }

    pub fn link(&self) -> WebLink {
        WebLink {
            url: self.server.url().to_string(),
            answered: self.answered.clone(),
        }
    }
}

/// Serves the store at `path` as the inbox's page on `bind`, `~` standing for `home`.
pub fn start(path: &Path, bind: Bind, home: Option<&str>) -> Result<Served, String> {
    let store = Store::open(path).map_err(|error| error.to_string())?;
    let answered = WebAnswers::default();
    let source = StoreSource {
        store: Mutex::new(store),
        home: home.map(str::to_string),
        answered: answered.clone(),
    };
    let server = InboxServer::start(source, bind).map_err(|error| error.to_string())?;
    Ok(Served { server, answered })
}

/// The store as the inbox's page reads and writes it: rows as the terminal inbox lists them
/// (sanitized, `~` for home), answers settled as the inbox's, with the terminal inbox's words
/// for what became of a questionnaire.
struct StoreSource {
    store: Mutex<Store>,
    home: Option<String>,
    answered: WebAnswers,
}

impl StoreSource {
    fn lock(&self) -> MutexGuard<'_, Store> {
        self.store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What became of `id` (titled `title`), as the page says it.
    fn over(&self, id: Id, title: &str, outcome: &Outcome, first: bool) -> Status {
        match outcome {
            Outcome::Waiting => Status::Waiting,
            other => {
                let inbox = match self.answered.contains(id) {
                    true => ON_THE_PAGE,
                    false => "in the inbox",
                };
                Status::Over(ended_notice_naming(title, other, first, inbox))
            }
        }
    }

    fn title(store: &Store, id: Id) -> Result<String, String> {
        let opened = store.open_questionnaire(id).map_err(|e| e.to_string())?;
        Ok(opened.map_or_else(|| format!("questionnaire {id}"), |o| o.listed.title))
    }
}

impl Source for StoreSource {
    fn list(&self) -> Result<Vec<Entry>, String> {
        let listed = self.lock().list().map_err(|e| e.to_string())?;
        let now = now_ms();
        Ok(listed
            .iter()
            .map(|listed| {
                let row = Row::of(listed, self.home.as_deref());
                Entry {
                    id: row.id,
                    host: row.host,
                    project: row.project,
                    title: row.title,
                    questions: row.questions,
                    secret: row.secret,
                    waited: waited(now - row.posted_ms),
                    ended: row.ended,
                }
            })
            .collect())
    }

    fn open(&self, id: Id) -> Result<Option<Opened>, String> {
        let store = self.lock();
        let Some(opened) = store.open_questionnaire(id).map_err(|e| e.to_string())? else {
            return Ok(None);
        };
        let outcome = store.outcome(id).map_err(|e| e.to_string())?;
        let title = sanitize_line(&opened.listed.title);
        Ok(Some(Opened {
            status: self.over(id, &title, &outcome, false),
            title,
            input: opened.input,
            saved: opened.saved,
            secret: opened.listed.secret,
        }))
    }

    fn save(&self, id: Id, saved: &Value) -> Result<(), String> {
        self.lock().save(id, saved).map_err(|e| e.to_string())
    }

    fn settle(&self, id: Id, result: &ToolResult) -> Result<Settled, String> {
        // Marked before the store decides, so a terminal inbox that reads the store in
        // between already names the page; taken back when the page did not win.
        self.answered.insert(id);
        let store = self.lock();
        let claim = store.settle(id, "inbox", result);
        if !matches!(claim, Ok(Claim::Won)) {
            self.answered.remove(id);
        }
        match claim.map_err(|e| e.to_string())? {
            Claim::Won => Ok(Settled::Won),
            Claim::Lost(outcome) => {
                let title = sanitize_line(&Self::title(&store, id)?);
                match self.over(id, &title, &outcome, true) {
                    Status::Over(message) => Ok(Settled::Lost(message)),
                    Status::Waiting => Ok(Settled::Lost(format!("{title}: still waiting"))),
                }
            }
        }
    }

    fn status(&self, id: Id) -> Result<Status, String> {
        let store = self.lock();
        let outcome = store.outcome(id).map_err(|e| e.to_string())?;
        if outcome == Outcome::Waiting {
            return Ok(Status::Waiting);
        }
        let title = sanitize_line(&Self::title(&store, id)?);
        Ok(self.over(id, &title, &outcome, false))
    }
}
