//! `validate`: every problem of an input, as JSON on stdout and lines on stderr.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;

use crate::exit::{EXIT_INVALID_INPUT, Layout, fail, note, print_json};
use crate::input::{self, Input, InputError};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The questionnaire JSON file, or `-` for standard input.
    #[arg(value_name = "FILE|-")]
    input: Input,
}

/// Prints `{"valid":true}` (exit 0) or `{"valid":false,"issues":[…]}` (exit 2).
pub fn validate(args: &ValidateArgs) -> ExitCode {
    let input = &args.input;
    let value = match input.read_json() {
        Ok(value) => value,
        Err(error) => return fail(EXIT_INVALID_INPUT, error),
    };
    let report = question::validate_report(&value, question::ValidateOptions::default());
    let warnings: Vec<&question::Issue> = report.ignored.iter().collect();
    match &report.questionnaire {
        Ok(_) => {
            if !warnings.is_empty() {
                let noun = if warnings.len() == 1 { "key" } else { "keys" };
                note(format!("{input}: {} {noun} ignored", warnings.len()));
                for warning in &warnings {
                    let _ = writeln!(io::stderr(), "  {warning}");
                }
            }
            print_json(&input::verdict(&[], &warnings), Layout::OneLine)
        }
        Err(problems) => {
            let mut issues = problems.clone();
            issues.extend(report.ignored.iter().cloned());
            note(InputError::Invalid {
                input: input.clone(),
                issues,
            });
            let problems: Vec<&question::Issue> = problems.iter().collect();
            print_json(&input::verdict(&problems, &warnings), Layout::OneLine);
            ExitCode::from(EXIT_INVALID_INPUT)
        }
    }
}
