//! `cargo run -p tea --example picker`: pick one line, fzf-style, in a region below the cursor.
//!
//! Items are the lines of stdin when it is a pipe (`ls | cargo run -p tea --example picker`),
//! else a built-in list. The pick goes to stdout; the UI is on the terminal, so
//! `… | picker > choice.txt` works. Exit status: 0 picked, 130 cancelled, 1 no terminal.

mod model;

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use model::{Outcome, Picker};
use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let (title, items): (&str, Vec<String>) = if io::stdin().is_terminal() {
        (
            "fruit",
            model::FRUITS.iter().map(|s| (*s).to_owned()).collect(),
        )
    } else {
        (
            "pick",
            io::stdin().lock().lines().map_while(Result::ok).collect(),
        )
    };
    let picker = Picker::new(title, items, tea::Size::new(80, 24));
    let palette = if std::env::var_os("NO_COLOR").is_some() {
        tea::Palette::no_color()
    } else {
        tea::Palette::dark()
    };
    match run_inline(picker, palette, InlineOptions::default()) {
        Ok(outcome) => match outcome.ending {
            Ending::Quit(Outcome::Picked(item)) => {
                let _ = writeln!(io::stdout(), "{item}");
                ExitCode::SUCCESS
            }
            Ending::Quit(Outcome::Cancelled) => ExitCode::from(130),
            Ending::Signal(signal) => ExitCode::from(128 + signal as u8),
            Ending::Failed(err) => {
                eprintln!("picker: {err}");
                ExitCode::FAILURE
            }
        },
        Err(err) => {
            eprintln!("picker: {err}");
            ExitCode::FAILURE
        }
    }
}
