//! The guide's shopping list: screens compared with reviewed snapshots
//! (`examples/snapshots/shopping/`) at three sizes, and what it quits with.
//! `UPDATE_SNAPSHOTS=1 cargo test -p tea --test example_shopping` rewrites the files.

mod examples_support;
#[path = "../examples/shopping/model.rs"]
mod shopping;

use examples_support::{Case, case, check_cases, replay};
use shopping::Shopping;
use tea::{Driver, Effect, Palette, Size};

fn driver(size: Size) -> Driver<Shopping> {
    Driver::new(Shopping::new(), size, Palette::no_color())
}

const CASES: &[Case] = &[
    Case {
        styled: true,
        ..case("start", "", &[(40, 8), (80, 24), (20, 4)])
    },
    case(
        "picked",
        "space down down space up",
        &[(40, 8), (80, 24), (20, 4)],
    ),
];

#[test]
fn shopping_screens_match_their_snapshots() {
    check_cases("shopping", CASES, driver);
}

#[test]
fn it_quits_with_what_was_picked() {
    let mut d = driver(Size::new(40, 8));
    assert_eq!(
        replay(&mut d, "space j space j space q"),
        vec![Effect::Quit(vec![
            "Buy carrots",
            "Buy celery",
            "Buy kohlrabi"
        ])]
    );
    let mut d = driver(Size::new(40, 8));
    assert_eq!(
        replay(&mut d, "down space space esc"),
        vec![Effect::Quit(vec![])]
    );
}

#[test]
fn key_releases_and_resizes_need_no_code() {
    let mut d = driver(Size::new(40, 8));
    let release = tea::Event::Key(tea::input::KeyEvent {
        kind: tea::input::KeyEventKind::Release,
        ..tea::input::KeyEvent::new(tea::input::KeyCode::Down)
    });
    let before = d.frame();
    d.send(&release);
    assert_eq!(d.frame(), before, "a release does nothing");
    d.resize(Size::new(30, 6));
    assert_eq!(d.frame().plain()[0], "╭─ Shopping ─────────────────╮");
}
