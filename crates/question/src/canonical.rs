//! A validated questionnaire written back as input in the canonical shape: what a host whose
//! own schema check runs before the tool (pi's) hands on when a call came in another agent's
//! shape (`docs/behaviour.md#other-agents-shapes`).

use serde_json::{Map, Value, json};

use crate::questionnaire::{OptionSource, Question, Questionnaire};

impl Questionnaire {
    /// The canonical input that validates to this same questionnaire: `questions` of objects,
    /// `type` one of the five, options as objects with `value` and `label`, and `labels` as the
    /// call supplied them. Synthesized Yes/No options are left out, as validation adds them.
    pub fn to_canonical_input(&self) -> Value {
        let mut input = Map::new();
        if let Some(title) = &self.title {
            input.insert("title".into(), title.as_str().into());
        }
        if let Some(labels) = self.labels.supplied() {
            input.insert("labels".into(), Value::Object(labels.clone()));
        }
        let questions = self.questions.iter().map(canonical_question).collect();
        input.insert("questions".into(), Value::Array(questions));
        Value::Object(input)
    }
}

fn canonical_question(question: &Question) -> Value {
    let mut object = Map::new();
    object.insert("id".into(), question.id.as_str().into());
    object.insert("header".into(), question.header.as_str().into());
    object.insert("prompt".into(), question.prompt.as_str().into());
    object.insert("type".into(), question.kind.as_str().into());
    if let Some(context) = &question.context {
        object.insert("context".into(), context.as_str().into());
    }
    if question.required {
        object.insert("required".into(), true.into());
    }
    if let Some(placeholder) = &question.placeholder {
        object.insert("placeholder".into(), placeholder.as_str().into());
    }
    if question.secret {
        object.insert("isSecret".into(), true.into());
    }
    if let Some(number) = &question.number {
        for (key, bound) in [
            ("min", number.min),
            ("max", number.max),
            ("step", number.step),
        ] {
            if let Some(bound) = bound {
                object.insert(key.into(), bound.to_json());
            }
        }
        if let Some(unit) = &number.unit {
            object.insert("unit".into(), unit.as_str().into());
        }
    }
    match question.kind.options() {
        OptionSource::Given => {
            if !question.allow_custom {
                object.insert("allowCustom".into(), false.into());
            }
            let options = question.options.iter().map(|option| {
                let mut entry = Map::new();
                entry.insert("value".into(), option.value.as_str().into());
                entry.insert("label".into(), option.label.as_str().into());
                if let Some(description) = &option.description {
                    entry.insert("description".into(), description.as_str().into());
                }
                if let Some(preview) = &option.preview {
                    entry.insert("preview".into(), preview.as_str().into());
                }
                if option.recommended {
                    entry.insert("recommended".into(), true.into());
                }
                Value::Object(entry)
            });
            object.insert("options".into(), Value::Array(options.collect()));
        }
        // Confirm's Yes/No are synthesized from the labels.
        OptionSource::YesNo | OptionSource::None => {}
    }
    json!(object)
}
