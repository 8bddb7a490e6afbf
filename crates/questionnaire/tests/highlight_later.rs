//! A first frame that does not wait for syntax highlighting ([`App::highlighting_later`]): code
//! whose grammar this process has not compiled is drawn plain, a task compiles it, and the code
//! turns colored. One test per process state, so each test uses its own language.

mod common;

use std::sync::Arc;
use std::sync::mpsc;
use std::time::Duration;

use common::questionnaire;
use questionnaire::App;
use serde_json::{Value, json};
use tea::driver::{Driver, TaskPolicy};
use tea::{Palette, Size};

fn with_code(lang: &str) -> Value {
    json!({"questions": [{
        "id": "pick", "header": "Pick", "prompt": "Which one?", "type": "single",
        "options": [
            {"value": "a", "label": "Alpha",
             "preview": format!("## Alpha\n\n```{lang}\nmain = print 42\n```")},
            {"value": "b", "label": "Beta"}
        ]
    }]})
}

const SIZE: Size = Size::new(100, 24);

fn palette() -> Palette {
    Palette::dark().with_links(false)
}

/// A driver running tasks on threads, and a receiver told when one finished.
fn threaded(app: App) -> (Driver<App>, mpsc::Receiver<()>) {
    let (tx, rx) = mpsc::channel();
    let wake = Arc::new(move || {
        let _ = tx.send(());
    });
    (
        Driver::with_tasks(app, SIZE, palette(), TaskPolicy::Threaded { wake }),
        rx,
    )
}

fn highlighted_frame(input: Value) -> Vec<String> {
    Driver::new(App::new(questionnaire(input)), SIZE, palette())
        .frame_ref()
        .ansi()
}

#[test]
fn code_is_plain_first_and_colored_once_compiled() {
    let input = with_code("haskell");
    let (mut driver, finished) = threaded(App::highlighting_later(questionnaire(input.clone())));
    assert_eq!(driver.running_tasks(), 1, "the grammar compiles on a task");
    let first = driver.frame_ref().clone();
    let code_row = first
        .plain()
        .iter()
        .position(|row| row.contains("main = print 42"));
    assert!(
        code_row.is_some(),
        "the preview shows:\n{}",
        first.plain().join("\n")
    );

    finished
        .recv_timeout(Duration::from_secs(60))
        .expect("the highlighting task ends");
    driver.poll_tasks();
    let colored = driver.frame_ref().clone();
    assert_eq!(colored.plain(), first.plain(), "the same rows");
    assert_ne!(colored.ansi(), first.ansi(), "now colored");
    assert_eq!(
        colored.ansi(),
        highlighted_frame(input),
        "as App::new draws it"
    );
}

#[test]
fn every_question_turns_colored() {
    // Two questions in languages of their own: two tasks, the first question's first.
    let mut input = with_code("lua");
    let mut second = with_code("scala")["questions"][0].clone();
    second["id"] = json!("other");
    input["questions"].as_array_mut().unwrap().push(second);
    let (mut driver, finished) = threaded(App::highlighting_later(questionnaire(input.clone())));
    assert_eq!(driver.running_tasks(), 1, "one task at a time");
    for _ in 0..2 {
        finished
            .recv_timeout(Duration::from_secs(60))
            .expect("a highlighting task ends");
        driver.poll_tasks();
    }
    assert_eq!(driver.running_tasks(), 0);
    let mut expected = Driver::new(App::new(questionnaire(input)), SIZE, palette());
    assert_eq!(driver.frame_ref().ansi(), expected.frame_ref().ansi());
    let tab = tea::input::parse_key_script("tab").unwrap();
    driver.send(&tab[0]);
    expected.send(&tab[0]);
    assert_eq!(
        driver.frame_ref().ansi(),
        expected.frame_ref().ansi(),
        "the second question"
    );
}

#[test]
fn code_already_compiled_is_colored_from_the_first_frame() {
    let input = with_code("ruby");
    tea_markdown::compile_code("```ruby\nputs 1\n```");
    let (mut driver, _finished) = threaded(App::highlighting_later(questionnaire(input.clone())));
    assert_eq!(driver.running_tasks(), 0, "nothing to compile");
    assert_eq!(driver.frame_ref().ansi(), highlighted_frame(input));
}

#[test]
fn tasks_run_inline_draw_what_app_new_draws() {
    let input = with_code("perl");
    let app = App::highlighting_later(questionnaire(input.clone()));
    let mut driver = Driver::new(app, SIZE, palette());
    assert_eq!(driver.frame_ref().ansi(), highlighted_frame(input));
}
