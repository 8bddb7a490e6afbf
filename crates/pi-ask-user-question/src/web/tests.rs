//! The page racing a session and the dialogs, answered over HTTP as the page's own form posts.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Instant;

use questionnaire::HeightLimit;
use serde_json::{Value, json};

use super::*;
use crate::dialogs::Dialogs;
use crate::session::Session;

fn plan() -> Value {
    json!({"title": "Plan", "questions": [
        {"id": "approach", "header": "Approach", "prompt": "Which approach?",
         "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
        {"id": "name", "header": "Name", "prompt": "What should it be called?", "type": "text"}]})
}

/// Fast picked, "Ada" as the name, submitted.
const FAST_AND_ADA: &str = "q.0=1&t.1=Ada&action=submit";

fn serve(limit: Option<Duration>) -> Arc<Page> {
    let questionnaire = question::validate(&plan()).unwrap_or_else(|e| panic!("{e:?}"));
    Page::serve(questionnaire, Bind::Local, limit).unwrap_or_else(|e| panic!("{e}"))
}

fn session(page: &Arc<Page>) -> Session {
    Session::open_with(
        &plan(),
        tea::Palette::dark(),
        Default::default(),
        (None, Some(page.clone())),
        (None, HeightLimit::default()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// One request to the page's server as the page itself sends it; the status and the body.
fn http(page: &Page, method: &str, path: &str, body: &str) -> (u16, String) {
    let rest = page.url().strip_prefix("http://").expect("an http link");
    let (authority, token) = rest.split_once('/').expect("a token");
    let mut stream = TcpStream::connect(authority).expect("the server listens");
    write!(
        stream,
        "{method} /{token}{path} HTTP/1.1\r\nHost: {authority}\r\nOrigin: http://{authority}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("sent");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    let status = reply[9..12].parse().expect("a status");
    let body = reply.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, body.to_string())
}

/// Waits until the page's thread took the page's submit or cancel.
fn until_taken(page: &Page) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while page.event().is_none() {
        assert!(Instant::now() < deadline, "the page's event never came");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_session_shows_the_pages_link() {
    let page = serve(None);
    assert_eq!(session(&page).web_url().as_deref(), Some(page.url()));
}

#[test]
fn the_pages_submit_ends_the_session_with_the_pages_answer() {
    let page = serve(None);
    let mut s = session(&page);
    assert_eq!(http(&page, "POST", "answer", FAST_AND_ADA).0, 200);
    until_taken(&page);
    let result = s.tick().expect("finished");
    assert_eq!(result.details["answeredIn"], "web");
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(result.details["answers"]["name"]["customText"], "Ada");
    assert_eq!(
        s.input("1".into()).result,
        Some(result),
        "a later key changes nothing"
    );
}

#[test]
fn the_pages_cancel_keeps_the_sessions_answers_and_unsaved_text() {
    let page = serve(None);
    let mut s = session(&page);
    s.input("2".into());
    s.input("Half".into());
    assert_eq!(http(&page, "POST", "answer", "action=cancel").0, 200);
    until_taken(&page);
    let result = s.tick().expect("finished");
    assert_eq!(result.details["cancelled"], true);
    assert_eq!(result.details["answeredIn"], "web");
    assert_eq!(
        result.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(result.details["answers"]["name"]["draft"]["text"], "Half");
}

#[test]
fn the_session_answering_first_closes_the_page_and_refuses_its_answer() {
    let page = serve(None);
    let mut s = session(&page);
    s.input("2".into());
    s.input("Ada".into());
    s.input("\r".into());
    let result = s.input("\r".into()).result.expect("submitted");
    assert_eq!(result.details["answeredIn"], "terminal");
    let (_, state) = http(&page, "GET", "state", "");
    assert_eq!(
        serde_json::from_str::<Value>(&state).expect("json"),
        json!({"open": false, "message": "Answered in the terminal. This page is closed."})
    );
    assert_eq!(http(&page, "POST", "answer", FAST_AND_ADA).0, 410);
    assert_eq!(s.result().details, result.details);
}

#[test]
fn an_abort_keeps_the_pages_drafts_and_says_nobody_answered() {
    let page = serve(None);
    let mut s = session(&page);
    assert_eq!(
        http(&page, "POST", "draft", "t.1=typed+on+the+phone").0,
        204
    );
    let result = s.abort();
    assert_eq!(result.details["error"], "aborted");
    assert_eq!(result.details.get("answeredIn"), None);
    assert_eq!(
        result.details["answers"]["name"]["draft"]["text"],
        "typed on the phone"
    );
}

fn dialogs(page: &Arc<Page>) -> Dialogs {
    let questionnaire = question::validate(&plan()).unwrap_or_else(|e| panic!("{e:?}"));
    Dialogs::with_limit(question::Dialogs::new(questionnaire), None).with_page(page.clone())
}

#[test]
fn the_pages_submit_ends_the_dialogs_and_a_late_reply_changes_nothing() {
    let page = serve(None);
    let mut d = dialogs(&page);
    let open = d.next();
    assert!(open.options.is_some(), "a select is open");
    assert_eq!(http(&page, "POST", "answer", FAST_AND_ADA).0, 200);
    until_taken(&page);
    let result = d.next().result.expect("finished");
    assert_eq!(result.details["answeredIn"], "web");
    assert_eq!(result.details["answers"]["name"]["customText"], "Ada");
    d.answer(Some(open.options.expect("options")[0].clone()));
    assert_eq!(d.next().result, Some(result.clone()));
    assert_eq!(d.abort(), result);
}

#[test]
fn the_dialogs_answering_first_close_the_page() {
    let page = serve(None);
    let mut d = dialogs(&page);
    let pick = d.next().options.expect("a select")[1].clone();
    d.answer(Some(pick));
    d.next();
    d.answer(Some("Ada".into()));
    let result = d.next().result.expect("finished");
    assert_eq!(result.details["answeredIn"], "terminal");
    assert_eq!(http(&page, "GET", "", "").0, 410);
}
