//! The prompt above the option list: its first rows, bold; the last shown row ends with "…"
//! when the prompt goes on (docs/behaviour.md#the-questionnaire).

use tea::components::Block;
use tea::text::truncate;
use tea::{Line, Slot, Style};

/// The props of the prompt: its wrapped rows (one past the shown ones tells it goes on).
pub(crate) struct Prompt<'a> {
    pub rows: &'a [String],
}

impl Block for Prompt<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let style = Style::fg(Slot::Text).bold();
        let shown = height.min(self.rows.len());
        self.rows
            .iter()
            .take(shown)
            .enumerate()
            .map(|(i, row)| {
                // Rows are wrapped at the frame's width; a narrower box cuts them.
                if i + 1 == shown && shown < self.rows.len() {
                    Line::styled(truncate(&format!("{row}…"), width), style.clone())
                } else {
                    Line::styled(truncate(row, width), style.clone())
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_prompt_ends_with_an_ellipsis() {
        let rows: Vec<String> = ["one two", "three", "four", "five"]
            .map(String::from)
            .to_vec();
        let lines = Prompt { rows: &rows }.lines(10, 3);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2].plain_text(), "four…");
        assert_eq!(Prompt { rows: &rows }.lines(10, 9).len(), 4);
    }
}
