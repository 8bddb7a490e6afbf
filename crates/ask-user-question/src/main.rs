//! `ask-user-question`: ask a human structured questions in a terminal and get JSON back.
//!
//! Subcommands work on the same questionnaire JSON the tool takes: `validate` reports every
//! problem, `schema` prints the JSON Schema of the input.

use std::fmt;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::{Value, json};

/// Exit code for input that is unreadable, not JSON, or not a valid questionnaire.
const EXIT_INVALID_INPUT: u8 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "ask-user-question",
    version,
    about = "Ask a human structured questions in a terminal and get the answers as JSON.",
    // The default run mode (`ask-user-question [FILE|-]`) takes its own positional input and
    // flags beside these subcommands; the two never mix.
    args_conflicts_with_subcommands = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check a questionnaire: prints {"valid":true} (exit 0) or {"valid":false,"issues":[…]} (exit 2).
    Validate {
        /// The questionnaire JSON file, or `-` for standard input.
        input: Input,
    },
    /// Print the JSON Schema of the questionnaire input.
    Schema,
}

/// Where the questionnaire JSON comes from.
#[derive(Debug, Clone, PartialEq)]
enum Input {
    Stdin,
    File(PathBuf),
}

impl std::str::FromStr for Input {
    type Err = std::convert::Infallible;

    fn from_str(text: &str) -> Result<Input, Self::Err> {
        Ok(if text == "-" {
            Input::Stdin
        } else {
            Input::File(PathBuf::from(text))
        })
    }
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Stdin => f.write_str("<stdin>"),
            Input::File(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Why the input could not be read as JSON.
#[derive(Debug)]
enum InputError {
    Unreadable {
        input: Input,
        error: io::Error,
    },
    NotJson {
        input: Input,
        error: serde_json::Error,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Unreadable { input, error } => write!(f, "cannot read {input}: {error}"),
            InputError::NotJson { input, error } => {
                // serde_json appends " at line L column C"; we put the location first, as editors
                // and compilers do.
                let message = error.to_string();
                let message = message
                    .rfind(" at line ")
                    .map_or(message.as_str(), |end| &message[..end]);
                write!(
                    f,
                    "{input}:{}:{}: not valid JSON: {message}",
                    error.line(),
                    error.column()
                )
            }
        }
    }
}

impl Input {
    fn read_json(&self) -> Result<Value, InputError> {
        let text = match self {
            Input::Stdin => {
                let mut text = String::new();
                io::stdin().read_to_string(&mut text).map(|_| text)
            }
            Input::File(path) => std::fs::read_to_string(path),
        }
        .map_err(|error| InputError::Unreadable {
            input: self.clone(),
            error,
        })?;
        serde_json::from_str(&text).map_err(|error| InputError::NotJson {
            input: self.clone(),
            error,
        })
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Validate { input }) => validate(&input),
        Some(Command::Schema) => print_json(&question::schema(), Layout::Pretty),
        // `arg_required_else_help` shows the help before we get here.
        None => ExitCode::from(EXIT_INVALID_INPUT),
    }
}

fn validate(input: &Input) -> ExitCode {
    let value = match input.read_json() {
        Ok(value) => value,
        Err(error) => {
            eprintln!("ask-user-question: {error}");
            return ExitCode::from(EXIT_INVALID_INPUT);
        }
    };
    match question::validate(&value) {
        Ok(_) => print_json(&json!({ "valid": true }), Layout::OneLine),
        Err(issues) => {
            let noun = if issues.len() == 1 {
                "problem"
            } else {
                "problems"
            };
            eprintln!("ask-user-question: {input}: {} {noun}", issues.len());
            for issue in &issues {
                eprintln!("  {issue}");
            }
            print_json(
                &json!({ "valid": false, "issues": issues }),
                Layout::OneLine,
            );
            ExitCode::from(EXIT_INVALID_INPUT)
        }
    }
}

/// How JSON is printed: results for scripts on one line, documents for people indented.
enum Layout {
    OneLine,
    Pretty,
}

/// Prints `value` on stdout. A closed stdout (e.g. `| head`) is not worth a panic.
fn print_json(value: &Value, layout: Layout) -> ExitCode {
    let text = match layout {
        Layout::OneLine => value.to_string(),
        Layout::Pretty => serde_json::to_string_pretty(value).expect("a JSON value serializes"),
    };
    let mut stdout = io::stdout().lock();
    match writeln!(stdout, "{text}") {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ask-user-question: cannot write the output: {error}");
            ExitCode::FAILURE
        }
    }
}
