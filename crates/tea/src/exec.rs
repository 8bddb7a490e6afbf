//! Running an external editor from a program (bubbletea's `tea.ExecProcess` for the one case
//! programs need): the program returns [`Cmd::Exec`](crate::Cmd::Exec) with the text to edit,
//! and gets a message back with the edited text or why there is none.
//!
//! - **Who runs it.** The host, never `update`. The inline runtime hands the terminal over:
//!   it erases its region, turns its modes and raw mode off, runs the editor on the terminal,
//!   waits, then takes the terminal back and redraws. The headless driver runs the editor too,
//!   with no terminal (stdin and stdout empty, no controlling terminal), so a key replay can
//!   drive it with a non-interactive command; a host with an editor of its own (a dialog) asks
//!   for the request instead ([`ExecPolicy::Host`]) and answers with
//!   [`Driver::exec_done`](crate::Driver::exec_done).
//! - **Which editor.** [`Editor::FromEnv`] (the default) is `$VISUAL`, then `$EDITOR`, read
//!   when the editor is started; on a terminal, `vi` when neither is set. With no terminal
//!   there is no such fallback: an interactive editor would wait for keys nobody types, so the
//!   run fails at once and says why. [`Editor::Command`] sets one (tests, a host's setting).
//!   The command is a shell command line that may carry arguments (`VISUAL="code -w"`): it
//!   runs as `sh -c 'exec <command> "$1"' sh <file>`, so the editor replaces the shell and
//!   alone decides what its keys do (a line `exec` cannot take, such as a list or a pipeline,
//!   runs without it).
//! - **Its processes** never outlive the program: the editor runs in a process group of its
//!   own, ended when the program is ended by a signal, and whatever the editor leaves running in
//!   it is ended when it exits (see the `process_group` module).
//! - **The text** goes to a new temporary file (readable by its owner only, with the request's
//!   suffix, so an editor can pick a syntax) and is read back when the editor exits with
//!   status 0; the file is removed either way. One final newline the editor added is dropped.
//! - **Errors** are one-line messages for the program to show: no editor is set for a run
//!   with no terminal, the editor could not start, was not found, exited non-zero or was ended
//!   by a signal, or the file could not be written or read back. The program keeps its draft.
//!   An editor the runtime ends because the program is ending (SIGTERM, SIGHUP) is no error
//!   when it saved the file: its text is the result.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::process_group::{self as group, Place};

/// What the program asks an external editor to edit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExecRequest {
    /// The text the editor opens with.
    pub text: String,
    /// The temporary file's suffix (`.md`, `.txt`), for the editor's syntax choice.
    pub suffix: String,
}

/// The edited text, or a one-line message saying why there is none.
pub type ExecResult = Result<String, String>;

/// An editor run a program asked for: the request, and the message its result becomes.
/// Compared and printed by its request, so effects stay testable data.
pub struct Exec<M> {
    pub request: ExecRequest,
    done: Box<dyn FnOnce(ExecResult) -> M + Send>,
}

impl<M> Exec<M> {
    /// The external editor on `text` (in a `.txt` file); its result becomes `done(result)`.
    pub fn editor(
        text: impl Into<String>,
        done: impl FnOnce(ExecResult) -> M + Send + 'static,
    ) -> Exec<M> {
        Exec {
            request: ExecRequest {
                text: text.into(),
                suffix: ".txt".into(),
            },
            done: Box::new(done),
        }
    }

    /// The file suffix the editor sees (`.md` for markdown).
    pub fn suffix(mut self, suffix: impl Into<String>) -> Exec<M> {
        self.request.suffix = suffix.into();
        self
    }

    /// The message for the editor's result.
    pub fn finish(self, result: ExecResult) -> M {
        (self.done)(result)
    }

    /// The same request, its message wrapped by `f` (a child's message into its parent's).
    pub fn map<N>(self, f: impl FnOnce(M) -> N + Send + 'static) -> Exec<N>
    where
        M: 'static,
    {
        let done = self.done;
        Exec {
            request: self.request,
            done: Box::new(move |result| f(done(result))),
        }
    }
}

impl<M> fmt::Debug for Exec<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Exec({:?})", self.request)
    }
}

impl<M> PartialEq for Exec<M> {
    fn eq(&self, other: &Self) -> bool {
        self.request == other.request
    }
}

/// Which editor command runs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Editor {
    /// `$VISUAL`, then `$EDITOR`, read when the editor starts; on a terminal `vi` when
    /// neither is set.
    #[default]
    FromEnv,
    /// This shell command line (arguments allowed); the file's path is added at the end.
    Command(String),
}

/// The editor of a terminal where none is set, as git and most programs have it.
const TERMINAL_FALLBACK: &str = "vi";

impl Editor {
    /// The command line set for the editor now, if any.
    pub fn command(&self) -> Option<String> {
        match self {
            Editor::Command(command) => Some(command.clone()),
            Editor::FromEnv => ["VISUAL", "EDITOR"]
                .into_iter()
                .filter_map(std::env::var_os)
                .map(|value| value.to_string_lossy().trim().to_owned())
                .find(|value| !value.is_empty()),
        }
    }

    /// The command line to run on a terminal: the one set, else `vi`.
    pub fn terminal_command(&self) -> String {
        self.command()
            .unwrap_or_else(|| TERMINAL_FALLBACK.to_owned())
    }
}

/// Why a run with no terminal has no editor.
pub const NO_EDITOR_WITHOUT_TERMINAL: &str =
    "no editor to run without a terminal: set VISUAL or EDITOR";

/// How long an editor gets to exit after being asked to (SIGTERM), and what it leaves on its
/// standard error to be read, before it is no longer waited for.
pub(crate) const GRACE: Duration = Duration::from_secs(1);

/// How a driver performs [`Cmd::Exec`](crate::Cmd::Exec).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExecPolicy {
    /// Runs the editor at once, with no terminal (stdin and stdout empty, stderr kept for the
    /// error message, no controlling terminal): the headless driver's default, for key replays.
    /// [`Editor::FromEnv`] with neither variable set fails at once.
    Run(Editor),
    /// Hands the request back as [`Effect::Exec`](crate::Effect::Exec); the host runs an editor
    /// of its own and answers with [`Driver::exec_done`](crate::Driver::exec_done).
    Host,
}

impl Default for ExecPolicy {
    fn default() -> Self {
        ExecPolicy::Run(Editor::FromEnv)
    }
}

/// The text written to a new temporary file, removed when this is dropped.
pub(crate) struct TempText {
    path: PathBuf,
}

static NEXT_FILE: AtomicU64 = AtomicU64::new(0);

impl TempText {
    pub(crate) fn create(request: &ExecRequest) -> io::Result<TempText> {
        let suffix: String = request
            .suffix
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
            .collect();
        let dir = std::env::temp_dir();
        loop {
            let n = NEXT_FILE.fetch_add(1, Ordering::Relaxed);
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let name = format!("tea-edit-{}-{n}-{nanos:x}{suffix}", std::process::id());
            let path = dir.join(name);
            let file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&path);
            match file {
                Ok(mut file) => {
                    let text = TempText { path };
                    file.write_all(request.text.as_bytes())?;
                    file.sync_all()?;
                    return Ok(text);
                }
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(err) => return Err(err),
            }
        }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The edited text, with one final newline the editor added dropped.
    pub(crate) fn read_back(&self, original: &str) -> ExecResult {
        let bytes = fs::read(&self.path)
            .map_err(|err| format!("could not read the edited text back: {err}"))?;
        let mut text =
            String::from_utf8(bytes).map_err(|_| "the edited text is not UTF-8".to_owned())?;
        if !original.ends_with('\n') && text.ends_with('\n') {
            text.pop();
            if text.ends_with('\r') {
                text.pop();
            }
        }
        Ok(text)
    }
}

impl Drop for TempText {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// `sh -c 'exec <command> "$1"' sh <path>`: the command line may carry arguments of its own,
/// and the editor replaces the shell (see [`shell_line`]).
pub(crate) fn command(editor: &str, path: &Path) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(shell_line(editor))
        .arg("sh")
        .arg(path);
    command
}

/// The script `sh -c` runs for `editor`: `exec <editor> "$1"`, so the editor is the process the
/// program waits for and the foreground group's only member. A shell left as its parent (dash
/// does not exec the last command by itself) would die of a Ctrl+\ or Ctrl+C the editor
/// ignores, and the program would take the terminal back from an editor still running. A line
/// `exec` cannot take runs as written (`<editor> "$1"`): a list, a pipeline or a compound
/// command, leading variable assignments, or a shell builtin.
fn shell_line(editor: &str) -> String {
    if replaceable(editor) {
        format!("exec {editor} \"$1\"")
    } else {
        format!("{editor} \"$1\"")
    }
}

/// Whether `exec` may go in front of the command line `editor`: a simple command naming a
/// program. Conservative: a `;` or `|` inside quotes also keeps the shell, which only costs the
/// shell's staying.
fn replaceable(editor: &str) -> bool {
    /// Reserved words and builtins: `exec` would run a program of that name, or none.
    const SHELL_WORDS: &[&str] = &[
        "!", "{", "}", "[[", "case", "for", "if", "select", "until", "while", "function", ".", ":",
        "[", "alias", "bg", "break", "builtin", "cd", "command", "continue", "echo", "eval",
        "exec", "exit", "export", "false", "fg", "getopts", "hash", "jobs", "kill", "local",
        "printf", "pwd", "read", "readonly", "return", "set", "shift", "source", "test", "times",
        "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "wait",
    ];
    if editor.contains([';', '&', '|', '(', ')', '\n']) {
        return false;
    }
    let Some(first) = editor.split_whitespace().next() else {
        return false;
    };
    let assignment = first.split_once('=').is_some_and(|(name, _)| {
        name.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic())
            && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
    });
    !assignment && !SHELL_WORDS.contains(&first)
}

/// `Ok` for a zero exit status, else what went wrong (with the last line the editor wrote
/// to stderr, when it was kept).
pub(crate) fn check_status(editor: &str, status: ExitStatus, stderr: &[u8]) -> Result<(), String> {
    let said = String::from_utf8_lossy(stderr);
    let said = said.lines().rev().map(str::trim).find(|l| !l.is_empty());
    let said = said.map_or(String::new(), |line| {
        format!(": {}", crate::text::sanitize_line(line))
    });
    match (status.code(), status.signal()) {
        (Some(0), _) => Ok(()),
        (Some(127), _) => Err(format!("the editor `{editor}` was not found{said}")),
        (Some(126), _) => Err(format!("the editor `{editor}` could not run{said}")),
        (Some(code), _) => Err(format!(
            "the editor `{editor}` exited with status {code}{said}"
        )),
        (None, Some(signal)) => Err(format!(
            "the editor `{editor}` was ended by signal {signal}"
        )),
        (None, None) => Err(format!("the editor `{editor}` ended abnormally")),
    }
}

/// Runs the editor with no terminal: stdin and stdout empty, stderr kept for the message, in a
/// session of its own.
pub(crate) fn run_detached(request: &ExecRequest, editor: &Editor) -> ExecResult {
    let editor = editor
        .command()
        .ok_or_else(|| NO_EDITOR_WITHOUT_TERMINAL.to_owned())?;
    let file = TempText::create(request)
        .map_err(|err| format!("could not write the text for the editor: {err}"))?;
    // A signal that ends the program ends the editor's session first.
    crate::guard::install_hooks()
        .map_err(|err| format!("could not start the editor `{editor}`: {err}"))?;
    let mut command = command(&editor, file.path());
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    group::prepare(&mut command, Place::Detached);
    let mut child = command
        .spawn()
        .map_err(|err| format!("could not start the editor `{editor}`: {err}"))?;
    let running = group::Running::new(child.id());
    let said = read_in_background(child.stderr.take());
    let status = group::wait(running.group(), false)
        .map_err(|err| format!("waiting for the editor `{editor}` failed: {err}"))?;
    // What it left running goes too, so its standard error closes.
    drop(running);
    let said = said.recv_timeout(GRACE).unwrap_or_default();
    check_status(&editor, status, &said)?;
    file.read_back(&request.text)
}

/// Everything `pipe` gives until it closes, read on a thread of its own.
fn read_in_background(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    if let Some(mut pipe) = pipe {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            let _ = tx.send(bytes);
        });
    }
    rx
}

/// How an editor on the terminal ended.
pub(crate) struct Waited {
    pub(crate) status: ExitStatus,
    /// Whether the runtime ended it, because the program is ending.
    pub(crate) ended: bool,
}

/// Runs the editor on the terminal `tty` (stdin, stdout and stderr), in the foreground, waiting
/// with `wait` (the runtime's, which keeps watching for signals and may end the editor's group).
/// The caller ignores SIGINT and SIGQUIT around the whole hand-over (`interrupts`); the editor
/// starts with what it would have had without that.
pub(crate) fn run_on_terminal(
    request: &ExecRequest,
    editor: &Editor,
    tty: &File,
    interrupts: &group::IgnoreInterrupts,
    wait: impl FnOnce(libc::pid_t) -> io::Result<Waited>,
) -> ExecResult {
    let editor = editor.terminal_command();
    let file = TempText::create(request)
        .map_err(|err| format!("could not write the text for the editor: {err}"))?;
    let handle = || tty.try_clone().map(Stdio::from);
    let fd = tty.as_raw_fd();
    let foreground = group::holds_foreground(fd);
    let started = (|| {
        let mut command = command(&editor, file.path());
        command.stdin(handle()?).stdout(handle()?).stderr(handle()?);
        group::prepare(
            &mut command,
            Place::Terminal {
                tty: fd,
                foreground,
                defaults: interrupts.defaults(),
            },
        );
        command.spawn()
    })()
    .map_err(|err| format!("could not start the editor `{editor}`: {err}"))?;
    let running = group::Running::new(started.id());
    let waited = wait(running.group());
    if foreground {
        let _ = group::take_foreground(fd);
    }
    drop(running);
    let waited =
        waited.map_err(|err| format!("waiting for the editor `{editor}` failed: {err}"))?;
    if !waited.ended {
        check_status(&editor, waited.status, &[])?;
    }
    // Ended for the program's own ending: what the editor saved by then is the text.
    file.read_back(&request.text)
}

#[cfg(test)]
mod tests {
    use super::shell_line;

    #[test]
    fn a_simple_command_replaces_the_shell_and_anything_else_runs_as_written() {
        for (editor, script) in [
            ("vi", r#"exec vi "$1""#),
            ("code --wait", r#"exec code --wait "$1""#),
            ("emacsclient -a '' -t", r#"exec emacsclient -a '' -t "$1""#),
            ("\"$HOME/bin/ed\" -s", r#"exec "$HOME/bin/ed" -s "$1""#),
            ("vim 2>/dev/null", r#"exec vim 2>/dev/null "$1""#),
            ("EDITING=1 vim", r#"EDITING=1 vim "$1""#),
            ("vim; echo done", r#"vim; echo done "$1""#),
            ("cd /tmp && vim", r#"cd /tmp && vim "$1""#),
            ("tr a b | tee", r#"tr a b | tee "$1""#),
            ("(vim)", r#"(vim) "$1""#),
            ("printf x >>", r#"printf x >> "$1""#),
            ("exec vim", r#"exec vim "$1""#),
            ("if true; then vim", r#"if true; then vim "$1""#),
        ] {
            assert_eq!(shell_line(editor), script, "{editor:?}");
        }
    }
}
