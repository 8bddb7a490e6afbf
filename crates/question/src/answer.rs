//! The pure answer state (`docs/behaviour.md#answers`): one answer per question, changed only by
//! transitions that return a new state.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use crate::number::{Decimal, NumberError};
use crate::questionnaire::{AnswerShape, Question, QuestionType, Questionnaire};

/// What the user recorded for one question.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// Picked option values, in option order.
    pub picks: Vec<String>,
    /// Free text (single: instead of a pick; multi: besides the picks; text: the answer).
    pub custom_text: Option<String>,
    /// A number question's answer, as typed (`8`, `2.50`).
    pub number: Option<Decimal>,
    /// A note on the whole question.
    pub note: Option<String>,
    /// Notes on options, as (value, note), in option order; the options need not be picked.
    pub option_notes: Vec<(String, String)>,
}

impl Answer {
    /// At least one pick, custom text or a number; otherwise the question counts as skipped.
    pub fn is_answered(&self) -> bool {
        !self.picks.is_empty() || self.custom_text.is_some() || self.number.is_some()
    }

    /// The note on the option with `value`.
    pub fn option_note(&self, value: &str) -> Option<&str> {
        self.option_notes
            .iter()
            .find(|(noted, _)| noted == value)
            .map(|(_, note)| note.as_str())
    }

    /// Whether the option with `value` is picked.
    pub fn is_picked(&self, value: &str) -> bool {
        self.picks.iter().any(|pick| pick == value)
    }
}

/// A transition that the questionnaire does not allow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateError {
    UnknownQuestion {
        id: String,
    },
    UnknownOption {
        question: String,
        value: String,
    },
    /// The action does not apply to this question type (e.g. toggle on a single question).
    NotAllowed {
        question: String,
        action: &'static str,
        kind: QuestionType,
    },
    /// Free text on a question whose call turned it off (`allowCustom: false`).
    CustomTextNotAllowed {
        question: String,
    },
    /// Text that is no answer to a number question.
    InvalidNumber {
        question: String,
        error: NumberError,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::UnknownQuestion { id } => write!(f, "no question has id \"{id}\""),
            StateError::UnknownOption { question, value } => {
                write!(
                    f,
                    "question \"{question}\" has no option with value \"{value}\""
                )
            }
            StateError::NotAllowed {
                question,
                action,
                kind,
            } => write!(
                f,
                "{action} is not allowed on question \"{question}\" of type {}",
                kind.as_str()
            ),
            StateError::CustomTextNotAllowed { question } => write!(
                f,
                "question \"{question}\" takes no free text (allowCustom is false)"
            ),
            StateError::InvalidNumber { question, error } => {
                write!(f, "question \"{question}\" takes a number: {error}")
            }
        }
    }
}

impl std::error::Error for StateError {}

/// The questionnaire plus one answer per question. Cloning is cheap; every transition returns a
/// new state and leaves `self` untouched.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerState {
    questionnaire: Arc<Questionnaire>,
    answers: Vec<Answer>,
}

impl AnswerState {
    /// Every question starts skipped, nothing picked.
    pub fn new(questionnaire: Questionnaire) -> AnswerState {
        let answers = vec![Answer::default(); questionnaire.questions.len()];
        AnswerState {
            questionnaire: Arc::new(questionnaire),
            answers,
        }
    }

    pub fn questionnaire(&self) -> &Questionnaire {
        &self.questionnaire
    }

    /// The answer to the question with `id`.
    pub fn answer(&self, id: &str) -> Option<&Answer> {
        let index = self.questionnaire.question_index(id)?;
        self.answers.get(index)
    }

    /// Each question with its answer, in question order.
    pub fn entries(&self) -> impl Iterator<Item = (&Question, &Answer)> {
        self.questionnaire.questions.iter().zip(&self.answers)
    }

    /// The text saved in these answers, by question id, as drafts: free text, a number as
    /// typed, notes. A host whose answer lost a race keeps them beside the winner's answer, so
    /// nothing typed is lost.
    pub fn typed_texts(&self) -> BTreeMap<String, crate::Draft> {
        self.entries()
            .filter_map(|(question, answer)| {
                let draft = crate::Draft {
                    text: answer
                        .custom_text
                        .clone()
                        .or_else(|| answer.number.map(|n| n.to_string())),
                    note: answer.note.clone(),
                    option_notes: answer.option_notes.iter().cloned().collect(),
                };
                (!draft.is_empty()).then(|| (question.id.clone(), draft))
            })
            .collect()
    }

    pub fn is_answered(&self, id: &str) -> bool {
        self.answer(id).is_some_and(Answer::is_answered)
    }

    pub fn answered_count(&self) -> usize {
        self.answers.iter().filter(|a| a.is_answered()).count()
    }

    /// Single/confirm: picks `value`, replacing prior picks and custom text.
    pub fn select(&self, id: &str, value: &str) -> Result<AnswerState, StateError> {
        self.change(id, |question, answer| {
            allow(question, "select", AnswerShape::OnePick)?;
            known_option(question, value)?;
            answer.picks = vec![value.to_string()];
            answer.custom_text = None;
            Ok(())
        })
    }

    /// Multi: adds or removes `value`; keeps custom text; picks stay in option order.
    pub fn toggle(&self, id: &str, value: &str) -> Result<AnswerState, StateError> {
        self.change(id, |question, answer| {
            allow(question, "toggle", AnswerShape::Picks)?;
            known_option(question, value)?;
            let picked = !answer.is_picked(value);
            answer.picks = question
                .options
                .iter()
                .map(|option| &option.value)
                .filter(|option| {
                    if *option == value {
                        picked
                    } else {
                        answer.is_picked(option)
                    }
                })
                .cloned()
                .collect();
            Ok(())
        })
    }

    /// Free text. Single: replaces the picks; multi: combines with them; text: the answer;
    /// confirm, or a question with `allowCustom: false`: not allowed. Blank text removes the
    /// custom text.
    pub fn set_custom_text(&self, id: &str, text: &str) -> Result<AnswerState, StateError> {
        self.change(id, |question, answer| {
            if !question.kind.allows_custom_text() {
                return Err(not_allowed(question, "set_custom_text"));
            }
            if !question.allow_custom {
                return Err(StateError::CustomTextNotAllowed {
                    question: question.id.clone(),
                });
            }
            if text.trim().is_empty() {
                answer.custom_text = None;
                return Ok(());
            }
            if question.kind.answer() == AnswerShape::OnePick {
                answer.picks.clear();
            }
            answer.custom_text = Some(text.to_string());
            Ok(())
        })
    }

    /// Number: the typed number, checked against the question's bounds and step; blank
    /// removes it.
    pub fn set_number(&self, id: &str, text: &str) -> Result<AnswerState, StateError> {
        self.change(id, |question, answer| {
            allow(question, "set_number", AnswerShape::Number)?;
            if text.trim().is_empty() {
                answer.number = None;
                return Ok(());
            }
            let spec = question.number.clone().unwrap_or_default();
            let number = spec
                .check(text)
                .map_err(|error| StateError::InvalidNumber {
                    question: question.id.clone(),
                    error,
                })?;
            answer.number = Some(number);
            Ok(())
        })
    }

    /// Whichever typed answer the question takes: its number, else its free text.
    pub fn set_typed(&self, id: &str, text: &str) -> Result<AnswerState, StateError> {
        let kind = self.questionnaire.question(id).map(|q| q.kind.answer());
        match kind {
            Some(AnswerShape::Number) => self.set_number(id, text),
            Some(AnswerShape::OnePick | AnswerShape::Picks | AnswerShape::Text) | None => {
                self.set_custom_text(id, text)
            }
        }
    }

    /// A note on the whole question; never answers it. Blank removes it.
    pub fn set_question_note(&self, id: &str, note: &str) -> Result<AnswerState, StateError> {
        self.change(id, |_, answer| {
            answer.note = non_blank(note);
            Ok(())
        })
    }

    /// A note on one option, picked or not; never answers the question. Blank removes it.
    pub fn set_option_note(
        &self,
        id: &str,
        value: &str,
        note: &str,
    ) -> Result<AnswerState, StateError> {
        self.change(id, |question, answer| {
            known_option(question, value)?;
            let mut notes: Vec<(String, String)> = std::mem::take(&mut answer.option_notes)
                .into_iter()
                .filter(|(noted, _)| noted != value)
                .collect();
            if let Some(note) = non_blank(note) {
                notes.push((value.to_string(), note));
            }
            notes.sort_by_key(|(noted, _)| question.option_index(noted));
            answer.option_notes = notes;
            Ok(())
        })
    }

    /// Clears picks, custom text and the number; keeps notes.
    pub fn mark_skipped(&self, id: &str) -> Result<AnswerState, StateError> {
        self.change(id, |_, answer| {
            answer.picks.clear();
            answer.custom_text = None;
            answer.number = None;
            Ok(())
        })
    }

    /// Applies `edit` to a copy of the answer to `id`, returning the new state.
    fn change(
        &self,
        id: &str,
        edit: impl FnOnce(&Question, &mut Answer) -> Result<(), StateError>,
    ) -> Result<AnswerState, StateError> {
        let index = self
            .questionnaire
            .question_index(id)
            .ok_or_else(|| StateError::UnknownQuestion { id: id.to_string() })?;
        let mut answer = self.answers[index].clone();
        edit(&self.questionnaire.questions[index], &mut answer)?;
        let mut next = self.clone();
        next.answers[index] = answer;
        Ok(next)
    }
}

fn allow(question: &Question, action: &'static str, shape: AnswerShape) -> Result<(), StateError> {
    if question.kind.answer() == shape {
        Ok(())
    } else {
        Err(not_allowed(question, action))
    }
}

fn not_allowed(question: &Question, action: &'static str) -> StateError {
    StateError::NotAllowed {
        question: question.id.clone(),
        action,
        kind: question.kind,
    }
}

fn known_option(question: &Question, value: &str) -> Result<(), StateError> {
    match question.option(value) {
        Some(_) => Ok(()),
        None => Err(StateError::UnknownOption {
            question: question.id.clone(),
            value: value.to_string(),
        }),
    }
}

fn non_blank(text: &str) -> Option<String> {
    (!text.trim().is_empty()).then(|| text.to_string())
}
