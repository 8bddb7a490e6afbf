//! The ask_user_question questionnaire: one Elm program ([`App`]) on `tea`, the one-line
//! collapse dock ([`App::dock_line`]) and the transcript cards ([`cards`]).

mod app;
pub mod cards;
mod editor;
pub mod keymap;
mod layout;

pub use app::{App, Msg, Outcome};
pub use keymap::Mode;
pub use layout::{WIDE_MIN_COLUMNS, panel_height};
