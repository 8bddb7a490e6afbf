//! `tea`: the Elm architecture for terminal UIs on iocraft.
//!
//! A program is a model, a closed message enum, a pure `update` and a pure `view`; hosts (the
//! inline terminal runtime, the headless driver) feed it input events and draw its frames.

pub mod style;
pub mod text;

pub use style::{BgSlot, Line, Slot, Span, Style};
