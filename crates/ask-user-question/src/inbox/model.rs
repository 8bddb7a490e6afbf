//! The inbox's model: the questionnaires listed, the focused row and its window, what the
//! person was last told, and the questionnaire open in full, if one is.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, MutexGuard};

use ask_user_question_store::{Id, Listed, Store};
use questionnaire::App;
use serde_json::Value;
use tea::Keymap;
use tea::components::ListState;
use tea::input::Keyboard;
use tea::runtime::Attention;
use tea::text::sanitize_line;

use super::keymap::{self, ListContext};
use super::link::WebLink;
use super::msg::Msg;

/// The store, shared with the tasks that read and write it off the UI thread.
#[derive(Clone)]
pub struct Shared(Arc<Mutex<Store>>);

impl Shared {
    pub fn new(store: Store) -> Shared {
        Shared(Arc::new(Mutex::new(store)))
    }

    /// The store; a task that panicked holding it left nothing half-written (SQLite
    /// transactions are atomic), so a poisoned lock is taken as it is.
    pub fn lock(&self) -> MutexGuard<'_, Store> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// How the inbox calls the person when a new questionnaire comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calls {
    pub bell: bool,
    /// Also a desktop notification through the terminal (`--notify`).
    pub notify: bool,
    /// Inside tmux: the notification goes through its passthrough.
    pub tmux: bool,
}

impl Calls {
    pub const QUIET: Calls = Calls {
        bell: false,
        notify: false,
        tmux: false,
    };

    /// What to write for a new questionnaire; `None` when nothing is to be said.
    pub(crate) fn for_new(&self, row: &Row) -> Option<Attention> {
        if !self.bell && !self.notify {
            return None;
        }
        let mut attention = Attention::none().bell(self.bell);
        if self.notify {
            let body = match row.questions {
                1 => "1 question is waiting for you".to_string(),
                n => format!("{n} questions are waiting for you"),
            };
            attention = attention
                .notify(&format!("{}: {}", row.host, row.title), &body)
                .through_tmux(self.tmux);
        }
        Some(attention)
    }
}

/// A listed questionnaire, its texts made safe to draw once, when it is listed.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub id: Id,
    pub host: String,
    /// The working directory, `~` for the home folder.
    pub project: String,
    pub title: String,
    pub questions: usize,
    pub secret: bool,
    pub posted_ms: i64,
    /// Why it stopped waiting (shown dimmed for a while).
    pub ended: Option<String>,
}

impl Row {
    pub fn of(listed: &Listed, home: Option<&str>) -> Row {
        Row {
            id: listed.id,
            host: sanitize_line(&listed.host),
            project: sanitize_line(&home_as_tilde(&listed.project, home)),
            title: sanitize_line(&listed.title),
            questions: listed.questions,
            secret: listed.secret,
            posted_ms: listed.posted_ms,
            ended: listed.ended.as_deref().map(sanitize_line),
        }
    }
}

/// A project inside the home folder with `~` for the home (`~/src/app`).
pub fn home_as_tilde(path: &str, home: Option<&str>) -> String {
    let Some(home) = home
        .map(|home| home.trim_end_matches('/'))
        .filter(|h| !h.is_empty())
    else {
        return path.to_string();
    };
    match path.strip_prefix(home) {
        Some("") => "~".to_string(),
        Some(rest) if rest.starts_with('/') => format!("~{rest}"),
        _ => path.to_string(),
    }
}

/// The questionnaire open in full.
pub struct Open {
    pub id: Id,
    pub title: String,
    pub app: App,
    /// What the store holds of its answers and drafts (`question::saved`), as last saved.
    pub saved: Value,
    /// A save of the drafts is due (its timer is set).
    pub save_due: bool,
}

/// The inbox program.
pub struct Inbox {
    pub(crate) store: Shared,
    /// This process, as the store knows the inbox.
    pub(crate) pid: u32,
    pub(crate) home: Option<String>,
    pub(crate) rows: Vec<Row>,
    /// The focused row (the first one shown is kept by the driver).
    pub(crate) list: ListState,
    /// The clock of the last listing (milliseconds since the epoch), for how long each waited.
    pub(crate) now_ms: i64,
    /// The store's data version at the last poll.
    pub(crate) version: Option<i64>,
    /// A poll is running on a task.
    pub(crate) polling: bool,
    /// The next poll lists again even if nothing changed (once a second).
    pub(crate) relist: bool,
    /// Every questionnaire listed so far: one not in it is new, and calls the person.
    pub(crate) seen: HashSet<Id>,
    pub(crate) calls: Calls,
    /// One line for the person (answered, could not open), until the next key.
    pub(crate) notice: Option<String>,
    /// The store's last failure, while polls keep failing.
    pub(crate) error: Option<String>,
    /// A questionnaire is being read from the store to be opened.
    pub(crate) opening: bool,
    pub(crate) open: Option<Open>,
    pub(crate) keyboard: Option<Keyboard>,
    pub(crate) light_background: bool,
    pub(crate) keymap: Keymap<ListContext, Msg>,
    /// The inbox's web page, when it is served too (`--web`).
    pub(crate) web: Option<WebLink>,
    /// The page's link is shown as a QR code in place of the list, until the next key.
    pub(crate) qr_open: bool,
}

impl Inbox {
    /// The inbox over `store`, in process `pid`, with nothing listed yet.
    pub fn new(store: Store, pid: u32) -> Inbox {
        Inbox {
            store: Shared::new(store),
            pid,
            home: None,
            rows: Vec::new(),
            list: ListState::default(),
            now_ms: 0,
            version: None,
            polling: false,
            relist: false,
            seen: HashSet::new(),
            calls: Calls::QUIET,
            notice: None,
            error: None,
            opening: false,
            open: None,
            keyboard: None,
            light_background: false,
            keymap: keymap::list_keymap(),
            web: None,
            qr_open: false,
        }
    }

    /// With the inbox's web page at `web`: Ctrl+R shows its link as a QR code, and each
    /// questionnaire opened shows the link to its own page.
    pub fn with_web(mut self, web: WebLink) -> Inbox {
        self.web = Some(web);
        self
    }

    /// Whether the QR code of the page's link shows.
    pub fn qr_open(&self) -> bool {
        self.qr_open
    }

    /// With a new questionnaire calling the person as `calls` says.
    pub fn with_calls(mut self, calls: Calls) -> Inbox {
        self.calls = calls;
        self
    }

    /// With `~` standing for `home` in projects (`None`: paths as they are).
    pub fn with_home(mut self, home: Option<&str>) -> Inbox {
        self.home = home.map(str::to_string);
        self
    }

    /// With `listed` shown (read before the first frame, so the list is not empty for a
    /// moment) as at `now_ms`; these are not new, so they call no one.
    pub fn listing(mut self, listed: &[Listed], now_ms: i64) -> Inbox {
        self.now_ms = now_ms;
        self.set_rows(listed);
        self
    }

    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The focused row.
    pub fn focused(&self) -> Option<&Row> {
        self.rows.get(self.list.selected)
    }

    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The id of the questionnaire open in full.
    pub fn open_id(&self) -> Option<Id> {
        self.open.as_ref().map(|open| open.id)
    }

    pub fn open_app(&self) -> Option<&App> {
        self.open.as_ref().map(|open| &open.app)
    }

    /// The listing replaced, the focus kept on the same questionnaire where it is still
    /// listed; the rows that are new (never listed before) come back.
    pub(crate) fn set_rows(&mut self, listed: &[Listed]) -> Vec<Row> {
        let focused = self.focused().map(|row| row.id);
        self.rows = listed
            .iter()
            .map(|listed| Row::of(listed, self.home.as_deref()))
            .collect();
        match focused.and_then(|id| self.rows.iter().position(|row| row.id == id)) {
            Some(at) => self.list.selected = at,
            None => self.list.selected = self.list.selected.min(self.rows.len().saturating_sub(1)),
        }
        let new: Vec<Row> = self
            .rows
            .iter()
            .filter(|row| row.ended.is_none() && !self.seen.contains(&row.id))
            .cloned()
            .collect();
        self.seen.extend(self.rows.iter().map(|row| row.id));
        new
    }
}
