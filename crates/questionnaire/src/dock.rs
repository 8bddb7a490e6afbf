//! The one-line dock shown while the questionnaire is collapsed
//! (docs/behaviour.md#dock): "◆ title · header · N/M answered · [m:ss ·] ctrl+] expand", naming
//! the collapse key actually bound.

use question::Label;
use tea::text::truncate_line;
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::model::App;

impl App {
    /// The dock line at `width` columns, labels localized.
    pub fn dock_line(&self, width: u16) -> Line {
        let questions = self.questions();
        let columns = usize::from(width);
        let header = match questions.get(self.tab) {
            Some(q) => line_head(&q.header, columns),
            None => self.label(Label::Review),
        };
        let muted = Style::fg(Slot::Muted);
        let title = match &self.state.questionnaire().title {
            Some(title) => line_head(title, columns),
            None => self.label(Label::AskUser),
        };
        let mut line = Line::new(vec![
            Span::styled("◆ ", Style::fg(Slot::Accent)),
            Span::styled(title, Style::fg(Slot::Accent).bold()),
            Span::styled(" · ", muted.clone()),
            Span::styled(header, Style::fg(Slot::Text)),
            Span::styled(
                format!(
                    " · {}/{} {} · ",
                    self.state.answered_count(),
                    questions.len(),
                    self.label(Label::Answered)
                ),
                muted.clone(),
            ),
        ]);
        // A running countdown follows the progress, as in the tab bar.
        if let Some(clock) = self.countdown_line() {
            line.spans.extend(clock.spans);
            line.push(Span::styled(" · ", muted.clone()));
        }
        line.push(Span::styled(
            self.keys.collapse_label().to_string(),
            muted.clone().bold(),
        ));
        line.push(Span::styled(
            format!(" {}", self.label(Label::Expand)),
            muted,
        ));
        truncate_line(&line, columns)
    }
}
