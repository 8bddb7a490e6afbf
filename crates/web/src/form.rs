//! What the page posts: its fields by question and option position, turned into answers through
//! the same `question::AnswerState` transitions the terminal uses, so the result JSON is the
//! terminal's for the same answers.
//!
//! Fields (`i` a question's position, `j` an option's):
//! - `q.i`: a picked option `j`, or `custom` for "Type something." (radios for single and
//!   confirm, checkboxes for multi);
//! - `t.i`: the free text (single, multi) or the answer (text);
//! - `n.i`: the note on the question; `o.i.j`: the note on option `j`;
//! - `action`: `submit` or `cancel`; `confirm`: present once the review was shown (a submit with
//!   unanswered questions needs a second one, as on the terminal).

use std::collections::BTreeMap;

use question::{AnswerShape, AnswerState, Draft, QuestionType, Questionnaire, StateError};

/// What a form holds for one question.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    /// Checked choices: option positions, or `custom`.
    pub choices: Vec<String>,
    pub text: String,
    pub note: String,
    /// Notes by option position.
    pub option_notes: BTreeMap<usize, String>,
}

impl Fields {
    fn has_choice(&self, choice: &str) -> bool {
        self.choices.iter().any(|c| c == choice)
    }

    /// Whether option `j` is checked.
    pub fn picks(&self, j: usize) -> bool {
        self.has_choice(&j.to_string())
    }

    pub fn picks_custom(&self) -> bool {
        self.has_choice("custom")
    }

    /// Whether a single question's text is its answer: "Type something." chosen, or nothing.
    fn single_text_counts(&self) -> bool {
        self.picks_custom() || self.choices.is_empty()
    }
}

/// What the person asked for with the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Submit,
    Cancel,
}

/// A posted form.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// One entry per question, in question order.
    pub questions: Vec<Fields>,
    pub action: Action,
    /// The review was shown: submit even with unanswered questions.
    pub confirmed: bool,
}

/// Why a form was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormError {
    /// A field that no page of this questionnaire has (`q.9` on two questions, `x.1`).
    UnknownField(String),
    /// A choice no question has.
    Answer(StateError),
}

impl std::fmt::Display for FormError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormError::UnknownField(name) => write!(f, "unknown form field `{name}`"),
            FormError::Answer(error) => write!(f, "{error}"),
        }
    }
}

impl Form {
    /// Parses an `application/x-www-form-urlencoded` body for `questionnaire`.
    pub fn parse(body: &[u8], questionnaire: &Questionnaire) -> Result<Form, FormError> {
        let count = questionnaire.questions.len();
        let mut form = Form {
            questions: vec![Fields::default(); count],
            action: Action::Submit,
            confirmed: false,
        };
        for (name, value) in form_urlencoded::parse(body) {
            let unknown = || FormError::UnknownField(name.to_string());
            match name.as_ref() {
                "action" => {
                    form.action = match value.as_ref() {
                        "cancel" => Action::Cancel,
                        _ => Action::Submit,
                    }
                }
                "confirm" => form.confirmed = true,
                _ => {
                    let mut parts = name.split('.');
                    let kind = parts.next().unwrap_or_default();
                    let i: usize = parts
                        .next()
                        .and_then(|i| i.parse().ok())
                        .filter(|i| *i < count)
                        .ok_or_else(unknown)?;
                    let fields = &mut form.questions[i];
                    let options = questionnaire.questions[i].options.len();
                    match (kind, parts.next(), parts.next()) {
                        ("q", None, None) => {
                            let known = value == "custom"
                                || value.parse::<usize>().is_ok_and(|j| j < options);
                            if !known {
                                return Err(unknown());
                            }
                            fields.choices.push(value.into_owned());
                        }
                        ("t", None, None) => fields.text = value.into_owned(),
                        ("n", None, None) => fields.note = value.into_owned(),
                        ("o", Some(j), None) => {
                            let j: usize = j
                                .parse()
                                .ok()
                                .filter(|j| *j < options)
                                .ok_or_else(unknown)?;
                            fields.option_notes.insert(j, value.into_owned());
                        }
                        _ => return Err(unknown()),
                    }
                }
            }
        }
        Ok(form)
    }

    /// The answers the form records, through the terminal's own transitions; the first that
    /// the terminal would refuse (a number out of bounds) is the error.
    pub fn answers(&self, questionnaire: &Questionnaire) -> Result<AnswerState, FormError> {
        self.record(questionnaire, true)
    }

    /// The answers the form records as far as the terminal would take them: what it would
    /// refuse is left out (and so stays a draft, [`Form::drafts`]), as a save while typing
    /// needs.
    pub fn recorded(&self, questionnaire: &Questionnaire) -> AnswerState {
        self.record(questionnaire, false)
            .unwrap_or_else(|_| AnswerState::new(questionnaire.clone()))
    }

    fn record(
        &self,
        questionnaire: &Questionnaire,
        strict: bool,
    ) -> Result<AnswerState, FormError> {
        let mut state = AnswerState::new(questionnaire.clone());
        // A transition's result: refused, the error (strict) or the state as it was.
        let step = |before: AnswerState, after: Result<AnswerState, StateError>| match after {
            Ok(after) => Ok(after),
            Err(error) if strict => Err(FormError::Answer(error)),
            Err(_) => Ok(before),
        };
        for (question, fields) in questionnaire.questions.iter().zip(&self.questions) {
            let id = question.id.as_str();
            for (j, option) in question.options.iter().enumerate() {
                if fields.picks(j) {
                    let after = match question.kind {
                        QuestionType::Multi => state.toggle(id, &option.value),
                        _ => state.select(id, &option.value),
                    };
                    state = step(state, after)?;
                }
            }
            let text_answers = match question.kind {
                QuestionType::Single => fields.single_text_counts(),
                QuestionType::Multi | QuestionType::Text => true,
                QuestionType::Confirm | QuestionType::Number => false,
            };
            // A number is checked as the terminal checks it: an invalid one is refused
            // (the page says why), never recorded.
            let number = question.kind.answer() == AnswerShape::Number;
            if number && !fields.text.trim().is_empty() {
                let after = state.set_number(id, fields.text.trim());
                state = step(state, after)?;
            }
            if text_answers && question.allows_custom_text() && !fields.text.trim().is_empty() {
                let after = state.set_custom_text(id, &fields.text);
                state = step(state, after)?;
            }
            if !fields.note.trim().is_empty() {
                let after = state.set_question_note(id, &fields.note);
                state = step(state, after)?;
            }
            for (&j, note) in &fields.option_notes {
                if !note.trim().is_empty() {
                    let after = state.set_option_note(id, &question.options[j].value, note);
                    state = step(state, after)?;
                }
            }
        }
        Ok(state)
    }

    /// What is typed on the page and not recorded in `recorded` (what the answer holds
    /// elsewhere): drafts, by question id, as the terminal reports its own. A single question's
    /// text with an option picked instead is a draft too, so nothing typed is lost.
    pub fn drafts(&self, recorded: &AnswerState) -> BTreeMap<String, Draft> {
        let mut drafts = BTreeMap::new();
        for ((question, answer), fields) in recorded.entries().zip(&self.questions) {
            let mut draft = Draft::default();
            let typed = |text: &str| (!text.trim().is_empty()).then(|| text.to_string());
            if question.allows_custom_text() && answer.custom_text.as_deref() != Some(&fields.text)
            {
                draft.text = typed(&fields.text);
            }
            if question.kind.answer() == AnswerShape::Number && answer.number.is_none() {
                draft.text = typed(&fields.text);
            }
            if answer.note.as_deref() != Some(&fields.note) {
                draft.note = typed(&fields.note);
            }
            for (&j, note) in &fields.option_notes {
                let value = &question.options[j].value;
                if answer.option_note(value) != Some(note.as_str())
                    && let Some(note) = typed(note)
                {
                    draft.option_notes.insert(value.clone(), note);
                }
            }
            if !draft.is_empty() {
                drafts.insert(question.id.clone(), draft);
            }
        }
        drafts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn two() -> Questionnaire {
        question::validate(&json!({"questions": [
            {"id": "db", "header": "DB", "prompt": "Which?", "options": [
                {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
            {"id": "tags", "header": "Tags", "prompt": "Tags?", "type": "multi", "options": [
                {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
        ]}))
        .unwrap()
    }

    #[test]
    fn a_number_is_checked_as_the_terminal_checks_it() {
        let q = question::validate(&json!({"questions": [
            {"id": "workers", "header": "Workers", "prompt": "How many?", "type": "number",
             "min": 1, "max": 64}]}))
        .unwrap();
        let state = Form::parse(b"t.0=8", &q).unwrap().answers(&q).unwrap();
        let number = state.answer("workers").unwrap().number.unwrap();
        assert_eq!(number.to_json(), json!(8));
        let too_many = Form::parse(b"t.0=100", &q).unwrap();
        assert!(
            too_many.answers(&q).is_err(),
            "above the maximum is refused"
        );
        let drafts = too_many.drafts(&AnswerState::new(q.clone()));
        assert_eq!(
            drafts["workers"].text.as_deref(),
            Some("100"),
            "kept as a draft"
        );
    }

    #[test]
    fn a_pick_a_toggle_and_notes_go_through_the_answer_state() {
        let q = two();
        let form = Form::parse(b"q.0=1&n.0=why&q.1=0&q.1=1&t.1=c&o.1.0=note+a", &q).unwrap();
        let state = form.answers(&q).unwrap();
        let db = state.answer("db").unwrap();
        assert_eq!(db.picks, ["lite"]);
        assert_eq!(db.note.as_deref(), Some("why"));
        let tags = state.answer("tags").unwrap();
        assert_eq!(tags.picks, ["a", "b"]);
        assert_eq!(tags.custom_text.as_deref(), Some("c"));
        assert_eq!(tags.option_notes, [("a".into(), "note a".into())]);
    }

    #[test]
    fn single_text_answers_only_when_no_option_is_picked() {
        let q = two();
        let form = Form::parse(b"q.0=0&t.0=typed", &q).unwrap();
        let state = form.answers(&q).unwrap();
        assert_eq!(state.answer("db").unwrap().custom_text, None);
        let drafts = form.drafts(&state);
        assert_eq!(drafts["db"].text.as_deref(), Some("typed"));
        let form = Form::parse(b"q.0=custom&t.0=typed", &q).unwrap();
        let state = form.answers(&q).unwrap();
        assert_eq!(
            state.answer("db").unwrap().custom_text.as_deref(),
            Some("typed")
        );
        assert!(form.drafts(&state).is_empty());
    }

    #[test]
    fn unknown_fields_are_refused() {
        let q = two();
        for body in [
            &b"q.2=0"[..],
            b"q.0=2",
            b"x.0=1",
            b"o.0.5=n",
            b"q.0.1=0",
            b"q=1",
        ] {
            assert!(
                Form::parse(body, &q).is_err(),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn cancel_and_confirm_are_read() {
        let form = Form::parse(b"action=cancel&confirm=1", &two()).unwrap();
        assert_eq!(form.action, Action::Cancel);
        assert!(form.confirmed);
    }
}
