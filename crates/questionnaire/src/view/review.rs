//! The Review tab (docs/behaviour.md#review): a heading, one row per question (✓/○, header,
//! the answer's summary or "unanswered · required", an unsent draft muted, ✎ when noted)
//! windowed around the focus, Submit and Cancel, and the partial-submit warning.

use question::{Answer, Label, Question};
use tea::components::StackItem;
use tea::components::list::counted_window;
use tea::components::viewport::counter_text;
use tea::text::{sanitize_line, truncate, truncate_line, width as text_width};
use tea::view::Draw;
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::layout::Measured;
use crate::marks::marked_spans;
use crate::model::{App, Target};
use crate::secret;

/// The parts of the Review tab in the order they get rows when the panel is too low for all of
/// them (docs/behaviour.md#tiny-terminals), highest first: their priorities in the tab's stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ReviewPart {
    /// Submit and Cancel.
    Actions,
    Warning,
    TabBar,
    Footer,
    Heading,
    /// The questions, windowed around the focus.
    Questions,
    Dividers,
    /// The rows nothing else asked for, under the warning.
    Filler,
}

/// `block` asking for `rows` rows as `part` of the Review tab, granted by tea's stack.
pub(crate) fn ask<'a>(
    part: ReviewPart,
    block: impl tea::components::Block + 'a,
    rows: usize,
) -> StackItem<'a> {
    StackItem::new(block, 0, rows).priority(-(part as i32))
}

/// A divider that shows once every higher part has all it asked for.
pub(crate) fn divider<'a>() -> StackItem<'a> {
    StackItem {
        min: 0,
        ..StackItem::divider()
    }
    .priority(-(ReviewPart::Dividers as i32))
}

impl App {
    /// The Review tab's body, between the tab bar and the footer: the heading, the questions,
    /// Submit and Cancel, the partial-submit warning, each asking for its rows by priority.
    pub(crate) fn review_body<'a>(&'a self, m: &'a Measured) -> Vec<StackItem<'a>> {
        use ReviewPart as P;
        let n = self.questions().len();
        let warning = if self.review_warning {
            m.warning.len()
        } else {
            0
        };
        let heading = Draw(move |inner, _| {
            let text = sanitize_line(self.review_label(Label::ReviewHeading));
            let heading = Line::styled(text, Style::fg(Slot::Text).bold());
            vec![truncate_line(&heading, inner)]
        });
        let questions = Draw(move |inner, rows| self.review_questions(inner, rows));
        let actions = Draw(move |inner, rows| self.review_actions(inner, rows));
        let warning_rows = Draw(move |inner, rows| {
            let warning = m.warning.iter().take(rows);
            let style = Style::fg(Slot::Warning);
            (warning.map(|row| truncate_line(&Line::styled(row.clone(), style.clone()), inner)))
                .collect()
        });
        vec![
            ask(P::Heading, heading, 1),
            ask(P::Questions, questions, n),
            ask(P::Actions, actions, 2),
            ask(P::Warning, warning_rows, warning),
            ask(P::Filler, tea::components::Rows::default(), usize::MAX),
        ]
    }

    fn review_label(&self, label: Label) -> &str {
        self.state.questionnaire().labels.get(label)
    }

    /// The questions' rows in `rows` rows: a window around the focused one (on Submit or Cancel
    /// the window the last frame showed), kept for the next frame, and below it how many are
    /// hidden above and below, as the option list counts them.
    fn review_questions(&self, inner: usize, rows: usize) -> Vec<Line> {
        let n = self.questions().len();
        let offset = self.shown_review_offset();
        let focus = match self.review.selected {
            selected if selected < n => selected,
            _ => offset.min(n.saturating_sub(1)),
        };
        let counted = counted_window(&vec![1; n], focus, offset, rows);
        let shown = counted.window;
        self.keep_review_shown(shown.start);
        let header_width = self
            .questions()
            .iter()
            .map(|q| text_width(&line_head(&q.header, inner)))
            .max()
            .unwrap_or(0)
            .min(inner / 3);
        let questions = self.questions().iter().enumerate();
        let questions = questions.take(shown.end).skip(shown.start);
        let mut lines: Vec<Line> =
            (questions.map(|(i, q)| self.review_row(i, q, inner, header_width))).collect();
        if counted.counter > 0 {
            let more = sanitize_line(self.review_label(Label::More));
            let counter = counter_text(shown.start, n - shown.end, &more);
            let counter = Line::styled(counter, Style::fg(Slot::Muted));
            lines.push(truncate_line(&counter, inner));
        }
        lines
    }

    /// A question's row: ✓/○, its header, the answer's summary or "unanswered · required",
    /// ✎ when noted, an unsent draft muted.
    fn review_row(&self, i: usize, q: &Question, inner: usize, header_width: usize) -> Line {
        let label = |label: Label| sanitize_line(self.review_label(label));
        let accent = Style::fg(Slot::Accent).bold();
        let focused = self.review.selected == i;
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
            Some(a) => line.spans.extend(summary(q, a, inner)),
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
        if let Some(draft) = self.unsaved_draft(Target::FreeText(i)) {
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
        truncate_line(&line, inner)
    }

    /// Submit and Cancel, as many as `rows` show.
    fn review_actions(&self, inner: usize, rows: usize) -> Vec<Line> {
        let n = self.questions().len();
        let accent = Style::fg(Slot::Accent).bold();
        let actions = [(n, Label::Submit), (n + 1, Label::Cancel)];
        let actions = actions.into_iter().take(rows).map(|(row, action)| {
            let focused = self.review.selected == row;
            let mut line = Line::styled(if focused { "› " } else { "  " }, accent.clone());
            let style = if focused {
                accent.clone()
            } else {
                Style::fg(Slot::Text)
            };
            line.push(Span::styled(
                sanitize_line(self.review_label(action)),
                style,
            ));
            truncate_line(&line, inner)
        });
        actions.collect()
    }
}

/// "Safe approach, Fast path, “typed text”" for the Review tab, as far as `columns` show: the
/// labels as the list draws them (code spans in the code color, marks taken out), the
/// person's own text as typed.
fn summary(q: &Question, a: &Answer, columns: usize) -> Vec<Span> {
    let text = Style::fg(Slot::Text);
    let mut parts: Vec<Vec<Span>> = a
        .picks
        .iter()
        .filter_map(|value| q.option(value))
        .map(|o| marked_spans(&line_head(o.shown_label(), columns), &text))
        .collect();
    if let Some(typed) = &a.custom_text {
        let typed = format!("“{}”", line_head(&secret::shown(q, typed), columns));
        parts.push(vec![Span::styled(typed, text.clone())]);
    }
    if let Some(number) = a.number {
        let unit = q.number.as_ref().and_then(|spec| spec.unit.as_deref());
        let number = match unit {
            Some(unit) => format!("{number} {unit}"),
            None => number.to_string(),
        };
        let number = line_head(&secret::shown(q, &number), columns);
        parts.push(vec![Span::styled(number, text.clone())]);
    }
    let mut spans = Vec::new();
    for (n, part) in parts.into_iter().enumerate() {
        if n > 0 {
            spans.push(Span::styled(", ", text.clone()));
        }
        spans.extend(part);
    }
    spans
}
