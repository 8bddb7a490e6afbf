//! The mouse through tea's driver, as a terminal delivers it: events at cells of the last frame,
//! hit tested against what the frame drew there. The cells are found on the frame by their text.

mod common;

use common::*;
use questionnaire::{App, Outcome};
use serde_json::json;
use tea::input::Event;
use tea::mouse::{Mouse, MouseButton, MouseEventKind, MouseMode, ScrollDirection};
use tea::{Driver, Palette, Size};

const SIZE: Size = Size::new(80, 24);

fn driver(app: App) -> Driver<App> {
    Driver::new(app, SIZE, Palette::no_color())
}

fn with_mouse(input: serde_json::Value) -> Driver<App> {
    driver(app(input, SIZE.width, SIZE.height).app.with_mouse())
}

/// The cell (column, row) where `text` first shows in the frame.
fn cell_of(driver: &mut Driver<App>, text: &str) -> (u16, u16) {
    let rows = driver.frame().plain();
    rows.iter()
        .enumerate()
        .find_map(|(row, line)| {
            let at = line.find(text)?;
            Some((tea::text::width(&line[..at]) as u16, row as u16))
        })
        .unwrap_or_else(|| panic!("{text:?} is not in the frame:\n{}", rows.join("\n")))
}

fn mouse(
    driver: &mut Driver<App>,
    kind: MouseEventKind,
    (column, row): (u16, u16),
) -> Option<Outcome> {
    let event = Event::Mouse(Mouse::at(kind, column, row));
    driver.send(&event).into_quit()
}

fn click(driver: &mut Driver<App>, cell: (u16, u16)) -> Option<Outcome> {
    let left = MouseButton::Left;
    mouse(driver, MouseEventKind::Down(left), cell)
        .or_else(|| mouse(driver, MouseEventKind::Up(left), cell))
}

fn wheel(driver: &mut Driver<App>, direction: ScrollDirection, cell: (u16, u16)) {
    assert_eq!(mouse(driver, MouseEventKind::Scroll(direction), cell), None);
}

fn focused(driver: &mut Driver<App>) -> String {
    let rows = driver.frame().plain();
    rows.into_iter()
        .find(|row| row.contains("› "))
        .expect("a focused row")
}

fn single() -> serde_json::Value {
    json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Pick one",
        "options": [
            {"value": "a", "label": "Alpha"},
            {"value": "b", "label": "Beta"},
            {"value": "c", "label": "Gamma"}
        ]
    }]})
}

#[test]
fn the_view_asks_for_clicks_only_when_the_host_turns_the_mouse_on() {
    assert_eq!(with_mouse(single()).mouse_mode(), MouseMode::Clicks);
    let mut plain = driver(app(single(), SIZE.width, SIZE.height).app);
    assert_eq!(plain.mouse_mode(), MouseMode::Off);
    let gamma = cell_of(&mut plain, "Gamma");
    assert_eq!(click(&mut plain, gamma), None);
    assert_eq!(click(&mut plain, gamma), None);
    assert!(focused(&mut plain).contains("Alpha"), "no click reached it");
}

#[test]
fn a_click_focuses_an_option_and_a_second_click_picks_it() {
    let mut driver = with_mouse(single());
    let gamma = cell_of(&mut driver, "Gamma");
    assert_eq!(click(&mut driver, gamma), None);
    assert!(focused(&mut driver).contains("Gamma"));
    let outcome = click(&mut driver, gamma).expect("the second click picks");
    assert_eq!(details(&outcome)["answers"]["pick"]["values"], json!(["c"]));
}

#[test]
fn a_click_anywhere_on_an_options_rows_counts_but_not_beside_the_list() {
    let mut driver = with_mouse(single());
    let (x, y) = cell_of(&mut driver, "Beta");
    // The row's number, left of the label, is the option's too.
    assert_eq!(click(&mut driver, (x - 4, y)), None);
    assert!(focused(&mut driver).contains("Beta"));
    let prompt = cell_of(&mut driver, "Pick one");
    assert_eq!(click(&mut driver, prompt), None);
    assert!(
        focused(&mut driver).contains("Beta"),
        "the prompt is no option"
    );
}

#[test]
fn in_a_multi_list_the_second_click_toggles() {
    let mut driver = with_mouse(plan());
    let scope = cell_of(&mut driver, "Scope");
    assert_eq!(click(&mut driver, scope), None);
    let gist = cell_of(&mut driver, "gist");
    click(&mut driver, gist);
    click(&mut driver, gist);
    assert!(focused(&mut driver).contains("[x] gist"));
    click(&mut driver, gist);
    assert!(focused(&mut driver).contains("[ ] gist"));
}

#[test]
fn a_click_on_a_tab_shows_it() {
    let mut driver = with_mouse(plan());
    let format = cell_of(&mut driver, "Format");
    click(&mut driver, format);
    assert!(
        driver
            .frame()
            .plain()
            .join("\n")
            .contains("Which log format?")
    );
    let review = cell_of(&mut driver, "Review");
    click(&mut driver, review);
    assert!(driver.frame().plain().join("\n").contains("Submit"));
}

#[test]
fn the_wheel_over_the_list_moves_the_focus() {
    let mut driver = with_mouse(single());
    let alpha = cell_of(&mut driver, "Alpha");
    wheel(&mut driver, ScrollDirection::Down, alpha);
    wheel(&mut driver, ScrollDirection::Down, alpha);
    assert!(focused(&mut driver).contains("Gamma"));
    wheel(&mut driver, ScrollDirection::Up, alpha);
    assert!(focused(&mut driver).contains("Beta"));
    // Right of the labels is the list's blank space: the wheel still moves it.
    wheel(&mut driver, ScrollDirection::Up, (SIZE.width - 3, alpha.1));
    assert!(focused(&mut driver).contains("Alpha"));
}

#[test]
fn the_wheel_over_the_context_scrolls_it() {
    let mut driver = with_mouse(json!({"questions": [{
        "id": "q", "header": "Q", "prompt": "Pick",
        "context": (1..=20).map(|n| format!("- line {n:02}")).collect::<Vec<_>>().join("\n"),
        "options": [{"value": "a", "label": "Alpha"}]
    }]}));
    let first = cell_of(&mut driver, "line 01");
    assert!(!driver.frame().plain().join("\n").contains("line 06"));
    wheel(&mut driver, ScrollDirection::Down, first);
    let shown = driver.frame().plain().join("\n");
    assert!(
        !shown.contains("line 01") && shown.contains("line 04"),
        "{shown}"
    );
}

#[test]
fn the_wheel_over_the_preview_scrolls_it() {
    let preview = (1..=40)
        .map(|n| format!("preview row {n:02}"))
        .collect::<Vec<_>>()
        .join("\n\n");
    let mut driver = Driver::new(
        app(
            json!({"questions": [{
                "id": "q", "header": "Q", "prompt": "Pick",
                "options": [{"value": "a", "label": "Alpha", "preview": preview}]
            }]}),
            120,
            24,
        )
        .app
        .with_mouse(),
        Size::new(120, 24),
        Palette::no_color(),
    );
    let row = cell_of(&mut driver, "preview row 01");
    wheel(&mut driver, ScrollDirection::Down, row);
    let shown = driver.frame().plain().join("\n");
    assert!(!shown.contains("preview row 01"), "{shown}");
    assert!(shown.contains("preview row 03"), "{shown}");
}
