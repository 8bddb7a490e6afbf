//! The CLI as one of the inbox's hosts: the questionnaire is also posted to the store
//! (`ask-user-question-store`), where a running inbox shows it, and whichever surface answers
//! first wins, in one transaction of the store.
//!
//! The store is a convenience, never a condition: any error from it (at the start or later)
//! is said once on stderr and the question goes on here as if there were no inbox. Errors that
//! happen while the questionnaire is drawn are held until the terminal is restored, so the note
//! does not land in the middle of the frame.
//!
//! The store's connection is shared behind a mutex by the beat thread, the task that watches
//! for the inbox's answer, and the main thread's final settle; the main thread only ever hands
//! drafts over through a separate slot, so a store that is slow to answer never stalls a key.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ask_user_question_store::{self as store, Claim, Id, Posting, Store, StoreError};
use ask_user_question_web::mark_answered_in;
use clap::Args;
use question::ToolResult;
use questionnaire::Outcome;
use serde_json::Value;

use crate::exit::note;

/// The host's name in the inbox when `--host-name` does not give one.
const HOST: &str = "ask-user-question";

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

#[derive(Debug, Args)]
pub struct InboxArgs {
    /// Also post the questionnaire to the inbox (`ask-user-question inbox`), even when none
    /// runs yet; the first answer, in the inbox or here, wins [default: post only while an
    /// inbox runs; ASK_USER_QUESTION_INBOX=1 is --inbox, =0 is --no-inbox].
    #[arg(long, conflicts_with = "no_inbox")]
    inbox: bool,
    /// Never post the questionnaire to the inbox.
    #[arg(long)]
    no_inbox: bool,
    /// Post the questionnaire to the inbox and wait for its answer there (no terminal
    /// needed); a signal or --timeout ends the wait, keeping what was typed in the inbox.
    #[arg(long, conflicts_with_all = ["no_inbox", "keys", "accessible", "web", "web_only"])]
    inbox_only: bool,
    /// Who asks, as the inbox lists it [default: ask-user-question; env
    /// ASK_USER_QUESTION_HOST].
    #[arg(long, value_name = "NAME")]
    host_name: Option<String>,
    /// The inbox's store file [default: $XDG_STATE_HOME/ask-user-question/inbox.sqlite3; env
    /// ASK_USER_QUESTION_STORE].
    #[arg(long, value_name = "PATH", hide = true)]
    store: Option<PathBuf>,
}

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

/// The store to post to as `host`, when joining says to: `None` when not, and when the store
/// cannot be used (said on stderr).
pub fn open_store(joining: Joining, path: Option<PathBuf>, host: String) -> Option<Joined> {
    if joining == Joining::Never {
        return None;
    }
    let path = store_path(path)?;
    // No file, no inbox: an inbox makes the store when it starts. Looking costs a stat and
    // leaves nothing behind on a machine that never ran one.
    if joining == Joining::WhileAnInboxRuns && !path.exists() {
        return None;
    }
    let opened = Store::open(&path).and_then(|store| match joining {
        Joining::WhileAnInboxRuns => Ok(store.inbox_running()?.then_some(store)),
        _ => Ok(Some(store)),
    });
    match opened {
        Ok(store) => store.map(|store| Joined { store, host }),
        Err(error) => {
            note(without_it(&error));
            None
        }
    }
}

impl InboxArgs {
    pub fn only(&self) -> bool {
        self.inbox_only
    }

    fn joining(&self) -> Joining {
        Joining::from_flags(self.inbox || self.inbox_only, self.no_inbox)
    }

    fn host(&self) -> String {
        self.host_name
            .clone()
            .or_else(|| std::env::var("ASK_USER_QUESTION_HOST").ok())
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| HOST.to_string())
    }

    /// The store to post to, when this run joins the inbox: `None` when it does not, and when
    /// the store cannot be used (said on stderr).
    pub fn open(&self) -> Option<Joined> {
        open_store(self.joining(), self.store.clone(), self.host())
    }
}

fn without_it(error: &StoreError) -> String {
    format!("inbox: {error}; asking here without it")
}

/// An open store this run will post to.
pub struct Joined {
    store: Store,
    host: String,
}

impl Joined {
    /// Posts the questionnaire (`input`: its validated JSON) and starts saying this process
    /// waits for it; `None` (said on stderr) when the store refuses it.
    pub fn post(self, input: &Value) -> Option<Inbox> {
        let project = std::env::current_dir()
            .map(|dir| dir.display().to_string())
            .unwrap_or_default();
        let pid = std::process::id();
        let posting = Posting {
            host: &self.host,
            project: &project,
            input,
            pid,
        };
        let id = match self.store.post(&posting) {
            Ok(id) => id,
            Err(error) => {
                note(without_it(&error));
                return None;
            }
        };
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
        Some(inbox)
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
    /// Why the store was left, said once the terminal is restored.
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

    /// Says on stderr why the store was left during the run, if it was.
    pub fn say_why_left(&self) {
        if let Some(why) = lock(&self.shared.held_note).take() {
            note(why);
        }
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
    /// answered first (said on stderr), `None` when this one counts (or the store is gone).
    pub fn settle(&self, surface: &str, result: &ToolResult) -> Option<ToolResult> {
        self.finish();
        let claim = self.with_store(|store, id| store.settle(id, surface, result))?;
        match claim {
            Claim::Lost(store::Outcome::Settled {
                surface: winner,
                result: Some(mut result),
            }) => {
                mark_answered_in(&mut result, &winner);
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
                mark_answered_in(&mut result, &surface);
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
            mark_answered_in(&mut result, &surface);
            Watch::Answered(result)
        }
        // Settled with no result: a secret questionnaire, answered only where it was asked,
        // which is here; nothing to take.
        _ => Watch::Over,
    })
}

/// The outcome a result from the inbox stands for: its exit code is the terminal's.
pub fn outcome_of(result: ToolResult) -> Outcome {
    if result.error() == Some(question::ErrorCode::TimedOut) {
        Outcome::TimedOut(result)
    } else if result.is_cancelled() {
        Outcome::Cancelled(result)
    } else {
        Outcome::Submitted(result)
    }
}

/// The outcome to print once this run's own surface (`terminal` or `web`) answered: its
/// own, unless the inbox answered first.
pub fn settle_outcome(inbox: Option<&Inbox>, outcome: Outcome) -> Outcome {
    let Some(inbox) = inbox else {
        return outcome;
    };
    let surface = match outcome.result().details["answeredIn"].as_str() {
        Some("web") => "web",
        _ => "terminal",
    };
    let won = inbox.settle(surface, outcome.result());
    inbox.say_why_left();
    match won {
        Some(result) => {
            let place = if surface == "web" {
                "the web page's"
            } else {
                "the terminal's"
            };
            note(format!(
                "answered in the inbox first; {place} answer was not used"
            ));
            outcome_of(result)
        }
        // Where it was answered, as with the page; a time-out was nobody's answer.
        None if matches!(outcome, Outcome::TimedOut(_)) => outcome,
        None => outcome_of(marked(outcome.into_result(), surface)),
    }
}

/// `result` with `details.answeredIn`, unless it says already.
fn marked(mut result: ToolResult, place: &str) -> ToolResult {
    if result.details.get("answeredIn").is_none() {
        mark_answered_in(&mut result, place);
    }
    result
}

/// The outcome when the inbox's answer closed the terminal questionnaire: the page, if one
/// races too, is closed (its late answer lost: the store decided).
pub fn answered_in_inbox(
    page: Option<&ask_user_question_web::WebServer>,
    outcome: Outcome,
) -> Outcome {
    if let Some(page) = page {
        page.close(ask_user_question_web::Closed::Cancelled);
    }
    note("answered in the inbox; the terminal questionnaire closed");
    outcome
}

/// The outcome of a run that stops with nobody's answer (a signal, a failed terminal): the
/// questionnaire leaves the inbox's list, unless the inbox answered first.
pub fn stop_outcome(inbox: Option<&Inbox>, outcome: Outcome) -> Outcome {
    let Some(inbox) = inbox else {
        return outcome;
    };
    let answered = inbox.stop(&format!("{} stopped waiting", inbox.host()));
    inbox.say_why_left();
    match answered {
        Some(result) => {
            note("answered in the inbox first; the terminal's answer was not used");
            outcome_of(result)
        }
        None => outcome,
    }
}

#[cfg(test)]
mod tests;
