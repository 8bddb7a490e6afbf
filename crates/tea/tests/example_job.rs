//! The job example: screens compared with reviewed snapshots (`examples/snapshots/job/`),
//! finished jobs with inline tasks (the headless default: the result comes at once) and a
//! running job with threaded tasks whose result is held back (the spinner on the virtual
//! clock), plus random keys and waits at random sizes. `UPDATE_SNAPSHOTS=1 cargo test -p tea
//! --test example_job` rewrites the files.

mod examples_support;
#[path = "../examples/job/model.rs"]
mod job;

use std::sync::Arc;
use std::time::Duration;

use examples_support::{
    Case, assert_no_orphans, case, check_screens, replay, run_fitting, size, step,
};
use job::{Job, Work, count_primes};
use proptest::prelude::*;
use tea::driver::TaskPolicy;
use tea::{Driver, Effect, Palette, Size};

const WORK: Work = Work {
    delay: Duration::ZERO,
    limit: 10_000,
};

fn inline(size: Size) -> Driver<Job> {
    Driver::new(Job::new(WORK), size, Palette::no_color())
}

/// Tasks on threads; their results wait for `poll_tasks`, which these screens never call.
fn threaded(size: Size) -> Driver<Job> {
    let policy = TaskPolicy::Threaded {
        wake: Arc::new(|| {}),
    };
    Driver::with_tasks(Job::new(WORK), size, Palette::no_color(), policy)
}

const FINISHED: &[Case] = &[
    case("start", "", &[(40, 8), (1, 1)]),
    Case {
        styled: true,
        ..case("one_done", "enter", &[(60, 9), (80, 24), (20, 6)])
    },
    case(
        "seven_done",
        "enter wait:1s enter enter enter enter enter enter",
        &[(60, 9), (120, 40)],
    ),
    case("tiny", "enter", &[(1, 1), (12, 3)]),
];

const RUNNING: &[Case] = &[
    Case {
        styled: true,
        ..case("running", "enter wait:1300ms", &[(60, 9), (20, 6)])
    },
    case("running_tiny", "enter wait:100ms", &[(1, 1), (10, 2)]),
];

#[test]
fn job_screens_match_their_snapshots() {
    let mut produced = check_screens("job", FINISHED, inline);
    produced.extend(check_screens("job", RUNNING, threaded));
    assert_no_orphans("job", &produced);
}

/// The rows of the lines an effect prints above the frame.
fn printed(effect: &Effect<usize>) -> Vec<String> {
    match effect {
        Effect::Print(lines) => lines.iter().map(tea::Line::plain_text).collect(),
        other => panic!("expected a print, got {other:?}"),
    }
}

#[test]
fn the_result_arrives_as_a_message_and_the_spinner_stops() {
    let mut d = inline(Size::new(60, 9));
    let effects = replay(&mut d, "enter");
    assert_eq!(effects.0.len(), 1, "{effects:?}");
    assert_eq!(
        printed(&effects.0[0]),
        ["✓ job 1: 1,229 primes below 10,000 (largest 9,973) 0.0s"]
    );
    assert!(!d.program().is_running());
    assert_eq!(d.timers(), 0, "no spinner once the job is done");
    let report = d
        .program()
        .finished()
        .next()
        .expect("a finished job")
        .clone();
    assert_eq!((report.job, report.below, report.primes), (1, 10_000, 1229));
    assert_eq!(report.largest, Some(9973));
}

#[test]
fn a_threaded_job_spins_until_its_result_is_collected() {
    let mut d = threaded(Size::new(60, 9));
    replay(&mut d, "enter wait:500ms");
    assert!(d.program().is_running());
    assert_eq!(d.timers(), 1);
    assert!(
        replay(&mut d, "enter").is_empty(),
        "enter waits while a job runs"
    );
    assert!(d.program().help().iter().all(|e| e.key != "enter"));
    let effects = d.wait_tasks(Duration::from_secs(10));
    assert!(!d.program().is_running(), "the job finishes within 10 s");
    let rows: Vec<String> = effects.0.iter().flat_map(printed).collect();
    assert_eq!(
        rows,
        ["✓ job 1: 1,229 primes below 10,000 (largest 9,973) 0.5s"]
    );
    assert_eq!(d.timers(), 0);
    assert!(
        d.frame()
            .plain()
            .iter()
            .any(|row| row.contains("✓ job 1: 1,229 primes"))
    );
    assert!(d.frame().plain().iter().any(|row| row.contains("0.5s")));
}

#[test]
fn each_job_counts_further_and_the_list_keeps_the_newest() {
    let mut d = inline(Size::new(60, 9));
    let effects = replay(&mut d, "enter enter enter enter enter enter enter");
    let printed: Vec<String> = effects.0.iter().flat_map(printed).collect();
    assert_eq!(
        printed.len(),
        7,
        "every job is printed, not only the newest five"
    );
    assert!(printed[0].starts_with("✓ job 1:") && printed[6].starts_with("✓ job 7:"));
    let jobs: Vec<u32> = d.program().finished().map(|r| r.job).collect();
    assert_eq!(jobs, [7, 6, 5, 4, 3]);
    assert_eq!(replay(&mut d, "q"), vec![Effect::Quit(5)]);
}

#[test]
fn primes_are_counted_right() {
    assert_eq!(count_primes(0), (0, None));
    assert_eq!(count_primes(2), (0, None));
    assert_eq!(count_primes(3), (1, Some(2)));
    assert_eq!(count_primes(100), (25, Some(97)));
}

const KEYS: &[&str] = &["enter", "space", "q", "esc", "up", "x"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_keys_and_waits_never_overflow_the_frame(
        size in size(),
        steps in prop::collection::vec(step(KEYS), 0..24),
    ) {
        run_fitting(&mut inline(size), &steps);
    }
}
