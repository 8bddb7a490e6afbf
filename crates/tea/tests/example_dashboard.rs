//! The dashboard example, tea's containers around an iocraft leaf: screens compared with
//! reviewed snapshots (`examples/snapshots/dashboard/`) at several sizes, what it quits with,
//! and random keys at random sizes. `UPDATE_SNAPSHOTS=1 cargo test -p tea --test
//! example_dashboard` rewrites the files.

#[path = "../examples/dashboard/model.rs"]
mod dashboard;
mod examples_support;

use dashboard::{Dashboard, SERVICES};
use examples_support::{Case, case, check_cases, replay, run_fitting, size, step};
use proptest::prelude::*;
use tea::{Driver, Effect, Palette, Size};

fn driver(size: Size) -> Driver<Dashboard> {
    Driver::new(Dashboard::new(SERVICES), size, Palette::no_color())
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("start", "", &[(60, 12), (80, 24), (40, 10)])
    },
    case("third", "down down", &[(60, 12), (120, 40)]),
    case("last", "down down down down down", &[(60, 12)]),
    case("tiny", "down", &[(1, 1), (10, 3), (30, 6)]),
];

#[test]
fn dashboard_screens_match_their_snapshots() {
    check_cases("dashboard", CASES, driver);
}

#[test]
fn enter_quits_with_the_selected_service_and_q_with_none() {
    let mut d = driver(Size::new(60, 12));
    assert_eq!(
        replay(&mut d, "down down enter"),
        vec![Effect::Quit(Some("billing"))]
    );
    let mut d = driver(Size::new(60, 12));
    assert_eq!(replay(&mut d, "up q"), vec![Effect::Quit(None)]);
}

#[test]
fn the_details_follow_the_selection() {
    let mut d = driver(Size::new(80, 12));
    let shown = |d: &mut Driver<Dashboard>| d.frame().plain().join("\n");
    assert!(shown(&mut d).contains("512 MB"), "api's memory");
    replay(&mut d, "down down down");
    let frame = shown(&mut d);
    assert!(frame.contains("2048 MB"), "search's memory:\n{frame}");
    assert!(!frame.contains("512 MB"), "api's memory is gone:\n{frame}");
}

const KEYS: &[&str] = &["up", "down", "j", "k", "enter", "q"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_keys_at_random_sizes_never_overflow_the_frame(
        size in size(),
        steps in prop::collection::vec(step(KEYS), 0..12),
    ) {
        run_fitting(&mut driver(size), &steps);
    }
}
