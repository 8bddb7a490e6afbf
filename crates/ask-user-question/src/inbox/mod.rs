//! `ask-user-question inbox`: every questionnaire waiting for this user, live, in one list; Enter
//! answers one in full, as the terminal would. With `--web` the same list is also a web page
//! (`web`, served by the web crate), and with `--web-only` only that (`headless`).
//!
//! A tea program beside the questionnaire: `model` (the list, its window, the open
//! questionnaire), `msg`, `update` (keys, the store's results, the open questionnaire's ending),
//! `view` and `row` (one row fitted to the width), `keymap` (the list's keys, which also yield
//! the footer) and `tasks` (the store's work, off the UI thread). The store
//! (`ask-user-question-store`) is the only thing shared with the hosts that ask: the inbox polls
//! its version every 50 ms and lists it again when it changes, and once a second anyway. An
//! answer given here is offered to the store, where the first answer wins; the asking host
//! reads it from there.
//!
//! What the inbox does is described in docs/behaviour.md ("Inbox").

mod headless;
mod keymap;
mod link;
mod model;
mod msg;
mod row;
mod tasks;
mod update;
mod view;
mod web;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_web;

use std::path::PathBuf;
use std::process::ExitCode;

use ask_user_question_store::{Store, StoreError, now_ms};
use ask_user_question_web::Bind;
use clap::Args;
use tea::Palette;
use tea::runtime::{Ending, InlineOptions, run_inline};

pub use link::{WebAnswers, WebLink};
pub use model::{Calls, Inbox, Row, Shared, home_as_tilde};
pub use msg::{Msg, Polled};
pub use row::{elide_middle, waited};
pub use update::{POLL_EVERY, RELIST_EVERY, SAVE_AFTER, ended_notice};

#[derive(Debug, Args)]
pub struct InboxArgs {
    /// The store to read [default: ASK_USER_QUESTION_STORE, else
    /// $XDG_STATE_HOME/ask-user-question/inbox.sqlite3, that is
    /// ~/.local/state/ask-user-question/inbox.sqlite3].
    #[arg(long, value_name = "PATH")]
    pub store: Option<PathBuf>,
    /// Do not ring the terminal bell when a new questionnaire comes in.
    #[arg(long)]
    pub no_bell: bool,
    /// Also send a desktop notification through the terminal when a new questionnaire comes
    /// in (OSC 9 and OSC 777, through tmux's passthrough inside tmux).
    #[arg(long)]
    pub notify: bool,
    /// Also serve the inbox as a web page and print its link to stderr (Ctrl+R shows it as a
    /// QR code): every questionnaire waiting, answered from a browser or a phone. ADDR: `lan`
    /// (this machine's LAN address: anyone on the network with the link can answer), an IP or
    /// IP:PORT [default: 127.0.0.1 on a free port].
    #[arg(long, value_name = "ADDR", num_args = 0..=1, require_equals = true,
          default_missing_value = "local", value_parser = parse_bind)]
    pub web: Option<Bind>,
    /// Serve the inbox only as a web page, with no terminal, at --web's address, until a
    /// signal ends it.
    #[arg(long)]
    pub web_only: bool,
}

fn parse_bind(text: &str) -> Result<Bind, String> {
    text.parse()
}

impl InboxArgs {
    /// Where the page is served, when it is.
    fn bind(&self) -> Option<Bind> {
        match (self.web, self.web_only) {
            (Some(bind), _) => Some(bind),
            (None, true) => Some(Bind::Local),
            (None, false) => None,
        }
    }
}

/// Opens the store named by `path`, or the user's.
/// The store at `path`, else `ASK_USER_QUESTION_STORE`, else the user's: where the hosts post.
pub fn open_store(path: Option<&std::path::Path>) -> Result<Store, StoreError> {
    match ask_user_question_store::host::store_path(path.map(std::path::Path::to_path_buf)) {
        Some(path) => Store::open(&path),
        None => Store::open_default(),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("ask-user-question inbox: {message}");
    ExitCode::from(1)
}

/// Leaves the store's list of running inboxes however the run ends (a return, a signal, a
/// panic); a `kill -9` leaves a beat that goes stale by itself.
struct Presence {
    store: Shared,
    pid: u32,
}

impl Drop for Presence {
    fn drop(&mut self) {
        let _ = self.store.lock().inbox_gone(self.pid);
    }
}

/// The inbox on the controlling terminal until q or Ctrl+C (and as a web page with `--web`;
/// only so, until a signal, with `--web-only`). Exit 0 then; 1 when the store cannot be used
/// (said on stderr), the page cannot be served or there is no terminal; 128 + the signal
/// after one.
pub fn run(args: InboxArgs) -> ExitCode {
    // The inbox cannot work without its store: any failure to open or read it ends here.
    let store = match open_store(args.store.as_deref()) {
        Ok(store) => store,
        Err(error) => return fail(error),
    };
    let listed = match store.list() {
        Ok(listed) => listed,
        Err(error) => return fail(error),
    };
    let home = std::env::var("HOME").ok();
    // Served before the terminal is taken, so its link is printed above the list.
    let web = match args.bind() {
        Some(bind) => match web::start(store.path(), bind, home.as_deref()) {
            Ok(web) => Some(web),
            Err(error) => return fail(format!("cannot serve the web page: {error}")),
        },
        None => None,
    };
    // Said only once the page serves, so a host never posts to an inbox that failed to start.
    let pid = std::process::id();
    if let Err(error) = store.inbox_beat(pid) {
        return fail(error);
    }
    // The link last: once it shows, hosts post here (a script that waits for it may start them).
    if let Some(web) = &web {
        eprintln!(
            "ask-user-question inbox: answer in a browser: {}",
            web.url()
        );
    }
    if args.web_only {
        let store = Shared::new(store);
        let _presence = Presence {
            store: store.clone(),
            pid,
        };
        return headless::run(&store, pid);
    }
    let tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
    let calls = Calls {
        bell: !args.no_bell,
        notify: args.notify,
        tmux,
    };
    let mut inbox = Inbox::new(store, pid)
        .with_home(home.as_deref())
        .with_calls(calls)
        .listing(&listed, now_ms());
    if let Some(web) = &web {
        inbox = inbox.with_web(web.link());
    }
    let _presence = Presence {
        store: inbox.store.clone(),
        pid,
    };
    let dumb = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
    let options = InlineOptions {
        light_palette: (!dumb).then(Palette::light),
        ..InlineOptions::default()
    };
    let outcome = match run_inline(inbox, Palette::dark(), options) {
        Ok(outcome) => outcome,
        Err(error) => {
            return fail(format!(
                "cannot show the inbox: {error}\n  it needs a terminal to draw on; --web-only serves it as a web page without one"
            ));
        }
    };
    outcome.signal_hold.keep_until_exit();
    match outcome.ending {
        Ending::Quit(()) => ExitCode::SUCCESS,
        Ending::Signal(signal) => {
            ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
        }
        Ending::Failed(error) => fail(format!("the terminal failed: {error}")),
    }
}
