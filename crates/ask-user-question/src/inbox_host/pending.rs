//! The post of a run that draws its questionnaire at once (the terminal questionnaire), made on
//! a thread of its own: opening the store, and a write lock another process holds on it (waited
//! for up to the store's busy timeout), never delay the first frame. What the run saves before
//! the post is made is handed over once it is; a failure is held and said once the terminal is
//! restored, as the store's failures during the run are.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use ask_user_question_store::host::{Joining, open_store, without_it};
use serde_json::Value;

use super::Inbox;
use crate::exit::note;

/// A post under way; clones share it.
#[derive(Clone)]
pub struct PendingInbox {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    done: Condvar,
}

#[derive(Default)]
struct State {
    done: bool,
    /// The post, once made; `None` when no inbox runs or the store failed.
    inbox: Option<Inbox>,
    /// Why the store was left, to say once the terminal is restored.
    held_note: Option<String>,
    /// The last save made before the post was, handed over when it is.
    saved: Option<Value>,
}

impl PendingInbox {
    /// Opens the store at `path` (joining as `joining` says, as `host`) and posts `input` to
    /// it on a thread; `None` at once when this run never joins.
    pub fn start(
        joining: Joining,
        path: Option<PathBuf>,
        host: impl FnOnce() -> String + Send + 'static,
        input: Value,
    ) -> Option<PendingInbox> {
        if joining == Joining::Never {
            return None;
        }
        let pending = PendingInbox {
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                done: Condvar::new(),
            }),
        };
        let posting = pending.clone();
        let spawned = std::thread::Builder::new()
            .name("inbox post".into())
            .spawn(move || {
                let (inbox, held_note) = post(joining, path, host(), &input);
                posting.posted(inbox, held_note);
            });
        if let Err(error) = spawned {
            pending.posted(
                None,
                Some(format!("inbox: {error}; asking here without it")),
            );
        }
        Some(pending)
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn posted(&self, inbox: Option<Inbox>, held_note: Option<String>) {
        let mut state = self.state();
        if let (Some(inbox), Some(saved)) = (&inbox, state.saved.take()) {
            inbox.save(saved);
        }
        state.inbox = inbox;
        state.held_note = held_note;
        state.done = true;
        self.shared.done.notify_all();
    }

    /// The post, once it is made (waiting for it); `None` when there is none.
    pub fn wait(&self) -> Option<Inbox> {
        let mut state = self.state();
        while !state.done {
            state = self
                .shared
                .done
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.inbox.clone()
    }

    /// The post if it is made already (never waits).
    pub fn made(&self) -> Option<Inbox> {
        self.state().inbox.clone()
    }

    /// Hands what is answered and typed to the inbox, now or once the post is made.
    pub fn save(&self, saved: Value) {
        let mut state = self.state();
        match (&state.inbox, state.done) {
            (Some(inbox), _) => inbox.save(saved),
            (None, false) => state.saved = Some(saved),
            (None, true) => {}
        }
    }

    /// The post, once the run no longer draws: why the store was left, if it was, is said
    /// now (once).
    pub fn finish(&self) -> Option<Inbox> {
        let inbox = self.wait();
        if let Some(held) = self.state().held_note.take() {
            note(held);
        }
        inbox
    }
}

/// Opens the store and posts `input`: the post, or why there is none (the note to say).
fn post(
    joining: Joining,
    path: Option<PathBuf>,
    host: String,
    input: &Value,
) -> (Option<Inbox>, Option<String>) {
    let project = std::env::current_dir()
        .map(|dir| dir.display().to_string())
        .unwrap_or_default();
    match open_store(joining, path, host) {
        Ok(Some(joined)) => match joined.post(input, &project) {
            Ok(inbox) => (Some(inbox), None),
            Err(error) => (None, Some(without_it(&error))),
        },
        Ok(None) => (None, None),
        Err(error) => (None, Some(without_it(&error))),
    }
}
