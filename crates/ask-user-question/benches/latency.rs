//! Latency of the questionnaire over `assets/bench/reference.json` (4 questions, 40-line
//! markdown previews with code blocks), release build:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench latency
//! ```
//!
//! - key → frame: one key through the keymap and `update`, then `view` and the rows of the
//!   frame, through the headless driver (its frame cache is dropped by the key), on every tab
//!   at 80x24 and 120x40; previews are rendered once before sampling (steady state), and the
//!   first view of each preview is reported on its own;
//! - an unchanged re-render: the driver's cached frame, and `view` + rows with no cache;
//! - the first frame showing a highlighted code block, cold: measured in a fresh process (this
//!   benchmark re-runs itself), from before the questionnaire is built to the frame, so it
//!   includes loading syntect's syntax set; the syntect load is also timed on its own;
//! - CLI start to first frame: `ask-user-question render reference.json --size 120x40` from
//!   spawn to exit (the frame printed), many runs; and the interactive run
//!   (`ask-user-question < reference.json` on a 120x40 pseudo-terminal that answers the startup
//!   queries at once, as terminals do) from spawn to the frame's last row on the terminal;
//!   with `ASK_USER_QUESTION_BENCH_BEFORE=<another build>` that build is timed alongside.
//!
//! `cargo bench -p ask-user-question --bench latency -- start` measures only the start-up.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;

use questionnaire::App;
use support::{
    Sample, key_to_frame, measure, micros, millis, open_pty, press, read_terminal_until, report,
    report_wall, spawn_on_pty, stats, stats_of,
};
use tea::driver::Driver;
use tea::input::{Event, KeyCode};
use tea::{Palette, Program, Size};

/// Set in the environment of a child run of this benchmark to take one cold measurement.
const PROBE: &str = "ASK_USER_QUESTION_BENCH_PROBE";

const SAMPLES_PER_TAB: usize = 5000;
const COLD_RUNS: usize = 40;
const CLI_RUNS: usize = 60;

fn reference_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/bench/reference.json")
}

fn reference() -> question::Questionnaire {
    let text = std::fs::read_to_string(reference_path()).expect("assets/bench/reference.json");
    let value = serde_json::from_str(&text).expect("reference.json is JSON");
    question::validate(&value).expect("reference.json is valid")
}

/// Down to the last row and back up, over and over: the keys of one sweep.
fn sweep(rows: usize) -> Vec<Event> {
    let mut keys = vec![press(KeyCode::Down); rows.saturating_sub(1)];
    keys.extend(vec![press(KeyCode::Up); rows.saturating_sub(1)]);
    keys
}

fn key_latency(size: Size) {
    let questionnaire = reference();
    let tabs = questionnaire.questions.len() + 1;
    let rows_of = |tab: usize| match questionnaire.questions.get(tab) {
        // Options, then "Type something.".
        Some(q) => q.options.len() + 1,
        // Review: the questions, Submit, Cancel.
        None => questionnaire.questions.len() + 2,
    };
    let rows: Vec<usize> = (0..tabs).map(rows_of).collect();
    let mut driver = Driver::new(App::new(questionnaire), size, Palette::dark());
    driver.frame_ref();
    let mut first_views = Vec::new();
    let mut all = Vec::new();
    for (tab, &tab_rows) in rows.iter().enumerate() {
        if tab > 0 {
            // Entering a tab shows its first option's preview for the first time.
            first_views.push(key_to_frame(&mut driver, &press(KeyCode::Tab)));
        }
        let keys = sweep(tab_rows);
        // The first sweep shows every other preview for the first time.
        for event in &keys {
            first_views.push(key_to_frame(&mut driver, event));
        }
        let samples: Vec<Sample> = keys
            .iter()
            .cycle()
            .take(SAMPLES_PER_TAB)
            .map(|event| key_to_frame(&mut driver, event))
            .collect();
        all.extend_from_slice(&samples);
        let name = match tab {
            t if t < tabs - 1 => format!("key→frame {size} tab {} (previews)", t + 1),
            _ => format!("key→frame {size} Review"),
        };
        let target = if size.width == 120 {
            "   target p50 ≤ 250 µs, p99 ≤ 1 ms"
        } else {
            ""
        };
        report(&name, &stats(&samples), micros, target);
    }
    report(
        &format!("key→frame {size} all tabs"),
        &stats(&all),
        micros,
        "",
    );
    report(
        &format!("key→frame {size} first view of each preview"),
        &stats(&first_views),
        micros,
        "",
    );
}

/// Keys at 120x40 over every tab for a few seconds, untimed: a steady loop to run under a
/// profiler (`ASK_USER_QUESTION_BENCH_PROBE=keys perf record …`).
fn probe_keys() {
    tea_markdown::warm_up();
    let questionnaire = reference();
    let tabs = questionnaire.questions.len() + 1;
    let mut driver = Driver::new(App::new(questionnaire), Size::new(120, 40), Palette::dark());
    let keys = sweep(8);
    for _ in 0..tabs {
        for event in &keys {
            black_box(driver.send(event));
            black_box(driver.frame_ref().rows.len());
        }
        black_box(driver.send(&press(KeyCode::Tab)));
    }
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        for event in keys.iter().chain([&press(KeyCode::Tab)]) {
            black_box(driver.send(event));
            black_box(driver.frame_ref().rows.len());
        }
    }
}

fn unchanged_rerender(size: Size) {
    let mut driver = Driver::new(App::new(reference()), size, Palette::dark());
    driver.frame_ref();
    let cached: Vec<Sample> = (0..SAMPLES_PER_TAB)
        .map(|_| {
            measure(|| {
                black_box(driver.frame_ref().rows.len());
            })
        })
        .collect();
    report(
        &format!("unchanged re-render {size} (driver cache)"),
        &stats(&cached),
        micros,
        "   target ≤ 10 µs",
    );
    let cloned: Vec<Sample> = (0..SAMPLES_PER_TAB)
        .map(|_| measure(|| drop(black_box(driver.frame()))))
        .collect();
    report(
        &format!("unchanged re-render {size} (cached, cloned)"),
        &stats(&cloned),
        micros,
        "",
    );
    let palette = Palette::dark();
    let app = driver.program();
    let uncached: Vec<Sample> = (0..SAMPLES_PER_TAB)
        .map(|_| measure(|| drop(black_box(tea::draw(&app.view(), size, &palette)))))
        .collect();
    report(
        &format!("unchanged view+rows {size} (no frame cache)"),
        &stats(&uncached),
        micros,
        "",
    );
}

/// The dark palette's keyword color, as the frame writes it: a highlighted code block shows it.
const KEYWORD_SGR: &str = "38;2;86;156;214";

fn shows_highlighted_code(driver: &mut Driver<App>) -> bool {
    driver
        .frame_ref()
        .rows
        .iter()
        .any(|row| row.ansi.contains(KEYWORD_SGR))
}

/// In a fresh process (nothing loaded, syntect included): the questionnaire built at 120x40,
/// its first frame, then PageDown in the first option's preview until a frame shows its Rust
/// code block highlighted (the 17-row panel shows 8 preview rows; the block starts at row 13).
/// Prints the nanoseconds from before `App::new` to that frame, and the PageDowns it took.
fn probe_first_frame() {
    let questionnaire = reference();
    let size = Size::new(120, 40);
    let page_down = press(KeyCode::PageDown);
    let start = Instant::now();
    let mut driver = Driver::new(App::new(questionnaire), size, Palette::dark());
    let mut pages = 0;
    while !shows_highlighted_code(&mut driver) {
        assert!(pages < 20, "no frame shows highlighted code");
        driver.send(&page_down);
        pages += 1;
    }
    let elapsed = start.elapsed();
    println!("{} {pages}", elapsed.as_nanos());
}

/// In a fresh process: loading syntect's syntax set alone.
fn probe_syntect_load() {
    let start = Instant::now();
    tea_markdown::warm_up();
    println!("{} 0", start.elapsed().as_nanos());
}

fn cold_runs(probe: &str) -> Vec<Duration> {
    let me = std::env::current_exe().expect("the benchmark's own path");
    (0..COLD_RUNS)
        .map(|_| {
            let output = Command::new(&me)
                .env(PROBE, probe)
                .stderr(Stdio::inherit())
                .output()
                .expect("the benchmark runs itself");
            assert!(output.status.success(), "probe {probe} failed");
            let printed = String::from_utf8_lossy(&output.stdout).into_owned();
            let (nanos, pages) = printed.trim().split_once(' ').expect("nanos pages");
            let nanos: u64 = nanos.parse().expect("the probe prints nanoseconds");
            if probe == "first-frame" && pages != "2" {
                eprintln!("note: the code block showed after {pages} PageDowns");
            }
            Duration::from_nanos(nanos)
        })
        .collect()
}

fn cold_first_frame() {
    report_wall(
        "first highlighted frame 120x40 (new process)",
        &stats_of(cold_runs("first-frame")),
        millis,
        "   target ≤ 16 ms",
    );
    report_wall(
        "  syntect syntax set load alone (new process)",
        &stats_of(cold_runs("syntect-load")),
        millis,
        "",
    );
}

fn cli_start_to_first_frame() {
    let binary = env!("CARGO_BIN_EXE_ask-user-question");
    let reference = reference_path();
    let samples: Vec<Duration> = (0..CLI_RUNS)
        .map(|_| {
            let start = Instant::now();
            let output = Command::new(binary)
                .args(["render", reference.to_str().unwrap(), "--size", "120x40"])
                .args(["--ansi"])
                .stdin(Stdio::null())
                .output()
                .expect("the CLI runs");
            let elapsed = start.elapsed();
            assert!(output.status.success(), "render failed");
            assert!(!output.stdout.is_empty());
            elapsed
        })
        .collect();
    report_wall(
        "CLI start→first frame (render 120x40 --ansi)",
        &stats_of(samples),
        millis,
        "   target ≤ 20 ms",
    );
}

/// Another build of the CLI to time next to this one (`ASK_USER_QUESTION_BENCH_BEFORE=<path>`):
/// runs alternate between the two, so drifting machine load affects both alike.
const BEFORE: &str = "ASK_USER_QUESTION_BENCH_BEFORE";

fn interactive_start_to_first_frame() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_ask-user-question"));
    let before = std::env::var_os(BEFORE).map(PathBuf::from);
    let input = std::fs::read(reference_path()).expect("reference.json");
    let (mut samples, mut before_samples) = (Vec::new(), Vec::new());
    for _ in 0..CLI_RUNS {
        samples.push(interactive_first_frame(&binary, &input));
        if let Some(before) = &before {
            before_samples.push(interactive_first_frame(before, &input));
        }
    }
    report_wall(
        "CLI start→first frame (interactive, pty 120x40)",
        &stats_of(samples),
        millis,
        "   target ≤ 20 ms",
    );
    if let Some(before) = before {
        report_wall(
            &format!("  the same, {}", before.display()),
            &stats_of(before_samples),
            millis,
            "",
        );
    }
}

/// From spawning `binary` on a 120x40 pseudo-terminal to its first frame's last row there.
fn interactive_first_frame(binary: &Path, input: &[u8]) -> Duration {
    use std::io::Write;
    let (mut master, slave) = open_pty(Size::new(120, 40));
    let mut command = Command::new(binary);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .env_remove("NO_COLOR");
    let start = Instant::now();
    let mut child = spawn_on_pty(&mut command, slave);
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input)
        .expect("the CLI reads its input");
    let mut seen = Vec::new();
    // The frame is drawn in one synchronized update; its bottom border is its last row.
    read_terminal_until(&mut master, &mut seen, |s| {
        String::from_utf8_lossy(s).contains('╰')
    });
    let elapsed = start.elapsed();
    master.write_all(b"\x03").expect("Ctrl+C");
    // Keep reading, so the CLI's last writes never wait on a full terminal buffer.
    read_terminal_until(&mut master, &mut seen, |_| false);
    let status = child.wait().expect("the CLI ends");
    assert_eq!(status.code(), Some(130), "Ctrl+C cancels");
    elapsed
}

fn main() {
    match std::env::var(PROBE).as_deref() {
        Ok("first-frame") => return probe_first_frame(),
        Ok("syntect-load") => return probe_syntect_load(),
        Ok("keys") => return probe_keys(),
        Ok(other) => panic!("unknown probe {other}"),
        Err(_) => {}
    }
    // `cargo bench` passes `--bench`; `start` measures only the start-up (the last three).
    println!("reference: {}", reference_path().display());
    if std::env::args().any(|arg| arg == "start") {
        cold_first_frame();
        cli_start_to_first_frame();
        interactive_start_to_first_frame();
        return;
    }
    // Warm the syntax set once, so key latencies are steady-state.
    tea_markdown::warm_up();
    for size in [Size::new(80, 24), Size::new(120, 40)] {
        key_latency(size);
    }
    for size in [Size::new(80, 24), Size::new(120, 40)] {
        unchanged_rerender(size);
    }
    cold_first_frame();
    cli_start_to_first_frame();
    interactive_start_to_first_frame();
}
