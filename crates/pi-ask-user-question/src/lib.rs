//! The Node addon behind the pi extension (`extension/index.ts`): the tool definition and JSON
//! Schema, input checks, the sequential dialog driver, the questionnaire session, the transcript
//! cards, and what races a call (the web page of `--ask-web`, the inbox), settled here. All
//! behaviour lives here; the extension only wires pi's API to these functions. One addon: the
//! page's server and the store (with SQLite) start only when a call asks for them.
//!
//! JSON crosses the boundary as plain JS values; results are `{content, details}` as the `question`
//! crate builds them.

mod attention;
mod cards;
mod dialogs;
mod keys;
mod operator;
mod outcome;
mod palette;
mod rivals;
mod service;
mod session;
mod sgr;
#[cfg(test)]
mod test_support;
mod tool;
mod wake;

pub use attention::{Opening, opening};
pub use cards::{render_call, render_result};
pub use dialogs::Dialogs;
pub use keys::{check_collapse_key, pi_keybinding_names};
pub use operator::{Given, OperatorSettings, operator_flags, operator_settings};
pub use outcome::{Closed, Outcome};
pub use palette::{Palette, ThemeSlots, theme_slots};
pub use rivals::{RivalOptions, Rivals, check_web_address};
pub use service::{ServiceRequest, service_request};
pub use session::{InputOutcome, ROW_SLOTS, Session, check_height, live_sessions, warm_up};
pub use tool::{CheckOptions, invalid_result, no_ui_result, tool_definition};

use napi_derive::napi;

/// Version of the addon, so the extension can tell which build it loaded.
#[napi]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A cell count from JavaScript as the terminal's `u16`, at least 1.
pub(crate) fn clamp(cells: u32) -> u16 {
    cells.clamp(1, u32::from(u16::MAX)) as u16
}

#[cfg(test)]
mod tests {
    #[test]
    fn version_is_the_crate_version() {
        assert_eq!(super::version(), env!("CARGO_PKG_VERSION"));
    }
}

/// Every frame allocates a few hundred small strings and vectors; under glibc's malloc that was
/// a quarter of a key's time in pi (docs/architecture.md, "Speed in pi").
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
