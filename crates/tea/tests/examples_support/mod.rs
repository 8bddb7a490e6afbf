//! What the example tests share: replaying a script (keys and `wait:`s) in the headless
//! driver, comparing the frame with a reviewed snapshot in `examples/snapshots/`, and random
//! scripts for the property tests.

#![allow(dead_code)] // each test binary uses part of it

use std::path::{Path, PathBuf};
use std::time::Duration;

use proptest::prelude::*;
use tea::input::{Step, parse_script};
use tea::snapshot::{check_frame, orphan_snapshots};
use tea::{Driver, Effects, Program, Size};

/// An example's snapshots: `examples/snapshots/{example}/` (the picker's are the files
/// directly in `examples/snapshots/`).
pub fn snapshot_dir(example: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/snapshots")
        .join(example)
}

/// Runs every step of `script` and returns every effect the program asked for.
pub fn replay<P: Program>(driver: &mut Driver<P>, script: &str) -> Effects<P::Output> {
    let mut all = Effects::default();
    for step in parse_script(script).expect("a valid script") {
        all.extend(driver.step(&step));
    }
    all
}

/// A screen: a name, a script, the sizes it is kept at, and whether the slot-tagged form is
/// kept too.
pub struct Case {
    pub name: &'static str,
    pub script: &'static str,
    pub sizes: &'static [(u16, u16)],
    pub styled: bool,
}

pub const fn case(name: &'static str, script: &'static str, sizes: &'static [(u16, u16)]) -> Case {
    Case {
        name,
        script,
        sizes,
        styled: false,
    }
}

/// Checks each case at each size against `examples/snapshots/{example}/{name}@{w}x{h}.txt`
/// and fails on a mismatch or on a file of this example that no case produced.
pub fn check_cases<P: Program>(
    example: &str,
    cases: &[Case],
    start: impl FnMut(Size) -> Driver<P>,
) {
    let produced = check_screens(example, cases, start);
    assert_no_orphans(example, &produced);
}

/// [`check_cases`] without the orphan check; returns the files it compared.
pub fn check_screens<P: Program>(
    example: &str,
    cases: &[Case],
    mut start: impl FnMut(Size) -> Driver<P>,
) -> Vec<PathBuf> {
    let mut produced = Vec::new();
    let mut failures = Vec::new();
    for case in cases {
        for &(width, height) in case.sizes {
            let mut driver = start(Size::new(width, height));
            replay(&mut driver, case.script);
            let frame = driver.frame();
            let header = format!(
                "# {example}: {}  script: {:?}  size: {width}x{height}",
                case.name, case.script
            );
            let mut forms = vec![("txt", false)];
            if case.styled {
                forms.push(("styled.txt", true));
            }
            for (extension, tagged) in forms {
                let file = format!("{}@{width}x{height}.{extension}", case.name);
                let path = snapshot_dir(example).join(file);
                if let Err(report) = check_frame(&path, &header, &frame, tagged) {
                    failures.push(report);
                }
                produced.push(path);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    produced
}

/// Fails on a snapshot file of `example` that is not in `produced`.
pub fn assert_no_orphans(example: &str, produced: &[PathBuf]) {
    let orphans = orphan_snapshots(&snapshot_dir(example), produced);
    assert!(
        orphans.is_empty(),
        "snapshot files no case produces: {orphans:?}"
    );
}

/// Asserts the frame fits `size`: no more rows than its height, no row wider than its width.
pub fn assert_fits<P: Program>(driver: &mut Driver<P>, context: &str) {
    let size = driver.size();
    let frame = driver.frame();
    assert!(
        frame.rows.len() <= usize::from(size.height),
        "{} rows at {size} after {context}",
        frame.rows.len()
    );
    for row in &frame.plain() {
        assert!(
            tea::text::width(row) <= usize::from(size.width),
            "{row:?} wider than {size} after {context}"
        );
    }
}

/// One random step: a key from `keys`, a typed character, or a wait up to a few seconds.
pub fn step(keys: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(keys).prop_map(str::to_string),
        2 => "[a-z0-9 .,é日]".prop_map(|c| format!("text:{c}")),
        2 => (1u64..4000).prop_map(|ms| format!("wait:{ms}ms")),
    ]
}

/// Random sizes from 1x1 to 120x40.
pub fn size() -> impl Strategy<Value = Size> {
    (1u16..=120, 1u16..=40).prop_map(|(w, h)| Size::new(w, h))
}

/// Replays `steps` one by one, checking the frame fits after each; a quit ends the run.
pub fn run_fitting<P: Program>(driver: &mut Driver<P>, steps: &[String]) {
    assert_fits(driver, "the start");
    for token in steps {
        let parsed: Vec<Step> = parse_script(token).expect("a valid token");
        let mut quit = false;
        for step in &parsed {
            quit |= driver.step(step).quits();
        }
        assert_fits(driver, token);
        if quit {
            return;
        }
    }
    // Time keeps going after the keys: nothing a timer does may break the frame either.
    driver.advance(Duration::from_secs(5));
    assert_fits(driver, "a last wait");
}
