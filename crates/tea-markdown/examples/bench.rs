//! Measures tea-markdown in a release build:
//!
//! ```text
//! cargo run --release -p tea-markdown --example bench
//! ```
//!
//! A first render includes the lazy syntect load and the compilation of the Rust grammar's
//! patterns, which happen once per process, so it is measured in fresh child processes.
//!
//! Each line reports wall time and the time the thread spent on a CPU
//! (`CLOCK_THREAD_CPUTIME_ID`): on a busy machine the wall time includes waiting for a core, the
//! CPU time does not.

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

/// A preview the way models send them: mockups drawn with spaces, a tree and aligned columns
/// between short paragraphs with single line breaks.
const DRAWINGS: &str = r#"PLANET VIEW          ISLAND VIEW
  ___                 /\  /\___
 /   \    click      /  \/     \
|  o  |  ------->   /    \      \
 \___/             /______\______\

Clicking a planet zooms into its island; Esc zooms back out.
The minimap stays in the corner.

┌─────────────────────┬──────────────────────────────┐
│ Planets             │ Island: Verdant              │
│ > Verdant    12     │   /\      .-~-.      /\      │
│   Ashfall     3     │  /  \    ( hut )    /  \     │
└─────────────────────┴──────────────────────────────┘

src/
├── map/
│   ├── planet_view.rs    (new)
│   └── mod.rs            zoom state
└── main.rs

Option         Load time   Memory   Effort
Two views      120 ms      40 MB    3 days
Split screen   180 ms      55 MB    5 days

About **300 lines**; the render loop is unchanged.
"#;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("first") => return print_first_render(false),
        Some("first-after-warm-up") => return print_first_render(true),
        Some("after-background-render") => {
            // A host prepaying off the key path: compiled patterns are shared process-wide.
            std::thread::spawn(|| render(PREVIEW, 80))
                .join()
                .expect("render thread");
            return print_first_render(false);
        }
        _ => {}
    }
    assert_eq!(PREVIEW.lines().count(), 40, "the preview is 40 lines");

    report(
        "syntect SyntaxSet::load_defaults_newlines",
        &repeat(50, true, || {
            black_box(SyntaxSet::load_defaults_newlines());
        }),
    );
    // Alternate the two kinds of child so drifting machine load affects both alike.
    let (mut cold, mut warmed, mut prepaid) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..60 {
        cold.extend(children("first", 1));
        warmed.extend(children("first-after-warm-up", 1));
        prepaid.extend(children("after-background-render", 1));
    }
    report("first render, fresh process (lazy load included)", &cold);
    report("first render after warm_up(), fresh process", &warmed);
    report(
        "render after one on another thread, fresh process",
        &prepaid,
    );

    warm_up();
    black_box(render(PREVIEW, 80));
    for width in [40, 80, 120] {
        report(
            &format!("render at {width} (syntect warm, no cache)"),
            &repeat(2000, true, || {
                black_box(render(PREVIEW, width));
            }),
        );
    }
    for width in [40, 80] {
        report(
            &format!("render drawings preview at {width}"),
            &repeat(2000, true, || {
                black_box(render(DRAWINGS, width));
            }),
        );
    }
    let mut cache = MarkdownCache::new();
    cache.get(PREVIEW, 80);
    report(
        "MarkdownCache::get hit at 80",
        &repeat(100_000, false, || {
            black_box(cache.get(PREVIEW, 80));
        }),
    );
    // Five widths in turn, one more than a source keeps: every get lays the cached document out
    // again at a new width, as after a resize.
    let mut width = 60;
    report(
        "MarkdownCache::get, same source at a new width",
        &repeat(2000, true, || {
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
    let (wall, cpu) = time(|| {
        black_box(render(PREVIEW, 80));
    });
    println!("{} {}", wall.as_nanos(), cpu.map_or(0, |c| c.as_nanos()));
}

/// Wall and on-CPU time of one call.
type Sample = (Duration, Option<Duration>);

fn time(f: impl FnOnce()) -> Sample {
    let cpu_start = thread_cpu_time();
    let start = Instant::now();
    f();
    let wall = start.elapsed();
    let cpu = thread_cpu_time()
        .zip(cpu_start)
        .map(|(end, start)| end.saturating_sub(start));
    (wall, cpu)
}

/// Time this thread has run on a CPU.
fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec for the duration of the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// Runs this binary `n` times in `mode` and collects the times each child printed.
fn children(mode: &str, n: usize) -> Vec<Sample> {
    let exe = std::env::current_exe().expect("own path");
    (0..n)
        .map(|_| {
            let out = Command::new(&exe).arg(mode).output().expect("child runs");
            let text = String::from_utf8_lossy(&out.stdout);
            let mut fields = text
                .split_whitespace()
                .map(|f| Duration::from_nanos(f.parse().expect("child prints nanoseconds")));
            let wall = fields.next().expect("wall time");
            let cpu = fields.next().filter(|c| !c.is_zero());
            (wall, cpu)
        })
        .collect()
}

/// Times `n` calls of `f` one by one, after a few warm-up calls. With `cpu`, each call also
/// records its CPU time (a clock read costs a little, so only for calls of microseconds or more).
fn repeat(n: usize, cpu: bool, mut f: impl FnMut()) -> Vec<Sample> {
    for _ in 0..n.min(20) {
        f();
    }
    (0..n)
        .map(|_| {
            if cpu {
                time(&mut f)
            } else {
                let start = Instant::now();
                f();
                (start.elapsed(), None)
            }
        })
        .collect()
}

fn report(what: &str, samples: &[Sample]) {
    let percentiles = |mut values: Vec<Duration>| {
        values.sort();
        let at = |p: f64| values[((values.len() - 1) as f64 * p).round() as usize];
        format!("p50 {:>9.1?} p99 {:>9.1?}", at(0.50), at(0.99))
    };
    let wall = percentiles(samples.iter().map(|s| s.0).collect());
    let cpu: Vec<Duration> = samples.iter().filter_map(|s| s.1).collect();
    let cpu = if cpu.len() == samples.len() {
        format!(" | cpu {}", percentiles(cpu))
    } else {
        String::new()
    };
    println!("{what:<50} n={:<6} wall {wall}{cpu}", samples.len());
}
