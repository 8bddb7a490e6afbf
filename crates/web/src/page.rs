//! The questionnaire as one HTML page: a plain form that works without JavaScript. Every string
//! from the model is escaped ([`escape`]) or rendered through [`markdown::to_html`].
//!
//! The page's script (`assets/page.js`) only adds what a form cannot: saving drafts as they are
//! typed, the countdown, and showing that the questionnaire was answered elsewhere.

use std::fmt::Write;

use question::{AnswerShape, AnswerState, Label, Labels, Question, QuestionType, Questionnaire};

use crate::form::{Fields, Form};
use crate::html::{escape, escape_typed};
use crate::markdown;

/// What the page shows besides the questions.
#[derive(Debug, Clone, Default)]
pub struct PageState<'a> {
    /// The fields to fill in (a form sent back for review, or the drafts saved as typed).
    pub form: Option<&'a Form>,
    /// The answers of `form`, shown as the review (a submit with unanswered questions).
    pub review: Option<&'a AnswerState>,
    /// Seconds left while a time limit counts down.
    pub countdown: Option<u64>,
    /// A link back to the inbox's list with this text, for the page the inbox serves (at
    /// `/TOKEN/q/ID/`, so the list is `../../`).
    pub back: Option<&'a str>,
}

/// The whole page.
pub fn page(questionnaire: &Questionnaire, state: &PageState<'_>) -> String {
    let labels = &questionnaire.labels;
    let title = questionnaire
        .title
        .clone()
        .unwrap_or_else(|| labels.get(Label::AskUser).to_string());
    let mut html = String::with_capacity(8 * 1024);
    let _ = write!(
        html,
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"page.css\">\
         <script src=\"page.js\" defer></script></head><body><main>",
        title = escape(&title)
    );
    if let Some(back) = state.back {
        let _ = write!(
            html,
            "<nav class=\"back\"><a href=\"../../\">{}</a></nav>",
            escape(back)
        );
    }
    let _ = write!(html, "<header><h1>{}</h1>", escape(&title));
    if let Some(seconds) = state.countdown {
        let _ = write!(
            html,
            "<p class=\"countdown\" id=\"countdown\" data-seconds=\"{seconds}\" role=\"timer\">{}</p>",
            clock(seconds)
        );
    }
    // What the script says when the server is gone (the questionnaire ended with its host).
    let _ = write!(
        html,
        "</header><p id=\"closed\" class=\"banner\" role=\"status\" data-closed=\"{}\" hidden></p>",
        escape(labels.get(Label::PageClosed))
    );
    html.push_str("<form method=\"post\" action=\"answer\" id=\"questionnaire\">");
    if let Some(answers) = state.review {
        review(&mut html, labels, answers);
    }
    for (i, question) in questionnaire.questions.iter().enumerate() {
        let empty = Fields::default();
        let fields = state
            .form
            .and_then(|f| f.questions.get(i))
            .unwrap_or(&empty);
        question_html(&mut html, labels, i, question, fields);
    }
    let _ = write!(
        html,
        "<div class=\"actions\"><button type=\"submit\" name=\"action\" value=\"submit\" \
         class=\"primary\">{}</button><button type=\"submit\" name=\"action\" value=\"cancel\">{}</button></div>\
         </form></main></body></html>",
        escape(labels.get(Label::Submit)),
        escape(labels.get(Label::Cancel)),
    );
    html
}

/// A page that says the questionnaire is over (answered, here or elsewhere, or cancelled), in
/// the questionnaire's `message` label.
pub fn closed(questionnaire: &Questionnaire, message: Label) -> String {
    let message = questionnaire.labels.get(message);
    let title = questionnaire
        .title
        .clone()
        .unwrap_or_else(|| questionnaire.labels.get(Label::AskUser).to_string());
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"page.css\"></head><body><main>\
         <header><h1>{title}</h1></header><p class=\"banner\" role=\"status\">{}</p></main></body></html>",
        escape(message),
        title = escape(&title)
    )
}

/// `m:ss` (or `h:mm:ss`), as the terminal's countdown.
fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The review: each question with its answer, the warning, and the mark that lets the next
/// Submit send with unanswered questions.
fn review(html: &mut String, labels: &Labels, answers: &AnswerState) {
    let _ = write!(
        html,
        "<section class=\"review\" role=\"alert\" aria-labelledby=\"review-heading\">\
         <h2 id=\"review-heading\">{}</h2><ul>",
        escape(labels.get(Label::ReviewHeading))
    );
    for (question, answer) in answers.entries() {
        // Labels as the options show them; the person's own text as typed.
        let mut shown: Vec<String> = answer
            .picks
            .iter()
            .filter_map(|value| question.option(value))
            .map(|o| markdown::marked_html(o.shown_label()))
            .collect();
        if let Some(text) = &answer.custom_text {
            shown.push(if question.secret {
                "••••".to_string()
            } else {
                escape(text)
            });
        }
        let summary = if shown.is_empty() {
            let mut state = labels.get(Label::Unanswered).to_string();
            if question.required {
                state = format!("{state} ({})", labels.get(Label::Required));
            }
            format!("<span class=\"muted\">{}</span>", escape(&state))
        } else {
            shown.join(", ")
        };
        let _ = write!(
            html,
            "<li><strong>{}</strong>: {summary}</li>",
            escape(&question.header)
        );
    }
    let _ = write!(
        html,
        "</ul><p>{}</p><input type=\"hidden\" name=\"confirm\" value=\"1\"></section>",
        escape(labels.get(Label::RequiredPending))
    );
}

fn question_html(
    html: &mut String,
    labels: &Labels,
    i: usize,
    question: &Question,
    fields: &Fields,
) {
    let _ = write!(
        html,
        "<fieldset class=\"question\" id=\"q{i}\"><legend>{}",
        escape(&question.header)
    );
    if question.required {
        let _ = write!(
            html,
            " <span class=\"required\">({})</span>",
            escape(labels.get(Label::Required))
        );
    }
    let _ = write!(
        html,
        "</legend><div class=\"prompt\">{}</div>",
        markdown::plain_to_html(&question.prompt)
    );
    if let Some(context) = &question.context {
        let _ = write!(
            html,
            "<div class=\"context md\">{}</div>",
            markdown::to_html(context)
        );
    }
    match question.kind {
        QuestionType::Text => text_answer(html, labels, i, question, fields),
        QuestionType::Number => number_answer(html, labels, i, question, fields),
        QuestionType::Single | QuestionType::Multi | QuestionType::Confirm => {
            options(html, labels, i, question, fields)
        }
    }
    let _ = write!(
        html,
        "<details class=\"note\"{open}><summary>{}</summary>\
         <textarea name=\"n.{i}\" rows=\"2\" aria-label=\"{label}\">{}</textarea></details></fieldset>",
        escape(labels.get(Label::NoteForQuestion)),
        escape_typed(&fields.note),
        open = open_if(!fields.note.is_empty()),
        label = escape(&format!(
            "{}: {}",
            labels.get(Label::NoteForQuestion),
            question.header
        )),
    );
}

fn open_if(open: bool) -> &'static str {
    if open { " open" } else { "" }
}

fn checked_if(checked: bool) -> &'static str {
    if checked { " checked" } else { "" }
}

fn text_answer(html: &mut String, labels: &Labels, i: usize, question: &Question, fields: &Fields) {
    let placeholder = question
        .placeholder
        .as_deref()
        .map(|p| format!(" placeholder=\"{}\"", escape(p)))
        .unwrap_or_default();
    let label = escape(labels.get(Label::YourAnswer));
    if question.secret {
        let _ = write!(
            html,
            "<label class=\"answer\">{label}<input type=\"password\" name=\"t.{i}\" \
             autocomplete=\"off\" value=\"{}\"{placeholder}></label>",
            escape_typed(&fields.text)
        );
    } else {
        let _ = write!(
            html,
            "<label class=\"answer\">{label}<textarea name=\"t.{i}\" rows=\"3\"{placeholder}>{}</textarea></label>",
            escape_typed(&fields.text)
        );
    }
}

/// A number answer: the browser's number field with the question's bounds and step (whole
/// numbers unless the step has decimals), the unit after it; the server checks it again.
fn number_answer(
    html: &mut String,
    labels: &Labels,
    i: usize,
    question: &Question,
    fields: &Fields,
) {
    let spec = question.number.clone().unwrap_or_default();
    let mut attributes = String::new();
    if let Some(min) = spec.min {
        let _ = write!(attributes, " min=\"{}\"", min.to_json());
    }
    if let Some(max) = spec.max {
        let _ = write!(attributes, " max=\"{}\"", max.to_json());
    }
    let step = spec
        .step
        .map_or_else(|| "1".to_string(), |s| s.to_json().to_string());
    let inputmode = if spec.step.is_some_and(|s| s.places() > 0) {
        "decimal"
    } else {
        "numeric"
    };
    if let Some(placeholder) = &question.placeholder {
        let _ = write!(attributes, " placeholder=\"{}\"", escape(placeholder));
    }
    let unit = spec
        .unit
        .as_deref()
        .map(|unit| format!(" <span class=\"unit\">{}</span>", escape(unit)))
        .unwrap_or_default();
    let _ = write!(
        html,
        "<label class=\"answer\">{}<span class=\"number\"><input type=\"number\" name=\"t.{i}\" \
         step=\"{}\" inputmode=\"{inputmode}\" value=\"{}\"{attributes}>{unit}</span></label>",
        escape(labels.get(Label::YourAnswer)),
        escape(&step),
        escape_typed(&fields.text)
    );
}

fn options(html: &mut String, labels: &Labels, i: usize, question: &Question, fields: &Fields) {
    let kind = if question.kind.answer() == AnswerShape::Picks {
        "checkbox"
    } else {
        "radio"
    };
    html.push_str("<div class=\"options\">");
    for (j, option) in question.options.iter().enumerate() {
        let _ = write!(
            html,
            "<div class=\"option\"><label class=\"choice\"><input type=\"{kind}\" name=\"q.{i}\" \
             value=\"{j}\"{}><span class=\"label\">{}</span>",
            checked_if(fields.picks(j)),
            markdown::marked_html(option.shown_label())
        );
        // The mark says it, so a label's own "(Recommended)" is not shown twice.
        if option.recommended {
            let _ = write!(
                html,
                " <span class=\"recommended\">★ {}</span>",
                escape(labels.get(Label::Recommended))
            );
        }
        html.push_str("</label>");
        if let Some(description) = &option.description {
            let _ = write!(
                html,
                "<div class=\"description\">{}</div>",
                markdown::plain_to_html(description)
            );
        }
        if let Some(preview) = &option.preview {
            let _ = write!(
                html,
                "<details class=\"preview\"><summary>{}</summary><div class=\"md\">{}</div></details>",
                escape(labels.get(Label::Preview)),
                markdown::to_html(preview)
            );
        }
        let note = fields.option_notes.get(&j).map_or("", String::as_str);
        let _ = write!(
            html,
            "<details class=\"note\"{}><summary>{} {}</summary><textarea name=\"o.{i}.{j}\" \
             rows=\"2\" aria-label=\"{}\">{}</textarea></details></div>",
            open_if(!note.is_empty()),
            escape(labels.get(Label::NoteFor)),
            markdown::marked_html(option.shown_label()),
            escape(&format!(
                "{} {}",
                labels.get(Label::NoteFor),
                option.shown_label()
            )),
            escape_typed(note)
        );
    }
    if question.allows_custom_text() {
        let input = if question.secret {
            format!(
                "<input type=\"password\" name=\"t.{i}\" autocomplete=\"off\" value=\"{}\" aria-label=\"{}\">",
                escape_typed(&fields.text),
                escape(labels.get(Label::TypeSomething))
            )
        } else {
            format!(
                "<textarea name=\"t.{i}\" rows=\"2\" aria-label=\"{}\">{}</textarea>",
                escape(labels.get(Label::TypeSomething)),
                escape_typed(&fields.text)
            )
        };
        let _ = write!(
            html,
            "<div class=\"option custom\"><label class=\"choice\"><input type=\"{kind}\" name=\"q.{i}\" \
             value=\"custom\"{}><span class=\"label\">{}</span></label>{input}</div>",
            checked_if(fields.picks_custom()),
            escape(labels.get(Label::TypeSomething)),
        );
    }
    html.push_str("</div>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_model_string_is_escaped() {
        let evil = "<script>window.pwned=1</script>\"'><img src=x onerror=alert(1)>";
        let q = question::validate(&json!({
            "title": evil,
            "labels": {"submit": evil},
            "questions": [{"id": evil, "header": evil, "prompt": evil, "context": evil,
                "options": [{"value": evil, "label": evil, "description": evil, "preview": evil}]}]
        }))
        .unwrap();
        let html = page(&q, &PageState::default());
        assert!(!html.contains("<script>window"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("\"'>"), "{html}");
    }

    #[test]
    fn direction_controls_go_from_the_model_text_and_stay_in_what_was_typed() {
        let rlo = "\u{202e}";
        let q = question::validate(&json!({
            "title": format!("Deploy {rlo}yolpeD"),
            "labels": {"submit": format!("Send{rlo}")},
            "questions": [{"id": "why", "header": format!("Why{rlo}"), "prompt": "Why?",
                "type": "text", "placeholder": format!("a{rlo}b")},
                {"id": "pick", "header": "Pick", "prompt": "Pick?",
                "options": [{"value": "a", "label": format!("Approve{rlo}")}]}]
        }))
        .unwrap();
        let mut form = Form::parse(b"action=submit", &q).unwrap();
        form.questions[0].text = format!("typed {rlo}here");
        form.questions[1].note = format!("note {rlo}here");
        let state = PageState {
            form: Some(&form),
            ..PageState::default()
        };
        let html = page(&q, &state);
        assert_eq!(html.matches(rlo).count(), 2, "{html}");
        assert!(html.contains(&format!("typed {rlo}here")), "{html}");
        assert!(html.contains(&format!("note {rlo}here")), "{html}");
    }

    #[test]
    fn countdown_reads_like_the_terminal() {
        assert_eq!(clock(90), "1:30");
        assert_eq!(clock(3725), "1:02:05");
    }
}
