//! Text measured once per terminal size ([`Measured`]): the prompt, labels and descriptions
//! wrapped as far as they can show, the context and previews rendered, and the panel height
//! they need (docs/behaviour.md#height).

use std::sync::Arc;

use question::{Label, Labels, Question, Questionnaire};
use tea::text::{sanitize, sanitize_line, wrap, wrap_spans};
use tea::{Line, Size, Slot, Span, Style};
use tea_markdown::{Kind, MarkdownCache};

use super::{CONTEXT_MAX_ROWS, Geometry, HeightLimit, frame, panel_height};
use crate::clip::wrap_head_marked;
use crate::kind::{Body, Traits};
use crate::marks::marked_spans;
use crate::preview::{LONG_PREVIEW, Preview, preview_source};

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

/// The most prompt rows wrapped (and scrolled through).
const PROMPT_WRAP_ROWS: usize = 2000;

/// An option's label and description, wrapped to the list width minus the hanging indent; rows
/// past the terminal's height are left out (no item is drawn taller).
#[derive(Debug, Clone, PartialEq)]
pub struct ItemRows {
    /// The label's rows: its code spans in the code color, the rest unstyled (the view styles
    /// it), markdown's marks taken out ([`crate::marks`]).
    pub label: Vec<Line>,
    /// The description's rows, as the label's.
    pub description: Vec<Line>,
    /// The pane beside the list shows this description whole when the option is focused.
    pub description_previewed: bool,
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
    /// The context's text without its structure (blank lines, table borders and rules): what a
    /// viewport too small for the whole context shows (docs/behaviour.md#frame-and-title).
    pub context_text: Arc<Vec<Line>>,
    /// The whole prompt, wrapped and bold.
    pub prompt: Vec<Line>,
    pub marks: Marks,
    /// One per option, then one for "Type something." when the type allows free text.
    pub items: Vec<ItemRows>,
    /// Per option: its markdown preview, else its description, at the preview width.
    pub previews: Vec<Preview>,
    /// The preview pane sits beside the list: at 100 columns and more, when it shows
    /// something the list does not ([`pane_shows_more`]). Else the list has the whole width.
    pub beside: bool,
    /// Some option had a note when this was measured (a note is shown in the pane).
    pub noted: bool,
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
    /// `noted(q)`: whether an option of question `q` has a note.
    pub fn new(
        questionnaire: &Questionnaire,
        size: Size,
        expanded: bool,
        limit: HeightLimit,
        markdown: &mut MarkdownCache,
        noted: &dyn Fn(usize) -> bool,
    ) -> Measured {
        let geometry = Geometry::new(size.width as usize);
        let labels = &questionnaire.labels;
        // No item is drawn taller than the terminal: rows past that need not be wrapped.
        let item_rows = size.height as usize + 1;
        let rows = size.height as usize;
        let cap = panel_height(usize::MAX, rows, limit);
        let tabs = questionnaire.questions.len() > 1;
        // Previews expand below the list only where none sits beside it.
        let below = expanded && !geometry.wide;
        let questions: Vec<QuestionLayout> = questionnaire
            .questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let noted = noted(i);
                let mut measure = |beside| {
                    let mut m = measure_question(q, labels, &geometry, beside, item_rows, markdown);
                    m.noted = noted;
                    m
                };
                if !geometry.wide || !Traits::of_question(q).has_options() {
                    return measure(false);
                }
                match pane_shows_more(q, noted) {
                    PaneShows::More => measure(true),
                    PaneShows::Nothing => measure(false),
                    PaneShows::DescriptionsIfShortened => {
                        let whole = measure(false);
                        if question_need(q, &whole, false, tabs) > cap {
                            measure(true)
                        } else {
                            whole
                        }
                    }
                }
            })
            .collect();
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
            question_need(&questionnaire.questions[q], &m.questions[q], below, tabs)
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
        for q in 0..questionnaire.questions.len() {
            let previews_count = measured.questions[q].beside || below;
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
        measured.height = panel_height(need, rows, limit);
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

    /// The rows inside the panel's border (all of them without one).
    pub fn inner_height(&self) -> usize {
        frame().inner(self.geometry.width, self.height).1
    }
}

/// What a pane beside the list of a question would show that the list does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaneShows {
    /// A markdown preview or an option's note.
    More,
    /// The descriptions, whole, where the list has to shorten them to fit.
    DescriptionsIfShortened,
    /// Nothing: it would only repeat the focused option.
    Nothing,
}

/// What a pane beside the list of `q` would show that the list does not (`noted`: some
/// option has a note).
pub fn pane_shows_more(q: &Question, noted: bool) -> PaneShows {
    let markdown = q
        .options
        .iter()
        .any(|o| matches!(preview_source(o), Some((Kind::Markdown, _))));
    let described = q.options.iter().any(|o| {
        o.description
            .as_deref()
            .is_some_and(|d| !d.trim().is_empty())
    });
    if markdown || noted {
        PaneShows::More
    } else if described {
        PaneShows::DescriptionsIfShortened
    } else {
        PaneShows::Nothing
    }
}

/// Measures `q` with its list at the whole width, or beside the preview pane (`beside`).
fn measure_question(
    q: &Question,
    labels: &Labels,
    geometry: &Geometry,
    beside: bool,
    item_rows: usize,
    markdown: &mut MarkdownCache,
) -> QuestionLayout {
    let context = match &q.context {
        Some(src) => markdown.get(src, geometry.inner.max(1)),
        None => Arc::new(Vec::new()),
    };
    let context_text = Arc::new(
        context
            .iter()
            .filter(|line| !is_structure(line))
            .cloned()
            .collect(),
    );
    // All of it, as it scrolls rather than being cut; a prompt too long to read on a terminal
    // (megabytes) is wrapped only so far, and its last row says that it goes on.
    let prompt_style = Style::fg(Slot::Text).bold();
    let columns = geometry.inner.max(1);
    let (mut prompt, complete) =
        wrap_head_marked(&q.prompt, columns, PROMPT_WRAP_ROWS, &prompt_style);
    if !complete && let Some(last) = prompt.last_mut() {
        last.push(Span::styled("…", prompt_style));
        *last = tea::text::truncate_line(last, columns);
    }
    let traits = Traits::of_question(q);
    let free_text = traits.free_text_row();
    let count = q.options.len() + usize::from(free_text);
    let marks = Marks {
        number_width: count.max(1).to_string().len(),
        checkbox: traits.toggles(),
        gutter: q.options.iter().any(|o| o.recommended),
    };
    let list = if beside {
        geometry.list
    } else {
        geometry.inner
    };
    let text_width = list.saturating_sub(marks.hang()).max(1);
    let unstyled = Style::default();
    let mut items: Vec<ItemRows> = q
        .options
        .iter()
        .map(|o| ItemRows {
            label: wrap_head_marked(o.shown_label(), text_width, item_rows, &unstyled).0,
            description: o
                .description
                .as_deref()
                .filter(|d| !d.trim().is_empty())
                .map(|d| wrap_head_marked(d, text_width, item_rows, &unstyled).0)
                .unwrap_or_default(),
            description_previewed: beside && matches!(preview_source(o), Some((Kind::Plain, _))),
        })
        .collect();
    if free_text {
        // One row: the label, or the saved text cut to one row.
        items.push(ItemRows {
            label: vec![Line::plain(sanitize_line(labels.get(Label::TypeSomething)))],
            description: Vec::new(),
            description_previewed: false,
        });
    }
    let previews = q
        .options
        .iter()
        .map(|o| match preview_source(o) {
            Some((Kind::Plain, d)) if d.len() <= LONG_PREVIEW => {
                let spans = marked_spans(&sanitize(d), &unstyled);
                let rows = wrap_spans(&spans, geometry.preview.max(1));
                Preview::Ready(Arc::new(rows.into_iter().map(Line::new).collect()))
            }
            Some(_) => Preview::Pending,
            None => Preview::Empty,
        })
        .collect();
    QuestionLayout {
        context,
        context_text,
        prompt,
        marks,
        items,
        previews,
        beside,
        noted: false,
    }
}

/// A row that carries no text: blank, or only borders and rules (a table's top border).
fn is_structure(line: &Line) -> bool {
    line.spans.iter().all(|span| {
        span.text
            .chars()
            .all(|c| c.is_whitespace() || ('\u{2500}'..='\u{257F}').contains(&c))
    })
}

/// Rows the context viewport wants: all lines up to [`CONTEXT_MAX_ROWS`] (counter included).
pub fn context_need(lines: usize) -> usize {
    lines.min(CONTEXT_MAX_ROWS)
}

/// Frame rows around any tab: borders, footer and its divider, and the tab bar with its divider.
fn chrome(tabs: bool) -> usize {
    2 + 2 + if tabs { 2 } else { 0 }
}

/// Rows question `q` needs; `expanded`: with its previews expanded below the list.
fn question_need(q: &Question, m: &QuestionLayout, expanded: bool, tabs: bool) -> usize {
    let context = context_need(m.context.len());
    let context = if context > 0 { context + 1 } else { 0 };
    let prompt = m.prompt.len();
    let traits = Traits::of_question(q);
    let body = if let Body::Text = traits.body {
        2 + traits.editor_rows
    } else {
        let list: usize = m.items.iter().map(ItemRows::height).sum();
        let editor = 2 + traits.editor_rows;
        // Every option can gain a note, so every option may have a preview.
        let preview = 1 + m
            .previews
            .iter()
            .map(Preview::len)
            .max()
            .unwrap_or(0)
            .max(1);
        if m.beside {
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
