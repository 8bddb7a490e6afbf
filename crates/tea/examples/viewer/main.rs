//! `cargo run -p tea --example viewer`: a few markdown documents in tabs below the cursor;
//! tab/shift+tab switch, ↑↓ pgup/pgdn home/end scroll, `q` quits.

// The tests and the bench read more of the model than `main` does.
#[allow(dead_code)]
mod model;

use std::process::ExitCode;

use model::Viewer;
use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let palette = if std::env::var_os("NO_COLOR").is_some() {
        tea::Palette::no_color()
    } else {
        tea::Palette::dark()
    };
    match run_inline(Viewer::new(), palette, InlineOptions::default()) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(_) => ExitCode::SUCCESS,
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("viewer: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("viewer: {err}");
            ExitCode::FAILURE
        }
    }
}
