//! `ask-user-question mcp --http`: the same server over MCP's streamable HTTP transport
//! (rmcp's), for clients that connect instead of spawning it, local or through a tunnel.
//! Several clients at once: each session gets its own [`Server::for_session`], sharing the
//! questions, popups and pages. Revision 2026-07-28 has no sessions: rmcp serves each of its
//! requests alone, on a `for_session` of its own, and a form's state travels sealed in the
//! result (`rounds`, whose key every clone shares).
//!
//! Every request passes these checks before rmcp reads it, in order:
//! 1. `Host` must name the address listened on (`127.0.0.1:PORT`, `localhost:PORT` or
//!    `[::1]:PORT` on loopback, else the address given), so a DNS-rebinding page that resolves
//!    its own name to this address is refused (403);
//! 2. `Origin`, when sent, must be `http` or `https` on one of those hosts (403): browsers send
//!    it, MCP clients do not;
//! 3. `Authorization: Bearer TOKEN`, compared in constant time (401 with `WWW-Authenticate:
//!    Bearer`); the URL's query is never read, so a token there counts as none (URLs end up in
//!    logs and histories);
//! 4. a request that would start a session, only while fewer than [`MAX_SESSIONS`] are open
//!    (503; a 2026-07-28 request, which has no session id either, is refused too while the cap
//!    is reached: telling them apart would mean reading the body first);
//! 5. a body of at most [`MAX_BODY`] bytes (413; rmcp also counts a body sent in chunks).
//!
//! Refusals are JSON: `{"error", "error_description"}` as in RFC 6750. At most
//! [`MAX_CONNECTIONS`] connections are served at once; more wait to be accepted, and one that
//! does not finish a request's head within the web crate's `HEAD_TIMEOUT` is closed.
//!
//! Tasks (see `tasks`) wrap standard input and output only: over HTTP the server offers none,
//! and a call is answered in its own response stream, with progress and elicitation on it.

use std::io;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;
use subtle::ConstantTimeEq;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::server::Server;
use ask_user_question_web::Limited;

/// The environment variable a token may come from (as Codex's `bearer_token_env_var` names it).
pub const TOKEN_ENV: &str = "ASK_USER_QUESTION_MCP_TOKEN";
/// The endpoint's path.
const PATH: &str = "/mcp";
/// The largest request body: a questionnaire is a few kilobytes.
pub const MAX_BODY: usize = 4 << 20;
/// Sessions open at once: one per agent conversation, with room for clients that never say
/// goodbye (their sessions end after [`SESSION_IDLE`]).
pub const MAX_SESSIONS: usize = 64;
/// Connections at once: a session holds up to two (its event stream and a call's response).
pub const MAX_CONNECTIONS: usize = 2 * MAX_SESSIONS;
/// A session with no message either way for this long ends (rmcp's default is 5 minutes, but
/// a call may wait longer than that for the person, with no progress asked for).
const SESSION_IDLE: Duration = Duration::from_secs(60 * 60);
/// Random bytes in a generated token: 256 bits.
const TOKEN_BYTES: usize = 32;
/// A token given is at least this long, so a guessable one is refused up front.
const MIN_TOKEN_LEN: usize = 16;

/// Where to listen and the token to ask for.
#[derive(Debug)]
pub struct Options {
    pub listen: SocketAddr,
    /// `None`: no token (`--no-token`, loopback only).
    pub token: Option<Token>,
}

/// The token and where it came from.
#[derive(Debug)]
pub struct Token {
    secret: String,
    /// Printed only when the server made it up: a token given is known already.
    generated: bool,
}

/// `--http`'s ADDR: an IP (a free port) or IP:PORT, not 0.0.0.0 or `::` (the Host check needs
/// the one address clients name).
pub fn parse_listen(text: &str) -> Result<SocketAddr, String> {
    text.parse::<SocketAddr>()
        .or_else(|_| text.parse::<IpAddr>().map(|ip| SocketAddr::new(ip, 0)))
        .ok()
        .filter(|address| !address.ip().is_unspecified())
        .ok_or_else(|| {
            format!("expected an IP address or IP:PORT (such as 127.0.0.1:8765 or 100.64.0.1:8765; not 0.0.0.0 or ::, which no client can name); got `{text}`")
        })
}

impl Options {
    /// The token from `token_file`, else from [`TOKEN_ENV`], else a new one; none with
    /// `no_token`, which only a loopback address may have.
    pub fn new(
        listen: SocketAddr,
        token_file: Option<&Path>,
        no_token: bool,
    ) -> Result<Options, String> {
        if no_token {
            if !listen.ip().is_loopback() {
                return Err(format!(
                    "--no-token is for local testing: {} is not a loopback address",
                    listen.ip()
                ));
            }
            return Ok(Options {
                listen,
                token: None,
            });
        }
        let given = match token_file {
            Some(path) => Some(
                std::fs::read_to_string(path)
                    .map_err(|error| format!("cannot read {}: {error}", path.display()))?,
            ),
            None => std::env::var(TOKEN_ENV)
                .ok()
                .filter(|t| !t.trim().is_empty()),
        };
        let token = match given {
            Some(text) => Token {
                secret: check_token(text.trim())?,
                generated: false,
            },
            None => Token {
                secret: new_token().map_err(|error| format!("cannot make a token: {error}"))?,
                generated: true,
            },
        };
        Ok(Options {
            listen,
            token: Some(token),
        })
    }
}

/// A token given must fit in a header and be long enough not to guess.
fn check_token(token: &str) -> Result<String, String> {
    if token.len() < MIN_TOKEN_LEN {
        return Err(format!(
            "the token is too short: at least {MIN_TOKEN_LEN} characters"
        ));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("the token must be printable ASCII without spaces".into());
    }
    Ok(token.to_string())
}

/// A new token: 64 lower-case hex digits from the operating system's random source.
fn new_token() -> io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|error| io::Error::other(error.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// What every request is checked against.
struct Guard {
    /// `host:port` authorities accepted in `Host`, lower-case.
    hosts: Vec<String>,
    token: Option<String>,
    sessions: Arc<LocalSessionManager>,
}

/// The authorities a client may name: on loopback, each name of this machine (a tunnel's far
/// end names its own loopback with the same port); elsewhere the address itself.
fn hosts_for(address: SocketAddr) -> Vec<String> {
    let port = address.port();
    let mut names = vec![address.to_string()];
    if address.ip().is_loopback() {
        let loopback: [IpAddr; 2] = [Ipv4Addr::LOCALHOST.into(), Ipv6Addr::LOCALHOST.into()];
        for name in loopback.map(|ip| SocketAddr::new(ip, port).to_string()) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names.push(format!("localhost:{port}"));
    }
    names
}

/// Serves `server` over HTTP until SIGINT or SIGTERM.
pub async fn serve(server: Server, options: Options) -> Result<(), String> {
    let listener = TcpListener::bind(options.listen)
        .await
        .map_err(|error| format!("cannot listen on {}: {error}", options.listen))?;
    let address = listener.local_addr().map_err(|error| error.to_string())?;
    let hosts = hosts_for(address);
    let url = format!("http://{address}{PATH}");
    crate::exit::note(format_args!("MCP over HTTP at {url}"));
    match &options.token {
        Some(token) if token.generated => crate::exit::note(format_args!(
            "token: {} (clients send `Authorization: Bearer <token>`)",
            token.secret
        )),
        Some(_) => {
            crate::exit::note("token: the one given (clients send `Authorization: Bearer <token>`)")
        }
        None => crate::exit::note(
            "warning: --no-token: any program on this machine can ask through this server (for local testing only)",
        ),
    }

    let stop = CancellationToken::new();
    let mut sessions = LocalSessionManager::default();
    sessions.session_config.keep_alive = Some(SESSION_IDLE);
    let sessions = Arc::new(sessions);
    // rmcp checks Host too: the same names, so its check never refuses what ours accepted.
    let config = StreamableHttpServerConfig::default()
        .with_allowed_hosts(hosts.clone())
        .with_max_request_body_bytes(MAX_BODY)
        .with_cancellation_token(stop.child_token());
    let factory = move || Ok(server.for_session());
    let mcp = StreamableHttpService::new(factory, sessions.clone(), config);
    let guard = Arc::new(Guard {
        hosts,
        token: options.token.map(|token| token.secret),
        sessions,
    });
    let app = Router::new()
        .route_service(PATH, mcp)
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(guard, check));
    let limited = Limited::new(listener, MAX_CONNECTIONS);
    tokio::select! {
        () = ask_user_question_web::serve(limited, app) => {}
        () = signalled() => {}
    }
    // The sessions end (their calls are dropped); the caller closes the popups and pages.
    stop.cancel();
    Ok(())
}

/// SIGINT or SIGTERM.
async fn signalled() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut interrupt), Ok(mut terminate)) = (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = interrupt.recv() => {}
        _ = terminate.recv() => {}
    }
}

async fn not_found() -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("the MCP endpoint is {PATH}"),
    )
}

/// `{"error", "error_description"}` with `status`.
fn refusal(status: StatusCode, error: &str, description: impl Into<String>) -> Response {
    let body = json!({ "error": error, "error_description": description.into() });
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// The checks in the module's notes, then rmcp.
async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    // The parts, not the request: its body is not `Sync`, and the check awaits.
    let (method, query) = (request.method(), request.uri().query().is_some());
    if let Some(refused) = refusal_of(&guard, method, request.headers(), query).await {
        return refused;
    }
    let deleting = request.method() == Method::DELETE;
    let mut response = next.run(request).await;
    // rmcp answers a session's DELETE, done by then, with 202 Accepted; the Python SDK expects
    // 200 or 204 and logs a warning on every goodbye otherwise.
    if deleting && response.status() == StatusCode::ACCEPTED {
        *response.status_mut() = StatusCode::NO_CONTENT;
    }
    response
}

/// The refusal of a request that fails a check, if it does.
async fn refusal_of(
    guard: &Guard,
    method: &Method,
    headers: &HeaderMap,
    has_query: bool,
) -> Option<Response> {
    let host = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .map(str::to_ascii_lowercase);
    if !host.is_some_and(|host| guard.hosts.contains(&host)) {
        return Some(refusal(
            StatusCode::FORBIDDEN,
            "forbidden_host",
            format!(
                "the Host header must be one of {} (DNS rebinding protection)",
                guard.hosts.join(", ")
            ),
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin_is_ours(origin, &guard.hosts)
    {
        return Some(refusal(
            StatusCode::FORBIDDEN,
            "forbidden_origin",
            "requests from web pages are refused: the Origin header must be this server's",
        ));
    }
    if let Some(token) = &guard.token
        && let Some(refused) = unauthorized(headers, token, has_query)
    {
        return Some(refused);
    }
    if method == Method::POST
        && !headers.contains_key("mcp-session-id")
        && guard.sessions.sessions.read().await.len() >= MAX_SESSIONS
    {
        let mut refused = refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_sessions",
            format!("{MAX_SESSIONS} sessions are open; close one (DELETE) or try again later"),
        );
        refused
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
        return Some(refused);
    }
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|length| length > MAX_BODY as u64) {
        return Some(refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("a request body is at most {MAX_BODY} bytes"),
        ));
    }
    None
}

/// `Origin` is `http` or `https` on one of `hosts` (the port included).
fn origin_is_ours(origin: &HeaderValue, hosts: &[String]) -> bool {
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.to_ascii_lowercase();
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    authority.is_some_and(|authority| hosts.iter().any(|host| host == authority))
}

/// Unless the request has `Authorization: Bearer TOKEN` with this server's token, the 401
/// saying what is wrong.
fn unauthorized(headers: &HeaderMap, token: &str, has_query: bool) -> Option<Response> {
    let given = headers
        .get(header::AUTHORIZATION)
        .map(|value| value.to_str().unwrap_or(""));
    let why = match given {
        None if has_query => {
            "no Authorization header (a token in the URL is not read: send `Authorization: Bearer <token>`)"
        }
        None => "no Authorization header: send `Authorization: Bearer <token>`",
        Some(value) => match bearer(value) {
            Some(given) if matches(given, token) => return None,
            Some(_) => "wrong token",
            None => "the Authorization header must be `Bearer <token>`",
        },
    };
    let (error, challenge) = match given {
        // RFC 6750: a request without credentials gets the bare challenge.
        None => ("missing_token", "Bearer realm=\"ask-user-question\""),
        Some(_) => (
            "invalid_token",
            "Bearer realm=\"ask-user-question\", error=\"invalid_token\"",
        ),
    };
    let mut refused = refusal(StatusCode::UNAUTHORIZED, error, why);
    refused.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(challenge),
    );
    Some(refused)
}

/// The token of `Bearer TOKEN` (the scheme in any case).
fn bearer(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim_start())
        .filter(|token| !token.is_empty())
}

/// Whether `given` is `token`, in time that does not depend on where they differ.
fn matches(given: &str, token: &str) -> bool {
    given.len() == token.len() && bool::from(given.as_bytes().ct_eq(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_name_one_ip_and_loopback_all_its_names() {
        assert_eq!(
            parse_listen("127.0.0.1").unwrap(),
            "127.0.0.1:0".parse().unwrap()
        );
        assert_eq!(
            parse_listen("[::1]:8765").unwrap(),
            "[::1]:8765".parse().unwrap()
        );
        assert!(parse_listen("0.0.0.0:8765").is_err());
        assert!(parse_listen("localhost").is_err());
        assert_eq!(
            hosts_for("127.0.0.1:8765".parse().unwrap()),
            ["127.0.0.1:8765", "[::1]:8765", "localhost:8765"]
        );
        assert_eq!(
            hosts_for("100.64.0.1:8765".parse().unwrap()),
            ["100.64.0.1:8765"]
        );
    }

    #[test]
    fn origins_are_http_on_our_hosts() {
        let hosts = hosts_for("127.0.0.1:8765".parse().unwrap());
        let ours = |origin: &'static str| origin_is_ours(&HeaderValue::from_static(origin), &hosts);
        assert!(ours("http://localhost:8765"));
        assert!(ours("https://127.0.0.1:8765"));
        assert!(!ours("http://localhost:8766"));
        assert!(!ours("http://evil.example:8765"));
        assert!(!ours("null"));
    }

    #[test]
    fn bearer_tokens() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc"), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer"), None);
        let token = new_token().unwrap();
        assert_eq!(token.len(), 64);
        assert!(matches(&token, &token));
        assert!(!matches(&token[1..], &token));
        assert!(check_token("short").is_err());
        assert!(check_token("long enough but spaced").is_err());
    }

    #[test]
    fn no_token_only_on_loopback() {
        assert!(Options::new("127.0.0.1:0".parse().unwrap(), None, true).is_ok());
        assert!(Options::new("192.0.2.1:0".parse().unwrap(), None, true).is_err());
    }
}
