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
                )?;
                // Only standard input over COPY_LIMIT gets here with one: other input is read
                // again, repaired.
                if question::is_surrogate_error(error) {
                    write!(
                        f,
                        " (a lone UTF-16 surrogate escape; it reads as U+FFFD in a file, or on \
                         standard input of at most 4 MiB)"
                    )?;
                }
                Ok(())
            }
            InputError::Invalid { input, issues } => {
                let (problems, warnings) = split_warnings(issues);
                let noun = if problems.len() == 1 {
                    "problem"
                } else {
                    "problems"
                };
                write!(f, "{input}: {} {noun}", problems.len())?;
                for issue in problems.iter().chain(&warnings) {
                    write!(f, "\n  {issue}")?;
                }
                Ok(())
            }
        }
    }
}

impl Input {
    /// The input parsed as JSON. It is parsed as it is read, so the text and the value are
    /// never both in memory (for a long prompt or preview they would double the peak).
    pub fn read_json(&self) -> Result<Value, InputError> {
        let unreadable = |error| InputError::Unreadable {
            input: self.clone(),
            error,
        };
        let mut reader = Watched {
            // Standard input cannot be read again, so a copy of a small one is kept while it
            // is read, for the rare input that must be parsed again.
            copy: matches!(self, Input::Stdin).then(Vec::new),
            ..Watched::default()
        };
        let parsed = match self {
            Input::Stdin => reader.parse(io::stdin().lock()),
            Input::File(path) => reader.parse(std::fs::File::open(path).map_err(unreadable)?),
            Input::Demo => reader.parse(DEMO.as_bytes()),
        };
        if let Some(error) = reader.error {
            return Err(unreadable(error));
        }
        if !reader.visible {
            return Err(InputError::Empty {
                input: self.clone(),
            });
        }
        let parsed = match parsed {
            Err(error) if question::is_surrogate_error(&error) => {
                self.reparsed(reader.copy).unwrap_or(Err(error))
            }
            parsed => parsed,
        };
        parsed.map_err(|error| InputError::NotJson {
            input: self.clone(),
            error,
        })
    }

    /// The input read again as text (standard input from its copy, when it was small enough
    /// to keep one) and parsed with its lone surrogate escapes read as U+FFFD
    /// (`question::parse_json`).
    fn reparsed(&self, copy: Option<Vec<u8>>) -> Option<serde_json::Result<Value>> {
        let text = match self {
            Input::Stdin => String::from_utf8(copy?).ok()?,
            Input::File(path) => std::fs::read_to_string(path).ok()?,
            Input::Demo => DEMO.to_string(),
        };
        Some(question::parse_json(
            text.strip_prefix('\u{feff}').unwrap_or(&text),
        ))
    }

    /// The input read, parsed and validated.
    pub fn read_questionnaire(&self) -> Result<Questionnaire, InputError> {
        self.read_validated()
            .map(|(_, questionnaire)| questionnaire)
    }

    /// The input read, parsed and validated, with the JSON it was read from (what the inbox
    /// is sent).
    pub fn read_validated(&self) -> Result<(Value, Questionnaire), InputError> {
        let value = self.read_json()?;
        let questionnaire = question::validate(&value).map_err(|issues| InputError::Invalid {
            input: self.clone(),
            issues,
        })?;
        Ok((value, questionnaire))
    }
}

/// The problems and, apart, the warnings (ignored keys) of a validation.
pub fn split_warnings(issues: &[Issue]) -> (Vec<&Issue>, Vec<&Issue>) {
    issues.iter().partition(|issue| !issue.is_warning())
}

/// `{"valid": …, "issues": […], "warnings": […]}` as `validate` prints it: `issues` when there
/// are problems, `warnings` when keys were ignored.
pub fn verdict(problems: &[&Issue], warnings: &[&Issue]) -> Value {
    let mut verdict = serde_json::json!({ "valid": problems.is_empty() });
    if !problems.is_empty() {
        verdict["issues"] = serde_json::json!(problems);
    }
    if !warnings.is_empty() {
        verdict["warnings"] = serde_json::json!(warnings);
    }
    verdict
}

/// What the JSON parser read: whether anything but whitespace came, and the read error that
/// stopped it (the parser itself reports a read error as bad JSON).
#[derive(Default)]
struct Watched {
    visible: bool,
    error: Option<io::Error>,
    /// Whether the first bytes were read (a byte-order mark there is skipped).
    started: bool,
    /// The bytes read, when asked for and while they are at most [`COPY_LIMIT`]: a copy of a
    /// larger input would double the peak of memory for a rare repair.
    copy: Option<Vec<u8>>,
}

/// The most of standard input kept to parse it again.
const COPY_LIMIT: usize = 4 << 20;

impl Watched {
    fn parse(&mut self, mut source: impl Read) -> serde_json::Result<Value> {
        // The buffer goes outside: the parser reads byte by byte, which std makes fast for a
        // `BufReader` it owns only.
        let parsed = serde_json::from_reader(io::BufReader::with_capacity(
            1 << 16,
            Reader {
                source: &mut source,
                watched: self,
            },
        ));
        // The parser stops at a bad escape; a copy must hold the rest too.
        if self.copy.is_some() && parsed.as_ref().is_err_and(question::is_surrogate_error) {
            let mut rest = Reader {
                source: &mut source,
                watched: self,
            };
            let _ = io::copy(&mut rest, &mut io::sink());
        }
        parsed
    }
}

struct Reader<'a, R> {
    source: R,
    watched: &'a mut Watched,
}

impl<R: Read> Read for Reader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut read = self.source.read(buf);
        // Windows editors start UTF-8 files with a byte-order mark, which JSON does not allow;
        // it says nothing, so it is skipped.
        if let Ok(n) = &mut read
            && *n > 0
            && !std::mem::replace(&mut self.watched.started, true)
            && buf[..*n].starts_with(b"\xef\xbb\xbf")
        {
            buf.copy_within(3..*n, 0);
            *n -= 3;
            if *n == 0 {
                return self.read(buf);
            }
        }
        if let (Ok(n), Some(copy)) = (&read, &mut self.watched.copy) {
            if copy.len() + n <= COPY_LIMIT {
                copy.extend_from_slice(&buf[..*n]);
            } else {
                self.watched.copy = None;
            }
        }
        match &read {
            Ok(n) if !self.watched.visible => {
                self.watched.visible = buf[..*n].iter().any(|b| !b.is_ascii_whitespace());
            }
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => {
                self.watched.error = Some(io::Error::new(error.kind(), error.to_string()));
            }
        }
        read
    }
}
