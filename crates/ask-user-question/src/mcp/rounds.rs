//! The form in protocol revision 2026-07-28, where a server sends no requests of its own: the
//! call answers with an `input_required` result carrying the form and a `requestState`, and the
//! client calls again with the form's reply and that state.
//!
//! The state is sealed (an HMAC with a key of this process, rmcp's `RequestStateCodec`), bound
//! to the call's questionnaire, stamped with an expiry, and used once: a forged or altered
//! state, one from another questionnaire, an expired one or one used before is refused, saying
//! which and what to do.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rmcp::ErrorData as McpError;
use rmcp::model::{
    InputRequest, InputRequests, InputRequiredResult, RequestStateCodec, RequestStateError,
    SealOptions,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::form::Form;

/// How long a form's state is good for by default: a person may take a while with a form.
pub const STATE_TTL: Duration = Duration::from_secs(60 * 60);

/// The key of the form's reply in `inputRequests` and `inputResponses`.
const FORM_KEY: &str = "form";

/// What the sealed state says.
#[derive(Debug, Serialize, Deserialize)]
struct State {
    /// Makes each state one of a kind, for using it once.
    nonce: String,
    /// When the form was sent, in milliseconds since the epoch: a decline that comes back
    /// sooner than a person could read the form was not from a person.
    sent_ms: u64,
}

/// Seals and opens the states of the forms this server sent.
pub struct Rounds {
    codec: RequestStateCodec,
    ttl: Duration,
    /// States already used, until they would have expired anyway.
    used: Mutex<HashMap<String, Instant>>,
}

/// A form's reply, as the client sent it back.
#[derive(Debug)]
pub struct Reply {
    /// `accept`, `decline` or `cancel`.
    pub action: String,
    pub content: Option<Value>,
    /// How long after the form was sent the reply came.
    pub after: Duration,
}

impl Rounds {
    /// States sealed with a key made now, good for `ttl`.
    pub fn new(ttl: Duration) -> std::io::Result<Rounds> {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).map_err(|error| std::io::Error::other(error.to_string()))?;
        let codec = RequestStateCodec::try_new(key.to_vec())
            .map_err(|error| std::io::Error::other(error.to_string()))?;
        Ok(Rounds {
            codec,
            ttl,
            used: Mutex::default(),
        })
    }

    /// The `input_required` result that asks `form` for a call with `arguments`.
    pub fn ask(&self, form: &Form, arguments: &Value) -> InputRequiredResult {
        let mut nonce = [0u8; 16];
        // A failed read of the OS's randomness leaves a nonce still unique by its time.
        let _ = getrandom::fill(&mut nonce);
        let state = State {
            nonce: nonce.iter().map(|b| format!("{b:02x}")).collect(),
            sent_ms: now_ms(),
        };
        let bound = super::waiting::key(arguments);
        let options = SealOptions::new()
            .associated_data(bound.as_bytes())
            .ttl(self.ttl);
        let sealed = self
            .codec
            .seal_json_with(&state, &options)
            .expect("a state serializes");
        let request: InputRequest = serde_json::from_value(json!({
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": form.message,
                "requestedSchema": form.schema,
            }
        }))
        .expect("a form request");
        let requests: InputRequests = [(FORM_KEY.to_string(), request)].into_iter().collect();
        InputRequiredResult::new(Some(requests), Some(sealed))
    }

    /// The form's reply in a retried call with `arguments`, once its `state` is checked.
    pub fn reply(
        &self,
        state: &str,
        responses: Option<&BTreeMap<String, Value>>,
        arguments: &Value,
    ) -> Result<Reply, McpError> {
        let bound = super::waiting::key(arguments);
        let state: State = self
            .codec
            .open_json_with(state, bound.as_bytes())
            .map_err(|error| refused(error, self.ttl))?;
        {
            let mut used = self
                .used
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let ttl = self.ttl;
            used.retain(|_, at| at.elapsed() < ttl);
            if used.insert(state.nonce.clone(), Instant::now()).is_some() {
                return Err(McpError::invalid_params(
                    "requestState was already used: each form is answered once; call the tool \
                     again without requestState to ask again",
                    None,
                ));
            }
        }
        let reply = responses.and_then(|r| r.get(FORM_KEY)).ok_or_else(|| {
            McpError::invalid_params(
                format!("inputResponses has no {FORM_KEY:?}: send the form's reply under that key"),
                None,
            )
        })?;
        let action = reply["action"].as_str().unwrap_or_default().to_string();
        if !matches!(action.as_str(), "accept" | "decline" | "cancel") {
            return Err(McpError::invalid_params(
                format!(
                    "inputResponses.{FORM_KEY}.action is {:?}: expected accept, decline or cancel",
                    reply["action"]
                ),
                None,
            ));
        }
        Ok(Reply {
            action,
            content: reply.get("content").cloned(),
            after: Duration::from_millis(now_ms().saturating_sub(state.sent_ms)),
        })
    }
}

/// A state that does not open, as an error saying why and what to do.
fn refused(error: RequestStateError, ttl: Duration) -> McpError {
    let why = match error {
        RequestStateError::Expired => format!(
            "requestState expired (a form's state is good for {} s)",
            ttl.as_secs()
        ),
        _ => "requestState was not issued by this server for these questions, or was altered"
            .to_string(),
    };
    McpError::invalid_params(
        format!("{why}; call the tool again without requestState to ask again"),
        None,
    )
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> (Form, Value) {
        let arguments =
            json!({"questions": [{"id": "a", "header": "A", "prompt": "Name?", "type": "text"}]});
        let questionnaire = question::validate(&arguments).unwrap();
        (Form::of(&questionnaire).unwrap(), arguments)
    }

    fn responses(action: &str) -> BTreeMap<String, Value> {
        [(
            "form".to_string(),
            json!({ "action": action, "content": { "a": "x" } }),
        )]
        .into_iter()
        .collect()
    }

    #[test]
    fn a_state_opens_once_for_its_own_questions() {
        let rounds = Rounds::new(STATE_TTL).unwrap();
        let (form, arguments) = form();
        let asked = rounds.ask(&form, &arguments);
        let state = asked.request_state.clone().unwrap();
        let reply = rounds
            .reply(&state, Some(&responses("accept")), &arguments)
            .unwrap();
        assert_eq!(reply.action, "accept");
        let again = rounds
            .reply(&state, Some(&responses("accept")), &arguments)
            .unwrap_err();
        assert!(again.message.contains("already used"), "{}", again.message);
    }

    #[test]
    fn forged_altered_foreign_and_expired_states_are_refused() {
        let rounds = Rounds::new(STATE_TTL).unwrap();
        let (form, arguments) = form();
        let state = rounds.ask(&form, &arguments).request_state.unwrap();
        let mut altered = state.clone();
        let last = altered.pop().unwrap();
        altered.push(if last == 'A' { 'B' } else { 'A' });
        let other =
            json!({"questions": [{"id": "b", "header": "B", "prompt": "Other?", "type": "text"}]});
        for (bad, on) in [
            ("forged-state".to_string(), &arguments),
            (altered, &arguments),
            (state.clone(), &other),
        ] {
            let error = rounds
                .reply(&bad, Some(&responses("accept")), on)
                .unwrap_err();
            assert!(
                error.message.contains("not issued by this server"),
                "{}",
                error.message
            );
        }
        let quick = Rounds::new(Duration::from_millis(1)).unwrap();
        let state = quick.ask(&form, &arguments).request_state.unwrap();
        std::thread::sleep(Duration::from_millis(1100));
        let error = quick
            .reply(&state, Some(&responses("accept")), &arguments)
            .unwrap_err();
        assert!(error.message.contains("expired"), "{}", error.message);
    }
}
