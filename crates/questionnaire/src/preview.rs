//! An option's preview: its markdown preview, else its description, rendered at the preview
//! width when first shown; long sources piece by piece as far as they are scrolled
//! ([`Preview`]); and what a list row previews, its note or free text included ([`PreviewDoc`]).

use std::sync::Arc;

use question::QuestionOption;
use tea::Line;
use tea_markdown::{Kind, MarkdownCache, Paged};

/// Preview sources longer than this render piece by piece ([`Paged`]) as they are scrolled;
/// shorter ones render whole, once per width.
pub const LONG_PREVIEW: usize = 64 * 1024;

/// An option's preview text. Markdown is rendered on demand: highlighting code is the
/// costly part of a first frame, and most previews are never looked at.
#[derive(Debug, Clone)]
pub enum Preview {
    /// Neither a preview nor a description.
    Empty,
    /// Markdown, or a long description, not rendered yet.
    Pending,
    Ready(Arc<Vec<Line>>),
    /// A long source, rendered as far as it has been shown.
    Paged(Box<Paged>),
}

/// What an option previews: its markdown preview, else its description.
pub fn preview_source(option: &QuestionOption) -> Option<(Kind, &str)> {
    match (&option.preview, &option.description) {
        (Some(src), _) if !src.trim().is_empty() => Some((Kind::Markdown, src)),
        (_, Some(d)) if !d.trim().is_empty() => Some((Kind::Plain, d)),
        _ => None,
    }
}

impl Preview {
    /// Whether there is something to show (a preview or a description).
    pub fn has_content(&self) -> bool {
        match self {
            Preview::Empty => false,
            Preview::Pending => true,
            Preview::Ready(lines) => !lines.is_empty(),
            Preview::Paged(doc) => !doc.is_complete() || !doc.is_empty(),
        }
    }

    /// Rendered rows so far (0 while pending).
    pub fn len(&self) -> usize {
        match self {
            Preview::Ready(lines) => lines.len(),
            Preview::Paged(doc) => doc.len(),
            Preview::Empty | Preview::Pending => 0,
        }
    }

    /// Whether [`Preview::len`] counts every row.
    pub fn is_complete(&self) -> bool {
        match self {
            Preview::Paged(doc) => doc.is_complete(),
            Preview::Pending => false,
            Preview::Empty | Preview::Ready(_) => true,
        }
    }

    /// Up to `count` rendered rows from `start` (those [`Preview::render`] was asked for).
    pub fn rows(&self, start: usize, count: usize) -> Box<dyn Iterator<Item = &Line> + '_> {
        match self {
            Preview::Ready(lines) => Box::new(lines.iter().skip(start).take(count)),
            Preview::Paged(doc) => Box::new(doc.rows(start, count)),
            Preview::Empty | Preview::Pending => Box::new(std::iter::empty()),
        }
    }

    /// Renders `source` at `width` as far as rows `start..start + count` need.
    pub(crate) fn render(
        &mut self,
        source: Option<(Kind, &str)>,
        width: usize,
        (start, count): (usize, usize),
        markdown: &mut MarkdownCache,
    ) {
        let Some((kind, source)) = source else {
            return;
        };
        if let Preview::Pending = self {
            *self = match kind {
                Kind::Markdown if source.len() <= LONG_PREVIEW => {
                    Preview::Ready(markdown.get(source, width))
                }
                _ => Preview::Paged(Box::new(Paged::new(kind, width).with_code(markdown.code()))),
            };
        }
        if let Preview::Paged(doc) = self {
            doc.show(source, start, count);
        }
    }
}

/// The preview of one list row: its rendered text plus, when noted, the note (or, for the
/// "Type something." row, the free text). Long text is rendered only as far as the scroll
/// position and a panel below it.
pub(crate) struct PreviewDoc<'a> {
    pub base: &'a Preview,
    pub extra: Vec<Line>,
    /// Whether `extra` is all of the note or free text.
    pub extra_complete: bool,
}

/// The base of a row without a preview of its own.
pub(crate) static NO_PREVIEW: Preview = Preview::Empty;

impl PreviewDoc<'_> {
    /// Rows known so far: all of them when [`PreviewDoc::is_complete`].
    pub fn len(&self) -> usize {
        self.base.len() + self.extra.len()
    }

    pub fn is_complete(&self) -> bool {
        self.base.is_complete() && self.extra_complete
    }

    pub fn rows(&self, start: usize, count: usize) -> impl Iterator<Item = &Line> {
        let base = self.base.len();
        let extra_start = start.saturating_sub(base);
        self.base
            .rows(start, count)
            .chain(self.extra.iter().skip(extra_start))
            .take(count)
    }
}
