//! The inbox's page over real HTTP, on a store kept in memory: the list and its JSON, a
//! questionnaire opened with its drafts, answered (offered to the store as the inbox's) or
//! cancelled (its typing kept, the host still waiting), and every refusal the questionnaire's
//! page makes (token, Host, Origin, size), each changing nothing.

mod support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use ask_user_question_web::Bind;
use ask_user_question_web::inbox::{Entry, Id, InboxServer, Opened, Settled, Source, Status};
use question::ToolResult;
use serde_json::{Value, json};
use support::{get, origin, parts, post, request};

/// A questionnaire in the memory store.
#[derive(Clone)]
struct Held {
    id: Id,
    title: String,
    input: Value,
    saved: Option<Value>,
    secret: bool,
    status: Status,
}

/// The store in memory, with every answer offered to it.
#[derive(Clone, Default)]
struct Memory {
    held: Arc<Mutex<Vec<Held>>>,
    settled: Arc<Mutex<Vec<(Id, ToolResult)>>>,
}

impl Memory {
    fn with(held: Vec<Held>) -> Memory {
        let memory = Memory::default();
        *memory.held.lock().unwrap() = held;
        memory
    }

    fn get(&self, id: Id) -> Held {
        let held = self.held.lock().unwrap();
        held.iter().find(|h| h.id == id).cloned().unwrap()
    }

    fn set_status(&self, id: Id, status: Status) {
        let mut held = self.held.lock().unwrap();
        held.iter_mut().find(|h| h.id == id).unwrap().status = status;
    }

    fn settled(&self) -> Vec<(Id, ToolResult)> {
        self.settled.lock().unwrap().clone()
    }
}

impl Source for Memory {
    fn list(&self) -> Result<Vec<Entry>, String> {
        let held = self.held.lock().unwrap();
        Ok(held
            .iter()
            .filter(|h| h.status == Status::Waiting)
            .map(|h| Entry {
                id: h.id,
                host: "Codex".into(),
                project: "~/src/billing".into(),
                title: h.title.clone(),
                questions: h.input["questions"].as_array().map_or(0, Vec::len),
                secret: h.secret,
                waited: "12 s".into(),
                ended: None,
            })
            .collect())
    }

    fn open(&self, id: Id) -> Result<Option<Opened>, String> {
        let held = self.held.lock().unwrap();
        Ok(held.iter().find(|h| h.id == id).map(|h| Opened {
            title: h.title.clone(),
            input: h.input.clone(),
            saved: h.saved.clone(),
            secret: h.secret,
            status: h.status.clone(),
        }))
    }

    fn save(&self, id: Id, saved: &Value) -> Result<(), String> {
        let mut held = self.held.lock().unwrap();
        if let Some(h) = held
            .iter_mut()
            .find(|h| h.id == id && h.status == Status::Waiting)
        {
            h.saved = Some(saved.clone());
        }
        Ok(())
    }

    fn settle(&self, id: Id, result: &ToolResult) -> Result<Settled, String> {
        let mut held = self.held.lock().unwrap();
        let h = held.iter_mut().find(|h| h.id == id).unwrap();
        if let Status::Over(why) = &h.status {
            return Ok(Settled::Lost(format!("{why} first")));
        }
        h.status = Status::Over(format!("{}: answered in another inbox", h.title));
        self.settled.lock().unwrap().push((id, result.clone()));
        Ok(Settled::Won)
    }

    fn status(&self, id: Id) -> Result<Status, String> {
        Ok(self.get(id).status)
    }
}

fn plan() -> Value {
    json!({"title": "Pick a database", "questions": [
        {"id": "db", "header": "DB", "prompt": "Which?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]})
}

fn held(id: Id, title: &str) -> Held {
    Held {
        id,
        title: title.into(),
        input: plan(),
        saved: None,
        secret: false,
        status: Status::Waiting,
    }
}

/// The memory store with questionnaire 1 (open) and 2 (a secret one), served.
fn serve() -> (Memory, InboxServer) {
    let mut secret = held(2, "Token");
    secret.secret = true;
    secret.input = json!({"questions": [
        {"id": "key", "header": "Key", "prompt": "Key?", "type": "text", "isSecret": true}]});
    let memory = Memory::with(vec![held(1, "Pick a database"), secret]);
    let server = InboxServer::start(memory.clone(), Bind::Local).unwrap();
    (memory, server)
}

/// Nothing was saved or answered.
fn nothing_happened(memory: &Memory) {
    assert_eq!(memory.get(1).saved, None);
    assert_eq!(memory.get(1).status, Status::Waiting);
    assert!(memory.settled().is_empty());
}

const STRICT: [&str; 5] = [
    "cache-control: no-store",
    "referrer-policy: same-origin",
    "content-security-policy: default-src 'none'; script-src 'self'",
    "x-content-type-options: nosniff",
    "x-frame-options: deny",
];

#[test]
fn the_list_shows_every_waiting_questionnaire_and_follows_the_store() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let list = get(&server, &path);
    assert_eq!(list.status, 200);
    assert!(list.body.contains("<title>Inbox · 2 waiting</title>"));
    assert!(list.body.contains("<a href=\"q/1/\">"), "{}", list.body);
    assert!(list.body.contains("2 questions · 12 s"));
    assert!(!list.body.contains("q/2/"), "a secret one is not a link");
    assert!(list.body.contains("answer it where it was asked"));
    let rows = get(&server, &format!("{path}list"));
    assert_eq!(rows.header("content-type"), Some("application/json"));
    let rows: Value = serde_json::from_str(&rows.body).unwrap();
    assert_eq!(rows["rows"][0]["kind"], "open");
    assert_eq!(rows["rows"][1]["kind"], "secret");
    memory.held.lock().unwrap().push(held(3, "New one"));
    memory.set_status(1, Status::Over("answered in the terminal".into()));
    let rows: Value = serde_json::from_str(&get(&server, &format!("{path}list")).body).unwrap();
    let ids: Vec<_> = rows["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(ids, [json!(2), json!(3)]);
    assert_eq!(rows["count"], "2 waiting");
}

#[test]
fn every_response_is_no_store_with_the_strict_headers() {
    let (_, server) = serve();
    let (_, path) = parts(&server);
    let replies = [
        get(&server, &path),
        get(&server, &format!("{path}list")),
        get(&server, &format!("{path}q/1/")),
        get(&server, &format!("{path}q/1/state")),
        get(&server, &format!("{path}inbox.js")),
        get(&server, "/nope"),
        request(&server, "GET", &path, &[("Host", "evil.example")], b""),
        post(&server, &format!("{path}q/1/answer"), None, b"q.0=0"),
    ];
    for reply in replies {
        for header in STRICT {
            assert!(reply.head.contains(header), "{header}:\n{}", reply.head);
        }
    }
}

#[test]
fn a_questionnaire_opens_with_its_drafts_and_its_typing_is_saved() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    memory.held.lock().unwrap()[0].saved = Some(json!({
        "answers": {"db": {"picks": ["lite"]}}, "drafts": {"name": {"text": "bill"}}}));
    let page = get(&server, &format!("{path}q/1/"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("value=\"1\" checked"), "{}", page.body);
    assert!(page.body.contains(">bill</textarea>"), "{}", page.body);
    assert!(
        page.body.contains("<a href=\"../../\">"),
        "the way back to the list"
    );
    for asset in ["page.css", "page.js"] {
        assert_eq!(get(&server, &format!("{path}q/1/{asset}")).status, 200);
    }
    let draft = post(
        &server,
        &format!("{path}q/1/draft"),
        Some(&origin(&server)),
        b"q.0=0&t.1=billing",
    );
    assert_eq!(draft.status, 204);
    let saved = memory.get(1).saved.unwrap();
    assert_eq!(saved["answers"]["db"]["picks"], json!(["pg"]));
    assert_eq!(saved["answers"]["name"]["text"], "billing");
    assert!(memory.settled().is_empty(), "a draft is not an answer");
    let state: Value =
        serde_json::from_str(&get(&server, &format!("{path}q/1/state")).body).unwrap();
    assert_eq!(state["open"], true);
}

#[test]
fn a_submit_is_the_inboxs_answer_and_the_list_says_so() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=1&t.1=billing&action=submit",
    );
    assert_eq!(reply.status, 303);
    let to = reply.header("location").unwrap().to_string();
    assert!(to.starts_with(&format!("{path}?notice=")), "{to}");
    let settled = memory.settled();
    assert_eq!(settled.len(), 1);
    let details = &settled[0].1.details;
    assert_eq!(details["answeredIn"], "inbox");
    assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(details["answers"]["name"]["customText"], "billing");
    let list = get(&server, &to);
    assert!(
        list.body.contains("Answered: Pick a database"),
        "{}",
        list.body
    );
    // A second answer finds it answered: the list says where, the first answer stands.
    let again = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=0&t.1=x",
    );
    assert_eq!(again.status, 303);
    let list = get(&server, again.header("location").unwrap());
    assert!(
        list.body
            .contains("Pick a database: answered in another inbox first"),
        "{}",
        list.body
    );
    assert_eq!(memory.settled().len(), 1);
    // Its page, opened now, says so too.
    let page = get(&server, &format!("{path}q/1/"));
    assert_eq!(page.status, 410);
    assert!(
        page.body.contains("answered in another inbox"),
        "{}",
        page.body
    );
    let state: Value =
        serde_json::from_str(&get(&server, &format!("{path}q/1/state")).body).unwrap();
    assert_eq!(state["open"], false);
}

#[test]
fn answered_elsewhere_first_the_list_says_where() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    // Open on the page, then answered in the terminal before the page's submit arrives.
    let answerable = get(&server, &format!("{path}q/1/"));
    assert_eq!(answerable.status, 200);
    memory.set_status(1, Status::Over("answered in the terminal".into()));
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=1&t.1=x",
    );
    assert_eq!(reply.status, 303);
    let list = get(&server, reply.header("location").unwrap());
    assert!(
        list.body.contains("answered in the terminal first"),
        "{}",
        list.body
    );
    assert!(memory.settled().is_empty());
    // A cancel then says the same, and keeps nothing (no host is waiting for it).
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"t.1=late&action=cancel",
    );
    let list = get(&server, reply.header("location").unwrap());
    assert!(
        list.body.contains("answered in the terminal"),
        "{}",
        list.body
    );
    assert_eq!(memory.get(1).saved, None);
}

#[test]
fn cancel_goes_back_to_the_list_keeping_what_was_typed() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=1&t.1=half&action=cancel",
    );
    assert_eq!(reply.status, 303);
    let list = get(&server, reply.header("location").unwrap());
    assert!(
        list.body.contains("Kept for later: Pick a database"),
        "{}",
        list.body
    );
    assert_eq!(memory.get(1).status, Status::Waiting);
    assert!(memory.settled().is_empty());
    let saved = memory.get(1).saved.unwrap();
    assert_eq!(saved["answers"]["name"]["text"], "half");
}

#[test]
fn a_submit_with_unanswered_questions_shows_the_review_first() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=1",
    );
    assert_eq!(reply.status, 200);
    assert!(reply.body.contains("Review your answers"), "{}", reply.body);
    assert!(memory.settled().is_empty());
    let reply = post(
        &server,
        &format!("{path}q/1/answer"),
        Some(&origin(&server)),
        b"q.0=1&confirm=1",
    );
    assert_eq!(reply.status, 303);
    assert_eq!(
        memory.settled()[0].1.details["answers"]["name"]["status"],
        "skipped"
    );
}

#[test]
fn a_secret_questionnaire_is_never_served_here() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let page = get(&server, &format!("{path}q/2/"));
    assert_eq!(page.status, 403);
    assert!(page.body.contains("answer it where it was asked"));
    assert!(!page.body.contains("<form"));
    let reply = post(
        &server,
        &format!("{path}q/2/answer"),
        Some(&origin(&server)),
        b"t.0=hunter2",
    );
    assert_eq!(reply.status, 403);
    let draft = post(
        &server,
        &format!("{path}q/2/draft"),
        Some(&origin(&server)),
        b"t.0=hunter2",
    );
    assert_eq!(draft.status, 403);
    assert_eq!(memory.get(2).saved, None);
    assert!(memory.settled().is_empty());
}

#[test]
fn a_wrong_token_an_unknown_questionnaire_and_every_other_path_is_404() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let token = path.trim_matches('/');
    assert_eq!(token.len(), 32);
    let mut wrong = token.to_string();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    for path in [
        format!("/{wrong}/"),
        format!("/{wrong}/list"),
        format!("/{wrong}/q/1/"),
        format!("/{}/", &token[..31]),
        "/".to_string(),
        format!("/{token}/q/9/"),
        format!("/{token}/q/+1/"),
        format!("/{token}/q/01x/"),
        format!("/{token}/q/1/nope"),
        format!("/{token}/q//"),
        format!("/{token}/nope"),
    ] {
        assert_eq!(get(&server, &path).status, 404, "{path}");
    }
    let reply = post(
        &server,
        &format!("/{wrong}/q/1/answer"),
        Some(&origin(&server)),
        b"q.0=0&t.1=x",
    );
    assert_eq!(reply.status, 404);
    nothing_happened(&memory);
}

#[test]
fn another_host_is_refused() {
    let (memory, server) = serve();
    let (authority, path) = parts(&server);
    let port = authority.split(':').nth(1).unwrap();
    for host in [
        format!("evil.example:{port}"),
        format!("localhost:{port}"),
        String::new(),
    ] {
        for at in [path.clone(), format!("{path}list"), format!("{path}q/1/")] {
            let reply = request(&server, "GET", &at, &[("Host", &host)], b"");
            assert_eq!(reply.status, 403, "{host} {at}");
            assert!(!reply.body.contains("Pick a database"));
        }
    }
    let reply = request(
        &server,
        "POST",
        &format!("{path}q/1/answer"),
        &[("Host", "evil.example"), ("Origin", "http://evil.example")],
        b"q.0=0&t.1=x",
    );
    assert_eq!(reply.status, 403);
    nothing_happened(&memory);
}

#[test]
fn a_cross_origin_post_is_refused() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    for origin in [Some("http://evil.example"), Some("null"), None] {
        let reply = post(
            &server,
            &format!("{path}q/1/answer"),
            origin,
            b"q.0=0&t.1=x",
        );
        assert_eq!(reply.status, 403, "{origin:?}");
        let reply = post(&server, &format!("{path}q/1/draft"), origin, b"t.1=x");
        assert_eq!(reply.status, 403, "{origin:?}");
    }
    nothing_happened(&memory);
}

#[test]
fn an_oversized_body_is_refused() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    let mut body = b"t.1=".to_vec();
    body.resize(ask_user_question_web::MAX_BODY + 1, b'a');
    for what in ["draft", "answer"] {
        let reply = post(
            &server,
            &format!("{path}q/1/{what}"),
            Some(&origin(&server)),
            &body,
        );
        assert_eq!(reply.status, 413, "{what}");
    }
    nothing_happened(&memory);
}

#[test]
fn an_unknown_field_is_refused() {
    let (memory, server) = serve();
    let (_, path) = parts(&server);
    for what in ["draft", "answer"] {
        let reply = post(
            &server,
            &format!("{path}q/1/{what}"),
            Some(&origin(&server)),
            b"q.0=7",
        );
        assert_eq!(reply.status, 400, "{what}");
    }
    nothing_happened(&memory);
}

#[test]
fn connections_beyond_the_limit_wait_until_one_closes() {
    let (_, server) = serve();
    let (authority, path) = parts(&server);
    let mut idle: Vec<TcpStream> = (0..ask_user_question_web::MAX_CONNECTIONS)
        .map(|_| TcpStream::connect(&authority).unwrap())
        .collect();
    let mut waiting = TcpStream::connect(&authority).unwrap();
    let text = format!("GET {path}list HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
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
    drop(idle.pop());
    waiting
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    waiting.read_to_end(&mut reply).unwrap();
    assert!(reply.starts_with(b"HTTP/1.1 200"));
}

#[test]
fn the_link_is_a_128_bit_token_on_127_0_0_1_and_ends_with_the_server() {
    let (_, server) = serve();
    let (authority, _) = parts(&server);
    assert!(authority.starts_with("127.0.0.1:"), "{authority}");
    drop(server);
    assert!(TcpStream::connect(&authority).is_err());
}
