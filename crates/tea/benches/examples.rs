//! A frame of each example at 120x40: the model's `view` drawn to a `Frame` (what the runtime
//! does after every update), and a key through the driver with the frame after it.
//! `cargo bench -p tea --bench examples [-- FILTER]` prints min/p50/p99.

#[allow(dead_code)]
#[path = "../examples/countdown/model.rs"]
mod countdown;
#[allow(dead_code)]
#[path = "../examples/editor/model.rs"]
mod editor;
#[allow(dead_code)]
#[path = "../examples/job/model.rs"]
mod job;
#[allow(dead_code)]
#[path = "../examples/viewer/model.rs"]
mod viewer;

mod support;

use std::sync::Arc;
use std::time::Duration;
use support::measure;

use tea::driver::TaskPolicy;
use tea::input::{Step, parse_script};
use tea::{Driver, Palette, Program, Size};

const SIZE: Size = Size::new(120, 40);

/// The example after `script`, then: its view to a frame; `key` (which changes the model
/// and back, so every iteration draws the same) and the frame after it.
fn bench<P: Program>(name: &str, program: P, script: &str, keys: &str) {
    bench_driver(
        name,
        Driver::new(program, SIZE, Palette::dark()),
        script,
        keys,
    );
}

fn bench_driver<P: Program>(name: &str, mut driver: Driver<P>, script: &str, keys: &str) {
    let palette = driver.palette().clone();
    for step in parse_script(script).expect("a valid script") {
        driver.step(&step);
    }
    measure(&format!("{name}: view → Frame"), 3000, || {
        let view = driver.program().view();
        std::hint::black_box(tea::draw(&view, SIZE, &palette));
    });
    let steps: Vec<Step> = parse_script(keys).expect("valid keys");
    let mut next = 0;
    measure(&format!("{name}: key + frame"), 3000, || {
        driver.step(&steps[next % steps.len()]);
        next += 1;
        std::hint::black_box(driver.frame_ref());
    });
}

fn main() {
    bench(
        "countdown",
        countdown::Countdown::new(60),
        "wait:3s",
        "space space",
    );
    // Five results listed and a job running on a thread whose result never comes within the
    // bench: each step turns the spinner.
    let work = job::Work {
        delay: Duration::from_secs(3600),
        limit: 10_000,
    };
    let policy = TaskPolicy::Threaded {
        wake: Arc::new(|| {}),
    };
    let mut driver = Driver::with_tasks(job::Job::new(work), SIZE, Palette::dark(), policy);
    for n in 1..=5u32 {
        let below = 10_000 * u64::from(n);
        let (primes, largest) = job::count_primes(below);
        driver.send_msg(job::Msg::Finished(job::Report {
            job: n,
            below,
            primes,
            largest,
        }));
    }
    bench_driver("job", driver, "enter", "wait:100ms");
    bench(
        "editor",
        editor::Editor::new(&editor::SAMPLE.repeat(4)),
        "",
        "text:x backspace",
    );
    bench("viewer", viewer::Viewer::new(), "down", "down up");
}
