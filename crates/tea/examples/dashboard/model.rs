//! A service dashboard: tea's containers and components around an iocraft element. The
//! services are a tea `List` beside a details pane drawn by iocraft (flexbox rows of bordered
//! stat boxes that wrap when the pane is narrow), in a tea `Split` inside a `Panel`, with the
//! help footer below. The iocraft pane is a leaf like any other (`tea::ink::Ink`): tea gives it
//! its box and writes its rows with the rest of the frame.

use tea::components::{Help, List, ListState, Panel, Split, Stack, StackItem, StatefulBlock};
use tea::ink::Ink;
use tea::keymap::{Binding, HelpEntry, Keymap};
use tea::{Cmd, Event, Line, Program, Slot, Span, Style};

/// The most rows the dashboard takes: the frame, the panes and the help footer.
pub const ROWS: usize = 11;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Up,
    Degraded,
    Down,
}

impl State {
    fn label(self) -> &'static str {
        match self {
            State::Up => "up",
            State::Degraded => "degraded",
            State::Down => "down",
        }
    }

    fn slot(self) -> Slot {
        match self {
            State::Up => Slot::Success,
            State::Degraded => Slot::Warning,
            State::Down => Slot::Error,
        }
    }
}

/// What the dashboard shows of a service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    pub name: &'static str,
    pub state: State,
    /// Percent of a core.
    pub cpu: u32,
    pub memory_mb: u32,
    pub requests_per_minute: u32,
}

const fn service(name: &'static str, state: State, cpu: u32, memory_mb: u32, rpm: u32) -> Service {
    Service {
        name,
        state,
        cpu,
        memory_mb,
        requests_per_minute: rpm,
    }
}

/// The services of the sample dashboard.
pub const SERVICES: &[Service] = &[
    service("api", State::Up, 37, 512, 1240),
    service("auth", State::Up, 12, 256, 310),
    service("billing", State::Degraded, 81, 1024, 95),
    service("search", State::Up, 54, 2048, 870),
    service("mailer", State::Down, 0, 0, 0),
];

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Up,
    Down,
    /// Quit with the selected service.
    Open,
    Quit,
}

pub struct Dashboard {
    services: Vec<Service>,
    /// The list's rows, one item per service (they never change, so they are built once).
    items: Vec<Vec<Line>>,
    /// Which service is selected (the list scrolls itself to keep it in view).
    list: ListState,
    keymap: Keymap<(), Msg>,
}

fn keymap() -> Keymap<(), Msg> {
    let binding = |name, keys, msg| Binding::new(name, keys, msg).expect("valid keys");
    Keymap::new(vec![
        binding("up", "up k", Msg::Up)
            .label("↑↓")
            .help("select")
            .repeats(),
        binding("down", "down j", Msg::Down).repeats(),
        binding("open", "enter", Msg::Open).help("open"),
        binding("quit", "q esc ctrl+c", Msg::Quit).help("quit"),
    ])
}

/// A service's row in the list: its state as a colored dot, then its name.
fn item(service: &Service) -> Vec<Line> {
    vec![Line::new(vec![
        Span::styled("● ", Style::fg(service.state.slot())),
        Span::plain(service.name),
    ])]
}

/// The details pane as an iocraft element: the name and state on one row, then a bordered
/// box per figure, side by side while they fit and wrapped below each other when not.
fn details(service: &Service) -> Ink {
    use tea::iocraft::prelude::*;

    let figures = [
        ("cpu", format!("{}%", service.cpu)),
        ("memory", format!("{} MB", service.memory_mb)),
        ("requests", format!("{}/min", service.requests_per_minute)),
    ];
    let boxes: Vec<AnyElement<'static>> = figures
        .into_iter()
        .map(|(label, value)| {
            element! {
                View(
                    border_style: BorderStyle::Round,
                    border_color: tea::slot_color(Slot::Border),
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    padding_left: 1,
                    padding_right: 1,
                ) {
                    Text(content: label, color: tea::slot_color(Slot::Muted))
                    Text(content: value, weight: Weight::Bold)
                }
            }
            .into_any()
        })
        .collect();
    Ink::new(element! {
        View(flex_direction: FlexDirection::Column, width: 100pct) {
            View(flex_direction: FlexDirection::Row, column_gap: 1) {
                Text(
                    content: service.name,
                    weight: Weight::Bold,
                    color: tea::slot_color(Slot::Accent),
                )
                Text(content: service.state.label(), color: tea::slot_color(service.state.slot()))
            }
            View(flex_direction: FlexDirection::Row, flex_wrap: FlexWrap::Wrap, column_gap: 1) {
                #(boxes)
            }
        }
    })
}

impl Dashboard {
    pub fn new(services: &[Service]) -> Dashboard {
        Dashboard {
            services: services.to_vec(),
            items: services.iter().map(item).collect(),
            list: ListState::default(),
            keymap: keymap(),
        }
    }

    pub fn selected(&self) -> Option<&Service> {
        self.services.get(self.list.selected)
    }

    pub fn help(&self) -> Vec<HelpEntry> {
        self.keymap.help(&())
    }
}

impl Program for Dashboard {
    type Msg = Msg;
    /// The service open when quitting with enter; none when quitting otherwise.
    type Output = Option<&'static str>;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, Self::Output> {
        match msg {
            Msg::Up => self.list.select_prev(),
            Msg::Down => self.list.select_next(self.services.len()),
            Msg::Open => return Cmd::Quit(self.selected().map(|service| service.name)),
            Msg::Quit => return Cmd::Quit(None),
        }
        Cmd::None
    }

    /// The services beside the selected one's details, the help below, in a frame; too
    /// narrow for both panes, the list alone; when rows run out the help goes first.
    fn view(&self) -> tea::View<'_> {
        // The list keeps the selection in view at any height; the model keeps only which it is.
        let list = List::new(&self.items).cursor("› ").with_state(&self.list);
        let panes = match self.selected() {
            Some(service) => Split::new(list, details(service)),
            None => Split::new(list, tea::components::Rows::default()),
        }
        .ratio(1, 3)
        .min_widths(12, 20);
        let body = Stack::new(vec![
            StackItem::new(panes, 1, ROWS).priority(1),
            StackItem::new(Help::new(self.help()), 1, 1).priority(0),
        ]);
        let dashboard = Panel::around(body).title("Services");
        // No taller than it needs: the rest of a tall terminal stays the shell's.
        tea::View::new(Stack::new(vec![StackItem::new(dashboard, 1, ROWS)]))
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        self.keymap.msg_for(event, &())
    }
}
