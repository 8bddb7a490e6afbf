//! The questionnaire as one MCP form (`elicitation/create` in form mode), and the form's reply
//! as the questionnaire's answers.
//!
//! A form is a flat object of primitive fields, so each question becomes one field keyed by its
//! id: a single choice a titled enum, a multi choice a multi-select enum, text a string, confirm
//! a boolean. The free-text "Type something." entry of a choice is an optional string beside
//! it. No field is required: the person may skip any question, as in the terminal. What a form
//! cannot show (option descriptions, previews, context, the recommendation) goes into the
//! message above it.

use std::collections::{BTreeMap, BTreeSet};

use question::{
    AnswerShape, AnswerState, Draft, Label, OptionSource, Question, QuestionType, Questionnaire,
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

    /// The answers in an accepted form's `content`, and as drafts, by question id, what they
    /// cannot take (a number out of bounds, a value of another type, a choice not offered
    /// where free text is not taken), so nothing entered is lost. Values the form did not
    /// offer are kept as free text where the question takes it.
    pub fn answers(
        &self,
        questionnaire: &Questionnaire,
        content: &Value,
    ) -> (AnswerState, BTreeMap<String, Draft>) {
        let mut state = AnswerState::new(questionnaire.clone());
        let mut drafts = BTreeMap::new();
        for (fields, question) in self.fields.iter().zip(&questionnaire.questions) {
            let mut unsent = Vec::new();
            if let Some(value) = content.get(&fields.answer) {
                state = answer(state, question, value, &mut unsent);
            }
            if let Some(value) = fields.free_text.as_ref().and_then(|name| content.get(name)) {
                state = free_text(state, question, value, &mut unsent);
            }
            let mut draft = Draft::default();
            for text in unsent {
                draft.keep_both(Draft {
                    text: Some(text),
                    ..Draft::default()
                });
            }
            if !draft.is_empty() {
                drafts.insert(fields.id.clone(), draft);
            }
        }
        (state, drafts)
    }

    /// The submitted result of an accepted form.
    pub fn submitted(&self, questionnaire: &Questionnaire, content: &Value) -> ToolResult {
        let (state, drafts) = self.answers(questionnaire, content);
        through_form(state.build_result(ResultOptions::submitted().with_drafts(drafts)))
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

/// One question's answer from its field's value; what it cannot take goes to `unsent`.
fn answer(
    state: AnswerState,
    question: &Question,
    value: &Value,
    unsent: &mut Vec<String>,
) -> AnswerState {
    let id = question.id.as_str();
    let option_of = |text: &str| {
        question
            .options
            .iter()
            .find(|o| o.value == text)
            .or_else(|| question.options.iter().find(|o| o.label == text))
            .map(|o| o.value.clone())
    };
    // The changed state, or the state as it was with the value kept for the draft.
    let mut taken = |changed: Result<AnswerState, question::StateError>, state: AnswerState| {
        changed.unwrap_or_else(|_| {
            unsent.push(text_of(value));
            state
        })
    };
    match (question.kind, value) {
        (_, Value::Null) => state,
        (_, Value::String(text)) if text.trim().is_empty() => state,
        (QuestionType::Single, Value::String(text)) => match option_of(text) {
            Some(value) => taken(state.select(id, &value), state),
            None => taken(state.set_custom_text(id, text), state),
        },
        // One item for one pick can mean only that item.
        (QuestionType::Single, Value::Array(items)) if items.len() == 1 => {
            answer(state, question, &items[0], unsent)
        }
        (QuestionType::Multi, Value::Array(items)) => {
            let mut state = state;
            let mut typed = Vec::new();
            for item in items {
                match item.as_str().map(|text| (text, option_of(text))) {
                    Some((_, Some(value))) => {
                        if !state.answer(id).is_some_and(|a| a.is_picked(&value)) {
                            state = state.toggle(id, &value).unwrap_or(state);
                        }
                    }
                    Some((text, None)) if text.trim().is_empty() => {}
                    Some((text, None)) => typed.push(text.to_string()),
                    None => unsent.push(text_of(item)),
                }
            }
            // Several values the form did not offer are one free text, so none is lost.
            if typed.is_empty() {
                return state;
            }
            let typed = typed.join(", ");
            state.set_custom_text(id, &typed).unwrap_or_else(|_| {
                unsent.push(typed);
                state
            })
        }
        // One value for a list of picks can mean only a list of it.
        (QuestionType::Multi, Value::String(_)) => {
            answer(state, question, &Value::Array(vec![value.clone()]), unsent)
        }
        (QuestionType::Text, Value::String(text)) => taken(state.set_custom_text(id, text), state),
        // A number outside the question's bounds or step is not an answer: the question
        // stays open, the number kept as its draft, as the terminal keeps it.
        (QuestionType::Number, Value::Number(number)) => {
            taken(state.set_number(id, &number.to_string()), state)
        }
        (QuestionType::Number, Value::String(text)) => taken(state.set_number(id, text), state),
        (QuestionType::Confirm, Value::Bool(yes)) => {
            let value = if *yes { "yes" } else { "no" };
            taken(state.select(id, value), state)
        }
        _ => {
            unsent.push(text_of(value));
            state
        }
    }
}

/// The free text beside a choice; what it cannot take goes to `unsent`.
fn free_text(
    state: AnswerState,
    question: &Question,
    value: &Value,
    unsent: &mut Vec<String>,
) -> AnswerState {
    let Some(text) = value.as_str() else {
        if !value.is_null() {
            unsent.push(text_of(value));
        }
        return state;
    };
    if text.trim().is_empty() {
        return state;
    }
    // Free text in the answer's field too (a value the form did not offer) would be replaced:
    // it stays as the draft.
    if let Some(earlier) = state
        .answer(&question.id)
        .and_then(|answer| answer.custom_text.as_deref())
        .filter(|earlier| *earlier != text)
    {
        unsent.push(earlier.to_string());
    }
    state
        .set_custom_text(&question.id, text)
        .unwrap_or_else(|_| {
            unsent.push(text.to_string());
            state
        })
}

/// A value as the person entered it, for a draft: text as it is, a list item by item.
fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Array(items) => items.iter().map(text_of).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
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
