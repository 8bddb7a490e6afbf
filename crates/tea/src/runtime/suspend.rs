//! Ctrl+Z: the run steps aside as a shell job does. The terminal is given back (region erased,
//! modes and raw mode off), the process group stops; when the shell continues it (`fg`), raw
//! mode and the modes come back and the whole frame is drawn again, the program untouched.

use std::io;

use super::Run;
use crate::input::{Event, KeyCode, KeyModifiers, as_press};
use crate::program::Program;

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
    pub(super) fn suspend(&mut self) -> io::Result<()> {
        // Resolve a sequence cut off by the last read now: it was typed before the stop.
        self.held_back.extend(self.keys.flush());
        let cooked = self.term.hand_over()?;
        // SAFETY: kill with pid 0 signals this process's group; no memory is involved.
        // Returns once the process has been continued (SIGCONT) or the stop was discarded.
        unsafe {
            libc::kill(0, libc::SIGTSTP);
        }
        self.term.take_back(&cooked)
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
