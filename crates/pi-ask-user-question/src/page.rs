//! The web page's side of the race (the operator's `--ask-web`), as the extension tells it: the
//! page ([`crate::web_page`]) and the questionnaire share no objects; the extension settles the
//! race with plain values, and a [`crate::Session`] or [`crate::Dialogs`] ends with what it is told:
//! - the page's answer came first: the call's result is the page's answer, built by the page's
//!   addon with [`Held::typed`] (what pi's side holds, saved or not) kept as its drafts;
//! - the page's cancel came first: cancelled with pi's answers and unsaved text, and what was
//!   typed on the page as drafts ([`Held::cancelled_on_page`]);
//! - pi's side ended first: its result with the page's drafts ([`Held::with_page_drafts`]).
//!
//! `details.answeredIn` says where it was answered: `web`, or `terminal` (pi's questionnaire or
//! dialogs) after a submit or a cancel there; a time-out or an abort answered nowhere.

use std::collections::{BTreeMap, HashMap};

use napi_derive::napi;
use question::{AnswerShape, AnswerState, Draft, ResultOptions, ToolResult};
use serde_json::{Value, json};

use crate::outcome::Outcome;

/// Text typed on one side for one question, saved or not: `text` (free text or a number),
/// `note`, and notes by option value. The web page takes and gives the same shape.
#[napi(object)]
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypedText {
    pub text: Option<String>,
    pub note: Option<String>,
    pub option_notes: Option<HashMap<String, String>>,
}

/// What pi's side holds when the race is settled: its answers and its unsaved text.
#[derive(Debug, Clone)]
pub struct Held {
    pub state: AnswerState,
    pub unsaved: BTreeMap<String, Draft>,
}

impl Held {
    /// Everything typed on pi's side, by question id: what was saved (free text, a number,
    /// notes) and, over it, what is typed and not saved.
    pub fn typed(&self) -> HashMap<String, TypedText> {
        let mut texts = self.state.typed_texts();
        for (id, unsaved) in &self.unsaved {
            texts.entry(id.clone()).or_default().update(unsaved.clone());
        }
        texts
            .into_iter()
            .map(|(id, draft)| (id, typed_text(draft)))
            .collect()
    }

    /// The page's cancel ended the questions: cancelled, with pi's answers and unsaved text and
    /// `page`'s drafts.
    pub fn cancelled_on_page(&self, page: BTreeMap<String, Draft>) -> ToolResult {
        let mut result = self.result_with(ResultOptions::cancelled(), page);
        mark_answered_in(&mut result, "web");
        result
    }

    /// pi's side ended first with `result`: the same with `page`'s drafts, marked as answered
    /// on pi's side after a submit or a cancel there.
    pub fn with_page_drafts(
        &self,
        result: ToolResult,
        page: BTreeMap<String, Draft>,
    ) -> ToolResult {
        let outcome = Outcome::of(&result);
        let mut result = if self.unrecorded(page.clone()).is_empty() {
            result
        } else {
            self.result_with(options_of(outcome), page)
        };
        if matches!(outcome, Outcome::Answered | Outcome::Cancelled) {
            mark_answered_in(&mut result, "terminal");
        }
        result
    }

    /// The result for `options` with `page`'s drafts where pi's side holds other text, and its
    /// own unsaved text over them (as `App::result_with`).
    fn result_with(&self, options: ResultOptions, page: BTreeMap<String, Draft>) -> ToolResult {
        let mut drafts = self.unrecorded(page);
        for (id, own) in &self.unsaved {
            drafts.entry(id.clone()).or_default().update(own.clone());
        }
        self.state.build_result(options.with_drafts(drafts))
    }

    /// `drafts` less the text the answers hold already (a number question with a number keeps
    /// it, as the page's own drafts do).
    fn unrecorded(&self, drafts: BTreeMap<String, Draft>) -> BTreeMap<String, Draft> {
        let mut kept = BTreeMap::new();
        for (question, answer) in self.state.entries() {
            let Some(mut draft) = drafts.get(&question.id).cloned() else {
                continue;
            };
            let number = question.kind.answer() == AnswerShape::Number;
            if (number && answer.number.is_some()) || draft.text == answer.custom_text {
                draft.text = None;
            }
            if draft.note == answer.note {
                draft.note = None;
            }
            draft
                .option_notes
                .retain(|value, note| answer.option_note(value) != Some(note.as_str()));
            if !draft.is_empty() {
                kept.insert(question.id.clone(), draft);
            }
        }
        kept
    }
}

/// `texts` from the extension (the page's drafts) checked against the questions: every id a
/// question's, every option note an option's. `entry` names the call in the error.
pub fn drafts_from(
    state: &AnswerState,
    texts: HashMap<String, TypedText>,
    entry: &str,
) -> napi::Result<BTreeMap<String, Draft>> {
    let mut drafts = BTreeMap::new();
    for (id, text) in texts {
        let Some((question, _)) = state.entries().find(|(q, _)| q.id == id) else {
            return Err(napi::Error::from_reason(format!(
                "{entry}: the page's drafts name no question of this call: \"{id}\""
            )));
        };
        let draft = draft(text);
        if let Some(value) = draft
            .option_notes
            .keys()
            .find(|value| !question.options.iter().any(|o| &o.value == *value))
        {
            return Err(napi::Error::from_reason(format!(
                "{entry}: question \"{id}\" has no option with value \"{value}\" to hold the page's note"
            )));
        }
        drafts.insert(id, draft);
    }
    Ok(drafts)
}

/// The page's answer from the extension, checked: `{content, details}` whose details say it
/// was answered on the web and hold an answer for each question of this call.
pub fn page_answer(
    state: &AnswerState,
    content: String,
    details: Value,
    entry: &str,
) -> napi::Result<ToolResult> {
    let fail = |why: String| {
        napi::Error::from_reason(format!(
            "{entry}: expected the page's answer ({{content, details}} with details.answeredIn \"web\" and an answer to every question of this call); {why}"
        ))
    };
    let Some(fields) = details.as_object() else {
        return Err(fail(format!("details is {}", question::kind_of(&details))));
    };
    if fields.get("answeredIn") != Some(&json!("web")) {
        return Err(fail(format!(
            "details.answeredIn is {}",
            fields
                .get("answeredIn")
                .map_or("missing".into(), Value::to_string)
        )));
    }
    let Some(answers) = fields.get("answers").and_then(Value::as_object) else {
        return Err(fail("details.answers is not an object".into()));
    };
    if let Some((question, _)) = state.entries().find(|(q, _)| !answers.contains_key(&q.id)) {
        return Err(fail(format!("details.answers has no \"{}\"", question.id)));
    }
    if answers.len() != state.questionnaire().questions.len() {
        return Err(fail(
            "details.answers names questions this call has not".into(),
        ));
    }
    Ok(ToolResult { content, details })
}

/// Records where a result was answered (`details.answeredIn`), as the CLI does.
fn mark_answered_in(result: &mut ToolResult, place: &str) {
    if let Some(details) = result.details.as_object_mut() {
        details.insert("answeredIn".into(), json!(place));
    }
}

/// The options a result of `outcome` was built with, to build it again with drafts.
fn options_of(outcome: Outcome) -> ResultOptions {
    match outcome {
        Outcome::Answered => ResultOptions::submitted(),
        Outcome::Cancelled => ResultOptions::cancelled(),
        Outcome::Aborted => ResultOptions::aborted(),
        Outcome::TimedOut => ResultOptions::timed_out(),
    }
}

pub(crate) fn typed_text(draft: Draft) -> TypedText {
    TypedText {
        text: draft.text,
        note: draft.note,
        option_notes: (!draft.option_notes.is_empty())
            .then(|| draft.option_notes.into_iter().collect()),
    }
}

pub(crate) fn draft(text: TypedText) -> Draft {
    Draft {
        text: text.text,
        note: text.note,
        option_notes: text.option_notes.unwrap_or_default().into_iter().collect(),
    }
}

#[cfg(test)]
mod tests;
