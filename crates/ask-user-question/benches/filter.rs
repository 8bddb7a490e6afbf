//! Key → frame on a long option list (200 options with descriptions), with and without the
//! filter, release build:
//!
//! ```sh
//! cargo bench -p ask-user-question --bench filter
//! ```
//!
//! - moving in the list with ↓/↑ (no filter): the baseline;
//! - typing into the filter and deleting again (each key matches the options anew, or only the
//!   previous matches when the query grew), then drawing the matches;
//! - moving among the matches with ↓/↑ while filtering.

use questionnaire::App;
use serde_json::json;
use tea::driver::Driver;
use tea::input::{Event, KeyCode};
use tea::{Palette, Size};

mod support;

use support::{Sample, key_to_frame, micros, press, report, stats};

const SAMPLES: usize = 5000;
const OPTIONS: usize = 200;

fn questionnaire() -> question::Questionnaire {
    const WORDS: &[&str] = &[
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
        "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
        "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu",
    ];
    let w = |i: usize, k: usize| WORDS[(i * 7 + k * 11) % WORDS.len()];
    let options: Vec<_> = (0..OPTIONS)
        .map(|i| {
            json!({
                "value": format!("o{i}"),
                "label": format!("{} {} {i}", w(i, 0), w(i, 1)),
                "description": format!("the {} option, {} style", w(i, 3), w(i, 4)),
            })
        })
        .collect();
    let input = json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Which one?", "options": options
    }]});
    question::validate(&input).expect("a valid questionnaire")
}

fn run(driver: &mut Driver<App>, keys: &[Event]) -> Vec<Sample> {
    keys.iter()
        .cycle()
        .take(SAMPLES)
        .map(|event| key_to_frame(driver, event))
        .collect()
}

fn bench(size: Size) {
    let mut driver = Driver::new(App::new(questionnaire()), size, Palette::dark());
    driver.frame_ref();
    // A sweep over the first 20 options and back.
    let mut sweep = vec![press(KeyCode::Down); 20];
    sweep.extend(vec![press(KeyCode::Up); 20]);
    let moving = run(&mut driver, &sweep);
    report(
        &format!("key→frame {size} ↓/↑ in the list"),
        &stats(&moving),
        micros,
        "",
    );
    driver.send(&press(KeyCode::Char('/')));
    // "e", "ec", "ech", then back to "".
    let mut typing: Vec<Event> = "ech".chars().map(|c| press(KeyCode::Char(c))).collect();
    typing.extend(vec![press(KeyCode::Backspace); 3]);
    let typed = run(&mut driver, &typing);
    report(
        &format!("key→frame {size} typing in the filter"),
        &stats(&typed),
        micros,
        "",
    );
    // Among the matches of "e".
    driver.send(&press(KeyCode::Char('e')));
    let among = run(&mut driver, &sweep);
    report(
        &format!("key→frame {size} ↓/↑ among the matches"),
        &stats(&among),
        micros,
        "",
    );
}

fn main() {
    for size in [Size::new(120, 40), Size::new(80, 24)] {
        bench(size);
    }
}
