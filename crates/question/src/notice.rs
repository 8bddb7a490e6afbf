//! What a notification says when a questionnaire is waiting for someone: its title and how many
//! questions wait. Hosts make it safe for their terminal (see tea's `runtime::Attention`).

use crate::questionnaire::Questionnaire;

/// The title used when the questionnaire has none and more than one question.
const UNTITLED: &str = "Questions";

/// A notification's title and body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub title: String,
    pub body: String,
}

/// `{title, body}` for a waiting questionnaire: its title (else the header of its only question,
/// else "Questions") and "1 question is waiting for you" / "3 questions are waiting for you".
pub fn waiting_notice(questionnaire: &Questionnaire) -> Notice {
    let count = questionnaire.questions.len();
    let title = match (&questionnaire.title, questionnaire.questions.as_slice()) {
        (Some(title), _) if !title.trim().is_empty() => title.clone(),
        (_, [only]) => only.header.clone(),
        _ => UNTITLED.to_string(),
    };
    let body = if count == 1 {
        "1 question is waiting for you".to_string()
    } else {
        format!("{count} questions are waiting for you")
    };
    Notice { title, body }
}
