//! Real-shaped calls, generated: 2–4 options whose descriptions run 100–250 characters and
//! prompts of up to 400, as models send them (one to three questions a call). Every question tab's
//! first frame is checked against the targets of docs/behaviour.md#options-and-free-text: in
//! the CLI every option and "Type something." show at 80x24 in at least 9 tabs in 10 and at
//! 120x40 always; at every size and in both hosts no item is hidden without a count; moving the
//! cursor moves nothing above the list; a prompt taller than its rows can be read in full.

use questionnaire::{App, HeightLimit};
use serde_json::{Value, json};
use tea::driver::Driver;
use tea::input::parse_script;
use tea::{Palette, Size};

const WORDS: &[&str] = &[
    "the",
    "service",
    "writes",
    "every",
    "request",
    "to",
    "a",
    "queue",
    "and",
    "retries",
    "failed",
    "jobs",
    "after",
    "five",
    "minutes",
    "which",
    "keeps",
    "latency",
    "low",
    "but",
    "costs",
    "one",
    "more",
    "moving",
    "part",
    "in",
    "production",
    "we",
    "could",
    "also",
    "move",
    "the",
    "schema",
    "first",
    "so",
    "that",
    "reviews",
    "stay",
    "small",
    "migration",
    "tests",
    "cache",
    "tokens",
    "deploy",
    "rollback",
    "window",
    "owners",
    "dashboards",
    "alerts",
];

/// A small deterministic generator (xorshift), so the set is the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn range(&mut self, low: usize, high: usize) -> usize {
        low + (self.next() % (high - low + 1) as u64) as usize
    }

    /// Words of `low..=high` characters in all, as a sentence.
    fn text(&mut self, low: usize, high: usize) -> String {
        let chars = self.range(low, high);
        let mut text = String::new();
        while text.len() < chars {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(WORDS[self.range(0, WORDS.len() - 1)]);
        }
        let mut text = text[..1].to_uppercase() + &text[1..];
        text.push('.');
        text
    }
}

fn call(rng: &mut Rng) -> Value {
    let questions: Vec<Value> = (0..rng.range(1, 3))
        .map(|q| {
            let options: Vec<Value> = (0..rng.range(2, 4))
                .map(|o| {
                    let label = rng.text(8, 36);
                    let description = rng.text(100, 250);
                    json!({"label": format!("{}{label}", o + 1), "description": description})
                })
                .collect();
            let prompt = rng.text(60, 400);
            json!({
                "question": prompt,
                "header": format!("Q{}", q + 1),
                "multiSelect": rng.range(0, 3) == 0,
                "options": options,
            })
        })
        .collect();
    json!({ "questions": questions })
}

fn calls() -> Vec<Value> {
    let mut rng = Rng(0x5eed_1234_abcd);
    (0..120).map(|_| call(&mut rng)).collect()
}

fn driver(input: &Value, size: Size, limit: HeightLimit) -> Driver<App> {
    let questionnaire = question::validate(input).expect("a valid call");
    let app = App::new(questionnaire).with_height_limit(limit);
    Driver::new(app, size, Palette::no_color())
}

fn press(driver: &mut Driver<App>, keys: &str) {
    for step in parse_script(keys).expect("keys") {
        assert!(
            driver.step(&step).into_quit().is_none(),
            "ended on {keys:?}"
        );
    }
}

fn rows(driver: &mut Driver<App>) -> Vec<String> {
    driver.frame().plain().to_vec()
}

/// The options (and "Type something.") of `question` that have a row in the frame, by their
/// numbers: an option's first row reads "N. ( )" or "N. [ ]".
fn shown_numbers(rows: &[String], items: usize) -> Vec<usize> {
    (1..=items)
        .filter(|n| {
            let marks = [format!(" {n}. ( )"), format!(" {n}. [ ]")];
            rows.iter().any(|row| marks.iter().any(|m| row.contains(m)))
        })
        .collect()
}

/// The items a list's counter row says are hidden: "↑ 2 more  ↓ 3 more" alone on its row.
fn counted(rows: &[String]) -> usize {
    rows.iter()
        .map(|row| row.trim_matches(|c: char| c == '│' || c == ' '))
        .filter(|row| row.starts_with('↑') || row.starts_with('↓'))
        .map(|row| {
            row.split("more")
                .filter_map(|part| {
                    part.trim()
                        .trim_start_matches(['↑', '↓'])
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
                .sum::<usize>()
        })
        .sum()
}

/// Each question tab's first frame, with its number of items, at `size`.
fn first_frames(input: &Value, size: Size, limit: HeightLimit) -> Vec<(Vec<String>, usize)> {
    let mut driver = driver(input, size, limit);
    let questions = input["questions"].as_array().expect("questions");
    questions
        .iter()
        .enumerate()
        .map(|(q, question)| {
            if q > 0 {
                press(&mut driver, "tab");
            }
            let items = question["options"].as_array().map_or(0, Vec::len) + 1;
            (rows(&mut driver), items)
        })
        .collect()
}

#[test]
fn the_cli_shows_every_option_in_nine_first_frames_in_ten_at_80x24_and_all_at_120x40() {
    for (size, target) in [(Size::new(80, 24), 0.9), (Size::new(120, 40), 1.0)] {
        let (mut tabs, mut whole) = (0, 0);
        let mut short = Vec::new();
        for (c, input) in calls().iter().enumerate() {
            for (q, (frame, items)) in first_frames(input, size, HeightLimit::FULL)
                .into_iter()
                .enumerate()
            {
                tabs += 1;
                if shown_numbers(&frame, items).len() == items {
                    whole += 1;
                } else {
                    short.push(format!("call {c} question {q}:\n{}", frame.join("\n")));
                }
            }
        }
        let share = whole as f64 / tabs as f64;
        eprintln!("{size}: {whole} of {tabs} question tabs show every option");
        assert!(
            share >= target,
            "{size}: {whole} of {tabs} tabs show every option; first misses:\n{}",
            short
                .iter()
                .take(2)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n\n")
        );
    }
}

#[test]
fn no_item_is_hidden_without_a_count_at_any_size_in_either_host() {
    let sizes = ["30x8", "40x12", "60x16", "80x24", "100x30", "120x40"];
    for limit in [HeightLimit::FULL, HeightLimit::SHARE] {
        for size in sizes {
            let (w, h) = size.split_once('x').unwrap();
            let size = Size::new(w.parse().unwrap(), h.parse().unwrap());
            for (c, input) in calls().iter().enumerate() {
                for (q, (frame, items)) in first_frames(input, size, limit).into_iter().enumerate()
                {
                    let hidden = items - shown_numbers(&frame, items).len();
                    assert_eq!(
                        counted(&frame),
                        hidden,
                        "{size} {limit:?}, call {c} question {q}: {hidden} hidden\n{}",
                        frame.join("\n")
                    );
                }
            }
        }
    }
}

#[test]
fn moving_the_cursor_moves_nothing_above_the_list() {
    for size in [Size::new(40, 12), Size::new(80, 24), Size::new(120, 40)] {
        for limit in [HeightLimit::FULL, HeightLimit::SHARE] {
            for input in calls().iter().take(40) {
                let mut driver = driver(input, size, limit);
                let before = rows(&mut driver);
                let list_starts = |rows: &[String]| {
                    rows.iter()
                        .position(|row| row.contains(" 1. ( )") || row.contains(" 1. [ ]"))
                };
                let Some(top) = list_starts(&before) else {
                    continue;
                };
                for keys in ["down", "down", "end", "home"] {
                    press(&mut driver, keys);
                    let after = rows(&mut driver);
                    assert_eq!(after.len(), before.len(), "{size}: the height changed");
                    assert_eq!(
                        after[..top],
                        before[..top],
                        "{size} {limit:?} after {keys}:\n{}\n\n{}",
                        before.join("\n"),
                        after.join("\n")
                    );
                }
            }
        }
    }
}

#[test]
fn a_prompt_taller_than_its_rows_is_read_in_full_with_alt_down() {
    let size = Size::new(40, 12);
    // The frame's border and padding take 4 of the 40 columns.
    let columns = 36;
    for input in calls().iter().take(40) {
        let prompt = input["questions"][0]["question"].as_str().unwrap();
        let mut driver = driver(input, size, HeightLimit::FULL);
        let mut seen = Vec::new();
        for _ in 0..40 {
            seen.extend(rows(&mut driver));
            press(&mut driver, "alt+down");
        }
        for row in tea::text::wrap(prompt, columns) {
            assert!(
                seen.iter().any(|shown| shown.contains(&row)),
                "the prompt's row {row:?} never showed whole:\n{}",
                seen.join("\n")
            );
        }
    }
}
