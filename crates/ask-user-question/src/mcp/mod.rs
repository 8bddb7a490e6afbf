//! `ask-user-question mcp`: the questionnaire as an MCP server on standard input and output,
//! or over streamable HTTP with `--http` (see [`http`]), offering one tool, `ask_user_question`.
//!
//! Each call reaches the person the first way that applies: the client's own form when it
//! declares elicitation, the terminal questionnaire in a tmux popup when the server runs inside
//! tmux, else the questionnaire as a web page whose link the client shows (URL elicitation) or
//! the server announces; a page that cannot be served is a tool error telling the model to ask
//! in prose. The async runtime exists only in this subcommand; the CLI's other modes start as
//! before.

mod call;
mod form;
mod http;
mod inbox;
mod log;
mod page;
mod popup;
mod rounds;
mod route;
mod server;
mod tasks;
mod tool;
mod waiting;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use ask_user_question_web::Bind;
use clap::Args;
use rmcp::ServiceExt;

use page::PageSettings;
use route::Via;
use server::{Server, Settings};

/// How long the questions' tasks are given to act on being closed when the server stops.
const CLOSING_TASKS: Duration = Duration::from_millis(150);

/// The server's settings: how to reach the person, and the questionnaire's CLI settings for a
/// popup.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// Always ask this way instead of the first that applies (form, then tmux, then web): `form`
    /// (the client's form), `tmux` (a popup; the server must run inside tmux) or `web` (a web
    /// page).
    #[arg(long, value_enum)]
    via: Option<Via>,
    /// Where the web page is served: `lan` (this machine's LAN address: anyone on the network
    /// with the link can answer), an IP or IP:PORT [default: 127.0.0.1 on a free port].
    #[arg(long, value_name = "ADDR", value_parser = parse_bind)]
    web: Option<Bind>,
    /// End a questionnaire nobody answered within DURATION (90s, 5m, 1m30s) as timed out.
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout, allow_hyphen_values = true)]
    timeout: Option<Duration>,
    /// How long a popup or page stays open after the call that asked gave up (the client's
    /// timeout or cancel), for the repeated call to find it or its answer [default: 30m; 0s
    /// closes it with the call].
    #[arg(long, value_name = "DURATION", value_parser = parse_hold)]
    hold: Option<Duration>,
    /// How long a form sent to a client of protocol revision 2026-07-28 (in an `input_required`
    /// result) may take to come back answered [default: 60m].
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout)]
    form_state_ttl: Option<Duration>,
    /// Also post each popup's or page's questions to the inbox (`ask-user-question inbox`),
    /// even when none runs yet; the first answer wins [default: while an inbox runs;
    /// ASK_USER_QUESTION_INBOX=1 is --inbox, =0 is --no-inbox].
    #[arg(long, conflicts_with = "no_inbox")]
    inbox: bool,
    /// Never post questions to the inbox.
    #[arg(long)]
    no_inbox: bool,
    /// The inbox's store file [default: $XDG_STATE_HOME/ask-user-question/inbox.sqlite3; env
    /// ASK_USER_QUESTION_STORE].
    #[arg(long, value_name = "PATH", hide = true)]
    store: Option<std::path::PathBuf>,
    /// The popup's colors: dark, light or none.
    #[arg(long, value_name = "THEME", value_parser = ["dark", "light", "none"])]
    theme: Option<String>,
    /// Do not ring the bell when a popup or a page opens.
    #[arg(long)]
    no_bell: bool,
    /// Also send a desktop notification when a popup opens (a page's link always sends one).
    #[arg(long)]
    notify: bool,
    /// The key that folds the popup's questionnaire into its dock (a key-script name).
    #[arg(long, value_name = "KEY", value_parser = check_collapse_key)]
    collapse_key: Option<String>,
    /// The most rows the popup's questionnaire takes (N or N%).
    #[arg(long, value_name = "N|N%", value_parser = check_height)]
    height: Option<String>,
    /// Serve MCP over streamable HTTP at http://ADDR/mcp instead of standard input and output,
    /// for any number of clients: ADDR is an IP or IP:PORT [default: 127.0.0.1 on a free port].
    /// Every request needs `Authorization: Bearer TOKEN`; the URL and a new token are printed
    /// on stderr.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1", value_parser = http::parse_listen)]
    http: Option<SocketAddr>,
    /// With --http: the token is this file's content instead of a new one (the environment
    /// variable ASK_USER_QUESTION_MCP_TOKEN also gives one).
    #[arg(
        long,
        value_name = "PATH",
        requires = "http",
        conflicts_with = "no_token"
    )]
    token_file: Option<PathBuf>,
    /// With --http on a loopback address, for local testing only (such as the MCP conformance
    /// suite, which sends no token): no token, so any program on this machine can ask.
    #[arg(long, requires = "http")]
    no_token: bool,
}

fn parse_bind(text: &str) -> Result<Bind, String> {
    text.parse()
}

fn parse_hold(text: &str) -> Result<Duration, String> {
    question::parse_span(text).map_err(|error| error.to_string())
}

fn parse_timeout(text: &str) -> Result<Duration, String> {
    question::parse_duration(text).map_err(|error| error.to_string())
}

fn check_collapse_key(text: &str) -> Result<String, String> {
    questionnaire::Keys::default().with_collapse(text)?;
    Ok(text.to_string())
}

fn check_height(text: &str) -> Result<String, String> {
    text.parse::<questionnaire::HeightLimit>()?;
    Ok(text.to_string())
}

impl McpArgs {
    /// The arguments the CLI in a popup runs with.
    fn cli_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(timeout) = self.timeout {
            args.push(format!("--timeout={}ms", timeout.as_millis()));
        }
        if let Some(theme) = &self.theme {
            args.push(format!("--theme={theme}"));
        }
        if self.no_bell {
            args.push("--no-bell".into());
        }
        if self.notify {
            args.push("--notify".into());
        }
        if let Some(key) = &self.collapse_key {
            args.push(format!("--collapse-key={key}"));
        }
        if let Some(height) = &self.height {
            args.push(format!("--height={height}"));
        }
        args
    }
}

/// Serves MCP on standard input and output until the client closes standard input, or over
/// HTTP until SIGINT or SIGTERM.
pub fn serve(args: McpArgs) -> ExitCode {
    let http = match args
        .http
        .map(|listen| http::Options::new(listen, args.token_file.as_deref(), args.no_token))
        .transpose()
    {
        Ok(http) => http,
        Err(error) => return crate::exit::fail(crate::exit::EXIT_INVALID_INPUT, error),
    };
    let settings = Settings {
        via: args.via,
        timeout: args.timeout,
        cli_args: args.cli_args(),
        page: PageSettings {
            bind: args.web.unwrap_or(Bind::Local),
            timeout: args.timeout,
            bell: !args.no_bell,
        },
        timing: waiting::Timing {
            hold: args.hold.unwrap_or(waiting::Timing::default().hold),
            ..waiting::Timing::default()
        },
        round_trip_ttl: args.form_state_ttl.unwrap_or(rounds::STATE_TTL),
        inbox: inbox::InboxSettings {
            always: args.inbox,
            never: args.no_inbox,
            store: args.store.clone(),
        },
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => return crate::exit::fail(1, format!("cannot start the MCP server: {error}")),
    };
    let server = match Server::new(settings) {
        Ok(server) => server,
        Err(error) => return crate::exit::fail(1, format!("cannot start the MCP server: {error}")),
    };
    let open = server.open.clone();
    let pages = server.pages.clone();
    let waiting = server.waiting.clone();
    let served = runtime.block_on(async move {
        if let Some(options) = http {
            return http::serve(server, options).await;
        }
        let (stdin, stdout) = rmcp::transport::stdio();
        let ending = server.waiting.clone();
        let transport = tasks::TaskTransport::new(stdin, stdout, server.closers.clone())
            .on_end(move || ending.close_all());
        let running = server
            .serve(transport)
            .await
            .map_err(|error| error.to_string())?;
        running.waiting().await.map_err(|error| error.to_string())?;
        Ok::<(), String>(())
    });
    // Standard input closed (or the HTTP server stopped): the popups still open close, each
    // printing its result, and the pages stop.
    waiting.close_all();
    // A popup opened a moment ago is known only to its task until the task reads its process
    // id (it polls every 50 ms): the tasks get a moment to close theirs before the runtime
    // stops them.
    runtime.block_on(async { tokio::time::sleep(CLOSING_TASKS).await });
    open.close_all();
    pages.close_all();
    // A read of standard input may still be pending on the blocking pool; nothing waits for it.
    runtime.shutdown_background();
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => crate::exit::fail(1, format!("the MCP server stopped: {error}")),
    }
}
