//! The rows the extension holds, so that a frame crosses into JavaScript as changes. A string
//! made there costs more than drawing its row here (V8 decodes every byte), and most rows of a
//! frame after a key are either the row the extension holds at that place or a row it was sent
//! a few keys ago: the option the cursor left, a preview shown before, a tab visited again. The
//! first kind crosses as `null`; the second as the number of the slot the extension keeps it
//! in; only rows it never had (or has dropped) cross as text.
//!
//! The extension keeps the last [`ROW_SLOTS`] rows sent as text, in the order sent: the n-th
//! goes to slot `n % ROW_SLOTS`, counted from the last fresh frame. Both sides count the same
//! way, so no slot number travels with a text.

use std::hash::Hasher;
use std::sync::Arc;

use napi::Either;
use napi_derive::napi;
use rustc_hash::{FxHashMap, FxHasher};
use tea::frame::Row;

/// How many rows sent as text the extension keeps, by slot.
#[napi]
pub const ROW_SLOTS: u32 = 256;

/// One row of [`crate::session::Session::render_changes`]: `None` for the row held at its
/// place, a slot number, or the row's text.
pub type RowChange = Option<Either<u32, String>>;

#[derive(Debug, Default)]
pub struct SentRows {
    /// The rows the extension holds, by place.
    held: Vec<Arc<Row>>,
    /// The rows sent as text lately, by slot, with the hash of their text.
    slots: Vec<(u64, Arc<Row>)>,
    /// By the hash of a row's text, the count (since the last fresh frame) at which it was
    /// sent as text, while its slot still holds it.
    sent_at: FxHashMap<u64, u64>,
    /// Rows sent as text since the last fresh frame.
    count: u64,
}

impl SentRows {
    /// The changes that turn the rows held into `rows`; `fresh` forgets what the extension
    /// holds, for one that holds nothing (its first frame, or after it dropped its rows).
    pub fn changes(&mut self, rows: &[Arc<Row>], fresh: bool) -> Vec<RowChange> {
        if fresh {
            *self = SentRows::default();
        }
        self.held.truncate(rows.len());
        rows.iter()
            .enumerate()
            .map(|(place, row)| {
                if let Some(held) = self.held.get(place)
                    && (Arc::ptr_eq(held, row) || held.ansi == row.ansi)
                {
                    return None;
                }
                let change = self.send(row);
                match self.held.get_mut(place) {
                    Some(held) => *held = row.clone(),
                    None => self.held.push(row.clone()),
                }
                Some(change)
            })
            .collect()
    }

    /// The slot that holds `row`'s text, or the text, now kept in the next slot.
    fn send(&mut self, row: &Arc<Row>) -> Either<u32, String> {
        let hash = hash_of(&row.ansi);
        if let Some(&at) = self.sent_at.get(&hash) {
            let slot = slot_of(at);
            if self.slots[slot as usize].1.ansi == row.ansi {
                return Either::A(slot);
            }
        }
        let slot = slot_of(self.count);
        let kept = (hash, row.clone());
        if let Some(old) = self.slots.get_mut(slot as usize) {
            // The slot's old row is gone from the extension, unless a later send of the same
            // text (a hash collision) holds the entry.
            if self.sent_at.get(&old.0) == Some(&(self.count - u64::from(ROW_SLOTS))) {
                self.sent_at.remove(&old.0);
            }
            *old = kept;
        } else {
            self.slots.push(kept);
        }
        self.sent_at.insert(hash, self.count);
        self.count += 1;
        Either::B(row.ansi.clone())
    }
}

fn slot_of(count: u64) -> u32 {
    (count % u64::from(ROW_SLOTS)) as u32
}

fn hash_of(text: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(text: &str) -> Arc<Row> {
        let mut row = Row::default();
        row.ansi = text.to_string();
        Arc::new(row)
    }

    /// The extension's side: rows by place, texts kept by slot in the order sent.
    #[derive(Default)]
    struct Extension {
        rows: Vec<String>,
        slots: Vec<String>,
        texts: usize,
    }

    impl Extension {
        fn apply(&mut self, changes: Vec<RowChange>) {
            self.rows = changes
                .into_iter()
                .enumerate()
                .map(|(place, change)| match change {
                    None => self.rows[place].clone(),
                    Some(Either::A(slot)) => self.slots[slot as usize].clone(),
                    Some(Either::B(text)) => {
                        let slot = self.texts % ROW_SLOTS as usize;
                        match self.slots.get_mut(slot) {
                            Some(kept) => *kept = text.clone(),
                            None => self.slots.push(text.clone()),
                        }
                        self.texts += 1;
                        text
                    }
                })
                .collect();
        }
    }

    #[test]
    fn frames_rebuilt_from_changes_are_the_frames_through_many_rounds_of_slots() {
        // Frames of 1 to 30 rows out of 1,000 texts, the same row made anew or shared, repeats
        // within a frame: the slots go round many times and rows fall out of them.
        let pool: Vec<String> = (0..1000).map(|n| format!("row {n}")).collect();
        let mut sent = SentRows::default();
        let mut extension = Extension::default();
        let mut state = 7u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let shared: Vec<Arc<Row>> = pool.iter().map(|text| row(text)).collect();
        let (mut by_slot, mut by_text) = (0, 0);
        for frame in 0..2000 {
            let len = 1 + next() % 30;
            let spread = if frame % 3 == 0 { 1000 } else { 40 };
            let rows: Vec<Arc<Row>> = (0..len)
                .map(|_| {
                    let n = next() % spread;
                    if next() % 2 == 0 {
                        shared[n].clone()
                    } else {
                        row(&pool[n])
                    }
                })
                .collect();
            let fresh = frame % 500 == 0;
            if fresh {
                extension = Extension::default();
            }
            let changes = sent.changes(&rows, fresh);
            by_slot += changes
                .iter()
                .filter(|c| matches!(c, Some(Either::A(_))))
                .count();
            by_text += changes
                .iter()
                .filter(|c| matches!(c, Some(Either::B(_))))
                .count();
            extension.apply(changes);
            let expected: Vec<&str> = rows.iter().map(|row| row.ansi.as_str()).collect();
            assert_eq!(extension.rows, expected, "frame {frame}");
        }
        assert!(
            by_slot > 1000 && by_text > 1000,
            "{by_slot} by slot, {by_text} as text"
        );
    }

    /// Changes as text: `-` for the row held, `#n` for slot n, else the text.
    fn shown(changes: Vec<RowChange>) -> Vec<String> {
        changes
            .into_iter()
            .map(|change| match change {
                None => "-".into(),
                Some(Either::A(slot)) => format!("#{slot}"),
                Some(Either::B(text)) => text,
            })
            .collect()
    }

    #[test]
    fn a_row_held_at_its_place_is_not_sent_and_one_sent_lately_goes_by_slot() {
        let mut sent = SentRows::default();
        let (a, b) = (row("a"), row("b"));
        assert_eq!(
            shown(sent.changes(&[a.clone(), b.clone()], true)),
            ["a", "b"]
        );
        assert_eq!(
            shown(sent.changes(&[a.clone(), row("b")], false)),
            ["-", "-"]
        );
        assert_eq!(
            shown(sent.changes(&[b.clone(), a.clone()], false)),
            ["#1", "#0"]
        );
        assert_eq!(
            shown(sent.changes(&[row("c"), row("c")], false)),
            ["c", "#2"]
        );
        assert_eq!(
            shown(sent.changes(&[a], true)),
            ["a"],
            "fresh: the extension holds nothing"
        );
    }
}
