//! `cargo run -p tea --example editor`: edit a note below the cursor (the lines of stdin when
//! it is a pipe, else a sample). Ctrl+S prints the text to stdout; Esc prints the draft too
//! and exits 130, so `… | editor > note.txt` never loses what was typed.

// The tests and the bench read more of the model than `main` does.
#[allow(dead_code)]
mod model;

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

use model::{Editor, Outcome};
use tea::runtime::{Ending, InlineOptions, run_inline};

fn main() -> ExitCode {
    let text = if io::stdin().is_terminal() {
        model::SAMPLE.to_string()
    } else {
        let mut text = String::new();
        if let Err(err) = io::stdin().read_to_string(&mut text) {
            eprintln!("editor: reading stdin: {err}");
            return ExitCode::FAILURE;
        }
        text
    };
    let palette = if std::env::var_os("NO_COLOR").is_some() {
        tea::Palette::no_color()
    } else {
        tea::Palette::dark()
    };
    match run_inline(Editor::new(&text), palette, InlineOptions::default()) {
        Ok(outcome) => {
            let (text, code) = match outcome.ending {
                Ending::Quit(Outcome::Saved(text)) => (text, ExitCode::SUCCESS),
                Ending::Quit(Outcome::Cancelled(draft)) => (draft, ExitCode::from(130)),
                Ending::Signal(signal) => (
                    outcome.program.text().to_string(),
                    ExitCode::from(128 + signal as u8),
                ),
                Ending::Failed(err) => {
                    eprintln!("editor: {err}");
                    (outcome.program.text().to_string(), ExitCode::FAILURE)
                }
            };
            let _ = writeln!(io::stdout(), "{text}");
            code
        }
        Err(err) => {
            eprintln!("editor: {err}");
            ExitCode::FAILURE
        }
    }
}
