//! The list filter over 1,000 items: a keystroke that narrows the query (re-match of what
//! matched before), one that widens it (Backspace: a search of every item), and a fresh query
//! typed letter by letter. `cargo bench -p tea --bench filter` prints min/p50/p99.

mod support;

use support::measure;
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

fn main() {
    let items = items();
    let mut filter = FilterState::new(items.iter().map(|(l, d)| (l.as_str(), d.as_str())));
    filter.update(FilterMsg::Insert("de".into()));
    measure("filter 1000 items: narrow (type a char)", 3000, || {
        filter.update(FilterMsg::Insert("l".into()));
        std::hint::black_box(filter.matches());
        filter.update(FilterMsg::Backspace);
    });
    measure("filter 1000 items: widen (backspace)", 3000, || {
        filter.update(FilterMsg::Backspace);
        std::hint::black_box(filter.matches());
        filter.update(FilterMsg::Insert("e".into()));
    });
    measure("filter 1000 items: type \"ec ta\" from empty", 1000, || {
        filter.update(FilterMsg::Clear);
        for c in ["e", "c", " ", "t", "a"] {
            filter.update(FilterMsg::Insert(c.into()));
        }
        std::hint::black_box(filter.current());
    });
    assert!(filter.current().is_some());
}
