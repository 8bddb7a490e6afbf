//! `cargo run -p tea --example countdown [SECONDS]`: a countdown below the cursor; space
//! pauses, `r` resets, `+`/`-` change the length when stopped, `q` quits. Prints the seconds
//! left on quitting.

// The tests and the bench read more of the model than `main` does.
#[allow(dead_code)]
mod model;

use std::process::ExitCode;

use model::Countdown;
use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let length = match std::env::args().nth(1).map(|a| a.parse::<u32>()) {
        None => model::DEFAULT_LENGTH,
        Some(Ok(seconds)) => seconds,
        Some(Err(err)) => {
            eprintln!("countdown: SECONDS must be a whole number: {err}");
            return ExitCode::from(2);
        }
    };
    // The runtime draws in the colors the terminal shows (none with NO_COLOR) and, asked to,
    // picks the light palette on a light background.
    let options = InlineOptions {
        light_palette: Some(tea::Palette::light()),
        ..InlineOptions::default()
    };
    match run_inline(Countdown::new(length), tea::Palette::dark(), options) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(left) => {
                println!("{}", model::clock(left));
                ExitCode::SUCCESS
            }
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("countdown: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("countdown: {err}");
            ExitCode::FAILURE
        }
    }
}
