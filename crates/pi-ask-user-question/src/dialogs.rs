//! The sequential dialog fallback (`docs/behaviour.md#dialog-fallback`) for hosts that can only
//! show `select` and `input` dialogs (pi's RPC mode): `question::Dialogs` and the operator's time
//! limit, which ends the dialogs as timed out unless a reply comes first. When the time runs out,
//! an alarm wakes the extension (`onWake`) to close the open dialog; `next()` then says so.
//! A web page may race the dialogs (the operator's `--ask-web`): the extension settles it
//! (`crate::page`) and closes the open dialog itself when the page ends the call.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use napi::bindgen_prelude::{Function, Result};
use napi_derive::napi;
use serde_json::Value;

use question::{DialogRequest, DialogStep, ToolResult};

use crate::outcome::Closed;
use crate::page::{self, Held, TypedText};
use crate::wake::{Alarm, Waker};

/// The dialog to show, or the result once the dialogs ended: `options` for a select, else
/// `placeholder` for an input.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct Dialog {
    pub title: String,
    /// A select's entries, to show with `ctx.ui.select`.
    pub options: Option<Vec<String>>,
    /// An input's hint, to show with `ctx.ui.input`.
    pub placeholder: Option<String>,
    /// Set once the dialogs ended (then nothing is to be shown).
    pub result: Option<Closed>,
}

/// Asks the questions of one call one dialog at a time.
#[napi]
pub struct Dialogs {
    inner: question::Dialogs,
    /// Until the first reply: when the time limit runs out, and the alarm that says so.
    limit: Option<(Instant, Alarm)>,
    waker: Waker,
    /// The result once the web page ended the dialogs, or settled how pi's side ended them.
    ended: Option<ToolResult>,
}

#[napi]
impl Dialogs {
    /// Fails with the `invalid_questions` content when `input` does not validate.
    /// `timeout_ms`: the operator's time limit (none when absent).
    #[napi(constructor)]
    pub fn new(input: Value, timeout_ms: Option<f64>) -> Result<Dialogs> {
        let questionnaire = question::validate(&input)
            .map_err(|issues| napi::Error::from_reason(question::invalid_result(issues).content))?;
        let limit = timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| Duration::from_millis(ms.ceil() as u64));
        Ok(Dialogs::with_limit(
            question::Dialogs::new(questionnaire),
            limit,
        ))
    }

    /// The dialog to show, or the result once the dialogs ended (answered, dismissed, or the
    /// time limit ran out).
    // The JavaScript name; the dialogs are no iterator.
    #[allow(clippy::should_implement_trait)]
    #[napi]
    pub fn next(&mut self) -> Dialog {
        if let Some(result) = &self.ended {
            return Dialog::finished(result);
        }
        if self.time_ran_out() {
            self.inner.time_out();
            self.stop_limit();
        }
        match self.inner.next() {
            DialogStep::Ask(DialogRequest::Select { title, options }) => Dialog {
                title,
                options: Some(options),
                placeholder: None,
                result: None,
            },
            DialogStep::Ask(DialogRequest::Input { title, placeholder }) => Dialog {
                title,
                options: None,
                placeholder: Some(placeholder),
                result: None,
            },
            DialogStep::Finished(result) => {
                self.stop_limit();
                Dialog::finished(&result)
            }
        }
    }

    /// The reply to the dialog `next()` gave: the chosen entry or the typed text; `null` or
    /// `undefined` when the user dismissed it. The first reply stops the time limit for good;
    /// one that comes after the time ran out is too late.
    #[napi]
    pub fn answer(&mut self, reply: Option<String>) {
        if self.time_ran_out() || self.ended.is_some() {
            return;
        }
        self.stop_limit();
        self.inner.answer(reply);
    }

    /// Ends the dialogs (the turn was aborted; the host dismissed the open one): cancelled +
    /// `aborted`, keeping what was recorded. Dialogs that ended keep their result.
    #[napi]
    pub fn abort(&mut self) -> Closed {
        self.stop_limit();
        match &self.ended {
            Some(result) => Closed::of(result),
            None => Closed::of(&self.inner.abort()),
        }
    }

    /// What the replies recorded, by question id: the web page's answer keeps it as drafts.
    #[napi]
    pub fn typed_texts(&self) -> HashMap<String, TypedText> {
        self.held().typed()
    }

    /// The web page's answer came first: `next()` gives `answer` (built by the page's addon),
    /// also over a result the replies reached after it. Throws, naming what is wrong, when
    /// `answer` is no page's answer to these questions.
    #[napi]
    pub fn end_on_page(&mut self, answer: crate::tool::ToolResult) -> Result<Closed> {
        let result = page::page_answer(
            self.inner.state(),
            answer.content,
            answer.details,
            "endOnPage",
        )?;
        self.end(result);
        Ok(self.result())
    }

    /// The web page's cancel came first: cancelled with what the replies recorded and
    /// `drafts`, what was typed on the page. Dialogs that ended keep their result.
    #[napi]
    pub fn cancel_on_page(&mut self, drafts: HashMap<String, TypedText>) -> Result<Closed> {
        let drafts = page::drafts_from(self.inner.state(), drafts, "cancelOnPage")?;
        if self.ended.is_none() && !self.inner.is_finished() {
            let result = self.held().cancelled_on_page(drafts);
            self.end(result);
        }
        Ok(self.result())
    }

    /// The replies ended the dialogs first (and the page's answer did not come before): their
    /// result with `drafts`, what was typed on the page, and `details.answeredIn: "terminal"`
    /// after a submit or a dismissal. Throws before the dialogs ended.
    #[napi]
    pub fn keep_page_drafts(&mut self, drafts: HashMap<String, TypedText>) -> Result<Closed> {
        let result = match (self.ended.clone(), self.inner.next()) {
            (Some(result), _) | (None, DialogStep::Finished(result)) => result,
            (None, DialogStep::Ask(_)) => {
                return Err(napi::Error::from_reason(
                    "keepPageDrafts: the dialogs have not ended",
                ));
            }
        };
        let drafts = page::drafts_from(self.inner.state(), drafts, "keepPageDrafts")?;
        let result = self.held().with_page_drafts(result, drafts);
        self.end(result);
        Ok(self.result())
    }

    /// The inbox's answer came first (`InboxPost`): `next()` gives `result`,
    /// also over a result the replies reached after it.
    #[napi]
    pub fn end_in_inbox(&mut self, result: crate::tool::ToolResult) -> Closed {
        self.end(result.into());
        self.result()
    }

    /// What the replies recorded (`question::saved`), for the inbox to open with; `null` once
    /// the dialogs ended.
    #[napi]
    pub fn saved(&self) -> Option<Value> {
        (self.ended.is_none() && !self.inner.is_finished())
            .then(|| question::saved::save(self.inner.state(), &Default::default()))
    }

    /// `callback` runs on pi's thread when the time limit runs out, so the extension closes the
    /// open dialog and asks `next()`; `null` stops it. It does not keep Node running.
    #[napi]
    pub fn on_wake(&mut self, callback: Option<Function<(), ()>>) -> Result<()> {
        self.waker.set(callback)
    }
}

impl Dialog {
    fn finished(result: &ToolResult) -> Dialog {
        Dialog {
            title: String::new(),
            options: None,
            placeholder: None,
            result: Some(Closed::of(result)),
        }
    }
}

impl Dialogs {
    fn with_limit(inner: question::Dialogs, limit: Option<Duration>) -> Dialogs {
        let waker = Waker::default();
        let limit = limit.map(|limit| {
            let due = Instant::now() + limit;
            let waker = waker.clone();
            let mut alarm = Alarm::new(move || waker.wake());
            alarm.set(Some(due));
            (due, alarm)
        });
        Dialogs {
            inner,
            limit,
            waker,
            ended: None,
        }
    }

    fn held(&self) -> Held {
        Held {
            state: self.inner.state().clone(),
            unsaved: Default::default(),
        }
    }

    /// Ends the dialogs with `result`: nothing more is asked, and the time limit stops.
    fn end(&mut self, result: ToolResult) {
        self.stop_limit();
        self.ended = Some(result);
    }

    /// The result `next()` gives now.
    fn result(&mut self) -> Closed {
        self.next().result.unwrap_or_else(|| self.abort())
    }

    fn time_ran_out(&self) -> bool {
        self.limit
            .as_ref()
            .is_some_and(|(due, _)| Instant::now() >= *due)
    }

    /// No time limit from here on: a reply came, or the dialogs ended.
    fn stop_limit(&mut self) {
        self.limit = None;
        self.waker.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use serde_json::json;

    fn dialogs(input: Value) -> Dialogs {
        Dialogs::new(input, None).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The entry of the select `step` that contains `text`.
    fn entry(step: &Dialog, text: &str) -> String {
        let options = step.options.as_ref().expect("a select");
        options
            .iter()
            .find(|o| o.contains(text))
            .unwrap_or_else(|| panic!("{text} in {options:?}"))
            .clone()
    }

    #[test]
    fn a_single_question_is_one_select_then_the_result() {
        let mut d = dialogs(
            json!({"questions": [{"id": "a", "header": "Approach", "prompt": "Which?",
            "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]}]}),
        );
        let step = d.next();
        assert!(step.title.contains("Which?"));
        d.answer(Some(entry(&step, "Fast")));
        let result = d.next().result.expect("finished");
        assert_eq!(result.outcome, Outcome::Answered);
        assert_eq!(result.details["answers"]["a"]["values"], json!(["fast"]));
        assert_eq!(result.details["cancelled"], false);
    }

    #[test]
    fn the_inbox_answer_ends_the_dialogs_and_what_was_replied_is_saved() {
        let mut d = dialogs(json!({"questions": [
            {"id": "a", "header": "Approach", "prompt": "Which?",
             "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
            {"id": "t", "header": "Name", "prompt": "Name?", "type": "text"}]}));
        let step = d.next();
        d.answer(Some(entry(&step, "Fast")));
        let saved = d.saved().expect("still asking");
        assert_eq!(saved["answers"]["a"]["picks"], json!(["fast"]), "{saved}");
        let inbox = json!({"answers": {"a": {"values": ["safe"]}}, "answeredIn": "inbox"});
        let closed = d.end_in_inbox(crate::tool::ToolResult {
            content: "from the inbox".into(),
            details: inbox.clone(),
        });
        assert_eq!(closed.content, "from the inbox");
        assert_eq!(d.next().result.expect("ended").details, inbox);
        assert!(d.saved().is_none());
    }

    #[test]
    fn a_text_question_is_an_input() {
        let mut d = dialogs(
            json!({"questions": [{"id": "t", "header": "Name", "prompt": "Name?", "type": "text"}]}),
        );
        let step = d.next();
        assert!(step.options.is_none() && step.placeholder.is_some());
        d.answer(Some("Ada".into()));
        let result = d.next().result.expect("finished");
        assert_eq!(result.details["answers"]["t"]["customText"], "Ada");
    }

    /// A confirm question answered Yes, then a text question's input open.
    fn yes_then_a_text_question(limit: Option<Duration>) -> Dialogs {
        let input = json!({"questions": [
            {"id": "a", "header": "A", "prompt": "A?", "type": "confirm"},
            {"id": "b", "header": "B", "prompt": "B?", "type": "text"}]});
        let questionnaire = question::validate(&input).unwrap_or_else(|e| panic!("{e:?}"));
        let mut d = Dialogs::with_limit(question::Dialogs::new(questionnaire), limit);
        let yes = entry(&d.next(), "Yes");
        d.answer(Some(yes));
        d
    }

    #[test]
    fn abort_keeps_what_was_recorded() {
        let mut d = yes_then_a_text_question(None);
        assert!(d.next().placeholder.is_some(), "the input is open");
        let result = d.abort();
        assert_eq!(result.outcome, Outcome::Aborted);
        assert_eq!(result.details["error"], "aborted");
        assert_eq!(result.details["cancelled"], true);
        assert_eq!(result.details["answers"]["a"]["values"], json!(["yes"]));
        assert_eq!(result.details["answers"]["b"]["status"], "skipped");
    }

    #[test]
    fn a_dismissed_dialog_cancels() {
        let mut d = yes_then_a_text_question(None);
        d.answer(None);
        let result = d.next().result.expect("finished");
        assert_eq!(result.outcome, Outcome::Cancelled);
    }

    #[test]
    fn a_time_limit_that_ran_out_before_any_reply_ends_them_as_timed_out() {
        let input = json!({"questions": [
            {"id": "a", "header": "A", "prompt": "A?", "type": "confirm"}]});
        let questionnaire = question::validate(&input).unwrap_or_else(|e| panic!("{e:?}"));
        // A limit of zero has run out by the first look at the clock.
        let mut d =
            Dialogs::with_limit(question::Dialogs::new(questionnaire), Some(Duration::ZERO));
        d.answer(Some("Yes".into()));
        let result = d.next().result.expect("timed out");
        assert_eq!(result.outcome, Outcome::TimedOut);
        assert_eq!(result.details["error"], "timed_out");
        assert_eq!(result.details["cancelled"], true);
        assert_eq!(
            result.details["answers"]["a"]["status"], "skipped",
            "the late reply is not taken"
        );
        assert!(
            result
                .content
                .starts_with("No one answered the question within the time limit")
        );
        assert_eq!(d.abort(), result, "ended dialogs keep their result");
    }

    #[test]
    fn the_first_reply_stops_the_time_limit_for_good() {
        let mut d = yes_then_a_text_question(Some(Duration::from_secs(3600)));
        assert!(d.limit.is_none(), "no alarm after the first reply");
        d.answer(Some("Ada".into()));
        let result = d.next().result.expect("finished");
        assert_eq!(result.outcome, Outcome::Answered);
        assert_eq!(result.details["answers"]["a"]["values"], json!(["yes"]));
    }

    #[test]
    fn invalid_input_is_refused_with_every_issue() {
        let error = Dialogs::new(
            json!({"questions": [{"id": "", "header": "", "prompt": "?"}]}),
            None,
        )
        .err()
        .expect("invalid");
        assert!(error.reason.contains("/questions/0/id"), "{}", error.reason);
        assert!(
            error.reason.contains("/questions/0/header"),
            "{}",
            error.reason
        );
    }
}
