//! The questionnaire as one MCP form (`elicitation/create` in form mode), and the form's reply
//! as the questionnaire's answers.
//!
//! A form is a flat object of primitive fields, so each question becomes one field keyed by its
//! id: a single choice a titled enum, a multi choice a multi-select enum, text a string, confirm
//! a boolean. The free-text "Type something." entry of a choice is an optional string beside
//! it. No field is required: the person may skip any question, as in the terminal. What a form
//! cannot show (option descriptions, previews, context, the recommendation) goes into the
//! message above it.

use std::collections::BTreeSet;

use question::{
    AnswerShape, AnswerState, Label, OptionSource, Question, QuestionType, Questionnaire,
    ResultOptions, ToolResult,
};
use serde_json::{Map, Value, json};

/// The most lines of a preview the message repeats; the rest is counted.
const PREVIEW_LINES: usize = 12;

/// The form for a questionnaire: the message and the requested schema, and which field holds
/// which answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    pub message: String,
    pub schema: Value,
    fields: Vec<Fields>,
}

/// The fields of one question: its answer, and the free text beside a choice.
#[derive(Debug, Clone, PartialEq)]
struct Fields {
    id: String,
    answer: String,
    free_text: Option<String>,
}

/// Why a questionnaire cannot be asked through a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unfit {
    /// MCP forbids asking for secrets through a form: the client would see them.
    Secret { header: String },
}

impl std::fmt::Display for Unfit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfit::Secret { header } => write!(
                f,
                "question \"{header}\" is secret, and MCP forbids asking for secrets through the client's form"
            ),
        }
    }
}

impl Form {
    /// The form asking `questionnaire`, or why it cannot.
    pub fn of(questionnaire: &Questionnaire) -> Result<Form, Unfit> {
        if let Some(secret) = questionnaire.questions.iter().find(|q| q.secret) {
            return Err(Unfit::Secret {
                header: secret.header.clone(),
            });
        }
        let mut taken: BTreeSet<String> = questionnaire
            .questions
            .iter()
            .map(|q| q.id.clone())
            .collect();
        let type_something = questionnaire.labels.get(Label::TypeSomething);
        let mut properties = Map::new();
        let mut fields = Vec::new();
        for question in &questionnaire.questions {
            properties.insert(question.id.clone(), answer_field(question));
            let free_text = match question.kind {
                QuestionType::Single | QuestionType::Multi if question.allows_custom_text() => {
                    let name = free_name(&question.id, &mut taken);
                    properties.insert(
                        name.clone(),
                        json!({
                            "type": "string",
                            "title": format!("{}: {type_something}", question.header),
                            "description": "Optional: answer in your own words instead.",
                        }),
                    );
                    Some(name)
                }
                _ => None,
            };
            fields.push(Fields {
                id: question.id.clone(),
                answer: question.id.clone(),
                free_text,
            });
        }
        let schema = json!({ "type": "object", "properties": properties });
        Ok(Form {
            message: message(questionnaire),
            schema,
            fields,
        })
    }

    /// The answers in an accepted form's `content`. Values the form did not offer are kept as
    /// free text where the question takes it, so nothing typed is lost.
    pub fn answers(&self, questionnaire: &Questionnaire, content: &Value) -> AnswerState {
        let mut state = AnswerState::new(questionnaire.clone());
        for (fields, question) in self.fields.iter().zip(&questionnaire.questions) {
            state = answer(state, question, content.get(&fields.answer));
            let typed = fields
                .free_text
                .as_ref()
                .and_then(|name| content.get(name))
                .and_then(Value::as_str)
                .filter(|text| !text.trim().is_empty());
            if let Some(text) = typed {
                state = state.set_custom_text(&fields.id, text).unwrap_or(state);
            }
        }
        state
    }

    /// The submitted result of an accepted form.
    pub fn submitted(&self, questionnaire: &Questionnaire, content: &Value) -> ToolResult {
        through_form(
            self.answers(questionnaire, content)
                .build_result(ResultOptions::submitted()),
        )
    }
}

/// The cancelled result of a form the person declined or dismissed: nothing was answered.
pub fn cancelled(questionnaire: &Questionnaire) -> ToolResult {
    through_form(AnswerState::new(questionnaire.clone()).build_result(ResultOptions::cancelled()))
}

/// The result says the answers came through the client's form, where previews and notes were
/// not offered.
fn through_form(mut result: ToolResult) -> ToolResult {
    result.content.push_str(
        "\n(Answered in the MCP client's form, which shows no previews and takes no notes.)",
    );
    result.details["via"] = json!("form");
    result
}

/// The field for a question's answer.
fn answer_field(question: &Question) -> Value {
    let mut field = Map::new();
    let choices = || -> Vec<Value> {
        question
            .options
            .iter()
            .map(|option| json!({ "const": option.value, "title": option_title(option) }))
            .collect()
    };
    // One arm per question type; `answer` reads each field's value back.
    match question.kind {
        QuestionType::Single => {
            field.insert("type".into(), json!("string"));
            field.insert("oneOf".into(), Value::Array(choices()));
        }
        QuestionType::Multi => {
            field.insert("type".into(), json!("array"));
            field.insert("items".into(), json!({ "anyOf": choices() }));
        }
        QuestionType::Text => {
            field.insert("type".into(), json!("string"));
        }
        QuestionType::Confirm => {
            field.insert("type".into(), json!("boolean"));
        }
        QuestionType::Number => {
            // MCP forms take `integer` or `number` with bounds; a step the form cannot
            // express is checked when the answer is read back (and said in the description).
            let spec = question.number.clone().unwrap_or_default();
            let whole = spec.step.is_none_or(|step| step.places() == 0);
            field.insert(
                "type".into(),
                json!(if whole { "integer" } else { "number" }),
            );
            if let Some(min) = spec.min {
                field.insert("minimum".into(), min.to_json());
            }
            if let Some(max) = spec.max {
                field.insert("maximum".into(), max.to_json());
            }
        }
    }
    field.insert("title".into(), json!(question.header));
    let mut description = question.prompt.clone();
    if let Some(placeholder) = question
        .placeholder
        .as_deref()
        .filter(|_| question.kind.takes_placeholder())
    {
        description.push_str(&format!(" (e.g. {placeholder})"));
    }
    if let Some(spec) = question
        .number
        .as_ref()
        .filter(|_| question.kind.answer() == AnswerShape::Number)
    {
        if let Some(unit) = &spec.unit {
            description.push_str(&format!(" [{unit}]"));
        }
        if let Some(step) = spec.step {
            description.push_str(&format!(" (steps of {})", step.to_json()));
        }
    }
    field.insert("description".into(), json!(description));
    Value::Object(field)
}

/// An option's title: its label, marked when it is the recommended one (never preselected).
fn option_title(option: &question::QuestionOption) -> String {
    if option.recommended && !option.label_says_recommended() {
        format!("{} (Recommended)", option.label)
    } else {
        option.label.clone()
    }
}

/// A field name for a question's free text that no question id or other field uses.
fn free_name(id: &str, taken: &mut BTreeSet<String>) -> String {
    let mut name = format!("{id}.typed");
    let mut n = 2;
    while taken.contains(&name) {
        name = format!("{id}.typed{n}");
        n += 1;
    }
    taken.insert(name.clone());
    name
}

/// One question's answer from its field's value.
fn answer(state: AnswerState, question: &Question, value: Option<&Value>) -> AnswerState {
    let id = question.id.as_str();
    let option_of = |text: &str| {
        question
            .options
            .iter()
            .find(|o| o.value == text)
            .or_else(|| question.options.iter().find(|o| o.label == text))
            .map(|o| o.value.clone())
    };
    let keep_typed = |state: AnswerState, text: &str| {
        if text.trim().is_empty() {
            state
        } else {
            state.set_custom_text(id, text).unwrap_or(state)
        }
    };
    match (question.kind, value) {
        (QuestionType::Single, Some(Value::String(text))) => match option_of(text) {
            Some(value) => state.select(id, &value).unwrap_or(state),
            None => keep_typed(state, text),
        },
        (QuestionType::Multi, Some(Value::Array(items))) => items
            .iter()
            .filter_map(Value::as_str)
            .fold(state, |state, text| match option_of(text) {
                Some(value) if !state.answer(id).is_some_and(|a| a.is_picked(&value)) => {
                    state.toggle(id, &value).unwrap_or(state)
                }
                Some(_) => state,
                None => keep_typed(state, text),
            }),
        (QuestionType::Text, Some(Value::String(text))) => keep_typed(state, text),
        // A number outside the question's bounds or step is not an answer: the question
        // stays open rather than holding an invalid number.
        (QuestionType::Number, Some(number @ Value::Number(_))) => {
            state.set_number(id, &number.to_string()).unwrap_or(state)
        }
        (QuestionType::Number, Some(Value::String(text))) => {
            state.set_number(id, text).unwrap_or(state)
        }
        (QuestionType::Confirm, Some(Value::Bool(yes))) => {
            let value = if *yes { "yes" } else { "no" };
            state.select(id, value).unwrap_or(state)
        }
        _ => state,
    }
}

/// The message above the form: the title, then per question what the form's fields cannot
/// carry (context, option descriptions and previews), so the person answers knowing it.
fn message(questionnaire: &Questionnaire) -> String {
    let mut lines = Vec::new();
    let notice = question::waiting_notice(questionnaire);
    lines.push(notice.title);
    for question in &questionnaire.questions {
        let mut about = Vec::new();
        if let Some(context) = &question.context {
            about.push(context.trim().to_string());
        }
        // Yes and No are the form's boolean; options the call gave are listed.
        if question.kind.options() == OptionSource::Given {
            for (index, option) in question.options.iter().enumerate() {
                let mut line = format!("{}. {}", index + 1, option_title(option));
                if let Some(description) = &option.description {
                    line.push_str(&format!(" — {description}"));
                }
                about.push(line);
                if let Some(preview) = &option.preview {
                    about.push(preview_summary(preview));
                }
            }
        }
        if about.is_empty() {
            continue;
        }
        lines.push(String::new());
        let required = if question.required { " (required)" } else { "" };
        lines.push(format!(
            "{}{required}: {}",
            question.header, question.prompt
        ));
        lines.extend(about);
    }
    lines.join("\n")
}

/// A preview's first lines, indented under its option, and how many lines were left out.
fn preview_summary(preview: &str) -> String {
    let total = preview.lines().count();
    let mut shown: Vec<String> = preview
        .lines()
        .take(PREVIEW_LINES)
        .map(|line| format!("   {line}"))
        .collect();
    // A cut inside a code block closes it, so the rest of the message is not read as code.
    let fences = preview
        .lines()
        .take(PREVIEW_LINES)
        .filter(|line| line.trim_start().starts_with("```"))
        .count();
    if fences % 2 == 1 {
        shown.push("   ```".to_string());
    }
    if total > PREVIEW_LINES {
        shown.push(format!("   … {} more lines", total - PREVIEW_LINES));
    }
    shown.join("\n")
}

#[cfg(test)]
mod tests;
