//! The text measured at the size the questionnaire is drawn at ([`Measured`]: wrapped prompts,
//! labels and descriptions, rendered context and previews, the panel's height). The model keeps
//! no size: the view measures at the size tea hands it, and this cache keeps that measure, with
//! the markdown rendered for it, until the size or what it was measured from changes. A message
//! is handled with the measure of the last frame, the one its person saw (tea's driver draws
//! before each message), as ratatui's state carries what the last render chose.

use std::sync::{Arc, Mutex, PoisonError};

use tea::Size;
use tea_markdown::MarkdownCache;

use crate::layout::Measured;

/// The size a model is measured at when a message comes before any frame was drawn (a host
/// that restores answers first): a terminal's size at its start. The first frame measures
/// again at its own size.
const UNDRAWN: Size = Size::new(80, 24);

/// The cache. A mutex, not a cell, for the memo's reason: the model stays `Sync`.
#[derive(Debug)]
pub(crate) struct Measures(Mutex<Cache>);

#[derive(Debug)]
struct Cache {
    markdown: MarkdownCache,
    /// Counts the changes of what is measured (notes, expanded previews, the height rule,
    /// colored code); a measure of an older count is stale.
    changes: u64,
    last: Option<Entry>,
}

impl Cache {
    /// The last measure unless it is stale.
    fn current(&self) -> Option<&Entry> {
        self.last
            .as_ref()
            .filter(|entry| entry.changes == self.changes)
    }
}

#[derive(Debug)]
struct Entry {
    size: Size,
    changes: u64,
    measured: Arc<Measured>,
}

impl Measures {
    pub fn new(markdown: MarkdownCache) -> Measures {
        Measures(Mutex::new(Cache {
            markdown,
            changes: 0,
            last: None,
        }))
    }

    fn cache(&mut self) -> &mut Cache {
        self.0.get_mut().unwrap_or_else(PoisonError::into_inner)
    }

    /// What is measured changed: the next measure is made afresh.
    pub fn invalidate(&mut self) {
        self.cache().changes += 1;
    }

    pub fn markdown_mut(&mut self) -> &mut MarkdownCache {
        &mut self.cache().markdown
    }

    /// The measure at `size` (made with `measure` unless kept), after `prepare` rendered in it
    /// what the next frame shows.
    pub fn at(
        &self,
        size: Size,
        measure: impl FnOnce(Size, &mut MarkdownCache) -> Measured,
        prepare: impl FnOnce(&mut Measured, &mut MarkdownCache),
    ) -> Arc<Measured> {
        let mut guard = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let cache = &mut *guard;
        let changes = cache.changes;
        let kept = (cache.last.take()).filter(|e| e.size == size && e.changes == changes);
        let entry = match kept {
            Some(entry) => entry,
            None => Entry {
                size,
                changes,
                measured: Arc::new(measure(size, &mut cache.markdown)),
            },
        };
        let entry = cache.last.insert(entry);
        // Nothing else holds the measure between a frame and a message: this changes it in
        // place.
        prepare(Arc::make_mut(&mut entry.measured), &mut cache.markdown);
        Arc::clone(&entry.measured)
    }

    /// The last frame's measure, unless it is stale or none was made.
    pub fn last(&self) -> Option<Arc<Measured>> {
        let cache = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        cache.current().map(|entry| Arc::clone(&entry.measured))
    }

    /// The size messages are handled at: the last frame's.
    pub fn message_size(&self) -> Size {
        let cache = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        cache.last.as_ref().map_or(UNDRAWN, |entry| entry.size)
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use question::Questionnaire;
    use serde_json::json;

    use super::*;
    use crate::layout::HeightLimit;

    fn questionnaire() -> Questionnaire {
        let input = json!({"questions": [{"id": "q", "header": "Q", "prompt": "Pick",
            "options": [{"value": "a", "label": "A", "preview": "# A\n\nalpha"}]}]});
        question::validate(&input).expect("valid input")
    }

    #[test]
    fn a_measure_is_kept_until_the_size_or_what_it_is_made_from_changes() {
        let questionnaire = questionnaire();
        let mut measures = Measures::new(MarkdownCache::default());
        let made = Cell::new(0);
        let at = |measures: &Measures, size: Size| {
            let measure = |size, markdown: &mut MarkdownCache| {
                made.set(made.get() + 1);
                let limit = HeightLimit::FULL;
                Measured::new(&questionnaire, size, false, limit, markdown, &|_| false)
            };
            measures.at(size, measure, |_, _| {})
        };
        assert_eq!(measures.message_size(), UNDRAWN, "nothing drawn yet");
        let first = at(&measures, Size::new(100, 30));
        at(&measures, Size::new(100, 30));
        assert_eq!(made.get(), 1, "the same size is measured once");
        assert_eq!(measures.message_size(), Size::new(100, 30));
        let last = measures.last().map(|m| m.geometry.width);
        assert_eq!(last, Some(100));
        at(&measures, Size::new(40, 30));
        assert_eq!(made.get(), 2, "a new size is measured");
        assert!(
            first.geometry.wide,
            "a frame's measure stays whole while it draws"
        );
        measures.invalidate();
        assert_eq!(
            measures.last().map(|m| m.height),
            None,
            "a stale measure is not read"
        );
        at(&measures, Size::new(40, 30));
        assert_eq!(made.get(), 3, "a change is measured again at the same size");
    }
}
