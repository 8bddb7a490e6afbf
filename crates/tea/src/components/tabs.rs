//! A tab bar: one row of chips, the active one highlighted, an optional marker per tab
//! (e.g. ✓ answered, ○ open) and an optional note at the right edge (e.g. "2/5 answered").
//!
//! When the chips do not fit, the bar shows a window of whole chips around the active one,
//! with ‹ and › where tabs are hidden (the note is dropped then). The active tab is always
//! shown, cut with "…" if it alone is wider than the bar.
//!
//! ```
//! use tea::components::{Block, Tab, Tabs};
//!
//! let tabs = Tabs::new(vec![Tab::new("Color"), Tab::new("Size"), Tab::new("Review")], 1);
//! assert_eq!(tabs.lines(30, 1)[0].plain_text(), " Color  Size  Review ");
//! assert_eq!(tabs.lines(14, 1)[0].plain_text(), "‹ Size ›");
//! ```

use super::{Block, cut, spread};
use crate::mouse::{HitId, mark};
use crate::style::{Line, Slot, Span, Style};
use crate::text::{sanitize_line, truncate};

/// One tab: its label and an optional marker drawn before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tab {
    pub label: String,
    pub marker: Option<Span>,
    /// The chip's part of the view for the mouse (see [`crate::mouse`]).
    pub hit: Option<HitId>,
}

impl Tab {
    pub fn new(label: impl Into<String>) -> Tab {
        Tab {
            label: label.into(),
            marker: None,
            hit: None,
        }
    }

    /// Marks the chip as part `id` of the view, so a click on it can switch to it.
    pub fn hit(mut self, id: HitId) -> Tab {
        self.hit = Some(id);
        self
    }

    pub fn marker(mut self, marker: Span) -> Tab {
        self.marker = Some(marker);
        self
    }
}

/// The props of a tab bar.
#[derive(Debug, Clone, PartialEq)]
pub struct Tabs {
    pub tabs: Vec<Tab>,
    pub active: usize,
    /// Drawn at the right edge when every tab fits.
    pub note: Option<Line>,
    /// Labels longer than this are cut with "…".
    pub max_label: usize,
    pub active_style: Style,
    pub style: Style,
    /// Whether an unmarked chip's padding takes the tab style too (" label " as one styled
    /// run) rather than starting with a plain blank.
    pub styled_padding: bool,
}

impl Tabs {
    pub fn new(tabs: Vec<Tab>, active: usize) -> Tabs {
        Tabs {
            tabs,
            active,
            note: None,
            max_label: 24,
            active_style: Style::fg(Slot::Accent).bold().reverse(),
            style: Style::fg(Slot::Text),
            styled_padding: false,
        }
    }

    /// Unmarked chips draw " label " in the tab style, padding included.
    pub fn styled_padding(mut self) -> Tabs {
        self.styled_padding = true;
        self
    }

    pub fn note(mut self, note: Line) -> Tabs {
        self.note = Some(note);
        self
    }

    pub fn max_label(mut self, columns: usize) -> Tabs {
        self.max_label = columns;
        self
    }

    /// " ✓ label ": the active chip in one style (its marker too), the others with their
    /// marker's own style; marked as the tab's part when it has one.
    fn chip(&self, i: usize, tab: &Tab) -> Line {
        let mut chip = self.chip_text(i, tab);
        if let Some(id) = tab.hit {
            mark(&mut chip, id);
        }
        chip
    }

    fn chip_text(&self, i: usize, tab: &Tab) -> Line {
        let label = truncate(&sanitize_line(&tab.label), self.max_label);
        if i == self.active {
            let text = match &tab.marker {
                Some(m) => format!(" {} {label} ", m.text),
                None => format!(" {label} "),
            };
            return Line::styled(text, self.active_style.clone());
        }
        if tab.marker.is_none() && self.styled_padding {
            return Line::styled(format!(" {label} "), self.style.clone());
        }
        let mut chip = Line::plain(" ");
        if let Some(m) = &tab.marker {
            chip.push(m.clone());
            chip.push(Span::styled(format!(" {label} "), self.style.clone()));
        } else {
            chip.push(Span::styled(format!("{label} "), self.style.clone()));
        }
        chip
    }

    /// The chips shown in `width` columns: `start..end`, which always holds the active tab.
    pub fn window(&self, width: usize) -> (usize, usize) {
        let widths: Vec<usize> = self
            .tabs
            .iter()
            .enumerate()
            .map(|(i, t)| self.chip(i, t).width())
            .collect();
        window(
            &widths,
            self.active.min(widths.len().saturating_sub(1)),
            width,
        )
    }
}

/// Whole chips around `active` within `width`, leaving a column for each ‹ › marker.
fn window(widths: &[usize], active: usize, width: usize) -> (usize, usize) {
    if widths.is_empty() {
        return (0, 0);
    }
    if widths.iter().sum::<usize>() <= width {
        return (0, widths.len());
    }
    // Chips carry their own padding, so a one-column marker on each side is enough.
    let room = width.saturating_sub(2);
    let (mut start, mut end) = (active, active + 1);
    let mut used = widths[active];
    loop {
        let mut grew = false;
        if end < widths.len() && used + widths[end] <= room {
            used += widths[end];
            end += 1;
            grew = true;
        }
        if start > 0 && used + widths[start - 1] <= room {
            start -= 1;
            used += widths[start];
            grew = true;
        }
        if !grew {
            return (start, end);
        }
    }
}

impl Block for Tabs {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        if height == 0 || width == 0 || self.tabs.is_empty() {
            return Vec::new();
        }
        // Each chip is built once: measured for the window, then moved into the bar.
        let chips: Vec<Line> = self
            .tabs
            .iter()
            .enumerate()
            .map(|(i, t)| self.chip(i, t))
            .collect();
        let widths: Vec<usize> = chips.iter().map(Line::width).collect();
        let (start, end) = window(&widths, self.active.min(chips.len() - 1), width);
        let mut bar = Line::default();
        if start == 0 && end == self.tabs.len() {
            for chip in chips {
                bar.spans.extend(chip.spans);
            }
            let note = self.note.clone().unwrap_or_default();
            return vec![spread(bar, note, width)];
        }
        let muted = Style::fg(Slot::Muted);
        if start > 0 {
            bar.push(Span::styled("‹", muted.clone()));
        }
        for chip in chips.into_iter().take(end).skip(start) {
            bar.spans.extend(chip.spans);
        }
        if end < self.tabs.len() {
            bar.push(Span::styled("›", muted));
        }
        vec![cut(&bar, width)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tabs(n: usize, active: usize) -> Tabs {
        Tabs::new((1..=n).map(|i| Tab::new(format!("Q{i}"))).collect(), active)
    }

    fn row(tabs: &Tabs, width: usize) -> String {
        tabs.lines(width, 1)[0].plain_text()
    }

    #[test]
    fn all_tabs_fit_with_the_note_at_the_right() {
        let t = tabs(2, 0).note(Line::plain("0/2"));
        assert_eq!(row(&t, 16), " Q1  Q2      0/2");
        // No room for the note: the chips alone.
        assert_eq!(row(&t, 9), " Q1  Q2 ");
    }

    #[test]
    fn the_active_chip_is_highlighted_and_markers_keep_their_style() {
        let t = Tabs::new(
            vec![
                Tab::new("A").marker(Span::styled("✓", Style::fg(Slot::Success))),
                Tab::new("B").marker(Span::styled("○", Style::fg(Slot::Muted))),
            ],
            1,
        );
        let line = &t.lines(20, 1)[0];
        assert_eq!(line.plain_text(), " ✓ A  ○ B ");
        assert_eq!(line.spans[1].style.fg, Some(Slot::Success));
        let active = line.spans.last().unwrap();
        assert_eq!(active.text, " ○ B ");
        assert!(active.style.reverse);
    }

    #[test]
    fn too_many_tabs_window_around_the_active_one() {
        assert_eq!(row(&tabs(9, 0), 14), " Q1  Q2  Q3 ›");
        assert_eq!(row(&tabs(9, 4), 14), "‹ Q4  Q5  Q6 ›");
        assert_eq!(row(&tabs(9, 8), 14), "‹ Q7  Q8  Q9 ");
        assert_eq!(row(&tabs(9, 4), 7), "‹ Q5 ›");
    }

    #[test]
    fn a_chip_wider_than_the_bar_is_cut() {
        let t = Tabs::new(vec![Tab::new("a long label"), Tab::new("b")], 0);
        assert_eq!(row(&t, 6), " a lo…");
        assert_eq!(row(&t, 1), "…");
    }

    #[test]
    fn styled_padding_keeps_an_unmarked_chip_in_one_style() {
        let t = Tabs::new(vec![Tab::new("A"), Tab::new("B")], 0);
        let plain = &t.lines(20, 1)[0];
        assert_eq!(plain.spans[1].text, " ");
        let styled = &t.styled_padding().lines(20, 1)[0];
        assert_eq!(styled.plain_text(), plain.plain_text());
        assert_eq!(styled.spans[1].text, " B ");
        assert_eq!(styled.spans[1].style, Style::fg(Slot::Text));
    }

    #[test]
    fn labels_are_cut_at_the_maximum() {
        let t = Tabs::new(vec![Tab::new("abcdefgh")], 0).max_label(4);
        assert_eq!(row(&t, 20), " abc… ");
    }

    #[test]
    fn nothing_to_draw() {
        assert!(tabs(3, 0).lines(10, 0).is_empty());
        assert!(tabs(0, 0).lines(10, 1).is_empty());
        // An active index past the end shows the last tab.
        assert_eq!(row(&tabs(9, 99), 9), "‹ Q9 ");
    }
}
