//! A host's side of the inbox: the questionnaire it asks is also posted to the store, where a
//! running inbox shows it, and whichever surface answers first wins, in one transaction of the
//! store. The CLI, its MCP server and the pi extension's addon all post through this.
//!
//! The store is a convenience, never a condition: any error from it (at the start or later)
//! leaves it for the rest of the questionnaire, which goes on as if there were no inbox. The
//! first such error is held, for the host to say when it suits it ([`Inbox::why_left`]): a
//! terminal host says it once the terminal is restored, so the note does not land in the
//! middle of the frame.
//!
//! The store's connection is shared behind a mutex by the beat thread, the task that watches
//! for the inbox's answer, and the host's final settle; the host only ever hands drafts over
//! through a separate slot, so a store that is slow to answer never stalls a key.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use question::ToolResult;
use serde_json::{Value, json};

use crate::{self as store, Claim, Id, Posting, Store, StoreError};

/// How often the store is asked whether another surface answered: its version is a counter
/// read from a cached page, and 50 ms is below what a person notices between answering and the
/// terminal closing.
pub const POLL_EVERY: Duration = Duration::from_millis(50);

/// How often the questionnaire's row is read even though the version did not change: a guard
/// that bounds a missed change to half a second (reading the row by its key costs
/// microseconds).
const LOOK_ANYWAY_EVERY: u32 = 10;

/// Drafts typed in the terminal reach the store at most this often (and once more when the
/// typing stops): the inbox opens with them, and a key never waits for a write.
const SAVE_EVERY: Duration = Duration::from_millis(300);

/// When the questionnaire is posted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Joining {
    Never,
    WhileAnInboxRuns,
    Always,
}

impl Joining {
    /// From `--inbox` and `--no-inbox`, else `ASK_USER_QUESTION_INBOX` (`1` always, `0`
    /// never), else while an inbox runs.
    pub fn from_flags(always: bool, never: bool) -> Joining {
        if never {
            return Joining::Never;
        }
        if always {
            return Joining::Always;
        }
        match std::env::var("ASK_USER_QUESTION_INBOX").as_deref() {
            Ok("1") => Joining::Always,
            Ok("0") => Joining::Never,
            _ => Joining::WhileAnInboxRuns,
        }
    }
}

/// The store file: `path`, else `ASK_USER_QUESTION_STORE`, else the user's.
pub fn store_path(path: Option<PathBuf>) -> Option<PathBuf> {
    path.or_else(|| std::env::var_os("ASK_USER_QUESTION_STORE").map(PathBuf::from))
        .filter(|path| !path.as_os_str().is_empty())
        .or_else(store::default_path)
}

/// The store to post to as `host`, when joining says to: `Ok(None)` when not, `Err` when the
/// store cannot be used (the host says so: [`without_it`]).
pub fn open_store(
    joining: Joining,
    path: Option<PathBuf>,
    host: String,
) -> Result<Option<Joined>, StoreError> {
    if joining == Joining::Never {
        return Ok(None);
    }
    let Some(path) = store_path(path) else {
        return Ok(None);
    };
    // No file, no inbox: an inbox makes the store when it starts. Looking costs a stat and
    // leaves nothing behind on a machine that never ran one.
    if joining == Joining::WhileAnInboxRuns && !path.exists() {
        return Ok(None);
    }
    let opened = Store::open(&path).and_then(|store| match joining {
        Joining::WhileAnInboxRuns => Ok(store.inbox_running()?.then_some(store)),
        _ => Ok(Some(store)),
    });
    Ok(opened?.map(|store| Joined { store, host }))
}

/// What a host says when it leaves the store after `error`.
pub fn without_it(error: &StoreError) -> String {
    format!("inbox: {error}; asking here without it")
}

/// An open store this run will post to.
pub struct Joined {
    store: Store,
    host: String,
}

impl Joined {
    /// The open `store`, to post to as `host`.
    pub fn new(store: Store, host: String) -> Joined {
        Joined { store, host }
    }

    /// Posts the questionnaire (`input`: its validated JSON), asked in `project` (a folder),
    /// and starts saying this process waits for it; `Err` when the store refuses it.
    pub fn post(self, input: &Value, project: &str) -> Result<Inbox, StoreError> {
        let pid = std::process::id();
        let posting = Posting {
            host: &self.host,
            project,
            input,
            pid,
        };
        let id = self.store.post(&posting)?;
        let inbox = Inbox {
            shared: Arc::new(Shared {
                store: Mutex::new(Some(self.store)),
                id,
                host: self.host,
                drafts: Mutex::new(Drafts::default()),
                finished: AtomicBool::new(false),
                held_note: Mutex::new(None),
            }),
        };
        inbox.start_beating(pid);
        Ok(inbox)
    }
}

/// The questionnaire as posted: the link to the store while this run waits.
#[derive(Clone)]
pub struct Inbox {
    shared: Arc<Shared>,
}

struct Shared {
    /// `None` once the store failed: the run goes on without it.
    store: Mutex<Option<Store>>,
    id: Id,
    host: String,
    drafts: Mutex<Drafts>,
    /// The run took its answer: the beat and the watch stop.
    finished: AtomicBool,
    /// Why the store was left, for the host to say when it suits it.
    held_note: Mutex<Option<String>>,
}

/// The terminal's answers and drafts (`question::saved`), handed over by the main thread and
/// written by the watching task.
#[derive(Default)]
struct Drafts {
    latest: Option<Value>,
    written: Option<Value>,
    written_at: Option<Instant>,
}

/// What the store says while the questionnaire waits.
enum Watch {
    Waiting,
    /// Answered on another surface (the inbox): its result, marked where.
    Answered(ToolResult),
    /// Ended or gone: nothing more will come.
    Over,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Inbox {
    pub fn id(&self) -> Id {
        self.shared.id
    }

    pub fn host(&self) -> &str {
        &self.shared.host
    }

    fn finished(&self) -> bool {
        self.shared.finished.load(Ordering::SeqCst)
    }

    /// The run has its answer: the beat and the watch stop.
    pub fn finish(&self) {
        self.shared.finished.store(true, Ordering::SeqCst);
    }

    /// Runs `work` on the store; on an error the store is left for the rest of the run and
    /// why is held for [`Inbox::say_why_left`].
    fn with_store<T>(&self, work: impl FnOnce(&Store, Id) -> Result<T, StoreError>) -> Option<T> {
        let mut store = lock(&self.shared.store);
        let result = work(store.as_ref()?, self.shared.id);
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                *store = None;
                lock(&self.shared.held_note).get_or_insert_with(|| without_it(&error));
                None
            }
        }
    }

    /// Why the store was left during the run ([`without_it`]'s words), if it was; once.
    pub fn why_left(&self) -> Option<String> {
        lock(&self.shared.held_note).take()
    }

    /// A thread says every [`store::BEAT_EVERY`] that this process still waits; without it
    /// the inbox ends the questionnaire as "<host> stopped waiting".
    fn start_beating(&self, pid: u32) {
        let inbox = self.clone();
        let spawned = std::thread::Builder::new()
            .name("inbox beat".into())
            .spawn(move || {
                let mut next = Instant::now() + store::BEAT_EVERY;
                while !inbox.finished() {
                    let now = Instant::now();
                    if now < next {
                        // Short naps, so a finished run's thread goes soon.
                        std::thread::sleep((next - now).min(Duration::from_millis(200)));
                        continue;
                    }
                    next = now + store::BEAT_EVERY;
                    if inbox.with_store(|store, _| store.beat(pid)).is_none() {
                        return;
                    }
                }
            });
        if spawned.is_err() {
            // With no beat the inbox would end it in 15 s; better not to post at all.
            self.stop(&format!("{} stopped waiting", self.shared.host));
        }
    }

    /// Hands the terminal's answers and drafts (`question::saved::save`) over to be written
    /// soon; never waits on the store.
    pub fn save(&self, saved: Value) {
        let mut drafts = lock(&self.shared.drafts);
        if drafts.latest.as_ref() != Some(&saved) {
            drafts.latest = Some(saved);
        }
    }

    /// Writes the latest drafts if they changed and the last write is [`SAVE_EVERY`] old (or
    /// at once with `now`).
    fn write_drafts(&self, now: bool) {
        let due = {
            let drafts = lock(&self.shared.drafts);
            let changed = drafts.latest.is_some() && drafts.latest != drafts.written;
            let rested = drafts
                .written_at
                .is_none_or(|at| at.elapsed() >= SAVE_EVERY);
            (changed && (now || rested)).then(|| drafts.latest.clone())
        };
        let Some(Some(saved)) = due else { return };
        if self
            .with_store(|store, id| store.save(id, &saved))
            .is_some()
        {
            let mut drafts = lock(&self.shared.drafts);
            drafts.written = Some(saved);
            drafts.written_at = Some(Instant::now());
        }
    }

    /// Watches the store until another surface answers (its result) or the run no longer
    /// waits (`None`): what a task runs beside the terminal questionnaire, writing the
    /// terminal's drafts as it goes.
    pub fn wait_for_answer(&self) -> Option<ToolResult> {
        let mut seen = Seen::default();
        while !self.finished() {
            self.write_drafts(false);
            let watch = self.with_store(|store, id| seen.look(store, id));
            match watch {
                Some(Watch::Waiting) => std::thread::sleep(POLL_EVERY),
                Some(Watch::Answered(result)) if !self.finished() => return Some(result),
                _ => return None,
            }
        }
        None
    }

    /// One look at the store, for a run with no terminal (`--inbox-only`): the inbox's answer,
    /// or why the questionnaire is over (`Err`), or `Ok(None)` while it waits.
    pub fn look(&self, seen: &mut Seen) -> Result<Option<ToolResult>, Over> {
        let watch = self.with_store(|store, id| seen.look(store, id));
        match watch {
            Some(Watch::Waiting) => Ok(None),
            Some(Watch::Answered(result)) => Ok(Some(result)),
            Some(Watch::Over) => Err(Over::Ended),
            None => Err(Over::StoreFailed),
        }
    }

    /// What was answered and typed in the store so far (`question::saved`), to cancel with.
    pub fn saved(&self) -> Option<Value> {
        self.with_store(|store, id| {
            Ok(store
                .open_questionnaire(id)?
                .and_then(|opened| opened.saved))
        })
        .flatten()
    }

    /// Offers this run's answer from `surface`: `Some` with the other surface's result when it
    /// answered first, `None` when this one counts (or the store is gone).
    pub fn settle(&self, surface: &str, result: &ToolResult) -> Option<ToolResult> {
        self.finish();
        let claim = self.with_store(|store, id| store.settle(id, surface, result))?;
        match claim {
            Claim::Lost(store::Outcome::Settled {
                surface: winner,
                result: Some(mut result),
            }) => {
                answered_in(&mut result, &winner);
                Some(result)
            }
            _ => None,
        }
    }

    /// The run stops waiting (a signal, a failed terminal): the questionnaire leaves the
    /// inbox's list saying `why`, what was typed kept with it. `Some` with the inbox's result
    /// if it answered first.
    pub fn stop(&self, why: &str) -> Option<ToolResult> {
        self.write_drafts(true);
        self.finish();
        let outcome = self.with_store(|store, id| {
            store.end(id, why)?;
            store.outcome(id)
        })?;
        match outcome {
            store::Outcome::Settled {
                surface,
                result: Some(mut result),
            } => {
                answered_in(&mut result, &surface);
                Some(result)
            }
            _ => None,
        }
    }

    /// Why the questionnaire no longer waits, in the store's words, if it does not.
    pub fn ended_why(&self) -> Option<String> {
        match self.with_store(|store, id| store.outcome(id))? {
            store::Outcome::Ended { why } => Some(why),
            store::Outcome::Unknown => Some("it is no longer in the inbox's store".into()),
            _ => None,
        }
    }
}

/// Why a run with no terminal stops waiting on the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Over {
    /// The questionnaire was ended (or removed) in the store.
    Ended,
    /// The store failed; the run left it.
    StoreFailed,
}

/// What the watch saw of the store: its version, and the polls since the row was read.
#[derive(Default)]
pub struct Seen {
    version: Option<i64>,
    polls: u32,
}

impl Seen {
    /// The row, read when the store changed (or every [`LOOK_ANYWAY_EVERY`] polls).
    fn look(&mut self, store: &Store, id: Id) -> Result<Watch, StoreError> {
        let version = store.version()?;
        self.polls += 1;
        if self.version == Some(version) && self.polls < LOOK_ANYWAY_EVERY {
            return Ok(Watch::Waiting);
        }
        self.version = Some(version);
        self.polls = 0;
        watch(store, id)
    }
}

fn watch(store: &Store, id: Id) -> Result<Watch, StoreError> {
    Ok(match store.outcome(id)? {
        store::Outcome::Waiting => Watch::Waiting,
        store::Outcome::Settled {
            surface,
            result: Some(mut result),
        } => {
            answered_in(&mut result, &surface);
            Watch::Answered(result)
        }
        // Settled with no result: a secret questionnaire, answered only where it was asked,
        // which is here; nothing to take.
        _ => Watch::Over,
    })
}

/// `details.answeredIn`: where the result was answered.
fn answered_in(result: &mut ToolResult, surface: &str) {
    if let Some(details) = result.details.as_object_mut() {
        details.insert("answeredIn".into(), json!(surface));
    }
}
