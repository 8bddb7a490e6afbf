//! Focus reporting: the terminal tells the run when its window gains or loses focus
//! (`CSI I` / `CSI O`, xterm's mode 1004). The events reach the program like any other
//! ([`Program::event`](crate::Program::event) sees [`Event::FocusGained`] and
//! [`Event::FocusLost`]); on focus lost the run also writes the host's
//! [`InlineOptions::on_focus_lost`] bytes (a notification that the program waits).

use std::io;

use super::{InlineOptions, Run};
use crate::input::Event;
use crate::program::Program;

/// Turns focus reporting on; terminals without it ignore the request.
pub(super) const FOCUS_REPORTING_ON: &str = "\x1b[?1004h";
/// Turns it off again.
pub(super) const FOCUS_REPORTING_OFF: &str = "\x1b[?1004l";

impl<P: Program> Run<P> {
    /// What the run itself does on a focus event: calls the person back when focus is lost.
    pub(super) fn follow_focus(&mut self, event: &Event, opts: &InlineOptions) -> io::Result<()> {
        if matches!(event, Event::FocusLost) && !opts.on_focus_lost.is_empty() {
            self.term.write_now(opts.on_focus_lost.as_bytes())?;
        }
        Ok(())
    }
}
