//! Handing the terminal to another program (an external editor, or the shell while the run is
//! suspended) and taking it back.

use std::io::{self, Write};

use super::{Terminal, modes_off};
use crate::mouse::MouseMode;

/// The terminal handed to another program (an editor, or the shell while the run is stopped):
/// the settings to put back, and SIGINT and SIGQUIT ignored until it is taken back.
pub(super) struct HandedOver {
    cooked: rustix::termios::Termios,
    pub(super) interrupts: crate::process_group::IgnoreInterrupts,
}

impl Terminal {
    /// Erases the region and turns every mode and raw mode off; returns the cooked settings,
    /// to put back should the editor leave the terminal otherwise. SIGINT and SIGQUIT are
    /// ignored first: once raw mode is off, Ctrl+C and Ctrl+\ are signals for whichever group
    /// holds the foreground, which is this one until the editor has started.
    pub(super) fn hand_over(&mut self) -> io::Result<HandedOver> {
        let interrupts = crate::process_group::IgnoreInterrupts::new();
        let moves = self.region.leave(false);
        let bytes = self.all_off(&moves);
        self.cursor.forget();
        self.tty.write_all(bytes.as_bytes())?;
        self.tty.flush()?;
        self.active
            .set_exit_bytes(modes_off(self.keys, MouseMode::Off, "\r"));
        self.active.set_handed_over(true);
        crossterm::terminal::disable_raw_mode()?;
        Ok(HandedOver {
            cooked: self.tty.settings()?,
            interrupts,
        })
    }

    /// Raw mode and the modes back on, at the start of the line the editor left the cursor on;
    /// the next draw repaints the whole frame. SIGINT and SIGQUIT get their actions back only
    /// once raw mode is on: before, the terminal still makes signals of their keys.
    pub(super) fn take_back(&mut self, handed: HandedOver) -> io::Result<()> {
        self.tty.set_settings(&handed.cooked)?;
        crossterm::terminal::enable_raw_mode()?;
        self.active.set_handed_over(false);
        drop(handed.interrupts);
        let modes = format!("\r{}{}", self.modes_on, self.mouse.on_sequence());
        self.tty.write_all(modes.as_bytes())?;
        self.tty.flush()?;
        self.active.set_exit_bytes(self.exit_bytes());
        self.lose_place();
        Ok(())
    }
}
