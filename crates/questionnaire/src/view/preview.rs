//! Previews (docs/behaviour.md#previews): beside the list on wide terminals
//! ([`PreviewPane`]: a header with the range, then the rows from the scroll position), and
//! below it on narrow ones ([`PreviewBelow`]: a "▸ Preview · p" row that expands into an
//! indented viewport).

use tea::components::viewport::range_text_of;
use tea::components::{Block, spread};
use tea::text::truncate_line;
use tea::{Line, Slot, Span, Style};

use crate::layout::NARROW_PREVIEW_INDENT;
use crate::preview::PreviewDoc;

/// "3–9/20  ↑ 2 more  ↓ 11 more" for `body` rows from `scroll`; a long preview not rendered
/// to its end yet counts the rows so far ("3–9/120+ … ↓ 111+ more").
fn range(doc: &PreviewDoc, scroll: usize, body: usize, more: &str) -> Line {
    let text = range_text_of(scroll, body, doc.len(), doc.is_complete(), more);
    if text.is_empty() {
        return Line::default();
    }
    Line::styled(text, Style::fg(Slot::Muted))
}

/// The props of the preview beside the list.
pub(crate) struct PreviewPane<'a> {
    /// "Preview · ★ Recommended".
    pub title: Line,
    pub doc: PreviewDoc<'a>,
    /// The first row shown (clamped by the plan).
    pub scroll: usize,
    /// The localized "more" of the range.
    pub more: String,
}

impl Block for PreviewPane<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let mut out = Vec::with_capacity(height);
        if height == 0 {
            return out;
        }
        let body = height - 1;
        let range = range(&self.doc, self.scroll, body, &self.more);
        out.push(spread(self.title.clone(), range, width));
        for line in self.doc.rows(self.scroll, body) {
            out.push(if line.width() <= width {
                line.clone()
            } else {
                truncate_line(line, width)
            });
        }
        out.resize(height, Line::default());
        out
    }
}

/// The props of the preview below the list.
pub(crate) struct PreviewBelow<'a> {
    pub title: Line,
    pub doc: PreviewDoc<'a>,
    pub scroll: usize,
    /// Expanded: the header and the preview under it; else the header row alone.
    pub expanded: bool,
    pub more: String,
}

impl Block for PreviewBelow<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let mut out = Vec::with_capacity(height);
        if height == 0 {
            return out;
        }
        let mut header = Line::styled(
            if self.expanded { "▾ " } else { "▸ " },
            Style::fg(Slot::Accent),
        );
        header.spans.extend(self.title.spans.iter().cloned());
        header.push(Span::styled(" · p", Style::fg(Slot::Muted)));
        if !self.expanded || height == 1 {
            out.push(truncate_line(&header, width));
            return out;
        }
        let body = height - 1;
        let range = range(&self.doc, self.scroll, body, &self.more);
        out.push(spread(header, range, width));
        let indent = " ".repeat(NARROW_PREVIEW_INDENT.min(width));
        for line in self.doc.rows(self.scroll, body) {
            let mut row = Line::plain(indent.clone());
            row.spans.extend(line.spans.iter().cloned());
            row.bg = line.bg;
            out.push(truncate_line(&row, width));
        }
        out.resize(height, Line::default());
        out
    }
}
