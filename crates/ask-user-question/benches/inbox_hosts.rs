//! The CLI as a host of the inbox, release build, with a store of its own in a scratch folder:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench inbox_hosts
//! ```
//!
//! - posted → seen: from spawning `ask-user-question reference.json --inbox-only` to a reader
//!   that polls `version()` every millisecond (as the inbox does every 50 ms) seeing the row
//!   (`data_version` sometimes misses a commit, then the next one, the CLI's beat 3 s later,
//!   shows it: the max);
//!   and, within one process, from `post` returning to another connection seeing it.
//! - answered in the inbox → the CLI returns: from the inbox's `settle` committing to the CLI's
//!   exit with the result read, a moment (0–99 ms) after the row is seen, with `--inbox-only` and with the terminal questionnaire on an
//!   80x24 pseudo-terminal (`--inbox`), which closes with the inbox's answer. The CLI looks at
//!   the store every 50 ms, so about 25 ms is expected on average, 50 ms at worst.
//! - start-up of a `--keys` replay without an inbox: no store file, a store with no inbox
//!   running, and `ASK_USER_QUESTION_INBOX=0`, which never looks.

mod support;

use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ask_user_question_store::{Claim, Id, Outcome, Posting, Store};
use question::ToolResult;
use serde_json::json;
use support::{open_pty, read_terminal_until, spawn_on_pty, stats_of};
use tea::Size;

const RUNS: usize = 100;
const PTY_RUNS: usize = 40;

fn reference() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/bench/reference.json")
        .display()
        .to_string()
}

fn report(name: &str, samples: Vec<Duration>) {
    let s = stats_of(samples);
    let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
    println!(
        "{name:<52} p50 {:>9} p95 {:>9} max {:>9}  n={}",
        ms(s.p50),
        ms(s.p95),
        ms(s.max),
        s.n
    );
}

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("aq-inbox-bench-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
        Scratch(dir)
    }

    fn store(&self) -> Store {
        Store::open(&self.0.join("ask-user-question/inbox.sqlite3")).unwrap()
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ask-user-question"));
        command
            .args(args)
            .env("XDG_STATE_HOME", &self.0)
            .env_remove("ASK_USER_QUESTION_INBOX")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .stdout(Stdio::piped());
        command
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn answer() -> ToolResult {
    ToolResult {
        content: "answered in the bench's inbox".into(),
        details: json!({"cancelled": false, "answers": {}}),
    }
}

/// Polls the reader's `version()` every millisecond until `id` is in the store.
fn wait_seen(reader: &Store, id: Id) {
    let mut seen = reader.version().unwrap();
    loop {
        let version = reader.version().unwrap();
        if version != seen {
            seen = version;
            if reader.outcome(id).unwrap() != Outcome::Unknown {
                return;
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// A person answers at no particular moment of the CLI's polling: 0 to 99 ms from now,
/// spread over the runs (seen the row at once and answering at once would fall on the same
/// point of the CLI's poll every time).
fn answer_later(run: Id) {
    std::thread::sleep(Duration::from_millis((run as u64 * 37) % 100));
}

/// Settles `id` as the inbox would; the instant it committed.
fn settle(inbox: &Store, id: Id) -> Instant {
    assert_eq!(inbox.settle(id, "inbox", &answer()).unwrap(), Claim::Won);
    Instant::now()
}

/// Reads the child's stdout to its end and waits for it: the instant it was done.
fn returned(mut child: Child) -> Instant {
    let mut result = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut result)
        .unwrap();
    let status = child.wait().unwrap();
    let done = Instant::now();
    assert_eq!(status.code(), Some(0), "{result}");
    assert!(result.contains("\"answeredIn\":\"inbox\""), "{result}");
    done
}

fn inbox_only() {
    let scratch = Scratch::new("only");
    let inbox = scratch.store();
    let reference = reference();
    let (mut seen, mut answered) = (Vec::new(), Vec::new());
    for id in 1..=RUNS as Id {
        let start = Instant::now();
        let mut command = scratch.command(&[&reference, "--inbox-only"]);
        let child = command.stderr(Stdio::null()).spawn().unwrap();
        wait_seen(&inbox, id);
        seen.push(start.elapsed());
        answer_later(id);
        let settled = settle(&inbox, id);
        answered.push(returned(child).duration_since(settled));
    }
    let missed = seen.iter().filter(|d| **d > Duration::from_secs(1)).count();
    println!("runs whose post data_version missed (seen at the next beat): {missed} of {RUNS}");
    report("spawn --inbox-only → a reader sees the row", seen);
    report("settled in the inbox → --inbox-only returns", answered);
}

fn within_the_store() {
    let scratch = Scratch::new("store");
    let (poster, reader) = (scratch.store(), scratch.store());
    let input = serde_json::from_str(&std::fs::read_to_string(reference()).unwrap()).unwrap();
    let mut seen = Vec::new();
    for _ in 0..RUNS {
        let posting = Posting {
            host: "bench",
            project: "/bench",
            input: &input,
            pid: std::process::id(),
        };
        let before = reader.version().unwrap();
        let id = poster.post(&posting).unwrap();
        let posted = Instant::now();
        while reader.version().unwrap() == before {
            std::hint::spin_loop();
        }
        assert_ne!(reader.outcome(id).unwrap(), Outcome::Unknown);
        seen.push(posted.elapsed());
    }
    report("post returns → another connection's version()", seen);
}

fn on_the_terminal() {
    let scratch = Scratch::new("pty");
    let inbox = scratch.store();
    let reference = reference();
    let mut answered = Vec::new();
    for id in 1..=PTY_RUNS as Id {
        let (mut master, slave) = open_pty(Size::new(80, 24));
        let child = {
            // Dropped once spawned: its handle on the terminal would keep it open after the CLI.
            let mut command = scratch.command(&[&reference, "--inbox", "--no-bell"]);
            command.stderr(Stdio::from(slave.try_clone().unwrap()));
            spawn_on_pty(&mut command, slave)
        };
        let mut drawn = Vec::new();
        // The first frame: its bottom border is its last row.
        read_terminal_until(&mut master, &mut drawn, |s| {
            s.windows("╰".len()).any(|w| w == "╰".as_bytes())
        });
        assert_ne!(inbox.outcome(id).unwrap(), Outcome::Unknown);
        let reading = std::thread::spawn(move || {
            let mut rest = Vec::new();
            read_terminal_until(&mut master, &mut rest, |_| false);
        });
        answer_later(id);
        let settled = settle(&inbox, id);
        answered.push(returned(child).duration_since(settled));
        reading.join().unwrap();
    }
    report(
        "settled in the inbox → the terminal's run returns",
        answered,
    );
}

fn start_up() {
    let single = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/examples/single.json")
        .display()
        .to_string();
    let replay = [single.as_str(), "--keys", "enter"];
    let scratch = Scratch::new("start");
    let with_store = Scratch::new("start-store");
    with_store.store().inbox_beat(u32::MAX - 1).unwrap();
    let mut samples = [Vec::new(), Vec::new(), Vec::new()];
    for _ in 0..RUNS {
        for (kind, samples) in samples.iter_mut().enumerate() {
            let mut command = match kind {
                0 => scratch.command(&replay),
                1 => with_store.command(&replay),
                _ => {
                    let mut command = with_store.command(&replay);
                    command.env("ASK_USER_QUESTION_INBOX", "0");
                    command
                }
            };
            let start = Instant::now();
            let output = command.stderr(Stdio::null()).output().unwrap();
            samples.push(start.elapsed());
            assert!(!output.stdout.is_empty());
        }
    }
    let [none, idle, never] = samples;
    report("replay start → exit: no store file", none);
    report("replay start → exit: a store, no inbox running", idle);
    report("replay start → exit: ASK_USER_QUESTION_INBOX=0", never);
}

fn main() {
    within_the_store();
    inbox_only();
    on_the_terminal();
    start_up();
}
