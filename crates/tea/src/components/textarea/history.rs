//! Undo/redo history (changes stored as what they replaced, so a step costs its own size, not
//! the text's) and the kill ring.

use std::collections::VecDeque;

/// Undo steps kept; older ones are forgotten.
const MAX_STEPS: usize = 1000;
/// Kills kept in the ring.
const MAX_KILLS: usize = 16;

/// One undoable change: at byte `at`, `removed` was replaced by `inserted`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Change {
    pub at: usize,
    pub removed: String,
    pub inserted: String,
    pub cursor_before: usize,
    pub cursor_after: usize,
}

/// How a change joins the one before it into one undo step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// Typed text: a run of typing is one step per word (a word and the spaces after it).
    Typing,
    /// Backspace held or repeated: one step while it goes on.
    DeletingBack,
    /// Delete held or repeated: one step while it goes on.
    DeletingForward,
    /// Everything else (kills, yanks, pastes, newlines) is a step of its own.
    Alone,
}

#[derive(Debug, Clone, Default)]
pub(super) struct History {
    undo: VecDeque<(Change, Kind)>,
    redo: Vec<Change>,
    /// Whether the next change may join the last step (a move, undo or redo closes it).
    open: bool,
}

impl History {
    /// Records a change made to the text; a new change drops what could be redone.
    pub fn record(&mut self, change: Change, kind: Kind) {
        self.redo.clear();
        if self.open
            && let Some((last, last_kind)) = self.undo.back_mut()
            && *last_kind == kind
            && join(last, &change, kind)
        {
            return;
        }
        if self.undo.len() == MAX_STEPS {
            self.undo.pop_front();
        }
        self.undo.push_back((change, kind));
        self.open = kind != Kind::Alone;
    }

    /// The next change starts a step of its own.
    pub fn close(&mut self) {
        self.open = false;
    }

    /// The last step, to revert; it moves to the redo stack.
    pub fn undo(&mut self) -> Option<&Change> {
        self.open = false;
        let (change, _) = self.undo.pop_back()?;
        self.redo.push(change);
        self.redo.last()
    }

    /// The last undone step, to apply again; it moves back to the undo stack.
    pub fn redo(&mut self) -> Option<&Change> {
        self.open = false;
        let change = self.redo.pop()?;
        self.undo.push_back((change, Kind::Alone));
        self.undo.back().map(|(change, _)| change)
    }

    /// The last step, when it is the one just recorded (a yank-pop rewrites its yank's step).
    pub fn last_mut(&mut self) -> Option<&mut Change> {
        self.undo.back_mut().map(|(change, _)| change)
    }
}

/// Joins `next` into `last` when it continues it; whether it did.
fn join(last: &mut Change, next: &Change, kind: Kind) -> bool {
    match kind {
        Kind::Typing => {
            let continues = next.removed.is_empty() && next.at == last.at + last.inserted.len();
            // A word typed after a space starts a new step.
            let new_word = last.inserted.ends_with(char::is_whitespace)
                && !next.inserted.starts_with(char::is_whitespace);
            if !continues || new_word {
                return false;
            }
            last.inserted.push_str(&next.inserted);
        }
        Kind::DeletingBack => {
            if !next.inserted.is_empty() || next.at + next.removed.len() != last.at {
                return false;
            }
            last.removed.insert_str(0, &next.removed);
            last.at = next.at;
        }
        Kind::DeletingForward => {
            if !next.inserted.is_empty() || next.at != last.at {
                return false;
            }
            last.removed.push_str(&next.removed);
        }
        Kind::Alone => return false,
    }
    last.cursor_after = next.cursor_after;
    true
}

/// Killed text, newest last.
#[derive(Debug, Clone, Default)]
pub(super) struct KillRing {
    entries: VecDeque<String>,
}

impl KillRing {
    /// Keeps killed text. Right after another kill it joins that kill's entry, after it when
    /// `forward` (Ctrl+K twice kills two lines as one entry), else before it.
    pub fn kill(&mut self, text: &str, joins: bool, forward: bool) {
        if text.is_empty() {
            return;
        }
        if joins && let Some(last) = self.entries.back_mut() {
            if forward {
                last.push_str(text);
            } else {
                last.insert_str(0, text);
            }
            return;
        }
        if self.entries.len() == MAX_KILLS {
            self.entries.pop_front();
        }
        self.entries.push_back(text.to_string());
    }

    /// The kill `back` entries before the newest, cycling.
    pub fn get(&self, back: usize) -> Option<&str> {
        let n = self.entries.len();
        if n == 0 {
            return None;
        }
        self.entries.get(n - 1 - back % n).map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }
}
