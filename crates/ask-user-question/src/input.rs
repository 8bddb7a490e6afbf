//! Where a questionnaire comes from and how it is read: a file, standard input, or the embedded
//! demo; every failure names the input and, for JSON, the line and column.

use std::fmt;
use std::io::{self, Read};
use std::path::PathBuf;

use question::{Issue, Questionnaire};
use serde_json::Value;

/// The demo shown when the program is started in a terminal with no input.
const DEMO: &str = include_str!("../../../assets/demo.json");

/// Where the questionnaire JSON comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    Stdin,
    File(PathBuf),
    Demo,
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
            Input::Demo => f.write_str("<demo>"),
        }
    }
}

/// Why the input is not a questionnaire we can show.
#[derive(Debug)]
pub enum InputError {
    Unreadable {
        input: Input,
        error: io::Error,
    },
    /// Nothing but whitespace.
    Empty {
        input: Input,
    },
    NotJson {
        input: Input,
        error: serde_json::Error,
    },
    Invalid {
        input: Input,
        issues: Vec<Issue>,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Unreadable { input, error } => write!(f, "cannot read {input}: {error}"),
            InputError::Empty { input } => {
                write!(f, "{input} is empty: expected questionnaire JSON")
            }
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
            InputError::Invalid { input, issues } => {
                let noun = if issues.len() == 1 {
                    "problem"
                } else {
                    "problems"
                };
                write!(f, "{input}: {} {noun}", issues.len())?;
                for issue in issues {
                    write!(f, "\n  {issue}")?;
                }
                Ok(())
            }
        }
    }
}

impl Input {
    /// The input's text, as read.
    pub fn read_text(&self) -> Result<String, InputError> {
        match self {
            Input::Stdin => {
                let mut text = String::new();
                io::stdin().read_to_string(&mut text).map(|_| text)
            }
            Input::File(path) => std::fs::read_to_string(path),
            Input::Demo => Ok(DEMO.to_string()),
        }
        .map_err(|error| InputError::Unreadable {
            input: self.clone(),
            error,
        })
    }

    /// The input parsed as JSON.
    pub fn read_json(&self) -> Result<Value, InputError> {
        let text = self.read_text()?;
        if text.trim().is_empty() {
            return Err(InputError::Empty {
                input: self.clone(),
            });
        }
        serde_json::from_str(&text).map_err(|error| InputError::NotJson {
            input: self.clone(),
            error,
        })
    }

    /// The input read, parsed and validated.
    pub fn read_questionnaire(&self) -> Result<Questionnaire, InputError> {
        let value = self.read_json()?;
        question::validate(&value).map_err(|issues| InputError::Invalid {
            input: self.clone(),
            issues,
        })
    }
}
