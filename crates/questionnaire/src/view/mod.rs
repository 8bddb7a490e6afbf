//! The view: a pure function of the model that returns the frame as one tree of component
//! props ([`App::view_tree`]), which tea lays out and draws.
//!
//! ```text
//! Panel (title)                                  tea::components::Panel
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
//! ├─ Review tab: heading, questions, actions,    view::review (a Stack whose parts
//! │  warning                                     ask for rows by priority)
//! └─ footer from the keymap                      tea::components::Help
//! ```
//!
//! Components are props-only [`Block`]s in a [`Stack`] inside the [`Panel`]: each gets the rows
//! the plan ([`crate::plan::Plan`]) granted it (on the Review tab, what it asked for by
//! priority), dividers cross the frame's border, and the frame and split give the columns.

mod editor;
#[cfg(test)]
mod gallery;
mod options;
mod preview;
mod prompt;
mod review;
mod web;

pub use web::qr_code_rows;

use question::Label;
use tea::components::{
    Block, FilterLine, Panel, PanelRow, Rows, Split, Stack, StackItem, Tab, Tabs, Viewport, spread,
};
use tea::mouse::{MouseMode, Zone};
use tea::text::truncate;
use tea::view::{Cursor, CursorShape, Draw, Element, View};
use tea::{Line, Size, Slot, Span, Style};

use crate::clip::line_head;
use crate::keymap::HintContext;
use crate::layout::Measured;
use crate::model::App;
use crate::mouse::Part;
use crate::plan::Plan;
use crate::shown::Scrolls;

use crate::memo::{FooterKey, TabRowKey};
use preview::{PreviewBelow, PreviewPane};
use prompt::Prompt;

/// Tab headers are cut at this many columns in the tab bar.
const TAB_HEADER_COLUMNS: usize = 24;

/// The countdown turns to the warning colour for its last this many seconds.
const WARN_SECONDS: u128 = 30;

impl App {
    /// The frame in a terminal of `size`: the dock line while collapsed, else exactly
    /// [`App::height`] rows, none wider than the terminal.
    pub fn lines(&self, size: Size) -> Vec<Line> {
        self.view_tree()
            .lines(usize::from(size.width), usize::from(size.height))
    }

    /// The whole view as one tree, drawn at the size tea gives it: the dock line while
    /// collapsed, else the frame of [`App::height`] rows around the tab bar, the shown tab and
    /// the footer, each part given the rows the plan granted it.
    pub fn view_tree(&self) -> View<'_> {
        if self.collapsed {
            return View::new(Draw(|width, _| {
                vec![self.dock_line(Size::of_box(width, 0).width)]
            }));
        }
        if self.qr_open {
            return View::new(Draw(|width, height| self.qr_rows(width, height)));
        }
        // The panel's height is the questionnaire's own (docs/behaviour.md#height). The
        // terminal's cursor sits on the caret of whichever editor types (docs/behaviour.md#caret).
        View::new(Draw(|width, height| self.panel(width, height)))
            .cursor(Cursor::on_caret().shape(CursorShape::Bar))
            .mouse(if self.mouse {
                MouseMode::Clicks
            } else {
                MouseMode::Off
            })
    }

    /// The frame in `width` × `height` cells, from the text measured at that size.
    fn panel(&self, width: usize, height: usize) -> Vec<Line> {
        let measured = self.measured_at(Size::of_box(width, height));
        let m = &*measured;
        let height = m.height;
        if height == 0 || width == 0 {
            return vec![Line::default(); height];
        }
        let title = self.title(width);
        let Some((q, _)) = self.question() else {
            let stack = Stack::new(self.review_tab(m));
            return Panel::around(stack).title(title).lines(width, height);
        };
        // The rows each part gets at this size, and the windows and scrolls they show, kept
        // for the next draw and the next message.
        let plan = self.plan(m).expect("a question tab has a plan");
        let scrolls = self.scrolls(m, q, &plan);
        self.keep_scrolls_shown(&scrolls);
        let (plan, scrolls) = (&plan, &scrolls);
        let mut items = Vec::new();
        if plan.tabs > 0 {
            items.push(rows(Draw(|inner, _| self.kept_tab_row(inner)), plan.tabs));
        }
        if plan.tabs_divider > 0 {
            items.push(StackItem::divider());
        }
        items.extend(self.question_items(m, q, plan, scrolls));
        if plan.footer_divider > 0 {
            items.push(StackItem::divider());
        }
        if plan.footer > 0 {
            let ctx = self.hint_context(m, Some(scrolls));
            let footer = Draw(move |inner, _| vec![self.kept_footer(ctx, inner)]);
            items.push(rows(footer, plan.footer));
        }
        Panel::around(Stack::new(items))
            .title(title)
            .lines(width, height)
    }

    /// The Review tab: the tab bar, its body and the footer, each part asking for its rows by
    /// priority ([`review::ReviewPart`]).
    fn review_tab<'a>(&'a self, m: &'a Measured) -> Vec<StackItem<'a>> {
        use review::ReviewPart as P;
        // Nothing scrolls here: a message on this tab starts from no scroll.
        self.keep_scrolls_shown(&Scrolls::default());
        let ctx = self.hint_context(m, None);
        let tab_bar = Draw(|inner, _| self.kept_tab_row(inner));
        let footer = Draw(move |inner, _| vec![self.kept_footer(ctx, inner)]);
        let mut items = vec![review::ask(P::TabBar, tab_bar, 1), review::divider()];
        items.extend(self.review_body(m));
        items.extend([review::divider(), review::ask(P::Footer, footer, 1)]);
        items
    }

    /// The questionnaire's title, else the header of a lone question, else the `askUser`
    /// label (docs/behaviour.md#frame-and-title).
    fn title(&self, columns: usize) -> String {
        let questionnaire = self.state.questionnaire();
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
        if self.mouse {
            for (i, tab) in tabs.iter_mut().enumerate() {
                tab.hit = Some(Part::Tab(i).id());
            }
        }
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

    /// [`App::tab_row`], drawn again only when what it shows changed.
    fn kept_tab_row(&self, inner: usize) -> Vec<Line> {
        let key = TabRowKey {
            tab: self.tab,
            answered: self
                .questions()
                .iter()
                .map(|q| self.state.is_answered(&q.id))
                .collect(),
            clock: self.countdown_seconds(),
            columns: inner,
        };
        self.memo.tab_row.get(key, || self.tab_row(inner))
    }

    /// [`App::footer`], drawn again only when what it shows changed.
    fn kept_footer(&self, ctx: HintContext, columns: usize) -> Line {
        let key = FooterKey {
            notice: self.notice.clone(),
            mode: self.mode(),
            ctx,
            esc_armed: self.esc_armed,
            keyboard: self.keyboard,
            clock: self.countdown_seconds(),
            columns,
        };
        self.memo.footer.get(key, || self.footer(ctx, columns))
    }

    /// The countdown's whole seconds left, as shown.
    fn countdown_seconds(&self) -> Option<u128> {
        self.countdown.map(|left| left.as_millis().div_ceil(1000))
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

    /// What the footer's hints depend on; `scrolls` are the shown question tab's.
    fn hint_context(&self, m: &Measured, scrolls: Option<&Scrolls>) -> HintContext {
        let mut ctx = HintContext {
            tabs: self.has_tabs(),
            web_link: self.web_link.is_some(),
            ..HintContext::default()
        };
        if let (Some((q, question)), Some(scrolls)) = (self.question(), scrolls) {
            let cursor = self.cursor(q);
            ctx.multi = self.traits(q).toggles();
            ctx.on_option = cursor < question.options.len();
            ctx.narrow_preview = !m.geometry.wide && self.previewable(m, q, cursor);
            ctx.context_scrolls = scrolls.context_scrolls;
            ctx.prompt_scrolls = scrolls.prompt_scrolls;
            ctx.preview_scrolls = scrolls.preview_scrolls;
        }
        ctx
    }

    /// The context viewport of question `q`: scrolled as clamped to its rows, with a counter
    /// row under it when it does not fit.
    /// When the viewport is too small for the whole context, it shows the context's text
    /// without blank rows and borders.
    fn context<'a>(
        &'a self,
        m: &'a Measured,
        q: usize,
        plan: &Plan,
        scrolls: &Scrolls,
    ) -> Viewport<'a> {
        let m = &m.questions[q];
        let lines = if plan.context_text {
            &m.context_text
        } else {
            &m.context
        };
        Viewport::new(lines, scrolls.context)
            .more(self.label(Label::More))
            .counter_below()
    }

    fn prompt<'a>(&'a self, m: &'a Measured, q: usize, scrolls: &Scrolls) -> Prompt<'a> {
        Prompt {
            rows: &m.questions[q].prompt,
            scroll: scrolls.prompt,
            more: self.label(Label::More),
        }
    }

    fn preview_pane<'a>(&'a self, m: &'a Measured, q: usize, scroll: usize) -> PreviewPane<'a> {
        let cursor = self.cursor(q);
        PreviewPane {
            title: self.preview_title(q, cursor),
            doc: self.preview_doc(m, q, cursor),
            scroll,
            more: self.label(Label::More),
        }
    }

    fn preview_below<'a>(&'a self, m: &'a Measured, q: usize, scroll: usize) -> PreviewBelow<'a> {
        let cursor = self.cursor(q);
        PreviewBelow {
            title: self.preview_title(q, cursor),
            doc: self.preview_doc(m, q, cursor),
            scroll,
            expanded: self.previews_expanded,
            more: self.label(Label::More),
        }
    }

    /// The footer: the current mode's hints that apply, from the keymap; first the warning
    /// that Esc again cancels once it is armed; the web page's link and a lone question's
    /// countdown at the right.
    /// A notice (the external editor failed) takes the footer's row until the next key.
    fn footer(&self, ctx: HintContext, columns: usize) -> Line {
        if let Some(notice) = &self.notice {
            let line = Line::styled(tea::text::sanitize_line(notice), Style::fg(Slot::Error));
            return tea::text::truncate_line(&line, columns);
        }
        let mut ctx = ctx;
        let labels = &self.state.questionnaire().labels;
        let clock = self.countdown_line().filter(|_| !self.has_tabs());
        let room = match &clock {
            Some(clock) => columns.saturating_sub(clock.width() + 1),
            None => columns,
        };
        // The link before the clock, where the hints keep room (docs/behaviour.md#web-link).
        let link = self.footer_link(room);
        if link.as_ref().is_some_and(|link| link.names_key) {
            ctx.web_link = false;
        }
        let link = link.map(|link| link.line);
        let room = match &link {
            Some(link) => room.saturating_sub(link.width() + 1),
            None => room,
        };
        let right = match (link, clock) {
            (Some(mut link), Some(clock)) => {
                link.push(Span::plain(" "));
                link.spans.extend(clock.spans);
                Some(link)
            }
            (link, clock) => link.or(clock),
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
        match right {
            Some(right) => spread(line, right, columns),
            None => line,
        }
    }

    /// The parts of a question tab: context, prompt, and the body (the list with its editor
    /// and a narrow preview in one column, the preview beside it on wide terminals), each
    /// with exactly the plan's rows.
    fn question_items<'a>(
        &'a self,
        measured: &'a Measured,
        q: usize,
        plan: &Plan,
        scrolls: &Scrolls,
    ) -> Vec<StackItem<'a>> {
        let geometry = measured.geometry;
        let mut items = vec![rows(
            self.zone(Part::Context, self.context(measured, q, plan, scrolls)),
            plan.context,
        )];
        if plan.context_divider > 0 {
            items.push(StackItem::divider());
        }
        items.push(rows(self.prompt(measured, q, scrolls), plan.prompt));

        let wide = measured.questions[q].beside;
        let mut column = Vec::new();
        if let Some(f) = self.filter_of(q) {
            let no_matches = self.label(Label::NoMatches);
            let typing = self.editor.is_none();
            let line = Draw(move |width, rows| {
                FilterLine::new(f.state.query())
                    .count(f.state.matches().len(), f.state.len())
                    .no_matches(&no_matches)
                    .focused(typing)
                    .lines(width, rows)
            });
            column.push(rows(line, plan.filter));
        }
        let mut list = self.option_list(measured, q, plan);
        let (shown, cursor) = &plan.items;
        let list_rows = list.window_in(shown, *cursor, plan.list, self.shown_list_offset(q));
        self.keep_list_shown(q, list.window.start);
        column.push(rows(self.zone(Part::List, list), list_rows));
        if let Some(target) = self.open_editor() {
            let editor = self.editor_props(target, geometry.width);
            column.push(rows(editor, plan.editor));
        }
        if !wide && plan.preview > 0 {
            column.push(rows(
                self.zone(
                    Part::Preview,
                    self.preview_below(measured, q, scrolls.preview),
                ),
                plan.preview,
            ));
        }
        column.push(rows(Rows::default(), plan.list - list_rows));
        let height: usize = column.iter().map(|item| item.min).sum();
        let column = Stack::new(column);
        if wide {
            // Beside the list at the framed width, also in a frame too low for its border.
            let pane = self.zone(
                Part::Preview,
                self.preview_pane(measured, q, scrolls.preview),
            );
            let split = Split::new(column, pane).full_divider();
            let at_framed_width = AtWidth {
                block: split,
                width: geometry.inner,
            };
            items.push(rows(at_framed_width, height));
        } else {
            items.push(rows(column, height));
        }
        items
    }

    /// `block` as the mouse's `part` of the view while the mouse is on.
    fn zone<'a>(&self, part: Part, block: impl Block + 'a) -> Element<'a> {
        if self.mouse {
            Element::new(Zone::new(part.id(), block))
        } else {
            Element::new(block)
        }
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

/// A block drawn at a width of its own whatever the box is (the split keeps the framed width
/// also in a frame too low for its border); in a box of that width its panel rows are its own,
/// measured once.
struct AtWidth<B> {
    block: B,
    width: usize,
}

impl<B: Block> Block for AtWidth<B> {
    fn lines(&self, _: usize, height: usize) -> Vec<Line> {
        self.block.lines(self.width, height)
    }

    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        if width == self.width {
            return self.block.panel_rows(width, height);
        }
        Draw(|_, height| self.lines(width, height)).panel_rows(width, height)
    }
}

/// A part of the frame that gets exactly `count` rows.
fn rows<'a>(block: impl Block + 'a, count: usize) -> StackItem<'a> {
    StackItem::new(block, count, count)
}
