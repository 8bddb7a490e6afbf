//! The sequential dialog fallback (`docs/behaviour.md#dialog-fallback`) for hosts that can only
//! show `select` and `input` dialogs (pi's RPC mode): a thin wrapper over `question::Dialogs`.

use napi::bindgen_prelude::Result;
use napi_derive::napi;
use serde_json::{Value, json};

use question::{DialogRequest, DialogStep};

/// Asks the questions of one call one dialog at a time.
#[napi]
pub struct Dialogs {
    inner: question::Dialogs,
}

#[napi]
impl Dialogs {
    /// Fails with the `invalid_questions` content when `input` does not validate.
    #[napi(constructor)]
    pub fn new(input: Value) -> Result<Dialogs> {
        match question::validate(&input) {
            Ok(questionnaire) => Ok(Dialogs {
                inner: question::Dialogs::new(questionnaire),
            }),
            Err(issues) => Err(napi::Error::from_reason(
                question::invalid_result(issues).content,
            )),
        }
    }

    /// The dialog to show: `{kind: "select", title, options}` or `{kind: "input", title,
    /// placeholder}`; or `{kind: "finished", result: {content, details}}`.
    #[napi]
    pub fn next(&self) -> Value {
        match self.inner.next() {
            DialogStep::Ask(DialogRequest::Select { title, options }) => {
                json!({"kind": "select", "title": title, "options": options})
            }
            DialogStep::Ask(DialogRequest::Input { title, placeholder }) => {
                json!({"kind": "input", "title": title, "placeholder": placeholder})
            }
            DialogStep::Finished(result) => json!({"kind": "finished", "result": result.to_json()}),
        }
    }

    /// The reply to the dialog `next()` gave: the chosen entry or the typed text; `null` or
    /// `undefined` when the user dismissed it.
    #[napi]
    pub fn answer(&mut self, reply: Option<String>) {
        self.inner.answer(reply);
    }

    /// Ends the dialogs (the host dismissed the open one): cancelled + `aborted`, keeping what was
    /// recorded.
    #[napi]
    pub fn abort(&mut self) -> Value {
        self.inner.abort().to_json()
    }

    /// Ends the dialogs because the time limit ran out (the host dismissed the open one):
    /// cancelled + `timed_out`, keeping what was recorded.
    #[napi]
    pub fn time_out(&mut self) -> Value {
        self.inner.time_out().to_json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dialogs(input: Value) -> Dialogs {
        Dialogs::new(input).unwrap_or_else(|e| panic!("{e}"))
    }

    fn options(step: &Value) -> Vec<String> {
        step["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o.as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn a_single_question_is_one_select_then_the_result() {
        let mut d = dialogs(
            json!({"questions": [{"id": "a", "header": "Approach", "prompt": "Which?",
            "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]}]}),
        );
        let step = d.next();
        assert_eq!(step["kind"], "select");
        assert!(step["title"].as_str().unwrap().contains("Which?"));
        let fast = options(&step)
            .into_iter()
            .find(|o| o.contains("Fast"))
            .unwrap();
        d.answer(Some(fast));
        let step = d.next();
        assert_eq!(step["kind"], "finished");
        assert_eq!(
            step["result"]["details"]["answers"]["a"]["values"],
            json!(["fast"])
        );
        assert_eq!(step["result"]["details"]["cancelled"], false);
    }

    #[test]
    fn a_text_question_is_an_input() {
        let mut d = dialogs(
            json!({"questions": [{"id": "t", "header": "Name", "prompt": "Name?", "type": "text"}]}),
        );
        assert_eq!(d.next()["kind"], "input");
        d.answer(Some("Ada".into()));
        let step = d.next();
        assert_eq!(
            step["result"]["details"]["answers"]["t"]["customText"],
            "Ada"
        );
    }

    /// A confirm question answered Yes, then a text question's input open.
    fn yes_then_a_text_question() -> Dialogs {
        let mut d = dialogs(json!({"questions": [
            {"id": "a", "header": "A", "prompt": "A?", "type": "confirm"},
            {"id": "b", "header": "B", "prompt": "B?", "type": "text"}]}));
        let yes = options(&d.next())
            .into_iter()
            .find(|o| o.contains("Yes"))
            .unwrap();
        d.answer(Some(yes));
        d
    }

    #[test]
    fn abort_keeps_what_was_recorded() {
        let mut d = yes_then_a_text_question();
        assert_eq!(d.next()["kind"], "input");
        let result = d.abort();
        assert_eq!(result["details"]["error"], "aborted");
        assert_eq!(result["details"]["cancelled"], true);
        assert_eq!(result["details"]["answers"]["a"]["values"], json!(["yes"]));
        assert_eq!(result["details"]["answers"]["b"]["status"], "skipped");
    }

    #[test]
    fn a_timeout_keeps_what_was_recorded() {
        let mut d = yes_then_a_text_question();
        let result = d.time_out();
        assert_eq!(result["details"]["error"], "timed_out");
        assert_eq!(result["details"]["cancelled"], true);
        assert_eq!(result["details"]["answers"]["a"]["values"], json!(["yes"]));
        assert!(
            result["content"]
                .as_str()
                .unwrap()
                .starts_with("No one answered the questionnaire within the time limit")
        );
    }

    #[test]
    fn invalid_input_is_refused_with_every_issue() {
        let error = Dialogs::new(json!({"questions": [{"id": "", "header": "", "prompt": "?"}]}))
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
