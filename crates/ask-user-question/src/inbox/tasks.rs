//! The inbox's work on the store, run on tasks so a busy store (another process writing) never
//! holds up a frame. Each returns the message its result comes back as; errors come back as
//! their text (which names the store's path).

use ask_user_question_store::{Id, now_ms};
use question::ToolResult;
use serde_json::Value;
use tea::Cmd;

use super::model::Shared;
use super::msg::{Msg, Polled};

type Effect = Cmd<Msg, ()>;

/// Reads the store's version and, when it changed (or `relist` says so), the listing and how
/// the open questionnaire stands.
pub fn poll(store: &Shared, known: Option<i64>, relist: bool, open: Option<Id>) -> Effect {
    let store = store.clone();
    Cmd::task("inbox poll", move || {
        let polled = (|| {
            let store = store.lock();
            let version = store.version()?;
            let changed = known != Some(version);
            let listed = match changed || relist {
                true => Some(store.list()?),
                false => None,
            };
            let open = match open {
                Some(id) if changed || relist => Some(store.outcome(id)?),
                _ => None,
            };
            Ok::<_, ask_user_question_store::StoreError>(Polled {
                version,
                listed,
                open,
                now_ms: now_ms(),
            })
        })();
        Msg::Polled(polled.map_err(|error| error.to_string()))
    })
}

/// Says the inbox in `pid` still runs.
pub fn beat(store: &Shared, pid: u32) -> Effect {
    let store = store.clone();
    Cmd::task("inbox beat", move || {
        Msg::Beaten(store.lock().inbox_beat(pid).map_err(|e| e.to_string()))
    })
}

/// Reads questionnaire `id` to open it, with how it stands.
pub fn open(store: &Shared, id: Id) -> Effect {
    let store = store.clone();
    Cmd::task("inbox open", move || {
        let store = store.lock();
        let read = store
            .open_questionnaire(id)
            .and_then(|opened| match opened {
                Some(opened) => Ok(Some(Box::new((opened, store.outcome(id)?)))),
                None => Ok(None),
            });
        Msg::Opened(id, read.map_err(|e| e.to_string()))
    })
}

/// Keeps `saved` (answers and drafts) as `id`'s.
pub fn save(store: &Shared, id: Id, saved: Value) -> Effect {
    let store = store.clone();
    Cmd::task("inbox save", move || {
        Msg::Saved(store.lock().save(id, &saved).map_err(|e| e.to_string()))
    })
}

/// Offers the answer `result` to the store as the inbox's.
pub fn settle(store: &Shared, id: Id, title: String, result: ToolResult) -> Effect {
    let store = store.clone();
    Cmd::task("inbox settle", move || {
        let claim = store.lock().settle(id, "inbox", &result);
        Msg::Settled(id, title, claim.map_err(|e| e.to_string()))
    })
}
