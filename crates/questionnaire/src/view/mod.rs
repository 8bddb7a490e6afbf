//! The view: a pure function of the model that builds the frame as a tree of component props
//! and draws it to rows.
//!
//! ```text
//! Frame (title)                                  tea::components::Frame
//! ├─ tab bar with progress                       tea::components::Tabs
//! ├─ question tab
//! │  ├─ context (scrolling, counter below)       tea::components::Viewport
//! │  ├─ prompt                                   view::context::Prompt
//! │  └─ body: Split (wide) of
//! │     ├─ Stack: filter line (while filtering)  tea::components::FilterLine
//! │     │         option list                    view::options::OptionList (on tea's List)
//! │     │         editor                         view::editor::Editor (tea's TextArea)
//! │     │         preview below (narrow)         view::preview::PreviewBelow
//! │     └─ preview beside (wide)                 view::preview::PreviewPane
//! ├─ Review tab                                  view::review::Review
//! └─ footer from the keymap                      tea::components::Help
//! ```
//!
//! Components are props-only [`Block`]s: each gets the rows the plan ([`crate::layout::Plan`])
//! granted it and returns lines. They compose by lines and end as one `tea::rows` element,
//! since per-component iocraft layout is the costly part of a frame.

mod editor;
#[cfg(test)]
mod gallery;
mod options;
mod preview;
mod prompt;
mod review;

use question::Label;
use tea::components::{
    Block, FilterLine, Frame, FrameRow, Lines, Split, Stack, StackItem, Tab, Tabs, Viewport, spread,
};
use tea::text::truncate;
use tea::{Line, Slot, Span, Style};

use crate::clip::line_head;
use crate::keymap::HintContext;
use crate::layout::{LIST_SHARE, Plan};
use crate::model::App;

use preview::{PreviewBelow, PreviewPane};
use prompt::Prompt;

/// Tab headers are cut at this many columns in the tab bar.
const TAB_HEADER_COLUMNS: usize = 24;

/// The countdown turns to the warning colour for its last this many seconds.
const WARN_SECONDS: u128 = 30;

impl App {
    /// The frame as rows: the dock line while collapsed, else exactly [`App::height`] rows,
    /// none wider than the terminal.
    pub fn lines(&self) -> Vec<Line> {
        let width = self.size.width as usize;
        if self.collapsed {
            return vec![self.dock_line(self.size.width)];
        }
        let height = self.measured.height;
        if height == 0 || width == 0 {
            return vec![Line::default(); height];
        }
        let plan = &self.plan;
        let inner = if plan.framed {
            self.measured.geometry.inner
        } else {
            width
        };
        let mut rows: Vec<FrameRow> = Vec::with_capacity(height);
        if plan.tabs > 0 {
            rows.extend(content(self.tab_row(inner)));
        }
        if plan.tabs_divider > 0 {
            rows.push(FrameRow::Divider);
        }
        match self.question() {
            Some((q, _)) => self.question_rows(q, plan, inner, &mut rows),
            None => rows.extend(content(self.review_props().lines(inner, usize::MAX))),
        }
        if plan.footer_divider > 0 {
            rows.push(FrameRow::Divider);
        }
        if plan.footer > 0 {
            rows.push(FrameRow::Content(self.footer(plan, inner)));
        }
        Frame::rows(rows)
            .title(self.title())
            .into_lines(width, height)
    }

    /// The questionnaire's title, else the header of a lone question, else the `askUser`
    /// label (docs/behaviour.md#frame-and-title).
    fn title(&self) -> String {
        let questionnaire = self.state.questionnaire();
        let columns = self.size.width.into();
        match (&questionnaire.title, questionnaire.questions.as_slice()) {
            (Some(title), _) => line_head(title, columns),
            (None, [only]) => line_head(&only.header, columns),
            _ => self.label(Label::AskUser),
        }
    }

    /// One chip per question (✓ answered, ○ open), then Review; the progress at the right
    /// (docs/behaviour.md#tabs-and-progress).
    fn tab_bar(&self) -> Tabs {
        let questions = self.questions();
        let mut tabs: Vec<Tab> = questions
            .iter()
            .map(|q| {
                let header = line_head(&q.header, TAB_HEADER_COLUMNS);
                let marker = if self.state.is_answered(&q.id) {
                    Span::styled("✓", Style::fg(Slot::Success))
                } else {
                    Span::styled("○", Style::fg(Slot::Muted))
                };
                Tab::new(truncate(&header, TAB_HEADER_COLUMNS)).marker(marker)
            })
            .collect();
        tabs.push(Tab::new(self.label(Label::Review)));
        let progress = Line::styled(
            format!(
                "{}/{} {}",
                self.state.answered_count(),
                questions.len(),
                self.label(Label::Answered)
            ),
            Style::fg(Slot::Muted),
        );
        // Headers are cut above; the Review label is shown whole.
        Tabs::new(tabs, self.tab)
            .note(progress)
            .max_label(usize::MAX)
            .styled_padding()
    }

    /// The tab bar; while a countdown runs, its time follows the progress, or stands alone at
    /// the right edge when the tabs window (docs/behaviour.md#time-limit).
    fn tab_row(&self, inner: usize) -> Vec<Line> {
        let tabs = self.tab_bar();
        let Some(clock) = self.countdown_line() else {
            return tabs.lines(inner, 1);
        };
        let mut note = tabs.note.clone().unwrap_or_default();
        note.push(Span::styled(" · ", Style::fg(Slot::Muted)));
        note.spans.extend(clock.spans.iter().cloned());
        let all = tabs.tabs.len();
        if tabs.window(inner.saturating_sub(note.width() + 1)) == (0, all) {
            return tabs.note(note).lines(inner, 1);
        }
        let bar = Tabs { note: None, ..tabs }
            .lines(inner.saturating_sub(clock.width() + 1), 1)
            .pop()
            .unwrap_or_default();
        vec![spread(bar, clock, inner)]
    }

    /// The time left as `m:ss`, in the warning colour in the last 30 seconds.
    pub(crate) fn countdown_line(&self) -> Option<Line> {
        let left = self.countdown?;
        let seconds = left.as_millis().div_ceil(1000);
        let slot = if seconds <= WARN_SECONDS {
            Slot::Warning
        } else {
            Slot::Muted
        };
        Some(Line::styled(
            format!("{}:{:02}", seconds / 60, seconds % 60),
            Style::fg(slot),
        ))
    }

    fn hint_context(&self, plan: &Plan) -> HintContext {
        let mut ctx = HintContext {
            tabs: self.has_tabs(),
            ..HintContext::default()
        };
        if let Some((q, question)) = self.question() {
            let cursor = self.cursor(q);
            ctx.multi = self.traits(q).toggles();
            ctx.on_option = cursor < question.options.len();
            ctx.narrow_preview = !self.measured.geometry.wide && self.previewable(q, cursor);
            ctx.context_scrolls = plan.context_max > 0;
            ctx.prompt_scrolls = plan.prompt_max > 0;
            ctx.preview_scrolls = plan.preview_body > 0 && plan.preview_len > plan.preview_body;
        }
        ctx
    }

    /// The context viewport of question `q`: scrolled as the plan clamped it, with a counter
    /// row under it when it does not fit.
    /// When the viewport is too small for the whole context, it shows the context's text
    /// without blank rows and borders.
    fn context(&self, q: usize, plan: &Plan) -> Viewport<'_> {
        let m = self.layout_of(q);
        let lines = if plan.context_text {
            &m.context_text
        } else {
            &m.context
        };
        Viewport::new(lines, plan.context_scroll)
            .more(self.label(Label::More))
            .counter_below()
    }

    fn prompt(&self, q: usize, plan: &Plan) -> Prompt<'_> {
        Prompt {
            rows: &self.layout_of(q).prompt,
            scroll: plan.prompt_scroll,
            more: self.label(Label::More),
        }
    }

    fn preview_pane(&self, q: usize, plan: &Plan) -> PreviewPane<'_> {
        let cursor = self.cursor(q);
        PreviewPane {
            title: self.preview_title(q, cursor),
            doc: self.preview_doc(q, cursor),
            scroll: plan.preview_scroll,
            more: self.label(Label::More),
        }
    }

    fn preview_below(&self, q: usize, plan: &Plan) -> PreviewBelow<'_> {
        let cursor = self.cursor(q);
        PreviewBelow {
            title: self.preview_title(q, cursor),
            doc: self.preview_doc(q, cursor),
            scroll: plan.preview_scroll,
            expanded: self.previews_expanded,
            more: self.label(Label::More),
        }
    }

    /// The footer: the current mode's hints that apply, from the keymap; first the warning
    /// that Esc again cancels once it is armed; a lone question's countdown at the right.
    /// A notice (the external editor failed) takes the footer's row until the next key.
    fn footer(&self, plan: &Plan, columns: usize) -> Line {
        if let Some(notice) = &self.notice {
            let line = Line::styled(tea::text::sanitize_line(notice), Style::fg(Slot::Error));
            return tea::text::truncate_line(&line, columns);
        }
        let ctx = self.hint_context(plan);
        let labels = &self.state.questionnaire().labels;
        let clock = self.countdown_line().filter(|_| !self.has_tabs());
        let room = match &clock {
            Some(clock) => columns.saturating_sub(clock.width() + 1),
            None => columns,
        };
        let line = if self.esc_armed {
            let mut line = Line::styled(
                truncate(&self.label(Label::EscAgain), room),
                Style::fg(Slot::Warning),
            );
            let hints = self.keys.footer(
                self.mode(),
                &ctx,
                labels,
                room.saturating_sub(line.width() + 3),
                self.keyboard.unwrap_or_default(),
            );
            if !hints.spans.is_empty() {
                line.push(Span::styled(" · ", Style::fg(Slot::Muted)));
                line.spans.extend(hints.spans);
            }
            line
        } else {
            self.keys.footer(
                self.mode(),
                &ctx,
                labels,
                room,
                self.keyboard.unwrap_or_default(),
            )
        };
        match clock {
            Some(clock) => spread(line, clock, columns),
            None => line,
        }
    }

    fn question_rows(&self, q: usize, plan: &Plan, inner: usize, rows: &mut Vec<FrameRow>) {
        let m = self.layout_of(q);
        let geometry = self.measured.geometry;
        rows.extend(content(self.context(q, plan).lines(inner, plan.context)));
        if plan.context_divider > 0 {
            rows.push(FrameRow::Divider);
        }
        rows.extend(content(self.prompt(q, plan).lines(inner, plan.prompt)));

        // The body: the list with its editor (and a narrow preview) in one column, the
        // preview beside it on wide terminals. The stack's children get exactly the plan's
        // rows, in this order.
        let wide = geometry.wide && !m.items.is_empty();
        let list = self.option_list(q, plan);
        let editor = self.open_editor().map(|target| self.editor_props(target));
        let below = (!wide && plan.preview > 0).then(|| self.preview_below(q, plan));
        let filler = Lines(Vec::new());
        let no_matches = self.label(Label::NoMatches);
        let filter_line = self.filter_of(q).map(|f| {
            FilterLine::new(f.state.query())
                .count(f.state.matches().len(), f.state.len())
                .no_matches(&no_matches)
        });
        let mut items = Vec::new();
        if let Some(line) = &filter_line {
            items.push(StackItem::new(line, plan.filter, plan.filter));
        }
        let list_rows = plan.list.rows + plan.list_counter;
        items.push(StackItem::new(&list, list_rows, list_rows));
        if let Some(editor) = &editor {
            items.push(StackItem::new(editor, plan.editor, plan.editor));
        }
        if let Some(below) = &below {
            items.push(StackItem::new(below, plan.preview, plan.preview));
        }
        items.push(StackItem::new(&filler, plan.filler, plan.filler));
        let height: usize = items.iter().map(|item| item.min).sum();
        let column = Stack::new(items);
        let body = if wide {
            let pane = self.preview_pane(q, plan);
            Split::new(&column, &pane)
                .ratio(LIST_SHARE.0, LIST_SHARE.1)
                .full_divider()
                .lines(geometry.inner, height)
        } else {
            column.lines(inner, height)
        };
        rows.extend(content(body));
    }

    /// "Preview", and "· ★ Recommended" for a recommended option.
    fn preview_title(&self, q: usize, i: usize) -> Line {
        let mut title = Line::styled(self.label(Label::Preview), Style::fg(Slot::Accent).bold());
        let recommended = self.questions()[q]
            .options
            .get(i)
            .is_some_and(|o| o.recommended);
        if recommended {
            title.push(Span::styled(" · ", Style::fg(Slot::Muted)));
            title.push(Span::styled("★ ", Style::fg(Slot::Warning)));
            title.push(Span::styled(
                self.label(Label::Recommended),
                Style::fg(Slot::Warning),
            ));
        }
        title
    }
}

fn content(lines: Vec<Line>) -> impl Iterator<Item = FrameRow> {
    lines.into_iter().map(FrameRow::Content)
}
