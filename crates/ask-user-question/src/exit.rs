//! How the program ends: exit codes, diagnostics on stderr, and the JSON on stdout.

use std::io::{self, Write};
use std::process::ExitCode;

use questionnaire::Outcome;
use serde_json::Value;

use crate::input::{self, InputError};

/// Exit code for a questionnaire the user submitted.
const EXIT_SUBMITTED: u8 = 0;
/// Exit code for anything else that went wrong: no terminal, a terminal that failed mid-run.
pub const EXIT_FAILURE: u8 = 1;
/// Exit code for input that is unreadable, not JSON, or not a valid questionnaire, and for
/// bad arguments.
pub const EXIT_INVALID_INPUT: u8 = 2;
/// Exit code for a cancelled questionnaire (as for SIGINT: 128 + 2).
const EXIT_CANCELLED: u8 = 130;
/// Exit code for a questionnaire nobody answered within `--timeout` (as `timeout(1)`).
const EXIT_TIMED_OUT: u8 = 124;

/// Prints a diagnostic on stderr and returns `code`.
pub fn fail(code: u8, message: impl std::fmt::Display) -> ExitCode {
    note(message);
    ExitCode::from(code)
}

/// Prints a diagnostic on stderr. A failing stderr (a terminal that hung up) is no reason to
/// panic and lose the result, so errors are ignored.
pub fn note(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr(), "ask-user-question: {message}");
}

/// The exit status after a signal: 128 + its number, as a shell reports it.
pub fn signalled(signal: i32) -> ExitCode {
    ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
}

/// Reports input that is not a questionnaire: invalid input also gets its issues as JSON on
/// stderr, for scripts, before the lines for people.
pub fn input_failure(error: &InputError) -> ExitCode {
    if let InputError::Invalid { issues, .. } = error {
        let (problems, warnings) = input::split_warnings(issues);
        eprintln!("{}", input::verdict(&problems, &warnings));
    }
    fail(EXIT_INVALID_INPUT, error)
}

/// Prints the result JSON; exit 0 when submitted, 130 when cancelled, 124 when timed out.
pub fn print_outcome(outcome: Outcome) -> ExitCode {
    let code = match outcome {
        Outcome::Submitted(_) => EXIT_SUBMITTED,
        Outcome::Cancelled(_) => EXIT_CANCELLED,
        Outcome::TimedOut(_) => EXIT_TIMED_OUT,
    };
    let printed = print_json(&outcome.into_result().into_json(), Layout::OneLine);
    if printed == ExitCode::SUCCESS {
        ExitCode::from(code)
    } else {
        printed
    }
}

/// How JSON is printed: results for scripts on one line, documents for people indented.
pub enum Layout {
    OneLine,
    Pretty,
}

/// Prints `value` on stdout, streamed: a result can hold megabytes of question text.
pub fn print_json(value: &Value, layout: Layout) -> ExitCode {
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = match layout {
        Layout::OneLine => serde_json::to_writer(&mut stdout, value),
        Layout::Pretty => serde_json::to_writer_pretty(&mut stdout, value),
    };
    let written = written
        .map_err(io::Error::from)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    report_write(written)
}

/// Writes `text` to stdout.
pub fn write_stdout(text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    report_write(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}

/// A closed stdout (e.g. `| head`) is not worth a panic.
fn report_write(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(EXIT_FAILURE, format!("cannot write the output: {error}")),
    }
}
