//! Each component of the questionnaire's tree drawn alone, from the props the view gives it
//! after a key replay, at three box sizes (a 1x1 box included), compared with reviewed
//! snapshots in `tests/snapshots/components/`. `UPDATE_SNAPSHOTS=1 cargo test -p
//! questionnaire --lib gallery` rewrites them.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tea::components::{Block, Stack};
use tea::input::parse_key_script;
use tea::snapshot::SnapshotSet;
use tea::{Line, Palette, Program, Size};

use crate::model::App;

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/components")
}

/// Boxes each component is drawn in: columns × rows.
const SIZES: [(usize, usize); 3] = [(1, 1), (28, 5), (64, 12)];

#[derive(Debug, Clone, Copy)]
enum Component {
    Tabs,
    Context,
    Prompt,
    OptionList,
    Editor,
    PreviewPane,
    PreviewBelow,
    Review,
    Footer,
    Dock,
}

/// (component, terminal size of the app, keys replayed before the props are taken, styled too)
const CASES: &[(Component, (u16, u16), &str, bool)] = &[
    (Component::Tabs, (80, 24), "1", true),
    (Component::Context, (80, 24), "tab alt+down", false),
    (Component::Prompt, (80, 24), "tab", false),
    (
        Component::OptionList,
        (80, 60),
        "tab down n why enter space end enter own enter",
        true,
    ),
    (
        Component::Editor,
        (80, 24),
        "tab n a shift+enter draft",
        true,
    ),
    (Component::PreviewPane, (120, 40), "shift+down", true),
    (Component::PreviewBelow, (80, 24), "p shift+down", false),
    (Component::Review, (80, 24), "1 tab", true),
    (Component::Footer, (80, 24), "tab", true),
    (Component::Dock, (80, 24), "1 ctrl+]", false),
];

fn name(component: Component) -> &'static str {
    match component {
        Component::Tabs => "tabs",
        Component::Context => "context",
        Component::Prompt => "prompt",
        Component::OptionList => "option_list",
        Component::Editor => "editor",
        Component::PreviewPane => "preview_pane",
        Component::PreviewBelow => "preview_below",
        Component::Review => "review",
        Component::Footer => "footer",
        Component::Dock => "dock",
    }
}

fn input() -> Value {
    json!({
        "title": "Parser",
        "questions": [
            {
                "id": "errors",
                "header": "Errors",
                "prompt": "How should the parser report errors to its callers?",
                "options": [
                    {
                        "value": "result",
                        "label": "Return Result",
                        "description": "Callers decide what to do",
                        "recommended": true,
                        "preview": "## Result\n\n```rust\nfn parse(src: &str) -> Result<Ast, Error>\n```\n\n- composes with `?`\n- no hidden control flow\n- errors carry a span\n- callers can recover"
                    },
                    {"value": "panic", "label": "Panic", "description": "Abort on the first error"}
                ]
            },
            {
                "id": "checks",
                "header": "Checks",
                "context": "The checks run **before** code generation.\n\n- one\n- two\n- three\n- four\n- five\n- six",
                "prompt": "Which checks should run on every build, and which only in CI? Pick all that apply.",
                "type": "multi",
                "options": [
                    {"value": "types", "label": "Types", "description": "Type-check every module"},
                    {"value": "lints", "label": "Lints with a long label that wraps onto a second row in narrow boxes"},
                    {"value": "tests", "label": "Tests", "recommended": true}
                ]
            }
        ]
    })
}

/// The app after `keys`, each handled as a driver does: after a frame at `size`.
fn app(size: Size, keys: &str) -> App {
    let questionnaire = question::validate(&input()).expect("valid gallery input");
    let mut app = App::new(questionnaire);
    for event in parse_key_script(keys).expect("valid key script") {
        if let Some(msg) = app.event(&event) {
            app.lines(size);
            let _ = app.update(msg);
        }
    }
    app
}

/// The component's lines in a box of `width` × `height`, from the props the view builds.
/// The app's text is measured at `size`, the size it was shown at.
fn draw(component: Component, app: &App, size: Size, width: usize, height: usize) -> Vec<Line> {
    let m = &*app.measured_at(size);
    let q = app.tab.min(app.questions().len().saturating_sub(1));
    let plan = &app.plan(m).unwrap_or_default();
    let scrolls = &app.scrolls(m, q, plan);
    match component {
        Component::Tabs => app.tab_bar().lines(width, height),
        Component::Context => app.context(m, q, plan, scrolls).lines(width, height),
        Component::Prompt => app.prompt(m, q, scrolls).lines(width, height),
        Component::OptionList => {
            let mut list = app.option_list(m, q, plan);
            let (shown, cursor) = app.list_items(&m.questions[q], q);
            list.window_in(&shown, cursor, plan.list, 0);
            list.lines(width, height)
        }
        Component::Editor => {
            let target = app.open_editor().expect("an open editor");
            let editor = app.editor_props(target, size.width.into());
            editor.lines(width, height)
        }
        Component::PreviewPane => app.preview_pane(m, q, scrolls.preview).lines(width, height),
        Component::PreviewBelow => app
            .preview_below(m, q, scrolls.preview)
            .lines(width, height),
        Component::Review => Stack::new(app.review_body(m)).lines(width, height),
        Component::Footer => vec![app.footer(app.hint_context(m, Some(scrolls)), width)],
        Component::Dock => vec![app.dock_line(width as u16)],
    }
}

#[test]
fn components_match_their_snapshots() {
    let mut snapshots = SnapshotSet::new(snapshot_dir());
    for &(component, size, keys, styled) in CASES {
        let size = Size::new(size.0, size.1);
        let app = app(size, keys);
        for (width, height) in SIZES {
            let lines = draw(component, &app, size, width, height);
            assert!(lines.len() <= height, "{}: too many rows", name(component));
            for line in &lines {
                assert!(line.width() <= width, "{}: {line:?}", name(component));
            }
            let frame = tea::frame::render_lines(&lines, width as u16, &Palette::no_color());
            let case = format!("{}@{width}x{height}", name(component));
            let header = format!(
                "# component: {case}  app: {}x{}  keys: {keys:?}",
                size.width, size.height
            );
            snapshots.check(&case, &header, &frame, styled);
        }
    }
    snapshots.finish();
}
