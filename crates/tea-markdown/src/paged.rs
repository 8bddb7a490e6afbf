//! Documents too long to render at once: the source is cut into pieces of a few kilobytes at
//! block boundaries, each rendered when its rows are first needed, and only the pieces around
//! the shown rows keep their lines. Rendering and memory then follow what is shown, not the
//! document's length; the total row count is known once the last piece has been rendered.
//!
//! The source is not copied: every call that may render gets it again, and must be given the
//! same text each time.

use std::ops::Range;
use std::sync::Arc;

use tea::Line;
use tea::text::{sanitize, wrap};

use crate::Code;
use crate::verbatim::closes;

/// How the source reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Markdown,
    /// Plain text, sanitized and word-wrapped.
    Plain,
}

/// Bytes a piece has at least (except the last). Small enough that a piece of code, which is
/// highlighted within the per-document budget, renders in a few milliseconds.
const PIECE: usize = 16 * 1024;
/// A piece ends by this many bytes even when no block boundary came.
const MAX_PIECE: usize = 4 * PIECE;

/// A long document rendered piece by piece at one width.
#[derive(Debug, Clone)]
pub struct Paged {
    kind: Kind,
    width: usize,
    pieces: Vec<Piece>,
    /// Where the part of the source not yet cut into pieces starts.
    scanned: usize,
    /// The code fence open at `scanned` (markdown cut inside a huge code block).
    fence: Option<String>,
    /// Whether the whole source is cut into pieces (and so rendered once).
    complete: bool,
    code: Code,
}

#[derive(Debug, Clone)]
struct Piece {
    range: Range<usize>,
    /// A fence opening line to put before the piece: it starts inside fenced code.
    fence: Option<String>,
    first_row: usize,
    rows: usize,
    /// Dropped while the piece is far from the shown rows.
    lines: Option<Arc<Vec<Line>>>,
}

impl Paged {
    pub fn new(kind: Kind, width: usize) -> Paged {
        Paged {
            kind,
            width: width.max(1),
            pieces: Vec::new(),
            scanned: 0,
            fence: None,
            complete: false,
            code: Code::Highlighted,
        }
    }

    /// The same, with fenced code drawn as `code` says.
    pub fn with_code(mut self, code: Code) -> Paged {
        self.code = code;
        self
    }

    /// Rows rendered so far; all of them once [`Paged::is_complete`].
    pub fn len(&self) -> usize {
        self.pieces.last().map_or(0, |p| p.first_row + p.rows)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every piece has been rendered, so [`Paged::len`] is the document's.
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Renders what rows `start..start + count` (and one more, to tell whether more follow)
    /// need, and keeps the lines of only the pieces near them.
    pub fn show(&mut self, source: &str, start: usize, count: usize) {
        let end = start.saturating_add(count);
        while self.len() <= end && !self.complete {
            self.cut_next(source);
        }
        let keep_from = start.saturating_sub(count);
        let keep_to = end.saturating_add(count);
        for i in 0..self.pieces.len() {
            let piece = &self.pieces[i];
            let near = piece.first_row < keep_to && piece.first_row + piece.rows > keep_from;
            if !near {
                self.pieces[i].lines = None;
            } else if piece.lines.is_none() {
                let lines = self.render(source, i);
                self.pieces[i].lines = Some(Arc::new(lines));
            }
        }
    }

    /// Up to `count` rows from `start`, of the pieces [`Paged::show`] kept.
    pub fn rows(&self, start: usize, count: usize) -> impl Iterator<Item = &Line> {
        let first = self
            .pieces
            .partition_point(|p| p.first_row + p.rows <= start);
        self.pieces[first..]
            .iter()
            .map_while(|p| p.lines.as_deref().map(|lines| (p.first_row, lines)))
            .flat_map(move |(first_row, lines)| {
                lines
                    .iter()
                    .skip(start.saturating_sub(first_row))
                    .take(count)
            })
            .take(count)
    }

    fn cut_next(&mut self, source: &str) {
        let from = self.scanned;
        let fence = self.fence.take();
        let (end, open) = match self.kind {
            Kind::Markdown => markdown_cut(source, from, fence.clone()),
            Kind::Plain => (plain_cut(source, from), None),
        };
        self.scanned = end;
        self.fence = open;
        self.complete = end >= source.len();
        let first_row = self.len();
        self.pieces.push(Piece {
            range: from..end,
            fence,
            first_row,
            rows: 0,
            lines: None,
        });
        let index = self.pieces.len() - 1;
        let lines = self.render(source, index);
        let piece = &mut self.pieces[index];
        piece.rows = lines.len();
        piece.lines = Some(Arc::new(lines));
    }

    fn render(&self, source: &str, index: usize) -> Vec<Line> {
        let piece = &self.pieces[index];
        let text = &source[piece.range.clone()];
        let last = piece.range.end >= source.len();
        match self.kind {
            Kind::Markdown => {
                let lines = match &piece.fence {
                    Some(open) => {
                        crate::render_with(&format!("{open}\n{text}"), self.width, self.code)
                    }
                    None => crate::render_with(text, self.width, self.code),
                };
                // Blocks are one blank row apart, across pieces too.
                let blank = index > 0 && !lines.is_empty() && self.len_before(index) > 0;
                let mut out = Vec::with_capacity(lines.len() + usize::from(blank));
                if blank {
                    out.push(Line::default());
                }
                out.extend(lines);
                out
            }
            Kind::Plain => {
                // A piece starts on a new line: wrap it as a later line (its leading spaces
                // wrap as they would there), and leave the next line to the next piece.
                let wrapped = if index == 0 {
                    wrap(&sanitize(text), self.width)
                } else {
                    let mut rows = wrap(&sanitize(&format!("\n{text}")), self.width);
                    rows.remove(0);
                    rows
                };
                let keep = if !last && text.ends_with('\n') {
                    wrapped.len().saturating_sub(1)
                } else {
                    wrapped.len()
                };
                wrapped.into_iter().take(keep).map(Line::plain).collect()
            }
        }
    }

    fn len_before(&self, index: usize) -> usize {
        self.pieces[index].first_row
    }
}

/// Where the piece starting at `from` ends: preferably at a blank line before an unindented
/// line outside fenced code (a new top-level block), else at a line end; inside a code fence
/// longer than a piece, the fence's opening line is returned so the next piece reopens it.
fn markdown_cut(source: &str, from: usize, mut fence: Option<String>) -> (usize, Option<String>) {
    if source.len() - from <= MAX_PIECE {
        return (source.len(), None);
    }
    let target = from + PIECE;
    let limit = floor_boundary(source, from + MAX_PIECE);
    let mut at = from;
    let mut blank_before = false;
    let mut first_line_end = None;
    while at < limit {
        let end = source[at..].find('\n').map_or(source.len(), |i| at + i + 1);
        let line = &source[at..end];
        if at >= target && fence.is_none() && blank_before && !line.starts_with([' ', '\t']) {
            return (at, None);
        }
        if at >= target && first_line_end.is_none() {
            first_line_end = Some((at, fence.clone()));
        }
        let trimmed = line.trim();
        match &fence {
            Some(open) if closes(open, trimmed) => fence = None,
            Some(_) => {}
            None if trimmed.starts_with("```") || trimmed.starts_with("~~~") => {
                fence = Some(trimmed.to_string());
            }
            None => {}
        }
        blank_before = trimmed.is_empty();
        at = end;
    }
    match first_line_end {
        Some(cut) => cut,
        // One enormous line: cut it after a space if there is one.
        None => (space_cut(source, from, limit), fence),
    }
}

/// Where the plain piece starting at `from` ends: after a newline, else after a space.
fn plain_cut(source: &str, from: usize) -> usize {
    if source.len() - from <= MAX_PIECE {
        return source.len();
    }
    let target = from + PIECE;
    let limit = floor_boundary(source, from + MAX_PIECE);
    match source[target..limit].find('\n') {
        Some(i) => target + i + 1,
        None => space_cut(source, from, limit),
    }
}

fn space_cut(source: &str, from: usize, limit: usize) -> usize {
    match source[from..limit].rfind(' ') {
        Some(i) if i > 0 => from + i + 1,
        _ => limit,
    }
}

fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn long_markdown(sections: usize) -> String {
        (0..sections)
            .map(|i| {
                format!(
                    "## Section {i}\n\nSome words about section {i} that wrap.\n\n- one\n- two\n\n```rust\nfn f() {{}}\n\nlet x = {i};\n```\n\n"
                )
            })
            .collect()
    }

    fn plain(lines: impl Iterator<Item = Line>) -> Vec<String> {
        lines.map(|l| l.plain_text()).collect()
    }

    #[test]
    fn pieces_read_like_the_whole_document() {
        let source = long_markdown(3000);
        let whole = crate::render(&source, 50);
        let mut doc = Paged::new(Kind::Markdown, 50);
        doc.show(&source, 0, 20);
        assert!(!doc.is_complete());
        assert!(doc.pieces.len() < 3, "rendered {} pieces", doc.pieces.len());
        let mut start = 0;
        while start < whole.len() {
            doc.show(&source, start, 30);
            let shown = plain(doc.rows(start, 30).cloned());
            let expected = plain(whole.iter().skip(start).take(30).cloned());
            assert_eq!(shown, expected, "rows from {start}");
            start += 30;
        }
        assert!(doc.is_complete());
        assert_eq!(doc.len(), whole.len());
        // Only the pieces around the last rows shown keep their lines.
        let kept = doc.pieces.iter().filter(|p| p.lines.is_some()).count();
        assert!(kept <= 3, "{kept} pieces kept");
    }

    #[test]
    fn plain_pieces_wrap_like_the_whole_text() {
        let source: String = (0..20_000)
            .map(|i| format!("  line {i} with \x1b[31msome\x1b[0m words\tand a tab\n"))
            .collect();
        let whole = wrap(&sanitize(&source), 17);
        let mut doc = Paged::new(Kind::Plain, 17);
        let mut start = 0;
        while start < whole.len() {
            doc.show(&source, start, 500);
            let shown: Vec<String> = doc.rows(start, 500).map(|l| l.plain_text()).collect();
            assert_eq!(shown[..], whole[start..(start + 500).min(whole.len())]);
            start += 500;
        }
        assert_eq!(doc.len(), whole.len());
    }

    #[test]
    fn a_huge_code_block_or_line_is_cut_and_stays_within_the_width() {
        let code = format!("```rust\n{}```\n", "let x = 1;\n".repeat(20_000));
        let line = "word ".repeat(100_000);
        for source in [code, line] {
            let mut doc = Paged::new(Kind::Markdown, 30);
            doc.show(&source, 0, 10);
            assert!(doc.len() > 10);
            assert!(doc.rows(0, 10).all(|l| l.width() <= 30));
            let far = doc.len() + 5000;
            doc.show(&source, far, 10);
            assert!(
                doc.rows(far.min(doc.len() - 1), 10)
                    .all(|l| l.width() <= 30)
            );
        }
    }
}
