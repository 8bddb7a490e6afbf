//! The ask_user_question questionnaire: one Elm program ([`App`]) on `tea`, the one-line
//! collapse dock ([`App::dock_line`]) and the transcript cards ([`cards`]).
//!
//! ```text
//! Event ──Keys::msg_for(mode)──▶ Msg ──update──▶ model + Cmd<Msg, Outcome>
//!                                                  │ render what the next frame shows
//!                                                  ▼
//!       view: plan the rows (with what the last frame kept), keep what this one shows
//!             → one tea::View tree: Frame { Tabs, context, prompt, list, editor, preview,
//!               footer }, laid out and drawn by tea
//! ```
//!
//! Modules: [`msg`] (messages and outcomes), `model` (the state), `update` (messages change
//! the model), `kind` (what differs per question type, in one match), `layout` (the height and
//! the text measured per size), `plan` (the rows of a question tab's parts), `measures` (the
//! text measured at the size of the last frame: the model keeps no size), `view` (the
//! component tree),
//! [`keymap`] (one table per [`Mode`], which also yields the footer), [`keys`] (a host's
//! changes to the keys: the collapse key, pi's keybindings), `dock`, `preview`, `clip`
//! (the shown part of long text), `secret` (masking secret answers), `mouse` (the parts a
//! pointer hits, with the host's mouse on), `qr` (the web link's QR code), `restore` (answers and drafts
//! brought back from another surface), `typing` (keys held off
//! right after a save on a legacy terminal), [`cards`] and [`script`] (key scripts with the
//! hosts' durations).
//!
//! What the questionnaire does is described in docs/behaviour.md; how this crate is built
//! in docs/architecture.md (the questionnaire section).

pub mod cards;
mod clip;
mod dock;
pub mod keymap;
pub mod keys;
mod kind;
mod layout;
mod marks;
mod measures;
mod memo;
mod model;
mod mouse;
pub mod msg;
mod plan;
mod preview;
mod qr;
mod restore;
pub mod script;
mod secret;
mod shown;
mod typing;
mod update;
mod view;

pub use keymap::Mode;
pub use keys::{Action, Keys};
pub use layout::{HeightLimit, WIDE_MIN_COLUMNS, panel_height};
pub use model::App;
pub use msg::{Msg, Outcome};
pub use script::parse_script;
pub use view::qr_code_rows;
