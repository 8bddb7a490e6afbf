//! The page served locally, release build:
//!
//! ```sh
//! cargo bench -p ask-user-question-web --bench page
//! ```
//!
//! Serves `assets/bench/reference.json` (4 questions, 40-line markdown previews with code
//! blocks) on 127.0.0.1 and times a GET of the page with its token, from writing the request to
//! the last byte of the body: [`REQUESTS`] on one keep-alive connection, then [`REQUESTS`] each
//! on a fresh connection (the connect included), as a browser's first visit makes it. The
//! server's own time (its `Server-Timing` header) is reported beside them. Target: under 10 ms.
//! Then the page's weight: its HTML, stylesheet and script, in bytes (budget 50 KB, kept by
//! `tests/weight.rs`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use ask_user_question_web::{Bind, WebServer};

const REQUESTS: usize = 500;

fn reference() -> question::Questionnaire {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/bench/reference.json");
    let text = std::fs::read_to_string(&path).expect("assets/bench/reference.json");
    let value = serde_json::from_str(&text).expect("reference.json is JSON");
    question::validate(&value).expect("reference.json is valid")
}

/// One response read off a connection: its status, the server's time, and the body.
struct Response {
    status: u16,
    server: Duration,
    body: Vec<u8>,
}

/// Sends a GET of `path` and reads its response to the last byte of the body.
fn get(stream: &mut BufReader<TcpStream>, authority: &str, path: &str) -> Response {
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\n\r\n");
    stream
        .get_mut()
        .write_all(request.as_bytes())
        .expect("send");
    let mut line = String::new();
    stream.read_line(&mut line).expect("status line");
    let status = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let (mut length, mut server) = (0, Duration::ZERO);
    loop {
        line.clear();
        stream.read_line(&mut line).expect("a header");
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').expect("name: value");
        let value = value.trim();
        match name.to_ascii_lowercase().as_str() {
            "content-length" => length = value.parse().expect("a length"),
            "server-timing" => {
                let millis: f64 = value
                    .strip_prefix("app;dur=")
                    .and_then(|ms| ms.parse().ok())
                    .expect("app;dur=MS");
                server = Duration::from_secs_f64(millis / 1000.0);
            }
            _ => {}
        }
    }
    let mut body = vec![0; length];
    stream.read_exact(&mut body).expect("the body");
    Response {
        status,
        server,
        body,
    }
}

fn connect(authority: &str) -> BufReader<TcpStream> {
    let stream = TcpStream::connect(authority).expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    BufReader::new(stream)
}

struct Stats {
    p50: Duration,
    p95: Duration,
    p99: Duration,
    max: Duration,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        max: samples[samples.len() - 1],
    }
}

fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn report(name: &str, samples: Vec<Duration>, target: &str) {
    let n = samples.len();
    let s = stats(samples);
    println!(
        "{name:<44} p50 {:>9} p95 {:>9} p99 {:>9} max {:>9}  n={n}{target}",
        millis(s.p50),
        millis(s.p95),
        millis(s.p99),
        millis(s.max),
    );
}

/// `REQUESTS` GETs of the page, each on the connection `next` gives: (request to last byte,
/// the server's own time).
fn timed_gets(
    authority: &str,
    path: &str,
    mut next: impl FnMut() -> Option<BufReader<TcpStream>>,
) -> (Vec<Duration>, Vec<Duration>) {
    let mut kept = None;
    let (mut total, mut server) = (Vec::new(), Vec::new());
    for _ in 0..REQUESTS {
        let start = Instant::now();
        let fresh = next();
        let stream = match fresh {
            Some(stream) => kept.insert(stream),
            None => kept.get_or_insert_with(|| connect(authority)),
        };
        let response = get(stream, authority, path);
        total.push(start.elapsed());
        assert_eq!(response.status, 200, "the page is served");
        assert!(!response.body.is_empty());
        server.push(response.server);
    }
    (total, server)
}

fn main() {
    let web = WebServer::start(reference(), Bind::Local, None).expect("the server starts");
    let url = web.url().to_string();
    let rest = url.strip_prefix("http://").expect("an http link");
    let (authority, token) = rest.split_once('/').expect("IP:PORT/TOKEN/");
    let path = format!("/{token}");
    println!("reference.json at {url}");
    // Warm up: the first requests build what later ones reuse.
    let mut warm = connect(authority);
    for _ in 0..20 {
        get(&mut warm, authority, &path);
    }
    drop(warm);

    let (total, server) = timed_gets(authority, &path, || None);
    report(
        "GET page, one keep-alive connection",
        total,
        "   target ≤ 10 ms",
    );
    report("  the server's own time (Server-Timing)", server, "");
    let (total, server) = timed_gets(authority, &path, || Some(connect(authority)));
    report(
        "GET page, a fresh connection each",
        total,
        "   target ≤ 10 ms",
    );
    report("  the server's own time (Server-Timing)", server, "");

    let mut stream = connect(authority);
    let html = get(&mut stream, authority, &path).body.len();
    let css = get(&mut stream, authority, &format!("{path}page.css"))
        .body
        .len();
    let js = get(&mut stream, authority, &format!("{path}page.js"))
        .body
        .len();
    println!(
        "page weight: HTML {html} + CSS {css} + JS {js} = {} bytes   budget 50 KB (51200)",
        html + css + js
    );
}
