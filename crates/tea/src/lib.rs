//! `tea`: the Elm architecture for terminal UIs on iocraft.
//!
//! A program is a model, a closed message enum, `init`, a pure `update`, a pure `view` and
//! `subscriptions`; one loop, the [`Driver`], runs it: it feeds it input events, timers and
//! task results, performs its effects and hands back those only a host can perform. The inline
//! terminal runtime is a terminal around the driver; tests and other hosts use it directly,
//! on a virtual clock.
//!
//! - [`program`]: the [`Program`] trait, [`Cmd`] (effects as data), [`Size`].
//! - [`sub`]: [`Subs`], the timers a model wants.
//! - [`input`]: one [`Event`] type for raw terminal bytes ([`input::decode`]), crossterm
//!   events and key scripts ([`input::parse_key_script`], [`input::parse_script`] with `wait:`).
//! - [`style`], [`text`]: semantic styles and terminal text (width, sanitize, wrap, truncate).
//! - [`mod@rows`]: pre-laid-out [`Line`]s as one cheap iocraft element.
//! - [`theme`]: [`Palette`]s resolve slots to colors when a frame is written.
//! - [`frame`]: [`render`] an element to a [`Frame`] of (ANSI, plain) rows, each within the width.
//! - [`components`]: pure components (frame, tabs, list, viewport, split, stack, help) that
//!   draw pre-wrapped rows; [`keymap`]: bindings with help, overridable at run time.
//! - [`headless`]: the [`Driver`], a program with no terminal; [`runtime`]: the inline terminal.
//! - [`exec`]: an external editor run on some text for a program ([`Cmd::Exec`]).
//! - `snapshot` (feature `snapshot`): golden-file checks of frames, for tests.
//!
//! ```
//! use std::time::Duration;
//! use tea::input::{KeyCode, as_press, parse_script};
//! use tea::{Cmd, Driver, Effect, Event, Line, NoHost, Palette, Program, Size, Slot, Style, Subs, rows};
//!
//! /// Counts down once a second while running; space pauses, enter quits with what is left.
//! struct Countdown { left: u32, running: bool, size: Size }
//! #[derive(Debug, Clone)]
//! enum Msg { Tick, Toggle, Done, Resized(Size) }
//!
//! impl Program for Countdown {
//!     type Msg = Msg;
//!     type Output = u32;
//!     type Host = NoHost;
//!     fn update(&mut self, msg: Msg) -> Cmd<Msg, u32> {
//!         match msg {
//!             Msg::Tick if self.left == 1 => return Cmd::Quit(0),
//!             Msg::Tick => self.left -= 1,
//!             Msg::Toggle => self.running = !self.running,
//!             Msg::Done => return Cmd::Quit(self.left),
//!             Msg::Resized(size) => self.size = size,
//!         }
//!         Cmd::None
//!     }
//!     fn view(&self) -> iocraft::AnyElement<'static> {
//!         let line = Line::styled(format!("{} s left", self.left), Style::fg(Slot::Accent));
//!         rows(vec![line], self.size.width)
//!     }
//!     fn subscriptions(&self) -> Subs<Msg> {
//!         if self.running { Subs::every("tick", Duration::from_secs(1), Msg::Tick) } else { Subs::none() }
//!     }
//!     fn msg_for(&self, event: &Event) -> Option<Msg> {
//!         match as_press(event)?.code {
//!             KeyCode::Char(' ') => Some(Msg::Toggle),
//!             KeyCode::Enter => Some(Msg::Done),
//!             _ => None,
//!         }
//!     }
//!     fn resized(&self, size: Size) -> Msg {
//!         Msg::Resized(size)
//!     }
//! }
//!
//! let countdown = Countdown { left: 10, running: true, size: Size::default() };
//! let mut driver = Driver::new(countdown, Size::new(20, 1), Palette::dark());
//! // The driver's clock is virtual: `wait:` moves it, and the timer fires on the way.
//! for step in parse_script("wait:3s space wait:1m space wait:2500ms").unwrap() {
//!     assert!(driver.step(&step).is_empty());
//! }
//! assert_eq!(driver.frame().tagged(), vec!["[accent]5 s left[/]"]);
//! let ended = driver.send_all(&tea::input::parse_key_script("enter").unwrap());
//! assert_eq!(ended, vec![Effect::Quit(5)]);
//! ```

pub mod components;
pub mod exec;
pub mod frame;
pub mod headless;
mod ink;
pub mod input;
pub mod keymap;
pub mod program;
pub mod rows;
pub mod runtime;
#[cfg(feature = "snapshot")]
pub mod snapshot;
pub mod style;
pub mod sub;
pub mod text;
pub mod theme;

pub use exec::{Editor, Exec, ExecPolicy, ExecRequest};
pub use frame::{Frame, Row, render};
pub use headless::{Driver, Effect, Effects, TaskPolicy};
pub use ink::{bg_color, slot_color};
pub use input::Event;
/// Views are iocraft elements; re-exported so a program needs no iocraft dependency of its own.
pub use iocraft;
pub use keymap::{Binding, HelpEntry, Keymap};
pub use program::{Cmd, NoHost, Program, Size, Task};
pub use rows::rows;
pub use style::{BgSlot, Line, Slot, Span, Style};
pub use sub::Subs;
pub use theme::Palette;
