//! `allowCustom: false`: the question's list ends with its last option, and nothing reaches a
//! free-text editor (keys through the real keymap and `update`).

mod common;

use common::*;
use questionnaire::Outcome;
use serde_json::{Value, json};
use tea::Cmd;

fn options_only(kind: &str) -> Value {
    json!({"questions": [
        {"id": "pick", "header": "Pick", "prompt": "Pick one", "type": kind, "allowCustom": false,
         "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
        {"id": "free", "header": "Free", "prompt": "Or say it", "type": kind,
         "options": [{"value": "c", "label": "Gamma"}]}
    ]})
}

fn has(app: &Shown, text: &str) -> bool {
    screen(app).iter().any(|row| row.contains(text))
}

#[test]
fn the_list_has_no_type_something_row() {
    for kind in ["single", "multi"] {
        let mut app = app(options_only(kind), 80, 24);
        assert!(has(&app, "Beta"), "{kind}:\n{}", show(&app));
        assert!(!has(&app, "Type something."), "{kind}:\n{}", show(&app));
        press(&mut app, "tab");
        assert!(
            has(&app, "Type something."),
            "{kind}: the other question keeps it:\n{}",
            show(&app)
        );
    }
}

#[test]
fn the_number_past_the_options_rings_the_bell() {
    let mut app = app(options_only("single"), 80, 24);
    assert_eq!(effects(&mut app, "3"), vec![Cmd::Bell]);
    assert!(!app.state().is_answered("pick"));
    assert!(
        !has(&app, "Your answer"),
        "no editor opened:\n{}",
        show(&app)
    );
}

#[test]
fn the_cursor_stops_at_the_last_option() {
    for kind in ["single", "multi"] {
        let mut app = app(options_only(kind), 80, 24);
        // Down past the end, then Enter: an option is chosen, no editor opens.
        press(&mut app, "down down down end enter");
        assert_eq!(app.tab(), 1, "{kind}: Enter on the last option moves on");
        let details = match press(&mut app, "esc") {
            Some(Outcome::Cancelled(result)) => result.details,
            other => panic!("expected a cancel, got {other:?}"),
        };
        let expected = if kind == "single" {
            json!(["b"])
        } else {
            json!([])
        };
        assert_eq!(details["answers"]["pick"]["values"], expected, "{kind}");
        assert_eq!(details["answers"]["pick"].get("customText"), None);
        assert_eq!(details["questions"][0]["allowCustom"], false);
    }
}
