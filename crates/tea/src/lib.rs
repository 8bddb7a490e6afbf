//! `tea`: the Elm architecture for terminal UIs on iocraft.
//!
//! A program is a model, a closed message enum, a pure `update` and a pure `view`; hosts (the
//! inline terminal runtime, the headless driver) feed it input events and draw its frames.
//!
//! - [`program`]: the [`Program`] trait, [`Cmd`] (effects as data), [`Size`].
//! - [`input`]: one [`Event`] type for raw terminal bytes ([`input::decode`]), crossterm
//!   events and key scripts ([`input::parse_key_script`]).
//! - [`style`], [`text`]: semantic styles and terminal text (width, sanitize, wrap, truncate).
//! - [`mod@rows`]: pre-laid-out [`Line`]s as one cheap iocraft element.
//! - [`theme`]: [`Palette`]s resolve slots to colors when a frame is written.
//! - [`frame`]: [`render`] an element to a [`Frame`] of (ANSI, plain) rows, each within the width.
//! - [`headless`]: the [`Driver`], a program with no terminal; [`runtime`]: the inline terminal.
//! - `snapshot` (feature `snapshot`): golden-file checks of frames, for tests.
//!
//! ```
//! use tea::input::{KeyCode, as_press, parse_key_script};
//! use tea::{Cmd, Driver, Event, Line, Palette, Program, Size, Slot, Style, rows};
//!
//! struct Counter { count: u32, size: Size }
//! #[derive(Debug, Clone)]
//! enum Msg { Increment, Done, Resized(Size) }
//!
//! impl Program for Counter {
//!     type Msg = Msg;
//!     type Output = u32;
//!     fn update(&mut self, msg: Msg) -> Cmd<u32> {
//!         match msg {
//!             Msg::Increment => self.count += 1,
//!             Msg::Done => return Cmd::Quit(self.count),
//!             Msg::Resized(size) => self.size = size,
//!         }
//!         Cmd::None
//!     }
//!     fn view(&self) -> iocraft::AnyElement<'static> {
//!         let line = Line::styled(format!("count: {}", self.count), Style::fg(Slot::Accent));
//!         rows(vec![line], self.size.width)
//!     }
//!     fn msg_for(&self, event: &Event) -> Option<Msg> {
//!         match as_press(event)?.code {
//!             KeyCode::Up => Some(Msg::Increment),
//!             KeyCode::Enter => Some(Msg::Done),
//!             _ => None,
//!         }
//!     }
//!     fn resized(&self, size: Size) -> Msg {
//!         Msg::Resized(size)
//!     }
//! }
//!
//! let mut driver = Driver::new(Counter { count: 0, size: Size::default() }, Size::new(20, 1), Palette::dark());
//! let cmd = driver.send_all(&parse_key_script("up up enter").unwrap());
//! assert_eq!(cmd, Cmd::Quit(2));
//! assert_eq!(driver.frame().tagged(), vec!["[accent]count: 2[/]"]);
//! ```

pub mod components;
pub mod frame;
pub mod headless;
mod ink;
pub mod input;
pub mod program;
pub mod rows;
pub mod runtime;
#[cfg(feature = "snapshot")]
pub mod snapshot;
pub mod style;
pub mod text;
pub mod theme;

pub use frame::{Frame, Row, render};
pub use headless::Driver;
pub use ink::{bg_color, slot_color};
pub use input::Event;
/// Views are iocraft elements; re-exported so a program needs no iocraft dependency of its own.
pub use iocraft;
pub use program::{Cmd, Program, Size};
pub use rows::rows;
pub use style::{BgSlot, Line, Slot, Span, Style};
pub use theme::Palette;
