//! The Review tab (docs/behaviour.md#review): a heading, one row per question (✓/○, header,
//! the answer's summary or "unanswered · required", an unsent draft muted, ✎ when noted)
//! windowed around the focus, Submit and Cancel, and the partial-submit warning.

use question::{Answer, AnswerState, Label, Labels, Question};
use tea::components::Block;
use tea::components::list::Window;
use tea::text::{sanitize_line, truncate, truncate_line, width as text_width};
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::layout::{Measured, Plan};
use crate::model::{App, Target};
use crate::secret;

/// The props of the Review tab; the row counts are the plan's.
pub(crate) struct Review<'a> {
    pub questions: &'a [Question],
    pub state: &'a AnswerState,
    /// Each question's unsent free text (its draft), if any.
    pub drafts: Vec<Option<&'a str>>,
    /// The focused row: a question, then Submit, then Cancel.
    pub cursor: usize,
    pub heading: usize,
    pub window: Window,
    pub actions: usize,
    pub warning: &'a [String],
    pub filler: usize,
    pub labels: &'a Labels,
}

impl App {
    pub(crate) fn review_props<'a>(&'a self, m: &'a Measured, plan: &Plan) -> Review<'a> {
        Review {
            questions: self.questions(),
            state: &self.state,
            drafts: (0..self.questions().len())
                .map(|q| self.unsaved_draft(Target::FreeText(q)))
                .collect(),
            cursor: self.review.selected,
            heading: plan.heading,
            window: plan.review,
            actions: plan.actions,
            warning: &m.warning[..plan.warning.min(m.warning.len())],
            filler: plan.filler,
            labels: &self.state.questionnaire().labels,
        }
    }
}

impl Block for Review<'_> {
    fn lines(&self, inner: usize, height: usize) -> Vec<Line> {
        let label = |label: Label| sanitize_line(self.labels.get(label));
        let n = self.questions.len();
        let accent = Style::fg(Slot::Accent).bold();
        let mut rows = Vec::new();
        if self.heading > 0 {
            let heading = Line::styled(label(Label::ReviewHeading), Style::fg(Slot::Text).bold());
            rows.push(truncate_line(&heading, inner));
        }
        let header_width = self
            .questions
            .iter()
            .map(|q| text_width(&line_head(&q.header, inner)))
            .max()
            .unwrap_or(0)
            .min(inner / 3);
        let shown = self.questions.iter().enumerate();
        for (i, q) in shown.take(self.window.end).skip(self.window.start) {
            let focused = self.cursor == i;
            let mut line = Line::styled(if focused { "› " } else { "  " }, accent.clone());
            let answer = self.state.answer(&q.id);
            let answered = answer.is_some_and(Answer::is_answered);
            line.push(if answered {
                Span::styled("✓ ", Style::fg(Slot::Success))
            } else {
                Span::styled("○ ", Style::fg(Slot::Muted))
            });
            let header = truncate(&line_head(&q.header, inner), header_width);
            let pad = header_width.saturating_sub(text_width(&header));
            line.push(Span::styled(
                format!("{header}{}  ", " ".repeat(pad)),
                if focused {
                    accent.clone()
                } else {
                    Style::fg(Slot::Text)
                },
            ));
            match answer.filter(|a| a.is_answered()) {
                Some(a) => line.push(Span::styled(summary(q, a, inner), Style::fg(Slot::Text))),
                None => {
                    line.push(Span::styled(
                        label(Label::Unanswered),
                        Style::fg(Slot::Warning),
                    ));
                    if q.required {
                        line.push(Span::styled(" · ", Style::fg(Slot::Muted)));
                        line.push(Span::styled(label(Label::Required), Style::fg(Slot::Error)));
                    }
                }
            }
            if answer.is_some_and(|a| a.note.is_some() || !a.option_notes.is_empty()) {
                line.push(Span::styled(" ✎", Style::fg(Slot::Accent)));
            }
            if let Some(draft) = self.drafts.get(i).copied().flatten() {
                // As the "Type something." row shows it: muted, last.
                let muted = Style::fg(Slot::Muted).italic();
                line.push(Span::styled(
                    format!(" ✎ {}: ", label(Label::Draft)),
                    muted.clone(),
                ));
                line.push(Span::styled(
                    format!("“{}”", line_head(&secret::shown(q, draft), inner)),
                    muted,
                ));
            }
            rows.push(truncate_line(&line, inner));
        }
        let actions = [(n, Label::Submit), (n + 1, Label::Cancel)];
        for &(row, action) in actions.iter().take(self.actions) {
            let focused = self.cursor == row;
            let mut line = Line::styled(if focused { "› " } else { "  " }, accent.clone());
            line.push(Span::styled(
                label(action),
                if focused {
                    accent.clone()
                } else {
                    Style::fg(Slot::Text)
                },
            ));
            rows.push(truncate_line(&line, inner));
        }
        for row in self.warning {
            rows.push(truncate_line(
                &Line::styled(row.clone(), Style::fg(Slot::Warning)),
                inner,
            ));
        }
        rows.extend(std::iter::repeat_n(Line::default(), self.filler));
        rows.truncate(height);
        rows
    }
}

/// "Safe approach, Fast path; “typed text”" for the Review tab, as far as `columns` show.
fn summary(q: &Question, a: &Answer, columns: usize) -> String {
    let mut parts: Vec<String> = a
        .picks
        .iter()
        .filter_map(|value| q.option(value))
        .map(|o| line_head(o.shown_label(), columns))
        .collect();
    if let Some(text) = &a.custom_text {
        parts.push(format!("“{}”", line_head(&secret::shown(q, text), columns)));
    }
    if let Some(number) = a.number {
        let unit = q.number.as_ref().and_then(|spec| spec.unit.as_deref());
        let number = match unit {
            Some(unit) => format!("{number} {unit}"),
            None => number.to_string(),
        };
        parts.push(line_head(&secret::shown(q, &number), columns));
    }
    parts.join(", ")
}
