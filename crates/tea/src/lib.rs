//! `tea`: the Elm architecture for terminal UIs on iocraft.
//!
//! A program is a model, a closed message enum, a pure `update` and a pure `view`; hosts (the
//! inline terminal runtime, the headless driver) feed it input events and draw its frames.

pub mod frame;
pub mod headless;
mod ink;
pub mod input;
pub mod program;
pub mod rows;
pub mod runtime;
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
