//! A panel: a rounded border around rows; the title sits in the top edge, dividers cross the box.
//!
//! ```text
//! ╭─ Title ──────╮
//! │ a row        │
//! ├──────────────┤
//! │ another row  │
//! ╰──────────────╯
//! ```
//!
//! Content rows are padded (or cut with "…") to the inner width, `width - 4`, so every framed
//! row is exactly `width` columns. A block's rows come padded already ([`Block::panel_rows`]),
//! each measured once where it is made; rows given laid out are measured here. Below a minimum
//! size (by default 8 columns or 5 rows, as the questionnaire draws it) the border would eat the
//! content: the frame then draws its rows bare (a block's as wide as the box, rows given cut to
//! the width), and dividers become plain rules. Rows that do not fit the height are left out
//! from the bottom; a short body is padded with blank rows, so the frame fills its box.
//!
//! ```
//! use tea::components::{Block, Panel, PanelRow};
//! use tea::Line;
//!
//! let rows = vec![
//!     PanelRow::Content(Line::plain("tabs")),
//!     PanelRow::Divider,
//!     PanelRow::Content(Line::plain("body")),
//! ];
//! let frame = Panel::rows(rows).title("Questions");
//! let drawn: Vec<String> = frame.lines(17, 5).iter().map(|l| l.plain_text()).collect();
//! assert_eq!(drawn, [
//!     "╭─ Questions ───╮",
//!     "│ tabs          │",
//!     "├───────────────┤",
//!     "│ body          │",
//!     "╰───────────────╯",
//! ]);
//! ```

use super::{Block, PanelRow, cut_owned};
use crate::block::Element;
use crate::style::{Line, Slot, Span, Style};
use crate::text::{fitted, push_run, spaces, truncate, width as text_width};

/// The props of a frame.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub title: String,
    pub body: Vec<PanelRow>,
    /// The border's color.
    pub border: Slot,
    pub title_style: Style,
    /// Narrower or lower than this, the rows are drawn without a border.
    pub min_framed: (usize, usize),
}

/// Columns the border takes around content: "│ " and " │".
pub const SIDES: usize = 4;

impl Panel {
    /// A frame around a block's rows (drawn at the inner size of the box later given).
    pub fn around<'a>(body: impl Block + 'a) -> PanelOf<'a> {
        PanelOf {
            frame: Panel::rows(Vec::new()),
            body: Element::new(body),
        }
    }

    /// A frame around rows laid out already.
    pub fn rows(body: Vec<PanelRow>) -> Panel {
        Panel {
            title: String::new(),
            body,
            border: Slot::Border,
            title_style: Style::fg(Slot::Accent).bold(),
            min_framed: (8, 5),
        }
    }

    pub fn title(mut self, title: impl Into<String>) -> Panel {
        self.title = title.into();
        self
    }

    pub fn border(mut self, slot: Slot) -> Panel {
        self.border = slot;
        self
    }

    pub fn title_style(mut self, style: Style) -> Panel {
        self.title_style = style;
        self
    }

    pub fn min_framed(mut self, columns: usize, rows: usize) -> Panel {
        self.min_framed = (columns, rows);
        self
    }

    /// Whether a box of this size gets the border.
    pub fn framed(&self, width: usize, height: usize) -> bool {
        width >= self.min_framed.0.max(SIDES + 1) && height >= self.min_framed.1.max(3)
    }

    /// The content columns in a box of `width` × `height`.
    pub fn inner(&self, width: usize, height: usize) -> (usize, usize) {
        if self.framed(width, height) {
            (width - SIDES, height - 2)
        } else {
            (width, height)
        }
    }

    fn top(&self, width: usize) -> Line {
        let border = Style::fg(self.border);
        // "╭─ " + title + " " + "─…" + "╮": the title gets what is left after six columns.
        let title = truncate(&self.title, width.saturating_sub(6));
        if title.is_empty() {
            return Line::styled(edge('╭', width, '╮'), border);
        }
        let fill = width.saturating_sub(5 + text_width(&title));
        let mut end = String::with_capacity(3 * fill + 4);
        end.push(' ');
        push_run(&mut end, '─', fill);
        end.push('╮');
        Line::new(vec![
            Span::styled("╭─ ", border.clone()),
            Span::styled(title, self.title_style.clone()),
            Span::styled(end, border),
        ])
    }
}

impl Block for Panel {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.draw(self.body.iter().take(height).cloned(), width, height, false)
    }
}

impl Panel {
    /// [`Block::lines`] for a frame built for one drawing: its rows are moved into the
    /// result, not copied (a frame's rows are most of a screen).
    pub fn into_lines(mut self, width: usize, height: usize) -> Vec<Line> {
        let body = std::mem::take(&mut self.body);
        self.draw(body.into_iter().take(height), width, height, false)
    }
}

impl Panel {
    /// The frame around `body` (moved in, so a block's fresh rows are not copied again). Its
    /// rows are `exact` when they are a block's [`Block::panel_rows`], each the inner width
    /// already; otherwise each is measured here.
    fn draw(
        &self,
        body: impl Iterator<Item = PanelRow>,
        width: usize,
        height: usize,
        exact: bool,
    ) -> Vec<Line> {
        let border = Style::fg(self.border);
        let mut out = Vec::with_capacity(height);
        if width == 0 || height == 0 {
            return out;
        }
        if !self.framed(width, height) {
            for row in body.take(height) {
                out.push(match row {
                    PanelRow::Divider => Line::styled(rule(width), border.clone()),
                    PanelRow::Content(line) if exact => line,
                    PanelRow::Content(line) => cut_owned(line, width),
                });
            }
            return out;
        }
        let inner = width - SIDES;
        out.push(self.top(width));
        let blank = || PanelRow::Content(Line::plain(spaces(inner)));
        for row in body.chain(std::iter::repeat_with(blank)).take(height - 2) {
            out.push(match row {
                PanelRow::Divider => Line::styled(edge('├', width, '┤'), border.clone()),
                PanelRow::Content(line) => {
                    let mut line = if exact { line } else { fitted(line, inner) };
                    debug_assert_eq!(line.width(), inner, "a panel row of {:?}", line);
                    // The row's own spans between the borders (rows have room for them).
                    line.spans.reserve_exact(2);
                    line.spans.insert(0, Span::styled("│ ", border.clone()));
                    line.spans.push(Span::styled(" │", border.clone()));
                    line
                }
            });
        }
        out.push(Line::styled(edge('╰', width, '╯'), border));
        out
    }
}

/// A rule `width` columns wide.
pub(crate) fn rule(width: usize) -> String {
    let mut row = String::with_capacity(3 * width);
    push_run(&mut row, '─', width);
    row
}

/// A border row `width` columns wide (at least 2): `left`, the rule, `right`.
fn edge(left: char, width: usize, right: char) -> String {
    let mut row = String::with_capacity(3 * width);
    row.push(left);
    push_run(&mut row, '─', width - 2);
    row.push(right);
    row
}

/// A [`Panel`] whose body is a block drawn at the frame's inner size.
pub struct PanelOf<'a> {
    pub frame: Panel,
    pub body: Element<'a>,
}

impl PanelOf<'_> {
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.frame.title = title.into();
        self
    }

    pub fn border(mut self, slot: Slot) -> Self {
        self.frame.border = slot;
        self
    }

    pub fn min_framed(mut self, columns: usize, rows: usize) -> Self {
        self.frame.min_framed = (columns, rows);
        self
    }

    /// The content columns and rows in a box of `width` × `height`.
    pub fn inner(&self, width: usize, height: usize) -> (usize, usize) {
        self.frame.inner(width, height)
    }
}

impl Block for PanelOf<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let (inner_width, inner_height) = self.frame.inner(width, height);
        let body = self.body.panel_rows(inner_width, inner_height);
        self.frame.draw(body.into_iter(), width, height, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line]) -> Vec<String> {
        lines.iter().map(Line::plain_text).collect()
    }

    fn body() -> Vec<PanelRow> {
        vec![
            PanelRow::Content(Line::plain("one")),
            PanelRow::Divider,
            PanelRow::Content(Line::plain("a row far too long for the box")),
        ]
    }

    #[test]
    fn framed_rows_are_exactly_the_width() {
        let lines = Panel::rows(body())
            .title("A title that is long")
            .lines(20, 6);
        assert_eq!(lines.len(), 6);
        for line in &lines {
            assert_eq!(line.width(), 20, "{:?}", line.plain_text());
        }
        assert_eq!(
            plain(&lines),
            [
                "╭─ A title that … ─╮",
                "│ one              │",
                "├──────────────────┤",
                "│ a row far too l… │",
                "│                  │",
                "╰──────────────────╯",
            ]
        );
    }

    #[test]
    fn into_lines_draws_what_lines_draws() {
        for (width, height) in [(20, 6), (7, 10), (20, 2), (1, 1), (0, 3)] {
            let frame = Panel::rows(body()).title("T");
            assert_eq!(frame.lines(width, height), frame.into_lines(width, height));
        }
    }

    #[test]
    fn no_title_is_a_plain_top_edge() {
        let lines = Panel::rows(vec![]).lines(8, 5);
        assert_eq!(lines[0].plain_text(), "╭──────╮");
    }

    #[test]
    fn a_small_box_draws_the_rows_bare() {
        assert_eq!(
            plain(&Panel::rows(body()).lines(7, 10)),
            ["one", "───────", "a row …"]
        );
        assert_eq!(
            plain(&Panel::rows(body()).lines(20, 2)),
            ["one", "────────────────────"]
        );
        assert_eq!(plain(&Panel::rows(body()).lines(1, 1)), ["…"]);
        assert!(Panel::rows(body()).lines(0, 3).is_empty());
    }

    #[test]
    fn the_minimum_is_configurable() {
        let frame = Panel::rows(body()).min_framed(5, 3).title("T");
        assert_eq!(plain(&frame.lines(5, 3)), ["╭───╮", "│ … │", "╰───╯"]);
    }

    #[test]
    fn the_border_slot_and_title_style_apply() {
        let lines = Panel::rows(vec![])
            .title("T")
            .border(Slot::Accent)
            .lines(10, 5);
        assert_eq!(lines[0].spans[0].style.fg, Some(Slot::Accent));
        assert!(lines[0].spans[1].style.bold);
    }

    #[test]
    fn a_block_body_is_drawn_at_the_inner_size() {
        let body = super::super::Rows::new(vec![Line::plain("abcdefghij"); 9]).ellipsis();
        let lines = Panel::around(&body).title("B").lines(10, 5);
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[1].plain_text(), "│ abcde… │");
        assert_eq!(lines[3].plain_text(), "│ abcde… │");
    }
}
