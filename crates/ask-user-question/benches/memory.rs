//! Memory and time with long text, release build:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench memory
//! cargo bench -p ask-user-question --bench memory -- editing   # the editing part only
//! ```
//!
//! - long input: questionnaires whose prompt, or whose first option's markdown preview, is 1,
//!   20 or 50 MB of markdown (headings, prose, lists, code blocks), written to a temporary
//!   directory. For each: `ask-user-question render FILE --size 120x40` from spawn to exit
//!   (reading, parsing and validating the input, laying out and printing the first frame),
//!   and the interactive run on a 120x40 pseudo-terminal from spawn to the frame's last row;
//!   both with the process's peak resident memory (`wait4`'s `ru_maxrss`).
//! - the addon's path: what `pi-ask-user-question`'s `Session` does with the parsed input
//!   (validate, `questionnaire::App` in tea's headless `Driver` at 80x24, resized to 120x40 by
//!   the first render, the frame's rows), timed in a fresh process of this benchmark that
//!   parsed the file first, with that process's peak memory;
//! - editing: a draft of 100 KB or 1 MB in a text question, and in the free-text editor of a
//!   single question whose preview beside the list follows the draft; the cursor in the
//!   draft's middle (the start of its last line, half the draft long); keys (typing,
//!   Backspace, ←/→, ↑/↓) through the headless driver, each with the frame it draws; and a
//!   text question whose half-draft last line is one word, edited at its start.

mod support;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use questionnaire::{App, Msg};
use serde_json::json;
use support::{
    measure, micros, millis, open_pty, read_terminal_within, report, spawn_on_pty, stats, stats_of,
};
use tea::components::textarea::TextAreaMsg;
use tea::driver::Driver;
use tea::input::{Event, KeyCode, KeyModifiers, key};
use tea::{Palette, Size};

/// Set in the environment of a child run of this benchmark to time the addon's path on the
/// file it names.
const PROBE: &str = "ASK_USER_QUESTION_MEMORY_PROBE";
/// Set in the environment of a child run of this benchmark to write the inputs to the
/// directory it names. The inputs are built in a child so this process stays small: a child
/// starts as a copy of its parent, and its peak memory would count what the parent held.
const WRITE: &str = "ASK_USER_QUESTION_MEMORY_WRITE";
/// The input sizes, in megabytes.
const SIZES: [usize; 3] = [1, 20, 50];

const MEGABYTE: usize = 1_000_000;
/// Process runs per input (the figures are their median and greatest).
const RUNS: usize = 3;
/// Keys per draft.
const EDIT_KEYS: usize = 300;

/// Markdown of about `bytes` bytes: sections with a heading, a paragraph, a list every third
/// section and a Rust block every fifth.
fn markdown(bytes: usize) -> String {
    let paragraph = "The quick brown fox jumps over the lazy dog; ".repeat(6);
    let mut out = String::with_capacity(bytes + 256);
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&format!("## Section {i}\n\n{}\n\n", paragraph.trim_end()));
        if i % 3 == 0 {
            out.push_str("- item one\n- item two\n\n");
        }
        if i % 5 == 0 {
            out.push_str("```rust\nfn main() {\n    println!(\"hello {}\", 42);\n}\n```\n\n");
        }
        i += 1;
    }
    out.truncate(bytes);
    out
}

/// The long-prompt and long-preview questionnaires of `megabytes`: their names and files.
fn inputs(dir: &Path, megabytes: usize) -> [(String, PathBuf); 2] {
    ["prompt", "preview"].map(|name| {
        (
            format!("{megabytes} MB {name}"),
            dir.join(format!("{name}-{megabytes}mb.json")),
        )
    })
}

/// Writes every input to `dir`.
fn write_inputs(dir: &Path) {
    for megabytes in SIZES {
        let text = markdown(megabytes * MEGABYTE);
        let prompt = json!({"questions": [{"id": "q", "header": "Long", "prompt": text,
            "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]});
        let preview = json!({"questions": [{"id": "q", "header": "Long", "prompt": "Which one?",
            "options": [{"value": "a", "label": "A", "preview": text}, {"value": "b", "label": "B"}]}]});
        for ((_, path), input) in inputs(dir, megabytes).iter().zip([prompt, preview]) {
            let file = std::fs::File::create(path).expect("write an input");
            serde_json::to_writer(std::io::BufWriter::new(file), &input).expect("write an input");
        }
    }
}

/// Waits for `child`; its exit code and peak resident memory in bytes.
fn wait_with_peak(child: Child) -> (i32, u64) {
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed `rusage` is valid; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    // Linux reports kilobytes (KiB).
    (code, usage.ru_maxrss as u64 * 1024)
}

/// `render FILE --size 120x40`: spawn to exit, and the peak memory.
fn render_once(binary: &str, input: &Path) -> (Duration, u64) {
    let start = Instant::now();
    let mut child = Command::new(binary)
        .arg("render")
        .arg(input)
        .args(["--size", "120x40"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the CLI runs");
    let mut frame = String::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut frame)
        .expect("the frame");
    let (code, peak) = wait_with_peak(child);
    let elapsed = start.elapsed();
    assert_eq!(code, 0, "render failed");
    assert!(frame.contains('╰'), "a whole frame");
    (elapsed, peak)
}

/// The interactive run on a 120x40 pseudo-terminal: spawn to the frame's last row, then
/// Ctrl+C; and the peak memory.
fn interactive_once(binary: &str, input: &Path) -> (Duration, u64) {
    let (mut master, slave) = open_pty(Size::new(120, 40));
    let mut command = Command::new(binary);
    command
        .arg(input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env_remove("NO_COLOR");
    let start = Instant::now();
    let child = spawn_on_pty(&mut command, slave);
    let mut seen = Vec::new();
    let patience = Duration::from_secs(120);
    read_terminal_within(&mut master, &mut seen, patience, shows_bottom_border);
    let elapsed = start.elapsed();
    master.write_all(b"\x03").expect("Ctrl+C");
    read_terminal_within(&mut master, &mut seen, patience, |_| false);
    let (code, peak) = wait_with_peak(child);
    assert_eq!(code, 130, "Ctrl+C cancels");
    (elapsed, peak)
}

/// The frame is drawn in one synchronized update; its bottom border is its last row.
fn shows_bottom_border(seen: &[u8]) -> bool {
    const CORNER: &[u8] = "╰".as_bytes();
    seen.windows(CORNER.len()).any(|w| w == CORNER)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / MEGABYTE as f64)
}

/// In a fresh process: the parsed input to the first frame, as the addon's `Session` does it.
/// Prints the nanoseconds.
fn probe_headless(path: &str) {
    let file = std::fs::File::open(path).expect("the input");
    let value: serde_json::Value =
        serde_json::from_reader(std::io::BufReader::new(file)).expect("JSON");
    let start = Instant::now();
    let questionnaire = question::validate(&value).expect("valid");
    drop(value);
    let first = Size::new(80, 24);
    let mut driver = Driver::new(App::new(questionnaire), first, Palette::dark());
    driver.resize(Size::new(120, 40));
    let rows = driver.frame_ref().ansi().len();
    let elapsed = start.elapsed();
    assert!(rows > 5, "a panel at 120x40");
    println!("{}", elapsed.as_nanos());
}

/// The addon's path in a fresh process: time and the process's peak memory.
fn headless_once(_: &str, input: &Path) -> (Duration, u64) {
    let me = std::env::current_exe().expect("the benchmark's own path");
    let mut child = Command::new(me)
        .env(PROBE, input)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the benchmark runs itself");
    let mut printed = String::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut printed)
        .expect("the probe's output");
    let (code, peak) = wait_with_peak(child);
    assert_eq!(code, 0, "the probe failed");
    let nanos: u64 = printed.trim().parse().expect("nanoseconds");
    (Duration::from_nanos(nanos), peak)
}

fn long_input(binary: &str, name: &str, path: &Path) {
    let input = std::fs::metadata(path).expect("the input").len();
    let cap = (3 * input).max(64 * MEGABYTE as u64);
    for (how, run) in [
        ("render", render_once as fn(&str, &Path) -> (Duration, u64)),
        ("interactive", interactive_once),
        ("headless", headless_once),
    ] {
        let runs: Vec<(Duration, u64)> = (0..RUNS).map(|_| run(binary, path)).collect();
        let peak = runs.iter().map(|r| r.1).max().unwrap_or(0);
        let time = stats_of(runs.iter().map(|r| r.0).collect());
        println!(
            "{name:<16} {how:<11} first frame p50 {:>9} max {:>9} | peak RSS {:>9} (input {}, cap {}){}",
            millis(time.p50),
            millis(time.max),
            megabytes(peak),
            megabytes(input),
            megabytes(cap),
            if peak <= cap { "" } else { "  OVER" },
        );
    }
}

/// Where a draft is edited.
#[derive(Clone, Copy)]
enum Editor {
    /// A text question's answer.
    TextQuestion,
    /// "Type something." of a single question at 120 columns, its preview beside the list
    /// following the draft.
    FreeText,
    /// A text question whose draft's last line is one word (no space to break at).
    OneWord,
}

fn editing(bytes: usize, editor: Editor) {
    let size = Size::new(120, 40);
    let (input, open, name) = match editor {
        Editor::OneWord => (
            json!({"questions": [{"id": "t", "header": "T", "prompt": "Write", "type": "text"}]}),
            None,
            "one long word",
        ),
        Editor::TextQuestion => (
            json!({"questions": [{"id": "t", "header": "T", "prompt": "Write", "type": "text"}]}),
            None,
            "text question",
        ),
        Editor::FreeText => (
            json!({"questions": [{"id": "s", "header": "S", "prompt": "Pick",
                "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}),
            Some(KeyCode::Char('3')),
            "free text + preview",
        ),
    };
    let questionnaire = question::validate(&input).expect("valid");
    let mut driver = Driver::new(App::new(questionnaire), size, Palette::dark());
    let plain = |code| key(code, KeyModifiers::NONE);
    if let Some(code) = open {
        driver.send(&plain(code));
    }
    let half = markdown(bytes / 2);
    // The second half is one long line: Home puts the cursor in the middle of the draft.
    let line = match editor {
        Editor::OneWord => "x".repeat(bytes / 2),
        _ => markdown(bytes / 2).replace('\n', " "),
    };
    driver.send_msg(Msg::Edit(TextAreaMsg::Paste(format!("{half}\n{line}"))));
    driver.send(&plain(KeyCode::Home));
    driver.frame_ref();
    let keys: Vec<Event> = [
        KeyCode::Char('x'),
        KeyCode::Char('y'),
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Backspace,
        KeyCode::Char(' '),
        KeyCode::Down,
        KeyCode::Up,
        KeyCode::Backspace,
        KeyCode::Backspace,
    ]
    .map(plain)
    .to_vec();
    let samples: Vec<_> = keys
        .iter()
        .cycle()
        .take(EDIT_KEYS)
        .map(|event| {
            measure(|| {
                std::hint::black_box(driver.send(event));
                std::hint::black_box(driver.frame_ref().rows.len());
            })
        })
        .collect();
    report(
        &format!("edit {} KB, {name}: key→frame", bytes / 1000),
        &stats(&samples),
        micros,
        "   target ≤ 1 ms at 1 MB",
    );
}

fn main() {
    if let Ok(path) = std::env::var(PROBE) {
        return probe_headless(&path);
    }
    if let Ok(dir) = std::env::var(WRITE) {
        return write_inputs(Path::new(&dir));
    }
    for editor in [Editor::TextQuestion, Editor::FreeText, Editor::OneWord] {
        for bytes in [100_000, MEGABYTE] {
            editing(bytes, editor);
        }
    }
    if std::env::args().any(|arg| arg == "editing") {
        return;
    }
    let binary = env!("CARGO_BIN_EXE_ask-user-question");
    let dir = std::env::temp_dir().join(format!("ask-user-question-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let me = std::env::current_exe().expect("the benchmark's own path");
    let written = Command::new(me)
        .env(WRITE, &dir)
        .status()
        .expect("the benchmark runs itself");
    assert!(written.success(), "writing the inputs failed");
    for megabytes in SIZES {
        for (name, path) in inputs(&dir, megabytes) {
            long_input(binary, &name, &path);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
