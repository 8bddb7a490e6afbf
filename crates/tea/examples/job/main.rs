//! `cargo run -p tea --example job`: enter starts a background job (two seconds of waiting,
//! then counting primes) while a spinner turns; its result is listed when it comes back, and
//! printed above the frame, where it stays in the scrollback.
//! `q` quits and prints how many jobs finished.

// The tests and the bench read more of the model than `main` does.
#[allow(dead_code)]
mod model;

use std::process::ExitCode;
use std::time::Duration;

use model::{Job, Work};
use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let work = Work {
        delay: Duration::from_secs(2),
        limit: 5_000_000,
    };
    let palette = if std::env::var_os("NO_COLOR").is_some() {
        tea::Palette::no_color()
    } else {
        tea::Palette::dark()
    };
    match run_inline(Job::new(work), palette, InlineOptions::default()) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(finished) => {
                println!("{finished} jobs finished");
                ExitCode::SUCCESS
            }
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("job: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("job: {err}");
            ExitCode::FAILURE
        }
    }
}
