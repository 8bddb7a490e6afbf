//! The markdown block: a component that draws markdown at the width it is given.
//!
//! Rendering goes through a [`MarkdownCache`] when one is given (so a view that redraws every
//! frame renders each source once per width), else through [`crate::render`]. With a scroll
//! offset the rows sit in a [`Viewport`]: a range header ("1–8/41  ↓ 33 more") when the
//! markdown is taller than the box. Without one, the first rows that fit are drawn.
//!
//! ```
//! use std::cell::RefCell;
//! use tea::components::Block;
//! use tea_markdown::{MarkdownBlock, MarkdownCache};
//!
//! let cache = RefCell::new(MarkdownCache::new());
//! let source = "# Plan\n\nOne.\n\nTwo.\n\nThree.";
//! let block = MarkdownBlock::new(source).cache(&cache).scroll(2);
//! let rows: Vec<String> = block.lines(30, 3).iter().map(|l| l.plain_text()).collect();
//! assert_eq!(rows, ["3–4/7  ↑ 2 more  ↓ 3 more", "One.", ""]);
//! assert_eq!(cache.borrow().len(), 1);
//! ```

use std::cell::RefCell;
use std::sync::Arc;

use tea::Line;
use tea::components::{Block, Viewport};

use crate::MarkdownCache;

/// The props of a markdown block.
#[derive(Debug, Clone)]
pub struct MarkdownBlock<'a> {
    pub source: &'a str,
    pub cache: Option<&'a RefCell<MarkdownCache>>,
    /// The first row shown, in a viewport with a range header; `None` draws the top rows.
    pub scroll: Option<usize>,
    pub title: Option<Line>,
    /// The word after the counts in the range header.
    pub more: String,
}

impl<'a> MarkdownBlock<'a> {
    pub fn new(source: &'a str) -> MarkdownBlock<'a> {
        MarkdownBlock {
            source,
            cache: None,
            scroll: None,
            title: None,
            more: "more".into(),
        }
    }

    pub fn cache(mut self, cache: &'a RefCell<MarkdownCache>) -> MarkdownBlock<'a> {
        self.cache = Some(cache);
        self
    }

    pub fn scroll(mut self, offset: usize) -> MarkdownBlock<'a> {
        self.scroll = Some(offset);
        self
    }

    /// A header row over the viewport (implies scrolling from the top if no offset was set).
    pub fn title(mut self, title: Line) -> MarkdownBlock<'a> {
        self.title = Some(title);
        self
    }

    pub fn more(mut self, word: impl Into<String>) -> MarkdownBlock<'a> {
        self.more = word.into();
        self
    }

    /// Every row of the markdown at `width`.
    pub fn rendered(&self, width: usize) -> Arc<Vec<Line>> {
        match self.cache {
            Some(cache) => cache.borrow_mut().get(self.source, width),
            None => Arc::new(crate::render(self.source, width)),
        }
    }
}

impl Block for MarkdownBlock<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        if width == 0 || height == 0 {
            return Vec::new();
        }
        let rows = self.rendered(width);
        if self.scroll.is_none() && self.title.is_none() {
            return rows.iter().take(height).cloned().collect();
        }
        let mut viewport = Viewport::new(&rows, self.scroll.unwrap_or(0)).more(self.more.clone());
        if let Some(title) = &self.title {
            viewport = viewport.title(title.clone());
        }
        viewport.lines(width, height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(block: &MarkdownBlock<'_>, width: usize, height: usize) -> Vec<String> {
        block
            .lines(width, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    const DOC: &str = "# Title\n\nSome words that wrap at a narrow width.\n\n- a\n- b";

    #[test]
    fn draws_the_top_rows_at_the_width() {
        let block = MarkdownBlock::new(DOC);
        assert_eq!(rows(&block, 40, 2), ["Title", ""]);
        for line in block.lines(9, 20) {
            assert!(line.width() <= 9);
        }
        assert!(rows(&block, 0, 5).is_empty());
        assert!(rows(&block, 5, 0).is_empty());
    }

    #[test]
    fn scrolls_in_a_viewport_with_a_range_header() {
        let block = MarkdownBlock::new(DOC).scroll(2);
        assert_eq!(
            rows(&block, 60, 3),
            [
                "3–4/6  ↑ 2 more  ↓ 2 more",
                "Some words that wrap at a narrow width.",
                ""
            ]
        );
        let titled = MarkdownBlock::new(DOC)
            .title(Line::plain("Preview"))
            .more("mehr");
        assert_eq!(rows(&titled, 60, 20)[0], "Preview");
    }

    #[test]
    fn renders_once_per_width_through_the_cache() {
        let cache = RefCell::new(MarkdownCache::new());
        let block = MarkdownBlock::new(DOC).cache(&cache);
        let first = block.rendered(30);
        assert!(Arc::ptr_eq(&first, &block.rendered(30)));
        assert_eq!(block.lines(30, 50).len(), first.len());
    }
}
