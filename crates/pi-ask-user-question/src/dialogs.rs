//! The sequential dialog fallback (`docs/behaviour.md#dialog-fallback`) for hosts that can only
//! show `select` and `input` dialogs (pi's RPC mode): `question::Dialogs` and the operator's time
//! limit, which ends the dialogs as timed out unless a reply comes first. When the time runs out,
//! an alarm wakes the extension (`onWake`) to close the open dialog; `next()` then says so.
//! The web page and the inbox may race the dialogs ([`Rivals`]): when one of them answers first,
//! the same wake-up closes the open dialog, and `next()` gives their result.

use std::time::{Duration, Instant};

use ask_user_question_web::race::Held;
use napi::bindgen_prelude::{ClassInstance, Function, Result};
use napi_derive::napi;
use serde_json::Value;

use question::{DialogRequest, DialogStep, ToolResult};

use crate::outcome::Closed;
use crate::rivals::{EndedBy, Race, Rivals};
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
    /// What races the dialogs (the web page, the inbox).
    race: Option<Race>,
    /// The call's result once the dialogs ended, the race settled.
    ended: Option<ToolResult>,
}

#[napi]
impl Dialogs {
    /// Fails with the `invalid_questions` content when `input` does not validate.
    /// `timeout_ms`: the operator's time limit (none when absent). `rivals` race the dialogs,
    /// and they settle the race themselves.
    #[napi(constructor)]
    pub fn new(
        input: Value,
        timeout_ms: Option<f64>,
        rivals: Option<ClassInstance<Rivals>>,
    ) -> Result<Dialogs> {
        let questionnaire = question::validate(&input)
            .map_err(|issues| napi::Error::from_reason(question::invalid_result(issues).content))?;
        let limit = timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| Duration::from_millis(ms.ceil() as u64));
        let dialogs = Dialogs::with_limit(question::Dialogs::new(questionnaire), limit);
        Ok(match rivals {
            Some(rivals) => dialogs.racing(rivals.race()),
            None => dialogs,
        })
    }

    /// The dialog to show, or the result once the dialogs ended (answered, dismissed, the
    /// time limit ran out, or the page or the inbox answered first).
    // The JavaScript name; the dialogs are no iterator.
    #[allow(clippy::should_implement_trait)]
    #[napi]
    pub fn next(&mut self) -> Dialog {
        if let Some(result) = &self.ended {
            return Dialog::finished(result);
        }
        if let Some((result, from)) = self.arrival() {
            return self.end(result, Some(from));
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
            DialogStep::Finished(result) => self.end(result, None),
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
        if let Some(race) = &self.race {
            race.after_key(false);
            if race.joined() {
                race.save(&self.held());
            }
        }
    }

    /// Ends the dialogs (the turn was aborted; the host dismissed the open one): cancelled +
    /// `aborted`, keeping what was recorded. Dialogs that ended keep their result.
    #[napi]
    pub fn abort(&mut self) -> Closed {
        if let Some(result) = &self.ended {
            return Closed::of(result);
        }
        let aborted = self.inner.abort();
        let ended = self.end(aborted, None);
        ended
            .result
            .unwrap_or_else(|| unreachable!("ended dialogs have their result"))
    }

    /// `callback` runs on pi's thread when the time limit runs out or the page or the inbox
    /// answered, so the extension closes the open dialog and asks `next()`; `null` stops it. It
    /// does not keep Node running.
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
    pub(crate) fn with_limit(inner: question::Dialogs, limit: Option<Duration>) -> Dialogs {
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
            race: None,
            ended: None,
        }
    }

    /// The same, raced by `race`, which wakes them when an answer comes from elsewhere.
    pub(crate) fn racing(mut self, race: Race) -> Dialogs {
        race.attach(self.waker.clone());
        self.race = Some(race);
        self
    }

    fn held(&self) -> Held {
        Held {
            state: self.inner.state().clone(),
            unsaved: Default::default(),
        }
    }

    /// An answer from elsewhere, if one came while the dialogs ask.
    fn arrival(&self) -> Option<(ToolResult, EndedBy)> {
        if self.inner.is_finished() {
            return None;
        }
        self.race.as_ref()?.arrival(|| self.held())
    }

    /// Ends the dialogs with `result` (from elsewhere when `from`): the race settles, nothing
    /// more is asked, and the time limit stops.
    fn end(&mut self, result: ToolResult, from: Option<EndedBy>) -> Dialog {
        let result = match &self.race {
            Some(race) => race.settle(&self.held(), result, from),
            None => result,
        };
        self.stop_limit();
        self.waker.clear();
        let dialog = Dialog::finished(&result);
        self.ended = Some(result);
        dialog
    }

    fn time_ran_out(&self) -> bool {
        self.limit
            .as_ref()
            .is_some_and(|(due, _)| Instant::now() >= *due)
    }

    /// No time limit from here on: a reply came, or the dialogs ended.
    fn stop_limit(&mut self) {
        self.limit = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use serde_json::json;

    fn dialogs(input: Value) -> Dialogs {
        Dialogs::new(input, None, None).unwrap_or_else(|e| panic!("{e}"))
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
