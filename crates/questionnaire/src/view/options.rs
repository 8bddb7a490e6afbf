//! The option list: per row the cursor, its number, radio or checkbox, the ★ gutter, the
//! wrapped label (✎ when noted) and description under a hanging indent; "Type something."
//! last, showing the saved free text (docs/behaviour.md#options-and-free-text). The window of
//! whole items is the plan's; tea's list draws it ([`list::lines_of`]: the rows built for the
//! window are moved, not copied).

use question::{Answer, Label, Question};
use tea::components::list::{self, Window};
use tea::components::{Block, ListState};
use tea::text::{truncate, truncate_line};
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::layout::{Plan, QuestionLayout};
use crate::model::{App, Target};

/// The props of an option list.
pub(crate) struct OptionList<'a> {
    pub question: &'a Question,
    pub layout: &'a QuestionLayout,
    pub answer: Option<&'a Answer>,
    pub cursor: usize,
    /// The items shown, from the plan.
    pub window: Window,
    /// Unsaved free text while its editor is closed, and the `draft` label: the "Type
    /// something." row shows that it exists and how it starts.
    pub draft: Option<(&'a str, String)>,
    /// Options whose note editor was left with unsaved text: a muted ✎ marks them.
    pub note_drafts: Vec<usize>,
}

impl App {
    pub(crate) fn option_list(&self, q: usize, plan: &Plan) -> OptionList<'_> {
        OptionList {
            question: &self.questions()[q],
            layout: self.layout_of(q),
            answer: self.answer(q),
            cursor: self.cursor(q),
            window: plan.list,
            draft: self
                .unsaved_draft(Target::FreeText(q))
                .filter(|_| self.open_editor() != Some(Target::FreeText(q)))
                .map(|text| (text, self.label(Label::Draft))),
            // From the drafts, not the options: a long list costs nothing more.
            note_drafts: self
                .drafts
                .keys()
                .filter_map(|&target| match target {
                    Target::OptionNote(tq, o)
                        if tq == q
                            && self.open_editor() != Some(target)
                            && self.unsaved_draft(target).is_some() =>
                    {
                        Some(o)
                    }
                    _ => None,
                })
                .collect(),
        }
    }
}

impl OptionList<'_> {
    /// The rows of item `i` at `column` columns.
    fn item(&self, i: usize, column: usize) -> Vec<Line> {
        let question = self.question;
        let item = &self.layout.items[i];
        let marks = self.layout.marks;
        let focused = i == self.cursor;
        let option = question.options.get(i);
        let picked = match (option, self.answer) {
            (Some(o), Some(a)) => a.is_picked(&o.value),
            (None, Some(a)) => a.custom_text.is_some(),
            _ => false,
        };
        let mut first = Line::default();
        first.push(if focused {
            Span::styled("› ", Style::fg(Slot::Accent).bold())
        } else {
            Span::plain("  ")
        });
        first.push(Span::styled(
            format!("{:>w$}. ", i + 1, w = marks.number_width),
            Style::fg(Slot::Muted),
        ));
        let mark = match (marks.checkbox, picked) {
            (true, true) => "[x] ",
            (true, false) => "[ ] ",
            (false, true) => "(•) ",
            (false, false) => "( ) ",
        };
        first.push(Span::styled(
            mark,
            if picked {
                Style::fg(Slot::Success).bold()
            } else {
                Style::fg(Slot::Muted)
            },
        ));
        if marks.gutter {
            if option.is_some_and(|o| o.recommended) {
                first.push(Span::styled("★ ", Style::fg(Slot::Warning)));
            } else {
                first.push(Span::plain("  "));
            }
        }
        let label_style = match (focused, picked) {
            (true, _) => Style::fg(Slot::Accent).bold(),
            (false, true) => Style::fg(Slot::Text).bold(),
            (false, false) => Style::fg(Slot::Text),
        };
        let Some(option) = option else {
            // "Type something.": one row, the saved text quoted and cut, else the label.
            let room = column.saturating_sub(marks.hang());
            let saved = self.answer.and_then(|a| a.custom_text.as_deref());
            let Some((draft, label)) = &self.draft else {
                first.push(match saved {
                    Some(text) => Span::styled(
                        truncate(&format!("“{}”", line_head(text, room)), room),
                        label_style,
                    ),
                    None => Span::styled(
                        truncate(&item.label[0], room),
                        if focused {
                            label_style
                        } else {
                            Style::fg(Slot::Muted).italic()
                        },
                    ),
                });
                return vec![first];
            };
            // A draft: the saved text (if any) keeps at most half the row, the draft's first
            // words the rest, muted: "“saved” ✎ draft: “new words…”".
            let mut row = Line::default();
            if let Some(text) = saved {
                let half = room / 2;
                row.push(Span::styled(
                    truncate(&format!("“{}”", line_head(text, half)), half),
                    label_style,
                ));
                row.push(Span::plain(" "));
            }
            let muted = Style::fg(Slot::Muted).italic();
            let lead = format!("✎ {label}: ");
            let rest = room.saturating_sub(row.width() + tea::text::width(&lead));
            row.push(Span::styled(lead, muted.clone()));
            row.push(Span::styled(format!("“{}”", line_head(draft, rest)), muted));
            first.spans.extend(truncate_line(&row, room).spans);
            return vec![first];
        };
        let hang = " ".repeat(marks.hang());
        let mut rows = Vec::with_capacity(item.height());
        first.push(Span::styled(item.label[0].clone(), label_style.clone()));
        let noted = self
            .answer
            .is_some_and(|a| a.option_note(&option.value).is_some());
        if noted && first.width() + 2 <= column {
            first.push(Span::styled(" ✎", Style::fg(Slot::Accent)));
        } else if self.note_drafts.contains(&i) && first.width() + 2 <= column {
            // An unsaved note: the same mark, muted, until it is saved or cleared.
            first.push(Span::styled(" ✎", Style::fg(Slot::Muted)));
        }
        rows.push(first);
        for row in &item.label[1..] {
            rows.push(Line::new(vec![
                Span::plain(hang.clone()),
                Span::styled(row.clone(), label_style.clone()),
            ]));
        }
        for row in &item.description {
            rows.push(Line::new(vec![
                Span::plain(hang.clone()),
                Span::styled(row.clone(), Style::fg(Slot::Muted)),
            ]));
        }
        rows
    }
}

impl Block for OptionList<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let Window { start, end, rows } = self.window;
        let rows = rows.min(height);
        let mut items: Vec<Vec<Line>> = (start..end).map(|i| self.item(i, width)).collect();
        // A focused item taller than the window is cut, and says so.
        if let [only] = items.as_mut_slice()
            && only.len() > rows
        {
            only.truncate(rows);
            if let Some(last) = only.last_mut() {
                // A row with room left gets the mark appended; a full row is cut short and
                // `truncate_line` ends it with the mark.
                if last.width() < width {
                    let style = last
                        .spans
                        .last()
                        .map(|s| s.style.clone())
                        .unwrap_or_default();
                    last.push(Span::styled("…", style));
                } else {
                    *last = truncate_line(last, width.saturating_sub(1));
                }
            }
        }
        let state = ListState {
            selected: self.cursor.saturating_sub(start),
            offset: 0,
        };
        list::lines_of(items, state, width, rows)
    }
}
