//! Ctrl+Z and SIGTSTP: the run steps aside as a shell job does. The terminal is given back
//! (region erased, modes and raw mode off), the process stops; when the shell continues it
//! (`fg`, SIGCONT), raw mode and the modes come back and the whole frame is drawn again, the
//! program untouched.
//!
//! In raw mode Ctrl+Z is a key, and the run stops its process group as the terminal would have.
//! A SIGTSTP sent from outside (`kill -TSTP`) is caught while the run holds the terminal
//! ([`StopRequests`]): left to its default action it would stop the process with the terminal
//! still raw. The loop takes it as it takes Ctrl+Z, and then stops this process alone, the one
//! it was sent to. SIGTTIN and SIGTTOU keep their default: a run continued in the background
//! (`bg`) stops again when it takes the terminal back, until `fg`.

use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

use super::Run;
use crate::input::{Event, KeyCode, KeyModifiers, as_press};
use crate::program::Program;

/// Set by the SIGTSTP handler for the loop.
static STOP_REQUESTED: AtomicBool = AtomicBool::new(false);
/// Where the SIGTSTP handler writes a byte to wake the loop (-1 for nowhere).
static WAKE_FD: AtomicI32 = AtomicI32::new(-1);

/// Whether `event` is Ctrl+Z, which raw mode delivers as a key instead of stopping the process.
pub(super) fn is_suspend_key(event: &Event) -> bool {
    as_press(event).is_some_and(|key| {
        key.modifiers == KeyModifiers::CTRL
            && matches!(key.code, KeyCode::Char('z') | KeyCode::Char('Z'))
    })
}

impl<P: Program> Run<P> {
    /// Stops the process as the terminal's Ctrl+Z would, and takes the terminal back once it
    /// continues. A process group with no shell to continue it (an orphaned one, whose parent
    /// is in another session) is not stopped by the kernel: the frame is simply drawn again.
    /// `whom` says whether the rest of the process group stops too, as the terminal's Ctrl+Z
    /// would stop it.
    pub(super) fn suspend(&mut self, whom: Whom) -> io::Result<()> {
        // Resolve a sequence cut off by the last read now: it was typed before the stop.
        self.held_back.extend(self.keys.flush());
        let handed = self.term.hand_over()?;
        stop(whom);
        self.term.take_back(handed)
    }

    /// Suspends for a SIGTSTP sent from outside, if one came.
    pub(super) fn follow_stop_request(&mut self) -> io::Result<bool> {
        if !STOP_REQUESTED.swap(false, Ordering::SeqCst) {
            return Ok(false);
        }
        self.suspend(Whom::ThisProcess)?;
        Ok(true)
    }
}

/// Who stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Whom {
    /// The process group, as Ctrl+Z typed on a cooked terminal stops it.
    Group,
    /// This process alone, as a SIGTSTP sent to it stops it.
    ThisProcess,
}

/// Stops `whom` as SIGTSTP's default action does (the run's handler set aside meanwhile);
/// returns once this process is continued (SIGCONT) or the kernel discarded the stop.
///
/// This process stops through a SIGTSTP sent to the calling thread, which takes it before
/// `pthread_kill` returns: sent to the process, it could be taken by another thread a moment
/// later, after the run had taken the terminal back. The rest of the group gets its SIGTSTP
/// first, while this process ignores it.
fn stop(whom: Whom) {
    // SAFETY: sigaction with zeroed actions set to SIG_IGN and SIG_DFL, the caught one put back
    // after; kill and pthread_kill on plain values.
    unsafe {
        let set = |handler: libc::sighandler_t, previous: *mut libc::sigaction| {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler;
            libc::sigaction(libc::SIGTSTP, &action, previous);
        };
        let mut caught: libc::sigaction = std::mem::zeroed();
        if whom == Whom::Group {
            set(libc::SIG_IGN, &mut caught);
            libc::kill(0, libc::SIGTSTP);
            set(libc::SIG_DFL, std::ptr::null_mut());
        } else {
            set(libc::SIG_DFL, &mut caught);
        }
        libc::pthread_kill(libc::pthread_self(), libc::SIGTSTP);
        libc::sigaction(libc::SIGTSTP, &caught, std::ptr::null_mut());
    }
}

/// SIGTSTP caught while this lives: the handler notes it for the loop and wakes it. Dropping it
/// puts the action that was there before back.
pub(super) struct StopRequests {
    previous: libc::sigaction,
    /// Kept open for the handler, which writes to its descriptor.
    _wake: UnixStream,
}

impl StopRequests {
    /// Catches SIGTSTP; `wake` (non-blocking) wakes the loop.
    pub(super) fn catch(wake: UnixStream) -> StopRequests {
        STOP_REQUESTED.store(false, Ordering::SeqCst);
        WAKE_FD.store(wake.as_raw_fd(), Ordering::SeqCst);
        // SAFETY: installs a handler that only touches atomics, errno and write(2), all
        // async-signal-safe; the old action is kept for `drop`.
        let previous = unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_stop_request as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            let mut previous: libc::sigaction = std::mem::zeroed();
            libc::sigaction(libc::SIGTSTP, &action, &mut previous);
            previous
        };
        StopRequests {
            previous,
            _wake: wake,
        }
    }
}

impl Drop for StopRequests {
    fn drop(&mut self) {
        // SAFETY: puts back the action read by `catch`.
        unsafe {
            libc::sigaction(libc::SIGTSTP, &self.previous, std::ptr::null_mut());
        }
        WAKE_FD.store(-1, Ordering::SeqCst);
        STOP_REQUESTED.store(false, Ordering::SeqCst);
    }
}

extern "C" fn on_stop_request(_: libc::c_int) {
    let errno = io::Error::last_os_error().raw_os_error();
    STOP_REQUESTED.store(true, Ordering::SeqCst);
    let fd = WAKE_FD.load(Ordering::SeqCst);
    if fd >= 0 {
        // SAFETY: writes one byte from a local to a descriptor kept open while it is stored.
        unsafe {
            libc::write(fd, [1u8].as_ptr().cast(), 1);
        }
    }
    if let Some(errno) = errno {
        set_errno(errno);
    }
}

/// Puts errno back as it was, so the code the handler interrupted sees its own.
fn set_errno(value: libc::c_int) {
    // SAFETY: the thread's errno location, written with a plain value.
    unsafe {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            *libc::__errno_location() = value;
        }
        #[cfg(any(target_os = "macos", target_os = "ios", target_os = "freebsd"))]
        {
            *libc::__error() = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{KeyEvent, KeyEventKind};

    fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
        let mut key = KeyEvent::new(code).modifiers(modifiers);
        key.kind = kind;
        Event::Key(key)
    }

    #[test]
    fn only_a_ctrl_z_press_suspends() {
        use KeyEventKind::*;
        let (z, ctrl) = (KeyCode::Char('z'), KeyModifiers::CTRL);
        assert!(is_suspend_key(&key(z, ctrl, Press)));
        assert!(is_suspend_key(&key(KeyCode::Char('Z'), ctrl, Press)));
        assert!(!is_suspend_key(&key(z, ctrl, Release)));
        assert!(!is_suspend_key(&key(z, KeyModifiers::NONE, Press)));
        assert!(!is_suspend_key(&key(z, ctrl | KeyModifiers::ALT, Press)));
    }
}
