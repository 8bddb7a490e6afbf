//! The parts of `ask-user-question` that its tests and benchmarks drive directly, beside the
//! binary (`main.rs` and its commands): the inbox program.

pub mod inbox;
pub mod signals;
