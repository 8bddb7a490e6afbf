//! The server's refusals, over real HTTP: each is refused and changes nothing.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ask_user_question_web::{Bind, Closed, PageEvent, WebServer};
use serde_json::json;
use support::{get, origin, parts, post, request};

fn questionnaire() -> question::Questionnaire {
    question::validate(&json!({"title": "Plan", "questions": [
        {"id": "db", "header": "DB", "prompt": "Which?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
    ]}))
    .unwrap()
}

fn serve() -> WebServer {
    WebServer::start(questionnaire(), Bind::Local, None).unwrap()
}

/// No event came from the page.
fn nothing_happened(web: &WebServer) {
    assert_eq!(web.events().next(Some(Duration::from_millis(50))), None);
    assert!(web.recorded().is_none());
}

#[test]
fn the_page_is_served_with_strict_headers() {
    let web = serve();
    let (_, path) = parts(&web);
    let reply = get(&web, &path);
    assert_eq!(reply.status, 200);
    assert!(reply.body.contains("<title>Plan</title>"));
    for header in [
        "cache-control: no-store",
        "referrer-policy: same-origin",
        "content-security-policy: default-src 'none'; script-src 'self'",
        "x-content-type-options: nosniff",
        "x-frame-options: deny",
    ] {
        assert!(
            reply.head.contains(header),
            "{header} missing:\n{}",
            reply.head
        );
    }
}

#[test]
fn the_link_is_a_128_bit_token_on_127_0_0_1() {
    let web = serve();
    let (authority, path) = parts(&web);
    assert!(authority.starts_with("127.0.0.1:"), "{authority}");
    let token = path.trim_matches('/');
    assert_eq!(token.len(), 32);
    assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
}

#[test]
fn a_wrong_token_and_every_other_path_is_404() {
    let web = serve();
    let (_, path) = parts(&web);
    let token = path.trim_matches('/');
    let mut wrong = token.to_string();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    for path in [
        format!("/{wrong}/"),
        format!("/{}/", &token[..31]),
        format!("/{token}0/"),
        "/".to_string(),
        "/favicon.ico".to_string(),
        format!("/{token}/nope"),
        format!("/{token}/../{token}/"),
    ] {
        assert_eq!(get(&web, &path).status, 404, "{path}");
    }
    let reply = post(
        &web,
        &format!("/{wrong}/answer"),
        Some(&origin(&web)),
        b"q.0=0",
    );
    assert_eq!(reply.status, 404);
    nothing_happened(&web);
}

#[test]
fn another_host_is_refused() {
    let web = serve();
    let (authority, path) = parts(&web);
    let port = authority.split(':').nth(1).unwrap();
    for host in [
        format!("evil.example:{port}"),
        format!("localhost:{port}"),
        String::new(),
    ] {
        let reply = request(&web, "GET", &path, &[("Host", &host)], b"");
        assert_eq!(reply.status, 403, "{host}");
        assert!(!reply.body.contains("Plan"));
    }
    let reply = request(
        &web,
        "POST",
        &format!("{path}answer"),
        &[("Host", "evil.example"), ("Origin", "http://evil.example")],
        b"q.0=0",
    );
    assert_eq!(reply.status, 403);
    nothing_happened(&web);
}

#[test]
fn a_cross_origin_post_is_refused() {
    let web = serve();
    let (_, path) = parts(&web);
    for origin in [Some("http://evil.example"), Some("null"), None] {
        let reply = post(&web, &format!("{path}answer"), origin, b"q.0=0");
        assert_eq!(reply.status, 403, "{origin:?}");
        let reply = post(&web, &format!("{path}draft"), origin, b"t.0=x");
        assert_eq!(reply.status, 403, "{origin:?}");
    }
    nothing_happened(&web);
}

#[test]
fn origin_null_passes_only_as_same_origin_fetch() {
    let web = serve();
    let (authority, path) = parts(&web);
    let draft = |site: &str| {
        let headers = [
            ("Host", authority.as_str()),
            ("Origin", "null"),
            ("Sec-Fetch-Site", site),
        ];
        request(&web, "POST", &format!("{path}draft"), &headers, b"t.0=x").status
    };
    assert_eq!(draft("cross-site"), 403);
    assert_eq!(draft("same-origin"), 204);
    // Saved, and no event: a draft is not an answer.
    assert!(web.recorded().is_some());
    assert_eq!(web.events().next(Some(Duration::ZERO)), None);
}

#[test]
fn an_oversized_body_is_refused() {
    let web = serve();
    let (_, path) = parts(&web);
    let mut body = b"t.0=".to_vec();
    body.resize(2 << 20, b'a');
    let reply = post(&web, &format!("{path}draft"), Some(&origin(&web)), &body);
    assert_eq!(reply.status, 413);
    nothing_happened(&web);
}

#[test]
fn an_unknown_field_is_refused() {
    let web = serve();
    let (_, path) = parts(&web);
    let reply = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"q.0=7",
    );
    assert_eq!(reply.status, 400);
    nothing_happened(&web);
}

#[test]
fn one_answer_is_accepted() {
    let web = serve();
    let (_, path) = parts(&web);
    let reply = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"q.0=1",
    );
    assert_eq!(reply.status, 200);
    let Some(PageEvent::Submitted(result)) = web.events().next(Some(Duration::ZERO)) else {
        panic!("no answer");
    };
    assert_eq!(result.details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(result.details["answeredIn"], "web");
    let again = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"q.0=0",
    );
    assert_eq!(again.status, 410);
    assert_eq!(web.events().next(Some(Duration::from_millis(50))), None);
    // The terminal ending afterwards gets the page's answer: the first answer wins.
    assert_eq!(web.close(Closed::AnsweredInTerminal), Some(result));
}

#[test]
fn a_closed_page_says_so_and_accepts_nothing() {
    let web = serve();
    let (_, path) = parts(&web);
    assert_eq!(web.close(Closed::AnsweredInTerminal), None);
    let state = get(&web, &format!("{path}state"));
    assert!(state.body.contains("\"open\":false"), "{}", state.body);
    assert!(
        state.body.contains("Answered in the terminal"),
        "{}",
        state.body
    );
    let reply = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"q.0=0",
    );
    assert_eq!(reply.status, 410);
    assert_eq!(web.events().next(Some(Duration::ZERO)), None);
}

#[test]
fn a_submit_with_unanswered_questions_shows_the_review_first() {
    let web = serve();
    let (_, path) = parts(&web);
    let reply = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"n.0=later",
    );
    assert_eq!(reply.status, 200);
    assert!(reply.body.contains("Review your answers"), "{}", reply.body);
    assert!(reply.body.contains("name=\"confirm\""));
    assert!(reply.body.contains(">later</textarea>"));
    assert_eq!(web.events().next(Some(Duration::from_millis(50))), None);
    let reply = post(
        &web,
        &format!("{path}answer"),
        Some(&origin(&web)),
        b"n.0=later&confirm=1",
    );
    assert_eq!(reply.status, 200);
    let Some(PageEvent::Submitted(result)) = web.events().next(Some(Duration::ZERO)) else {
        panic!("no answer");
    };
    assert_eq!(result.details["answers"]["db"]["status"], "skipped");
    assert_eq!(result.details["answers"]["db"]["note"], "later");
}

#[test]
fn addresses_read_as_the_cli_takes_them() {
    assert_eq!("lan".parse::<Bind>(), Ok(Bind::Lan));
    assert_eq!(
        "127.0.0.1:8080".parse::<Bind>(),
        Ok(Bind::At("127.0.0.1:8080".parse().unwrap()))
    );
    assert_eq!(
        "::1".parse::<Bind>(),
        Ok(Bind::At("[::1]:0".parse().unwrap()))
    );
    for bad in ["0.0.0.0", "[::]:80", "somewhere", "127.0.0.1:99999"] {
        assert!(bad.parse::<Bind>().is_err(), "{bad}");
    }
}

#[test]
fn refusals_carry_the_strict_headers_too() {
    let web = serve();
    let (authority, path) = parts(&web);
    let port = authority.split(':').nth(1).unwrap();
    let refusals = [
        get(&web, "/nope"),
        request(
            &web,
            "GET",
            &path,
            &[("Host", &format!("evil.example:{port}"))],
            b"",
        ),
        post(&web, &format!("{path}answer"), None, b"q.0=0"),
    ];
    for reply in refusals {
        for header in [
            "cache-control: no-store",
            "referrer-policy: same-origin",
            "content-security-policy: default-src 'none'",
        ] {
            assert!(reply.head.contains(header), "{header}:\n{}", reply.head);
        }
    }
}

#[test]
fn connections_beyond_the_limit_wait_until_one_closes() {
    let web = serve();
    let (authority, path) = parts(&web);
    // Every permit held by a connection that sends nothing.
    let mut idle: Vec<TcpStream> = (0..ask_user_question_web::MAX_CONNECTIONS)
        .map(|_| TcpStream::connect(&authority).unwrap())
        .collect();
    let mut waiting = TcpStream::connect(&authority).unwrap();
    let text = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    waiting.write_all(text.as_bytes()).unwrap();
    waiting
        .set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    let mut reply = Vec::new();
    let early = waiting.read_to_end(&mut reply);
    assert!(
        early.is_err() && reply.is_empty(),
        "served beyond the limit"
    );
    // One closes: the waiting connection is served.
    drop(idle.pop());
    waiting
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    waiting.read_to_end(&mut reply).unwrap();
    assert!(
        reply.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&reply)
    );
}

#[test]
fn connections_that_never_finish_a_request_are_closed() {
    let web = serve();
    let (authority, path) = parts(&web);
    // Every permit held by a connection that starts a request and never finishes it (a
    // slowloris), as anyone who can reach the port could, without the link.
    let idle: Vec<TcpStream> = (0..ask_user_question_web::MAX_CONNECTIONS)
        .map(|_| {
            let mut stream = TcpStream::connect(&authority).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\nHo").unwrap();
            stream
        })
        .collect();
    // They are closed after the time a request's head may take, and the page is served.
    let mut waiting = TcpStream::connect(&authority).unwrap();
    let text = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    waiting.write_all(text.as_bytes()).unwrap();
    waiting
        .set_read_timeout(Some(
            ask_user_question_web::HEAD_TIMEOUT + Duration::from_secs(30),
        ))
        .unwrap();
    let mut reply = Vec::new();
    let _ = waiting.read_to_end(&mut reply);
    assert!(
        reply.starts_with(b"HTTP/1.1 200"),
        "not served while unfinished requests hold every connection: {}",
        String::from_utf8_lossy(&reply)
    );
    for mut stream in idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut rest = Vec::new();
        // Closed: the end of the stream (after a 408, if any) or a reset.
        let _ = stream.read_to_end(&mut rest);
    }
}

#[test]
fn the_server_is_gone_with_its_questionnaire() {
    let web = serve();
    let (authority, path) = parts(&web);
    let mut open = TcpStream::connect(&authority).unwrap();
    open.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    drop(web);
    // The connection that was open is ended, and no new one is taken.
    let text = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\n\r\n");
    let _ = open.write_all(text.as_bytes());
    let mut reply = Vec::new();
    let _ = open.read_to_end(&mut reply);
    assert!(reply.is_empty(), "{}", String::from_utf8_lossy(&reply));
    assert!(TcpStream::connect(&authority).is_err());
}
