//! Answers and drafts as JSON that another surface can open the questionnaire with: what a
//! store keeps while a questionnaire waits, so a draft typed in one place is there in the next.
//!
//! A secret question's answer and drafts are never in it: what is saved may reach a disk.
//! Restoring is lenient: a value the questionnaire does not take (an option it no longer has,
//! a number out of bounds) is left out, never an error, since the saved text came from a
//! surface that showed the same questionnaire.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::answer::AnswerState;
use crate::draft::Draft;
use crate::questionnaire::AnswerShape;

/// The answers of `state` and the editors' `drafts` as JSON, secret questions left out:
/// `{"answers": {id: {picks, text, number, note, optionNotes}}, "drafts": {id: {text, note,
/// optionNotes}}}`.
pub fn save(state: &AnswerState, drafts: &BTreeMap<String, Draft>) -> Value {
    let secret = |id: &str| {
        state
            .questionnaire()
            .question(id)
            .is_some_and(|question| question.secret)
    };
    let mut answers = Map::new();
    for (question, answer) in state.entries() {
        if question.secret {
            continue;
        }
        let mut saved = Map::new();
        if !answer.picks.is_empty() {
            saved.insert("picks".into(), json!(answer.picks));
        }
        if let Some(text) = &answer.custom_text {
            saved.insert("text".into(), json!(text));
        }
        if let Some(number) = answer.number {
            saved.insert("number".into(), json!(number.to_string()));
        }
        if let Some(note) = &answer.note {
            saved.insert("note".into(), json!(note));
        }
        if !answer.option_notes.is_empty() {
            let notes: Map<String, Value> = answer
                .option_notes
                .iter()
                .map(|(value, note)| (value.clone(), json!(note)))
                .collect();
            saved.insert("optionNotes".into(), Value::Object(notes));
        }
        if !saved.is_empty() {
            answers.insert(question.id.clone(), Value::Object(saved));
        }
    }
    let drafts: Map<String, Value> = drafts
        .iter()
        .filter(|(id, draft)| !secret(id) && !draft.is_empty())
        .map(|(id, draft)| (id.clone(), draft.to_json()))
        .collect();
    json!({ "answers": answers, "drafts": drafts })
}

/// `state` with the answers saved in `saved` applied, and the drafts saved there.
pub fn restore(state: AnswerState, saved: &Value) -> (AnswerState, BTreeMap<String, Draft>) {
    let mut state = state;
    let empty = Map::new();
    let answers = saved["answers"].as_object().unwrap_or(&empty);
    for (id, answer) in answers {
        let Some(question) = state.questionnaire().question(id) else {
            continue;
        };
        if question.secret {
            continue;
        }
        let multi = question.kind.answer() == AnswerShape::Picks;
        let mut next = state.clone();
        for pick in answer["picks"].as_array().into_iter().flatten() {
            let Some(value) = pick.as_str() else { continue };
            let picked = if multi {
                next.toggle(id, value)
            } else {
                next.select(id, value)
            };
            next = picked.unwrap_or(next);
        }
        for (key, text) in [("text", &answer["text"]), ("number", &answer["number"])] {
            if let Some(text) = text.as_str() {
                let typed = if key == "number" {
                    next.set_number(id, text)
                } else {
                    next.set_custom_text(id, text)
                };
                next = typed.unwrap_or(next);
            }
        }
        if let Some(note) = answer["note"].as_str() {
            next = next.set_question_note(id, note).unwrap_or(next);
        }
        for (value, note) in answer["optionNotes"].as_object().into_iter().flatten() {
            if let Some(note) = note.as_str() {
                next = next.set_option_note(id, value, note).unwrap_or(next);
            }
        }
        state = next;
    }
    let drafts = saved["drafts"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(id, _)| {
            state
                .questionnaire()
                .question(id)
                .is_some_and(|question| !question.secret)
        })
        .map(|(id, draft)| {
            let text = |key: &str| draft[key].as_str().map(str::to_string);
            let option_notes = draft["optionNotes"]
                .as_object()
                .into_iter()
                .flatten()
                .filter_map(|(value, note)| Some((value.clone(), note.as_str()?.to_string())))
                .collect();
            let draft = Draft {
                text: text("text"),
                note: text("note"),
                option_notes,
            };
            (id.clone(), draft)
        })
        .filter(|(_, draft)| !draft.is_empty())
        .collect();
    (state, drafts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate;

    fn questionnaire() -> crate::Questionnaire {
        validate(&json!({"questions": [
            {"id": "db", "header": "DB", "prompt": "Which?", "options": [
                {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
            {"id": "checks", "header": "Checks", "prompt": "Which?", "type": "multi", "options": [
                {"value": "lint", "label": "Lint"}, {"value": "test", "label": "Test"}]},
            {"id": "port", "header": "Port", "prompt": "Port?", "type": "number"},
            {"id": "token", "header": "Token", "prompt": "Token?", "type": "text", "isSecret": true},
        ]}))
        .unwrap()
    }

    #[test]
    fn answers_notes_and_drafts_come_back() {
        let state = AnswerState::new(questionnaire())
            .select("db", "lite")
            .unwrap()
            .toggle("checks", "test")
            .unwrap()
            .toggle("checks", "lint")
            .unwrap()
            .set_number("port", "8080")
            .unwrap()
            .set_question_note("db", "for now")
            .unwrap()
            .set_option_note("checks", "lint", "fast")
            .unwrap();
        let drafts = BTreeMap::from([(
            "db".to_string(),
            Draft {
                text: Some("half".into()),
                ..Draft::default()
            },
        )]);
        let saved = save(&state, &drafts);
        let (restored, restored_drafts) = restore(AnswerState::new(questionnaire()), &saved);
        assert_eq!(restored, state);
        assert_eq!(restored_drafts, drafts);
    }

    #[test]
    fn a_secret_is_never_saved_nor_restored() {
        let state = AnswerState::new(questionnaire())
            .set_custom_text("token", "hunter2")
            .unwrap();
        let drafts = BTreeMap::from([(
            "token".to_string(),
            Draft {
                text: Some("hunt".into()),
                ..Draft::default()
            },
        )]);
        let saved = save(&state, &drafts);
        assert!(!saved.to_string().contains("hunt"), "{saved}");
        let forged =
            json!({"answers": {"token": {"text": "x"}}, "drafts": {"token": {"text": "y"}}});
        let (restored, drafts) = restore(AnswerState::new(questionnaire()), &forged);
        assert!(!restored.is_answered("token"));
        assert!(drafts.is_empty());
    }

    #[test]
    fn what_the_questionnaire_does_not_take_is_left_out() {
        let saved = json!({"answers": {
            "db": {"picks": ["mysql"]}, "port": {"number": "eighty"}, "gone": {"text": "x"}},
            "drafts": "not an object"});
        let (restored, drafts) = restore(AnswerState::new(questionnaire()), &saved);
        assert_eq!(restored, AnswerState::new(questionnaire()));
        assert!(drafts.is_empty());
    }
}
