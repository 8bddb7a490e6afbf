//! How the page ends: its messages in the questionnaire's labels, and the page's accepted
//! answer keeping text typed elsewhere as drafts.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use question::Draft;
use serde_json::json;

fn questionnaire() -> question::Questionnaire {
    question::validate(&json!({
        "labels": {
            "pageAnswered": "Respondido. Puedes cerrar esta página.",
            "pageAnsweredInTerminal": "Respondido en la terminal.",
            "pageClosed": "Este cuestionario está cerrado."
        },
        "questions": [
            {"id": "db", "header": "DB", "prompt": "Which?", "options": [
                {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
            {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"},
        ]
    }))
    .unwrap()
}

/// One request to the page's `rest` (after its token), read to the end: status and body.
fn send(web: &WebServer, method: &str, rest: &str, body: &str) -> (u16, String) {
    let url = web.url().strip_prefix("http://").unwrap();
    let (authority, path) = url.split_once('/').unwrap();
    let mut stream = TcpStream::connect(authority).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let request = format!(
        "{method} /{path}{rest} HTTP/1.1\r\nHost: {authority}\r\nOrigin: http://{authority}\r\n\
         Connection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    let status = reply
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = reply
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn draft(text: Option<&str>, note: Option<&str>, option_notes: &[(&str, &str)]) -> Draft {
    Draft {
        text: text.map(str::to_string),
        note: note.map(str::to_string),
        option_notes: option_notes
            .iter()
            .map(|(v, n)| (v.to_string(), n.to_string()))
            .collect(),
    }
}

#[test]
fn the_pages_answer_keeps_text_typed_elsewhere_as_drafts() {
    let web = WebServer::start(questionnaire(), Bind::Local, None).unwrap();
    assert_eq!(web.answer_with_drafts(BTreeMap::new()), None);
    let (status, _) = send(&web, "POST", "answer", "q.0=1&t.1=svc");
    assert_eq!(status, 200);
    let Some(PageEvent::Submitted(plain)) = web.events().next(Some(Duration::ZERO)) else {
        panic!("no answer");
    };
    let typed = BTreeMap::from([
        // Typed on the terminal and not what the page answered: kept.
        (
            "db".to_string(),
            draft(None, Some("why"), &[("pg", "fast")]),
        ),
        // The same text as the page's answer is not a draft; a different one is.
        ("name".to_string(), draft(Some("svc"), Some("later"), &[])),
    ]);
    let result = web.answer_with_drafts(typed).unwrap();
    let answers = &result.details["answers"];
    assert_eq!(answers["db"]["values"], json!(["lite"]));
    assert_eq!(
        answers["db"]["draft"],
        json!({"note": "why", "optionNotes": {"pg": "fast"}})
    );
    assert_eq!(answers["name"]["draft"], json!({"note": "later"}));
    assert_eq!(result.details["answeredIn"], "web");
    // Nothing typed elsewhere: the page's own answer.
    assert_eq!(web.answer_with_drafts(BTreeMap::new()), Some(plain));
}

#[test]
fn the_closed_page_speaks_the_questionnaires_labels() {
    let web = WebServer::start(questionnaire(), Bind::Local, None).unwrap();
    let (_, page) = send(&web, "GET", "", "");
    assert!(
        page.contains("data-closed=\"Este cuestionario está cerrado.\""),
        "{page}"
    );
    assert_eq!(web.close(Closed::AnsweredInTerminal), None);
    let (_, state) = send(&web, "GET", "state", "");
    assert!(state.contains("Respondido en la terminal."), "{state}");
    let (status, closed) = send(&web, "GET", "", "");
    assert_eq!(status, 410);
    assert!(closed.contains("Respondido en la terminal."), "{closed}");

    // The inbox answered first (`ask-user-question inbox`): said so, in English where the
    // call's labels do not say it.
    let web = WebServer::start(questionnaire(), Bind::Local, None).unwrap();
    assert_eq!(web.close(Closed::AnsweredInInbox), None);
    let (status, closed) = send(&web, "GET", "", "");
    assert_eq!(status, 410);
    assert!(
        closed.contains("Answered in the inbox. This page is closed."),
        "{closed}"
    );

    let web = WebServer::start(questionnaire(), Bind::Local, None).unwrap();
    let (status, answered) = send(&web, "POST", "answer", "q.0=0&t.1=x");
    assert_eq!(status, 200);
    assert!(
        answered.contains("Respondido. Puedes cerrar esta página."),
        "{answered}"
    );
    let (_, state) = send(&web, "GET", "state", "");
    assert!(state.contains("Respondido. Puedes cerrar"), "{state}");
}
