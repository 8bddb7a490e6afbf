//! The countdown example on the driver's virtual clock: screens compared with reviewed
//! snapshots (`examples/snapshots/countdown/`), its timer's behaviour, and random keys and
//! waits at random sizes. `UPDATE_SNAPSHOTS=1 cargo test -p tea --test example_countdown`
//! rewrites the files.

#[path = "../examples/countdown/model.rs"]
mod countdown;
mod examples_support;

use countdown::{Countdown, Phase};
use examples_support::{Case, case, check_cases, replay, run_fitting, size, step};
use proptest::prelude::*;
use tea::{Driver, Effect, Palette, Size};

fn driver(size: Size) -> Driver<Countdown> {
    Driver::new(
        Countdown::new(countdown::DEFAULT_LENGTH),
        size,
        Palette::no_color(),
    )
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("after_3s", "wait:3s", &[(40, 8), (80, 24), (20, 6)])
    },
    case("paused", "wait:3s space wait:1m", &[(40, 8)]),
    case("reset_then_longer", "wait:5s r + + wait:2s", &[(40, 8)]),
    Case {
        styled: true,
        ..case("finished", "wait:61s", &[(40, 8)])
    },
    case("tiny", "wait:3s", &[(1, 1), (8, 2), (12, 4)]),
    case("wide", "wait:15s", &[(120, 40)]),
];

#[test]
fn countdown_screens_match_their_snapshots() {
    check_cases("countdown", CASES, driver);
}

#[test]
fn the_tick_counts_down_once_a_second_while_running() {
    let mut d = driver(Size::new(40, 8));
    replay(&mut d, "wait:2999ms");
    assert_eq!(d.program().left(), 58);
    replay(&mut d, "wait:1ms");
    assert_eq!(d.program().left(), 57);
}

#[test]
fn pausing_stops_the_timer_and_resuming_starts_a_full_second() {
    let mut d = driver(Size::new(40, 8));
    replay(&mut d, "wait:1500ms space wait:10m");
    assert_eq!(d.program().left(), 59);
    assert_eq!(d.timers(), 0, "a paused countdown keeps no timer");
    replay(&mut d, "space wait:999ms");
    assert_eq!(d.program().left(), 59);
    replay(&mut d, "wait:1ms");
    assert_eq!(d.program().left(), 58);
}

#[test]
fn at_zero_it_rings_once_and_stops() {
    let mut d = driver(Size::new(40, 8));
    let effects = replay(&mut d, "wait:60s");
    assert_eq!(effects, vec![Effect::Bell]);
    assert_eq!(d.program().phase(), Phase::Finished);
    assert!(replay(&mut d, "wait:60m").is_empty());
    assert_eq!(d.timers(), 0);
}

#[test]
fn reset_stops_at_the_full_length_and_the_length_moves_only_when_stopped() {
    let mut d = driver(Size::new(40, 8));
    replay(&mut d, "wait:5s + -");
    assert_eq!(d.program().left(), 55, "+ and - do nothing while running");
    replay(&mut d, "r");
    assert_eq!(
        (d.program().left(), d.program().phase()),
        (60, Phase::Paused)
    );
    replay(&mut d, "+ + + -");
    assert_eq!(d.program().left(), 80);
    replay(&mut d, "s wait:1s");
    assert_eq!(d.program().left(), 79);
}

#[test]
fn quit_hands_back_the_seconds_left() {
    let mut d = driver(Size::new(40, 8));
    assert_eq!(replay(&mut d, "wait:7s q"), vec![Effect::Quit(53)]);
}

#[test]
fn the_footer_names_the_keys_that_apply_now() {
    let mut d = driver(Size::new(80, 8));
    let help = |d: &Driver<Countdown>| -> Vec<String> {
        d.program()
            .help()
            .iter()
            .map(|e| format!("{} {}", e.key, e.text))
            .collect()
    };
    assert_eq!(help(&d), ["space pause", "r reset", "q quit"]);
    replay(&mut d, "space");
    assert_eq!(help(&d), ["space start", "r reset", "+/- length", "q quit"]);
}

const KEYS: &[&str] = &["space", "s", "r", "+", "-", "q", "up", "enter", "ctrl+c"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_keys_and_waits_never_overflow_the_frame(
        size in size(),
        steps in prop::collection::vec(step(KEYS), 0..24),
    ) {
        run_fitting(&mut driver(size), &steps);
    }
}
