//! The page's fields and what a store keeps while a questionnaire waits (`question::saved`:
//! answers and drafts as JSON). The inbox's page opens a questionnaire with what was last
//! saved for it on any surface, and saves what is typed on it the same way, so the terminal
//! inbox, or the host that asked, finds it there.

use question::{AnswerState, QuestionType, Questionnaire, saved};
use serde_json::Value;

use crate::form::{Action, Fields, Form};

impl Form {
    /// The fields that show `saved` for `questionnaire`: the picks checked, the free text (an
    /// answer's, else a draft's) in its field with "Type something." chosen when it is the
    /// answer, and the notes. What the questionnaire no longer takes is left out, as
    /// `question::saved::restore` leaves it.
    pub fn from_saved(questionnaire: &Questionnaire, saved: &Value) -> Form {
        let (state, drafts) = saved::restore(AnswerState::new(questionnaire.clone()), saved);
        let questions = questionnaire
            .questions
            .iter()
            .map(|question| {
                let mut fields = Fields::default();
                if let Some(answer) = state.answer(&question.id) {
                    fields.choices = answer
                        .picks
                        .iter()
                        .filter_map(|value| question.option_index(value))
                        .map(|j| j.to_string())
                        .collect();
                    let choice =
                        matches!(question.kind, QuestionType::Single | QuestionType::Multi);
                    if choice && answer.custom_text.is_some() {
                        fields.choices.push("custom".into());
                    }
                    let number = answer.number.map(|number| number.to_string());
                    fields.text = answer.custom_text.clone().or(number).unwrap_or_default();
                    fields.note = answer.note.clone().unwrap_or_default();
                    for (value, note) in &answer.option_notes {
                        if let Some(j) = question.option_index(value) {
                            fields.option_notes.insert(j, note.clone());
                        }
                    }
                }
                if let Some(draft) = drafts.get(&question.id) {
                    let unset = |field: &mut String, draft: &Option<String>| {
                        if field.is_empty()
                            && let Some(text) = draft
                        {
                            field.clone_from(text);
                        }
                    };
                    unset(&mut fields.text, &draft.text);
                    unset(&mut fields.note, &draft.note);
                    for (value, note) in &draft.option_notes {
                        if let Some(j) = question.option_index(value) {
                            fields.option_notes.entry(j).or_insert_with(|| note.clone());
                        }
                    }
                }
                fields
            })
            .collect();
        Form {
            questions,
            action: Action::Submit,
            confirmed: false,
        }
    }

    /// What the form holds as `question::saved` JSON: the answers the terminal would take, and
    /// everything else typed as drafts (an invalid number too), secret questions left out.
    pub fn to_saved(&self, questionnaire: &Questionnaire) -> Value {
        let recorded = self.recorded(questionnaire);
        let drafts = self.drafts(&recorded);
        saved::save(&recorded, &drafts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn every_kind() -> Questionnaire {
        question::validate(&json!({"questions": [
            {"id": "db", "header": "DB", "prompt": "Which?", "options": [
                {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
            {"id": "tags", "header": "Tags", "prompt": "Tags?", "type": "multi", "options": [
                {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
            {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"},
            {"id": "n", "header": "N", "prompt": "How many?", "type": "number", "min": 1, "max": 9},
            {"id": "ok", "header": "OK", "prompt": "Ship?", "type": "confirm"},
        ]}))
        .unwrap()
    }

    #[test]
    fn fields_saved_come_back_as_they_were_typed() {
        let q = every_kind();
        let bodies: [&[u8]; 4] = [
            b"q.0=1&t.0=typed+beside&n.0=why&o.0.0=too+big&q.1=0&t.1=c&t.2=svc&t.3=4&q.4=0",
            b"q.0=custom&t.0=Oracle&o.1.1=maybe",
            b"t.3=100&n.3=too+many",
            b"",
        ];
        for body in bodies {
            let form = Form::parse(body, &q).unwrap();
            let saved = form.to_saved(&q);
            let back = Form::from_saved(&q, &saved);
            assert_eq!(
                back.to_saved(&q),
                saved,
                "{}",
                String::from_utf8_lossy(body)
            );
            assert_eq!(back.recorded(&q), form.recorded(&q));
        }
    }

    #[test]
    fn text_beside_a_pick_and_an_invalid_number_are_saved_as_drafts() {
        let q = every_kind();
        let form = Form::parse(b"q.0=1&t.0=typed&t.3=100", &q).unwrap();
        let saved = form.to_saved(&q);
        assert_eq!(saved["answers"]["db"]["picks"], json!(["lite"]));
        assert_eq!(saved["drafts"]["db"]["text"], "typed");
        assert_eq!(saved["drafts"]["n"]["text"], "100");
        let back = Form::from_saved(&q, &saved);
        assert_eq!(back.questions[0].choices, ["1"]);
        assert_eq!(back.questions[0].text, "typed");
        assert_eq!(back.questions[3].text, "100");
    }

    #[test]
    fn free_text_as_the_answer_chooses_type_something() {
        let q = every_kind();
        let saved = json!({"answers": {"db": {"text": "Oracle"}}, "drafts": {}});
        let form = Form::from_saved(&q, &saved);
        assert_eq!(form.questions[0].choices, ["custom"]);
        assert_eq!(form.questions[0].text, "Oracle");
    }
}
