//! Handing the terminal to an external editor ([`Cmd::Exec`](crate::Cmd::Exec)) and taking it
//! back.

use std::io::{self, Write};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::{Run, SIGNAL_CHECK, Terminal};
use crate::exec::{self, ExecRequest, ExecResult};
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

impl Terminal {
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
