//! `inbox --web-only`: the inbox served only as its web page, with no terminal, until a signal
//! ends it. For a machine the person is not sitting at (a server the agents run on, reached
//! from a phone), or a service started with no terminal at all; the tests drive it so too.
//! It says it runs as the terminal inbox does, so hosts post to it.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use ask_user_question_store::BEAT_EVERY;

use super::model::Shared;
use crate::signals::Caught;

/// How often the wait looks for a signal.
const SIGNAL_CHECK: Duration = Duration::from_millis(100);

/// Beats for the inbox in `pid` until SIGINT, SIGTERM, SIGHUP or SIGQUIT: exit 128 + its
/// number, as the terminal inbox's. A failing beat is said on stderr once, until one works
/// again; the page says the store's failures itself.
pub fn run(store: &Shared, pid: u32) -> ExitCode {
    let caught = Caught::ending_signals();
    let mut beat_at = Instant::now() + BEAT_EVERY;
    let mut failing = false;
    loop {
        if let Some(signal) = caught.signal() {
            return ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)));
        }
        if Instant::now() >= beat_at {
            beat_at = Instant::now() + BEAT_EVERY;
            match store.lock().inbox_beat(pid) {
                Ok(()) => failing = false,
                Err(error) if !failing => {
                    failing = true;
                    eprintln!("ask-user-question inbox: {error} (retrying)");
                }
                Err(_) => {}
            }
        }
        std::thread::sleep(SIGNAL_CHECK);
    }
}
