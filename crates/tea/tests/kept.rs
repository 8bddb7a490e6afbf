//! Lists whose window the driver keeps ([`List::kept_as`]): the model holds only which item is
//! selected and never its size, and the list still stays put while the selection moves back
//! inside its window, as a list whose model keeps the offset does.

use tea::components::{List, ListState, StatefulBlock};
use tea::input::{KeyCode, as_press, parse_key_script};
use tea::{Cmd, Driver, Event, Line, Palette, Program, Size, View};

/// Two lists of ten items, one shown at a time (tab switches); up and down move the shown one.
struct Picker {
    items: Vec<Vec<Line>>,
    /// The selection of each list; their offsets stay 0: the driver keeps the windows.
    lists: [ListState; 2],
    shown: usize,
}

#[derive(Debug, Clone, PartialEq)]
enum Msg {
    Up,
    Down,
    Switch,
}

impl Program for Picker {
    type Msg = Msg;
    type Output = ();

    fn update(&mut self, msg: Msg) -> Cmd<Msg> {
        let list = &mut self.lists[self.shown];
        match msg {
            Msg::Up => list.select_prev(),
            Msg::Down => list.select_next(self.items.len()),
            Msg::Switch => self.shown = 1 - self.shown,
        }
        Cmd::None
    }

    fn view(&self) -> View<'_> {
        let key = ["first", "second"][self.shown];
        View::new(
            List::new(&self.items)
                .cursor("> ")
                .kept_as(key)
                .with_state(&self.lists[self.shown]),
        )
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match as_press(event)?.code {
            KeyCode::Up => Some(Msg::Up),
            KeyCode::Down => Some(Msg::Down),
            KeyCode::Tab => Some(Msg::Switch),
            _ => None,
        }
    }
}

fn picker() -> Driver<Picker> {
    let items = (0..10)
        .map(|i| vec![Line::plain(format!("item {i}"))])
        .collect();
    let program = Picker {
        items,
        lists: [ListState::default(); 2],
        shown: 0,
    };
    Driver::new(program, Size::new(12, 4), Palette::no_color())
}

/// Presses the keys of `script`, drawing a frame after each as a terminal would.
fn press(driver: &mut Driver<Picker>, script: &str) {
    for event in parse_key_script(script).expect("a key script") {
        driver.send(&event);
        driver.frame_ref();
    }
}

fn shown(driver: &mut Driver<Picker>) -> Vec<String> {
    driver.frame().plain()
}

#[test]
fn the_window_follows_the_selection_down_and_stays_when_it_moves_back_inside() {
    let mut driver = picker();
    assert_eq!(
        shown(&mut driver),
        ["> item 0", "  item 1", "  item 2", "  item 3"]
    );
    press(&mut driver, "down down down down down");
    assert_eq!(
        shown(&mut driver),
        ["  item 2", "  item 3", "  item 4", "> item 5"]
    );
    press(&mut driver, "up up");
    assert_eq!(
        shown(&mut driver),
        ["  item 2", "> item 3", "  item 4", "  item 5"],
        "back inside the window: it stays"
    );
    press(&mut driver, "up up");
    assert_eq!(
        shown(&mut driver),
        ["> item 1", "  item 2", "  item 3", "  item 4"],
        "above it: it scrolls just enough"
    );
}

#[test]
fn keys_sent_without_a_draw_between_them_keep_the_window_each_would_have_shown() {
    let mut drawn = picker();
    press(&mut drawn, "down down down down down up up");
    let mut replayed = picker();
    for event in parse_key_script("down down down down down up up").expect("a key script") {
        replayed.send(&event);
    }
    assert_eq!(
        shown(&mut replayed),
        ["  item 2", "> item 3", "  item 4", "  item 5"]
    );
    assert_eq!(shown(&mut replayed), shown(&mut drawn));
}

#[test]
fn each_key_keeps_its_own_window() {
    let mut driver = picker();
    press(&mut driver, "down down down down down down down down down");
    press(&mut driver, "tab");
    assert_eq!(
        shown(&mut driver)[0],
        "> item 0",
        "the second list starts at its top"
    );
    press(&mut driver, "tab up");
    assert_eq!(
        shown(&mut driver),
        ["  item 6", "  item 7", "> item 8", "  item 9"],
        "the first list kept its window while the second showed"
    );
}

#[test]
fn outside_a_driver_the_window_starts_from_the_top() {
    let items: Vec<Vec<Line>> = (0..10)
        .map(|i| vec![Line::plain(format!("item {i}"))])
        .collect();
    let state = ListState {
        selected: 5,
        offset: 0,
    };
    let list = List::new(&items).kept_as("list");
    for _ in 0..2 {
        let rows: Vec<String> = list
            .lines_with(&state, 12, 4)
            .iter()
            .map(Line::plain_text)
            .collect();
        assert_eq!(rows, ["item 2", "item 3", "item 4", "item 5"]);
    }
}
