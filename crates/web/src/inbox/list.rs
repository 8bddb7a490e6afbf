//! The inbox's pages: the list (its rows drawn here first, then kept up to date by
//! `assets/inbox.js` from the same rows as JSON), and the page that says a questionnaire
//! cannot be answered here. Every string from the store, which holds the model's text, is
//! escaped here, and set as text (never as markup) by the script.

use std::fmt::Write;

use serde_json::json;

use super::Entry;
use crate::html::escape;

/// The link back to the list on a questionnaire's page.
pub const BACK: &str = "‹ Inbox";

/// What the list says of a questionnaire with a secret question.
const SECRET: &str = "Has a secret question: answer it where it was asked";

/// A row as the page shows it, the same for the HTML and the JSON.
struct Shown<'a> {
    id: i64,
    /// `open` (a link to its page), `secret` or `ended` (listed, not a link).
    kind: &'static str,
    title: &'a str,
    /// Who asks, and the project.
    who: String,
    /// "2 questions · 12 s", or why it cannot be answered here.
    state: String,
}

impl<'a> Shown<'a> {
    fn of(entry: &'a Entry) -> Shown<'a> {
        let (kind, state) = match (&entry.ended, entry.secret) {
            (Some(why), _) => ("ended", why.clone()),
            (None, true) => ("secret", SECRET.to_string()),
            (None, false) => (
                "open",
                format!("{} · {}", count(entry.questions), entry.waited),
            ),
        };
        let who = match entry.project.is_empty() {
            true => entry.host.clone(),
            false => format!("{} · {}", entry.host, entry.project),
        };
        Shown {
            id: entry.id,
            kind,
            title: &entry.title,
            who,
            state,
        }
    }
}

/// "1 question", "3 questions".
fn count(questions: usize) -> String {
    match questions {
        1 => "1 question".to_string(),
        n => format!("{n} questions"),
    }
}

/// "2 waiting": those that can still be answered.
fn waiting(entries: &[Entry]) -> String {
    let n = entries.iter().filter(|entry| entry.ended.is_none()).count();
    format!("{n} waiting")
}

/// The rows as JSON for the page's script: `{count, heading, rows: [{id, kind, title, who,
/// state}]}`.
pub fn rows_json(entries: &[Entry]) -> String {
    let count = waiting(entries);
    let rows: Vec<_> = entries
        .iter()
        .map(|entry| {
            let shown = Shown::of(entry);
            json!({"id": shown.id, "kind": shown.kind, "title": shown.title, "who": shown.who,
                   "state": shown.state})
        })
        .collect();
    json!({"heading": format!("Inbox · {count}"), "count": count, "rows": rows}).to_string()
}

/// The store's failure as JSON, for the script to show while it retries.
pub fn error_json(error: &str) -> String {
    json!({ "error": error }).to_string()
}

fn head(html: &mut String, title: &str, refresh: bool) {
    let _ = write!(
        html,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{}</title><link rel=\"stylesheet\" href=\"page.css\">",
        escape(title)
    );
    if refresh {
        // Without the script the list still follows the store, by reloading.
        html.push_str(
            "<link rel=\"stylesheet\" href=\"inbox.css\"><script src=\"inbox.js\" defer></script>\
             <noscript><meta http-equiv=\"refresh\" content=\"2\"></noscript>",
        );
    }
    html.push_str("</head><body>");
}

/// The list page: a notice (what became of the last answer) or the store's failure above the
/// rows.
pub fn page(entries: &[Entry], notice: Option<&str>, error: Option<&str>) -> String {
    let count = waiting(entries);
    let mut html = String::with_capacity(2048 + entries.len() * 256);
    head(&mut html, &format!("Inbox · {count}"), true);
    let _ = write!(
        html,
        "<main class=\"inbox\"><header><h1>Inbox</h1><p class=\"count\" id=\"count\">{}</p></header>",
        escape(&count)
    );
    if let Some(notice) = notice {
        let _ = write!(
            html,
            "<p class=\"banner\" id=\"notice\" role=\"status\">{}</p>",
            escape(notice)
        );
    }
    // Filled by the script when the store fails or the inbox has stopped.
    let _ = write!(
        html,
        "<p class=\"banner problem\" id=\"problem\" role=\"alert\"{}>{}</p>",
        if error.is_some() { "" } else { " hidden" },
        escape(&error.map(store_failed).unwrap_or_default())
    );
    html.push_str("<ul class=\"rows\" id=\"rows\">");
    for entry in entries {
        row(&mut html, &Shown::of(entry));
    }
    let _ = write!(
        html,
        "</ul><div class=\"empty\" id=\"empty\"{}><p><strong>No questionnaires waiting</strong></p>\
         <p class=\"muted\">Questionnaires asked with --inbox show up here.</p></div></main></body></html>",
        if entries.is_empty() { "" } else { " hidden" }
    );
    html
}

/// What the list says while the store fails (the script says the same).
fn store_failed(error: &str) -> String {
    format!("store: {error} (retrying)")
}

/// One row; `assets/inbox.js` builds the same markup from the JSON.
fn row(html: &mut String, shown: &Shown<'_>) {
    let (open, close) = match shown.kind {
        "open" => (format!("<a href=\"q/{}/\">", shown.id), "</a>"),
        _ => ("<div>".to_string(), "</div>"),
    };
    let _ = write!(
        html,
        "<li class=\"row {kind}\" data-id=\"{id}\" data-kind=\"{kind}\">{open}\
         <span class=\"title\">{}</span><span class=\"who\">{}</span><span class=\"state\">{}</span>\
         {close}</li>",
        escape(shown.title),
        escape(&shown.who),
        escape(&shown.state),
        kind = shown.kind,
        id = shown.id,
    );
}

/// The page for a questionnaire that cannot be answered here (answered elsewhere, given up,
/// secret, gone): its title, why, and the way back to the list. Served under `q/ID/`.
pub fn over(title: &str, message: &str) -> String {
    let mut html = String::with_capacity(1024);
    head(&mut html, title, false);
    let _ = write!(
        html,
        "<main><nav class=\"back\"><a href=\"../../\">{}</a></nav><header><h1>{}</h1></header>\
         <p class=\"banner\" role=\"status\">{}</p></main></body></html>",
        escape(BACK),
        escape(title),
        escape(message)
    );
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    const EVIL: &str = "\"'><script>window.pwned=1</script><img src=x onerror=alert(1)>";

    fn entry(id: i64) -> Entry {
        Entry {
            id,
            host: EVIL.into(),
            project: EVIL.into(),
            title: EVIL.into(),
            questions: 2,
            secret: false,
            waited: "12 s".into(),
            ended: None,
        }
    }

    #[test]
    fn every_string_from_the_store_is_escaped() {
        let mut secret = entry(2);
        secret.secret = true;
        let mut ended = entry(3);
        ended.ended = Some(EVIL.into());
        let html = page(&[entry(1), secret, ended], Some(EVIL), Some(EVIL));
        assert!(!html.contains("<script>window"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("\"'>"), "{html}");
        let html = over(EVIL, EVIL);
        assert!(
            !html.contains("<script>window") && !html.contains("<img"),
            "{html}"
        );
    }

    #[test]
    fn only_a_waiting_questionnaire_without_secrets_is_a_link() {
        let mut secret = entry(2);
        secret.secret = true;
        let mut ended = entry(3);
        ended.ended = Some("Codex stopped waiting".into());
        let html = page(&[entry(1), secret, ended], None, None);
        assert!(html.contains("<a href=\"q/1/\">"));
        assert!(!html.contains("q/2/") && !html.contains("q/3/"));
        assert!(html.contains(SECRET) && html.contains("Codex stopped waiting"));
        assert!(html.contains("2 questions · 12 s"));
        let json: serde_json::Value =
            serde_json::from_str(&rows_json(&[entry(1), entry(4)])).unwrap();
        assert_eq!(json["count"], "2 waiting");
        assert_eq!(json["rows"][0]["kind"], "open");
        assert_eq!(json["rows"][1]["id"], 4);
    }
}
