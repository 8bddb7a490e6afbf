//! Rendered output kept per (source, width), so a view that redraws the same markdown every
//! frame pays for parsing, highlighting and wrapping once.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use tea::Line;

/// A small least-recently-used cache of [`crate::render`] results.
#[derive(Debug, Clone)]
pub struct MarkdownCache {
    entries: Vec<Entry>,
    capacity: usize,
    clock: u64,
}

#[derive(Debug, Clone)]
struct Entry {
    hash: u64,
    width: usize,
    source: String,
    lines: Arc<Vec<Line>>,
    used: u64,
}

impl Default for MarkdownCache {
    fn default() -> Self {
        MarkdownCache::new()
    }
}

impl MarkdownCache {
    /// Entries kept by [`MarkdownCache::new`]: enough for every preview of a questionnaire at
    /// the current width and the one before a resize.
    pub const DEFAULT_CAPACITY: usize = 32;

    pub fn new() -> MarkdownCache {
        MarkdownCache::with_capacity(Self::DEFAULT_CAPACITY)
    }

    /// A cache that keeps at most `capacity` renders (at least one).
    pub fn with_capacity(capacity: usize) -> MarkdownCache {
        MarkdownCache {
            entries: Vec::new(),
            capacity: capacity.max(1),
            clock: 0,
        }
    }

    /// [`crate::render`]`(source, width)`, computed once per (source, width) while it stays in
    /// the cache.
    pub fn get(&mut self, source: &str, width: usize) -> Arc<Vec<Line>> {
        self.clock += 1;
        let hash = hash_of(source);
        if let Some(entry) = self
            .entries
            .iter_mut()
            .find(|e| e.hash == hash && e.width == width && e.source == source)
        {
            entry.used = self.clock;
            return entry.lines.clone();
        }
        let lines = Arc::new(crate::render(source, width));
        if self.entries.len() >= self.capacity
            && let Some(oldest) = (0..self.entries.len()).min_by_key(|&i| self.entries[i].used)
        {
            self.entries.swap_remove(oldest);
        }
        self.entries.push(Entry {
            hash,
            width,
            source: source.to_string(),
            lines: lines.clone(),
            used: self.clock,
        });
        lines
    }

    /// Renders currently kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

fn hash_of(source: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    source.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_gets_share_one_render() {
        let mut cache = MarkdownCache::new();
        let a = cache.get("# Title\n\nbody", 40);
        let b = cache.get("# Title\n\nbody", 40);
        assert!(Arc::ptr_eq(&a, &b));
        assert_eq!(cache.len(), 1);
        assert_eq!(*a, crate::render("# Title\n\nbody", 40));
    }

    #[test]
    fn each_width_and_source_has_its_own_entry() {
        let mut cache = MarkdownCache::new();
        let narrow = cache.get("one two three four", 8);
        let wide = cache.get("one two three four", 80);
        let other = cache.get("five", 80);
        assert_eq!(narrow.len(), 3);
        assert_eq!(wide.len(), 1);
        assert_eq!(other[0].plain_text(), "five");
        assert_eq!(cache.len(), 3);
    }

    #[test]
    fn least_recently_used_entry_is_evicted_at_capacity() {
        let mut cache = MarkdownCache::with_capacity(2);
        let a = cache.get("a", 10);
        cache.get("b", 10);
        cache.get("a", 10); // "b" is now the oldest
        cache.get("c", 10);
        assert_eq!(cache.len(), 2);
        assert!(Arc::ptr_eq(&a, &cache.get("a", 10)));
        cache.clear();
        assert!(cache.is_empty());
    }
}
