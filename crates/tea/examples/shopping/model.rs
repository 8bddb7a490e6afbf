// The shopping list of the guide (docs/guide.md): a model, its messages, `update`, `view` and a
// keymap; nothing else. The driver lays the view out at the terminal's size.
// (Plain comments, not `//!`: the guide's doctests `include!` this file.)

use std::collections::BTreeSet;

use tea::components::{Panel, Stack, StackItem};
use tea::input::{KeyCode, as_press};
use tea::view::Rows;
use tea::{Cmd, Event, Line, Program, Slot, Span, Style, View};

/// What the person can do, named by intent, not by key.
#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Up,
    Down,
    Toggle,
    Done,
}

/// The model: the choices, where the cursor is and what is picked.
pub struct Shopping {
    pub choices: Vec<&'static str>,
    pub cursor: usize,
    pub selected: BTreeSet<usize>,
}

impl Shopping {
    pub fn new() -> Shopping {
        Shopping {
            choices: vec!["Buy carrots", "Buy celery", "Buy kohlrabi"],
            cursor: 0,
            selected: BTreeSet::new(),
        }
    }

    fn row(&self, i: usize, choice: &str) -> Line {
        let here = i == self.cursor;
        let mark = if self.selected.contains(&i) { "x" } else { " " };
        let style = if here {
            Style::fg(Slot::Accent).bold()
        } else {
            Style::default()
        };
        let cursor = if here { "> " } else { "  " };
        Line::new(vec![Span::styled(
            format!("{cursor}[{mark}] {choice}"),
            style,
        )])
    }
}

impl Program for Shopping {
    type Msg = Msg;
    /// The picked choices, in list order.
    type Output = Vec<&'static str>;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, Self::Output> {
        match msg {
            Msg::Up => self.cursor = self.cursor.saturating_sub(1),
            Msg::Down => self.cursor = (self.cursor + 1).min(self.choices.len() - 1),
            Msg::Toggle => {
                if !self.selected.remove(&self.cursor) {
                    self.selected.insert(self.cursor);
                }
            }
            Msg::Done => {
                let picked = self.selected.iter().map(|&i| self.choices[i]).collect();
                return Cmd::Quit(picked);
            }
        }
        Cmd::None
    }

    fn view(&self) -> View<'_> {
        let question = Rows::new(vec![Line::plain("What should we buy at the market?")]);
        let list = Rows::new(
            self.choices
                .iter()
                .enumerate()
                .map(|(i, choice)| self.row(i, choice))
                .collect(),
        );
        let help = Rows::new(vec![Line::styled(
            "↑/↓ move · space pick · q done",
            Style::fg(Slot::Muted),
        )]);
        // On a short terminal the help goes first, then the question; the list stays.
        let body = Stack::new(vec![
            StackItem::new(question, 1, 2).priority(1),
            StackItem::new(list, 1, self.choices.len()).priority(2),
            StackItem::new(help, 1, 2).priority(0),
        ]);
        View::new(Panel::around(body).title("Shopping"))
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match as_press(event)?.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Msg::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Msg::Down),
            KeyCode::Char(' ') | KeyCode::Enter => Some(Msg::Toggle),
            KeyCode::Char('q') | KeyCode::Esc => Some(Msg::Done),
            _ => None,
        }
    }
}
