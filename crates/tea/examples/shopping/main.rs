//! `cargo run -p tea --example shopping`: the README's guide, running. Pick with space, quit
//! with `q`; prints what was picked.

mod model;

use std::process::ExitCode;

use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    match run_inline(
        model::Shopping::new(),
        tea::Palette::dark(),
        InlineOptions::default(),
    ) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(picked) => {
                println!("{}", picked.join(", "));
                ExitCode::SUCCESS
            }
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("shopping: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("shopping: {err}");
            ExitCode::FAILURE
        }
    }
}
