//! The layout engine: the panel height formula, text measured once per terminal size
//! ([`Measured`]), the row budget that decides what fits in tiny terminals ([`Budget`]),
//! whole-item windowing ([`window`]), and the frame drawn around the regions.
//!
//! Everything here is a pure function of its arguments; the app decides what to ask for.

use std::sync::Arc;

use question::{Label, Labels, Question, QuestionType, Questionnaire};
use tea::text::{pad_line, sanitize, sanitize_line, truncate, truncate_line, width, wrap};
use tea::{Line, Size, Slot, Span, Style};
use tea_markdown::{Kind, MarkdownCache};

use crate::clip::wrap_head;
use crate::preview::{LONG_PREVIEW, Preview, preview_source};

/// From this many columns on, previews sit beside the option list.
pub const WIDE_MIN_COLUMNS: usize = 100;
/// The context viewport's rows, including its "↑/↓ N more" counter row.
pub const CONTEXT_MAX_ROWS: usize = 6;
/// Context rows kept (counter included) before the option list starts windowing.
pub const CONTEXT_KEPT_ROWS: usize = 4;
/// The prompt's rows; longer prompts end with "…".
pub const PROMPT_MAX_ROWS: usize = 3;
/// Text rows reserved for a note or free-text editor under an option list.
pub const NOTE_EDITOR_ROWS: usize = 1;
/// Text rows reserved for the editor of a text question.
pub const ANSWER_EDITOR_ROWS: usize = 3;
/// A draft never takes more text rows than this; taller drafts clip around the cursor.
pub const EDITOR_MAX_ROWS: usize = 8;
/// Rows of the focused option's label always granted first (more while it fits in half the
/// panel).
pub const SELECTED_LABEL_ROWS: usize = 2;
/// Body rows an expanded narrow preview gets before other options when space is tight.
pub const PREVIEW_PREFERRED_ROWS: usize = 2;
/// Narrower than this, rows have no side borders.
const MIN_FRAMED_WIDTH: usize = 8;
/// Lower than this, the panel has no top and bottom border.
const MIN_FRAMED_HEIGHT: usize = 5;

/// The panel height: `min(need, max(12, floor(rows × 0.45)), rows)`.
pub fn panel_height(need: usize, terminal_rows: usize) -> usize {
    need.min(12.max(terminal_rows * 45 / 100))
        .min(terminal_rows)
}

/// Column geometry at one terminal width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    pub width: usize,
    /// Content columns inside the frame.
    pub inner: usize,
    /// Wide enough for the side borders.
    pub framed_sides: bool,
    /// Previews beside the list.
    pub wide: bool,
    /// The option list's columns (all of `inner` unless wide).
    pub list: usize,
    /// A preview's text columns (beside the list, or indented below it).
    pub preview: usize,
}

/// Columns between the list and a wide preview: " │ ".
pub const SPLIT_GAP: usize = 3;
/// Indent of an expanded narrow preview's body.
pub const NARROW_PREVIEW_INDENT: usize = 2;

impl Geometry {
    pub fn new(width: usize) -> Geometry {
        let framed_sides = width >= MIN_FRAMED_WIDTH;
        let inner = if framed_sides { width - 4 } else { width };
        let wide = width >= WIDE_MIN_COLUMNS;
        let (list, preview) = if wide {
            let list = inner * 9 / 20;
            (list, inner - list - SPLIT_GAP)
        } else {
            (inner, inner.saturating_sub(NARROW_PREVIEW_INDENT).max(1))
        };
        Geometry {
            width,
            inner,
            framed_sides,
            wide,
            list,
            preview,
        }
    }
}

/// The marks in front of an option label: cursor, number, radio/checkbox, ★ gutter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marks {
    pub number_width: usize,
    pub checkbox: bool,
    pub gutter: bool,
}

impl Marks {
    /// "› " + "12. " + "( ) " + "★ ".
    pub fn hang(&self) -> usize {
        2 + self.number_width + 2 + 4 + if self.gutter { 2 } else { 0 }
    }
}

/// An option's label and description, wrapped to the list width minus the hanging indent; rows
/// past the terminal's height are left out (no item is drawn taller).
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRows {
    pub label: Vec<String>,
    pub description: Vec<String>,
}

impl ItemRows {
    pub fn height(&self) -> usize {
        self.label.len() + self.description.len()
    }
}

/// One question's text, measured at one size.
#[derive(Debug, Clone)]
pub struct QuestionLayout {
    pub context: Arc<Vec<Line>>,
    /// The wrapped prompt's first rows: [`PROMPT_MAX_ROWS`], and one more when it goes on.
    pub prompt: Vec<String>,
    pub marks: Marks,
    /// One per option, then one for "Type something." when the type allows free text.
    pub items: Vec<ItemRows>,
    /// Per option: its markdown preview, else its description, at the preview width.
    pub previews: Vec<Preview>,
}

/// Everything that depends only on the questionnaire, the terminal size and the preview
/// expansion: wrapped text, rendered markdown and the panel height.
#[derive(Debug, Clone)]
pub struct Measured {
    pub geometry: Geometry,
    pub height: usize,
    pub questions: Vec<QuestionLayout>,
    /// Rows of the partial-submit warning on the Review tab.
    pub warning: Vec<String>,
}

impl Measured {
    pub fn new(
        questionnaire: &Questionnaire,
        size: Size,
        expanded: bool,
        markdown: &mut MarkdownCache,
    ) -> Measured {
        let geometry = Geometry::new(size.width as usize);
        let labels = &questionnaire.labels;
        // No item is drawn taller than the terminal: rows past that need not be wrapped.
        let item_rows = size.height as usize + 1;
        let questions: Vec<QuestionLayout> = questionnaire
            .questions
            .iter()
            .map(|q| measure_question(q, labels, &geometry, item_rows, markdown))
            .collect();
        let tabs = questionnaire.questions.len() > 1;
        let warning = wrap(
            &format!("⚠ {}", sanitize_line(labels.get(Label::RequiredPending))),
            geometry.inner.max(1),
        );
        let mut measured = Measured {
            geometry,
            height: 0,
            questions,
            warning,
        };
        let need_of = |m: &Measured, q: usize| {
            question_need(
                &questionnaire.questions[q],
                &m.questions[q],
                &m.geometry,
                expanded,
                tabs,
            )
        };
        let mut need = (0..questionnaire.questions.len())
            .map(|q| need_of(&measured, q))
            .max()
            .unwrap_or(0);
        if tabs {
            need = need.max(review_need(
                questionnaire.questions.len(),
                measured.warning.len(),
            ));
        }
        // Markdown previews count only while the panel is below its cap: render them in order
        // until it is reached. The height is the same as with every preview rendered, since
        // more previews can only raise `need`.
        let rows = size.height as usize;
        let cap = panel_height(usize::MAX, rows);
        let previews_count = geometry.wide || expanded;
        for q in 0..questionnaire.questions.len() {
            for i in 0..measured.questions[q].previews.len() {
                if !previews_count || need >= cap {
                    break;
                }
                let source = questionnaire.questions[q]
                    .options
                    .get(i)
                    .and_then(preview_source);
                measured.questions[q].previews[i].render(
                    source,
                    geometry.preview,
                    (0, cap),
                    markdown,
                );
                need = need.max(need_of(&measured, q));
            }
        }
        measured.height = panel_height(need, rows);
        measured
    }

    /// Renders the preview of option `i` of question `q` as far as rows `start..start + count`
    /// need.
    pub fn ensure_preview(
        &mut self,
        questionnaire: &Questionnaire,
        (q, i): (usize, usize),
        rows: (usize, usize),
        markdown: &mut MarkdownCache,
    ) {
        let width = self.geometry.preview;
        let source = questionnaire
            .questions
            .get(q)
            .and_then(|question| question.options.get(i))
            .and_then(preview_source);
        if let Some(preview) = self
            .questions
            .get_mut(q)
            .and_then(|m| m.previews.get_mut(i))
        {
            preview.render(source, width, rows, markdown);
        }
    }

    /// Whether the panel draws its border (it needs 5 rows and 8 columns).
    pub fn framed(&self) -> bool {
        self.height >= MIN_FRAMED_HEIGHT && self.geometry.framed_sides
    }
}

fn measure_question(
    q: &Question,
    labels: &Labels,
    geometry: &Geometry,
    item_rows: usize,
    markdown: &mut MarkdownCache,
) -> QuestionLayout {
    let context = match &q.context {
        Some(src) => markdown.get(src, geometry.inner.max(1)),
        None => Arc::new(Vec::new()),
    };
    // One row past the shown ones tells that the prompt goes on.
    let prompt = wrap_head(&q.prompt, geometry.inner.max(1), PROMPT_MAX_ROWS + 1).rows;
    let free_text = q.kind != QuestionType::Text && q.allows_custom_text();
    let count = q.options.len() + usize::from(free_text);
    let marks = Marks {
        number_width: count.max(1).to_string().len(),
        checkbox: q.kind == QuestionType::Multi,
        gutter: q.options.iter().any(|o| o.recommended),
    };
    let text_width = geometry.list.saturating_sub(marks.hang()).max(1);
    let mut items: Vec<ItemRows> = q
        .options
        .iter()
        .map(|o| ItemRows {
            label: wrap_head(&o.label, text_width, item_rows).rows,
            description: o
                .description
                .as_deref()
                .filter(|d| !d.trim().is_empty())
                .map(|d| wrap_head(d, text_width, item_rows).rows)
                .unwrap_or_default(),
        })
        .collect();
    if free_text {
        // One row: the label, or the saved text cut to one row.
        items.push(ItemRows {
            label: vec![sanitize_line(labels.get(Label::TypeSomething))],
            description: Vec::new(),
        });
    }
    let previews = q
        .options
        .iter()
        .map(|o| match preview_source(o) {
            Some((Kind::Plain, d)) if d.len() <= LONG_PREVIEW => Preview::Ready(Arc::new(
                wrap(&sanitize(d), geometry.preview)
                    .into_iter()
                    .map(Line::plain)
                    .collect(),
            )),
            Some(_) => Preview::Pending,
            None => Preview::Empty,
        })
        .collect();
    QuestionLayout {
        context,
        prompt,
        marks,
        items,
        previews,
    }
}

/// Rows the context viewport wants: all lines up to [`CONTEXT_MAX_ROWS`] (counter included).
pub fn context_need(lines: usize) -> usize {
    lines.min(CONTEXT_MAX_ROWS)
}

/// Frame rows around any tab: borders, footer and its divider, and the tab bar with its divider.
fn chrome(tabs: bool) -> usize {
    2 + 2 + if tabs { 2 } else { 0 }
}

fn question_need(
    q: &Question,
    m: &QuestionLayout,
    geometry: &Geometry,
    expanded: bool,
    tabs: bool,
) -> usize {
    let context = context_need(m.context.len());
    let context = if context > 0 { context + 1 } else { 0 };
    let prompt = m.prompt.len().min(PROMPT_MAX_ROWS);
    let body = if q.kind == QuestionType::Text {
        2 + ANSWER_EDITOR_ROWS
    } else {
        let list: usize = m.items.iter().map(ItemRows::height).sum();
        let editor = 2 + NOTE_EDITOR_ROWS;
        // Every option can gain a note, so every option may have a preview.
        let preview = 1 + m
            .previews
            .iter()
            .map(Preview::len)
            .max()
            .unwrap_or(0)
            .max(1);
        if geometry.wide {
            (list + editor).max(preview)
        } else if expanded {
            list + editor.max(preview)
        } else {
            list + editor
        }
    };
    chrome(tabs) + context + prompt + body
}

fn review_need(questions: usize, warning_rows: usize) -> usize {
    chrome(true) + 1 + questions + 2 + warning_rows
}

/// Hands out the panel's rows in priority order.
#[derive(Debug)]
pub struct Budget {
    left: usize,
}

impl Budget {
    pub fn new(rows: usize) -> Budget {
        Budget { left: rows }
    }
    /// Takes up to `want` rows; returns how many were granted.
    pub fn take(&mut self, want: usize) -> usize {
        let granted = want.min(self.left);
        self.left -= granted;
        granted
    }
    pub fn left(&self) -> usize {
        self.left
    }
}

/// A window over items of varying height: items `start..end`, using `rows` rows. The focused
/// item may be cut when it alone is taller than the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Window {
    pub start: usize,
    pub end: usize,
    pub rows: usize,
}

/// Windows whole items around `focus` within `budget` rows, keeping `offset` (the previous
/// first item) where the focus stays visible, then filling downwards and upwards.
pub fn window(heights: &[usize], focus: usize, offset: usize, budget: usize) -> Window {
    if heights.is_empty() || budget == 0 {
        return Window::default();
    }
    let focus = focus.min(heights.len() - 1);
    let mut start = offset.min(focus);
    let mut rows: usize = heights[start..=focus].iter().sum();
    while rows > budget && start < focus {
        rows -= heights[start];
        start += 1;
    }
    if rows > budget {
        return Window {
            start: focus,
            end: focus + 1,
            rows: budget,
        };
    }
    let mut end = focus + 1;
    while end < heights.len() && rows + heights[end] <= budget {
        rows += heights[end];
        end += 1;
    }
    while start > 0 && rows + heights[start - 1] <= budget {
        start -= 1;
        rows += heights[start];
    }
    Window { start, end, rows }
}

/// The context viewport: with `rows` rows for `lines`, all of them when they fit, else a
/// window at `scroll` and a counter row. Returns the rows and the clamped scroll.
pub fn context_viewport(
    lines: &[Line],
    scroll: usize,
    rows: usize,
    more: &str,
) -> (Vec<Line>, usize) {
    if rows == 0 {
        return (Vec::new(), 0);
    }
    if lines.len() <= rows {
        return (lines.to_vec(), 0);
    }
    let body = rows - 1;
    let scroll = scroll.min(lines.len() - body);
    let mut out: Vec<Line> = lines[scroll..scroll + body].to_vec();
    out.push(counter_line(scroll, lines.len() - scroll - body, more));
    (out, scroll)
}

/// The greatest context scroll at `rows` viewport rows.
pub fn context_max_scroll(lines: usize, rows: usize) -> usize {
    if rows == 0 || lines <= rows {
        0
    } else {
        lines - (rows - 1)
    }
}

/// "↑ 2 more  ↓ 5 more", muted; either part only when it is non-zero.
pub fn counter_line(above: usize, below: usize, more: &str) -> Line {
    Line::styled(counter_text(above, below, more), Style::fg(Slot::Muted))
}

pub fn counter_text(above: usize, below: usize, more: &str) -> String {
    let mut parts = Vec::new();
    if above > 0 {
        parts.push(format!("↑ {above} {more}"));
    }
    if below > 0 {
        parts.push(format!("↓ {below} {more}"));
    }
    parts.join("  ")
}

/// Up to `rows` prompt rows; the last ends with "…" when rows were cut.
pub fn prompt_lines(prompt: &[String], rows: usize, width: usize) -> Vec<Line> {
    let style = Style::fg(Slot::Text).bold();
    let shown = rows.min(prompt.len());
    prompt
        .iter()
        .take(shown)
        .enumerate()
        .map(|(i, row)| {
            if i + 1 == shown && shown < prompt.len() {
                Line::styled(truncate(&format!("{row}…"), width), style.clone())
            } else {
                Line::styled(row.clone(), style.clone())
            }
        })
        .collect()
}

/// One row of the frame's content area.
#[derive(Debug, Clone, PartialEq)]
pub enum Row {
    Content(Line),
    Divider,
}

/// Draws the frame: when `framed`, a rounded border with `title` in its top edge and rows
/// exactly `width` wide; otherwise (tiny terminals) the bare rows, cut to `width`.
pub fn frame(title: &str, rows: Vec<Row>, geometry: &Geometry, framed: bool) -> Vec<Line> {
    let width = geometry.width;
    let border = Style::fg(Slot::Border);
    let mut out = Vec::with_capacity(rows.len() + 2);
    if framed {
        out.push(top_border(title, width));
    }
    for row in rows {
        out.push(match row {
            Row::Divider if framed => Line::styled(
                format!("├{}┤", "─".repeat(width.saturating_sub(2))),
                border.clone(),
            ),
            Row::Divider => Line::styled("─".repeat(width), border.clone()),
            Row::Content(line) if framed => {
                let mut framed_line = Line::styled("│ ", border.clone());
                framed_line.bg = line.bg;
                framed_line.spans.extend(fit(line, geometry.inner).spans);
                framed_line.push(Span::styled(" │", border.clone()));
                framed_line
            }
            Row::Content(line) => truncate_line(&line, width),
        });
    }
    if framed {
        out.push(Line::styled(
            format!("╰{}╯", "─".repeat(width.saturating_sub(2))),
            border,
        ));
    }
    out
}

fn top_border(title: &str, width: usize) -> Line {
    let border = Style::fg(Slot::Border);
    // "╭─ " + title + " " + "─…" + "╮": the title gets what is left after five columns.
    let room = width.saturating_sub(6);
    let title = truncate(title, room);
    if title.is_empty() {
        return Line::styled(format!("╭{}╮", "─".repeat(width.saturating_sub(2))), border);
    }
    let fill = width.saturating_sub(5 + width_of(&title));
    Line::new(vec![
        Span::styled("╭─ ", border.clone()),
        Span::styled(title, Style::fg(Slot::Accent).bold()),
        Span::styled(format!(" {}╮", "─".repeat(fill)), border),
    ])
}

fn width_of(text: &str) -> usize {
    width(text)
}

/// A horizontal rule with an optional label in it: "── label ─────".
pub fn rule(label: &str, width: usize, style: Style) -> Line {
    if label.is_empty() || width < 6 {
        return Line::styled("─".repeat(width), style);
    }
    let label = truncate(label, width.saturating_sub(4));
    let fill = width.saturating_sub(4 + width_of(&label));
    Line::new(vec![
        Span::styled("── ", style.clone()),
        Span::styled(label, style.clone().bold()),
        Span::styled(format!(" {}", "─".repeat(fill)), style),
    ])
}

/// Places `right` at the right edge of a row that starts with `left`, when both fit.
pub fn spread(left: Line, right: Line, width: usize) -> Line {
    let used = left.width() + right.width();
    if right.spans.is_empty() || used + 1 > width {
        return truncate_line(&left, width);
    }
    let mut line = left;
    line.push(Span::plain(" ".repeat(width - used)));
    line.spans.extend(right.spans);
    line
}

/// Joins a left and a right column into one row: left padded to `left_width`, " │ ", right.
pub fn side_by_side(left: Line, right: Line, left_width: usize, right_width: usize) -> Line {
    let mut line = fit(left, left_width);
    line.push(Span::styled(" │ ", Style::fg(Slot::BorderMuted)));
    if right.width() <= right_width {
        line.spans.extend(right.spans);
    } else {
        line.spans.extend(truncate_line(&right, right_width).spans);
    }
    line
}

/// `line` cut to `columns` if wider, then padded with spaces to exactly `columns`; a line
/// that fits is moved, not copied.
pub fn fit(line: Line, columns: usize) -> Line {
    let width = line.width();
    if width > columns {
        return pad_line(&line, columns);
    }
    let mut line = line;
    if width < columns {
        line.push(Span::plain(" ".repeat(columns - width)));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn height_formula() {
        assert_eq!(panel_height(30, 24), 12);
        assert_eq!(panel_height(8, 24), 8);
        assert_eq!(panel_height(30, 40), 18);
        assert_eq!(panel_height(30, 6), 6);
        assert_eq!(panel_height(100, 100), 45);
    }

    #[test]
    fn windows_keep_the_offset_and_whole_items() {
        let heights = [2, 2, 2, 2, 2];
        assert_eq!(
            window(&heights, 0, 0, 5),
            Window {
                start: 0,
                end: 2,
                rows: 4
            }
        );
        // Moving down past the window scrolls just enough.
        assert_eq!(
            window(&heights, 2, 0, 5),
            Window {
                start: 1,
                end: 3,
                rows: 4
            }
        );
        // Moving back up inside the window keeps it.
        assert_eq!(window(&heights, 1, 1, 5).start, 1);
        // A focus taller than the budget is cut.
        assert_eq!(
            window(&[1, 9, 1], 1, 0, 3),
            Window {
                start: 1,
                end: 2,
                rows: 3
            }
        );
        // More room fills upwards too.
        assert_eq!(window(&heights, 4, 4, 10).start, 0);
    }

    #[test]
    fn context_counter_counts_hidden_rows() {
        let lines: Vec<Line> = (0..10).map(|i| Line::plain(format!("l{i}"))).collect();
        let (rows, scroll) = context_viewport(&lines, 2, 6, "more");
        assert_eq!(scroll, 2);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[5].plain_text(), "↑ 2 more  ↓ 3 more");
        let (rows, scroll) = context_viewport(&lines, 99, 1, "more");
        assert_eq!(scroll, 10);
        assert_eq!(rows[0].plain_text(), "↑ 10 more");
        let (rows, _) = context_viewport(&lines[..4], 3, 6, "more");
        assert_eq!(rows.len(), 4);
    }

    #[test]
    fn prompt_is_cut_with_an_ellipsis() {
        let rows: Vec<String> = ["one two", "three", "four", "five"]
            .map(String::from)
            .to_vec();
        let lines = prompt_lines(&rows, 3, 10);
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2].plain_text(), "four…");
    }

    #[test]
    fn frame_rows_are_exactly_the_width() {
        let geometry = Geometry::new(20);
        let rows = vec![
            Row::Content(Line::plain("a very long row that does not fit")),
            Row::Divider,
        ];
        for line in frame("A title that is long", rows, &geometry, true) {
            assert_eq!(line.width(), 20, "{:?}", line.plain_text());
        }
    }
}
