//! The HTTP side: axum on a small tokio runtime of its own thread.
//!
//! Every request passes the same checks, in order:
//! 1. `Host` must be the address printed (`IP:PORT`), so a DNS-rebinding page that resolves its
//!    own name to this address is refused (403);
//! 2. the first path segment must be the token (compared in constant time); anything else is
//!    404, as is every path the page does not use;
//! 3. a POST must come from the page: `Origin` equal to the page's origin, or, where a browser
//!    sends `Origin: null` or none, `Sec-Fetch-Site: same-origin` (403 otherwise);
//! 4. a body is at most [`MAX_BODY`] bytes (413).
//!
//! Every response is `Cache-Control: no-store`, `Referrer-Policy: same-origin` (the link stays
//! out of other sites' logs, and the page's own POST keeps its real Origin), with a strict
//! Content-Security-Policy (scripts and styles only from the page's own files, no images,
//! frames or plugins), `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`. At most
//! [`MAX_CONNECTIONS`] connections are served at once; more wait to be accepted.

use std::io;
use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::body::to_bytes;
use axum::extract::{Request, State as Extract};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use question::Label;
use serde_json::json;

use tokio::net::TcpListener;
use tokio::sync::oneshot;

use crate::form::{Action, Form};
use crate::limited::Limited;
use crate::page::{self, PageState};
use crate::{PageEvent, Phase, Shared, page_result, token};

/// The largest request body accepted: a questionnaire's answers with long notes fit many times.
pub const MAX_BODY: usize = 1 << 20;
/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 32;

const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; \
                   img-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STYLE: &str = include_str!("../assets/page.css");
const SCRIPT: &str = include_str!("../assets/page.js");

/// Stops the server when told (or dropped).
pub struct Stop {
    tx: oneshot::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

impl Stop {
    pub fn stop(self) {
        let _ = self.tx.send(());
        let _ = self.thread.join();
    }
}

/// Serves the questionnaire's page on `listener` from a thread of its own until stopped.
pub fn spawn(listener: std::net::TcpListener, shared: Arc<Shared>) -> io::Result<Stop> {
    serve(listener, Router::new().fallback(handle).with_state(shared))
}

/// Serves `app` on `listener` from a thread of its own until stopped, at most
/// [`MAX_CONNECTIONS`] connections at once: the questionnaire's page and the inbox's.
pub(crate) fn serve(listener: std::net::TcpListener, app: Router) -> io::Result<Stop> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    let (tx, rx) = oneshot::channel();
    let thread = std::thread::Builder::new()
        .name("ask-user-question-web".into())
        .spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = TcpListener::from_std(listener) else {
                    return;
                };
                let limited = Limited::new(listener, MAX_CONNECTIONS);
                let serving = tokio::spawn(crate::limited::serve(limited, app));
                let _ = rx.await;
                serving.abort();
            });
            // Dropping the runtime ends every connection still open.
        })?;
    Ok(Stop { tx, thread })
}

async fn handle(Extract(shared): Extract<Arc<Shared>>, request: Request) -> Response {
    let started = Instant::now();
    secured(route(&shared, request).await, started)
}

/// `response` with the headers every response carries (see the module's notes), and how long
/// it took to serve since `started`.
pub(crate) fn secured(mut response: Response, started: Instant) -> Response {
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "same-origin"),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    // How long the page took to serve, for measuring (Server-Timing is shown by browsers'
    // developer tools).
    if let Ok(value) = HeaderValue::from_str(&format!(
        "app;dur={:.3}",
        started.elapsed().as_secs_f64() * 1000.0
    )) {
        headers.insert("server-timing", value);
    }
    response
}

pub(crate) fn plain(status: StatusCode, text: &'static str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

pub(crate) fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// What follows the token in `path`: `""` for `/TOKEN/`, [`NO_SLASH`] for `/TOKEN`; `None`
/// when the token is not the first segment (compared in constant time).
pub(crate) fn after_token<'a>(path: &'a str, token: &str) -> Option<&'a str> {
    let (given, rest) = path
        .strip_prefix('/')
        .map(|p| p.split_once('/').unwrap_or((p, NO_SLASH)))?;
    token::matches(given, token).then_some(rest)
}

/// What [`after_token`] gives for the token with no slash after it (a path never holds NUL).
pub(crate) const NO_SLASH: &str = "\u{0}";

/// The redirect from `/TOKEN` to `/TOKEN/`, where the page's relative links work.
pub(crate) fn to_slash(path: &str) -> Response {
    (
        StatusCode::PERMANENT_REDIRECT,
        [(header::LOCATION, format!("{path}/"))],
    )
        .into_response()
}

pub(crate) fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}

pub(crate) fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
        .into_response()
}

/// A POST's body, after its `Origin` was checked: 403 when it does not come from the page at
/// `origin`, 413 when it is over [`MAX_BODY`].
pub(crate) async fn posted(
    headers: &HeaderMap,
    origin: &str,
    body: axum::body::Body,
) -> Result<axum::body::Bytes, Response> {
    if !from_the_page(headers, origin) {
        return Err(plain(
            StatusCode::FORBIDDEN,
            "cross-origin request refused\n",
        ));
    }
    to_bytes(body, MAX_BODY)
        .await
        .map_err(|_| plain(StatusCode::PAYLOAD_TOO_LARGE, "request body too large\n"))
}

async fn route(shared: &Shared, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    if !host_is(&parts.headers, &shared.authority) {
        return plain(StatusCode::FORBIDDEN, "wrong host\n");
    }
    let Some(rest) = after_token(parts.uri.path(), &shared.token) else {
        return not_found();
    };
    match (&parts.method, rest) {
        (&Method::GET, NO_SLASH) => to_slash(&format!("/{}", shared.token)),
        (&Method::GET, "") => page_response(shared),
        (&Method::GET, "page.css") => style(),
        (&Method::GET, "page.js") => script(),
        (&Method::GET, "state") => state_response(shared),
        (&Method::POST, "answer" | "draft") => {
            let body = match posted(&parts.headers, &shared.origin, body).await {
                Ok(body) => body,
                Err(refused) => return refused,
            };
            let form = match Form::parse(&body, &shared.questionnaire) {
                Ok(form) => form,
                Err(_) => return plain(StatusCode::BAD_REQUEST, "unreadable form\n"),
            };
            if rest == "draft" {
                return draft(shared, form);
            }
            answer(shared, form)
        }
        _ => not_found(),
    }
}

pub(crate) fn not_found() -> Response {
    plain(StatusCode::NOT_FOUND, "not found\n")
}

/// Whether `Host` is the address printed, `authority` (`IP:PORT`).
pub(crate) fn host_is(headers: &HeaderMap, authority: &str) -> bool {
    headers
        .get(header::HOST)
        .is_some_and(|host| host.as_bytes() == authority.as_bytes())
}

/// A POST from the page itself, served at `origin` (see the module's notes).
fn from_the_page(headers: &HeaderMap, origin: &str) -> bool {
    match headers.get(header::ORIGIN).map(HeaderValue::as_bytes) {
        Some(given) if given != b"null" => given == origin.as_bytes(),
        _ => headers
            .get("sec-fetch-site")
            .is_some_and(|site| site.as_bytes() == b"same-origin"),
    }
}

fn seconds_left(deadline: Option<Instant>) -> Option<u64> {
    deadline.map(|d| d.saturating_duration_since(Instant::now()).as_secs())
}

fn page_response(shared: &Shared) -> Response {
    let state = shared.lock();
    match &state.phase {
        Phase::Open => html(
            StatusCode::OK,
            page::page(
                &shared.questionnaire,
                &PageState {
                    form: state.draft.as_ref(),
                    review: None,
                    countdown: seconds_left(state.deadline),
                    back: None,
                },
            ),
        ),
        Phase::Answered(label) => html(StatusCode::OK, page::closed(&shared.questionnaire, *label)),
        Phase::Closed(how) => html(
            StatusCode::GONE,
            page::closed(&shared.questionnaire, how.label()),
        ),
    }
}

fn state_response(shared: &Shared) -> Response {
    let labels = &shared.questionnaire.labels;
    let state = shared.lock();
    let body = match &state.phase {
        Phase::Open => json!({"open": true, "seconds": seconds_left(state.deadline)}),
        Phase::Answered(label) => json!({"open": false, "message": labels.get(*label)}),
        Phase::Closed(how) => json!({"open": false, "message": labels.get(how.label())}),
    };
    (
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

fn draft(shared: &Shared, form: Form) -> Response {
    shared.save_draft(form);
    StatusCode::NO_CONTENT.into_response()
}

fn answer(shared: &Shared, form: Form) -> Response {
    let questionnaire = &shared.questionnaire;
    let mut state = shared.lock();
    match &state.phase {
        Phase::Open => {}
        Phase::Answered(label) => {
            return html(StatusCode::GONE, page::closed(questionnaire, *label));
        }
        Phase::Closed(how) => {
            return html(StatusCode::GONE, page::closed(questionnaire, how.label()));
        }
    }
    if form.action == Action::Cancel {
        state.draft = Some(form);
        state.phase = Phase::Answered(Label::PageCancelled);
        shared.push(&mut state, PageEvent::Cancelled);
        return html(
            StatusCode::OK,
            page::closed(questionnaire, Label::PageCancelled),
        );
    }
    let answers = match form.answers(questionnaire) {
        Ok(answers) => answers,
        Err(_) => return plain(StatusCode::BAD_REQUEST, "unreadable form\n"),
    };
    let unanswered = answers.answered_count() < questionnaire.questions.len();
    if unanswered && !form.confirmed {
        // The review, as on the terminal: a second Submit sends with unanswered questions.
        let page = page::page(
            questionnaire,
            &PageState {
                form: Some(&form),
                review: Some(&answers),
                countdown: seconds_left(state.deadline),
                back: None,
            },
        );
        state.draft = Some(form);
        return html(StatusCode::OK, page);
    }
    let Ok(result) = page_result(questionnaire, &form) else {
        return plain(StatusCode::BAD_REQUEST, "unreadable form\n");
    };
    state.draft = None;
    state.phase = Phase::Answered(Label::PageAnswered);
    state.answer = Some(result.clone());
    state.accepted = Some(form);
    shared.push(&mut state, PageEvent::Submitted(result));
    html(
        StatusCode::OK,
        page::closed(questionnaire, Label::PageAnswered),
    )
}
