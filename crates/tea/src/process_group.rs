//! The editor's process group, so an editor never outlives the program that started it.
//!
//! - **With no terminal** (a key replay) the editor starts a session of its own (`setsid`): it
//!   has no controlling terminal at all, so an editor that wants one fails at once instead of
//!   waiting for input nobody types.
//! - **On the terminal** it gets a process group of its own that becomes the terminal's
//!   foreground group, as a shell does for a job: Ctrl+C, Ctrl+\ and Ctrl+Z typed in the editor
//!   are its alone. The program ignores SIGINT and SIGQUIT meanwhile (as git does while its
//!   editor runs) and takes the foreground back when the editor exits. It ignores them from
//!   before raw mode goes off until after it is back on ([`IgnoreInterrupts`]): the terminal is
//!   cooked, its keys signals, for a moment on either side of the editor while the program holds
//!   the foreground, and SIGQUIT's default action would end the program without a word. The
//!   editor starts with them at their defaults all the same.
//! - **Ending it.** While an editor runs, its group is registered ([`Running`]): a fatal signal
//!   the program does not survive ends the group first (see the runtime's guard), and once the
//!   editor exits whatever it left running in its group is ended too.

use std::io;
use std::os::fd::RawFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, ExitStatus};
use std::sync::atomic::{AtomicI32, Ordering};

/// The process group of the editor running now (0 for none).
static RUNNING: AtomicI32 = AtomicI32::new(0);

/// Where an editor runs.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Place {
    /// No terminal: a session of its own.
    Detached,
    /// On the terminal `tty`; in the foreground when the program holds it now. `defaults`:
    /// the signals the program ignores for now that the editor gets at their default action.
    Terminal {
        tty: RawFd,
        foreground: bool,
        defaults: Defaults,
    },
}

/// Makes `command` start as `place` says.
pub(crate) fn prepare(command: &mut Command, place: Place) {
    match place {
        Place::Detached => {
            // SAFETY: only async-signal-safe system calls run between fork and exec.
            unsafe {
                command.pre_exec(|| {
                    if libc::setsid() == -1 {
                        return Err(io::Error::last_os_error());
                    }
                    end_with_parent();
                    Ok(())
                });
            }
        }
        Place::Terminal {
            tty,
            foreground,
            defaults,
        } => {
            command.process_group(0);
            // SAFETY: only async-signal-safe system calls run between fork and exec.
            unsafe {
                command.pre_exec(move || {
                    defaults.apply();
                    if foreground {
                        // In the child too, before the editor runs, so its first read of the
                        // terminal finds it in the foreground (as a shell does for its jobs).
                        give_foreground(tty, libc::getpid())?;
                    }
                    end_with_parent();
                    Ok(())
                });
            }
        }
    }
}

/// On Linux, a program killed outright (SIGKILL) takes the editor with it.
fn end_with_parent() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: prctl with these arguments only sets the calling process's death signal.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
    }
}

/// Whether this process's group is the foreground group of `tty`.
pub(crate) fn holds_foreground(tty: RawFd) -> bool {
    // SAFETY: plain system calls on a descriptor the caller owns.
    unsafe { libc::tcgetpgrp(tty) == libc::getpgrp() }
}

/// Makes `group` the foreground group of `tty`, with SIGTTOU blocked meanwhile: a background
/// group may change the foreground only then. Async-signal-safe.
pub(crate) fn give_foreground(tty: RawFd, group: libc::pid_t) -> io::Result<()> {
    // SAFETY: signal masks and tcsetpgrp on plain values; the old mask is put back.
    unsafe {
        let mut block: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut block);
        libc::sigaddset(&mut block, libc::SIGTTOU);
        libc::pthread_sigmask(libc::SIG_BLOCK, &block, &mut old);
        let result = libc::tcsetpgrp(tty, group);
        let error = io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        if result == -1 { Err(error) } else { Ok(()) }
    }
}

/// Takes the foreground of `tty` back for this process's group.
pub(crate) fn take_foreground(tty: RawFd) -> io::Result<()> {
    // SAFETY: getpgrp cannot fail.
    give_foreground(tty, unsafe { libc::getpgrp() })
}

/// Sends `signal` to the process group `group`; a group that is gone is no error.
pub(crate) fn signal_group(group: libc::pid_t, signal: libc::c_int) {
    if group > 0 {
        // SAFETY: kill on a plain value.
        unsafe {
            libc::kill(-group, signal);
        }
    }
}

/// Ends the group of the editor running now, if any (a fatal signal is about to end the
/// program). Async-signal-safe.
pub(crate) fn end_running() {
    signal_group(RUNNING.swap(0, Ordering::SeqCst), libc::SIGKILL);
}

/// The running editor's group, registered while this lives; dropping it ends what the editor
/// left running in its group.
pub(crate) struct Running {
    group: libc::pid_t,
}

impl Running {
    /// Registers the editor started as process `pid`, the leader of its group.
    pub(crate) fn new(pid: u32) -> Running {
        let group = libc::pid_t::try_from(pid).unwrap_or(0);
        RUNNING.store(group, Ordering::SeqCst);
        Running { group }
    }

    pub(crate) fn group(&self) -> libc::pid_t {
        self.group
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.store(0, Ordering::SeqCst);
        signal_group(self.group, libc::SIGTERM);
    }
}

/// Waits for the process `pid` and reaps it. With `continue_stopped`, an editor stopped by
/// Ctrl+Z is continued: the program waiting for it cannot be suspended with it, so the key
/// does nothing there.
pub(crate) fn wait(pid: libc::pid_t, continue_stopped: bool) -> io::Result<ExitStatus> {
    let options = if continue_stopped { libc::WUNTRACED } else { 0 };
    loop {
        let mut raw = 0;
        // SAFETY: waitpid writes the status into `raw`.
        let waited = unsafe { libc::waitpid(pid, &mut raw, options) };
        if waited == -1 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        if libc::WIFSTOPPED(raw) {
            signal_group(pid, libc::SIGCONT);
            continue;
        }
        return Ok(ExitStatus::from_raw(raw));
    }
}

/// SIGINT and SIGQUIT ignored while this lives (git's editor.c does the same): typed in the
/// editor they are its alone, and sent to the program they must not end it with the editor
/// still on the terminal. Made before raw mode goes off and dropped after it is back on, so a
/// key typed while the terminal changes hands cannot end the program either; the editor gets
/// them back at their defaults ([`IgnoreInterrupts::defaults`]).
pub(crate) struct IgnoreInterrupts {
    previous: [(libc::c_int, libc::sigaction); 2],
}

impl IgnoreInterrupts {
    pub(crate) fn new() -> IgnoreInterrupts {
        let ignore = |signal: libc::c_int| {
            // SAFETY: sigaction with a zeroed action set to SIG_IGN; the old one is kept.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = libc::SIG_IGN;
                let mut previous: libc::sigaction = std::mem::zeroed();
                libc::sigaction(signal, &action, &mut previous);
                (signal, previous)
            }
        };
        IgnoreInterrupts {
            previous: [ignore(libc::SIGINT), ignore(libc::SIGQUIT)],
        }
    }

    /// What a process started now should have: what it would have had before these were
    /// ignored (a handler becomes the default across exec; an inherited SIG_IGN stays).
    pub(crate) fn defaults(&self) -> Defaults {
        let reset = |(signal, previous): &(libc::c_int, libc::sigaction)| {
            if previous.sa_sigaction == libc::SIG_IGN {
                0
            } else {
                *signal
            }
        };
        Defaults(self.previous.each_ref().map(reset))
    }
}

impl Drop for IgnoreInterrupts {
    fn drop(&mut self) {
        for (signal, previous) in &self.previous {
            // SAFETY: puts back the action read by `new`.
            unsafe {
                libc::sigaction(*signal, previous, std::ptr::null_mut());
            }
        }
    }
}

/// Signals a child sets back to their default action before it runs the editor (0: none).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Defaults([libc::c_int; 2]);

impl Defaults {
    /// In the child, between fork and exec. Async-signal-safe.
    fn apply(self) {
        for signal in self.0.into_iter().filter(|&s| s != 0) {
            // SAFETY: sigaction with a zeroed action set to SIG_DFL.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    }
}
