//! Plain HTTP to a running page, as a browser or an attacker would send it: the tests of the
//! questionnaire's page and of the inbox's page make the same requests.
#![allow(dead_code)] // each test file uses its own part of these helpers

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ask_user_question_web::WebServer;
use ask_user_question_web::inbox::InboxServer;

/// A server with a link: the questionnaire's page or the inbox's.
pub trait Served {
    fn url(&self) -> &str;
}

impl Served for WebServer {
    fn url(&self) -> &str {
        WebServer::url(self)
    }
}

impl Served for InboxServer {
    fn url(&self) -> &str {
        InboxServer::url(self)
    }
}

pub struct Reply {
    pub status: u16,
    /// The status line and headers, lowercased.
    pub head: String,
    pub body: String,
}

impl Reply {
    /// The value of header `name` (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(": ")?;
            (key == name).then_some(value)
        })
    }
}

/// `IP:PORT` and `/TOKEN/` of the link.
pub fn parts(server: &impl Served) -> (String, String) {
    let rest = server.url().strip_prefix("http://").unwrap();
    let (authority, path) = rest.split_once('/').unwrap();
    (authority.to_string(), format!("/{path}"))
}

/// One request with these headers (Host included by the caller), read to the end.
pub fn request(
    server: &impl Served,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let (authority, _) = parts(server);
    let mut stream = TcpStream::connect(&authority).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut text = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(text.as_bytes()).unwrap();
    // A body refused before it is read may reset the connection; what came back still counts.
    let _ = stream.write_all(body);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let reply = String::from_utf8_lossy(&reply).to_string();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Reply {
        status,
        head: head.to_ascii_lowercase(),
        body: body.to_string(),
    }
}

pub fn get(server: &impl Served, path: &str) -> Reply {
    let (authority, _) = parts(server);
    request(server, "GET", path, &[("Host", &authority)], b"")
}

/// A form's POST, with `origin` as its Origin header when given.
pub fn post(server: &impl Served, path: &str, origin: Option<&str>, body: &[u8]) -> Reply {
    let (authority, _) = parts(server);
    let mut headers = vec![
        ("Host", authority.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    if let Some(origin) = origin {
        headers.push(("Origin", origin));
    }
    request(server, "POST", path, &headers, body)
}

/// The Origin a page of this server sends.
pub fn origin(server: &impl Served) -> String {
    format!("http://{}", parts(server).0)
}
