//! The signals that end a wait with no terminal (`--inbox-only`, `--web-only`, `inbox
//! --web-only`): SIGINT, SIGTERM, SIGHUP and SIGQUIT are caught, not fatal, so the wait ends in
//! order (what was typed kept and printed) with the signal's exit code.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The ending signals, caught from when this is made.
#[derive(Debug, Clone)]
pub struct Caught(Arc<AtomicUsize>);

impl Caught {
    /// Catches the ending signals from now on; a wait looks at [`Caught::signal`].
    pub fn ending_signals() -> Caught {
        let caught = Arc::new(AtomicUsize::new(0));
        for number in [
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGQUIT,
        ] {
            let _ = signal_hook::flag::register_usize(number, caught.clone(), number as usize);
        }
        Caught(caught)
    }

    /// The last signal caught, if any.
    pub fn signal(&self) -> Option<i32> {
        match self.0.load(Ordering::SeqCst) {
            0 => None,
            number => Some(number as i32),
        }
    }
}
