//! Latency of the inbox, release build:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench inbox
//! ```
//!
//! - key → frame in the list: ↓/↑ through the headless driver (its frame cache is dropped by
//!   the key), with 1 and with 1,000 questionnaires waiting, at 80x24 and 120x40: only the
//!   rows the window shows are built, so 1,000 should cost about what 1 does;
//! - key → frame with a questionnaire open in full (the inbox around `questionnaire::App`);
//! - the store's work the inbox does on its tasks: a poll that finds nothing changed (every
//!   50 ms) and a listing of 1,000 (when something changed, and once a second).

use std::hint::black_box;
use std::path::{Path, PathBuf};

mod support;

use ask_user_question::inbox::Inbox;
use ask_user_question_store::{Posting, Store, now_ms};
use serde_json::json;
use support::{Sample, measure, micros, press, report, stats};
use tea::driver::Driver;
use tea::input::{Event, KeyCode};
use tea::{Palette, Size};

const SAMPLES: usize = 5000;

struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The home folder the projects sit in (shown as `~`), named after a temporary folder.
fn home() -> String {
    std::env::temp_dir()
        .join("aq-bench-home")
        .display()
        .to_string()
}

fn store_with(waiting: usize) -> (Scratch, PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "aq-bench-inbox-{}-{waiting}-{}",
        std::process::id(),
        now_ms()
    ));
    let path = dir.join("state").join("inbox.sqlite3");
    let store = Store::open(&path).expect("the scratch store");
    for i in 0..waiting {
        let input = json!({"title": format!("Question {i}: which database for the billing service?"),
            "questions": [
                {"id": "db", "header": "Database", "prompt": "Which?", "options": [
                    {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
                {"id": "name", "header": "Name", "prompt": "Name?", "type": "text"}]});
        store
            .post(&Posting {
                host: if i % 2 == 0 { "Claude Code" } else { "pi" },
                project: &format!("{}/src/billing/services/api", home()),
                input: &input,
                pid: std::process::id(),
            })
            .expect("posted");
    }
    (Scratch(dir), path)
}

fn inbox(path: &Path, size: Size) -> Driver<Inbox> {
    let store = Store::open(path).expect("the store");
    let listed = store.list().expect("listed");
    let inbox = Inbox::new(store, std::process::id())
        .with_home(Some(&home()))
        .listing(&listed, now_ms());
    let mut driver = Driver::new(inbox, size, Palette::dark());
    driver.frame_ref();
    driver
}

fn key_to_frame(driver: &mut Driver<Inbox>, event: &Event) -> Sample {
    measure(|| {
        black_box(driver.send(event));
        black_box(driver.frame_ref().rows.len());
    })
}

/// Down `rows - 1` times and back up, over and over.
fn sweep(rows: usize) -> Vec<Event> {
    let mut keys = vec![press(KeyCode::Down); rows.saturating_sub(1).max(1)];
    keys.extend(vec![press(KeyCode::Up); rows.saturating_sub(1).max(1)]);
    keys
}

fn list_latency(waiting: usize, size: Size) {
    let (_scratch, path) = store_with(waiting);
    let mut driver = inbox(&path, size);
    let keys = sweep(waiting.min(200));
    let samples: Vec<Sample> = keys
        .iter()
        .cycle()
        .take(SAMPLES)
        .map(|event| key_to_frame(&mut driver, event))
        .collect();
    report(
        &format!("inbox key→frame {size}, {waiting} waiting"),
        &stats(&samples),
        micros,
        "",
    );
}

fn open_latency(size: Size) {
    let (_scratch, path) = store_with(1000);
    let mut driver = inbox(&path, size);
    driver.send(&press(KeyCode::Enter));
    assert!(
        driver.program().open_id().is_some(),
        "the questionnaire opened"
    );
    let keys = sweep(3);
    let samples: Vec<Sample> = keys
        .iter()
        .cycle()
        .take(SAMPLES)
        .map(|event| key_to_frame(&mut driver, event))
        .collect();
    report(
        &format!("inbox key→frame {size}, questionnaire open"),
        &stats(&samples),
        micros,
        "",
    );
}

fn store_work() {
    let (_scratch, path) = store_with(1000);
    let store = Store::open(&path).expect("the store");
    let polls: Vec<Sample> = (0..SAMPLES)
        .map(|_| {
            measure(|| {
                black_box(store.version().expect("version"));
            })
        })
        .collect();
    report("store poll, nothing changed", &stats(&polls), micros, "");
    let lists: Vec<Sample> = (0..200)
        .map(|_| measure(|| drop(black_box(store.list().expect("listed")))))
        .collect();
    report("store listing of 1000 waiting", &stats(&lists), micros, "");
}

fn main() {
    for size in [Size::new(80, 24), Size::new(120, 40)] {
        list_latency(1, size);
        list_latency(1000, size);
    }
    open_latency(Size::new(120, 40));
    store_work();
}
