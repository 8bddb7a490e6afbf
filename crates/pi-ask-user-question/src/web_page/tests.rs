//! The page as the extension drives it, answered over HTTP as the page's own form posts.

use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::json;

use super::*;
use crate::test_support::plan;

/// Fast picked, "Ada" as the name, submitted.
const FAST_AND_ADA: &str = "q.0=1&t.1=Ada&action=submit";

fn page() -> WebPage {
    WebPage::new(plan(), "local".into(), None, None).unwrap_or_else(|e| panic!("{e}"))
}

/// One request to the page's server as the page itself sends it; the status and the body, or
/// `None` when nothing answers.
fn http(url: &str, method: &str, path: &str, body: &str) -> Option<(u16, String)> {
    let rest = url.strip_prefix("http://").expect("an http link");
    let (authority, token) = rest.split_once('/').expect("a token");
    let mut stream = TcpStream::connect(authority).ok()?;
    write!(
        stream,
        "{method} /{token}{path} HTTP/1.1\r\nHost: {authority}\r\nOrigin: http://{authority}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut reply = String::new();
    stream.read_to_string(&mut reply).ok()?;
    let status = reply.get(9..12)?.parse().ok()?;
    let body = reply.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, body.to_string()))
}

fn post(page: &WebPage, path: &str, body: &str) -> u16 {
    http(&page.url(), "POST", path, body)
        .expect("the server answers")
        .0
}

fn typed(text: &str) -> TypedText {
    TypedText {
        text: Some(text.into()),
        ..TypedText::default()
    }
}

#[test]
fn a_bad_address_or_input_is_an_error_saying_what_was_expected() {
    let error = check_web_address("nowhere".into()).expect_err("refused");
    assert!(error.reason.contains("expected `lan`"), "{}", error.reason);
    check_web_address("lan".into()).expect("lan");
    check_web_address("127.0.0.1:0".into()).expect("an address");
    let invalid = WebPage::new(json!({"questions": []}), "local".into(), None, None);
    assert!(invalid.is_err());
    let bad_address = WebPage::new(plan(), "0.0.0.0".into(), None, None);
    assert!(
        bad_address
            .err()
            .expect("refused")
            .reason
            .contains("0.0.0.0")
    );
}

#[test]
fn the_link_serves_the_questions_until_stopped() {
    let mut page = page();
    let url = page.url();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let (status, body) = http(&url, "GET", "", "").expect("served");
    assert_eq!(status, 200);
    assert!(body.contains("Which approach?"));
    page.stop();
    assert_eq!(
        http(&url, "GET", "", ""),
        None,
        "nothing answers once stopped"
    );
    assert!(page.drafts().is_empty());
    assert!(!page.close(Outcome::Answered));
}

#[test]
fn the_pages_answer_keeps_the_text_typed_in_pi_as_drafts() {
    let page = page();
    assert_eq!(page.answer(HashMap::new()), None, "nothing accepted yet");
    assert_eq!(post(&page, "answer", FAST_AND_ADA), 200);
    let answer = page
        .answer(HashMap::from([
            ("name".to_string(), typed("Ada")),
            ("approach".to_string(), typed("my own way")),
        ]))
        .expect("accepted");
    let details = answer.details;
    assert_eq!(details["answeredIn"], "web");
    assert_eq!(details["answers"]["approach"]["values"], json!(["fast"]));
    assert_eq!(
        details["answers"]["approach"]["draft"]["text"],
        "my own way"
    );
    assert_eq!(details["answers"]["name"]["customText"], "Ada");
    assert_eq!(
        details["answers"]["name"].get("draft"),
        None,
        "the same text as the answer is no draft"
    );
    assert!(
        page.close(Outcome::Answered),
        "the page's answer came first"
    );
}

#[test]
fn closing_first_refuses_the_pages_late_answer() {
    let page = page();
    assert!(!page.close(Outcome::Answered));
    assert_eq!(post(&page, "answer", FAST_AND_ADA), 410);
    assert_eq!(page.answer(HashMap::new()), None);
}

#[test]
fn what_is_typed_on_the_page_is_a_draft() {
    let page = page();
    assert_eq!(post(&page, "draft", "t.1=typed+on+the+phone"), 204);
    assert_eq!(
        page.drafts(),
        HashMap::from([("name".to_string(), typed("typed on the phone"))])
    );
}
