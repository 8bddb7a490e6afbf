//! A questionnaire opened again where another surface left it: the answers recorded there and
//! the drafts typed but never saved (`question::saved` brings both back from a store).

use std::collections::BTreeMap;

use question::{AnswerState, Draft};
use tea::components::textarea::TextArea;

use crate::model::{App, Target};

impl App {
    /// The questionnaire with `state`'s answers (of this same questionnaire) and the editors'
    /// unsaved `drafts` by question id, as [`App::unsaved_drafts`] reports them. Drafts of a
    /// field this questionnaire does not have are left out. Every editor starts closed, so the
    /// person sees the list first and each draft waits in its editor.
    pub fn with_answers(mut self, state: AnswerState, drafts: &BTreeMap<String, Draft>) -> App {
        debug_assert_eq!(
            state.questionnaire().questions.len(),
            self.questions().len(),
            "the answers are of this questionnaire"
        );
        self.state = state;
        self.drafts.clear();
        for (id, draft) in drafts {
            let Some(q) = self
                .questions()
                .iter()
                .position(|question| &question.id == id)
            else {
                continue;
            };
            let options = &self.questions()[q].options;
            let mut targets = Vec::new();
            if let Some(text) = &draft.text {
                targets.push((Target::FreeText(q), text));
            }
            if let Some(note) = &draft.note {
                targets.push((Target::QuestionNote(q), note));
            }
            for (value, note) in &draft.option_notes {
                if let Some(o) = options.iter().position(|option| &option.value == value) {
                    targets.push((Target::OptionNote(q, o), note));
                }
            }
            for (target, text) in targets {
                self.drafts.insert(target, TextArea::new(text));
            }
        }
        // Notes change the layout (the pane beside a list shows them).
        self.remeasure();
        self.lay_out_draft();
        self
    }
}

#[cfg(test)]
mod tests {
    use question::ResultOptions;
    use serde_json::json;

    use super::*;

    fn questionnaire() -> question::Questionnaire {
        question::validate(&json!({"questions": [
            {"id": "db", "header": "DB", "prompt": "Which?", "options": [
                {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
            {"id": "why", "header": "Why", "prompt": "Why?", "type": "text"},
        ]}))
        .unwrap()
    }

    #[test]
    fn answers_and_drafts_come_back_as_they_were_left() {
        let state = AnswerState::new(questionnaire())
            .select("db", "lite")
            .unwrap()
            .set_option_note("db", "lite", "for now")
            .unwrap();
        let drafts = BTreeMap::from([
            (
                "why".to_string(),
                Draft {
                    text: Some("half a reason".into()),
                    ..Draft::default()
                },
            ),
            (
                "db".to_string(),
                Draft {
                    note: Some("typed".into()),
                    option_notes: BTreeMap::from([
                        ("pg".into(), "maybe".into()),
                        ("gone".into(), "dropped".into()),
                    ]),
                    ..Draft::default()
                },
            ),
            ("nope".to_string(), Draft::default()),
        ]);
        let app = App::new(questionnaire()).with_answers(state.clone(), &drafts);
        assert_eq!(app.state(), &state);
        let mut expected = drafts.clone();
        expected.remove("nope");
        expected.get_mut("db").unwrap().option_notes.remove("gone");
        assert_eq!(app.unsaved_drafts(), expected);
        // The result reports them as a cancel would.
        let details = app.result_with(ResultOptions::cancelled()).details;
        assert_eq!(details["answers"]["why"]["draft"]["text"], "half a reason");
        assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
    }
}
