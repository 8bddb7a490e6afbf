//! Questions that outlive the call that asked them.
//!
//! A person rarely answers within a client's time limit, so a popup or a page is asked on a task
//! of its own, not inside the call: a call only attaches to it and waits. When the call gives up
//! (the client's timeout or cancel), the question stays open where the person is answering for
//! [`Timing::hold`]; a repeated call with the same questionnaire attaches to it again, or gets
//! the answer given meanwhile, kept for [`Timing::keep`]. Only once the hold passes with no call
//! attached is the question closed (its drafts kept in the result, which nobody claims).
//!
//! Calls are matched by the questionnaire they send, as JSON with its keys in one order: a model
//! that repeats a call sends the same arguments.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use question::ToolResult;
use serde_json::{Value, json};
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

/// How long questions and their answers wait for a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    /// How long a question stays open after the last call attached to it gave up.
    pub hold: Duration,
    /// How long an answer nobody claimed waits for the repeated call.
    pub keep: Duration,
}

impl Default for Timing {
    /// Half an hour open: a person away from the screen comes back and answers, and the agent
    /// has long asked again by then. An hour for an answer: past that the conversation it
    /// belonged to has moved on.
    fn default() -> Timing {
        Timing {
            hold: Duration::from_secs(30 * 60),
            keep: Duration::from_secs(60 * 60),
        }
    }
}

/// What an asking ended with: the result, or why the person could not be reached.
pub type Asked = Result<ToolResult, String>;

/// The questions asked now and the answers not yet claimed, shared by every call (and every
/// session) of the server.
#[derive(Clone, Default)]
pub struct Waiting {
    entries: Arc<Mutex<HashMap<String, Entry>>>,
    timing: Timing,
    /// The server is exiting: a question asked from now on closes as it opens.
    closing: Arc<std::sync::atomic::AtomicBool>,
}

struct Entry {
    /// Tells the entry apart from a later one with the same key.
    serial: u64,
    outcome: watch::Receiver<Option<Asked>>,
    /// Closes the question where it is asked (its drafts are kept).
    close: CancellationToken,
    /// The calls waiting on it now.
    attached: usize,
    /// A call waiting on it gave up before it was answered.
    gave_up: bool,
    /// The web page's link, to announce again to a call that attaches.
    link: Option<String>,
    /// When the answer came, while no call took it.
    unclaimed_since: Option<Instant>,
}

/// A call's hold on a question.
pub struct Ticket {
    waiting: Waiting,
    key: String,
    serial: u64,
    outcome: watch::Receiver<Option<Asked>>,
    close: CancellationToken,
    /// The web page's link, when there is one.
    pub link: Option<String>,
    done: bool,
}

/// What a call finds.
pub enum Found {
    /// The answer given since an earlier call gave up.
    Answer(ToolResult),
    /// The question, open (attached to) or to be asked (fresh).
    Question(Ticket),
}

/// Where the asking reports to: its outcome, and whether it is to close.
pub struct Asking {
    outcome: watch::Sender<Option<Asked>>,
    pub close: CancellationToken,
    /// Set before `close` when the inbox answered: a page then says so rather than that the
    /// questionnaire was cancelled.
    pub answered_in_inbox: Arc<AtomicBool>,
}

impl Asking {
    /// The asking ended with `asked`.
    pub fn finish(self, asked: Asked) {
        let _ = self.outcome.send(Some(asked));
    }

    /// An asking inside this one, for what stands between the two (the inbox): its close is
    /// this one's and can be closed alone, and its outcome is for the caller to pass on.
    pub fn inner(&self) -> (Asking, watch::Receiver<Option<Asked>>) {
        let (outcome, outcome_rx) = watch::channel(None);
        let inner = Asking {
            outcome,
            close: self.close.child_token(),
            answered_in_inbox: Arc::default(),
        };
        (inner, outcome_rx)
    }
}

/// The key of a call with `arguments`.
pub fn key(arguments: &Value) -> String {
    // serde_json keeps an object's keys in the order they came; sorted, the same questionnaire
    // sent with its keys in another order is the same question.
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(
                    keys.into_iter()
                        .map(|k| (k.clone(), sorted(&map[k])))
                        .collect(),
                )
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    sorted(arguments).to_string()
}

impl Waiting {
    pub fn new(timing: Timing) -> Waiting {
        Waiting {
            entries: Arc::default(),
            timing,
            closing: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// What a call with `key` finds: an answer given meanwhile (claimed now), the open question
    /// (attached), or nothing: then the returned [`Asking`] is for the caller to start.
    pub fn find(&self, key: &str) -> (Found, Option<Asking>) {
        let mut entries = self.lock();
        self.forget_stale(&mut entries);
        if let Some(entry) = entries.get_mut(key) {
            if entry.unclaimed_since.is_some() {
                let entry = entries.remove(key).expect("found above");
                let result = match entry.outcome.borrow().clone() {
                    Some(Ok(result)) => result,
                    // A failed asking is not kept (see `finished`).
                    _ => unreachable!("only answers wait unclaimed"),
                };
                return (Found::Answer(answered_late(result)), None);
            }
            entry.attached += 1;
            let ticket = Ticket {
                waiting: self.clone(),
                key: key.to_string(),
                serial: entry.serial,
                outcome: entry.outcome.clone(),
                close: entry.close.clone(),
                link: entry.link.clone(),
                done: false,
            };
            return (Found::Question(ticket), None);
        }
        static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (tx, rx) = watch::channel(None);
        let close = CancellationToken::new();
        entries.insert(
            key.to_string(),
            Entry {
                serial,
                outcome: rx.clone(),
                close: close.clone(),
                attached: 1,
                gave_up: false,
                link: None,
                unclaimed_since: None,
            },
        );
        let ticket = Ticket {
            waiting: self.clone(),
            key: key.to_string(),
            serial,
            outcome: rx,
            close: close.clone(),
            link: None,
            done: false,
        };
        if self.closing.load(std::sync::atomic::Ordering::SeqCst) {
            close.cancel();
        }
        let asking = Asking {
            outcome: tx,
            close,
            answered_in_inbox: Arc::default(),
        };
        (Found::Question(ticket), Some(asking))
    }

    /// Closes every open question (the server is exiting).
    pub fn close_all(&self) {
        let entries = self.lock();
        self.closing
            .store(true, std::sync::atomic::Ordering::SeqCst);
        for entry in entries.values() {
            entry.close.cancel();
        }
    }

    /// Answers nobody claimed within [`Timing::keep`] go.
    fn forget_stale(&self, entries: &mut HashMap<String, Entry>) {
        let keep = self.timing.keep;
        entries.retain(|_, entry| {
            entry
                .unclaimed_since
                .is_none_or(|since| since.elapsed() < keep)
        });
    }

    /// Runs `f` on the entry of `ticket`, if it is still that entry.
    fn with_entry<T>(&self, ticket: &Ticket, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
        let mut entries = self.lock();
        entries
            .get_mut(&ticket.key)
            .filter(|entry| entry.serial == ticket.serial)
            .map(f)
    }
}

impl Ticket {
    /// The web page's link, to announce again to calls that attach later.
    pub fn set_link(&mut self, link: &str) {
        self.link = Some(link.to_string());
        self.waiting.with_entry(self, |entry| {
            entry.link = Some(link.to_string());
        });
    }

    /// Waits for the question's outcome and takes it; the result says when an earlier call had
    /// given up on it.
    pub async fn outcome(&mut self) -> Asked {
        let asked = loop {
            if let Some(asked) = self.outcome.borrow_and_update().clone() {
                break asked;
            }
            if self.outcome.changed().await.is_err() {
                break Err("the question closed without a result".to_string());
            }
        };
        self.done = true;
        let gave_up = {
            let mut entries = self.waiting.lock();
            let gave_up = entries
                .get(&self.key)
                .filter(|entry| entry.serial == self.serial)
                .is_some_and(|entry| entry.gave_up);
            if let Some(entry) = entries
                .get_mut(&self.key)
                .filter(|e| e.serial == self.serial)
            {
                entry.attached -= 1;
                if entry.attached == 0 {
                    entries.remove(&self.key);
                }
            }
            gave_up
        };
        match asked {
            Ok(result) if gave_up => Ok(answered_late(result)),
            other => other,
        }
    }

    /// Closes the question now, not after the hold (an explicit cancel, a task's end).
    pub fn close_now(&self) {
        self.close.cancel();
    }

    /// This call gives up waiting: the question stays open for the hold time, unless another
    /// call waits on it or one comes meanwhile.
    pub fn give_up(mut self) {
        self.release();
    }

    fn release(&mut self) {
        self.done = true;
        let last = self
            .waiting
            .with_entry(self, |entry| {
                entry.attached -= 1;
                entry.gave_up = true;
                entry.attached == 0
            })
            .unwrap_or(false);
        if !last || tokio::runtime::Handle::try_current().is_err() {
            return;
        }
        let waiting = self.waiting.clone();
        let (key, serial, hold) = (self.key.clone(), self.serial, waiting.timing.hold);
        let mut outcome = self.outcome.clone();
        let close = self.close.clone();
        tokio::spawn(async move {
            let answered = async {
                while outcome.borrow_and_update().is_none() {
                    if outcome.changed().await.is_err() {
                        return;
                    }
                }
            };
            tokio::select! {
                () = answered => {}
                () = tokio::time::sleep(hold) => {}
            }
            let mut entries = waiting.lock();
            let Some(entry) = entries.get_mut(&key).filter(|e| e.serial == serial) else {
                return;
            };
            if entry.attached > 0 {
                return;
            }
            let answered = entry.outcome.borrow().as_ref().map(Result::is_ok);
            match answered {
                // Answered while no call waited: kept for the repeated call.
                Some(true) => entry.unclaimed_since = Some(Instant::now()),
                // It could not be asked: the next call tries again.
                Some(false) => {
                    entries.remove(&key);
                }
                // The hold passed: closed; its result (drafts kept) goes with it.
                None => {
                    close.cancel();
                    entries.remove(&key);
                }
            }
        });
    }
}

impl Drop for Ticket {
    /// A call dropped while waiting (its future cancelled) gives up as if told.
    fn drop(&mut self) {
        if !self.done {
            self.release();
        }
    }
}

/// `result` marked as answered after the call that asked first had stopped waiting.
fn answered_late(mut result: ToolResult) -> ToolResult {
    result.details["answeredAfterCallEnded"] = json!(true);
    result.content = format!(
        "(The user answered after an earlier call with these questions had stopped waiting.)\n{}",
        result.content
    );
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str) -> ToolResult {
        ToolResult {
            content: text.to_string(),
            details: json!({"cancelled": false}),
        }
    }

    fn timing(hold_ms: u64) -> Timing {
        Timing {
            hold: Duration::from_millis(hold_ms),
            keep: Duration::from_secs(60),
        }
    }

    fn question(found: (Found, Option<Asking>)) -> (Ticket, Option<Asking>) {
        match found {
            (Found::Question(ticket), asking) => (ticket, asking),
            (Found::Answer(_), _) => panic!("expected the question"),
        }
    }

    #[test]
    fn the_same_questionnaire_in_another_key_order_is_the_same_call() {
        assert_eq!(
            key(&json!({"a": 1, "b": [{"x": 1, "y": 2}]})),
            key(&json!({"b": [{"y": 2, "x": 1}], "a": 1}))
        );
        assert_ne!(key(&json!({"a": 1})), key(&json!({"a": 2})));
    }

    #[tokio::test]
    async fn a_second_call_attaches_to_the_open_question() {
        let waiting = Waiting::new(timing(1000));
        let (mut first, asking) = question(waiting.find("q"));
        assert!(asking.is_some(), "the first call opens it");
        let (mut second, none) = question(waiting.find("q"));
        assert!(none.is_none(), "the second attaches");
        asking.unwrap().finish(Ok(answer("A")));
        assert_eq!(first.outcome().await.unwrap().content, "A");
        assert_eq!(second.outcome().await.unwrap().content, "A");
        let (_, fresh) = question(waiting.find("q"));
        assert!(fresh.is_some(), "claimed: a new call asks again");
    }

    #[tokio::test]
    async fn an_answer_given_after_the_call_gave_up_waits_for_the_repeated_call() {
        let waiting = Waiting::new(timing(60_000));
        let (first, asking) = question(waiting.find("q"));
        first.give_up();
        let asking = asking.unwrap();
        assert!(!asking.close.is_cancelled(), "still open for the hold");
        asking.finish(Ok(answer("A")));
        tokio::time::sleep(Duration::from_millis(20)).await;
        match waiting.find("q") {
            (Found::Answer(result), None) => {
                assert_eq!(result.details["answeredAfterCallEnded"], true);
                assert!(result.content.ends_with("\nA"), "{}", result.content);
            }
            _ => panic!("the kept answer"),
        }
    }

    #[tokio::test]
    async fn a_call_that_comes_back_during_the_hold_reattaches_and_is_told_it_was_late() {
        let waiting = Waiting::new(timing(60_000));
        let (first, asking) = question(waiting.find("q"));
        first.give_up();
        let (mut again, none) = question(waiting.find("q"));
        assert!(none.is_none(), "the same question, no second copy");
        asking.unwrap().finish(Ok(answer("A")));
        let result = again.outcome().await.unwrap();
        assert_eq!(result.details["answeredAfterCallEnded"], true);
    }

    #[tokio::test]
    async fn the_question_closes_when_the_hold_passes() {
        let waiting = Waiting::new(timing(30));
        let (first, asking) = question(waiting.find("q"));
        let asking = asking.unwrap();
        first.give_up();
        tokio::time::timeout(Duration::from_secs(5), asking.close.cancelled())
            .await
            .expect("closed after the hold");
        let (_, fresh) = question(waiting.find("q"));
        assert!(fresh.is_some(), "gone: the next call asks again");
    }
}
