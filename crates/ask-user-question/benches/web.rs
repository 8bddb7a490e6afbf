//! The web page and the terminal, release build:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench web
//! ASK_USER_QUESTION_BENCH_BEFORE=<another build> cargo bench -p ask-user-question --bench web
//! ```
//!
//! - an answer on the page to the terminal questionnaire closing: `ask-user-question
//!   reference.json --web` on an 80x24 pseudo-terminal (stderr there too, as in a shell); once
//!   its first frame is drawn, the page's answer is POSTed (on a connection already open, as a
//!   browser's is after loading the page) and timed to the POST's response, to the terminal
//!   showing `answered on the web page; the terminal questionnaire closed`, and to the result
//!   on stdout with the process ended. Target: under 100 ms to the terminal's line.
//! - start-up without `--web` (the web server's runtime starts only with `--web`): `--help`,
//!   and a `--keys` replay of one question, from spawn to exit; with
//!   `ASK_USER_QUESTION_BENCH_BEFORE=<path>` that build (e.g. one from before the page existed)
//!   runs alternately beside this one, so machine load affects both alike. The start with
//!   `--web` (spawn to the link on the terminal) is reported beside them.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::{open_pty, read_terminal_until, spawn_on_pty, stats_of};
use tea::Size;

const ANSWER_RUNS: usize = 30;
const START_RUNS: usize = 50;
/// Every question of reference.json answered: Rust, two checks, the second storage, the first
/// rollout.
const ANSWER: &str = "q.0=0&q.1=0&q.1=2&q.2=1&q.3=0";
const BEFORE: &str = "ASK_USER_QUESTION_BENCH_BEFORE";

fn reference_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/bench/reference.json")
}

fn binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ask-user-question"))
}

fn report(name: &str, samples: Vec<Duration>, target: &str) {
    let s = stats_of(samples);
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
    println!(
        "{name:<50} p50 {:>9} p95 {:>9} max {:>9}  n={}{target}",
        ms(s.p50),
        ms(s.p95),
        ms(s.max),
        s.n
    );
}

fn contains(seen: &[u8], text: &str) -> bool {
    seen.windows(text.len()).any(|w| w == text.as_bytes())
}

/// The link the CLI printed on the terminal: `answer in a browser: URL`.
fn printed_link(seen: &[u8]) -> Option<String> {
    const NOTE: &str = "answer in a browser: ";
    let text = String::from_utf8_lossy(seen);
    let rest = &text[text.find(NOTE)? + NOTE.len()..];
    let end = rest.find(['\r', '\n'])?;
    Some(rest[..end].to_string())
}

/// Starts `binary ARGS` on an 80x24 pseudo-terminal with stderr there too; stdout piped.
fn start_on_pty(binary: &Path, args: &[&str]) -> (std::fs::File, std::process::Child) {
    let (master, slave) = open_pty(Size::new(80, 24));
    let stderr = slave.try_clone().expect("a second handle on the terminal");
    let mut command = Command::new(binary);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(stderr))
        .env_remove("NO_COLOR");
    let child = spawn_on_pty(&mut command, slave);
    (master, child)
}

/// How long one answer took: (POST to its response, to the terminal's line, to the result).
struct AnswerTimes {
    response: Duration,
    terminal: Duration,
    result: Duration,
}

fn answer_on_the_page() -> AnswerTimes {
    let reference = reference_path();
    let (mut master, mut child) = start_on_pty(&binary(), &[reference.to_str().unwrap(), "--web"]);
    let mut seen = Vec::new();
    // The link, then the first frame (its bottom border is its last row).
    read_terminal_until(&mut master, &mut seen, |s| {
        printed_link(s).is_some() && contains(s, "╰")
    });
    let url = printed_link(&seen).expect("the link");
    let rest = url.strip_prefix("http://").expect("an http link");
    let (authority, token) = rest.split_once('/').expect("IP:PORT/TOKEN/");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let result_read = std::thread::spawn(move || {
        let mut result = String::new();
        stdout.read_to_string(&mut result).expect("the result");
        (Instant::now(), result)
    });
    let mut connection = BufReader::new(TcpStream::connect(authority).expect("connect"));
    connection.get_ref().set_nodelay(true).expect("nodelay");
    let request = format!(
        "POST /{token}answer HTTP/1.1\r\nHost: {authority}\r\nOrigin: http://{authority}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{ANSWER}",
        ANSWER.len()
    );
    let start = Instant::now();
    connection
        .get_mut()
        .write_all(request.as_bytes())
        .expect("POST");
    let mut status = String::new();
    connection.read_line(&mut status).expect("a status line");
    let response = start.elapsed();
    assert!(status.starts_with("HTTP/1.1 200"), "{status}");
    // A fresh buffer: the start-up queries, answered already, are not answered again.
    let mut after = Vec::new();
    read_terminal_until(&mut master, &mut after, |s| {
        contains(s, "answered on the web page")
    });
    let terminal = start.elapsed();
    let (ended, result) = result_read.join().expect("the reader");
    let result_time = ended.duration_since(start);
    read_terminal_until(&mut master, &mut after, |_| false);
    let code = child.wait().expect("the CLI ends").code();
    assert_eq!(code, Some(0), "the page's answer is submitted");
    assert!(result.contains("\"answeredIn\":\"web\""), "{result}");
    AnswerTimes {
        response,
        terminal,
        result: result_time,
    }
}

fn answer_to_terminal() {
    let runs: Vec<AnswerTimes> = (0..ANSWER_RUNS).map(|_| answer_on_the_page()).collect();
    report(
        "page answer: POST → its response",
        runs.iter().map(|r| r.response).collect(),
        "",
    );
    report(
        "page answer: POST → the terminal says so",
        runs.iter().map(|r| r.terminal).collect(),
        "   target ≤ 100 ms",
    );
    report(
        "page answer: POST → the result on stdout",
        runs.iter().map(|r| r.result).collect(),
        "",
    );
}

/// From spawning `binary ARGS` to its exit, with stdout read.
fn run_to_exit(binary: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let output = Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the CLI runs");
    let elapsed = start.elapsed();
    assert!(!output.stdout.is_empty(), "{}", binary.display());
    elapsed
}

/// From spawning `--web` on a terminal to its link there.
fn start_with_web(binary: &Path) -> Duration {
    let reference = reference_path();
    let start = Instant::now();
    let (mut master, mut child) = start_on_pty(binary, &[reference.to_str().unwrap(), "--web"]);
    let mut seen = Vec::new();
    read_terminal_until(&mut master, &mut seen, |s| printed_link(s).is_some());
    let elapsed = start.elapsed();
    let _ = child.kill();
    let _ = child.wait();
    elapsed
}

fn start_up() {
    let one_question = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/examples")
        .join("single.json");
    let one_question = one_question.to_str().expect("a UTF-8 path").to_string();
    let help: [&str; 1] = ["--help"];
    let replay = [one_question.as_str(), "--keys", "enter"];
    let builds: Vec<(String, PathBuf)> = [("this build".to_string(), binary())]
        .into_iter()
        .chain(
            std::env::var_os(BEFORE).map(|p| (PathBuf::from(&p).display().to_string(), p.into())),
        )
        .collect();
    for (what, args) in [
        ("--help", &help[..]),
        ("--keys replay, one question", &replay[..]),
    ] {
        let mut samples: Vec<Vec<Duration>> = vec![Vec::new(); builds.len()];
        for _ in 0..START_RUNS {
            for (i, (_, path)) in builds.iter().enumerate() {
                samples[i].push(run_to_exit(path, args));
            }
        }
        for ((name, _), samples) in builds.iter().zip(samples) {
            report(&format!("start→exit {what}: {name}"), samples, "");
        }
    }
    let with_web: Vec<Duration> = (0..START_RUNS).map(|_| start_with_web(&binary())).collect();
    report("start→link with --web (pty): this build", with_web, "");
}

fn main() {
    println!("reference: {}", reference_path().display());
    answer_to_terminal();
    start_up();
}
