//! The terminal inbox with its web page (`--web`) through tea's headless driver, the page
//! served for real over the same scratch store: Ctrl+R's QR code (decoded as a camera would),
//! the link of an opened questionnaire's own page, and the page's answer reaching the
//! terminal inbox, named as the page's.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ask_user_question_store::{Outcome, now_ms};
use ask_user_question_web::Bind;
use serde_json::json;
use tea::driver::Driver;
use tea::{Palette, Size};

use super::Inbox;
use super::tests::{InboxDriver, Scratch, driver, home, input, keys, poll, post, screen};
use super::web::{self, Served};

/// The page over `scratch`'s store, and the terminal inbox knowing it.
fn served(scratch: &Scratch, size: Size) -> (Served, InboxDriver) {
    let web = web::start(&scratch.path(), Bind::Local, Some(&home())).unwrap();
    let store = scratch.store();
    let listed = store.list().unwrap();
    let inbox = Inbox::new(store, std::process::id())
        .with_home(Some(&home()))
        .with_web(web.link())
        .listing(&listed, now_ms());
    (web, Driver::new(inbox, size, Palette::no_color()))
}

/// The modules a camera sees in the half blocks of `rows` (no colors: the blocks, in the
/// text's colour on a dark background, are the light modules), then decoded.
fn decode(rows: &[String]) -> Option<String> {
    let mut dark = Vec::new();
    for row in rows {
        let (mut top, mut bottom) = (Vec::new(), Vec::new());
        for cell in row.chars() {
            let (t, b) = match cell {
                '█' => (true, true),
                '▀' => (true, false),
                '▄' => (false, true),
                _ => (false, false),
            };
            top.push(!t);
            bottom.push(!b);
        }
        dark.push(top);
        dark.push(bottom);
    }
    const SCALE: usize = 4;
    let width = dark.iter().map(Vec::len).max()?;
    let height = dark.len();
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width * SCALE, height * SCALE, |x, y| {
            let on = dark[y / SCALE].get(x / SCALE).copied().unwrap_or(false);
            if on { 0 } else { 255 }
        });
    let grids = image.detect_grids();
    let (_, text) = grids.first()?.decode().ok()?;
    Some(text)
}

#[test]
fn ctrl_r_shows_the_pages_link_as_a_qr_code_and_any_key_closes_it() {
    let scratch = Scratch::new("qr");
    post(&scratch.store(), &input("Pick a database"));
    let (web, mut driver) = served(&scratch, Size::new(80, 30));
    assert!(
        screen(&mut driver).contains("ctrl+r QR code"),
        "{}",
        screen(&mut driver)
    );
    keys(&mut driver, "ctrl+r");
    assert!(driver.program().qr_open());
    let shown = driver.frame().plain();
    let text = shown.join("\n");
    assert!(text.contains("any key closes"), "{text}");
    assert!(text.contains(web.url()), "the link under the code: {text}");
    // The rows of blocks only: the link and the hint under them are no modules.
    let blocks: Vec<String> = shown
        .iter()
        .take_while(|row| !row.contains("http"))
        .cloned()
        .collect();
    assert_eq!(decode(&blocks).as_deref(), Some(web.url()));
    keys(&mut driver, "x");
    assert!(!driver.program().qr_open());
    assert!(screen(&mut driver).contains("Pick a database"));
}

#[test]
fn without_the_page_ctrl_r_does_nothing() {
    let scratch = Scratch::new("no-qr");
    post(&scratch.store(), &input("Pick a database"));
    let mut driver = driver(&scratch, Size::new(80, 24));
    assert!(!screen(&mut driver).contains("QR code"));
    keys(&mut driver, "ctrl+r");
    assert!(!driver.program().qr_open());
}

#[test]
fn a_questionnaire_opened_shows_the_link_to_its_own_page() {
    let scratch = Scratch::new("own-link");
    let id = post(&scratch.store(), &input("Pick a database"));
    let (web, mut driver) = served(&scratch, Size::new(120, 30));
    keys(&mut driver, "enter");
    let app = driver.program().open_app().expect("open");
    assert_eq!(
        app.web_link(),
        Some(format!("{}q/{id}/", web.url()).as_str())
    );
}

/// Submits `body` to questionnaire `id`'s page as the page's own form would.
fn submit(web: &Served, id: i64, body: &str) -> u16 {
    let rest = web.url().strip_prefix("http://").unwrap();
    let (authority, token) = rest.split_once('/').unwrap();
    let mut stream = TcpStream::connect(authority).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let request = format!(
        "POST /{token}q/{id}/answer HTTP/1.1\r\nHost: {authority}\r\nOrigin: http://{authority}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    reply
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or(0)
}

#[test]
fn answered_on_the_page_while_open_here_it_closes_saying_so() {
    let scratch = Scratch::new("page-answer");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let (web, mut driver) = served(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter down");
    assert_eq!(submit(&web, id, "q.0=1&t.1=billing&action=submit"), 303);
    let Outcome::Settled { surface, result } = store.outcome(id).unwrap() else {
        panic!("not settled")
    };
    assert_eq!(surface, "inbox");
    let details = result.unwrap().details;
    assert_eq!(details["answeredIn"], "inbox");
    assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
    assert_eq!(details["answers"]["name"]["customText"], "billing");
    poll(&mut driver);
    assert_eq!(driver.program().open_id(), None);
    assert_eq!(
        driver.program().notice(),
        Some("Pick a database: answered on the inbox's web page")
    );
    // The page's answer won: a late one here is told where the first came from.
    assert!(screen(&mut driver).contains("No questionnaires waiting"));
}

#[test]
fn answered_here_first_the_pages_answer_is_told_so() {
    let scratch = Scratch::new("tui-first");
    let store = scratch.store();
    let id = post(&store, &input("Pick a database"));
    let (web, mut driver) = served(&scratch, Size::new(80, 24));
    keys(&mut driver, "enter down enter text:ana enter enter");
    assert_eq!(driver.program().notice(), Some("Answered: Pick a database"));
    // The page, opened before, submits now: back to the list, which says where the first
    // answer came from; that answer stands.
    assert_eq!(submit(&web, id, "q.0=0&t.1=x&action=submit"), 303);
    let Outcome::Settled { result, .. } = store.outcome(id).unwrap() else {
        panic!("not settled")
    };
    assert_eq!(
        result.unwrap().details["answers"]["name"]["customText"],
        "ana"
    );
}
