//! The picker example, driven headless through its real keymap and compared with reviewed
//! snapshots (`crates/tea/examples/snapshots/`), plus its outcomes and a sweep of sizes.
//! `UPDATE_SNAPSHOTS=1 cargo test -p tea --test runtime_picker` rewrites the files.

#[path = "../examples/picker/model.rs"]
mod picker;

use std::path::{Path, PathBuf};

use picker::{FRUITS, Outcome, Picker};
use tea::input::parse_key_script;
use tea::snapshot::SnapshotSet;
use tea::{Driver, Effect, Effects, Palette, Size};

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/snapshots")
}

fn driver(size: Size) -> Driver<Picker> {
    let items = FRUITS.iter().map(|s| s.to_string());
    Driver::new(Picker::new("fruit", items, size), size, Palette::no_color())
}

/// Replays `keys` and returns every effect the program asked for.
fn replay(driver: &mut Driver<Picker>, keys: &str) -> Effects<Outcome> {
    let events = parse_key_script(keys).expect("a valid key script");
    driver.send_all(&events)
}

struct Case {
    name: &'static str,
    keys: &'static str,
    sizes: &'static [(u16, u16)],
    /// Also keep the slot-tagged form.
    styled: bool,
}

const fn case(name: &'static str, keys: &'static str, sizes: &'static [(u16, u16)]) -> Case {
    Case {
        name,
        keys,
        sizes,
        styled: false,
    }
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("start", "", &[(40, 12), (80, 24), (20, 6)])
    },
    case("typed", "text:an", &[(40, 12), (80, 24)]),
    Case {
        styled: true,
        ..case("typed_then_moved", "text:an down down", &[(40, 12)])
    },
    case(
        "scrolled",
        "down down down down down down down down down down",
        &[(40, 12)],
    ),
    case("no_matches", "text:zzz", &[(40, 12)]),
    case(
        "erased",
        "text:berry backspace backspace backspace backspace",
        &[(40, 12)],
    ),
    case("cleared", "text:berry down ctrl+u", &[(40, 12)]),
    case("tiny", "text:an down", &[(12, 3), (6, 2), (1, 1)]),
    case("long_query", "text:a-query-longer-than-the-row", &[(20, 6)]),
];

#[test]
fn picker_screens_match_their_snapshots() {
    let mut snapshots = SnapshotSet::new(snapshot_dir());
    for case in CASES {
        let (name, keys) = (case.name, case.keys);
        for &(width, height) in case.sizes {
            let mut driver = driver(Size::new(width, height));
            replay(&mut driver, keys);
            let frame = driver.frame();
            let header = format!("# picker: {name}  keys: {keys:?}  size: {width}x{height}");
            snapshots.check(
                &format!("picker_{name}@{width}x{height}"),
                &header,
                &frame,
                case.styled,
            );
        }
    }
    snapshots.finish();
}

#[test]
fn enter_picks_the_highlighted_match() {
    let mut driver = driver(Size::new(40, 12));
    let cmd = replay(&mut driver, "text:an down enter");
    assert_eq!(cmd, vec![Effect::Quit(Outcome::Picked("cranberry".into()))]);
}

#[test]
fn a_paste_filters_like_typing() {
    let mut driver = driver(Size::new(40, 12));
    driver.send(&tea::Event::Paste("rasp".into()));
    assert_eq!(
        replay(&mut driver, "enter"),
        vec![Effect::Quit(Outcome::Picked("raspberry".into()))]
    );
}

#[test]
fn matching_is_fuzzy_and_ignores_case_unless_the_query_has_a_capital() {
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "text:drgfrt enter"),
        vec![Effect::Quit(Outcome::Picked("dragon fruit".into()))]
    );
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "text:Kiwi enter"),
        vec![Effect::Bell],
        "nothing matches"
    );
}

#[test]
fn esc_and_ctrl_c_cancel() {
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "esc"),
        vec![Effect::Quit(Outcome::Cancelled)]
    );
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "ctrl+c"),
        vec![Effect::Quit(Outcome::Cancelled)]
    );
}

#[test]
fn refused_actions_ring_the_bell() {
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "up"),
        vec![Effect::Bell]
    );
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "backspace"),
        vec![Effect::Bell]
    );
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), "text:zzz enter"),
        vec![Effect::Bell]
    );
    let last = format!("{} down", "down ".repeat(FRUITS.len() - 1));
    assert_eq!(
        replay(&mut driver(Size::new(40, 12)), &last),
        vec![Effect::Bell]
    );
}

/// Replays a script with time and the mouse (`click:X,Y`, `wheeldown:X,Y`), as a runtime
/// delivers it: cells of the frame, hit tested against the last frame.
fn replay_steps(driver: &mut Driver<Picker>, script: &str) -> Effects<Outcome> {
    let mut all = Effects::default();
    for step in tea::input::parse_script(script).expect("a valid script") {
        all.extend(driver.step(&step));
    }
    all
}

#[test]
fn a_click_highlights_an_entry_and_a_second_click_picks_it() {
    // Row 0 is the prompt; the entries start on row 1: apple, apricot, banana…
    let mut driver = driver(Size::new(40, 12));
    assert_eq!(replay_steps(&mut driver, "click:4,3"), vec![]);
    assert_eq!(driver.program().selected(), Some("banana"));
    assert_eq!(
        replay_steps(&mut driver, "click:7,3"),
        vec![Effect::Quit(Outcome::Picked("banana".into()))]
    );
}

#[test]
fn clicks_follow_the_filtered_list_and_miss_outside_it() {
    let mut driver = driver(Size::new(40, 12));
    replay(&mut driver, "text:berry");
    // The second match is on row 2 whatever its item; the prompt, the footer and the rows
    // below the frame are no entry.
    let second = driver.frame().plain()[2].trim().to_string();
    replay_steps(&mut driver, "click:3,2 click:0,0 click:1,9 click:1,11");
    assert_eq!(driver.program().selected(), Some(second.as_str()));
}

#[test]
fn the_wheel_over_the_list_moves_the_highlight_without_a_bell() {
    let mut driver = driver(Size::new(40, 12));
    assert_eq!(
        replay_steps(&mut driver, "wheelup:2,1 wheeldown:2,1 wheeldown:30,4"),
        vec![],
        "the blank cells right of an entry are the list's"
    );
    assert_eq!(driver.program().selected(), Some("banana"));
}

#[test]
fn key_releases_do_not_act_twice() {
    let mut driver = driver(Size::new(40, 12));
    let down = tea::input::key(tea::input::KeyCode::Down, tea::input::KeyModifiers::NONE);
    let mut release = down.clone();
    if let tea::Event::Key(key) = &mut release {
        key.kind = tea::input::KeyEventKind::Release;
    }
    driver.send(&down);
    driver.send(&release);
    assert_eq!(
        replay(&mut driver, "enter"),
        vec![Effect::Quit(Outcome::Picked("apricot".into()))]
    );
}

#[test]
fn model_text_cannot_reach_the_terminal_as_escapes() {
    let items = [
        "evil \x1b[2J\x1b]0;title\x07 item".to_string(),
        "tab\there".to_string(),
    ];
    let mut driver = Driver::new(
        Picker::new("t\x1b[31mitle", items, Size::new(40, 6)),
        Size::new(40, 6),
        Palette::dark(),
    );
    let frame = driver.frame();
    for row in &frame.plain() {
        assert!(!row.contains('\x1b') && !row.contains('\t'), "{row:?}");
    }
    assert!(
        frame
            .plain()
            .iter()
            .any(|row| row.contains("evil") && row.contains("item"))
    );
}

#[test]
fn every_row_fits_at_every_size() {
    for width in 1..=90 {
        for height in 1..=14 {
            let size = Size::new(width, height);
            let mut driver = driver(size);
            replay(&mut driver, "text:a down down");
            let frame = driver.frame();
            assert!(
                frame.rows.len() <= usize::from(height),
                "too tall at {size}"
            );
            for row in &frame.plain() {
                assert!(
                    tea::text::width(row) <= usize::from(width),
                    "{row:?} wider than {size}"
                );
            }
        }
    }
}
