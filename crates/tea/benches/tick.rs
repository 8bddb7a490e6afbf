//! The loop's cost per subscription tick: a tiny program with `every(1ms)`, advanced one tick
//! at a time (the timer fires, `update` runs, subscriptions are followed), with and without
//! the frame afterwards. `cargo bench -p tea --bench tick` prints min/p50/p99.

mod support;

use std::time::Duration;
use support::measure;

use tea::{Cmd, Driver, Event, Line, Palette, Program, Size, Subs};

struct Ticker {
    ticks: u64,
    width: u16,
}

#[derive(Debug, Clone)]
enum Msg {
    Tick,
    Resized(Size),
}

impl Program for Ticker {
    type Msg = Msg;
    type Output = ();
    fn update(&mut self, msg: Msg) -> Cmd<Msg> {
        match msg {
            Msg::Tick => self.ticks += 1,
            Msg::Resized(size) => self.width = size.width,
        }
        Cmd::None
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![Line::plain(format!("ticks {}", self.ticks))])
    }
    fn subscriptions(&self) -> Subs<Msg> {
        Subs::every("tick", Duration::from_millis(1), Msg::Tick)
    }
    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => None,
        }
    }
}

fn main() {
    let ticker = || Ticker { ticks: 0, width: 0 };
    let size = Size::new(40, 1);
    let mut driver = Driver::new(ticker(), size, Palette::dark());
    measure("one tick (advance 1ms)", 20_000, || {
        std::hint::black_box(driver.advance(Duration::from_millis(1)));
    });
    let mut driver = Driver::new(ticker(), size, Palette::dark());
    measure("one tick and its frame", 20_000, || {
        driver.advance(Duration::from_millis(1));
        std::hint::black_box(driver.frame_ref());
    });
    let mut driver = Driver::new(ticker(), size, Palette::dark());
    measure("a second of ticks (advance 1s)", 200, || {
        std::hint::black_box(driver.advance(Duration::from_secs(1)));
    });
    assert!(driver.program().ticks > 0);
}
