//! The one-line dock shown while the questionnaire is collapsed
//! (docs/behaviour.md#dock): "◆ title · header · N/M answered · [m:ss ·] [web ·] ctrl+] expand", naming
//! the collapse key actually bound. When the line is too wide, the title is cut first, then
//! the header, then the progress; the key that brings the questionnaire back goes last.

use question::Label;
use tea::text::{truncate, truncate_line};
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::model::App;

/// A cut part shows at least this many columns (with its "…"); with less room it is left out.
const SHORTEST_CUT: usize = 4;

impl App {
    /// The dock line at `width` columns, labels localized.
    pub fn dock_line(&self, width: u16) -> Line {
        let questions = self.questions();
        let columns = usize::from(width);
        let muted = Style::fg(Slot::Muted);
        let separator = || Span::styled(" · ", muted.clone());
        let header = match questions.get(self.tab) {
            Some(q) => line_head(&q.header, columns),
            None => self.label(Label::Review),
        };
        let title = match &self.state.questionnaire().title {
            Some(title) => line_head(title, columns),
            None => self.label(Label::AskUser),
        };
        // What stays while there is room for it: the progress, a running countdown (as in the
        // tab bar) and the key.
        let mut tail = Line::new(vec![Span::styled(
            format!(
                "{}/{} {}",
                self.state.answered_count(),
                questions.len(),
                self.label(Label::Answered)
            ),
            muted.clone(),
        )]);
        if let Some(clock) = self.countdown_line() {
            tail.push(separator());
            tail.spans.extend(clock.spans);
        }
        // The page is open: expanding shows its link (and its QR code).
        if self.web_link.is_some() {
            tail.push(separator());
            tail.push(Span::styled(
                self.label(Label::WebMarker),
                Style::fg(Slot::Accent),
            ));
        }
        let key = Line::new(vec![
            Span::styled(self.keys.collapse_label().to_string(), muted.clone().bold()),
            Span::styled(format!(" {}", self.label(Label::Expand)), muted.clone()),
        ]);
        let mark = Span::styled("◆ ", Style::fg(Slot::Accent));
        let title = Span::styled(title, Style::fg(Slot::Accent).bold());
        let header = Span::styled(header, Style::fg(Slot::Text));
        // Richest first: each drops or cuts one more part, the title first.
        let parts_of = |title: Option<&Span>, header: Option<&Span>, tail: Option<&Line>| {
            let mut line = Line::new(vec![mark.clone()]);
            for span in [title, header].into_iter().flatten() {
                line.push(span.clone());
                line.push(separator());
            }
            if let Some(tail) = tail {
                line.spans.extend(tail.spans.iter().cloned());
                line.push(separator());
            }
            line.spans.extend(key.spans.iter().cloned());
            line
        };
        let full = parts_of(Some(&title), Some(&header), Some(&tail));
        if full.width() <= columns {
            return full;
        }
        let cut = |span: &Span, room: usize| {
            (room >= SHORTEST_CUT)
                .then(|| Span::styled(truncate(&span.text, room), span.style.clone()))
        };
        let without_title = parts_of(None, Some(&header), Some(&tail));
        let room = (columns + title.width()).saturating_sub(full.width());
        if let Some(title) = cut(&title, room.min(title.width())) {
            return parts_of(Some(&title), Some(&header), Some(&tail));
        }
        if without_title.width() <= columns {
            return without_title;
        }
        let room = (columns + header.width()).saturating_sub(without_title.width());
        if let Some(header) = cut(&header, room.min(header.width())) {
            return parts_of(None, Some(&header), Some(&tail));
        }
        let key_only = parts_of(None, None, None);
        let with_progress = parts_of(None, None, Some(&tail));
        if with_progress.width() <= columns {
            return with_progress;
        }
        truncate_line(&key_only, columns)
    }
}
