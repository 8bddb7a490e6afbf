//! Key scripts fed to the questionnaire with no terminal, for `--keys` and `render`.

use std::process::ExitCode;
use std::time::Duration;

use questionnaire::{App, Outcome, parse_script};
use tea::driver::Driver;
use tea::input::Step;
use tea::{Palette, Size};

use crate::exit::{EXIT_INVALID_INPUT, fail};
use crate::host::Hosted;

/// How a replay ended.
pub struct Replay {
    pub driver: Driver<Hosted>,
    /// The output and how many keys it took, if the questionnaire ended within the script.
    pub ended: Option<(Outcome, usize)>,
}

/// Parses a key script, or reports it as a bad `--keys` argument.
pub fn parse_keys(script: &str) -> Result<Vec<Step>, ExitCode> {
    parse_script(script).map_err(|error| fail(EXIT_INVALID_INPUT, format!("--keys: {error}")))
}

/// Feeds `keys` to the questionnaire at `size` until it ends or the keys run out.
pub fn replay_keys(app: App, keys: &[Step], size: Size, palette: Palette) -> Replay {
    // The external editor (Ctrl+G) runs too, with no terminal: $VISUAL, then $EDITOR; with
    // neither set the draft stays and the frame says why (no `vi` waiting for a terminal).
    let app = Hosted::new(app);
    let mut driver = Driver::new(app, size, palette);
    for (index, key) in keys.iter().enumerate() {
        if let Some(outcome) = driver.step(key).into_quit() {
            return Replay {
                driver,
                ended: Some((outcome, index + 1)),
            };
        }
    }
    Replay {
        driver,
        ended: None,
    }
}

pub fn note_unused_keys(ended_at: usize, keys: usize) {
    if ended_at < keys {
        eprintln!(
            "ask-user-question: the questionnaire ended at key {ended_at} of {keys}; the rest were not used"
        );
    }
}

/// The app with the operator's time limit, if one was given.
pub fn with_limit(app: App, limit: Option<Duration>) -> App {
    match limit {
        Some(limit) => app.with_time_limit(limit),
        None => app,
    }
}
