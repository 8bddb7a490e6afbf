//! The host's time limit: a countdown that the first key stops for good, and at zero a
//! timed-out result with everything so far, nothing chosen for the user. Time moves only with
//! the driver's virtual clock.

mod common;

use std::time::Duration;

use common::*;
use questionnaire::parse_script;
use questionnaire::{App, Outcome};
use serde_json::{Value, json};
use tea::driver::Driver;
use tea::{Palette, Size};

fn recommended_pick() -> Value {
    json!({"questions": [
        {"id": "pick", "header": "Pick", "prompt": "Pick one",
         "options": [{"value": "a", "label": "Alpha", "recommended": true},
                     {"value": "b", "label": "Beta"}]},
        {"id": "life", "header": "Lifetime", "prompt": "How long?", "type": "text"}
    ]})
}

fn driver(input: Value, seconds: u64, width: u16, height: u16) -> Driver<App> {
    let size = Size::new(width, height);
    let app = app(input, width, height)
        .app
        .with_time_limit(Duration::from_secs(seconds));
    Driver::new(app, size, Palette::no_color())
}

/// Runs a key script (`wait:` included) and returns the outcome, if it ended.
fn run(driver: &mut Driver<App>, script: &str) -> Option<Outcome> {
    for step in parse_script(script).expect("valid script") {
        if let Some(outcome) = driver.step(&step).into_quit() {
            return Some(outcome);
        }
    }
    None
}

fn frame(driver: &mut Driver<App>) -> String {
    driver.frame().plain().join("\n")
}

#[test]
fn no_key_within_the_limit_ends_it_as_timed_out_and_picks_nothing() {
    let mut d = driver(recommended_pick(), 5, 80, 24);
    assert_eq!(run(&mut d, "wait:4s"), None, "not yet");
    let Some(Outcome::TimedOut(result)) = run(&mut d, "wait:1s") else {
        panic!("timed out at five seconds");
    };
    assert_eq!(result.details["cancelled"], json!(true));
    assert_eq!(result.details["error"], json!("timed_out"));
    assert_eq!(result.details["answers"]["pick"]["values"], json!([]));
    assert!(
        result.content.starts_with("No one answered"),
        "{}",
        result.content
    );
}

#[test]
fn the_first_key_stops_the_countdown_for_good() {
    let mut d = driver(recommended_pick(), 5, 80, 24);
    assert_eq!(run(&mut d, "down wait:60m"), None);
    assert_eq!(d.program().countdown(), None);
    assert!(!frame(&mut d).contains("0:0"), "no countdown is drawn");
}

#[test]
fn a_key_that_does_nothing_stops_it_too_but_a_resize_does_not() {
    // F5 is bound nowhere.
    let mut d = driver(recommended_pick(), 5, 80, 24);
    assert_eq!(run(&mut d, "wait:2s f5 wait:60m"), None);
    let mut d = driver(recommended_pick(), 5, 80, 24);
    d.resize(Size::new(40, 12));
    assert!(matches!(run(&mut d, "wait:5s"), Some(Outcome::TimedOut(_))));
}

#[test]
fn the_countdown_shows_next_to_the_progress_and_warns_in_the_last_30_seconds() {
    let mut d = driver(recommended_pick(), 95, 80, 24);
    assert!(
        frame(&mut d).contains("0/2 answered · 1:35"),
        "{}",
        frame(&mut d)
    );
    run(&mut d, "wait:5s");
    assert!(frame(&mut d).contains("1:30"));
    let styled = |d: &mut Driver<App>| d.frame().tagged().join("\n");
    assert!(
        styled(&mut d).contains("[muted]0/2 answered · 1:30[/]"),
        "{}",
        styled(&mut d)
    );
    run(&mut d, "wait:1m");
    assert!(
        styled(&mut d).contains("[warning]0:30[/]"),
        "{}",
        styled(&mut d)
    );
}

#[test]
fn a_lone_question_shows_its_countdown_in_the_footer() {
    let input = json!({"questions": [{"id": "q", "header": "Q", "prompt": "Pick",
        "options": [{"value": "a", "label": "A"}]}]});
    for (width, height) in [(40, 12), (80, 24), (120, 40)] {
        let mut d = driver(input.clone(), 61, width, height);
        let screen = frame(&mut d);
        let footer = screen.lines().rev().nth(1).unwrap_or_default().to_string();
        assert!(footer.contains("1:01"), "{width}x{height}:\n{screen}");
    }
}

#[test]
fn the_dock_line_shows_a_running_countdown() {
    let a = app(recommended_pick(), 80, 24)
        .app
        .with_time_limit(Duration::from_secs(125));
    assert!(
        a.dock_line(80)
            .plain_text()
            .contains("0/2 answered · 2:05 · ctrl+]"),
        "{}",
        a.dock_line(80).plain_text()
    );
}

#[test]
fn answers_made_before_a_limit_set_later_run_out_are_kept() {
    // A host may restore a questionnaire and set the limit then; answers so far are kept.
    let mut a = app(recommended_pick(), 80, 24);
    press(&mut a, "2");
    let mut d = Driver::new(
        a.app.with_time_limit(Duration::from_secs(1)),
        Size::new(80, 24),
        Palette::no_color(),
    );
    let Some(Outcome::TimedOut(result)) = d.advance(Duration::from_secs(1)).into_quit() else {
        panic!("timed out");
    };
    assert_eq!(result.details["answers"]["pick"]["values"], json!(["b"]));
    assert!(
        result.content.contains("Pick: user selected: 2. Beta"),
        "{}",
        result.content
    );
}

#[test]
fn a_click_that_picks_stops_it_and_the_pointer_moving_does_not() {
    use tea::input::Event;
    use tea::mouse::{Mouse, MouseButton, MouseEventKind};
    let mouse = |d: &mut Driver<App>, kind, (column, row): (u16, u16)| {
        d.send(&Event::Mouse(Mouse::at(kind, column, row)))
    };
    let beta = |d: &mut Driver<App>| {
        let rows = d.frame().plain();
        let row = rows.iter().position(|r| r.contains("Beta")).unwrap();
        (rows[row].find("Beta").unwrap() as u16, row as u16)
    };
    let with_mouse = || {
        let size = Size::new(80, 24);
        let app = app(recommended_pick(), 80, 24)
            .app
            .with_mouse()
            .with_time_limit(Duration::from_secs(5));
        Driver::new(app, size, Palette::no_color())
    };
    // Someone who answers with the mouse is there: a click that picks stops it.
    let mut d = with_mouse();
    let cell = beta(&mut d);
    let left = MouseButton::Left;
    for _ in 0..2 {
        mouse(&mut d, MouseEventKind::Down(left), cell);
        mouse(&mut d, MouseEventKind::Up(left), cell);
    }
    assert_eq!(d.program().countdown(), None);
    assert_eq!(run(&mut d, "wait:60m"), None);
    // The pointer passing over the questionnaire, or a click on its border, says nobody is
    // answering.
    let mut d = with_mouse();
    let cell = beta(&mut d);
    mouse(&mut d, MouseEventKind::Moved, cell);
    mouse(&mut d, MouseEventKind::Down(left), (0, 0));
    mouse(&mut d, MouseEventKind::Up(left), (0, 0));
    assert!(matches!(run(&mut d, "wait:5s"), Some(Outcome::TimedOut(_))));
}
