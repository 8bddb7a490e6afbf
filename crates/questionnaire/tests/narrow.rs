//! Narrow terminals and text laid out with tabs: every frame is drawn, and drawn in time.
//!
//! A context of two tab-aligned lines holding a three-column conjunct (क्षि) once made the
//! frame at 8 columns never finish (a verbatim band too narrow for the cluster beside its
//! markers took nothing, forever). The frames are drawn as `ask-user-question render` and pi's
//! session draw them, through the headless driver, each on a thread with a generous deadline,
//! so a loop that stops moving fails the run instead of hanging it.

mod common;

use std::sync::mpsc;
use std::time::Duration;

use common::questionnaire;
use proptest::prelude::*;
use questionnaire::{App, HeightLimit};
use serde_json::{Value, json};
use tea::driver::Driver;
use tea::input::parse_key_script;
use tea::{Palette, Size};

/// Far more than any frame here takes on a loaded machine; only a hang reaches it.
const DEADLINE: Duration = Duration::from_secs(10);

/// Runs `work` on a thread of its own and returns its result. Past the deadline the whole test
/// process ends, naming `what`: a thread cannot be stopped, a stuck one keeps eating memory, and
/// proptest would shrink the case with more of them.
fn within_deadline<T: Send + 'static>(
    what: String,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    match rx.recv_timeout(DEADLINE) {
        Ok(value) => value,
        // The worker panicked: its message is printed already.
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what} panicked"),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            // Past the test harness's capture, which exiting would drop.
            let message = format!("{what} did not finish in {DEADLINE:?}\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr(), message.as_bytes());
            std::process::exit(101);
        }
    }
}

/// The rows of `driver`'s frame that are wider than `width`, with their widths.
fn too_wide(driver: &mut Driver<App>, width: u16) -> Vec<(usize, String)> {
    driver
        .frame_ref()
        .rows
        .iter()
        .map(|row| (tea::text::width(&row.plain), row.plain.clone()))
        .filter(|(w, _)| *w > usize::from(width))
        .collect()
}

/// The questionnaire the fuzz found, reduced.
fn tab_aligned_context() -> Value {
    json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick",
        "context": "M\tp\ntionक्षिapi-replabel \tم",
        "options": [{"value": "x", "label": "x"}, {"value": "y", "label": "y"}]}]})
}

#[test]
fn the_tab_aligned_context_renders_at_every_size_up_to_40x24() {
    for limit in [HeightLimit::FULL, HeightLimit::SHARE] {
        for width in 1..=40u16 {
            // One thread per width: a hang names its width.
            let wide = within_deadline(format!("{width} columns, {limit:?}"), move || {
                let mut wide = Vec::new();
                for height in 1..=24u16 {
                    let size = Size::new(width, height);
                    let app =
                        App::new(questionnaire(tab_aligned_context())).with_height_limit(limit);
                    let mut driver = Driver::new(app, size, Palette::no_color());
                    wide.extend(
                        too_wide(&mut driver, width)
                            .into_iter()
                            .map(|r| (height, r)),
                    );
                }
                wide
            });
            assert!(wide.is_empty(), "{width} columns, {limit:?}: {wide:?}");
        }
    }
}

#[test]
fn a_resize_through_the_narrow_widths_draws_every_frame() {
    // As in a terminal dragged narrower and back: one questionnaire, many sizes in turn.
    within_deadline("resizing".to_string(), || {
        let size = Size::new(40, 24);
        let app = App::new(questionnaire(tab_aligned_context()));
        let mut driver = Driver::new(app, size, Palette::no_color());
        for width in (1..=40).rev().chain(1..=40) {
            driver.resize(Size::new(width, 24));
            assert_eq!(too_wide(&mut driver, width), vec![], "{width} columns");
        }
    });
}

/// Pieces whose clusters are one to four columns wide (क्षि three, स्त्रि four), joined or not.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z-]{1,8}",
        Just("क्षि".to_string()),
        Just("क्षत्रिय".to_string()),
        Just("स्त्रि".to_string()),
        Just("म".to_string()),
        Just("مرحبا".to_string()),
        Just("م".to_string()),
        Just("日本語".to_string()),
        Just("한국어".to_string()),
        Just("e\u{301}".to_string()),
        Just("👨\u{200d}👩\u{200d}👧".to_string()),
        Just("┌─┐".to_string()),
        Just("/\\_".to_string()),
    ]
}

/// A line of pieces set apart by tabs, spaces or both (so tab stops line them up), maybe
/// indented by spaces or a tab.
fn line() -> impl Strategy<Value = String> {
    let gap = prop_oneof![
        Just("\t"),
        Just("\t\t"),
        Just(" \t"),
        Just(" "),
        Just("   ")
    ];
    let indent = prop_oneof![Just(""), Just(""), Just("  "), Just("    "), Just("\t")];
    (indent, prop::collection::vec((piece(), gap), 1..5)).prop_map(|(indent, pieces)| {
        let mut line = indent.to_string();
        for (piece, gap) in pieces {
            line.push_str(&piece);
            line.push_str(gap);
        }
        line
    })
}

/// Lines in groups, sometimes a blank line between: groups of tab-aligned lines read as
/// drawings, others as prose or indented code.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec((line(), prop::bool::weighted(0.2)), 1..6).prop_map(|lines| {
        let mut out = String::new();
        for (line, blank_after) in lines {
            out.push_str(&line);
            out.push_str(if blank_after { "\n\n" } else { "\n" });
        }
        out
    })
}

fn narrow_size() -> impl Strategy<Value = Size> {
    (
        1u16..=12,
        prop_oneof![Just(1u16), Just(2), Just(4), Just(8), Just(12), Just(24)],
    )
        .prop_map(|(w, h)| Size::new(w, h))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Tab-aligned lines and wide clusters in every text the questionnaire draws, at narrow
    /// sizes: the first frame, a resize, a key or two; each frame finishes and fits.
    #[test]
    fn narrow_frames_of_tabbed_wide_text_finish_and_fit(
        context in text(),
        prompt in text(),
        label in line(),
        description in text(),
        preview in text(),
        first in narrow_size(),
        then in narrow_size(),
        full in any::<bool>(),
    ) {
        let input = json!({"questions": [{"id": "a", "header": "Tabs", "prompt": prompt,
            "context": context,
            "options": [
                {"value": "x", "label": format!("x{label}"), "description": description,
                 "preview": preview},
                {"value": "y", "label": "y"}]}]});
        let limit = if full { HeightLimit::FULL } else { HeightLimit::SHARE };
        let wide = within_deadline(format!("{first:?} then {then:?}: {input}"), move || {
            let app = App::new(questionnaire(input)).with_height_limit(limit);
            let mut driver = Driver::new(app, first, Palette::no_color());
            let mut wide = too_wide(&mut driver, first.width);
            driver.resize(then);
            wide.extend(too_wide(&mut driver, then.width));
            // The preview opened below or beside, then the next option.
            for event in parse_key_script("p down").expect("keys") {
                driver.send(&event);
                wide.extend(too_wide(&mut driver, then.width));
            }
            wide
        });
        prop_assert!(wide.is_empty(), "{:?}", wide);
    }
}
