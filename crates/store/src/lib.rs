//! The inbox's store: every questionnaire waiting for this user on this machine, its drafts,
//! and how it ended, in one SQLite file that every host opens itself (no daemon).
//!
//! Why no broker: hosts are short-lived and many (a CLI run, a pi session, an MCP server), and
//! a broker would be one more process to start, find and keep alive, whose death would stop
//! every question. SQLite in WAL mode lets any number of processes read while one writes, and
//! `BEGIN IMMEDIATE` takes the write lock first, so "the first answer wins" is one transaction.
//! Readers notice others' writes through a counter that triggers raise on every change that
//! matters (a questionnaire posted, settled, ended or its drafts saved; not a host's beat):
//! reading it from a cached page every 50 ms is the whole notification scheme. (`PRAGMA
//! data_version` was the first choice, but a benchmark across processes saw it miss 2 posts
//! in 100; a counter in the file cannot.)
//!
//! The file is the user's alone: its folder is made 0700 and the file 0600 (SQLite gives the
//! WAL and shared-memory files the same mode). A secret question's answer never reaches it: a
//! questionnaire with one is answered only where it was asked, and what is kept of its result
//! has the secret answers masked.

mod error;
pub mod host;
mod secret;

use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use question::ToolResult;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use secret::Secrets;
use serde_json::Value;

pub use error::{Kind, StoreError};

/// The schema this build writes; a file with a higher one was made by a newer build.
const SCHEMA: i64 = 1;

/// A host that has not said it is alive for this long has stopped waiting.
pub const BEAT_TIMEOUT: Duration = Duration::from_secs(15);

/// How often a waiting host says it is alive.
pub const BEAT_EVERY: Duration = Duration::from_secs(3);

/// Answered and abandoned questionnaires are kept this long by default: long enough to look
/// back at a project's decisions over a quarter, short enough that the file stays small.
pub const KEEP_HISTORY: Duration = Duration::from_secs(90 * 24 * 60 * 60);

/// How long the inbox shows a questionnaire whose host stopped waiting.
pub const SHOW_ENDED: Duration = Duration::from_secs(60);

/// The id of a questionnaire in the store.
pub type Id = i64;

/// A questionnaire a host posts.
#[derive(Debug, Clone)]
pub struct Posting<'a> {
    /// Who asks: "pi", an MCP client's name ("Claude Code"), "ask-user-question" for a script.
    pub host: &'a str,
    /// The asking process's working directory.
    pub project: &'a str,
    /// The tool call's arguments, as the host validated them.
    pub input: &'a Value,
    /// The asking process, which keeps the questionnaire alive.
    pub pid: u32,
}

/// A row of the inbox's list.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    pub id: Id,
    pub host: String,
    pub project: String,
    /// The questionnaire's title, else its first question's header.
    pub title: String,
    pub questions: usize,
    /// Has a secret question: answered only where it was asked.
    pub secret: bool,
    pub posted_ms: i64,
    /// Why it stopped waiting, for one that has (shown for a while, then gone).
    pub ended: Option<String>,
}

/// A questionnaire as a surface opens it.
#[derive(Debug, Clone, PartialEq)]
pub struct Opened {
    pub listed: Listed,
    pub input: Value,
    /// What was answered and typed so far (`question::saved`), from whichever surface saved last.
    pub saved: Option<Value>,
}

/// How a questionnaire stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Waiting,
    /// Answered (or cancelled) on `surface`; `result` is `None` for a questionnaire with a
    /// secret question, whose result is only where it was asked.
    Settled {
        surface: String,
        result: Option<ToolResult>,
    },
    /// No host can take an answer any more.
    Ended {
        why: String,
    },
    /// Not in the store (pruned, or another store).
    Unknown,
}

/// What became of an answer given to [`Store::settle`].
#[derive(Debug, Clone, PartialEq)]
pub enum Claim {
    /// This answer is the questionnaire's.
    Won,
    /// Another surface answered first.
    Lost(Outcome),
}

/// An answered or abandoned questionnaire, for the decision log.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub listed: Listed,
    pub input: Value,
    /// `answered`, `cancelled`, `timed out` or `abandoned`.
    pub how: String,
    pub surface: Option<String>,
    pub ended_ms: i64,
    /// The result's details, secret answers masked.
    pub details: Option<Value>,
}

/// One connection to the store.
pub struct Store {
    connection: Connection,
    path: PathBuf,
}

/// `$XDG_STATE_HOME/ask-user-question/inbox.sqlite3` (`~/.local/state/…` by default).
pub fn default_path() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|dir| Path::new(dir).is_absolute())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".local/state")))?;
    Some(state.join("ask-user-question").join("inbox.sqlite3"))
}

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64)
}

/// Whether process `pid` still runs (on this machine).
pub fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // Signal 0 checks without sending; EPERM means it runs as someone else.
    unsafe { libc::kill(pid, 0) == 0 || *libc::__errno_location() == libc::EPERM }
}

impl Store {
    /// The user's store at [`default_path`].
    pub fn open_default() -> Result<Store, StoreError> {
        let path = default_path().ok_or_else(|| {
            StoreError::new(
                Path::new("$XDG_STATE_HOME"),
                Kind::Other,
                "neither XDG_STATE_HOME nor HOME is set",
            )
        })?;
        Store::open(&path)
    }

    /// The store at `path`, made (folder 0700, file 0600) if it is not there.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let folder = path.parent().unwrap_or(Path::new("."));
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(folder)
            .map_err(|error| StoreError::io(folder, error))?;
        private_folder(folder)?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(path)
            .map_err(|error| StoreError::io(path, error))?;
        let connection = Connection::open(path).map_err(|error| StoreError::sqlite(path, error))?;
        let store = Store {
            connection,
            path: path.to_path_buf(),
        };
        store.prepare()?;
        Ok(store)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn fail(&self, error: rusqlite::Error) -> StoreError {
        StoreError::sqlite(&self.path, error)
    }

    fn prepare(&self) -> Result<(), StoreError> {
        let c = &self.connection;
        // A host never waits long on a lock: it asks without the inbox instead.
        c.busy_timeout(Duration::from_millis(1500))
            .map_err(|e| self.fail(e))?;
        let found: i64 = c
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(|e| self.fail(e))?;
        if found > SCHEMA {
            return Err(StoreError::new(
                &self.path,
                Kind::Newer {
                    found,
                    known: SCHEMA,
                },
                "",
            ));
        }
        c.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| self.fail(e))?;
        c.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| self.fail(e))?;
        if found < SCHEMA {
            c.execute_batch(
                "BEGIN IMMEDIATE;
                 CREATE TABLE IF NOT EXISTS questionnaires (
                     id INTEGER PRIMARY KEY,
                     host TEXT NOT NULL,
                     project TEXT NOT NULL,
                     title TEXT NOT NULL,
                     questions INTEGER NOT NULL,
                     secret INTEGER NOT NULL,
                     input TEXT NOT NULL,
                     pid INTEGER NOT NULL,
                     beat_ms INTEGER NOT NULL,
                     posted_ms INTEGER NOT NULL,
                     state TEXT NOT NULL DEFAULT 'waiting',
                     surface TEXT,
                     ended_ms INTEGER,
                     how TEXT,
                     content TEXT,
                     details TEXT,
                     saved TEXT
                 );
                 CREATE INDEX IF NOT EXISTS by_state ON questionnaires (state, posted_ms);
                 CREATE TABLE IF NOT EXISTS changes (n INTEGER NOT NULL);
                 INSERT INTO changes SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM changes);
                 CREATE TRIGGER IF NOT EXISTS posted AFTER INSERT ON questionnaires
                     BEGIN UPDATE changes SET n = n + 1; END;
                 CREATE TRIGGER IF NOT EXISTS changed AFTER UPDATE OF state, saved ON questionnaires
                     BEGIN UPDATE changes SET n = n + 1; END;
                 CREATE TRIGGER IF NOT EXISTS removed AFTER DELETE ON questionnaires
                     BEGIN UPDATE changes SET n = n + 1; END;
                 CREATE TABLE IF NOT EXISTS inboxes (
                     pid INTEGER PRIMARY KEY,
                     beat_ms INTEGER NOT NULL
                 );
                 PRAGMA user_version = 1;
                 COMMIT;",
            )
            .map_err(|e| self.fail(e))?;
        }
        // A store file made open to others (by hand, or a copy) is the user's alone again;
        // its owner's bits stay as they are.
        let mode = std::fs::metadata(&self.path)
            .map(|metadata| metadata.permissions().mode())
            .unwrap_or(0);
        if mode & 0o077 != 0 {
            std::fs::set_permissions(&self.path, std::fs::Permissions::from_mode(mode & 0o700))
                .map_err(|error| StoreError::io(&self.path, error))?;
        }
        for suffix in ["-wal", "-shm"] {
            let mut side = self.path.clone().into_os_string();
            side.push(suffix);
            let side = PathBuf::from(side);
            if side.exists() {
                std::fs::set_permissions(&side, std::fs::Permissions::from_mode(0o600))
                    .map_err(|error| StoreError::io(&side, error))?;
            }
        }
        Ok(())
    }

    /// A number that changes whenever a questionnaire is posted, settled, ended, removed or its
    /// drafts saved, by any connection: polling it is how a surface learns of those without
    /// reading them.
    pub fn version(&self) -> Result<i64, StoreError> {
        self.connection
            .prepare_cached("SELECT n FROM changes")
            .and_then(|mut statement| statement.query_row([], |row| row.get(0)))
            .map_err(|e| self.fail(e))
    }

    /// Posts a questionnaire; it waits while its host process runs and beats.
    pub fn post(&self, posting: &Posting) -> Result<Id, StoreError> {
        let input = posting.input;
        let questions = input["questions"].as_array().map_or(0, Vec::len);
        let title = input["title"]
            .as_str()
            .filter(|title| !title.trim().is_empty())
            .or_else(|| input["questions"][0]["header"].as_str())
            .unwrap_or("Questions");
        let now = now_ms();
        self.connection
            .execute(
                "INSERT INTO questionnaires
                 (host, project, title, questions, secret, input, pid, beat_ms, posted_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
                params![
                    posting.host,
                    posting.project,
                    title,
                    questions as i64,
                    Secrets::of(input).any(),
                    input.to_string(),
                    posting.pid,
                    now,
                ],
            )
            .map_err(|e| self.fail(e))?;
        Ok(self.connection.last_insert_rowid())
    }

    /// Says that `pid`'s questionnaires are still waiting on it.
    pub fn beat(&self, pid: u32) -> Result<(), StoreError> {
        self.connection
            .execute(
                "UPDATE questionnaires SET beat_ms = ?1 WHERE pid = ?2 AND state = 'waiting'",
                params![now_ms(), pid],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// The questionnaires waiting now, newest first, and those that stopped waiting within
    /// [`SHOW_ENDED`]. Questionnaires whose host is gone are ended first.
    pub fn list(&self) -> Result<Vec<Listed>, StoreError> {
        self.sweep()?;
        let since = now_ms() - SHOW_ENDED.as_millis() as i64;
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id, host, project, title, questions, secret, posted_ms, state, how
                 FROM questionnaires
                 WHERE state = 'waiting' OR (state = 'ended' AND ended_ms >= ?1)
                 ORDER BY posted_ms DESC, id DESC",
            )
            .map_err(|e| self.fail(e))?;
        let rows = statement
            .query_map([since], listed)
            .map_err(|e| self.fail(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.fail(e))
    }

    /// Ends the waiting questionnaires whose host process is gone or stopped beating, and
    /// forgets what is older than [`KEEP_HISTORY`].
    pub fn sweep(&self) -> Result<usize, StoreError> {
        let now = now_ms();
        let stale = now - BEAT_TIMEOUT.as_millis() as i64;
        let mut gone = Vec::new();
        {
            let mut statement = self
                .connection
                .prepare_cached(
                    "SELECT id, pid, beat_ms, host FROM questionnaires WHERE state = 'waiting'",
                )
                .map_err(|e| self.fail(e))?;
            let rows = statement
                .query_map([], |row| {
                    Ok((
                        row.get::<_, Id>(0)?,
                        row.get::<_, u32>(1)?,
                        row.get::<_, i64>(2)?,
                        row.get::<_, String>(3)?,
                    ))
                })
                .map_err(|e| self.fail(e))?;
            for row in rows {
                let (id, pid, beat, host) = row.map_err(|e| self.fail(e))?;
                if beat < stale || !alive(pid) {
                    gone.push((id, host));
                }
            }
        }
        for (id, host) in &gone {
            self.end(*id, &format!("{host} stopped waiting"))?;
        }
        self.prune(KEEP_HISTORY)?;
        Ok(gone.len())
    }

    /// The questionnaire `id`, to open it.
    pub fn open_questionnaire(&self, id: Id) -> Result<Option<Opened>, StoreError> {
        self.connection
            .query_row(
                "SELECT id, host, project, title, questions, secret, posted_ms, state, how,
                        input, saved
                 FROM questionnaires WHERE id = ?1",
                [id],
                |row| {
                    let input: String = row.get(9)?;
                    let saved: Option<String> = row.get(10)?;
                    Ok(Opened {
                        listed: listed(row)?,
                        input: serde_json::from_str(&input).unwrap_or(Value::Null),
                        saved: saved.and_then(|saved| serde_json::from_str(&saved).ok()),
                    })
                },
            )
            .optional()
            .map_err(|e| self.fail(e))
    }

    /// Keeps what was answered and typed so far (`question::saved`) while `id` waits.
    pub fn save(&self, id: Id, saved: &Value) -> Result<(), StoreError> {
        self.connection
            .execute(
                "UPDATE questionnaires SET saved = ?2 WHERE id = ?1 AND state = 'waiting'",
                params![id, saved.to_string()],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// How `id` stands now.
    pub fn outcome(&self, id: Id) -> Result<Outcome, StoreError> {
        let row = self
            .connection
            .query_row(
                "SELECT state, surface, how, content, details FROM questionnaires WHERE id = ?1",
                [id],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, Option<String>>(1)?,
                        row.get::<_, Option<String>>(2)?,
                        row.get::<_, Option<String>>(3)?,
                        row.get::<_, Option<String>>(4)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| self.fail(e))?;
        Ok(match row {
            None => Outcome::Unknown,
            Some((state, ..)) if state == "waiting" => Outcome::Waiting,
            Some((state, _, how, ..)) if state == "ended" => Outcome::Ended {
                why: how.unwrap_or_default(),
            },
            Some((_, surface, _, content, details)) => Outcome::Settled {
                surface: surface.unwrap_or_default(),
                result: content.zip(details).map(|(content, details)| ToolResult {
                    content,
                    details: serde_json::from_str(&details).unwrap_or(Value::Null),
                }),
            },
        })
    }

    /// Answers (or cancels) `id` on `surface` ("terminal", "inbox", "web", "form"), unless
    /// another surface did first: one transaction decides. For a questionnaire with a secret
    /// question only the masked details are kept, and no content.
    pub fn settle(&self, id: Id, surface: &str, result: &ToolResult) -> Result<Claim, StoreError> {
        let transaction =
            rusqlite::Transaction::new_unchecked(&self.connection, TransactionBehavior::Immediate)
                .map_err(|e| self.fail(e))?;
        let row: Option<(String, String)> = transaction
            .query_row(
                "SELECT state, input FROM questionnaires WHERE id = ?1",
                [id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
            .map_err(|e| self.fail(e))?;
        let Some((state, input)) = row else {
            return Ok(Claim::Lost(Outcome::Unknown));
        };
        if state != "waiting" {
            drop(transaction);
            return Ok(Claim::Lost(self.outcome(id)?));
        }
        let input: Value = serde_json::from_str(&input).unwrap_or(Value::Null);
        let secrets = Secrets::of(&input);
        let secret = secrets.any();
        let details = secrets.masked(&result.details);
        let content = (!secret).then_some(result.content.as_str());
        transaction
            .execute(
                "UPDATE questionnaires
                 SET state = 'settled', surface = ?2, ended_ms = ?3, how = ?4, content = ?5,
                     details = ?6, saved = NULL
                 WHERE id = ?1",
                params![
                    id,
                    surface,
                    now_ms(),
                    how_it_ended(&result.details),
                    content,
                    details.to_string()
                ],
            )
            .map_err(|e| self.fail(e))?;
        transaction.commit().map_err(|e| self.fail(e))?;
        Ok(Claim::Won)
    }

    /// No host can take an answer to `id` any more: it leaves the waiting list, saying `why`
    /// ("Codex stopped waiting"); what was typed stays with it.
    pub fn end(&self, id: Id, why: &str) -> Result<(), StoreError> {
        self.connection
            .execute(
                "UPDATE questionnaires SET state = 'ended', ended_ms = ?2, how = ?3
                 WHERE id = ?1 AND state = 'waiting'",
                params![id, now_ms(), why],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// Says an inbox runs in process `pid` (call every [`BEAT_EVERY`]).
    pub fn inbox_beat(&self, pid: u32) -> Result<(), StoreError> {
        self.connection
            .execute(
                "INSERT INTO inboxes (pid, beat_ms) VALUES (?1, ?2)
                 ON CONFLICT (pid) DO UPDATE SET beat_ms = excluded.beat_ms",
                params![pid, now_ms()],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// The inbox in `pid` closed.
    pub fn inbox_gone(&self, pid: u32) -> Result<(), StoreError> {
        self.connection
            .execute("DELETE FROM inboxes WHERE pid = ?1", [pid])
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// Whether an inbox runs for this user now.
    pub fn inbox_running(&self) -> Result<bool, StoreError> {
        let stale = now_ms() - BEAT_TIMEOUT.as_millis() as i64;
        let mut statement = self
            .connection
            .prepare_cached("SELECT pid FROM inboxes WHERE beat_ms >= ?1")
            .map_err(|e| self.fail(e))?;
        let pids = statement
            .query_map([stale], |row| row.get::<_, u32>(0))
            .map_err(|e| self.fail(e))?;
        for pid in pids {
            if alive(pid.map_err(|e| self.fail(e))?) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Answered and abandoned questionnaires, newest first; of `project` (and the folders in
    /// it) only, when given.
    pub fn history(&self, project: Option<&str>, limit: usize) -> Result<Vec<Record>, StoreError> {
        let mut statement = self
            .connection
            .prepare_cached(
                "SELECT id, host, project, title, questions, secret, posted_ms, state, how,
                        input, surface, ended_ms, details
                 FROM questionnaires
                 WHERE state != 'waiting'
                   AND (?1 IS NULL OR project = ?1 OR substr(project, 1, length(?1) + 1) = ?1 || '/')
                 ORDER BY ended_ms DESC, id DESC LIMIT ?2",
            )
            .map_err(|e| self.fail(e))?;
        let rows = statement
            .query_map(params![project, limit as i64], |row| {
                let input: String = row.get(9)?;
                let details: Option<String> = row.get(12)?;
                let state: String = row.get(7)?;
                let how: Option<String> = row.get(8)?;
                Ok(Record {
                    listed: listed(row)?,
                    input: serde_json::from_str(&input).unwrap_or(Value::Null),
                    how: if state == "ended" {
                        "abandoned".into()
                    } else {
                        how.unwrap_or_default()
                    },
                    surface: row.get(10)?,
                    ended_ms: row.get::<_, Option<i64>>(11)?.unwrap_or_default(),
                    details: details.and_then(|details| serde_json::from_str(&details).ok()),
                })
            })
            .map_err(|e| self.fail(e))?;
        rows.collect::<Result<_, _>>().map_err(|e| self.fail(e))
    }

    /// Forgets answered and abandoned questionnaires that ended more than `age` ago.
    pub fn prune(&self, age: Duration) -> Result<usize, StoreError> {
        let before = now_ms() - age.as_millis() as i64;
        self.connection
            .execute(
                "DELETE FROM questionnaires WHERE state != 'waiting' AND ended_ms < ?1",
                [before],
            )
            .map_err(|e| self.fail(e))
    }
}

/// A list row from the first nine columns.
fn listed(row: &rusqlite::Row) -> rusqlite::Result<Listed> {
    let state: String = row.get(7)?;
    Ok(Listed {
        id: row.get(0)?,
        host: row.get(1)?,
        project: row.get(2)?,
        title: row.get(3)?,
        questions: row.get::<_, i64>(4)? as usize,
        secret: row.get(5)?,
        posted_ms: row.get(6)?,
        ended: if state == "ended" { row.get(8)? } else { None },
    })
}

/// `answered`, `cancelled` or `timed out`, from a result's details.
fn how_it_ended(details: &Value) -> &'static str {
    if details["error"] == "timed_out" {
        "timed out"
    } else if details["cancelled"] == true {
        "cancelled"
    } else {
        "answered"
    }
}

/// The store's folder must be this user's alone: one owned by someone else, or open to others
/// (an existing folder the store did not make), is refused rather than changed.
fn private_folder(folder: &Path) -> Result<(), StoreError> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(folder).map_err(|error| StoreError::io(folder, error))?;
    if meta.uid() != unsafe { libc::geteuid() } {
        return Err(StoreError::new(
            folder,
            Kind::Unsafe,
            format!("owned by uid {}", meta.uid()),
        ));
    }
    if meta.mode() & 0o077 != 0 {
        return Err(StoreError::new(
            folder,
            Kind::Unsafe,
            format!("mode {:o}; chmod 700 it", meta.mode() & 0o777),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
