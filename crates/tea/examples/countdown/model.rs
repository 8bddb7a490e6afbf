// A countdown timer, bubbletea's `timer` example on tea: a `Subs::every(1s)` tick while it
// runs, space pauses and resumes, `r` starts over, `+`/`-` change the length while it is
// stopped. At zero it rings the bell and says so. It knows nothing of terminals; `main.rs`
// runs it inline and the tests drive it headless on the driver's virtual clock.
// (Plain comments, not `//!`: the guide's doctests `include!` this file.)

use std::time::Duration;

use tea::components::{Help, Panel, Rows, Stack, StackItem};
use tea::keymap::{Binding, HelpEntry, Keymap};
use tea::view::Draw;
use tea::{Cmd, Event, Line, Program, Slot, Span, Style, Subs, View};

/// What the countdown starts from by default.
pub const DEFAULT_LENGTH: u32 = 60;
/// How far `+` and `-` move the length.
pub const STEP: u32 = 10;
/// The most rows the view takes: a border around the time, status, bar and help.
pub const ROWS: usize = 6;

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    /// One second went by (from the subscription, so only while running).
    Tick,
    /// Pause a running countdown, or start a stopped one.
    Toggle,
    /// Back to the full length, stopped.
    Reset,
    Longer,
    Shorter,
    Quit,
}

/// What the keymap's predicates look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Running,
    Paused,
    Finished,
}

pub struct Countdown {
    /// The length in seconds.
    length: u32,
    left: u32,
    running: bool,
    keymap: Keymap<Phase, Msg>,
}

fn keymap() -> Keymap<Phase, Msg> {
    let binding = |name, keys, msg| Binding::new(name, keys, msg).expect("valid keys");
    Keymap::new(vec![
        binding("pause", "space", Msg::Toggle)
            .help("pause")
            .when(|p: &Phase| *p == Phase::Running),
        binding("start", "space s", Msg::Toggle)
            .help("start")
            .when(|p: &Phase| *p == Phase::Paused),
        binding("reset", "r", Msg::Reset).help("reset"),
        binding("longer", "+ =", Msg::Longer)
            .label("+/-")
            .help("length")
            .repeats()
            .when(|p: &Phase| *p != Phase::Running),
        binding("shorter", "-", Msg::Shorter)
            .repeats()
            .when(|p: &Phase| *p != Phase::Running),
        binding("quit", "q esc ctrl+c", Msg::Quit).help("quit"),
    ])
}

impl Countdown {
    /// A countdown of `length` seconds, already running.
    pub fn new(length: u32) -> Countdown {
        Countdown {
            length,
            left: length,
            running: length > 0,
            keymap: keymap(),
        }
    }

    pub fn left(&self) -> u32 {
        self.left
    }

    pub fn phase(&self) -> Phase {
        match (self.left, self.running) {
            (0, _) => Phase::Finished,
            (_, true) => Phase::Running,
            _ => Phase::Paused,
        }
    }

    pub fn help(&self) -> Vec<HelpEntry> {
        self.keymap.help(&self.phase())
    }
}

/// `mm:ss`, or `h:mm:ss` from an hour.
pub fn clock(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// A bar `columns` wide, `done` of `total` filled.
fn progress(done: u32, total: u32, columns: usize) -> Line {
    let filled = if total == 0 {
        columns
    } else {
        (columns as u64 * u64::from(done) / u64::from(total)) as usize
    };
    Line::new(vec![
        Span::styled("█".repeat(filled), Style::fg(Slot::Accent)),
        Span::styled("░".repeat(columns - filled), Style::fg(Slot::Dim)),
    ])
}

impl Program for Countdown {
    type Msg = Msg;
    /// The seconds left when quitting.
    type Output = u32;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, u32> {
        match msg {
            Msg::Tick => {
                self.left = self.left.saturating_sub(1);
                if self.left == 0 {
                    self.running = false;
                    return Cmd::Bell;
                }
            }
            Msg::Toggle => self.running = !self.running && self.left > 0,
            Msg::Reset => {
                self.left = self.length;
                self.running = false;
            }
            Msg::Longer => {
                self.length = self.length.saturating_add(STEP).min(99 * 60 + 59);
                self.left = self.length;
            }
            Msg::Shorter => {
                self.length = self.length.saturating_sub(STEP).max(STEP);
                self.left = self.length;
            }
            Msg::Quit => return Cmd::Quit(self.left),
        }
        Cmd::None
    }

    /// The time, a status line, a progress bar and the help footer in a frame; when rows run
    /// out the bar goes first, then the help, then the status; the time stays.
    fn view(&self) -> View<'_> {
        let time = Rows::new(vec![Line::styled(
            clock(self.left),
            Style::fg(Slot::Accent).bold(),
        )])
        .ellipsis();
        let (status, slot) = match self.phase() {
            Phase::Running => ("running", Slot::Success),
            Phase::Paused => ("paused", Slot::Warning),
            Phase::Finished => ("time's up!", Slot::Error),
        };
        let status = Rows::new(vec![Line::new(vec![
            Span::styled(status, Style::fg(slot)),
            Span::styled(
                format!(" · of {}", clock(self.length)),
                Style::fg(Slot::Muted),
            ),
        ])])
        .ellipsis();
        // The bar fills whatever width the frame gives it.
        let (done, total) = (self.length - self.left, self.length);
        let bar = Draw(move |width: usize, _: usize| vec![progress(done, total, width)]);
        let body = Stack::new(vec![
            StackItem::new(time, 1, 1).priority(3),
            StackItem::new(status, 1, 1).priority(2),
            StackItem::new(bar, 1, 1).priority(0),
            StackItem::new(Help::new(self.help()), 1, 1).priority(1),
        ]);
        let countdown = Panel::around(body).title("Countdown");
        // No taller than it needs: the rest of a tall terminal stays the shell's.
        View::new(Stack::new(vec![StackItem::new(countdown, 1, ROWS)]))
    }

    /// The tick runs exactly while the countdown does: pausing stops the timer, resuming
    /// starts a full second afresh.
    fn subscriptions(&self) -> Subs<Msg> {
        if self.phase() == Phase::Running {
            Subs::every("tick", Duration::from_secs(1), Msg::Tick)
        } else {
            Subs::none()
        }
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        self.keymap.msg_for(event, &self.phase())
    }
}
