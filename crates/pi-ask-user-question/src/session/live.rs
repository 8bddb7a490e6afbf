//! How many sessions the addon holds, so tests can see that every session is freed once done.

use std::sync::atomic::{AtomicU32, Ordering};

use napi_derive::napi;

/// How many sessions are open or not freed yet.
static LIVE_SESSIONS: AtomicU32 = AtomicU32::new(0);

/// Counts one session in [`live_sessions`] until the last of what it owns is freed: the session
/// holds it, and so do its driver's task policy, its alarm's thread and every task thread still
/// running, through the wake-up closures that carry it.
pub struct Counted;

impl Counted {
    pub fn new() -> Counted {
        LIVE_SESSIONS.fetch_add(1, Ordering::Relaxed);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        LIVE_SESSIONS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How many sessions the addon holds: opened, and not yet freed with their driver and task
/// threads. A session is freed once JavaScript dropped it and collected its object.
#[napi]
pub fn live_sessions() -> u32 {
    LIVE_SESSIONS.load(Ordering::Relaxed)
}
