//! The inbox's requests: checked as the questionnaire's page checks them (`crate::server`:
//! `Host`, then the token, then a POST's `Origin` and its size), then routed. Whatever needs
//! the store runs on tokio's blocking threads, so a store waiting on another process's lock
//! holds up no other request.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{Request, State as Extract};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use question::{Questionnaire, ToolResult};
use serde_json::json;

use super::list::{self, BACK};
use super::{Id, Opened, Served, Settled, Status};
use crate::form::{Action, Form};
use crate::page::{self, PageState};
use crate::server::{
    NO_SLASH, after_token, host_is, html, not_found, plain, posted, script, secured, style,
    to_slash,
};
use crate::{mark_answered_in, page_result};

const INBOX_STYLE: &str = include_str!("../../assets/inbox.css");
const INBOX_SCRIPT: &str = include_str!("../../assets/inbox.js");

pub(super) async fn handle(Extract(served): Extract<Arc<Served>>, request: Request) -> Response {
    let started = Instant::now();
    secured(route(served, request).await, started)
}

/// What a request for questionnaire `id` asks.
enum Asked {
    Page,
    State,
    Draft(Bytes),
    Answer(Bytes),
}

async fn route(served: Arc<Served>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    if !host_is(&parts.headers, &served.authority) {
        return plain(StatusCode::FORBIDDEN, "wrong host\n");
    }
    let Some(rest) = after_token(parts.uri.path(), &served.token) else {
        return not_found();
    };
    let get = parts.method == Method::GET;
    match (get, rest) {
        (true, NO_SLASH) => return to_slash(&format!("/{}", served.token)),
        (true, "") => {
            let notice = notice_number(parts.uri.query()).and_then(|n| served.notice_of(n));
            return blocking(served, move |served| list_page(served, notice.as_deref())).await;
        }
        (true, "list") => return blocking(served, list_rows).await,
        (true, "page.css") => return style(),
        (true, "inbox.css") => return asset("text/css", INBOX_STYLE),
        (true, "inbox.js") => return asset("text/javascript", INBOX_SCRIPT),
        _ => {}
    }
    let Some((id, what)) = questionnaire_path(rest) else {
        return not_found();
    };
    let asked = match (&parts.method, what) {
        (&Method::GET, NO_SLASH) => return to_slash(&format!("/{}/q/{id}", served.token)),
        (&Method::GET, "") => Asked::Page,
        (&Method::GET, "page.css") => return style(),
        (&Method::GET, "page.js") => return script(),
        (&Method::GET, "state") => Asked::State,
        (&Method::POST, "draft" | "answer") => {
            let body = match posted(&parts.headers, &served.origin, body).await {
                Ok(body) => body,
                Err(refused) => return refused,
            };
            match what {
                "draft" => Asked::Draft(body),
                _ => Asked::Answer(body),
            }
        }
        _ => return not_found(),
    };
    blocking(served, move |served| questionnaire(served, id, asked)).await
}

/// `work` on tokio's blocking threads.
async fn blocking(
    served: Arc<Served>,
    work: impl FnOnce(&Served) -> Response + Send + 'static,
) -> Response {
    tokio::task::spawn_blocking(move || work(&served))
        .await
        .unwrap_or_else(|_| plain(StatusCode::INTERNAL_SERVER_ERROR, "the request failed\n"))
}

fn asset(kind: &str, body: &'static str) -> Response {
    (
        [(header::CONTENT_TYPE, format!("{kind}; charset=utf-8"))],
        body,
    )
        .into_response()
}

/// `notice=N` in the list's query.
fn notice_number(query: Option<&str>) -> Option<u64> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(name, _)| name == "notice")
        .and_then(|(_, value)| value.parse().ok())
}

/// `q/ID/REST` as the id and `REST` ([`NO_SLASH`] for `q/ID`); the id in plain digits.
fn questionnaire_path(rest: &str) -> Option<(Id, &str)> {
    let rest = rest.strip_prefix("q/")?;
    let (id, what) = rest.split_once('/').unwrap_or((rest, NO_SLASH));
    let digits = !id.is_empty() && id.len() <= 18 && id.bytes().all(|b| b.is_ascii_digit());
    Some((id.parse().ok().filter(|_| digits)?, what))
}

fn list_page(served: &Served, notice: Option<&str>) -> Response {
    match served.source.list() {
        Ok(entries) => html(StatusCode::OK, list::page(&entries, notice, None)),
        Err(error) => html(
            StatusCode::SERVICE_UNAVAILABLE,
            list::page(&[], notice, Some(&error)),
        ),
    }
}

fn list_rows(served: &Served) -> Response {
    let (status, body) = match served.source.list() {
        Ok(entries) => (StatusCode::OK, list::rows_json(&entries)),
        Err(error) => (StatusCode::SERVICE_UNAVAILABLE, list::error_json(&error)),
    };
    (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// A questionnaire that can be answered here, validated; else the response that says why not.
/// One no longer waiting is refused too, but where `over_too` (an answer, which then finds
/// out where the first one came from).
fn answerable(
    served: &Served,
    id: Id,
    over_too: bool,
) -> Result<(Opened, Questionnaire), Box<Response>> {
    // Boxed: a response is large beside what is found.
    let refuse =
        |status, title: &str, message: &str| Box::new(html(status, list::over(title, message)));
    let opened = match served.source.open(id) {
        Ok(Some(opened)) => opened,
        Ok(None) => return Err(Box::new(not_found())),
        Err(error) => {
            let message = format!("The store cannot be read: {error}");
            return Err(refuse(StatusCode::SERVICE_UNAVAILABLE, "Inbox", &message));
        }
    };
    // Secret answers never reach the store: such a questionnaire is answered where it was
    // asked, and its page is never served here.
    if opened.secret {
        let message = "It has a secret question: answer it where it was asked.";
        return Err(refuse(StatusCode::FORBIDDEN, &opened.title, message));
    }
    if let Status::Over(message) = &opened.status
        && !over_too
    {
        return Err(refuse(StatusCode::GONE, &opened.title, message));
    }
    match question::validate(&opened.input) {
        Ok(questionnaire) => Ok((opened, questionnaire)),
        Err(issues) => {
            let why = issues.first().map_or(String::new(), ToString::to_string);
            let message = format!("It cannot be shown: {why}");
            Err(refuse(
                StatusCode::UNPROCESSABLE_ENTITY,
                &opened.title,
                &message,
            ))
        }
    }
}

fn questionnaire(served: &Served, id: Id, asked: Asked) -> Response {
    if let Asked::State = asked {
        return state(served, id);
    }
    let over_too = matches!(asked, Asked::Answer(_));
    let (opened, questionnaire) = match answerable(served, id, over_too) {
        Ok(found) => found,
        Err(response) => return *response,
    };
    match asked {
        Asked::Page => {
            let form = opened
                .saved
                .as_ref()
                .map(|saved| Form::from_saved(&questionnaire, saved));
            page_of(&questionnaire, form.as_ref(), None)
        }
        Asked::Draft(body) => draft(served, id, &questionnaire, &body),
        Asked::Answer(body) => answer(served, id, &opened, &questionnaire, &body),
        Asked::State => state(served, id),
    }
}

fn unreadable() -> Response {
    plain(StatusCode::BAD_REQUEST, "unreadable form\n")
}

/// The page's script saves what is typed: kept in the store as the questionnaire's drafts.
fn draft(served: &Served, id: Id, questionnaire: &Questionnaire, body: &[u8]) -> Response {
    let Ok(form) = Form::parse(body, questionnaire) else {
        return unreadable();
    };
    match served.source.save(id, &form.to_saved(questionnaire)) {
        Ok(()) => StatusCode::NO_CONTENT.into_response(),
        Err(_) => plain(
            StatusCode::SERVICE_UNAVAILABLE,
            "the store cannot save it\n",
        ),
    }
}

/// Submit or Cancel, then back to the list, which says what became of it. A submit with
/// unanswered questions shows the review first, as on the terminal; a submit is offered to the
/// store as the inbox's answer, and the first answer wins (one given elsewhere since the page
/// opened is said). A cancel only goes back to the list: the host goes on waiting.
fn answer(
    served: &Served,
    id: Id,
    opened: &Opened,
    questionnaire: &Questionnaire,
    body: &[u8],
) -> Response {
    let Ok(form) = Form::parse(body, questionnaire) else {
        return unreadable();
    };
    let title = &opened.title;
    let over = match &opened.status {
        Status::Over(message) => Some(message),
        Status::Waiting => None,
    };
    if form.action == Action::Cancel {
        let notice = match over {
            Some(message) => message.clone(),
            None => match served.source.save(id, &form.to_saved(questionnaire)) {
                Ok(()) => format!("Kept for later: {title}"),
                Err(error) => format!("{title}: what was typed could not be kept ({error})"),
            },
        };
        return to_list(served, notice);
    }
    let Ok(answers) = form.answers(questionnaire) else {
        return unreadable();
    };
    if over.is_none() {
        let unanswered = answers.answered_count() < questionnaire.questions.len();
        if unanswered && !form.confirmed {
            let _ = served.source.save(id, &form.to_saved(questionnaire));
            return page_of(questionnaire, Some(&form), Some(&answers));
        }
        // What was typed is saved first, so a store that refuses the answer loses nothing.
        let _ = served.source.save(id, &form.to_saved(questionnaire));
    }
    let Some(result) = inbox_result(questionnaire, &form) else {
        return unreadable();
    };
    let notice = match served.source.settle(id, &result) {
        Ok(Settled::Won) => format!("Answered: {title}"),
        Ok(Settled::Lost(message)) => message,
        Err(error) => {
            format!("{title}: the answer could not be stored ({error}); it is kept as a draft")
        }
    };
    to_list(served, notice)
}

/// The questionnaire's page, its fields as `form` holds them, with the review when `review`.
fn page_of(
    questionnaire: &Questionnaire,
    form: Option<&Form>,
    review: Option<&question::AnswerState>,
) -> Response {
    let state = PageState {
        form,
        review,
        countdown: None,
        back: Some(BACK),
    };
    html(StatusCode::OK, page::page(questionnaire, &state))
}

/// Back to the list, which shows `notice` (POST, then redirect, then GET: a reload of the
/// list sends nothing again).
fn to_list(served: &Served, notice: String) -> Response {
    let number = served.notice(notice);
    (
        StatusCode::SEE_OTHER,
        [(
            header::LOCATION,
            format!("/{}/?notice={number}", served.token),
        )],
    )
        .into_response()
}

fn state(served: &Served, id: Id) -> Response {
    let body = match served.source.status(id) {
        Ok(Status::Waiting) => json!({"open": true, "seconds": null}),
        Ok(Status::Over(message)) => json!({"open": false, "message": message}),
        Err(error) => {
            let body = json!({"error": error}).to_string();
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response();
        }
    };
    (
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// The inbox's result for `form`: the page's, answered in the inbox.
fn inbox_result(questionnaire: &Questionnaire, form: &Form) -> Option<ToolResult> {
    let mut result = page_result(questionnaire, form).ok()?;
    mark_answered_in(&mut result, "inbox");
    Some(result)
}
