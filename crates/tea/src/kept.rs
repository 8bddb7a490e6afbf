//! What components chose at the size they were given, kept from one frame to the next by the
//! driver that draws them: a list's first item shown, so that the list stays put while its
//! cursor moves back inside it. ratatui writes such choices into the model's state while
//! rendering (`StatefulWidget`), which makes the model keep its size to predict them; React keeps
//! them beside the tree. tea does the latter: the model holds what the person did (the selected
//! item), the driver holds where the window was, and a view is a function of both.
//!
//! A component keeps a value under a key of its own ([`offset`], [`keep_offset`]; a view a
//! record of its own type, [`recall`], [`keep`]) while the driver draws ([`drawing`]); the
//! driver hands the values back at its next draw, and lends them to `update` so that a message
//! starts from what was shown (a scroll from the clamped position).
//! When messages come faster than frames, the driver lays the model out before each one, so the
//! values are what each message would have shown. Outside a driver (a frame drawn once with
//! [`crate::draw`]) nothing is kept: a list then shows its window as if drawn for the first time.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;

/// The values kept between frames, by key. A [`Driver`](crate::Driver) owns one. Empty until
/// a component keeps something, so a program that keeps nothing pays nothing per frame.
#[derive(Debug, Default)]
pub struct Memory {
    offsets: Option<HashMap<String, usize>>,
    records: Option<HashMap<String, Box<dyn Any + Send + Sync>>>,
}

impl Memory {
    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.offsets.as_ref().is_none_or(HashMap::is_empty)
            && self.records.as_ref().is_none_or(HashMap::is_empty)
    }
}

thread_local! {
    /// The memory of the draw under way on this thread, if a driver is drawing.
    static DRAWING: RefCell<Option<Memory>> = const { RefCell::new(None) };
}

/// Runs `draw` with `memory` as what components recall and keep; the values they keep are in
/// `memory` afterwards (also when `draw` panics, so a driver that survives it keeps them).
pub fn drawing<R>(memory: &mut Memory, draw: impl FnOnce() -> R) -> R {
    struct Restore<'m> {
        memory: &'m mut Memory,
        outer: Option<Memory>,
    }
    impl Drop for Restore<'_> {
        fn drop(&mut self) {
            let kept = DRAWING.with(|cell| cell.replace(self.outer.take()));
            *self.memory = kept.unwrap_or_default();
        }
    }
    let outer = DRAWING.with(|cell| cell.replace(Some(std::mem::take(memory))));
    let _restore = Restore { memory, outer };
    draw()
}

/// The offset kept under `key` at the last draw, while a driver draws.
pub fn offset(key: &str) -> Option<usize> {
    DRAWING.with(|cell| {
        cell.borrow()
            .as_ref()
            .and_then(|memory| memory.offsets.as_ref()?.get(key).copied())
    })
}

/// Keeps `offset` under `key` for the next draw; nothing outside a driver's draw.
pub fn keep_offset(key: &str, offset: usize) {
    DRAWING.with(|cell| {
        if let Some(memory) = cell.borrow_mut().as_mut() {
            let offsets = memory.offsets.get_or_insert_default();
            match offsets.get_mut(key) {
                Some(kept) => *kept = offset,
                None => {
                    offsets.insert(key.to_string(), offset);
                }
            }
        }
    });
}

/// Reads the record of type `T` kept under `key` at the last draw, while a driver draws: what
/// a view chose as a whole (windows and scrolls of several parts), in one lookup. `None` when
/// nothing of that type is kept there, or outside a driver's draw.
pub fn recall<T: Any, R>(key: &str, read: impl FnOnce(&T) -> R) -> Option<R> {
    DRAWING.with(|cell| {
        let memory = cell.borrow();
        let record = memory.as_ref()?.records.as_ref()?.get(key)?;
        record.downcast_ref::<T>().map(read)
    })
}

/// Changes the record of type `T` kept under `key` for the next draw, in place (a default one
/// first when there is none of that type); nothing outside a driver's draw.
pub fn keep<T: Any + Send + Sync + Default>(key: &str, change: impl FnOnce(&mut T)) {
    DRAWING.with(|cell| {
        let mut memory = cell.borrow_mut();
        let Some(memory) = memory.as_mut() else {
            return;
        };
        let records = memory.records.get_or_insert_default();
        match records.get_mut(key).and_then(|r| r.downcast_mut::<T>()) {
            Some(record) => change(record),
            None => {
                let mut record = T::default();
                change(&mut record);
                records.insert(key.to_string(), Box::new(record));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_kept_in_one_draw_are_recalled_in_the_next() {
        let mut memory = Memory::default();
        drawing(&mut memory, || {
            assert_eq!(offset("list"), None);
            keep_offset("list", 4);
        });
        drawing(&mut memory, || assert_eq!(offset("list"), Some(4)));
    }

    #[test]
    fn records_kept_in_one_draw_are_recalled_in_the_next_by_type() {
        let mut memory = Memory::default();
        drawing(&mut memory, || {
            assert_eq!(recall("shown", |r: &Vec<usize>| r.len()), None);
            keep("shown", |r: &mut Vec<usize>| r.extend([3, 4]));
        });
        assert!(!memory.is_empty());
        drawing(&mut memory, || {
            assert_eq!(
                recall("shown", |r: &Vec<usize>| r.clone()),
                Some(vec![3, 4])
            );
            assert_eq!(recall("shown", |r: &String| r.len()), None, "another type");
            keep("shown", |r: &mut Vec<usize>| r[1] = 6);
        });
        drawing(&mut memory, || {
            assert_eq!(recall("shown", |r: &Vec<usize>| r[1]), Some(6));
        });
        keep("shown", |r: &mut Vec<usize>| r.clear());
        drawing(&mut memory, || {
            assert_eq!(recall("shown", |r: &Vec<usize>| r.len()), Some(2));
        });
    }

    #[test]
    fn outside_a_draw_nothing_is_kept() {
        keep_offset("list", 4);
        assert_eq!(offset("list"), None);
        let mut memory = Memory::default();
        drawing(&mut memory, || assert_eq!(offset("list"), None));
    }

    #[test]
    fn each_memory_keeps_its_own_values_also_when_drawing_nests() {
        let (mut outer, mut inner) = (Memory::default(), Memory::default());
        drawing(&mut outer, || {
            keep_offset("list", 1);
            drawing(&mut inner, || keep_offset("list", 2));
            assert_eq!(offset("list"), Some(1));
        });
        drawing(&mut inner, || assert_eq!(offset("list"), Some(2)));
    }

    #[test]
    fn a_panicking_draw_leaves_what_was_kept_before_it() {
        let mut memory = Memory::default();
        drawing(&mut memory, || keep_offset("list", 3));
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            drawing(&mut memory, || -> () { panic!("a component failed") })
        }));
        assert!(caught.is_err());
        drawing(&mut memory, || assert_eq!(offset("list"), Some(3)));
    }
}
