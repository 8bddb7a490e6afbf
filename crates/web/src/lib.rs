//! The ask_user_question questionnaire as a web page, answered from a browser or a phone while
//! (or instead of) the terminal asks.
//!
//! [`WebServer::start`] serves one questionnaire on its own thread (a small tokio runtime, only
//! started when a host asks for the page) until the handle is dropped. The host learns what the
//! page does through [`WebServer::events`] ([`PageEvent`]s: the person submitted or cancelled), tells the page how the questionnaire ended elsewhere with
//! [`WebServer::close`], and reads what was typed on the page as drafts with
//! [`WebServer::drafts`]. The first answer wins: once the page's answer is accepted, `close`
//! returns it instead of closing.
//!
//! The page's answer is built by the same `question::AnswerState` transitions the terminal uses,
//! so for the same answers the result JSON is the terminal's, plus `details.answeredIn: "web"`.
//!
//! Safe by default (see `server`): a 128-bit token in the path, the Host and Origin checked,
//! strict headers, limits on bodies and connections, one accepted answer.

mod form;
mod html;
pub mod inbox;
mod limited;
mod markdown;
mod page;
pub mod race;
mod saved;
mod server;
mod token;

use std::collections::BTreeMap;
use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use question::{AnswerState, Draft, Label, Questionnaire, ResultOptions, ToolResult};
use serde_json::json;

pub use form::{Action, Fields, Form, FormError};
pub use limited::HEAD_TIMEOUT;
pub use limited::{Limited, serve};
pub use markdown::to_html as markdown_to_html;
pub use server::{MAX_BODY, MAX_CONNECTIONS};

/// Where the page is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind {
    /// 127.0.0.1 on a free port: only this machine reaches it.
    Local,
    /// This machine's LAN address on a free port: every device on the network that holds the
    /// link can answer.
    Lan,
    /// The address given (a port of 0 picks a free one).
    At(SocketAddr),
}

impl std::str::FromStr for Bind {
    type Err = String;

    /// `lan`, `local`, an IP address (`0` port: free), or `IP:PORT`.
    fn from_str(text: &str) -> Result<Bind, String> {
        match text {
            "lan" => Ok(Bind::Lan),
            "local" | "" => Ok(Bind::Local),
            _ => text
                .parse::<SocketAddr>()
                .or_else(|_| text.parse::<IpAddr>().map(|ip| SocketAddr::new(ip, 0)))
                .map_err(|_| ())
                .and_then(|address| {
                    // The link names one address, and the Host check accepts only it.
                    if address.ip().is_unspecified() {
                        Err(())
                    } else {
                        Ok(Bind::At(address))
                    }
                })
                .map_err(|_| {
                    format!("expected `lan`, an IP address or IP:PORT (such as 127.0.0.1:8080; not 0.0.0.0 or ::, which no link can name); got `{text}`")
                }),
        }
    }
}

impl Bind {
    /// The socket address to listen on.
    fn address(self) -> io::Result<SocketAddr> {
        match self {
            Bind::Local => Ok(SocketAddr::new(Ipv4Addr::LOCALHOST.into(), 0)),
            Bind::At(address) => Ok(address),
            Bind::Lan => {
                // The address the system would send from to reach the outside: a UDP socket
                // "connected" to a public address sends nothing, and tells its local end.
                let probe = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))?;
                probe.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
                let ip = probe.local_addr()?.ip();
                if ip.is_unspecified() || ip.is_loopback() {
                    return Err(io::Error::other("no LAN address found"));
                }
                Ok(SocketAddr::new(ip, 0))
            }
        }
    }
}

/// What the person did on the page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageEvent {
    /// They submitted: the result, with `details.answeredIn: "web"`.
    Submitted(ToolResult),
    /// They cancelled on the page; what they had typed is in [`WebServer::drafts`].
    Cancelled,
}

/// How the questionnaire ended elsewhere, for the page to say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    AnsweredInTerminal,
    /// The inbox (`ask-user-question inbox`) answered first.
    AnsweredInInbox,
    Cancelled,
    TimedOut,
}

impl Closed {
    /// What the page says, in the questionnaire's labels.
    fn label(self) -> Label {
        match self {
            Closed::AnsweredInTerminal => Label::PageAnsweredInTerminal,
            Closed::AnsweredInInbox => Label::PageAnsweredInInbox,
            Closed::Cancelled => Label::PageCancelledElsewhere,
            Closed::TimedOut => Label::PageTimedOut,
        }
    }
}

/// Where the questionnaire stands, as the page sees it.
#[derive(Debug)]
enum Phase {
    Open,
    /// The page's answer was accepted; what the page shows from now on.
    Answered(Label),
    Closed(Closed),
}

/// What the server and the host share.
#[derive(Debug)]
struct Shared {
    questionnaire: Questionnaire,
    token: String,
    /// `IP:PORT` as printed: the only Host accepted.
    authority: String,
    /// `http://IP:PORT`: the only Origin accepted on a POST.
    origin: String,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct State {
    phase: Phase,
    /// The fields as last saved by the page's script (or posted).
    draft: Option<Form>,
    /// Events not yet taken by the host.
    events: Vec<PageEvent>,
    /// The page's accepted answer (also kept after its event is taken, for `close`).
    answer: Option<ToolResult>,
    /// The form of the accepted answer, to build it again with a host's drafts.
    accepted: Option<Form>,
    /// When the time limit runs out, while it counts down.
    deadline: Option<Instant>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn push(&self, state: &mut State, event: PageEvent) {
        state.events.push(event);
        self.changed.notify_all();
    }

    /// Saves fields typed on the page. Typing on the page does not stop a time limit (only
    /// the terminal's keys do): what was typed is kept as drafts when it runs out.
    fn save_draft(&self, form: Form) {
        let mut state = self.lock();
        if matches!(state.phase, Phase::Open) {
            state.draft = Some(form);
        }
    }
}

/// The page's result: the form's answers through the terminal's transitions, marked as answered
/// on the web; text typed beside a pick is reported as a draft, as the terminal would.
fn page_result(questionnaire: &Questionnaire, form: &Form) -> Result<ToolResult, FormError> {
    page_result_with(questionnaire, form, BTreeMap::new())
}

/// [`page_result`] with drafts typed elsewhere (`others`, by question id) kept beside the
/// page's own ([`Draft::keep_both`]) where the answer does not hold that text already.
fn page_result_with(
    questionnaire: &Questionnaire,
    form: &Form,
    others: BTreeMap<String, Draft>,
) -> Result<ToolResult, FormError> {
    let answers: AnswerState = form.answers(questionnaire)?;
    let mut drafts = form.drafts(&answers);
    for (id, other) in others {
        let answer = answers.answer(&id);
        let held_text = answer.and_then(|a| {
            a.custom_text
                .clone()
                .or_else(|| a.number.map(|n| n.to_string()))
        });
        let held_note = answer.and_then(|a| a.note.as_deref());
        // What the answer holds already is no draft; the rest joins the page's own drafts.
        let mut unheld = other;
        if unheld.text == held_text {
            unheld.text = None;
        }
        if unheld.note.as_deref() == held_note {
            unheld.note = None;
        }
        unheld
            .option_notes
            .retain(|value, note| answer.and_then(|a| a.option_note(value)) != Some(note.as_str()));
        drafts.entry(id.clone()).or_default().keep_both(unheld);
    }
    let options = ResultOptions::submitted().with_drafts(drafts);
    let mut result = answers.build_result(options);
    mark_answered_in(&mut result, "web");
    Ok(result)
}

/// Records where a result was answered (`details.answeredIn`: `web` or `terminal`).
pub fn mark_answered_in(result: &mut ToolResult, place: &str) {
    if let Some(details) = result.details.as_object_mut() {
        details.insert("answeredIn".into(), json!(place));
    }
}

/// A served questionnaire; the server stops when this is dropped.
pub struct WebServer {
    shared: Arc<Shared>,
    url: String,
    stop: Option<server::Stop>,
}

impl WebServer {
    /// Serves `questionnaire` at a new random link, with a countdown of `time_limit` if given.
    pub fn start(
        questionnaire: Questionnaire,
        bind: Bind,
        time_limit: Option<Duration>,
    ) -> io::Result<WebServer> {
        let listener = std::net::TcpListener::bind(bind.address()?)?;
        let local = listener.local_addr()?;
        let authority = local.to_string();
        let token = token::new()?;
        let shared = Arc::new(Shared {
            questionnaire,
            origin: format!("http://{authority}"),
            authority,
            token,
            state: Mutex::new(State {
                phase: Phase::Open,
                draft: None,
                events: Vec::new(),
                answer: None,
                accepted: None,
                deadline: time_limit.map(|limit| Instant::now() + limit),
            }),
            changed: Condvar::new(),
        });
        let url = format!("{}/{}/", shared.origin, shared.token);
        let stop = server::spawn(listener, shared.clone())?;
        Ok(WebServer {
            shared,
            url,
            stop: Some(stop),
        })
    }

    /// The link to the page (with its token).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A handle that waits for the page's events from another thread (a task of the host).
    pub fn events(&self) -> Events {
        Events {
            shared: self.shared.clone(),
        }
    }

    /// The answers the page's saved fields hold (for a host where the page is the only
    /// questionnaire); `None` before anything was saved.
    pub fn recorded(&self) -> Option<AnswerState> {
        let state = self.shared.lock();
        state
            .draft
            .as_ref()
            .and_then(|form| form.answers(&self.shared.questionnaire).ok())
    }

    /// What was typed on the page and is not recorded in `recorded`, by question id.
    pub fn drafts(&self, recorded: &AnswerState) -> BTreeMap<String, Draft> {
        match &self.shared.lock().draft {
            Some(form) => form.drafts(recorded),
            None => BTreeMap::new(),
        }
    }

    /// The page's accepted answer with text typed elsewhere (`drafts`, by question id: the
    /// terminal's saved and unsaved text) kept as its drafts, so nothing typed is lost when the
    /// page wins: each beside the page's own draft for the same field, where its answer does
    /// not hold the same text. `None` before an answer was accepted.
    pub fn answer_with_drafts(&self, drafts: BTreeMap<String, Draft>) -> Option<ToolResult> {
        let state = self.shared.lock();
        let form = state.accepted.as_ref()?;
        page_result_with(&self.shared.questionnaire, form, drafts)
            .ok()
            .or_else(|| state.answer.clone())
    }

    /// What the page holds as a result with `options`, for a host where the page is the only
    /// questionnaire: its saved fields are the answers so far, and text typed beside a pick stays
    /// a draft.
    pub fn result_so_far(&self, options: ResultOptions) -> ToolResult {
        let recorded = self
            .recorded()
            .unwrap_or_else(|| AnswerState::new(self.shared.questionnaire.clone()));
        let drafts = self.drafts(&recorded);
        recorded.build_result(options.with_drafts(drafts))
    }

    /// The questionnaire ended elsewhere: an open page shows it is closed and accepts nothing
    /// more. If the page's answer was accepted first, that answer is returned instead: the
    /// first answer wins.
    pub fn close(&self, how: Closed) -> Option<ToolResult> {
        let mut state = self.shared.lock();
        let submitted = state.answer.clone();
        if submitted.is_none() && matches!(state.phase, Phase::Open) {
            state.phase = Phase::Closed(how);
        }
        self.shared.changed.notify_all();
        submitted
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        {
            let mut state = self.shared.lock();
            if matches!(state.phase, Phase::Open) {
                state.phase = Phase::Closed(Closed::Cancelled);
            }
        }
        self.shared.changed.notify_all();
        if let Some(stop) = self.stop.take() {
            stop.stop();
        }
    }
}

/// Waits for the page's events.
#[derive(Clone)]
pub struct Events {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Events {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Events")
    }
}

impl Events {
    /// The page's countdown stops: someone answers elsewhere.
    pub fn stop_countdown(&self) {
        self.shared.lock().deadline = None;
    }

    /// The next event, waiting up to `timeout` (forever when `None`); `None` once the
    /// questionnaire is closed or the wait ran out.
    pub fn next(&self, timeout: Option<Duration>) -> Option<PageEvent> {
        let until = timeout.map(|t| Instant::now() + t);
        let mut state = self.shared.lock();
        loop {
            if !state.events.is_empty() {
                return Some(state.events.remove(0));
            }
            if matches!(state.phase, Phase::Closed(_)) {
                return None;
            }
            state = match until {
                None => self
                    .shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(|p| p.into_inner()),
                Some(until) => {
                    let left = until.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        return None;
                    }
                    self.shared
                        .changed
                        .wait_timeout(state, left)
                        .unwrap_or_else(|p| p.into_inner())
                        .0
                }
            };
        }
    }
}
