//! The web route: the questionnaire as a web page (the `ask_user_question_web` crate, as the
//! CLI's `--web-only` serves it), its link announced through the client when it declares URL
//! elicitation, else through an MCP log message and the bell and a desktop notification on the
//! terminal the server was started from.
//!
//! The call waits for the page's answer, its cancel, the time limit, or the client's cancel (the
//! page closes and the result keeps what was typed on it). The server lives only as long as
//! its call: an open page then says that the questionnaire is closed.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer, mark_answered_in};
use question::{Questionnaire, ResultOptions, ToolResult};
use rmcp::model::{CustomNotification, ElicitRequestParams, ElicitationAction, ServerNotification};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;
use tea::runtime::Attention;

use super::route::Announce;

/// The page served now, shared by its call and the server's exit.
#[derive(Clone, Default)]
pub struct Pages {
    current: Arc<Mutex<Option<WebServer>>>,
}

impl Pages {
    fn lock(&self) -> MutexGuard<'_, Option<WebServer>> {
        self.current
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Serves `page` from now on (calls take turns, so no other is served).
    fn open(&self, page: WebServer) {
        *self.lock() = Some(page);
    }

    /// Stops serving the call's page once its result is known: the link stops answering
    /// before the result goes out. (Stopping joins the server's thread, so off the runtime.)
    async fn stop(&self) {
        let page = self.lock().take();
        let _ = tokio::task::spawn_blocking(move || drop(page)).await;
    }

    /// `act` on the page served now.
    fn with<T>(&self, act: impl FnOnce(&WebServer) -> T) -> Option<T> {
        self.lock().as_ref().map(act)
    }

    /// Stops serving: an open page shows that it was cancelled, then the link stops answering.
    pub fn close_all(&self) {
        let page = self.lock().take();
        drop(page);
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

/// Asks `questionnaire` on a web page; its result, or why no page could be served.
pub async fn ask(
    questionnaire: &Questionnaire,
    settings: &PageSettings,
    announce: Announce,
    pages: &Pages,
    log: &super::log::Log,
    context: &RequestContext<RoleServer>,
) -> Result<ToolResult, String> {
    let page = WebServer::start(questionnaire.clone(), settings.bind, settings.timeout)
        .map_err(|error| format!("cannot serve the web page: {error}"))?;
    let url = page.url().to_string();
    let events = page.events();
    pages.open(page);
    // The page's events come from a blocking wait; closing the page ends it.
    let mut page_event = tokio::task::spawn_blocking(move || events.next(None));

    let elicitation_id = next_elicitation_id();
    let mut link_shown = std::pin::pin!(async {
        let params = ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: link_message(questionnaire),
            url: url.clone(),
            elicitation_id: elicitation_id.clone(),
        };
        context
            .peer
            .create_elicitation_with_timeout(params, None)
            .await
    });
    let mut asking_client = announce == Announce::ClientUrl;
    if !asking_client {
        announce_elsewhere(questionnaire, &url, settings.bell, log, context).await;
    }
    let limit = tokio::time::sleep(settings.timeout.unwrap_or(Duration::MAX));
    tokio::pin!(limit);

    // What the page holds (nothing once the server stopped it on exit).
    let so_far =
        |options: ResultOptions| match pages.with(|page| page.result_so_far(options.clone())) {
            Some(result) => result,
            None => question::AnswerState::new(questionnaire.clone()).build_result(options),
        };
    // Ends the page as `how`; the page's own answer if it came first.
    let close =
        |how: Closed, options: ResultOptions| match pages.with(|page| page.close(how)).flatten() {
            Some(answer) => answer,
            None => so_far(options),
        };
    let mut result = loop {
        tokio::select! {
            event = &mut page_event => break match event {
                Ok(Some(PageEvent::Submitted(result))) => result,
                Ok(Some(PageEvent::Cancelled)) => {
                    let mut result = so_far(ResultOptions::cancelled());
                    mark_answered_in(&mut result, "web");
                    result
                }
                // The page closed under the call: the server is exiting.
                Ok(None) | Err(_) => so_far(ResultOptions::cancelled()),
            },
            () = context.ct.cancelled() => break close(Closed::Cancelled, ResultOptions::cancelled()),
            () = &mut limit => break close(Closed::TimedOut, ResultOptions::timed_out()),
            reply = &mut link_shown, if asking_client => {
                asking_client = false;
                match reply.map(|reply| reply.action) {
                    // The person opened the link: the page answers.
                    Ok(ElicitationAction::Accept) => {}
                    // The person turned the link down.
                    Ok(_) => break close(Closed::Cancelled, ResultOptions::cancelled()),
                    // The client could not show it: announce it the other way.
                    Err(_) => announce_elsewhere(questionnaire, &url, settings.bell, log, context).await,
                }
            }
        }
    };
    if announce == Announce::ClientUrl {
        // The spec's `notifications/elicitation/complete`, which rmcp has no type for.
        let done = CustomNotification::new(
            "notifications/elicitation/complete",
            Some(json!({ "elicitationId": elicitation_id })),
        );
        let _ = context
            .peer
            .send_notification(ServerNotification::CustomNotification(done))
            .await;
    }
    pages.stop().await;
    result.details["via"] = json!("web");
    Ok(result)
}

/// A new id for a URL elicitation, unique in this server.
fn next_elicitation_id() -> String {
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
    log.notice(&context.peer, &text).await;
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
