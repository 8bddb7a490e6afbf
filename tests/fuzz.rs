//! Our own fuzzing, bounded so CI runs it every time: random questionnaires full of text that
//! width measures disagree on (tests/fixtures/hard-unicode.json) × random key scripts (`wait:`
//! included, which advances the driver's clock) × random
//! sizes from 1x1 to 250x80, through the headless driver the CLI's `--keys` replay uses.
//!
//! For every frame: no panic; every row fits its width by our measure, by a wcwidth-compatible
//! one (each character's own width, summed, as xterm and VTE draw) and by the C library's
//! `wcwidth` where the machine has a UTF-8 locale; plain rows hold no control character; coloured
//! rows hold only SGR and OSC 8 sequences. For every run: the result is valid JSON, its details
//! conform to the result's schema, and a cancel keeps every recorded answer.
//!
//! Scripts reach Ctrl+G (also as a byte 0x07 typed inside a token), so the external editor
//! runs as in a replay: one that writes hard text, one that fails and one that is not there.
//!
//! Contexts and previews hold lines aligned by tabs, and a fourth of the sizes are at most 12
//! columns wide: together they once made a frame that never finished. Each case runs against a
//! generous deadline, so such a hang fails the run instead of stalling it.
//!
//! `FUZZ_SEED=N` reruns one seed, `FUZZ_CASES=N` runs more (or fewer) cases. A failure prints
//! its seed; seeds that once failed are kept in `REGRESSIONS`.

use std::sync::{Arc, mpsc};
use std::time::Duration;

use proptest::prelude::*;
use question::Questionnaire;
use questionnaire::{App, Outcome, parse_script};
use serde_json::{Value, json};
use tea::driver::{Driver, TaskPolicy};
use tea::input::{Event, Step};
use tea::{Editor, ExecPolicy, Palette, Size};

/// The external editors a case's Ctrl+G runs: one that appends hard text (a line break and a
/// control character included), one that fails, one that is not there.
const EDITORS: &[&str] = &[
    "printf '日本 \\033[2J\\ne\\314\\201' >> ",
    "exit 3; : ",
    "ask-user-question-fuzz-no-such-editor",
];

/// Seeds that once failed, run first every time.
const REGRESSIONS: &[u64] = &[];

const DEFAULT_CASES: u64 = 800;
const KEYS_PER_CASE: usize = 40;
/// Far more than a case takes on a loaded machine: only a frame that never finishes reaches it.
const CASE_DEADLINE: Duration = Duration::from_secs(20);

fn hard_pieces() -> Vec<String> {
    let fixture: Value =
        serde_json::from_str(include_str!("fixtures/hard-unicode.json")).expect("fixture is JSON");
    fixture["classes"]
        .as_object()
        .expect("classes")
        .values()
        .flat_map(|list| list.as_array().expect("a list").iter())
        .map(|piece| piece.as_str().expect("a string").to_string())
        .collect()
}

/// SplitMix64: the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[self.below(list.len())]
    }
}

const WORDS: &[&str] = &[
    "plan",
    "tests",
    "ship it",
    "Ω",
    "日本",
    "a",
    "longer words here",
];

struct Generator {
    pieces: Vec<String>,
    rng: Rng,
}

impl Generator {
    fn text(&mut self, min: usize, max: usize) -> String {
        let mut out = String::new();
        for _ in 0..self.rng.range(min, max) {
            if self.rng.chance(60) {
                out.push_str(&self.pieces[self.rng.below(self.pieces.len())]);
            } else {
                out.push_str(self.rng.pick(WORDS));
            }
            if self.rng.chance(50) {
                out.push(' ');
            }
        }
        out
    }

    /// Never blank: a word first, so validation never refuses what only looks blank.
    fn label(&mut self, max: usize) -> String {
        let word = self.rng.pick(WORDS);
        format!("{word}{}", self.text(0, max))
    }

    fn markdown(&mut self) -> String {
        let mut blocks = Vec::new();
        for _ in 0..self.rng.range(1, 4) {
            blocks.push(match self.rng.below(7) {
                0 => format!("# {}", self.label(3)),
                1 => format!("- {}\n- [x] {}", self.label(3), self.label(3)),
                2 => format!(
                    "| {} | {} |\n|---|---|\n| {} | x |",
                    self.label(1),
                    self.label(1),
                    self.text(1, 3)
                ),
                3 => format!("```rust\nlet s = \"{}\";\n```", self.label(3)),
                4 => format!("> **{}** `{}`", self.label(2), self.label(1)),
                5 => self.tab_aligned(),
                _ => self.text(3, 20),
            });
        }
        blocks.join("\n\n")
    }

    /// Lines of cells set apart by tabs (so tab stops line them up, and the lines may read as a
    /// drawing), some indented: such lines at 4 and 8 columns once drew bands forever.
    fn tab_aligned(&mut self) -> String {
        let mut lines = Vec::new();
        for _ in 0..self.rng.range(2, 4) {
            let mut line = self.rng.pick(&["", "", "\t", "  "]).to_string();
            for _ in 0..self.rng.range(2, 4) {
                line.push_str(&self.text(1, 2));
                line.push_str(self.rng.pick(&["\t", " \t", "\t\t"]));
            }
            lines.push(line);
        }
        lines.join("\n")
    }

    fn questionnaire(&mut self) -> Value {
        let mut questions = Vec::new();
        for i in 0..self.rng.range(1, 4) {
            let kind = self.rng.pick(&["single", "multi", "text", "confirm"]);
            let mut q = json!({
                "id": format!("q{i}"),
                "header": self.label(2),
                "prompt": self.label(6),
                "type": kind,
            });
            if self.rng.chance(40) {
                q["context"] = json!(self.markdown().chars().take(400).collect::<String>());
            }
            if matches!(kind, "single" | "multi") {
                let options: Vec<Value> = (0..self.rng.range(1, 7))
                    .map(|j| {
                        let mut o = json!({ "value": format!("v{j}"), "label": self.label(4) });
                        if self.rng.chance(60) {
                            o["description"] = json!(self.label(8));
                        }
                        if self.rng.chance(50) {
                            o["preview"] = json!(self.markdown());
                        }
                        if self.rng.chance(20) {
                            o["recommended"] = json!(true);
                        }
                        o
                    })
                    .collect();
                q["options"] = json!(options);
            }
            questions.push(q);
        }
        let mut input = json!({ "questions": questions });
        if self.rng.chance(50) {
            input["title"] = json!(self.label(3));
        }
        if self.rng.chance(40) {
            input["labels"] = json!({ "submit": self.label(1), "yes": self.label(1) });
        }
        input
    }

    /// Key-script tokens (the CLI's `--keys` language, `wait:` included), typed hard text and
    /// pastes.
    fn steps(&mut self) -> Vec<Step> {
        const KEYS: &[&str] = &[
            "down",
            "down",
            "up",
            "tab",
            "shift+tab",
            "enter",
            "space",
            "left",
            "right",
            "esc",
            "backspace",
            "n",
            "p",
            "/",
            "/",
            "j",
            "k",
            "y",
            "1",
            "2",
            "ctrl+]",
            "alt+down",
            "alt+up",
            "home",
            "end",
            "pagedown",
            "shift+enter",
            "delete",
            "wait:250ms",
            "wait:2s",
            "wait:5m",
            "wait:1h",
            "wait:1m30s",
            "ctrl+g",
            "ctrl+g",
            "ctrl+r",
            "a\u{7}b",
        ];
        let mut steps = Vec::new();
        for _ in 0..KEYS_PER_CASE {
            match self.rng.below(10) {
                0..=6 => steps.extend(parse_script(self.rng.pick(KEYS)).expect("a key name")),
                7 | 8 => {
                    let piece: String = self.pieces[self.rng.below(self.pieces.len())]
                        .chars()
                        .filter(|c| !c.is_whitespace())
                        .collect();
                    if !piece.is_empty() {
                        let script = format!("text:{piece}");
                        steps.extend(parse_script(&script).expect("text token"));
                    }
                }
                _ => steps.push(Step::Event(Event::Paste(self.text(1, 5)))),
            }
        }
        steps
    }
}

/// Each character's own width, summed: what xterm and VTE advance the cursor by.
fn wcwidth_compatible(row: &str) -> usize {
    row.chars()
        .map(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(0))
        .sum()
}

/// The C library's `wcswidth`, when a UTF-8 locale is there to ask (`None` otherwise). A
/// character it does not know counts 1, as terminals draw one.
fn libc_width(row: &str) -> Option<usize> {
    static LOCALE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ready = *LOCALE
        .get_or_init(|| unsafe { !libc::setlocale(libc::LC_CTYPE, c"C.UTF-8".as_ptr()).is_null() });
    if !ready {
        return None;
    }
    unsafe extern "C" {
        fn wcwidth(c: libc::wchar_t) -> libc::c_int;
    }
    Some(
        row.chars()
            .map(|c| match unsafe { wcwidth(c as libc::wchar_t) } {
                n if n >= 0 => n as usize,
                _ => 1,
            })
            .sum(),
    )
}

/// The escape sequences a coloured row may carry: SGR (`ESC [ … m`) and OSC 8 links.
fn only_sgr_and_links(row: &str) -> Result<(), String> {
    let mut rest = row;
    while let Some(at) = rest.find(|c: char| c.is_control()) {
        let tail = &rest[at..];
        let len = if let Some(sgr) = tail.strip_prefix("\x1b[") {
            let end = sgr
                .find(|c: char| !(c.is_ascii_digit() || c == ';'))
                .ok_or("unterminated CSI")?;
            if !sgr[end..].starts_with('m') {
                return Err(format!(
                    "a CSI that is not SGR: {:?}",
                    &tail[..(end + 3).min(tail.len())]
                ));
            }
            2 + end + 1
        } else if let Some(link) = tail.strip_prefix("\x1b]8;") {
            let end = link.find("\x1b\\").ok_or("unterminated OSC 8")?;
            if link[..end].contains(|c: char| c.is_control()) {
                return Err("a control inside OSC 8".into());
            }
            4 + end + 2
        } else {
            return Err(format!("a control character {:?}", tail.chars().next()));
        };
        rest = &tail[len..];
    }
    Ok(())
}

fn check_frame(driver: &mut Driver<App>, size: Size, at: &str) -> Result<(), String> {
    let width = usize::from(size.width);
    let frame = driver.frame_ref();
    for (i, row) in frame.rows.iter().enumerate() {
        let ours = tea::text::width(&row.plain);
        let terminal = wcwidth_compatible(&row.plain);
        let libc = libc_width(&row.plain).unwrap_or(0);
        if ours.max(terminal).max(libc) > width {
            return Err(format!(
                "{at}: row {i} is {ours} by us, {terminal} wcwidth-compatible, {libc} by libc; \
                 the width is {width}: {:?}",
                row.plain
            ));
        }
        if row.plain.contains(|c: char| c.is_control()) {
            return Err(format!(
                "{at}: row {i} holds a control character: {:?}",
                row.plain
            ));
        }
        only_sgr_and_links(&row.ansi).map_err(|e| format!("{at}: row {i}: {e}: {:?}", row.ansi))?;
    }
    Ok(())
}

fn random_size(rng: &mut Rng) -> Size {
    match rng.below(4) {
        0 => Size::new(rng.range(1, 12) as u16, rng.range(1, 8) as u16),
        3 => Size::new(rng.range(120, 250) as u16, rng.range(30, 80) as u16),
        _ => Size::new(rng.range(1, 250) as u16, rng.range(1, 80) as u16),
    }
}

/// One seeded case; `Err` says what broke and where.
fn run_case(seed: u64, pieces: &[String]) -> Result<(), String> {
    let mut generator = Generator {
        pieces: pieces.to_vec(),
        rng: Rng(seed),
    };
    let input = generator.questionnaire();
    let questionnaire: Questionnaire = match question::validate(&input) {
        Ok(q) => q,
        Err(issues) => return Err(format!("the generator made an invalid input: {issues:?}")),
    };
    let steps = generator.steps();
    let rng = &mut generator.rng;
    let palette = if rng.chance(50) {
        Palette::dark()
    } else {
        Palette::no_color()
    };
    let mut size = random_size(rng);
    let mut app = App::new(questionnaire);
    // Half the cases are served as a web page too: the link in the footer, its QR code.
    if seed.is_multiple_of(2) {
        app = app.with_web_link(format!(
            "http://192.168.1.20:{}/{seed:032x}/",
            40000 + seed % 9999
        ));
    }
    let mut driver = Driver::with_policies(
        app,
        size,
        palette,
        TaskPolicy::Inline,
        ExecPolicy::Run(Editor::Command(rng.pick(EDITORS).to_owned())),
    );
    check_frame(&mut driver, size, "first frame")?;
    let mut outcome = None;
    for (k, step) in steps.iter().enumerate() {
        if rng.chance(10) {
            size = random_size(rng);
            driver.resize(size);
        }
        let cmd = driver.step(step);
        check_frame(
            &mut driver,
            size,
            &format!("after step {k} ({step:?}) at {size:?}"),
        )?;
        if let Some(done) = cmd.into_quit() {
            outcome = Some(done);
            break;
        }
    }
    let app = driver.program();
    let result = match &outcome {
        Some(outcome) => outcome.result().clone(),
        None => app.result(true),
    };
    let text = serde_json::to_string(&result.to_json()).map_err(|e| e.to_string())?;
    let parsed: Value = serde_json::from_str(&text).map_err(|e| format!("result JSON: {e}"))?;
    if !parsed["content"].is_string() || !parsed["details"].is_object() {
        return Err(format!("result has no content or details: {text}"));
    }
    question::conforms(&parsed["details"], &question::result_schema())
        .map_err(|violation| format!("the details break the result's schema: {violation}"))?;
    if !matches!(outcome, Some(Outcome::Submitted(_))) {
        // A cancel (Esc, Ctrl+C, a signal) keeps every recorded answer.
        let kept = app.result(false).to_json();
        if parsed["details"]["answers"] != kept["details"]["answers"] {
            return Err(format!(
                "the cancel lost answers: {} vs {}",
                parsed["details"]["answers"], kept["details"]["answers"]
            ));
        }
    }
    Ok(())
}

/// [`run_case`] on a thread of its own. A case past [`CASE_DEADLINE`] ends the whole test
/// process, naming its seed: a thread cannot be stopped, and a stuck frame keeps eating memory.
fn run_in_time(seed: u64, pieces: &Arc<Vec<String>>) -> Result<(), String> {
    let (tx, rx) = mpsc::channel();
    let pieces = Arc::clone(pieces);
    std::thread::spawn(move || {
        let run = std::panic::catch_unwind(|| run_case(seed, &pieces));
        let _ = tx.send(run.unwrap_or_else(|_| Err("panicked".to_string())));
    });
    match rx.recv_timeout(CASE_DEADLINE) {
        Ok(result) => result,
        Err(mpsc::RecvTimeoutError::Disconnected) => Err("panicked".to_string()),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Past the test harness's capture, which exiting would drop.
            let message = format!(
                "seed {seed}: did not finish in {CASE_DEADLINE:?} (rerun it with FUZZ_SEED={seed})\n"
            );
            let _ = std::io::Write::write_all(&mut std::io::stderr(), message.as_bytes());
            std::process::exit(101);
        }
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().map(|v| {
        v.parse()
            .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
    })
}

#[test]
fn random_questionnaires_keys_and_sizes_keep_every_frame_sound() {
    let pieces = hard_pieces();
    let seeds: Vec<u64> = match env_number("FUZZ_SEED") {
        Some(seed) => vec![seed],
        None => {
            let cases = env_number("FUZZ_CASES").unwrap_or(DEFAULT_CASES);
            REGRESSIONS.iter().copied().chain(1..=cases).collect()
        }
    };
    let pieces = Arc::new(pieces);
    let failures: Vec<String> = seeds
        .iter()
        .filter_map(|&seed| match run_in_time(seed, &pieces) {
            Ok(()) => None,
            Err(what) => Some(format!("seed {seed}: {what}")),
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed (rerun one with FUZZ_SEED=N):\n{}",
        failures.len(),
        seeds.len(),
        failures.join("\n")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The same checks on text proptest shrinks: one label at every width.
    #[test]
    fn one_hard_label_fits_every_width(
        picks in proptest::collection::vec(0usize..1000, 1..8),
        width in 1u16..=250,
        height in 1u16..=40,
    ) {
        let pieces = hard_pieces();
        let label: String = picks.iter().map(|&i| pieces[i % pieces.len()].as_str()).collect();
        let input = json!({ "questions": [{
            "id": "q", "header": format!("h{label}"), "prompt": format!("p{label}"),
            "options": [{ "value": "a", "label": format!("a{label}"), "description": label,
                          "preview": format!("# {label}\n\n{label}") }, { "value": "b", "label": "b" }]
        }]});
        let questionnaire = question::validate(&input).expect("valid");
        let size = Size::new(width, height);
        let mut driver = Driver::new(App::new(questionnaire), size, Palette::dark());
        let checked = check_frame(&mut driver, size, "first frame");
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
        driver.step(&parse_script("down").unwrap()[0]);
        let checked = check_frame(&mut driver, size, "after down");
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}
