//! Every component in a tiny program, driven headless through its keymap and compared with
//! reviewed snapshots (`tests/snapshots/components/`) at three sizes, tiny ones included.
//! `UPDATE_SNAPSHOTS=1 cargo test -p tea --test components_snapshots` rewrites the files.

mod components_support;

use std::path::{Path, PathBuf};

use components_support::{Gallery, Which, name};
use tea::input::parse_key_script;
use tea::snapshot::SnapshotSet;
use tea::{Driver, Palette, Size};

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/components")
}

const SIZES: [(u16, u16); 3] = [(1, 1), (10, 3), (80, 24)];

/// (component, keys replayed before the frame is taken, also keep the slot-tagged form)
const CASES: &[(Which, &str, bool)] = &[
    (Which::Frame, "", true),
    (Which::Tabs, "tab tab tab tab", true),
    (Which::List, "down down down down down down", true),
    (Which::Viewport, "down down shift+down", false),
    (Which::Split, "j j j j j j j", false),
    (Which::Stack, "down down down", false),
    (Which::Help, "", true),
    (Which::Panel, "tab j j j j j", true),
];

#[test]
fn component_screens_match_their_snapshots() {
    let mut snapshots = SnapshotSet::new(snapshot_dir());
    for &(which, keys, styled) in CASES {
        for (width, height) in SIZES {
            let size = Size::new(width, height);
            let mut driver = Driver::new(Gallery::new(which), size, Palette::no_color());
            driver.send_all(&parse_key_script(keys).unwrap());
            let frame = driver.frame();
            let case = name(which);
            let header = format!("# component: {case}  keys: {keys:?}  size: {size}");
            snapshots.check(&format!("{case}@{size}"), &header, &frame, styled);
        }
    }
    snapshots.finish();
}

#[test]
fn the_list_keeps_the_selection_visible_as_it_moves() {
    let mut driver = Driver::new(
        Gallery::new(Which::List),
        Size::new(30, 5),
        Palette::no_color(),
    );
    driver.send_all(&parse_key_script("down down down down down").unwrap());
    let rows = driver.frame().plain();
    assert!(
        rows.iter().any(|r| r.starts_with("› 6. Option 6")),
        "{rows:?}"
    );
    driver.send_all(&parse_key_script("up up up up up").unwrap());
    let rows = driver.frame().plain();
    assert!(rows[0].starts_with("› 1. Option 1"), "{rows:?}");
}

#[test]
fn the_viewport_scrolls_and_stops_at_the_end() {
    let mut driver = Driver::new(
        Gallery::new(Which::Viewport),
        Size::new(40, 5),
        Palette::no_color(),
    );
    driver.send_all(&parse_key_script("down").unwrap());
    assert!(
        driver.frame().plain()[0].contains("2–5/41"),
        "{:?}",
        driver.frame().plain()
    );
    for _ in 0..20 {
        driver.send_all(&parse_key_script("shift+down").unwrap());
    }
    let rows = driver.frame().plain();
    assert!(rows[0].contains("38–41/41  ↑ 37 more"), "{rows:?}");
    assert_eq!(rows[4], "preview line 41 — some text");
}

#[test]
fn the_help_footer_follows_the_keymap_context() {
    let mut list = Driver::new(
        Gallery::new(Which::List),
        Size::new(80, 1),
        Palette::no_color(),
    );
    let mut help = Driver::new(
        Gallery::new(Which::Help),
        Size::new(80, 1),
        Palette::no_color(),
    );
    // In a list, ↓ moves; "down" for scrolling is taken, so the footer never offers it.
    assert!(
        list.program()
            .keymap
            .help(&Which::List)
            .iter()
            .all(|e| e.text != "scroll")
    );
    assert_eq!(
        help.frame().plain()[0],
        "down scroll · ⇧↓ page · tab switch tab · esc cancel"
    );
    let _ = list.frame();
}
