//! A scrolled window over a long run of lines; the scroll offset is the model's.
//!
//! When the lines fit the height they are all drawn. When they do not, the first row is a
//! header with the range shown ("1–8/41  ↓ 33 more", as the questionnaire's preview draws it)
//! and the rest shows the lines from the offset, which is clamped so the window never runs
//! past the end. With a title, the header row is always there: the title on the left, the
//! range (when scrolling) at the right edge.
//!
//!
//! With [`Viewport::counter_below`] there is no header: a run that does not fit ends with a
//! counter row instead ("↑ 2 more  ↓ 5 more"), as the questionnaire's context draws it.
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
    /// A counter row under the lines instead of a range header above them.
    pub counter_below: bool,
}

impl<'a> Viewport<'a> {
    pub fn new(lines: &'a [Line], offset: usize) -> Viewport<'a> {
        Viewport {
            lines,
            offset,
            title: None,
            more: "more".into(),
            counter_below: false,
        }
    }

    /// Ends a run that does not fit with a counter row ("↑ 2 more  ↓ 5 more") instead of
    /// heading it with the range; one row then holds the counter alone.
    pub fn counter_below(mut self) -> Viewport<'a> {
        self.counter_below = true;
        self
    }

    pub fn title(mut self, title: Line) -> Viewport<'a> {
        self.title = Some(title);
        self
    }

    pub fn more(mut self, word: impl Into<String>) -> Viewport<'a> {
        self.more = word.into();
        self
    }

    /// Rows of text beside the header or counter at `height` rows, for `len` lines.
    fn body(&self, len: usize, height: usize) -> usize {
        if self.counter_below {
            return if len > height {
                height.saturating_sub(1)
            } else {
                height
            };
        }
        if self.title.is_some() || (len > height && height >= 2) {
            height.saturating_sub(1)
        } else {
            height
        }
    }

    /// The greatest useful offset at `height` rows: the one that shows the last line at the
    /// bottom. A model clamps its scroll to it.
    pub fn max_offset(&self, height: usize) -> usize {
        if self.counter_below && height == 0 {
            return 0;
        }
        let body = self.body(self.lines.len(), height);
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
    range_text_of(offset, body, len, true, more)
}

/// [`range_text`] for a run known only as far as `len` lines so far when `complete` is false
/// (a source rendered piece by piece): "3–9/120+  ↑ 2 more  ↓ 111+ more".
pub fn range_text_of(offset: usize, body: usize, len: usize, complete: bool, more: &str) -> String {
    if len <= body || body == 0 {
        return String::new();
    }
    let last = (offset + body).min(len);
    if complete {
        return format!(
            "{}–{}/{}  {}",
            offset + 1,
            last,
            len,
            counter_text(offset, len - last, more)
        );
    }
    let above = counter_text(offset, 0, more);
    let below = format!("↓ {}+ {more}", len - last);
    let both = [above, below].join("  ");
    format!("{}–{}/{}+  {}", offset + 1, last, len, both.trim_start())
}

impl Block for Viewport<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let len = self.lines.len();
        let body = self.body(len, height);
        let offset = self.clamped(height);
        let mut out = Vec::with_capacity(height);
        if height == 0 {
            return out;
        }
        if self.counter_below {
            out.extend(
                self.lines[offset..]
                    .iter()
                    .take(body)
                    .map(|line| cut(line, width)),
            );
            if body < height {
                let counter = counter_text(offset, len - offset - body, &self.more);
                out.push(cut(&Line::styled(counter, Style::fg(Slot::Muted)), width));
            }
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
    fn a_counter_below_ends_a_long_run() {
        let l = lines(10);
        let v = Viewport::new(&l, 2).counter_below();
        assert_eq!(rows(&v, 30, 4), ["l3", "l4", "l5", "↑ 2 more  ↓ 5 more"]);
        assert_eq!(
            rows(&Viewport::new(&l, 99).counter_below(), 30, 1),
            ["↑ 10 more"]
        );
        assert_eq!(Viewport::new(&l, 99).counter_below().clamped(1), 10);
        assert_eq!(Viewport::new(&l, 99).counter_below().max_offset(0), 0);
        assert_eq!(
            rows(&Viewport::new(&l[..4], 3).counter_below(), 30, 6).len(),
            4
        );
    }

    #[test]
    fn a_partly_known_run_counts_the_lines_so_far() {
        assert_eq!(
            range_text_of(2, 7, 120, false, "more"),
            "3–9/120+  ↑ 2 more  ↓ 111+ more"
        );
        assert_eq!(
            range_text_of(0, 7, 120, false, "more"),
            "1–7/120+  ↓ 113+ more"
        );
        assert_eq!(
            range_text_of(0, 7, 120, true, "more"),
            range_text(0, 7, 120, "more")
        );
    }

    #[test]
    fn range_and_counter_texts() {
        assert_eq!(range_text(0, 8, 41, "more"), "1–8/41  ↓ 33 more");
        assert_eq!(range_text(0, 8, 8, "more"), "");
        assert_eq!(range_text(0, 0, 8, "more"), "");
        assert_eq!(counter_text(0, 0, "more"), "");
    }
}
