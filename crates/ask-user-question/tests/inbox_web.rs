//! `ask-user-question inbox --web-only` end to end: the built binary serving the inbox's page
//! over a store of the test's own (`XDG_STATE_HOME` in a 0700 scratch folder), real hosts
//! (`--inbox-only` runs) waiting on it, and the test speaking HTTP as the page's browser
//! would, or as an attacker would. The page in a real browser is tested in tests/web.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use ask_user_question_store::{Outcome, Store};
use serde_json::{Value, json};
use support::{binary, fixture, stderr, stdout_json};

const PATIENCE: Duration = Duration::from_secs(20);

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "aq-inbox-web-{name}-{}-{}",
            std::process::id(),
            ask_user_question_store::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        Scratch(dir)
    }

    fn store(&self) -> Store {
        Store::open(&self.0.join("ask-user-question").join("inbox.sqlite3")).unwrap()
    }

    /// The binary with this store and nothing of the environment's inbox settings.
    fn command(&self, args: &[&str]) -> Command {
        let mut command = binary();
        command
            .args(args)
            .env("XDG_STATE_HOME", &self.0)
            .env_remove("ASK_USER_QUESTION_INBOX")
            .env_remove("ASK_USER_QUESTION_STORE")
            .env_remove("ASK_USER_QUESTION_HOST")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// A host asking the two-question fixture in the inbox only, as `host`.
    fn host(&self, host: &str) -> Child {
        let file = fixture("two_lines.json");
        self.command(&["--inbox-only", "--host-name", host, file.to_str().unwrap()])
            .spawn()
            .expect("the host starts")
    }

    /// `inbox --web-only`, and the link it printed.
    fn inbox(&self) -> (Child, Page) {
        let mut child = self
            .command(&["inbox", "--web-only"])
            .spawn()
            .expect("the inbox starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let line = lines.next().expect("a line on stderr").unwrap();
        // The rest drained, so whatever the inbox says later has somewhere to go.
        std::thread::spawn(move || lines.for_each(drop));
        let url = line
            .strip_prefix("ask-user-question inbox: answer in a browser: ")
            .unwrap_or_else(|| panic!("the link on stderr: {line}"));
        (child, Page::of(url))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The inbox's page as the test reaches it.
struct Page {
    authority: String,
    token: String,
}

struct Reply {
    status: u16,
    head: String,
    body: String,
}

impl Page {
    fn of(url: &str) -> Page {
        let rest = url.strip_prefix("http://").unwrap();
        let (authority, path) = rest.split_once('/').unwrap();
        Page {
            authority: authority.to_string(),
            token: path.trim_end_matches('/').to_string(),
        }
    }

    fn origin(&self) -> String {
        format!("http://{}", self.authority)
    }

    fn request(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
        let mut stream = TcpStream::connect(&self.authority).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (name, value) in headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        text.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        stream.write_all(text.as_bytes()).unwrap();
        let _ = stream.write_all(body);
        let mut reply = Vec::new();
        let _ = stream.read_to_end(&mut reply);
        let reply = String::from_utf8_lossy(&reply).to_string();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
        Reply {
            status: head
                .split(' ')
                .nth(1)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0),
            head: head.to_ascii_lowercase(),
            body: body.to_string(),
        }
    }

    fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[("Host", &self.authority)], b"")
    }

    fn post(&self, path: &str, body: &[u8]) -> Reply {
        let origin = self.origin();
        let headers = [
            ("Host", self.authority.as_str()),
            ("Origin", origin.as_str()),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ];
        self.request("POST", path, &headers, body)
    }

    /// The list's rows, as the page's script reads them.
    fn rows(&self) -> Vec<Value> {
        let reply = self.get(&format!("/{}/list", self.token));
        assert_eq!(reply.status, 200, "{}", reply.body);
        let list: Value = serde_json::from_str(&reply.body).unwrap();
        list["rows"].as_array().unwrap().clone()
    }

    /// Waits until the rows satisfy `ready`.
    fn wait_rows(&self, what: &str, ready: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let rows = self.rows();
            if ready(&rows) {
                return rows;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}: {rows:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn finish(mut child: Child) -> Output {
    let deadline = Instant::now() + PATIENCE;
    while child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the binary did not end");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

fn terminate(child: &Child) {
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
}

/// The id of the row whose host is `host`.
fn id_of(rows: &[Value], host: &str) -> i64 {
    rows.iter()
        .find(|row| row["who"].as_str().unwrap().starts_with(host))
        .and_then(|row| row["id"].as_i64())
        .unwrap_or_else(|| panic!("no row of {host}: {rows:?}"))
}

#[test]
fn a_host_waiting_on_the_page_gets_its_answer_and_the_list_follows() {
    let scratch = Scratch::new("answer");
    let (inbox, page) = scratch.inbox();
    assert!(
        scratch.store().inbox_running().unwrap(),
        "hosts see an inbox"
    );
    let codex = scratch.host("Codex");
    let pi = scratch.host("pi");
    let rows = page.wait_rows("both hosts", |rows| rows.len() == 2);
    let (codex_id, pi_id) = (id_of(&rows, "Codex"), id_of(&rows, "pi"));
    let opened = page.get(&format!("/{}/q/{codex_id}/", page.token));
    assert_eq!(opened.status, 200);
    assert!(opened.body.contains("Which one should we take?"));
    let reply = page.post(
        &format!("/{}/q/{codex_id}/answer", page.token),
        b"q.0=1&t.1=from+the+phone&action=submit",
    );
    assert_eq!(reply.status, 303, "{}", reply.body);
    let output = finish(codex);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = stdout_json(&output);
    assert_eq!(printed["details"]["answeredIn"], "inbox");
    assert_eq!(
        printed["details"]["answers"]["pick"]["values"],
        json!(["b"])
    );
    assert_eq!(
        printed["details"]["answers"]["words"]["customText"],
        "from the phone"
    );
    // Off the list; the other host still waits, and when it stops waiting the list says so.
    let rows = page.wait_rows("the answered one gone", |rows| rows.len() == 1);
    assert_eq!(rows[0]["id"], pi_id);
    terminate(&pi);
    assert_eq!(finish(pi).status.code(), Some(143));
    let rows = page.wait_rows("pi gone", |rows| rows[0]["kind"] == "ended");
    assert_eq!(rows[0]["state"], "pi stopped waiting");
    terminate(&inbox);
    assert_eq!(finish(inbox).status.code(), Some(143));
    assert!(!scratch.store().inbox_running().unwrap(), "the inbox left");
    assert!(
        TcpStream::connect(&page.authority).is_err(),
        "the page is gone"
    );
}

#[test]
fn a_cancel_on_the_page_keeps_the_typing_for_the_host() {
    let scratch = Scratch::new("cancel");
    let (inbox, page) = scratch.inbox();
    let host = scratch.host("Codex");
    let id = id_of(&page.wait_rows("the host", |rows| rows.len() == 1), "Codex");
    let reply = page.post(
        &format!("/{}/q/{id}/answer", page.token),
        b"q.0=0&t.1=half+typed&action=cancel",
    );
    assert_eq!(reply.status, 303);
    assert_eq!(scratch.store().outcome(id).unwrap(), Outcome::Waiting);
    // Opened again, the page shows what was typed.
    let opened = page.get(&format!("/{}/q/{id}/", page.token));
    assert!(
        opened.body.contains(">half typed</textarea>"),
        "{}",
        opened.body
    );
    // The host, stopped, prints what the store holds.
    terminate(&host);
    let output = finish(host);
    assert_eq!(output.status.code(), Some(143));
    let printed = stdout_json(&output);
    assert_eq!(
        printed["details"]["answers"]["pick"]["values"],
        json!(["a"])
    );
    assert_eq!(
        printed["details"]["answers"]["words"]["customText"],
        "half typed"
    );
    terminate(&inbox);
    finish(inbox);
}

#[test]
fn refusals_change_nothing() {
    let scratch = Scratch::new("refusals");
    let (inbox, page) = scratch.inbox();
    let host = scratch.host("Codex");
    let id = id_of(&page.wait_rows("the host", |rows| rows.len() == 1), "Codex");
    let token = &page.token;
    let mut wrong = token.clone();
    wrong.replace_range(0..1, if token.starts_with('0') { "1" } else { "0" });
    assert_eq!(page.get(&format!("/{wrong}/")).status, 404);
    assert_eq!(page.get(&format!("/{wrong}/list")).status, 404);
    assert_eq!(page.get(&format!("/{token}/q/{}/", id + 1)).status, 404);
    let port = page.authority.split(':').nth(1).unwrap();
    let evil = format!("evil.example:{port}");
    let answer = format!("/{token}/q/{id}/answer");
    let other_host = page.request("GET", &format!("/{token}/"), &[("Host", &evil)], b"");
    assert_eq!(other_host.status, 403);
    assert!(!other_host.body.contains("Codex"));
    let form = ("Content-Type", "application/x-www-form-urlencoded");
    let host_header = ("Host", page.authority.as_str());
    for origin in ["http://evil.example", "null"] {
        let reply = page.request(
            "POST",
            &answer,
            &[host_header, form, ("Origin", origin)],
            b"q.0=0&t.1=x",
        );
        assert_eq!(reply.status, 403, "{origin}");
    }
    let reply = page.request("POST", &answer, &[host_header, form], b"q.0=0&t.1=x");
    assert_eq!(reply.status, 403, "no Origin, no Sec-Fetch-Site");
    let mut big = b"t.1=".to_vec();
    big.resize(ask_user_question_web::MAX_BODY + 1, b'a');
    assert_eq!(
        page.post(&format!("/{token}/q/{id}/draft"), &big).status,
        413
    );
    for reply in [page.get(&format!("/{token}/")), other_host] {
        assert!(
            reply.head.contains("cache-control: no-store"),
            "{}",
            reply.head
        );
    }
    let store = scratch.store();
    assert_eq!(store.outcome(id).unwrap(), Outcome::Waiting);
    assert_eq!(store.open_questionnaire(id).unwrap().unwrap().saved, None);
    terminate(&host);
    finish(host);
    terminate(&inbox);
    finish(inbox);
}

#[test]
fn a_bad_address_is_named_and_one_that_cannot_be_bound_fails() {
    let scratch = Scratch::new("address");
    let output = scratch
        .command(&["inbox", "--web=somewhere", "--web-only"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("expected `lan`, an IP address or IP:PORT"),
        "{}",
        stderr(&output)
    );
    // TEST-NET-1 is never this machine's address.
    let output = scratch
        .command(&["inbox", "--web=192.0.2.1:9", "--web-only"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot serve the web page"),
        "{}",
        stderr(&output)
    );
    assert!(!scratch.store().inbox_running().unwrap());
}
