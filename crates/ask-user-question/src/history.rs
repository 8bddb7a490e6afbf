//! `ask-user-question history`: the questionnaires answered and abandoned, newest first, from
//! the inbox's store: when, who asked, in which project, how it ended, and for each question
//! what was offered, picked or typed, and the notes. A decision log to look back at.
//!
//! Every text comes from a model or a person: it is sanitized before it reaches the terminal.
//! Secret answers were never stored; they show as `(secret)`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ask_user_question::inbox::{home_as_tilde, open_store};
use ask_user_question_store::Record;
use clap::Args;
use serde_json::{Value, json};
use tea::text::{sanitize, sanitize_line};

use crate::exit::{EXIT_FAILURE, Layout, fail, print_json};

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Print the records as a JSON array instead of text.
    #[arg(long)]
    json: bool,
    /// Only questionnaires asked in DIR or a folder inside it (relative to the working
    /// directory).
    #[arg(long, value_name = "DIR")]
    project: Option<PathBuf>,
    /// Delete the questionnaires that ended more than AGE ago (90d, 12h, 30m) and print how
    /// many, instead of listing.
    #[arg(long, value_name = "AGE", value_parser = parse_age, allow_hyphen_values = true)]
    prune: Option<std::time::Duration>,
    /// The most questionnaires to list.
    #[arg(long, value_name = "N", default_value_t = 200)]
    limit: usize,
    /// The store to read [default: ASK_USER_QUESTION_STORE, else
    /// $XDG_STATE_HOME/ask-user-question/inbox.sqlite3].
    #[arg(long, value_name = "PATH")]
    store: Option<PathBuf>,
}

fn parse_age(text: &str) -> Result<std::time::Duration, String> {
    question::parse_span(text).map_err(|error| error.to_string())
}

pub fn history(args: &HistoryArgs) -> ExitCode {
    let store = match open_store(args.store.as_deref()) {
        Ok(store) => store,
        Err(error) => return fail(EXIT_FAILURE, error),
    };
    if let Some(age) = args.prune {
        return match store.prune(age) {
            Ok(count) => {
                let noun = if count == 1 {
                    "questionnaire"
                } else {
                    "questionnaires"
                };
                println!("pruned {count} {noun}");
                ExitCode::SUCCESS
            }
            Err(error) => fail(EXIT_FAILURE, error),
        };
    }
    let project = args.project.as_deref().map(resolved);
    let project = project.as_deref().map(|p| p.to_string_lossy().into_owned());
    let records = match store.history(project.as_deref(), args.limit) {
        Ok(records) => records,
        Err(error) => return fail(EXIT_FAILURE, error),
    };
    if args.json {
        let records: Vec<Value> = records.iter().map(record_json).collect();
        return print_json(&Value::Array(records), Layout::Pretty);
    }
    let home = std::env::var("HOME").ok();
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&record_text(record, home.as_deref()));
    }
    if records.is_empty() {
        out.push_str("No answered or abandoned questionnaires.\n");
    }
    print!("{out}");
    ExitCode::SUCCESS
}

/// `dir` as the absolute path hosts record (symlinks resolved when it exists).
fn resolved(dir: &Path) -> PathBuf {
    let absolute = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let path = std::fs::canonicalize(&absolute).unwrap_or(absolute);
    // `/a/b/` and `/a/b` are one project.
    match path.to_str().map(|p| p.trim_end_matches('/')) {
        Some(trimmed) if !trimmed.is_empty() => PathBuf::from(trimmed),
        _ => path,
    }
}

fn record_json(record: &Record) -> Value {
    let listed = &record.listed;
    json!({
        "id": listed.id,
        "host": listed.host,
        "project": listed.project,
        "title": listed.title,
        "postedMs": listed.posted_ms,
        "endedMs": record.ended_ms,
        "ended": local_time(record.ended_ms),
        "how": record.how,
        "surface": record.surface,
        "why": listed.ended,
        "questions": record.input["questions"],
        "details": record.details,
    })
}

/// How it ended, as a sentence: "answered in the inbox", "abandoned (Codex stopped waiting)".
fn how_it_ended(record: &Record) -> String {
    if record.how == "abandoned" {
        return match &record.listed.ended {
            Some(why) => format!("abandoned ({})", sanitize_line(why)),
            None => "abandoned".into(),
        };
    }
    let place = match record.surface.as_deref() {
        Some("inbox") => " in the inbox".to_string(),
        Some("terminal") => " in the terminal".to_string(),
        Some("web") => " on the web page".to_string(),
        Some("form") => " in the client's form".to_string(),
        Some(other) => format!(" in {}", sanitize_line(other)),
        None => String::new(),
    };
    format!("{}{place}", sanitize_line(&record.how))
}

/// One record as text: a heading line, the title, then each question.
fn record_text(record: &Record, home: Option<&str>) -> String {
    let listed = &record.listed;
    let mut out = format!(
        "{}  {}  {}  {}\n",
        local_time(record.ended_ms),
        sanitize_line(&listed.host),
        sanitize_line(&home_as_tilde(&listed.project, home)),
        how_it_ended(record),
    );
    out.push_str(&format!("  {}\n", sanitize_line(&listed.title)));
    let answers = record.details.as_ref().map(|details| &details["answers"]);
    for question in record.input["questions"].as_array().into_iter().flatten() {
        let id = question["id"].as_str().unwrap_or_default();
        let answer = answers.map_or(&Value::Null, |answers| &answers[id]);
        out.push_str(&question_text(question, answer));
    }
    out
}

fn question_text(question: &Value, answer: &Value) -> String {
    let text = |value: &Value| sanitize_line(value.as_str().unwrap_or_default());
    let mut out = format!(
        "  · {}: {}\n",
        text(&question["header"]),
        text(&question["prompt"])
    );
    let options: Vec<&Value> = question["options"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let label_of = |value: &str| {
        options
            .iter()
            .find(|option| option["value"] == value)
            .map_or_else(|| sanitize_line(value), |option| text(&option["label"]))
    };
    if !options.is_empty() {
        let offered: Vec<String> = options
            .iter()
            .map(|option| text(&option["label"]))
            .collect();
        out.push_str(&format!("      offered: {}\n", offered.join(", ")));
    }
    if answer["secret"] == true {
        out.push_str("      answer: (secret)\n");
        return out;
    }
    let picks: Vec<String> = answer["values"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(label_of)
        .collect();
    if !picks.is_empty() {
        out.push_str(&format!("      picked: {}\n", picks.join(", ")));
    }
    if let Some(typed) = answer["customText"].as_str() {
        out.push_str(&block("typed", typed));
    }
    if !answer["number"].is_null() {
        let number = match &answer["number"] {
            Value::String(text) => sanitize_line(text),
            other => other.to_string(),
        };
        out.push_str(&format!("      number: {number}\n"));
    }
    if let Some(note) = answer["note"].as_str() {
        out.push_str(&block("note", note));
    }
    for (value, note) in answer["optionNotes"].as_object().into_iter().flatten() {
        let label = format!("note on {}", label_of(value));
        out.push_str(&block(&label, note.as_str().unwrap_or_default()));
    }
    if answer.is_null() || answer["status"] == "skipped" && picks.is_empty() {
        out.push_str("      (not answered)\n");
    }
    out
}

/// `label: text`, the text's further lines indented under it.
fn block(label: &str, text: &str) -> String {
    let clean = sanitize(text);
    let mut lines = clean.lines();
    let mut out = format!("      {label}: {}\n", lines.next().unwrap_or_default());
    for line in lines {
        out.push_str(&format!("        {line}\n"));
    }
    out
}

/// `2026-12-04 14:03` in the local time zone.
fn local_time(ms: i64) -> String {
    let seconds: libc::time_t = (ms / 1000) as libc::time_t;
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // localtime_r is the thread-safe form; it reads TZ as the C library does.
    if unsafe { libc::localtime_r(&seconds, &mut tm) }.is_null() {
        return format!("@{}", ms / 1000);
    }
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        tm.tm_year + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min
    )
}
