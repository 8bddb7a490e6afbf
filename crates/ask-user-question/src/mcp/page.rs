//! The web route: the questionnaire as a web page (the `ask_user_question_web` crate, as the
//! CLI's `--web-only` serves it), its link announced through the client when it declares URL
//! elicitation, else through an MCP log message and the bell and a desktop notification on the
//! terminal the server was started from.
//!
//! The page is served on a task of its own ([`serve`]), not inside the call: it waits for the
//! page's answer, its cancel, the time limit or its close (a call that gave up and was not
//! repeated within the hold, or the server's exit: the result keeps what was typed on it), and
//! stops serving once it knows. Each call waiting on it is told the link ([`announce`]).

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use ask_user_question_web::{Bind, Closed, WebServer};
use question::Questionnaire;
use rmcp::model::{CustomNotification, ElicitRequestParams, ElicitationAction, ServerNotification};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;
use tea::runtime::Attention;

use super::route::Announce;
use super::waiting::Asking;

/// A page served now, by its number.
type Served = Vec<(u64, Arc<WebServer>)>;

/// The pages served now, so that a server that exits closes them.
#[derive(Clone, Default)]
pub struct Pages {
    open: Arc<Mutex<Served>>,
}

impl Pages {
    fn lock(&self) -> MutexGuard<'_, Served> {
        self.open
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn add(&self, id: u64, page: Arc<WebServer>) {
        self.lock().push((id, page));
    }

    fn remove(&self, id: u64) -> Option<Arc<WebServer>> {
        let mut open = self.lock();
        let at = open.iter().position(|(page, _)| *page == id)?;
        Some(open.remove(at).1)
    }

    /// Stops serving: an open page shows that it was cancelled, then the link stops answering.
    pub fn close_all(&self) {
        let pages = std::mem::take(&mut *self.lock());
        drop(pages);
    }
}

/// How a page is served and announced.
#[derive(Debug, Clone)]
pub struct PageSettings {
    pub bind: Bind,
    pub timeout: Option<Duration>,
    /// Ring the bell with the notification on the server's terminal.
    pub bell: bool,
}

/// Serves `questionnaire` on a web page and asks on it until `asking` closes it; returns the
/// page's link once it is served, or why it cannot be.
pub fn serve(
    questionnaire: &Questionnaire,
    settings: &PageSettings,
    pages: &Pages,
    asking: Asking,
) -> Result<String, String> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let page = match WebServer::start(questionnaire.clone(), settings.bind, settings.timeout) {
        Ok(page) => Arc::new(page),
        Err(error) => {
            let why = format!("cannot serve the web page: {error}");
            asking.finish(Err(why.clone()));
            return Err(why);
        }
    };
    let url = page.url().to_string();
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    pages.add(id, page.clone());
    let (pages, limit) = (pages.clone(), settings.timeout);
    tokio::spawn(async move {
        let events = page.events();
        // The page's events come from a blocking wait; closing the page ends it.
        let mut page_event = tokio::task::spawn_blocking(move || events.next(None));
        let limit = tokio::time::sleep(limit.unwrap_or(Duration::MAX));
        tokio::pin!(limit);
        let mut result = tokio::select! {
            event = &mut page_event => match event {
                Ok(Some(event)) => page.result_of(event),
                // The page closed under it: the server is exiting.
                Ok(None) | Err(_) => page.end_alone(Closed::Cancelled).into_result(),
            },
            () = asking.close.cancelled() => {
                let how = if asking.answered_in_inbox.load(Ordering::SeqCst) {
                    Closed::AnsweredInInbox
                } else {
                    Closed::Cancelled
                };
                page.end_alone(how).into_result()
            }
            () = &mut limit => page.end_alone(Closed::TimedOut).into_result(),
        };
        result.details["via"] = json!("web");
        // The link stops answering before the result goes out (stopping joins the server's
        // thread, so off the runtime).
        let listed = pages.remove(id);
        let _ = tokio::task::spawn_blocking(move || drop((listed, page))).await;
        asking.finish(Ok(result));
    });
    Ok(url)
}

/// A call's part of the web route: the link reaches the person through the client (URL
/// elicitation with `elicitation_id`) or the server's own ways. Returns when the person turned
/// the link down (the caller closes the page), or never while the client shows it.
pub async fn announce(
    questionnaire: &Questionnaire,
    url: &str,
    settings: &PageSettings,
    announce: Announce,
    elicitation_id: &str,
    log: &super::log::Log,
    context: &RequestContext<RoleServer>,
) {
    if announce != Announce::ClientUrl {
        announce_elsewhere(questionnaire, url, settings.bell, log, context).await;
        return std::future::pending().await;
    }
    let params = ElicitRequestParams::UrlElicitationParams {
        meta: None,
        message: link_message(questionnaire),
        url: url.to_string(),
        elicitation_id: elicitation_id.to_string(),
    };
    let reply = context
        .peer
        .create_elicitation_with_timeout(params, None)
        .await;
    match reply.map(|reply| reply.action) {
        // The person opened the link: the page answers.
        Ok(ElicitationAction::Accept) => std::future::pending().await,
        // The person turned the link down.
        Ok(_) => {}
        // The client could not show it: announce it the other way.
        Err(_) => {
            announce_elsewhere(questionnaire, url, settings.bell, log, context).await;
            std::future::pending().await
        }
    }
}

/// Tells a client that showed the link through URL elicitation that the page is done (the
/// spec's `notifications/elicitation/complete`, which rmcp has no type for).
pub async fn completed(elicitation_id: &str, context: &RequestContext<RoleServer>) {
    let done = CustomNotification::new(
        "notifications/elicitation/complete",
        Some(json!({ "elicitationId": elicitation_id })),
    );
    let _ = context
        .peer
        .send_notification(ServerNotification::CustomNotification(done))
        .await;
}

/// A new id for a URL elicitation, unique in this server.
pub fn next_elicitation_id() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    format!("ask-user-question-{}", NEXT.fetch_add(1, Ordering::Relaxed))
}

/// What the client shows beside the link.
fn link_message(questionnaire: &Questionnaire) -> String {
    let notice = question::waiting_notice(questionnaire);
    format!(
        "{}: {}. Open the link to answer in a browser.",
        notice.title, notice.body
    )
}

/// The link, for a client without URL elicitation: a log message, and the bell and a desktop
/// notification on the terminal the server was started from.
async fn announce_elsewhere(
    questionnaire: &Questionnaire,
    url: &str,
    bell: bool,
    log: &super::log::Log,
    context: &RequestContext<RoleServer>,
) {
    let text = format!("{} Link: {url}", link_message(questionnaire));
    log.notice(context, &text).await;
    let notice = question::waiting_notice(questionnaire);
    let tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
    let attention = Attention::none()
        .bell(bell)
        .notify(&notice.title, &format!("{}: {url}", notice.body))
        .through_tmux(tmux);
    write_to_terminal(&attention.bytes());
}

/// Writes `bytes` to the controlling terminal, if the server has one (never to standard output,
/// which carries the protocol).
fn write_to_terminal(bytes: &str) {
    if let Ok(mut terminal) = std::fs::OpenOptions::new().write(true).open("/dev/tty") {
        let _ = terminal.write_all(bytes.as_bytes());
        let _ = terminal.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elicitation_ids_differ() {
        assert_ne!(next_elicitation_id(), next_elicitation_id());
    }

    #[test]
    fn the_link_message_names_the_questionnaire() {
        let questionnaire = question::validate(&json!({"title": "Release", "questions": [
            {"id": "a", "header": "A", "prompt": "Name?", "type": "text"}
        ]}))
        .unwrap();
        assert_eq!(
            link_message(&questionnaire),
            "Release: 1 question is waiting for you. Open the link to answer in a browser."
        );
    }
}
