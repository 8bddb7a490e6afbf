//! The option list: per row the cursor, its number, radio or checkbox, the ★ gutter, the
//! wrapped label (✎ when noted) and description under a hanging indent; "Type something."
//! last, showing the saved free text (docs/behaviour.md#options-and-free-text). The list
//! chooses its window of whole items in the rows the plan gave it (tea's counted window, from
//! the first item the last frame showed) and tea's list draws it ([`list::lines_of`]: the rows
//! built for the window are moved, not copied). While filtering, the list is the matches, best
//! first, with the matched characters highlighted (docs/behaviour.md#filter).

use question::{Answer, Label, Question};
use tea::components::filter::{FilterMatch, FilterState};
use tea::components::list::{self, Window};
use tea::components::viewport::counter_text;
use tea::components::{Block, ListState};
use tea::text::{sanitize_line, truncate, truncate_line};
use tea::{Line, Slot, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

use crate::clip::line_head;
use crate::layout::{Measured, QuestionLayout};
use crate::model::{App, Target};
use crate::mouse::Part;
use crate::plan::Plan;
use crate::secret;

/// The props of an option list.
pub(crate) struct OptionList<'a> {
    pub question: &'a Question,
    pub layout: &'a QuestionLayout,
    pub answer: Option<&'a Answer>,
    pub cursor: usize,
    /// The items shown (positions among the matches while filtering): chosen at the rows the
    /// plan gave the list ([`OptionList::window_in`]).
    pub window: Window,
    /// Rows of the item below the window that does not fit whole, cut with `…`.
    pub cut: usize,
    /// A row under the window counts the items above and below it.
    pub counter: bool,
    /// The `more` label of that row.
    pub more: String,
    /// Description rows of the options other than the focused one (`None`: all).
    pub descriptions: Option<usize>,
    /// The open filter: the list shows its matches.
    pub filter: Option<&'a FilterState>,
    /// Shown when nothing matches.
    pub no_matches: String,
    /// Unsaved free text while its editor is closed, and the `draft` label: the "Type
    /// something." row shows that it exists and how it starts.
    pub draft: Option<(&'a str, String)>,
    /// Options whose note editor was left with unsaved text: a muted ✎ marks them.
    pub note_drafts: Vec<usize>,
    /// Each row is marked as its part of the view, for the mouse.
    pub hits: bool,
}

impl App {
    pub(crate) fn option_list<'a>(
        &'a self,
        m: &'a Measured,
        q: usize,
        plan: &Plan,
    ) -> OptionList<'a> {
        OptionList {
            question: &self.questions()[q],
            layout: &m.questions[q],
            answer: self.answer(q),
            cursor: self.cursor(q),
            window: Window::default(),
            cut: 0,
            counter: false,
            more: self.label(Label::More),
            descriptions: plan.descriptions,
            filter: self.filter_of(q).map(|f| &f.state),
            no_matches: self.label(question::Label::NoMatches),
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
            hits: self.mouse,
        }
    }
}

impl OptionList<'_> {
    /// The rows of item `i` at `column` columns, marked as its part of the view when asked.
    fn item(&self, i: usize, column: usize, hit: Option<&FilterMatch>) -> Vec<Line> {
        let mut rows = self.item_rows(i, column, hit);
        if self.hits {
            for row in &mut rows {
                tea::mouse::mark(row, Part::Row(i).id());
            }
        }
        rows
    }

    fn item_rows(&self, i: usize, column: usize, hit: Option<&FilterMatch>) -> Vec<Line> {
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
            let saved = self
                .answer
                .and_then(|a| a.custom_text.as_deref())
                .map(|text| secret::shown(question, text));
            let Some((draft, label)) = &self.draft else {
                first.push(match &saved {
                    Some(text) => Span::styled(
                        truncate(&format!("“{}”", line_head(text, room)), room),
                        label_style,
                    ),
                    None => Span::styled(
                        truncate(&item.label[0].plain_text(), room),
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
            if let Some(text) = &saved {
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
            let draft = secret::shown(question, draft);
            row.push(Span::styled(
                format!("“{}”", line_head(&draft, rest)),
                muted,
            ));
            first.spans.extend(truncate_line(&row, room).spans);
            return vec![first];
        };
        let hang = " ".repeat(marks.hang());
        let mut rows = Vec::with_capacity(item.height());
        let hit_style = Style::fg(Slot::Warning).bold().underline();
        let label_rows = highlight_rows(
            &item.label,
            option.shown_label(),
            hit.and_then(FilterMatch::label_positions),
            &label_style,
            &hit_style,
        );
        let mut label_rows = label_rows.into_iter();
        for span in label_rows.next().unwrap_or_default() {
            first.push(span);
        }
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
        for spans in label_rows {
            let mut row = vec![Span::plain(hang.clone())];
            row.extend(spans);
            rows.push(Line::new(row));
        }
        let description = highlight_rows(
            &item.description,
            option.description.as_deref().unwrap_or_default(),
            hit.and_then(FilterMatch::description_positions),
            &Style::fg(Slot::Muted),
            &hit_style,
        );
        // The other options' descriptions may be shortened; a cut one ends with "…".
        let shown = self.layout.description_rows(i, self.descriptions, focused);
        let cut = shown < description.len();
        for (n, spans) in description.into_iter().take(shown).enumerate() {
            let mut row = Line::new(vec![Span::plain(hang.clone())]);
            row.spans.extend(spans);
            if cut && n + 1 == shown {
                row.push(Span::styled("…", Style::fg(Slot::Muted)));
                row = truncate_line(&row, column);
            }
            rows.push(row);
        }
        rows
    }
}

impl OptionList<'_> {
    /// Windows the `shown` items (the focused one at `cursor` among them) in `rows` rows from
    /// the `first` one the last frame showed: whole items around the cursor, the first rows of
    /// the next one cut under them, and a row counting those hidden (tea's counted window).
    /// Returns the rows the list takes; the rest stay blank under the editor and the preview.
    pub(crate) fn window_in(
        &mut self,
        shown: &[usize],
        cursor: usize,
        rows: usize,
        first: usize,
    ) -> usize {
        let layout = self.layout;
        if shown.is_empty() {
            // Nothing matches: the row that says so.
            self.window.rows = rows.min(usize::from(self.filter.is_some()));
            return self.window.rows;
        }
        let focused = shown.get(cursor).copied();
        let heights: Vec<usize> = shown
            .iter()
            .map(|&i| layout.item_rows(i, self.descriptions, Some(i) == focused))
            .collect();
        let counted = list::counted_window(&heights, cursor, first, rows);
        (self.window, self.cut) = (counted.window, counted.cut);
        self.counter = counted.counter > 0;
        counted.window.rows + counted.cut + counted.counter
    }
}

impl Block for OptionList<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let Window { start, end, rows } = self.window;
        let rows = (rows + self.cut).min(height);
        let mut lines = self.window_lines(width, rows);
        if self.counter && lines.len() < height {
            let total = match self.filter {
                Some(filter) => filter.matches().len(),
                None => self.layout.items.len(),
            };
            // The cut item shows its number: it is not among those counted.
            let below = total.saturating_sub(end + usize::from(self.cut > 0));
            let counter = counter_text(start, below, &self.more);
            lines.push(truncate_line(
                &Line::styled(counter, Style::fg(Slot::Muted)),
                width,
            ));
        }
        lines
    }
}

impl OptionList<'_> {
    /// The window's items in `rows` rows, then the first rows of the item below it that
    /// does not fit whole.
    fn window_lines(&self, width: usize, rows: usize) -> Vec<Line> {
        let Window { start, end, .. } = self.window;
        let shown = if self.cut > 0 { end + 1 } else { end };
        let (mut items, cursor): (Vec<Vec<Line>>, usize) = match self.filter {
            Some(filter) if filter.matches().is_empty() => {
                let text = truncate(&sanitize_line(&self.no_matches), width);
                let row = Line::styled(format!("  {text}"), Style::fg(Slot::Muted).italic());
                return list::lines_of(vec![vec![row]], &ListState::default(), width, rows);
            }
            Some(filter) => {
                let matches = &filter.matches()[start..shown.min(filter.matches().len())];
                let items = matches
                    .iter()
                    .map(|m| self.item(m.item, width, Some(m)))
                    .collect();
                (items, filter.cursor())
            }
            None => (
                (start..shown.min(self.layout.items.len()))
                    .map(|i| self.item(i, width, None))
                    .collect(),
                self.cursor,
            ),
        };
        match items.as_mut_slice() {
            // A focused item taller than the window is cut, and says so.
            [only] if only.len() > rows => cut_short(only, rows, width),
            // So is the item below the window, in the rows the window leaves.
            [.., last] if self.cut > 0 => cut_short(last, self.cut, width),
            _ => {}
        }
        let state = ListState {
            selected: cursor.saturating_sub(start),
            offset: 0,
        };
        list::lines_of(items, &state, width, rows)
    }
}

/// Keeps the first `rows` rows of an item and ends the last with `…` when any were left out.
fn cut_short(item: &mut Vec<Line>, rows: usize, width: usize) {
    if item.len() <= rows {
        return;
    }
    item.truncate(rows);
    if let Some(last) = item.last_mut() {
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

/// Wrapped `rows` of `source` as spans in `base` (their code spans in the code color), the
/// grapheme clusters at `positions` (indices into the one-row `source`, as the filter gives
/// them) in `hit`. Wrapping drops the spaces at breaks, and drawing markdown's marks drops
/// backticks and asterisks, so each row's clusters are found in the source in order, skipping
/// those.
fn highlight_rows(
    rows: &[Line],
    source: &str,
    positions: Option<&[u32]>,
    base: &Style,
    hit: &Style,
) -> Vec<Vec<Span>> {
    let style_of = |span: &Span| Style {
        fg: match span.style.fg {
            Some(Slot::MdCode) => Some(Slot::MdCode),
            _ => base.fg,
        },
        bold: base.bold || span.style.bold,
        ..base.clone()
    };
    let Some(positions) = positions.filter(|p| !p.is_empty()) else {
        return rows
            .iter()
            .map(|row| {
                let spans = row.spans.iter();
                spans
                    .map(|s| Span::styled(s.text.clone(), style_of(s).clone()))
                    .collect()
            })
            .collect();
    };
    let source = sanitize_line(source);
    let source: Vec<&str> = source.graphemes(true).collect();
    let skipped = |g: &str| g.trim().is_empty() || g == "`" || g == "*";
    let mut next = 0;
    rows.iter()
        .map(|row| {
            let mut spans = Vec::new();
            for span in &row.spans {
                let mut marked = Vec::new();
                for (index, grapheme) in span.text.graphemes(true).enumerate() {
                    let mut at = next;
                    while at < source.len() && source[at] != grapheme && skipped(source[at]) {
                        at += 1;
                    }
                    if source.get(at) == Some(&grapheme) {
                        next = at + 1;
                        if positions.binary_search(&(at as u32)).is_ok() {
                            marked.push(index as u32);
                        }
                    }
                }
                let style = style_of(span);
                spans.extend(tea::components::filter::highlight(
                    &span.text, &marked, &style, hit,
                ));
            }
            spans
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(rows: &[&str], source: &str, positions: &[u32]) -> Vec<String> {
        let rows: Vec<Line> = rows
            .iter()
            .map(|r| Line::new(crate::marks::marked_spans(r, &Style::default())))
            .collect();
        let hit = Style::default().underline();
        highlight_rows(&rows, source, Some(positions), &Style::default(), &hit)
            .into_iter()
            .map(|spans| {
                spans
                    .iter()
                    .map(|s| {
                        if s.style.underline {
                            format!("[{}]", s.text)
                        } else {
                            s.text.to_string()
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn highlights_follow_the_source_across_wrapped_rows() {
        // "Fuzz tests" wrapped after "Fuzz": the space at the break is not in the rows.
        assert_eq!(
            marked(&["Fuzz", "tests"], "Fuzz tests", &[0, 5, 9]),
            ["[F]uzz", "[t]est[s]"]
        );
        assert_eq!(marked(&["Java"], "Java", &[]), ["Java"]);
        // Positions past the end mark nothing.
        assert_eq!(marked(&["Go"], "Go", &[7]), ["Go"]);
        // Drawn marks are not in the rows either.
        assert_eq!(
            marked(&["Use `grep`", "here"], "Use `grep` here", &[5, 11]),
            ["Use [g]rep", "[h]ere"]
        );
        assert_eq!(
            marked(&["**Keep** it"], "**Keep** it", &[2, 9]),
            ["[K]eep [i]t"]
        );
    }
}
