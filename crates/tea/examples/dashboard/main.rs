//! `cargo run -p tea --example dashboard`: services in a tea list beside an iocraft details
//! pane. ↑/↓ select, enter prints the selected service, q quits.

mod model;

use std::process::ExitCode;

use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let dashboard = model::Dashboard::new(model::SERVICES);
    match run_inline(dashboard, tea::Palette::dark(), InlineOptions::default()) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(open) => {
                if let Some(name) = open {
                    println!("{name}");
                }
                ExitCode::SUCCESS
            }
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("dashboard: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("dashboard: {err}");
            ExitCode::FAILURE
        }
    }
}
