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
    let palette = if std::env::var_os("NO_COLOR").is_some() {
        tea::Palette::no_color()
    } else {
        tea::Palette::dark()
    };
    match run_inline(Countdown::new(length), palette, InlineOptions::default()) {
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
