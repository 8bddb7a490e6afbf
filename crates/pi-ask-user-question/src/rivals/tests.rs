//! The race as pi meets it: a real page answered over HTTP as its own form posts, a real store
//! answered as the inbox answers, against a session driven by pi's keys and against the dialogs.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::Instant;

use ask_user_question_store::{Store, host::Joined};
use questionnaire::HeightLimit;
use serde_json::json;

use super::*;
use crate::dialogs::Dialogs;
use crate::outcome::Closed;
use crate::session::Session;
use crate::test_support::plan;

/// Fast picked, "Ada" as the name, submitted.
const FAST_AND_ADA: &str = "q.0=1&t.1=Ada&action=submit";

fn with_page() -> Race {
    Rivals::new(
        plan(),
        Some(RivalOptions {
            web: Some("local".into()),
            ..RivalOptions::default()
        }),
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .race()
}

fn session(race: Race) -> Session {
    Session::open_with(
        &plan(),
        tea::Palette::dark(),
        Default::default(),
        (None, Some(race)),
        (None, HeightLimit::default()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn dialogs(race: Race) -> Dialogs {
    let questionnaire = question::validate(&plan()).unwrap_or_else(|e| panic!("{e:?}"));
    Dialogs::with_limit(question::Dialogs::new(questionnaire), None).racing(race)
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

fn post(race: &Race, path: &str, body: &str) -> u16 {
    let url = race.url().expect("a page");
    http(&url, "POST", path, body)
        .expect("the server answers")
        .0
}

/// What `look` finds once it finds something: answers come from other threads, so this waits
/// for them (without any limit on how fast that must be).
fn eventually<T>(mut look: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(found) = look() {
            return found;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "nothing came");
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Ticks `session` as pi does when woken, until it finishes.
fn ticked_until_finished(session: &mut Session) -> Closed {
    eventually(|| session.tick())
}

fn next_until_ended(dialogs: &mut Dialogs) -> Closed {
    eventually(|| dialogs.next().result)
}

#[test]
fn a_bad_address_or_input_is_an_error_saying_what_was_expected() {
    let error = check_web_address("nowhere".into()).expect_err("refused");
    assert!(error.reason.contains("expected `lan`"), "{}", error.reason);
    check_web_address("lan".into()).expect("lan");
    check_web_address("127.0.0.1:0".into()).expect("an address");
    let web = |address: &str| RivalOptions {
        web: Some(address.into()),
        ..RivalOptions::default()
    };
    let invalid = Rivals::new(json!({"questions": []}), Some(web("local")));
    assert!(
        invalid
            .err()
            .expect("refused")
            .reason
            .contains("/questions")
    );
    let unserved = Rivals::new(plan(), Some(web("0.0.0.0")));
    assert!(unserved.err().expect("refused").reason.contains("0.0.0.0"));
    let nothing = Rivals::new(plan(), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(nothing.url(), None, "no page unless asked");
}

#[test]
fn the_questionnaire_shows_the_link_and_the_page_serves_until_stopped() {
    let rivals = Rivals::new(
        plan(),
        Some(RivalOptions {
            web: Some("local".into()),
            ..RivalOptions::default()
        }),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let url = rivals.url().expect("a page");
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    let mut s = session(rivals.race());
    let rows = s.render(200, 30).join("\n");
    assert!(rows.contains(&url), "{rows}");
    let (status, body) = http(&url, "GET", "", "").expect("served");
    assert_eq!(status, 200);
    assert!(body.contains("Which approach?"));
    rivals.stop();
    assert_eq!(
        http(&url, "GET", "", ""),
        None,
        "nothing answers once stopped"
    );
}

#[test]
fn the_pages_answer_ends_the_session_keeping_what_pi_typed_as_drafts() {
    let race = with_page();
    let mut s = session(race.clone());
    s.input("2".into());
    s.input("Half a na".into());
    assert_eq!(post(&race, "answer", FAST_AND_ADA), 200);
    let closed = ticked_until_finished(&mut s);
    let details = &closed.details;
    assert_eq!(details["answeredIn"], "web");
    assert_eq!(details["answers"]["approach"]["values"], json!(["fast"]));
    assert_eq!(details["answers"]["name"]["customText"], "Ada");
    assert_eq!(details["answers"]["name"]["draft"]["text"], "Half a na");
    assert_eq!(
        s.input("1".into()).result,
        Some(closed),
        "a later key changes nothing"
    );
}

#[test]
fn the_pages_answer_that_came_first_wins_over_pis_later_submit() {
    let race = with_page();
    let mut s = session(race.clone());
    s.input("1".into());
    assert_eq!(post(&race, "answer", FAST_AND_ADA), 200);
    // pi's submit comes before or after the page's answer arrived: the page's wins either way.
    s.input("Bob\r".into());
    let closed = match s.input("\r".into()).result {
        Some(closed) => closed,
        None => ticked_until_finished(&mut s),
    };
    assert_eq!(closed.details["answeredIn"], "web");
    assert_eq!(closed.details["answers"]["name"]["customText"], "Ada");
    assert_eq!(s.result(), closed);
}

#[test]
fn the_pages_cancel_keeps_pis_answers_and_both_sides_typed_text() {
    let race = with_page();
    let mut s = session(race.clone());
    s.input("2".into());
    s.input("Half".into());
    let typed = "n.0=typed+on+the+phone&t.1=Other";
    assert_eq!(
        post(&race, "answer", &format!("{typed}&action=cancel")),
        200
    );
    let closed = ticked_until_finished(&mut s);
    assert_eq!(closed.outcome, crate::Outcome::Cancelled);
    let details = &closed.details;
    assert_eq!(details["answeredIn"], "web");
    assert_eq!(details["answers"]["approach"]["values"], json!(["fast"]));
    assert_eq!(
        details["answers"]["approach"]["draft"]["note"],
        "typed on the phone"
    );
    assert_eq!(
        details["answers"]["name"]["draft"]["text"], "Half\nOther",
        "both texts, pi's first"
    );
}

#[test]
fn pis_side_first_closes_the_page_and_keeps_its_drafts() {
    let race = with_page();
    let mut s = session(race.clone());
    assert_eq!(post(&race, "draft", "n.0=mine&t.1=Ada"), 204);
    s.input("1".into());
    s.input("Ada\r".into());
    let closed = s.input("\r".into()).result.expect("submitted");
    let details = &closed.details;
    assert_eq!(details["answeredIn"], "terminal");
    assert_eq!(
        details["answers"]["name"].get("draft"),
        None,
        "the answer holds it"
    );
    assert_eq!(details["answers"]["approach"]["draft"]["note"], "mine");
    assert_eq!(
        post(&race, "answer", FAST_AND_ADA),
        410,
        "the page's late answer is refused"
    );
}

#[test]
fn an_abort_keeps_the_pages_drafts_and_was_answered_nowhere() {
    let race = with_page();
    let mut s = session(race.clone());
    assert_eq!(post(&race, "draft", "t.1=typed+on+the+phone"), 204);
    let closed = s.abort();
    assert_eq!(closed.details["error"], "aborted");
    assert_eq!(closed.details.get("answeredIn"), None);
    assert_eq!(
        closed.details["answers"]["name"]["draft"]["text"],
        "typed on the phone"
    );
}

#[test]
fn the_pages_answer_ends_the_dialogs_and_a_late_reply_changes_nothing() {
    let race = with_page();
    let mut d = dialogs(race.clone());
    let open = d.next();
    assert_eq!(post(&race, "answer", FAST_AND_ADA), 200);
    let closed = next_until_ended(&mut d);
    assert_eq!(closed.details["answeredIn"], "web");
    d.answer(open.options.expect("a select").first().cloned());
    assert_eq!(d.next().result, Some(closed.clone()));
    assert_eq!(d.abort(), closed);
}

#[test]
fn the_pages_cancel_ends_the_dialogs_with_the_replies_and_the_pages_drafts() {
    let race = with_page();
    let mut d = dialogs(race.clone());
    let pick = d.next().options.expect("a select")[1].clone();
    d.answer(Some(pick));
    assert_eq!(
        post(&race, "answer", "t.1=typed+on+the+phone&action=cancel"),
        200
    );
    let closed = next_until_ended(&mut d);
    assert_eq!(closed.details["answeredIn"], "web");
    assert_eq!(
        closed.details["answers"]["approach"]["values"],
        json!(["fast"])
    );
    assert_eq!(
        closed.details["answers"]["name"]["draft"]["text"],
        "typed on the phone"
    );
}

#[test]
fn the_replies_first_keep_the_pages_drafts() {
    let race = with_page();
    let mut d = dialogs(race.clone());
    assert_eq!(post(&race, "draft", "n.0=mine"), 204);
    let pick = d.next().options.expect("a select")[1].clone();
    d.answer(Some(pick));
    d.next();
    d.answer(Some("Ada".into()));
    let closed = d.next().result.expect("ended");
    assert_eq!(closed.details["answeredIn"], "terminal");
    assert_eq!(
        closed.details["answers"]["approach"]["draft"]["note"],
        "mine"
    );
    assert_eq!(closed.details["answers"]["name"]["customText"], "Ada");
}

/// The folder a call is asked in, as the inbox lists it.
fn project() -> String {
    std::env::temp_dir().join("shop").display().to_string()
}

/// A store of its own in a fresh folder, removed when dropped.
struct TempStore(PathBuf);

impl TempStore {
    fn new(name: &str) -> TempStore {
        let folder = std::env::temp_dir().join(format!("pi-rivals-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        TempStore(folder.join("inbox.sqlite3"))
    }

    fn open(&self) -> Store {
        Store::open(&self.0).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The call's questions posted by pi, as `Rivals` posts them when a call joins.
    fn joined(&self) -> (Race, ask_user_question_store::Id) {
        let inbox = Joined::new(self.open(), "pi".into())
            .post(&plan(), &project())
            .unwrap_or_else(|e| panic!("{e}"));
        let id = inbox.id();
        (Race::start(None, Some(inbox), Vec::new()), id)
    }
}

impl TempStore {
    /// What the store keeps of what was typed for questionnaire `id`, once it keeps any.
    fn saved(&self, id: ask_user_question_store::Id) -> Option<Value> {
        let opened = self.open().open_questionnaire(id);
        opened
            .unwrap_or_else(|e| panic!("{e}"))
            .and_then(|q| q.saved)
    }
}

/// Fast picked and "Half" typed as the name, as the store keeps them.
fn assert_fast_and_half(saved: &Value) {
    assert_eq!(
        saved["answers"]["approach"]["picks"],
        json!(["fast"]),
        "{saved}"
    );
    assert_eq!(saved["drafts"]["name"]["text"], "Half", "{saved}");
}

impl Drop for TempStore {
    fn drop(&mut self) {
        if let Some(folder) = self.0.parent() {
            let _ = std::fs::remove_dir_all(folder);
        }
    }
}

#[test]
fn the_inboxs_answer_ends_the_session() {
    let store = TempStore::new("answer");
    let (race, id) = store.joined();
    let mut s = session(race);
    s.input("1".into());
    let inbox = question::ToolResult {
        content: "from the inbox".into(),
        details: json!({"answers": {"approach": {"values": ["safe"]}}, "cancelled": false}),
    };
    store
        .open()
        .settle(id, "inbox", &inbox)
        .unwrap_or_else(|e| panic!("{e}"));
    let closed = ticked_until_finished(&mut s);
    assert_eq!(closed.content, "from the inbox");
    assert_eq!(closed.details["answeredIn"], "inbox");
}

#[test]
fn pis_answer_first_is_the_one_the_store_keeps() {
    let store = TempStore::new("pi-first");
    let (race, id) = store.joined();
    let mut s = session(race);
    s.input("2".into());
    s.input("Ada\r".into());
    let closed = s.input("\r".into()).result.expect("submitted");
    assert_eq!(closed.details["answers"]["name"]["customText"], "Ada");
    match store.open().outcome(id).unwrap_or_else(|e| panic!("{e}")) {
        ask_user_question_store::Outcome::Settled { surface, result } => {
            assert_eq!(surface, "pi");
            assert_eq!(result.map(|r| r.content), Some(closed.content));
        }
        other => panic!("not settled: {other:?}"),
    }
}

#[test]
fn an_abort_leaves_the_inboxs_list_with_what_was_typed() {
    let store = TempStore::new("abort");
    let (race, id) = store.joined();
    let mut s = session(race);
    s.input("2".into());
    s.input("Half".into());
    s.abort();
    match store.open().outcome(id).unwrap_or_else(|e| panic!("{e}")) {
        ask_user_question_store::Outcome::Ended { why } => assert_eq!(why, "pi stopped waiting"),
        other => panic!("not ended: {other:?}"),
    }
    let saved = store.saved(id).expect("what was typed is kept");
    assert_fast_and_half(&saved);
}

#[test]
fn what_is_typed_reaches_the_store_soon_after_the_keys() {
    let store = TempStore::new("typed");
    let (race, id) = store.joined();
    let mut s = session(race);
    s.input("2".into());
    s.input("Half".into());
    // The alarm rings for the save a moment after the keys; pi then ticks the session.
    std::thread::sleep(SAVE_EVERY + Duration::from_millis(50));
    assert_eq!(s.tick(), None);
    let saved = eventually(|| store.saved(id));
    assert_fast_and_half(&saved);
}

#[test]
fn the_inboxs_answer_closes_the_page_saying_so() {
    let store = TempStore::new("page-and-inbox");
    let inbox = Joined::new(store.open(), "pi".into())
        .post(&plan(), &project())
        .unwrap_or_else(|e| panic!("{e}"));
    let id = inbox.id();
    let questionnaire = question::validate(&plan()).unwrap_or_else(|e| panic!("{e:?}"));
    let page = WebServer::start(questionnaire, Bind::Local, None).unwrap_or_else(|e| panic!("{e}"));
    let race = Race::start(Some(page), Some(inbox), Vec::new());
    let mut s = session(race.clone());
    let answer = question::ToolResult {
        content: "from the inbox".into(),
        details: json!({"answers": {"approach": {"values": ["safe"]}}, "cancelled": false}),
    };
    store
        .open()
        .settle(id, "inbox", &answer)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ticked_until_finished(&mut s).content, "from the inbox");
    let url = race.url().expect("a page");
    let (status, body) = http(&url, "GET", "", "").expect("still served until the call ends");
    assert_eq!(status, 410, "closed");
    assert!(body.contains("Answered in the inbox"), "{body}");
    assert_eq!(
        post(&race, "answer", FAST_AND_ADA),
        410,
        "the page takes nothing more"
    );
}
