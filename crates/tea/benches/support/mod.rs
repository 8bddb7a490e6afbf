//! What tea's benchmarks share: time a stage and print min / p50 / p99.

use std::time::Instant;

/// Runs `f` `iterations` times after a warm-up and prints the stage, unless names given on the
/// command line (`cargo bench --bench NAME -- FILTER…`) all miss it. The minimum shows the cost
/// on an idle machine; p50/p99 include whatever else runs.
pub fn measure(name: &str, iterations: usize, mut f: impl FnMut()) {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
        return;
    }
    for _ in 0..200 {
        f();
    }
    let samples: Vec<u128> = (0..iterations)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_nanos()
        })
        .collect();
    report(name, samples);
}

/// Prints min / p50 / p99 of `samples` (nanoseconds) for the stage `name`.
pub fn report(name: &str, mut samples: Vec<u128>) {
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
    println!(
        "{name:<48} min {:>8.2} µs   p50 {:>8.2} µs   p99 {:>8.2} µs",
        at(0.0),
        at(0.5),
        at(0.99)
    );
}
