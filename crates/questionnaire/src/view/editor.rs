//! The note or free-text editor: tea's text area between two rules, its label in the top one
//! (docs/behaviour.md#editor). In tight rows it keeps the label rule and the cursor row.

use question::Label;
use tea::components::Block;
use tea::components::textarea::TextArea;
use tea::text::{sanitize_line, truncate, truncate_line, width as text_width};
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::model::{App, Target};
use crate::secret;

/// The props of an editor.
pub(crate) struct Editor<'a> {
    /// "Your answer", "Note for the question", "Note for “label”".
    pub label: String,
    /// The draft, laid out at the editor's width by `update`.
    pub draft: std::borrow::Cow<'a, TextArea>,
    /// A text question's example answer, shown muted after the cursor while the draft is
    /// empty; never part of the answer.
    pub placeholder: Option<&'a str>,
    /// A number question's unit and what is wrong with the number typed so far.
    pub number: Option<NumberNote<'a>>,
}

/// What a number editor shows besides the draft.
pub(crate) struct NumberNote<'a> {
    /// Shown muted after the number.
    pub unit: Option<&'a str>,
    /// Why the draft is no answer yet; drawn in the rule under the draft, or in the label's
    /// rule when there is no room for that one.
    pub error: Option<String>,
}

impl Block for Editor<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let border = Style::fg(Slot::BorderAccent);
        let text_rows = if height >= 3 { height - 2 } else { 1 };
        // The cursor cell after a full row may pass the width; the box cuts it.
        let mut text: Vec<Line> = self
            .draft
            .view(width, text_rows, true)
            .into_iter()
            .map(|line| {
                if line.width() > width {
                    truncate_line(&line, width)
                } else {
                    line
                }
            })
            .collect();
        if let (Some(placeholder), Some(first)) = (self.placeholder, text.first_mut())
            && self.draft.text().is_empty()
        {
            let room = width.saturating_sub(first.width());
            let shown = truncate(&line_head(placeholder, room), room);
            if !shown.is_empty() {
                first.push(Span::styled(shown, Style::fg(Slot::Muted).italic()));
            }
        }
        text.resize(text_rows, Line::default());
        let error = self
            .number
            .as_ref()
            .and_then(|number| number.error.as_deref());
        if let (Some(first), Some(number)) = (text.first_mut(), &self.number) {
            unit_after(first, number.unit, self.draft.text(), width);
        }
        let mut out = Vec::with_capacity(height);
        match height {
            0 => {}
            1 => out.extend(text),
            2 => {
                out.push(match error {
                    Some(error) => rule(error, width, Style::fg(Slot::Error)),
                    None => rule(&self.label, width, border),
                });
                out.extend(text);
            }
            _ => {
                out.push(rule(&self.label, width, border.clone()));
                out.extend(text);
                out.push(match error {
                    Some(error) => rule(error, width, Style::fg(Slot::Error)),
                    None => rule("", width, border),
                });
            }
        }
        out
    }
}

/// A number's unit, muted after the number typed so far, where it fits.
fn unit_after(row: &mut Line, unit: Option<&str>, draft: &str, width: usize) {
    let Some(unit) = unit.filter(|_| !draft.trim().is_empty()) else {
        return;
    };
    let room = width.saturating_sub(row.width());
    let shown = truncate(&line_head(&format!(" {unit}"), room), room);
    if !shown.trim().is_empty() {
        row.push(Span::styled(shown, Style::fg(Slot::Muted)));
    }
}

impl App {
    /// The editor of `target` in a frame `columns` wide.
    pub(crate) fn editor_props(&self, target: Target, columns: usize) -> Editor<'_> {
        let label = match target {
            Target::FreeText(_) => self.label(Label::YourAnswer),
            Target::QuestionNote(_) => self.label(Label::NoteForQuestion),
            Target::OptionNote(q, o) => format!(
                "{} “{}”",
                self.label(Label::NoteFor),
                line_head(self.questions()[q].options[o].shown_label(), columns)
            ),
        };
        let placeholder = match target {
            Target::FreeText(q) if !self.traits(q).has_options() => {
                self.questions()[q].placeholder.as_deref()
            }
            _ => None,
        };
        let draft = match target {
            Target::FreeText(q) if self.questions()[q].secret => {
                std::borrow::Cow::Owned(secret::masked(&self.draft(target)))
            }
            _ => self.draft(target),
        };
        let number = match target {
            Target::FreeText(q) if self.traits(q).is_number() => Some(self.number_note(q)),
            _ => None,
        };
        Editor {
            label,
            draft,
            placeholder,
            number,
        }
    }

    /// The unit of number question `q`, and why its draft is no answer (nothing while blank).
    fn number_note(&self, q: usize) -> NumberNote<'_> {
        let question = &self.questions()[q];
        let spec = question.number.as_ref();
        let draft = self.draft(Target::FreeText(q));
        let text = draft.text();
        let error = match spec {
            Some(spec) if !text.trim().is_empty() => spec.check(text).err(),
            _ => None,
        };
        NumberNote {
            unit: spec.and_then(|spec| spec.unit.as_deref()),
            error: error.map(|error| sanitize_line(&error.to_string())),
        }
    }
}

/// A horizontal rule with an optional label in it: "── label ─────".
fn rule(label: &str, width: usize, style: Style) -> Line {
    if label.is_empty() || width < 6 {
        return Line::styled("─".repeat(width), style);
    }
    let label = truncate(label, width.saturating_sub(4));
    let fill = width.saturating_sub(4 + text_width(&label));
    Line::new(vec![
        Span::styled("── ", style.clone()),
        Span::styled(label, style.clone().bold()),
        Span::styled(format!(" {}", "─".repeat(fill)), style),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(height: usize) -> Vec<String> {
        let editor = Editor {
            label: "Note".into(),
            draft: std::borrow::Cow::Owned(TextArea::new("hello")),
            placeholder: None,
            number: None,
        };
        editor
            .lines(12, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    #[test]
    fn the_rules_go_before_extra_text_rows() {
        // The cursor is the cell after the text.
        assert_eq!(rows(3), ["── Note ────", "hello ", "────────────"]);
        assert_eq!(rows(2), ["── Note ────", "hello "]);
        assert_eq!(rows(1), ["hello "]);
        assert!(rows(0).is_empty());
        assert_eq!(rows(5).len(), 5);
    }

    fn number_rows(height: usize, error: Option<&str>) -> Vec<String> {
        let editor = Editor {
            label: "Answer".into(),
            draft: std::borrow::Cow::Owned(TextArea::new("100")),
            placeholder: None,
            number: Some(NumberNote {
                unit: Some("workers"),
                error: error.map(str::to_string),
            }),
        };
        editor
            .lines(16, height)
            .iter()
            .map(Line::plain_text)
            .collect()
    }

    #[test]
    fn a_number_editor_shows_its_unit_and_why_the_number_is_no_answer() {
        assert_eq!(
            number_rows(3, Some("at most 64")),
            ["── Answer ──────", "100  workers", "── at most 64 ──"]
        );
        assert_eq!(number_rows(3, None)[2], "────────────────");
        // Without room for the lower rule, the reason takes the label's.
        assert_eq!(
            number_rows(2, Some("at most 64")),
            ["── at most 64 ──", "100  workers"]
        );
        assert_eq!(number_rows(1, Some("at most 64")), ["100  workers"]);
    }
}
