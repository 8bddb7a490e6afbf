//! The headless driver with a small program: keymap, messages, resize, frames and the cache.

use tea::input::{KeyCode, as_press, parse_key_script};
use tea::{Cmd, Driver, Effect, Event, Line, Palette, Program, Size, Slot, Style};

/// A counter: up/down change it, enter quits with the count (printing it first), b rings the
/// bell.
struct Counter {
    count: i32,
    size: Size,
    /// What the driver told of the palette's background, in order (`true`: light).
    backgrounds: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq)]
enum Msg {
    Increment,
    Decrement,
    Finish,
    Complain,
    Resized(Size),
    LightBackground(bool),
}

impl Program for Counter {
    type Msg = Msg;
    type Output = i32;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, i32> {
        match msg {
            Msg::Increment => self.count += 1,
            Msg::Decrement => self.count -= 1,
            Msg::Finish => {
                let printed = Cmd::println(format!("finished at {}", self.count));
                return Cmd::batch([printed, Cmd::Quit(self.count), Cmd::println("never")]);
            }
            Msg::Complain => return Cmd::Bell,
            Msg::Resized(size) => self.size = size,
            Msg::LightBackground(light) => self.backgrounds.push(light),
        }
        Cmd::None
    }

    fn view(&self) -> tea::View<'_> {
        let lines = vec![
            Line::styled(format!("count {}", self.count), Style::fg(Slot::Accent)),
            Line::plain(format!("size {}", self.size)),
        ];
        tea::View::rows(lines)
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            Event::Background { light } => Some(Msg::LightBackground(light)),
            _ => {
                let key = as_press(event)?;
                match key.code {
                    KeyCode::Up => Some(Msg::Increment),
                    KeyCode::Down => Some(Msg::Decrement),
                    KeyCode::Enter => Some(Msg::Finish),
                    KeyCode::Char('b') => Some(Msg::Complain),
                    _ => None,
                }
            }
        }
    }
}

fn driver() -> Driver<Counter> {
    driver_with(Palette::dark())
}

fn driver_with(palette: Palette) -> Driver<Counter> {
    let counter = Counter {
        count: 0,
        size: Size::default(),
        backgrounds: Vec::new(),
    };
    Driver::new(counter, Size::new(20, 5), palette)
}

#[test]
fn the_program_is_told_of_a_light_background_and_of_every_switch() {
    // Dark is what a program assumes: nothing to tell.
    let mut driver = driver();
    assert!(driver.program().backgrounds.is_empty());
    driver.set_palette(Palette::light());
    driver.set_palette(Palette::light().at_level(tea::theme::ColorLevel::Ansi256));
    driver.set_palette(Palette::dark());
    assert_eq!(driver.program().backgrounds, [true, false]);
    let driver = driver_with(Palette::light().at_level(tea::theme::ColorLevel::NoColor));
    assert_eq!(driver.program().backgrounds, [true]);
}

#[test]
fn the_program_starts_at_the_drivers_size() {
    let mut d = driver();
    assert_eq!(d.frame().plain(), vec!["count 0", "size 20x5"]);
}

#[test]
fn events_go_through_the_keymap() {
    let mut d = driver();
    for event in parse_key_script("up up down x").unwrap() {
        assert!(d.send(&event).is_empty());
    }
    assert_eq!(d.program().count, 1);
    assert_eq!(
        d.send(&parse_key_script("b").unwrap()[0]),
        vec![Effect::Bell]
    );
    assert_eq!(
        d.send(&parse_key_script("enter").unwrap()[0]),
        vec![
            Effect::Print(vec![Line::plain("finished at 1")]),
            Effect::Quit(1)
        ]
    );
}

#[test]
fn releases_do_not_act() {
    let mut d = driver();
    for event in tea::input::decode("\x1b[1;1:1A\x1b[1;1:3A") {
        d.send(&event);
    }
    assert_eq!(d.program().count, 1);
}

#[test]
fn messages_and_resizes_change_the_frame() {
    let mut d = driver();
    d.send_msg(Msg::Increment);
    d.resize(Size::new(8, 3));
    assert_eq!(d.frame().plain(), vec!["count 1", "size 8x3"]);
    d.send(&Event::Resize(Size::new(12, 4)));
    assert_eq!(d.size(), Size::new(12, 4));
    assert_eq!(d.frame().plain(), vec!["count 1", "size 12x4"]);
}

#[test]
fn an_unchanged_frame_comes_from_the_cache() {
    let mut d = driver();
    let first = d.frame();
    assert!(d.is_frame_cached());
    assert_eq!(d.frame(), first);
    // An ignored key changes nothing, so the cache stays.
    d.send(&parse_key_script("x").unwrap()[0]);
    assert!(d.is_frame_cached());
    d.send(&parse_key_script("up").unwrap()[0]);
    assert!(!d.is_frame_cached());
    assert_eq!(d.frame().plain()[0], "count 1");
    d.set_palette(Palette::no_color());
    assert!(!d.is_frame_cached());
    assert_eq!(d.frame().rows[0].ansi, "\x1b[0;1mcount 1\x1b[0m");
}

#[test]
fn batches_of_events_collect_their_effects() {
    let mut d = driver();
    let events = parse_key_script("b up enter").unwrap();
    let printed = Effect::Print(vec![Line::plain("finished at 1")]);
    assert_eq!(
        d.send_all(&events),
        vec![Effect::Bell, printed, Effect::Quit(1)],
        "a print is handed back in order, and nothing after the quit"
    );
    assert_eq!(d.into_program().count, 1);
}
