//! The viewer example: screens compared with reviewed snapshots (`examples/snapshots/viewer/`),
//! tabs keeping their own scroll, scrolling stopping at the end, and random keys at random
//! sizes. `UPDATE_SNAPSHOTS=1 cargo test -p tea --test example_viewer` rewrites the files.

mod examples_support;
#[path = "../examples/viewer/model.rs"]
mod viewer;

use examples_support::{Case, case, check_cases, replay, run_fitting, size, step};
use proptest::prelude::*;
use tea::{Driver, Effect, Palette, Size};
use viewer::Viewer;

fn driver(size: Size) -> Driver<Viewer> {
    Driver::new(Viewer::new(), size, Palette::no_color())
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("start", "", &[(60, 16), (80, 24), (20, 6)])
    },
    case("scrolled", "down down down down down", &[(60, 16)]),
    case("end", "end", &[(60, 16), (120, 40)]),
    case("second_tab", "tab", &[(60, 16)]),
    Case {
        styled: true,
        ..case("third_tab", "tab tab pagedown", &[(80, 24)])
    },
    case("tiny", "down", &[(1, 1), (10, 3), (24, 5)]),
];

#[test]
fn viewer_screens_match_their_snapshots() {
    check_cases("viewer", CASES, driver);
}

#[test]
fn each_tab_keeps_its_scroll() {
    let mut d = driver(Size::new(60, 16));
    replay(&mut d, "down down tab down tab tab");
    assert_eq!((d.program().tab(), d.program().scroll()), (0, 2));
    replay(&mut d, "tab");
    assert_eq!(d.program().scroll(), 1);
    replay(&mut d, "shift+tab shift+tab");
    assert_eq!(d.program().tab(), 2);
}

#[test]
fn scrolling_stops_at_the_end_and_home_goes_back() {
    let mut d = driver(Size::new(60, 16));
    replay(&mut d, "end");
    let end = d.program().scroll();
    assert!(end > 0);
    replay(&mut d, "down pagedown");
    assert_eq!(d.program().scroll(), end);
    let last = d.frame().plain()[14].clone();
    assert!(
        last.contains('↑') || !last.trim_matches(['│', ' ']).is_empty(),
        "{last:?}"
    );
    replay(&mut d, "home");
    assert_eq!(d.program().scroll(), 0);
}

#[test]
fn growing_the_terminal_keeps_the_scroll_within_the_end() {
    let mut d = driver(Size::new(30, 10));
    replay(&mut d, "end");
    d.resize(Size::new(120, 40));
    replay(&mut d, "up");
    let at_end = d.program().scroll();
    replay(&mut d, "end");
    assert_eq!(d.program().scroll(), at_end + 1, "one up from the new end");
}

#[test]
fn quit_hands_back_the_open_tab() {
    assert_eq!(
        replay(&mut driver(Size::new(60, 16)), "tab q"),
        vec![Effect::Quit(1)]
    );
}

const KEYS: &[&str] = &[
    "tab",
    "shift+tab",
    "down",
    "up",
    "pagedown",
    "pageup",
    "home",
    "end",
    "space",
    "q",
    "j",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_keys_never_overflow_the_frame(
        size in size(),
        steps in prop::collection::vec(step(KEYS), 0..24),
    ) {
        let mut d = driver(size);
        run_fitting(&mut d, &steps);
    }
}
