//! Rendered output kept per (source, width), so a view that redraws the same markdown every
//! frame pays for parsing, highlighting and wrapping once. The parsed and highlighted document
//! is kept per source too, so a resize only lays it out again.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use tea::Line;

use crate::Code;
use crate::document::{self, Block};

/// A small least-recently-used cache of [`crate::render`] results.
#[derive(Debug, Clone)]
pub struct MarkdownCache {
    sources: Vec<Source>,
    capacity: usize,
    clock: u64,
    code: Code,
}

#[derive(Debug, Clone)]
struct Source {
    hash: u64,
    text: String,
    blocks: Vec<Block>,
    /// Renders of this source, most recent last.
    renders: Vec<(usize, Arc<Vec<Line>>)>,
    used: u64,
}

/// Widths kept per source: the current one and a few before a resize.
const WIDTHS_PER_SOURCE: usize = 4;

impl Default for MarkdownCache {
    fn default() -> Self {
        MarkdownCache::new()
    }
}

impl MarkdownCache {
    /// Sources kept by [`MarkdownCache::new`]: enough for every preview of a questionnaire.
    pub const DEFAULT_CAPACITY: usize = 32;

    pub fn new() -> MarkdownCache {
        MarkdownCache::with_capacity(Self::DEFAULT_CAPACITY)
    }

    /// A cache that keeps at most `capacity` sources (at least one), each at up to four widths.
    pub fn with_capacity(capacity: usize) -> MarkdownCache {
        MarkdownCache {
            sources: Vec::new(),
            capacity: capacity.max(1),
            clock: 0,
            code: Code::Highlighted,
        }
    }

    /// [`crate::render`]`(source, width)`, computed once per (source, width) while it stays in
    /// the cache.
    pub fn get(&mut self, source: &str, width: usize) -> Arc<Vec<Line>> {
        self.clock += 1;
        let hash = hash_of(source);
        let index = match self
            .sources
            .iter()
            .position(|s| s.hash == hash && s.text == source)
        {
            Some(index) => index,
            None => self.insert(hash, source),
        };
        let entry = &mut self.sources[index];
        entry.used = self.clock;
        if let Some(at) = entry.renders.iter().position(|(w, _)| *w == width) {
            let render = entry.renders.remove(at);
            let lines = render.1.clone();
            entry.renders.push(render);
            return lines;
        }
        let lines = Arc::new(crate::lay_out(&entry.blocks, width));
        if entry.renders.len() >= WIDTHS_PER_SOURCE {
            entry.renders.remove(0);
        }
        entry.renders.push((width, lines.clone()));
        lines
    }

    /// How code is drawn from now on ([`Code::Highlighted`] unless set); a change drops every
    /// render.
    pub fn set_code(&mut self, code: Code) {
        if code != self.code {
            self.code = code;
            self.clear();
        }
    }

    pub fn code(&self) -> Code {
        self.code
    }

    fn insert(&mut self, hash: u64, source: &str) -> usize {
        if self.sources.len() >= self.capacity
            && let Some(oldest) = (0..self.sources.len()).min_by_key(|&i| self.sources[i].used)
        {
            self.sources.swap_remove(oldest);
        }
        self.sources.push(Source {
            hash,
            text: source.to_string(),
            blocks: document::parse(source, self.code),
            renders: Vec::new(),
            used: self.clock,
        });
        self.sources.len() - 1
    }

    /// Renders currently kept, over all sources and widths.
    pub fn len(&self) -> usize {
        self.sources.iter().map(|s| s.renders.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn clear(&mut self) {
        self.sources.clear();
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
    fn a_cache_can_move_to_a_background_thread() {
        fn send_and_sync<T: Send + Sync>() {}
        send_and_sync::<MarkdownCache>();
        let mut cache = MarkdownCache::new();
        let lines = std::thread::spawn(move || cache.get("# hi", 10))
            .join()
            .unwrap();
        assert_eq!(lines[0].plain_text(), "hi");
    }

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
    fn each_width_and_source_has_its_own_render() {
        let mut cache = MarkdownCache::new();
        let narrow = cache.get("one two three four", 8);
        let wide = cache.get("one two three four", 80);
        let other = cache.get("five", 80);
        assert_eq!(narrow.len(), 3);
        assert_eq!(wide.len(), 1);
        assert_eq!(other[0].plain_text(), "five");
        assert_eq!(cache.len(), 3);
        assert_eq!(
            *cache.get("one two three four", 8),
            crate::render("one two three four", 8)
        );
    }

    #[test]
    fn a_source_keeps_its_most_recent_widths() {
        let mut cache = MarkdownCache::new();
        let first = cache.get("text", 10);
        for width in 11..11 + WIDTHS_PER_SOURCE {
            cache.get("text", width);
        }
        assert_eq!(cache.len(), WIDTHS_PER_SOURCE);
        assert!(!Arc::ptr_eq(&first, &cache.get("text", 10)));
    }

    #[test]
    fn least_recently_used_source_is_evicted_at_capacity() {
        let mut cache = MarkdownCache::with_capacity(2);
        let a = cache.get("a", 10);
        let b = cache.get("b", 10);
        cache.get("a", 10); // "b" is now the oldest
        cache.get("c", 10);
        assert_eq!(cache.len(), 2);
        assert!(Arc::ptr_eq(&a, &cache.get("a", 10)));
        assert!(!Arc::ptr_eq(&b, &cache.get("b", 10)));
        cache.clear();
        assert!(cache.is_empty());
    }
}
