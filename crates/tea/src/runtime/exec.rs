//! Handing the terminal to an external editor ([`Cmd::Exec`](crate::Cmd::Exec)) and taking it
//! back.

use std::io::{self, Write};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::{Run, SIGNAL_CHECK, Terminal, modes_off};
use crate::exec::{self, ExecRequest, ExecResult};
use crate::mouse::MouseMode;
use crate::program::Program;

impl<P: Program> Run<P> {
    /// Runs the editor on the terminal for `request`; `Err` only when the terminal failed.
    pub(super) fn edit(&mut self, request: &ExecRequest) -> io::Result<ExecResult> {
        // A tail cut off by the last read was typed before the editor starts: resolve it now,
        // or the editor's leftovers would be read as its end.
        self.held_back.extend(self.keys.flush());
        let handed = self.term.hand_over()?;
        let tty = self.term.tty.try_clone()?;
        let result =
            exec::run_on_terminal(request, &self.editor, &tty, &handed.interrupts, |pid| {
                self.term.wait_for_editor(pid)
            });
        if let Err(err) = self.term.take_back(handed) {
            // A terminal that hung up while the editor ran: the signal ends the run.
            if !self.term.active.signal_pending() {
                return Err(err);
            }
        }
        // The program size may have changed meanwhile; the next frame is drawn in full anyway.
        Ok(result)
    }
}

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

    /// Waits for the editor to exit. A SIGTERM or SIGHUP for the run meanwhile ends the editor's
    /// process group first (SIGTERM, then SIGKILL after [`exec::GRACE`]); the run ends once the
    /// loop takes the signal. SIGINT and SIGQUIT are the editor's (see [`crate::process_group`]).
    fn wait_for_editor(&self, pid: libc::pid_t) -> io::Result<exec::Waited> {
        let waker = self.wake.sender()?;
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let _ = tx.send(crate::process_group::wait(pid, true));
            let _ = (&waker).write(&[1]);
        });
        let mut ended: Option<Instant> = None;
        loop {
            if let Ok(status) = rx.try_recv() {
                return status.map(|status| exec::Waited {
                    status,
                    ended: ended.is_some(),
                });
            }
            match ended {
                None if self.active.signal_pending() => {
                    ended = Some(Instant::now());
                    crate::process_group::signal_group(pid, libc::SIGTERM);
                }
                Some(since) if since.elapsed() >= exec::GRACE => {
                    crate::process_group::signal_group(pid, libc::SIGKILL);
                }
                _ => {}
            }
            let wait = if ended.is_some() {
                GRACE_STEP
            } else {
                SIGNAL_CHECK
            };
            self.wake.wait(wait)?;
        }
    }
}

/// How often an editor being ended is looked at.
const GRACE_STEP: Duration = Duration::from_millis(50);
