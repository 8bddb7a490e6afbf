//! The page's weight: what a phone downloads to show the demo questionnaire (every feature) —
//! its HTML, stylesheet and script as served — stays within the budget of 50 KB.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;

use ask_user_question_web::{Bind, WebServer};

/// The most the page may weigh, in bytes.
const BUDGET: usize = 50 * 1024;

fn demo() -> question::Questionnaire {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/demo.json");
    let text = std::fs::read_to_string(&path).expect("assets/demo.json");
    question::validate(&serde_json::from_str(&text).expect("demo.json is JSON"))
        .expect("demo.json is valid")
}

/// The body of a GET of `path` (status 200).
fn body(authority: &str, path: &str) -> Vec<u8> {
    let mut stream = TcpStream::connect(authority).unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).unwrap();
    let end = reply
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&reply[..end]);
    assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
    reply[end + 4..].to_vec()
}

#[test]
fn the_demo_page_weighs_under_50_kb() {
    let web = WebServer::start(demo(), Bind::Local, None).unwrap();
    let rest = web.url().strip_prefix("http://").unwrap();
    let (authority, token) = rest.split_once('/').unwrap();
    let html = body(authority, &format!("/{token}")).len();
    let css = body(authority, &format!("/{token}page.css")).len();
    let js = body(authority, &format!("/{token}page.js")).len();
    let total = html + css + js;
    assert!(
        total <= BUDGET,
        "the page weighs {total} bytes (HTML {html}, CSS {css}, JS {js}), over {BUDGET}"
    );
    // Each part is really there.
    assert!(html > 1000 && css > 100 && js > 100, "{html} {css} {js}");
}
