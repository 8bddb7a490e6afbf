//! The driver's loop: init, subscriptions on the virtual clock (`wait:` in scripts), one-shot
//! timers, tasks inline and on threads, sequences, and the effects handed back.

use std::time::Duration;

use tea::input::{KeyCode, Step, as_press, parse_script};
use tea::{Cmd, Driver, Effect, Event, Line, Palette, Program, Size, Subs, TaskPolicy};

/// A countdown that logs every message it gets. `space` pauses and resumes its `every(1s)`;
/// keys ask for the other effects.
struct Clock {
    left: u32,
    running: bool,
    log: Vec<String>,
    init: Option<Start>,
}

/// The effects a test starts the program with.
type Start = fn() -> Cmd<Msg, String>;

#[derive(Debug, Clone, PartialEq)]
enum Msg {
    Tick,
    Toggle,
    Note(String),
    Key(char),
    Resized(Size),
}

fn note(text: &str) -> Msg {
    Msg::Note(text.to_string())
}

impl Program for Clock {
    type Msg = Msg;
    type Output = String;

    fn init(&self) -> Cmd<Msg, String> {
        self.init.map_or(Cmd::None, |init| init())
    }

    fn update(&mut self, msg: Msg) -> Cmd<Msg, String> {
        self.log.push(match &msg {
            Msg::Note(text) => text.clone(),
            other => format!("{other:?}"),
        });
        match msg {
            Msg::Tick => {
                self.left = self.left.saturating_sub(1);
                if self.left == 0 {
                    return Cmd::Quit("liftoff".into());
                }
            }
            Msg::Toggle => self.running = !self.running,
            Msg::Key('h') => return Cmd::batch([Cmd::println("held"), Cmd::Bell]),
            Msg::Key('a') => return Cmd::After(Duration::from_millis(1500), note("after")),
            Msg::Key('t') => return Cmd::task("work", || note("task done")),
            Msg::Key('s') => {
                return Cmd::sequence([
                    Cmd::After(Duration::from_secs(2), note("first")),
                    Cmd::task("second", || note("second")),
                    Cmd::Msg(note("third")),
                ]);
            }
            Msg::Key('b') => {
                return Cmd::batch([
                    Cmd::After(Duration::from_secs(2), note("slow")),
                    Cmd::Msg(note("fast")),
                ]);
            }
            Msg::Key('q') => return Cmd::batch([Cmd::Quit("quit".into()), Cmd::Bell]),
            _ => {}
        }
        Cmd::None
    }

    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![Line::plain(format!("{} left", self.left))])
    }

    fn subscriptions(&self) -> Subs<Msg> {
        if self.running {
            Subs::every("tick", Duration::from_secs(1), Msg::Tick)
        } else {
            Subs::none()
        }
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => match as_press(event)?.code {
                KeyCode::Char(' ') => Some(Msg::Toggle),
                KeyCode::Char(c) => Some(Msg::Key(c)),
                _ => None,
            },
        }
    }
}

fn clock(left: u32, running: bool) -> Driver<Clock> {
    let clock = Clock {
        left,
        running,
        log: Vec::new(),
        init: None,
    };
    Driver::new(clock, Size::new(20, 1), Palette::no_color())
}

/// Runs a script; the effects of all its steps.
fn run(driver: &mut Driver<Clock>, script: &str) -> Vec<Effect<String>> {
    let steps = parse_script(script).expect("a valid script");
    steps.iter().flat_map(|step| driver.step(step)).collect()
}

/// The log without the first resize.
fn log(driver: &Driver<Clock>) -> Vec<&str> {
    driver.program().log[1..]
        .iter()
        .map(String::as_str)
        .collect()
}

#[test]
fn every_ticks_in_order_as_the_clock_moves() {
    let mut d = clock(10, true);
    assert_eq!(d.next_deadline(), Some(Duration::from_secs(1)));
    run(&mut d, "wait:999ms");
    assert!(log(&d).is_empty());
    run(&mut d, "wait:1ms wait:2s");
    assert_eq!(log(&d), ["Tick", "Tick", "Tick"]);
    assert_eq!(d.now(), Duration::from_secs(3));
    assert_eq!(d.frame().plain(), ["7 left"]);
}

#[test]
fn a_key_between_ticks_keeps_the_phase() {
    let mut d = clock(10, true);
    run(&mut d, "wait:1500ms x wait:500ms");
    assert_eq!(log(&d), ["Tick", "Key('x')", "Tick"]);
}

#[test]
fn a_stopped_subscription_stops_and_restarts_afresh() {
    let mut d = clock(10, true);
    run(&mut d, "wait:1500ms space wait:5m");
    assert_eq!(log(&d), ["Tick", "Toggle"]);
    assert_eq!((d.next_deadline(), d.timers()), (None, 0));
    // Resumed at 5m 1.5s: the first tick is a full second later, not at a whole second.
    run(&mut d, "space wait:999ms");
    assert_eq!(log(&d), ["Tick", "Toggle", "Toggle"]);
    run(&mut d, "wait:1ms");
    assert_eq!(log(&d), ["Tick", "Toggle", "Toggle", "Tick"]);
}

#[test]
fn a_quit_from_a_timer_stops_the_clock_there() {
    let mut d = clock(3, true);
    assert_eq!(run(&mut d, "wait:1m"), [Effect::Quit("liftoff".into())]);
    assert_eq!(d.now(), Duration::from_secs(3));
    assert_eq!(log(&d), ["Tick", "Tick", "Tick"]);
}

#[test]
fn after_fires_once() {
    let mut d = clock(100, false);
    run(&mut d, "a wait:1499ms");
    assert_eq!(log(&d), ["Key('a')"]);
    run(&mut d, "wait:1ms wait:60m");
    assert_eq!(log(&d), ["Key('a')", "after"]);
    assert_eq!(d.timers(), 0);
}

#[test]
fn timers_due_at_once_fire_in_the_order_they_were_set() {
    let mut d = clock(100, true);
    run(&mut d, "wait:500ms a wait:1s wait:1s");
    // At 2s both are due: the `after` was set (at 500ms) before the tick was set again for 2s
    // (at 1s), so it fires first.
    assert_eq!(log(&d), ["Key('a')", "Tick", "after", "Tick"]);
}

#[test]
fn printed_lines_and_the_bell_are_handed_back_in_order() {
    let mut d = clock(100, false);
    assert_eq!(
        run(&mut d, "h"),
        [Effect::Print(vec![Line::plain("held")]), Effect::Bell]
    );
    // Nothing after a quit is performed.
    assert_eq!(run(&mut d, "q"), [Effect::Quit("quit".into())]);
}

#[test]
fn init_effects_run_at_start_and_come_back_with_the_first_call() {
    let clock = Clock {
        left: 100,
        running: false,
        log: Vec::new(),
        init: Some(|| Cmd::batch([Cmd::Msg(note("hello")), Cmd::Bell])),
    };
    let mut d = Driver::new(clock, Size::new(20, 1), Palette::no_color());
    assert_eq!(log(&d), ["hello"]);
    assert_eq!(d.take_effects(), vec![Effect::Bell]);
    assert!(d.take_effects().is_empty());
}

#[test]
fn inline_tasks_deliver_their_result_at_once() {
    let mut d = clock(100, false);
    run(&mut d, "t");
    assert_eq!(log(&d), ["Key('t')", "task done"]);
}

#[test]
fn a_sequence_waits_for_each_step() {
    let mut d = clock(100, false);
    run(&mut d, "s wait:1s");
    assert_eq!(log(&d), ["Key('s')"]);
    run(&mut d, "wait:1s");
    assert_eq!(log(&d), ["Key('s')", "first", "second", "third"]);
}

#[test]
fn a_batch_does_not_wait() {
    let mut d = clock(100, false);
    run(&mut d, "b wait:2s");
    assert_eq!(log(&d), ["Key('b')", "fast", "slow"]);
}

fn threaded() -> Driver<Clock> {
    let clock = Clock {
        left: 100,
        running: false,
        log: Vec::new(),
        init: None,
    };
    let wake = std::sync::Arc::new(|| {});
    Driver::with_tasks(
        clock,
        Size::new(20, 1),
        Palette::no_color(),
        TaskPolicy::Threaded { wake },
    )
}

/// Waits for the running tasks; the timeout only detects a hang.
fn wait_for_tasks(d: &mut Driver<Clock>) {
    for _ in 0..100 {
        if d.running_tasks() == 0 {
            return;
        }
        d.wait_tasks(Duration::from_millis(100));
    }
    panic!("tasks still running after 10 s");
}

#[test]
fn threaded_tasks_deliver_their_result_when_polled() {
    let mut d = threaded();
    run(&mut d, "t");
    assert_eq!(d.running_tasks(), 1);
    wait_for_tasks(&mut d);
    assert_eq!(log(&d), ["Key('t')", "task done"]);
}

#[test]
fn a_sequence_waits_for_a_threaded_task() {
    let mut d = threaded();
    run(&mut d, "s wait:2s");
    assert_eq!(log(&d), ["Key('s')", "first"]);
    assert_eq!(d.running_tasks(), 1);
    wait_for_tasks(&mut d);
    assert_eq!(log(&d), ["Key('s')", "first", "second", "third"]);
}

#[test]
fn waits_in_scripts_are_checked() {
    let steps = parse_script("wait:1500ms WAIT:2s wait:5m text:wait:1s").unwrap();
    assert_eq!(
        steps[..3],
        [
            Step::Wait(Duration::from_millis(1500)),
            Step::Wait(Duration::from_secs(2)),
            Step::Wait(Duration::from_secs(300)),
        ]
    );
    assert_eq!(steps.len(), 3 + "wait:1s".len());
    for (script, position, message) in [
        ("a wait:2", 2, "`2` needs a unit"),
        ("wait:", 1, "a whole number and a unit"),
        ("x y wait:2h", 3, "unknown unit `h`"),
        ("wait:1.5s", 1, "unknown unit `.5s`"),
        ("wait:-1s", 1, "a whole number"),
        ("wait:99999999999ms", 1, "at most a day"),
        ("wait:1441m", 1, "at most a day"),
        ("ctrl+nope", 1, "unknown key name `nope`"),
    ] {
        let err = parse_script(script).unwrap_err();
        assert_eq!(err.position, position, "{script}");
        assert!(err.message.contains(message), "{script}: {err}");
    }
    let err = tea::input::parse_key_script("up wait:1s").unwrap_err();
    assert_eq!(err.position, 2);
    assert!(err.message.contains("parse_script"), "{err}");
}
