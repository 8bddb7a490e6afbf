//! The prompt above the option list: all of it when it fits; else its rows from the scroll
//! position, the last one (the first once the end shows) ending with a muted count of the rows
//! hidden, `↑ 2 more  ↓ 3 more` (docs/behaviour.md#frame-and-title).

use tea::components::Block;
use tea::components::viewport::counter_text;
use tea::text::{truncate, truncate_line};
use tea::{Line, Slot, Span, Style};

use crate::layout::prompt_max_scroll;

/// The props of the prompt.
pub(crate) struct Prompt<'a> {
    /// The whole prompt, wrapped.
    pub rows: &'a [Line],
    /// The first row shown (clamped by the plan).
    pub scroll: usize,
    /// The `more` label.
    pub more: String,
}

impl Block for Prompt<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let scroll = self.scroll.min(prompt_max_scroll(self.rows.len(), height));
        let mut lines: Vec<Line> = self.rows[scroll..]
            .iter()
            .take(height)
            .map(|row| truncate_line(row, width))
            .collect();
        let below = self.rows.len() - scroll - lines.len();
        if scroll == 0 && below == 0 {
            return lines;
        }
        let counter = counter_text(scroll, below, &self.more);
        // The count at the right edge of the last row while rows are hidden below, else of the
        // first: the row it shares is cut short, and is seen whole at another position.
        let shared = if below > 0 {
            lines.last_mut()
        } else {
            lines.first_mut()
        };
        let Some(last) = shared else {
            return lines;
        };
        let counter_width = tea::text::width(&counter);
        let room = width.saturating_sub(counter_width + 2);
        let mut row = if room == 0 {
            Line::default()
        } else {
            truncate_line(last, room)
        };
        let gap = width.saturating_sub(row.width() + counter_width);
        row.push(Span::plain(" ".repeat(gap)));
        row.push(Span::styled(
            truncate(&counter, width - row.width()),
            Style::fg(Slot::Muted),
        ));
        *last = row;
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of a prompt of `texts` scrolled to `scroll`, drawn in `width` × `height`.
    fn drawn(texts: &[&str], scroll: usize, width: usize, height: usize) -> Vec<String> {
        let rows: Vec<Line> = texts.iter().map(|t| Line::plain(*t)).collect();
        let prompt = Prompt {
            rows: &rows,
            scroll,
            more: "more".into(),
        };
        prompt
            .lines(width, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    const FOUR: &[&str] = &["first row", "second row", "third row", "fourth row"];

    #[test]
    fn a_prompt_that_fits_is_drawn_whole() {
        assert_eq!(drawn(&["one two", "three"], 0, 12, 3), ["one two", "three"]);
    }

    #[test]
    fn a_longer_prompt_counts_what_is_hidden_on_its_last_row() {
        assert_eq!(drawn(FOUR, 0, 20, 2), ["first row", "second row  ↓ 2 more"]);
        assert_eq!(drawn(FOUR, 0, 16, 2), ["first row", "secon…  ↓ 2 more"]);
        assert_eq!(
            drawn(FOUR, 1, 30, 2),
            ["second row", "third row   ↑ 1 more  ↓ 1 more"]
        );
        // Once the end shows, the count moves to the first row: the last is read whole.
        assert_eq!(
            drawn(FOUR, 9, 20, 3),
            ["second row  ↑ 1 more", "third row", "fourth row"]
        );
        // Too narrow for text beside the count: the count alone, cut.
        assert_eq!(drawn(FOUR, 0, 6, 1), ["↓ 3 m…"]);
    }
}
