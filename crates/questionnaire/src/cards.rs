//! Transcript cards (docs/behaviour.md#transcript-cards): the tool call, drawn from possibly partial (streaming)
//! arguments, and its result, drawn from `details`. Pure functions of JSON and a width: a field
//! that is absent or of the wrong type reads as absent, nothing panics, and every row fits.
//!
//! Both cards carry a [`Tone`] — neutral while pending or cancelled, success when submitted,
//! error for `no_ui` and invalid input — drawn as a colored bar in front of every row, so the
//! call and its result read as one card.

use question::{Label, Labels, QuestionType};
use serde_json::{Map, Value};
use tea::text::{sanitize_line, truncate, truncate_line, width};
use tea::{Line, Slot, Span, Style};

use crate::kind::Traits;
use crate::marks::marked_spans;
use crate::secret;

/// The card's border tone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Neutral,
    Success,
    Error,
}

impl Tone {
    /// The tone of a finished call: error for `no_ui`/`invalid_questions`, success when
    /// submitted, neutral when cancelled or aborted.
    pub fn of(details: &Value) -> Tone {
        match details.get("error").and_then(Value::as_str) {
            Some("no_ui") | Some("invalid_questions") => Tone::Error,
            Some(_) => Tone::Neutral,
            None if flag(details, "cancelled") => Tone::Neutral,
            None => Tone::Success,
        }
    }

    pub fn slot(self) -> Slot {
        match self {
            Tone::Neutral => Slot::BorderMuted,
            Tone::Success => Slot::Success,
            Tone::Error => Slot::Error,
        }
    }
}

/// The call card, neutral (the call is pending).
pub fn call_card(args: &Value, width: u16) -> Vec<Line> {
    call_card_toned(args, width, Tone::Neutral)
}

/// The result card, in the tone of its outcome.
pub fn result_card(details: &Value, width: u16) -> Vec<Line> {
    result_card_toned(details, width, Tone::of(details))
}

/// The call card in a given tone (a host that knows the outcome draws the call in its tone):
/// `ask_user_question · 3 questions (Approach, Scope, Format)`, then one row per question
/// with its option labels.
pub fn call_card_toned(args: &Value, width: u16, tone: Tone) -> Vec<Line> {
    // The shapes validation reads, so the card shows what will be asked: a list, one question
    // object, either sent as JSON text; or arguments that are one question (Copilot CLI, Cline).
    let decoded;
    let questions = match args.get("questions") {
        Some(Value::String(text)) => {
            decoded = serde_json::from_str::<Value>(text).unwrap_or_default();
            questions_in(&decoded)
        }
        Some(questions) => questions_in(questions),
        None if args.get("question").is_some() || args.get("prompt").is_some() => {
            std::slice::from_ref(args)
        }
        None => &[],
    };
    let labels = labels_of(args);
    let mut title = Line::styled("ask_user_question", Style::fg(Slot::Title).bold());
    if !questions.is_empty() {
        let headers: Vec<String> = questions.iter().filter_map(header_of).collect();
        let noun = if questions.len() == 1 {
            "question"
        } else {
            "questions"
        };
        let mut summary = format!(" · {} {noun}", questions.len());
        if !headers.is_empty() {
            summary.push_str(&format!(" ({})", headers.join(", ")));
        }
        title.push(Span::styled(summary, Style::fg(Slot::Muted)));
    }
    let mut lines = vec![title];
    for question in questions {
        let mut line = Line::styled("  ", Style::default());
        if let Some(header) = header_of(question) {
            line.push(Span::styled(format!("{header}: "), Style::fg(Slot::Text)));
        }
        let options: Vec<String> = ["options", "choices", "follow_up"]
            .iter()
            .find_map(|key| question.get(*key).and_then(Value::as_array))
            .map(|options| options.iter().filter_map(option_text).collect())
            .unwrap_or_default();
        let yes_no = text(question, "type").is_some_and(|kind| {
            kind.trim().eq_ignore_ascii_case("yesno")
                || QuestionType::parse(&kind).is_some_and(|kind| Traits::of(kind).yes_no)
        });
        if !options.is_empty() {
            let options = options.join(" · ");
            line.spans
                .extend(marked_spans(&options, &Style::fg(Slot::Muted)));
        } else if yes_no {
            line.push(Span::styled(
                format!("{} · {}", labels.get(Label::Yes), labels.get(Label::No)),
                Style::fg(Slot::Muted),
            ));
        } else if let Some(prompt) = text(question, "prompt").or_else(|| text(question, "question"))
        {
            line.spans
                .extend(marked_spans(&prompt, &Style::fg(Slot::Muted).italic()));
        }
        // A question with nothing to show yet (still streaming, or nothing readable) adds no
        // empty row.
        if line.spans.len() > 1 {
            lines.push(line);
        }
    }
    toned(lines, width, tone)
}

/// The result card in a given tone: one row per question with its header in an aligned
/// column (`✓ label`, quoted custom text, `○ skipped`), indented `✎` notes, then a
/// Cancelled line, or the error.
pub fn result_card_toned(details: &Value, width: u16, tone: Tone) -> Vec<Line> {
    let labels = labels_of(details);
    let questions = details
        .get("questions")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let empty = Map::new();
    let answers = details
        .get("answers")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let inner = (width as usize).saturating_sub(2);
    let header_width = questions
        .iter()
        .filter_map(header_of)
        .map(|h| width_of(&h))
        .max()
        .unwrap_or(0)
        .min(inner / 3);
    let mut lines = Vec::new();
    for question in questions {
        let header = header_of(question).unwrap_or_default();
        let header = truncate(&header, header_width);
        let mut line = Line::styled(
            format!("{header}{}  ", " ".repeat(header_width - width_of(&header))),
            Style::fg(Slot::Text).bold(),
        );
        let answer = text(question, "id").and_then(|id| answers.get(&id));
        let answered = answer.and_then(|a| text(a, "status")).as_deref() == Some("answered");
        let indent = " ".repeat(header_width + 2);
        if answered {
            let answer = answer.unwrap_or(&Value::Null);
            let mut first = true;
            let picks = answer
                .get("labels")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            for label in picks.iter().filter_map(Value::as_str) {
                if !first {
                    line.push(Span::plain("  "));
                }
                first = false;
                line.push(Span::styled("✓ ", Style::fg(Slot::Success)));
                let label = sanitize_line(label);
                line.spans
                    .extend(marked_spans(&label, &Style::fg(Slot::Text)));
            }
            if let Some(custom) = text(answer, "customText") {
                if !first {
                    line.push(Span::plain("  "));
                }
                let custom = if flag(question, "secret") {
                    secret::HIDDEN.to_string()
                } else {
                    custom
                };
                line.push(Span::styled(
                    format!("“{custom}”"),
                    Style::fg(Slot::Text).italic(),
                ));
            }
            if let Some(number) = number_text(question, answer) {
                if !first {
                    line.push(Span::plain("  "));
                }
                line.push(Span::styled("✓ ", Style::fg(Slot::Success)));
                line.push(Span::styled(number, Style::fg(Slot::Text)));
            }
        } else {
            line.push(Span::styled(
                format!("○ {}", sanitize_line(labels.get(Label::Skipped))),
                Style::fg(Slot::Muted),
            ));
        }
        lines.push(line);
        if let Some(answer) = answer {
            if let Some(note) = text(answer, "note") {
                lines.push(note_line(&indent, None, &note));
            }
            if let Some(notes) = answer.get("optionNotes").and_then(Value::as_object) {
                for (value, note) in notes {
                    let Some(note) = note.as_str() else { continue };
                    let option =
                        option_label(question, value).unwrap_or_else(|| sanitize_line(value));
                    lines.push(note_line(&indent, Some(&option), &sanitize_line(note)));
                }
            }
            if let Some(draft) = answer.get("draft") {
                lines.extend(draft_lines(&indent, question, draft, &labels));
            }
        }
    }
    match details.get("error").and_then(Value::as_str) {
        Some("no_ui") => lines.push(Line::styled(
            format!("✗ {}: No UI", sanitize_line(labels.get(Label::Error))),
            Style::fg(Slot::Error).bold(),
        )),
        Some("invalid_questions") => {
            lines.push(Line::styled(
                format!(
                    "✗ {}: invalid questions",
                    sanitize_line(labels.get(Label::Error))
                ),
                Style::fg(Slot::Error).bold(),
            ));
            let issues = details
                .get("issues")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default();
            for issue in issues {
                // The whole input's path is empty; the model's text calls it `(input)` too.
                let path = text(issue, "path").unwrap_or_else(|| "(input)".into());
                let message = text(issue, "message").unwrap_or_default();
                lines.push(Line::styled(
                    format!("  {path}: {message}"),
                    Style::fg(Slot::Error),
                ));
            }
        }
        // Nobody answered within the host's time limit: say so, not just "Cancelled".
        Some("timed_out") => lines.push(Line::styled(
            sanitize_line(labels.get(Label::TimedOut)),
            Style::fg(Slot::Warning),
        )),
        _ if flag(details, "cancelled") => lines.push(Line::styled(
            sanitize_line(labels.get(Label::CancelledKept)),
            Style::fg(Slot::Warning),
        )),
        _ => {}
    }
    toned(lines, width, tone)
}

/// A number answer with its question's unit (`8 workers`); masked on a secret question.
fn number_text(question: &Value, answer: &Value) -> Option<String> {
    let number = answer.get("number").filter(|number| number.is_number())?;
    if flag(question, "secret") {
        return Some(secret::HIDDEN.to_string());
    }
    Some(match text(question, "unit") {
        Some(unit) => format!("{number} {}", sanitize_line(&unit)),
        None => number.to_string(),
    })
}

/// Unsent text, muted, so the transcript keeps it too: `✎ draft: “…”`, `✎ draft note: …`,
/// `✎ draft note on Option: …` (one row each, cut to the card's width later).
fn draft_lines(indent: &str, question: &Value, draft: &Value, labels: &Labels) -> Vec<Line> {
    let word = sanitize_line(labels.get(Label::Draft));
    let muted = Style::fg(Slot::Muted).italic();
    let row = |text: String| {
        Line::new(vec![
            Span::plain(indent.to_string()),
            Span::styled(text, muted.clone()),
        ])
    };
    let mut lines = Vec::new();
    if let Some(text) = text(draft, "text") {
        let text = if flag(question, "secret") {
            secret::HIDDEN.to_string()
        } else {
            sanitize_line(&text)
        };
        lines.push(row(format!("✎ {word}: “{text}”")));
    }
    let note_word = sanitize_line(labels.get(Label::Note));
    if let Some(note) = text(draft, "note") {
        lines.push(row(format!(
            "✎ {word} · {note_word}: {}",
            sanitize_line(&note)
        )));
    }
    if let Some(notes) = draft.get("optionNotes").and_then(Value::as_object) {
        for (value, note) in notes {
            let Some(note) = note.as_str() else { continue };
            let option = option_label(question, value).unwrap_or_else(|| sanitize_line(value));
            lines.push(row(format!(
                "✎ {word} · {note_word} · {option}: {}",
                sanitize_line(note)
            )));
        }
    }
    lines
}

fn note_line(indent: &str, option: Option<&str>, note: &str) -> Line {
    let text = match option {
        Some(option) => format!("✎ {option}: {note}"),
        None => format!("✎ {note}"),
    };
    Line::new(vec![
        Span::plain(indent.to_string()),
        Span::styled(text, Style::fg(Slot::Accent)),
    ])
}

/// Prefixes every row with the tone's bar and cuts it to `width`.
fn toned(lines: Vec<Line>, width: u16, tone: Tone) -> Vec<Line> {
    let width = width as usize;
    lines
        .into_iter()
        .map(|line| {
            let mut row = Line::styled("│ ", Style::fg(tone.slot()));
            row.spans.extend(line.spans);
            truncate_line(&row, width)
        })
        .collect()
}

/// A sanitized, non-blank string field.
fn text(value: &Value, key: &str) -> Option<String> {
    value
        .get(key)
        .and_then(Value::as_str)
        .map(sanitize_line)
        .filter(|s| !s.trim().is_empty())
}

fn flag(value: &Value, key: &str) -> bool {
    value.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// A question's header; the compatible shape's `question`, or the id, while it streams in.
fn header_of(question: &Value) -> Option<String> {
    text(question, "header")
        .or_else(|| text(question, "id"))
        .map(|h| truncate(&h, 40))
}

/// The questions in a `questions` value: the list, or a list of the one question object.
fn questions_in(questions: &Value) -> &[Value] {
    match questions {
        Value::Array(items) => items,
        Value::Object(_) => std::slice::from_ref(questions),
        _ => &[],
    }
}

/// What an option of the call shows: its label (a string option is one), else its value.
fn option_text(option: &Value) -> Option<String> {
    match option {
        Value::String(label) => Some(sanitize_line(label)).filter(|s| !s.trim().is_empty()),
        Value::Number(number) => Some(question::plain_number(number)),
        _ => text(option, "label")
            .or_else(|| text(option, "text"))
            .or_else(|| text(option, "value")),
    }
}

fn option_label(question: &Value, value: &str) -> Option<String> {
    question
        .get("options")?
        .as_array()?
        .iter()
        .find(|o| o.get("value").and_then(Value::as_str) == Some(value))
        .and_then(|o| text(o, "label"))
}

/// The call's label overrides (the args' or the echoed `details.labels`); bad values are ignored.
fn labels_of(value: &Value) -> Labels {
    let Some(map) = value.get("labels").and_then(Value::as_object) else {
        return Labels::english();
    };
    Labels::with_overrides(map.iter().filter_map(|(key, text)| {
        let label = Label::from_key(key)?;
        let text = text.as_str().filter(|t| !t.trim().is_empty())?;
        Some((label, text))
    }))
}

fn width_of(text: &str) -> usize {
    width(text)
}
