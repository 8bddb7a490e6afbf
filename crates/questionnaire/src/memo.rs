//! Rows of the frame that change seldom, kept between frames: the tab bar and the footer are
//! built from the keymap, the labels and the answers, which a cursor move does not touch, and
//! building them again cost a quarter of a frame. Each is kept with everything it is drawn from
//! (its key); a frame whose key is none of the last few draws it afresh. A few, not one: moving
//! through a list flips the footer between a handful of hint sets (a preview that scrolls or
//! not, an option or the free-text row), and one kept value was drawn again at every flip.

use std::sync::{Mutex, PoisonError};

use tea::Line;
use tea::input::Keyboard;

use crate::keymap::{HintContext, Mode};

/// How many values a memo keeps.
const KEPT: usize = 4;

/// The last values drawn and the keys they were drawn from, the latest first. A mutex, not a
/// cell: the model stays `Sync`, and an uncontended lock costs nanoseconds.
#[derive(Debug)]
pub(crate) struct Memo<K, V>(Mutex<Vec<(K, V)>>);

impl<K, V> Default for Memo<K, V> {
    fn default() -> Self {
        Memo(Mutex::new(Vec::with_capacity(KEPT)))
    }
}

impl<K: PartialEq, V: Clone> Memo<K, V> {
    /// The value kept for `key`, else `draw()`, kept for next time in place of the value used
    /// longest ago.
    pub fn get(&self, key: K, draw: impl FnOnce() -> V) -> V {
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(at) = kept.iter().position(|(k, _)| *k == key) {
            kept[..=at].rotate_right(1);
            return kept[0].1.clone();
        }
        let value = draw();
        kept.truncate(KEPT - 1);
        kept.insert(0, (key, value.clone()));
        value
    }
}

/// What the footer is drawn from, besides the questionnaire's labels and the keys (changing
/// the keys forgets the memos).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FooterKey {
    pub notice: Option<String>,
    pub mode: Mode,
    pub ctx: HintContext,
    pub esc_armed: bool,
    pub keyboard: Option<Keyboard>,
    /// The countdown's whole seconds, as shown.
    pub clock: Option<u128>,
    pub columns: usize,
}

/// What the tab bar is drawn from, besides the questions' headers and the labels.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TabRowKey {
    pub tab: usize,
    pub answered: Vec<bool>,
    pub clock: Option<u128>,
    pub columns: usize,
}

/// The memos of one questionnaire.
#[derive(Debug, Default)]
pub(crate) struct ViewMemo {
    pub footer: Memo<FooterKey, Line>,
    pub tab_row: Memo<TabRowKey, Vec<Line>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_drawn_again_only_for_another_key() {
        let memo: Memo<u32, String> = Memo::default();
        let mut draws = 0;
        let mut get = |key: u32| {
            memo.get(key, || {
                draws += 1;
                format!("drawn for {key}")
            })
        };
        assert_eq!(get(1), "drawn for 1");
        assert_eq!(get(1), "drawn for 1");
        assert_eq!(get(2), "drawn for 2");
        assert_eq!(get(1), "drawn for 1");
        assert_eq!(draws, 2, "1 is still kept after 2");
    }

    #[test]
    fn the_value_used_longest_ago_is_forgotten_first() {
        let memo: Memo<usize, ()> = Memo::default();
        let mut draws = Vec::new();
        let mut get = |key: usize| memo.get(key, || draws.push(key));
        for key in 0..KEPT {
            get(key);
        }
        // Using 0 again makes 1 the oldest: a new key forgets 1 and keeps 0.
        get(0);
        get(KEPT);
        get(0);
        get(1);
        let mut expected: Vec<usize> = (0..=KEPT).collect();
        expected.push(1);
        assert_eq!(draws, expected);
    }
}
