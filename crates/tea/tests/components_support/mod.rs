//! A gallery program for the component tests: one component (or a composed panel) drawn at
//! the driver's size, driven through a `tea::keymap::Keymap`, its state owned by the model.

#![allow(dead_code)] // each test binary uses part of it

use tea::components::{
    Block, Help, List, ListState, Panel, PanelRow, Rows, Split, Stack, StackItem, StatefulBlock,
    Tab, Tabs, Viewport,
};
use tea::keymap::{Binding, Keymap};
use tea::{Cmd, Event, Line, Program, Size, Slot, Span, Style};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    Frame,
    Tabs,
    List,
    Viewport,
    Split,
    Stack,
    Help,
    /// Everything composed: frame, tabs, list beside a viewport, help footer.
    Panel,
}

pub const ALL: [Which; 8] = [
    Which::Frame,
    Which::Tabs,
    Which::List,
    Which::Viewport,
    Which::Split,
    Which::Stack,
    Which::Help,
    Which::Panel,
];

#[derive(Debug, Clone)]
pub enum Msg {
    Down,
    Up,
    Scroll(i32),
    NextTab,
    Resized(Size),
}

/// The data every component draws: items of one to three rows, a long document, tabs.
pub struct Content {
    pub items: Vec<Vec<Line>>,
    pub doc: Vec<Line>,
    pub tabs: Vec<Tab>,
}

impl Content {
    pub fn sample() -> Content {
        let items = (0..12)
            .map(|i| {
                let mut rows = vec![Line::plain(format!("{}. Option {}", i + 1, i + 1))];
                for r in 0..(i % 3) {
                    rows.push(Line::styled(
                        format!("   detail {r} of a longer, wrapped description 日本"),
                        Style::fg(Slot::Dim),
                    ));
                }
                rows
            })
            .collect();
        let doc = (1..=41)
            .map(|i| Line::plain(format!("preview line {i} — some text")))
            .collect();
        let tabs = ["Color", "Size", "Shipping", "Gift wrap", "Notes"]
            .iter()
            .enumerate()
            .map(|(i, label)| {
                let mark = if i % 2 == 0 {
                    Span::styled("✓", Style::fg(Slot::Success))
                } else {
                    Span::styled("○", Style::fg(Slot::Muted))
                };
                Tab::new(*label).marker(mark)
            })
            .chain([Tab::new("Review")])
            .collect();
        Content { items, doc, tabs }
    }
}

pub struct Gallery {
    pub which: Which,
    pub size: Size,
    pub content: Content,
    pub list: ListState,
    pub scroll: usize,
    pub tab: usize,
    pub keymap: Keymap<Which, Msg>,
}

pub fn keymap() -> Keymap<Which, Msg> {
    let lists = |w: &Which| matches!(w, Which::List | Which::Panel | Which::Split);
    Keymap::new(vec![
        Binding::new("up", "up k", Msg::Up)
            .unwrap()
            .label("↑↓")
            .help("move")
            .repeats()
            .when(lists),
        Binding::new("down", "down j", Msg::Down)
            .unwrap()
            .repeats()
            .when(lists),
        Binding::new("scroll-down", "down", Msg::Scroll(1))
            .unwrap()
            .help("scroll"),
        Binding::new("scroll-up", "up", Msg::Scroll(-1)).unwrap(),
        Binding::new("page", "shift+down", Msg::Scroll(5))
            .unwrap()
            .label("⇧↓")
            .help("page"),
        Binding::new("tab", "tab", Msg::NextTab)
            .unwrap()
            .help("switch tab"),
        Binding::new("cancel", "esc", Msg::Resized(Size::default()))
            .unwrap()
            .help("cancel")
            .when(|w: &Which| *w == Which::Help),
    ])
}

impl Gallery {
    pub fn new(which: Which) -> Gallery {
        Gallery {
            which,
            size: Size::default(),
            content: Content::sample(),
            list: ListState::default(),
            scroll: 0,
            tab: 0,
            keymap: keymap(),
        }
    }

    fn viewport(&self) -> Viewport<'_> {
        Viewport::new(&self.content.doc, self.scroll)
            .title(Line::styled("Preview", Style::fg(Slot::Accent)))
    }

    /// The lines of the whole view at `width` × `height`.
    pub fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let c = &self.content;
        let help_entries = self.keymap.help(&self.which);
        let help = Help::new(&help_entries);
        let list = List::new(&c.items).cursor("› ").with_state(&self.list);
        let viewport = self.viewport();
        let tabs = Tabs::new(c.tabs.clone(), self.tab)
            .note(Line::styled("3/5 answered", Style::fg(Slot::Muted)));
        match self.which {
            Which::Frame => {
                let body = vec![
                    PanelRow::Content(Line::plain("Which color?")),
                    PanelRow::Divider,
                    PanelRow::Content(Line::plain(
                        "a row much longer than most terminals are wide, cut at the border",
                    )),
                ];
                Panel::rows(body).title("Questions").lines(width, height)
            }
            Which::Tabs => tabs.lines(width, height),
            Which::List => list.lines(width, height),
            Which::Viewport => viewport.lines(width, height),
            Which::Split => Split::new(&list, &viewport).lines(width, height),
            Which::Stack => {
                let title =
                    Rows::new(vec![Line::styled("Title", Style::fg(Slot::Text).bold())]).ellipsis();
                Stack::new(vec![
                    StackItem::new(&title, 1, 1).priority(3),
                    StackItem::new(&list, 1, 8).priority(2),
                    StackItem::new(&viewport, 2, 6).priority(0),
                    StackItem::new(&help, 1, 1).priority(1),
                ])
                .lines(width, height)
            }
            Which::Help => help.lines(width, height),
            Which::Panel => {
                let split = Split::new(&list, &viewport);
                let body = Stack::new(vec![
                    StackItem::new(&tabs, 1, 1).priority(1),
                    StackItem::new(&split, 1, 40).priority(2),
                    StackItem::new(&help, 1, 1).priority(0),
                ]);
                Panel::around(&body).title("Order").lines(width, height)
            }
        }
    }

    /// The rows `update` clamps the viewport's scroll to.
    fn viewport_rows(&self) -> usize {
        let h = usize::from(self.size.height);
        match self.which {
            Which::Panel => h.saturating_sub(4),
            Which::Stack => h.saturating_sub(2).min(8),
            _ => h,
        }
    }
}

impl Program for Gallery {
    type Msg = Msg;
    type Output = ();

    fn update(&mut self, msg: Msg) -> Cmd<Msg> {
        let len = self.content.items.len();
        match msg {
            Msg::Down => self.list.select_next(len),
            Msg::Up => self.list.select_prev(),
            Msg::Scroll(by) => {
                let max = self.viewport().max_offset(self.viewport_rows());
                self.scroll = self.scroll.saturating_add_signed(by as isize).min(max);
            }
            Msg::NextTab => self.tab = (self.tab + 1) % self.content.tabs.len(),
            Msg::Resized(size) => self.size = size,
        }
        Cmd::None
    }

    fn view(&self) -> tea::View<'_> {
        let lines = self.lines(usize::from(self.size.width), usize::from(self.size.height));
        tea::View::rows(lines)
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => self.keymap.msg_for(event, &self.which),
        }
    }
}

pub fn name(which: Which) -> &'static str {
    match which {
        Which::Frame => "frame",
        Which::Tabs => "tabs",
        Which::List => "list",
        Which::Viewport => "viewport",
        Which::Split => "split",
        Which::Stack => "stack",
        Which::Help => "help",
        Which::Panel => "panel",
    }
}
