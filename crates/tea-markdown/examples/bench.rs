//! Measures tea-markdown in a release build:
//!
//! ```text
//! cargo run --release -p tea-markdown --example bench
//! ```
//!
//! A first render includes the lazy syntect load and the compilation of the Rust grammar's
//! patterns, which happen once per process, so it is measured in fresh child processes.

use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

use syntect::parsing::SyntaxSet;
use tea_markdown::{MarkdownCache, render, warm_up};

/// A 40-line preview with a 15-line Rust code block.
const PREVIEW: &str = r#"## Plan: move sessions to SQLite

Sessions live in **JSON files** today; every save rewrites the whole file, and a crash
mid-write loses the session. This option moves them into one *SQLite* database.

- writes become transactions, so a crash never leaves half a session
- the `sessions` table is indexed by project and time
- old JSON files are imported once, then kept as a backup

| step    | effort | risk   |
|:--------|-------:|:------:|
| schema  | 1 day  | low    |
| import  | 2 days | medium |

```rust
pub fn save(conn: &Connection, session: &Session) -> Result<(), Error> {
    let tx = conn.unchecked_transaction()?;
    tx.execute(
        "INSERT INTO sessions (id, project, updated, body) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT(id) DO UPDATE SET updated = ?3, body = ?4",
        params![session.id, session.project, session.updated, session.body],
    )?;
    for entry in &session.entries {
        // Entries are append-only; the id makes a retry harmless.
        tx.execute("INSERT OR IGNORE INTO entries VALUES (?1, ?2, ?3)",
                   params![entry.id, session.id, entry.text])?;
    }
    tx.commit()?;
    Ok(())
}
```

> Read the [migration notes](https://example.com/notes) before choosing.

1. back up `~/.sessions`
2. run the import
3. keep the JSON files for one release
4. delete them after the next release

Questions go to the storage channel.
"#;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("first") => return print_first_render(false),
        Some("first-after-warm-up") => return print_first_render(true),
        _ => {}
    }
    assert_eq!(PREVIEW.lines().count(), 40, "the preview is 40 lines");

    report(
        "syntect SyntaxSet::load_defaults_newlines",
        &repeat(50, || {
            black_box(SyntaxSet::load_defaults_newlines());
        }),
    );
    report(
        "first render, fresh process (lazy load included)",
        &children("first", 60),
    );
    report(
        "first render after warm_up(), fresh process",
        &children("first-after-warm-up", 60),
    );

    warm_up();
    black_box(render(PREVIEW, 80));
    for width in [40, 80, 120] {
        report(
            &format!("render at {width} (syntect warm, no cache)"),
            &repeat(2000, || {
                black_box(render(PREVIEW, width));
            }),
        );
    }
    let mut cache = MarkdownCache::new();
    cache.get(PREVIEW, 80);
    report(
        "MarkdownCache::get hit at 80",
        &repeat(100_000, || {
            black_box(cache.get(PREVIEW, 80));
        }),
    );
    // Five widths in turn, one more than a source keeps: every get lays the cached document out
    // again at a new width, as after a resize.
    let mut width = 60;
    report(
        "MarkdownCache::get, same source at a new width",
        &repeat(2000, || {
            width = if width == 64 { 60 } else { width + 1 };
            black_box(cache.get(PREVIEW, width));
        }),
    );
    println!("preview: {} rows at 80 columns", render(PREVIEW, 80).len());
}

fn print_first_render(after_warm_up: bool) {
    if after_warm_up {
        warm_up();
    }
    let start = Instant::now();
    let lines = render(PREVIEW, 80);
    let elapsed = start.elapsed();
    black_box(lines);
    println!("{}", elapsed.as_nanos());
}

/// Runs this binary `n` times in `mode` and collects the time each child printed.
fn children(mode: &str, n: usize) -> Vec<Duration> {
    let exe = std::env::current_exe().expect("own path");
    (0..n)
        .map(|_| {
            let out = Command::new(&exe).arg(mode).output().expect("child runs");
            let nanos: u64 = String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse()
                .expect("child prints nanoseconds");
            Duration::from_nanos(nanos)
        })
        .collect()
}

fn repeat(n: usize, mut f: impl FnMut()) -> Vec<Duration> {
    for _ in 0..n.min(20) {
        f();
    }
    (0..n)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect()
}

fn report(what: &str, samples: &[Duration]) {
    if samples.is_empty() {
        return;
    }
    let mut sorted = samples.to_vec();
    sorted.sort();
    let at = |p: f64| sorted[((sorted.len() - 1) as f64 * p).round() as usize];
    println!(
        "{what:<55} n={:<6} p50 {:>10.1?}  p99 {:>10.1?}",
        sorted.len(),
        at(0.50),
        at(0.99)
    );
}
