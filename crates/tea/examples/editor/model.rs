//! A small editor, bubbletea's `textarea` example on tea: the text area component (soft wrap,
//! readline keys, undo/redo, a kill ring) in a frame, a status line with the caret's line and
//! column, and a help footer. Ctrl+S saves (quits with the text), Esc cancels (quits with the
//! draft too: nothing typed is lost).

use tea::components::textarea::{self, TextArea, TextAreaMsg};
use tea::components::{Block, Help, Panel, Rows, Stack, StackItem};
use tea::keymap::{Binding, HelpEntry, Keymap};
use tea::view::{Cursor, CursorShape};
use tea::{Cmd, Event, Line, Program, Size, Slot, Span, Style, View, text};

/// The most rows the view takes (a terminal's full height is more than a note needs).
pub const ROWS: usize = 14;

/// What the editor starts with when nothing is piped in.
pub const SAMPLE: &str =
    "Dear diary,\nToday I wrote a terminal editor in forty lines of update and view.";

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    /// A message for the text area (typing, moves, kills, undo…).
    Edit(TextAreaMsg),
    Save,
    Cancel,
    Resized(Size),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Saved(String),
    /// Cancelled, with the draft as it was.
    Cancelled(String),
}

pub struct Editor {
    area: TextArea,
    original: String,
    size: Size,
    /// The editor's own keys first; every other key goes to the text area's table.
    keymap: Keymap<(), Msg>,
}

fn keymap() -> Keymap<(), Msg> {
    let binding = |name, keys, msg| Binding::new(name, keys, msg).expect("valid keys");
    let edit = |name, keys, msg| binding(name, keys, Msg::Edit(msg));
    Keymap::new(vec![
        binding("save", "ctrl+s", Msg::Save).help("save"),
        binding("cancel", "esc ctrl+c", Msg::Cancel).help("cancel"),
        // Enter is a new line here (a single-line prompt would submit).
        edit("newline", "enter", TextAreaMsg::Newline).repeats(),
        edit("undo", "ctrl+-", TextAreaMsg::Undo)
            .help("undo")
            .repeats(),
        edit("redo", "alt+-", TextAreaMsg::Redo)
            .help("redo")
            .repeats(),
        edit("yank", "ctrl+y", TextAreaMsg::Yank).help("yank"),
        edit("kill", "ctrl+k", TextAreaMsg::KillToEnd).help("kill line"),
    ])
}

/// The text area as a block, focused (the caret shows).
struct Area<'a>(&'a TextArea);

impl Block for Area<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.0.view(width, height, true)
    }
}

impl Editor {
    pub fn new(text: &str) -> Editor {
        let area = TextArea::new(text);
        Editor {
            original: area.text().to_string(),
            area,
            size: Size::default(),
            keymap: keymap(),
        }
    }

    pub fn text(&self) -> &str {
        self.area.text()
    }

    pub fn help(&self) -> Vec<HelpEntry> {
        self.keymap.help(&())
    }

    /// The caret's line and column, from 1 (the column in terminal cells).
    pub fn position(&self) -> (usize, usize) {
        let before = &self.area.text()[..self.area.cursor()];
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, text::width(&before[start..]) + 1)
    }

    fn frame(&self) -> Panel {
        let edited = self.area.text() != self.original;
        Panel::rows(Vec::new()).title(if edited { "Note •" } else { "Note" })
    }

    /// The width the text area gets at the current size (inside the border when framed).
    fn area_width(&self) -> usize {
        let (width, height) = (
            self.size.width.into(),
            usize::from(self.size.height).min(ROWS),
        );
        self.frame().inner(width, height).0
    }

    /// The status line: where the caret is, how long the text is.
    fn status(&self) -> Line {
        let (line, column) = self.position();
        let text = self.area.text();
        Line::new(vec![
            Span::styled(format!("Ln {line}, Col {column}"), Style::fg(Slot::Accent)),
            Span::styled(
                format!(
                    " · {} lines · {} chars",
                    text.split('\n').count(),
                    text.chars().count()
                ),
                Style::fg(Slot::Muted),
            ),
        ])
    }
}

impl Program for Editor {
    type Msg = Msg;
    type Output = Outcome;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, Outcome> {
        match msg {
            Msg::Edit(edit) => {
                self.area.update(edit);
                // Keep the wrapped rows for the width the view draws at, so a key costs
                // what it changes.
                self.area.lay_out(self.area_width().max(1));
            }
            Msg::Save => return Cmd::Quit(Outcome::Saved(self.text().to_string())),
            Msg::Cancel => return Cmd::Quit(Outcome::Cancelled(self.text().to_string())),
            Msg::Resized(size) => {
                self.size = size;
                self.area.lay_out(self.area_width().max(1));
            }
        }
        Cmd::None
    }

    /// The text, then the status line and the footer, in a frame; when rows run out the
    /// footer goes first, then the status line.
    fn view(&self) -> View<'_> {
        let body = Stack::new(vec![
            StackItem::new(Area(&self.area), 1, ROWS).priority(3),
            StackItem::new(Rows::new(vec![self.status()]).ellipsis(), 1, 1).priority(2),
            StackItem::new(Help::new(self.help()), 1, 1).priority(1),
        ]);
        let note = Panel::around(body).title(self.frame().title);
        // No taller than a note needs: the rest of a tall terminal stays the shell's.
        // The terminal's cursor on the caret, for input methods and screen magnifiers.
        View::new(Stack::new(vec![StackItem::new(note, 1, ROWS)]))
            .cursor(Cursor::on_caret().shape(CursorShape::Bar))
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => self
                .keymap
                .msg_for(event, &())
                .or_else(|| textarea::keymap().msg_for(event, &()).map(Msg::Edit)),
        }
    }
}
