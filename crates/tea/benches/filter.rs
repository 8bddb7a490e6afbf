//! The list filter over 1,000 items, per keystroke: one that narrows the query (only the
//! previous matches are searched again), one that widens it (Backspace: every item is searched,
//! which is what every keystroke would cost without the narrowing), and the first letter of a
//! fresh query. `cargo bench -p tea --bench filter` prints min/p50/p99.

mod support;

use std::time::Instant;

use support::{measure, report};
use tea::components::filter::{FilterMsg, FilterState};

/// 1,000 option-like items: a label of two or three words and a short description.
fn items() -> Vec<(String, String)> {
    const WORDS: &[&str] = &[
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
        "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
        "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
    ];
    (0..1000)
        .map(|i| {
            let w = |k: usize| WORDS[(i * 7 + k * 11) % WORDS.len()];
            let label = if i % 3 == 0 {
                format!("{} {} {}", w(0), w(1), w(2))
            } else {
                format!("{} {} #{i}", w(0), w(1))
            };
            (label, format!("the {} option, {} style", w(3), w(4)))
        })
        .collect()
}

/// Times `base` → `base + more` (narrow) and back (widen), apart, over many rounds.
fn narrow_and_widen(filter: &mut FilterState, base: &str, more: &str) {
    filter.set_query(base);
    let before = filter.matches().len();
    filter.set_query(&format!("{base}{more}"));
    let after = filter.matches().len();
    filter.set_query(base);
    let (mut narrow, mut widen) = (Vec::new(), Vec::new());
    for round in 0..3200 {
        let start = Instant::now();
        filter.update(FilterMsg::Insert(more.into()));
        std::hint::black_box(filter.current());
        let typed = Instant::now();
        filter.update(FilterMsg::Backspace);
        std::hint::black_box(filter.current());
        if round >= 200 {
            narrow.push((typed - start).as_nanos());
            widen.push(typed.elapsed().as_nanos());
        }
    }
    report(
        &format!("filter 1000 items: narrow {base:?}→{base}{more} ({before}→{after} match)"),
        narrow,
    );
    report(
        &format!("filter 1000 items: widen {base}{more}→{base:?} (full search)"),
        widen,
    );
}

fn main() {
    let items = items();
    let mut filter = FilterState::new(items.iter().map(|(l, d)| (l.as_str(), d.as_str())));
    // Every item matches (the descriptions have both letters): the worst case.
    narrow_and_widen(&mut filter, "e", "l");
    // A query that picks a few.
    narrow_and_widen(&mut filter, "ch", "a");
    measure("filter 1000 items: clear, then a first char", 3000, || {
        filter.update(FilterMsg::Clear);
        filter.update(FilterMsg::Insert("t".into()));
        std::hint::black_box(filter.current());
    });
    assert!(filter.current().is_some());
}
