//! Helpers shared by the questionnaire's tests: build an app from JSON, press keys through the
//! real keymap, read the screen as plain text.
#![allow(dead_code)]

use std::ops::{Deref, DerefMut};

use question::Questionnaire;
use questionnaire::{App, Msg, Outcome};
use serde_json::{Value, json};
use tea::input::parse_key_script;
use tea::{Cmd, Program, Size};

pub fn questionnaire(input: Value) -> Questionnaire {
    question::validate(&input).unwrap_or_else(|issues| panic!("invalid test input: {issues:?}"))
}

/// The questionnaire in a terminal of a size. Each message is handled after a frame at that
/// size, as tea's driver handles it: from what the person saw.
pub struct Shown {
    pub app: App,
    pub size: Size,
}

impl Shown {
    pub fn new(app: App, size: Size) -> Shown {
        Shown { app, size }
    }

    /// The same terminal with the questionnaire changed by `change` (a host's setting).
    pub fn with(self, change: impl FnOnce(App) -> App) -> Shown {
        Shown::new(change(self.app), self.size)
    }

    /// `msg` through `update`, after a frame.
    pub fn update(&mut self, msg: Msg) -> Cmd<Msg, Outcome> {
        self.app.lines(self.size);
        self.app.update(msg)
    }

    /// The terminal resized: the next frame is drawn at `size`.
    pub fn resize(&mut self, size: Size) {
        self.size = size;
        self.app.lines(size);
    }

    /// The frame as rows.
    pub fn lines(&self) -> Vec<tea::Line> {
        self.app.lines(self.size)
    }

    /// The panel's height.
    pub fn height(&self) -> usize {
        self.app.height(self.size)
    }
}

impl Deref for Shown {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl DerefMut for Shown {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

pub fn app(input: Value, width: u16, height: u16) -> Shown {
    Shown::new(App::new(questionnaire(input)), Size::new(width, height))
}

/// Presses the keys of a key script; returns the first quit outcome, if any.
pub fn press(app: &mut Shown, script: &str) -> Option<Outcome> {
    let mut cmds = Vec::new();
    for event in parse_key_script(script).expect("valid key script") {
        if let Some(msg) = app.event(&event) {
            cmds.push(app.update(msg));
        }
    }
    cmds.into_iter().find_map(Cmd::into_quit)
}

/// The key script that types `text`, spaces included ("a b" → "text:a space text:b").
pub fn typing(text: &str) -> String {
    text.split(' ')
        .map(|word| {
            if word.is_empty() {
                String::new()
            } else {
                format!("text:{word}")
            }
        })
        .collect::<Vec<_>>()
        .join(" space ")
}

/// Every effect the keys produced, in order.
pub fn effects(app: &mut Shown, script: &str) -> Vec<Cmd<Msg, Outcome>> {
    let mut cmds = Vec::new();
    for event in parse_key_script(script).expect("valid key script") {
        if let Some(msg) = app.event(&event) {
            cmds.extend(app.update(msg).flatten());
        }
    }
    cmds
}

pub fn screen(app: &Shown) -> Vec<String> {
    app.lines().iter().map(|l| l.plain_text()).collect()
}

pub fn show(app: &Shown) -> String {
    screen(app).join("\n")
}

pub fn details(outcome: &Outcome) -> &Value {
    &outcome.result().details
}

/// Three questions of different types, with context, descriptions, previews and a
/// recommendation.
pub fn plan() -> Value {
    json!({
        "title": "Implementation plan",
        "questions": [
            {
                "id": "approach",
                "header": "Approach",
                "prompt": "Which approach should we use?",
                "context": "**Summary:** small steps\n\n- one\n- two\n- three\n- four\n- five\n- six",
                "options": [
                    {"value": "safe", "label": "Safe approach", "description": "Small, reviewable changes",
                     "preview": "## Plan\nStart with tests.\n\n```rust\nfn main() {}\n```", "recommended": true},
                    {"value": "fast", "label": "Fast approach", "description": "One big change"},
                    {"value": "none", "label": "Do nothing"}
                ]
            },
            {
                "id": "scope",
                "header": "Scope",
                "prompt": "Which scopes?",
                "type": "multi",
                "required": true,
                "options": [
                    {"value": "repo", "label": "repo"},
                    {"value": "gist", "label": "gist"},
                    {"value": "org", "label": "read:org"}
                ]
            },
            {
                "id": "format",
                "header": "Format",
                "prompt": "Which log format?",
                "type": "text"
            }
        ]
    })
}

/// Hostile and wide text: escape sequences, control characters, bidi overrides, tabs, CJK,
/// emoji, long words.
pub fn hostile() -> Value {
    json!({
        "title": "\u{1b}]0;pwned\u{7}Title\u{1b}[31m red",
        "labels": {"submit": "\u{1b}[2JEnviar", "typeSomething": "Escribe\talgo"},
        "questions": [
            {
                "id": "q1", "header": "日本語\u{202e}evil", "prompt": "Pick 🎉👨‍👩‍👧 one\u{7}\r\nsecond line",
                "context": "# Head\u{1b}[1m\n\n| a | b |\n|---|---|\n| 日本 | x |\n\n```sh\necho \u{1b}[31mhi\n```",
                "options": [
                    {"value": "a", "label": "Supercalifragilisticexpialidocious-and-then-some-more-text", "description": "desc\u{1b}[0m with\ttab", "recommended": true},
                    {"value": "b", "label": "表示テキストの長いラベルです表示テキストの長いラベルです", "preview": "- 🎉 emoji\n- \u{1b}]8;;http://x\u{7}link\u{1b}]8;;\u{7}"}
                ]
            },
            {"id": "q2", "header": "Multi", "prompt": "p", "type": "multi",
             "options": [{"value": "x", "label": "x"}, {"value": "y", "label": "y\u{0}\u{8}"}]},
            {"id": "q3", "header": "Confirm", "prompt": "Sure?", "type": "confirm"}
        ]
    })
}

/// One question with thirty options.
pub fn long_list() -> Value {
    let options: Vec<Value> = (1..=30)
        .map(|i| json!({"value": format!("v{i}"), "label": format!("Option number {i}"),
                        "description": if i % 3 == 0 { json!(format!("Description of option {i}, long enough to wrap at narrow widths")) } else { Value::Null }}))
        .map(|mut o| { if o["description"].is_null() { o.as_object_mut().unwrap().remove("description"); } o })
        .collect();
    json!({"questions": [{"id": "many", "header": "Many", "prompt": "Pick any", "type": "multi", "options": options}]})
}

/// What a driver's questionnaire shows at the driver's size, as plain text.
pub fn show_driver(driver: &tea::Driver<App>) -> String {
    let lines = driver.program().lines(driver.size());
    let rows: Vec<String> = lines.iter().map(|l| l.plain_text()).collect();
    rows.join("\n")
}
