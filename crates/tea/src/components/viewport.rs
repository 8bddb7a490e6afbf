//! A scrolled window over a long run of lines; the scroll offset is the model's.
//!
//! When the lines fit the height they are all drawn. When they do not, the first row is a
//! header with the range shown ("1–8/41  ↓ 33 more", as the questionnaire's preview draws it)
//! and the rest shows the lines from the offset, which is clamped so the window never runs
//! past the end. With a title, the header row is always there: the title on the left, the
//! range (when scrolling) at the right edge.
//!
//! ```
//! use tea::components::{Block, Viewport};
//! use tea::Line;
//!
//! let lines: Vec<Line> = (1..=41).map(|i| Line::plain(format!("line {i}"))).collect();
//! let rows = Viewport::new(&lines, 0).lines(20, 9);
//! assert_eq!(rows[0].plain_text(), "1–8/41  ↓ 33 more");
//! assert_eq!(rows[1].plain_text(), "line 1");
//! assert_eq!(Viewport::new(&lines, 0).max_offset(9), 33);
//! ```

use super::{Block, cut, spread};
use crate::style::{Line, Slot, Style};

/// The props of a viewport.
#[derive(Debug, Clone)]
pub struct Viewport<'a> {
    pub lines: &'a [Line],
    /// The first line shown (clamped when drawing).
    pub offset: usize,
    pub title: Option<Line>,
    /// The word after the counts: "↓ 33 more".
    pub more: String,
}

impl<'a> Viewport<'a> {
    pub fn new(lines: &'a [Line], offset: usize) -> Viewport<'a> {
        Viewport {
            lines,
            offset,
            title: None,
            more: "more".into(),
        }
    }

    pub fn title(mut self, title: Line) -> Viewport<'a> {
        self.title = Some(title);
        self
    }

    pub fn more(mut self, word: impl Into<String>) -> Viewport<'a> {
        self.more = word.into();
        self
    }

    /// Rows of text under the header at `height` rows, for `len` lines, without a title.
    fn body(len: usize, height: usize, titled: bool) -> usize {
        if titled || (len > height && height >= 2) {
            height.saturating_sub(1)
        } else {
            height
        }
    }

    /// The greatest useful offset at `height` rows: the one that shows the last line at the
    /// bottom. A model clamps its scroll to it.
    pub fn max_offset(&self, height: usize) -> usize {
        let body = Self::body(self.lines.len(), height, self.title.is_some());
        self.lines.len().saturating_sub(body)
    }

    /// The offset clamped to the lines at `height` rows, as drawing uses it.
    pub fn clamped(&self, height: usize) -> usize {
        self.offset.min(self.max_offset(height))
    }
}

/// "↑ 2 more  ↓ 5 more"; either part only when it is non-zero.
pub fn counter_text(above: usize, below: usize, more: &str) -> String {
    let mut parts = Vec::new();
    if above > 0 {
        parts.push(format!("↑ {above} {more}"));
    }
    if below > 0 {
        parts.push(format!("↓ {below} {more}"));
    }
    parts.join("  ")
}

/// "3–9/20  ↑ 2 more  ↓ 11 more" for `body` rows from `offset` of `len` lines; empty when
/// everything fits.
pub fn range_text(offset: usize, body: usize, len: usize, more: &str) -> String {
    if len <= body || body == 0 {
        return String::new();
    }
    let last = (offset + body).min(len);
    format!(
        "{}–{}/{}  {}",
        offset + 1,
        last,
        len,
        counter_text(offset, len - last, more)
    )
}

impl Block for Viewport<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let len = self.lines.len();
        let titled = self.title.is_some();
        let body = Self::body(len, height, titled);
        let offset = self.clamped(height);
        let mut out = Vec::with_capacity(height);
        if height == 0 {
            return out;
        }
        if body < height {
            let range = range_text(offset, body, len, &self.more);
            let range = if range.is_empty() {
                Line::default()
            } else {
                Line::styled(range, Style::fg(Slot::Muted))
            };
            out.push(match &self.title {
                Some(title) => spread(title.clone(), range, width),
                None => cut(&range, width),
            });
        }
        out.extend(
            self.lines[offset..]
                .iter()
                .take(body)
                .map(|line| cut(line, width)),
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<Line> {
        (1..=n).map(|i| Line::plain(format!("l{i}"))).collect()
    }

    fn rows(v: &Viewport<'_>, width: usize, height: usize) -> Vec<String> {
        v.lines(width, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    #[test]
    fn lines_that_fit_are_drawn_without_a_header() {
        let l = lines(3);
        assert_eq!(rows(&Viewport::new(&l, 5), 10, 3), ["l1", "l2", "l3"]);
        assert_eq!(rows(&Viewport::new(&l, 0), 10, 8), ["l1", "l2", "l3"]);
    }

    #[test]
    fn a_long_run_gets_the_range_header() {
        let l = lines(10);
        assert_eq!(
            rows(&Viewport::new(&l, 2), 30, 4),
            ["3–5/10  ↑ 2 more  ↓ 5 more", "l3", "l4", "l5"]
        );
        // Past the end: clamped to the last full window.
        assert_eq!(
            rows(&Viewport::new(&l, 99), 30, 4),
            ["8–10/10  ↑ 7 more", "l8", "l9", "l10"]
        );
        assert_eq!(rows(&Viewport::new(&l, 0), 8, 2), ["1–1/10 …", "l1"]);
        assert_eq!(Viewport::new(&l, 99).clamped(4), 7);
    }

    #[test]
    fn one_row_shows_a_line_not_a_header() {
        let l = lines(10);
        assert_eq!(rows(&Viewport::new(&l, 4), 30, 1), ["l5"]);
        assert_eq!(Viewport::new(&l, 0).max_offset(1), 9);
        assert!(rows(&Viewport::new(&l, 4), 30, 0).is_empty());
    }

    #[test]
    fn a_title_always_heads_the_viewport() {
        let l = lines(10);
        let v = Viewport::new(&l, 0)
            .title(Line::plain("Preview"))
            .more("mehr");
        assert_eq!(
            rows(&v, 30, 3),
            ["Preview       1–2/10  ↓ 8 mehr", "l1", "l2"]
        );
        assert_eq!(
            rows(&v, 10, 3),
            ["Preview", "l1", "l2"],
            "no room for the range"
        );
        assert_eq!(v.max_offset(3), 8, "the title row leaves two for lines");
        let short = lines(1);
        let v = Viewport::new(&short, 0).title(Line::plain("Preview"));
        assert_eq!(rows(&v, 30, 3), ["Preview", "l1"]);
    }

    #[test]
    fn range_and_counter_texts() {
        assert_eq!(range_text(0, 8, 41, "more"), "1–8/41  ↓ 33 more");
        assert_eq!(range_text(0, 8, 8, "more"), "");
        assert_eq!(range_text(0, 0, 8, "more"), "");
        assert_eq!(counter_text(0, 0, "more"), "");
    }
}
