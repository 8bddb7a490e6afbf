//! The questionnaire as one Elm program: the model ([`App`]), its messages ([`Msg`]), a pure
//! `update`, and a pure view that lays the model out as rows ([`App::lines`]).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use question::{
    Answer, AnswerState, Draft, Label, Question, QuestionType, Questionnaire, ResultOptions,
    ToolResult,
};
use tea::components::textarea::{TextArea, TextAreaMsg};
use tea::input::Event;
use tea::text::{sanitize_line, truncate, truncate_line, width};
use tea::{Cmd, Line, Program, Size, Slot, Span, Style};
use tea_markdown::MarkdownCache;

use crate::clip::{line_head, wrap_head, wrap_head_after};
use crate::keymap::{self, HintContext, Mode};
use crate::layout::{
    self, Budget, Measured, QuestionLayout, Row, Window, context_need, context_viewport,
    counter_text, frame, prompt_lines, rule, side_by_side, spread, window,
};
use crate::preview::Preview;

/// What only the questionnaire's host can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    /// Shrink to the one-line dock and hand the input back to the host (its editor).
    Collapse,
    /// Restore the questionnaire from its dock and take the input again.
    Expand,
}

/// How the questionnaire ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Submitted(ToolResult),
    /// Esc (or Cancel on Review): every recorded answer is kept in the result.
    Cancelled(ToolResult),
}

impl Outcome {
    pub fn result(&self) -> &ToolResult {
        match self {
            Outcome::Submitted(result) | Outcome::Cancelled(result) => result,
        }
    }

    pub fn into_result(self) -> ToolResult {
        match self {
            Outcome::Submitted(result) | Outcome::Cancelled(result) => result,
        }
    }
}

/// What the user means. Keys become messages in [`crate::keymap`]; tests and hosts may send
/// messages directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    NextTab,
    PrevTab,
    MoveUp,
    MoveDown,
    MoveFirst,
    MoveLast,
    /// Pick the option with this 1-based number (1–9).
    PickNumber(u8),
    /// Enter: select and advance, confirm a multi set, open the free-text editor, or activate
    /// a Review row.
    Activate,
    /// Space: select without advancing (multi: toggle).
    SelectWithoutAdvance,
    OpenOptionNote,
    OpenQuestionNote,
    /// Clear picks and free text, keep notes.
    Clear,
    /// Expand or collapse the preview below the list (narrow terminals).
    TogglePreview,
    /// Scroll the preview by rows.
    ScrollPreview(i32),
    /// Scroll the preview by half pages.
    PagePreview(i32),
    /// Scroll the context viewport by rows.
    ScrollContext(i32),
    /// Fold into the one-line dock, or unfold.
    ToggleCollapse,
    /// Cancel the questionnaire, keeping every recorded answer.
    Cancel,
    /// An edit of the open editor's draft (typing, moving, deleting, undo, yank…).
    Edit(TextAreaMsg),
    /// Enter in an editor: save the draft as the answer or note.
    SaveEditor,
    /// Esc in an editor: keep the draft, back to the list.
    LeaveEditor,
    Resized(Size),
}

/// What an editor writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// "Type something." of a single/multi question, or a text question's answer.
    FreeText(usize),
    OptionNote(usize, usize),
    QuestionNote(usize),
}

impl Target {
    fn question(self) -> usize {
        match self {
            Target::FreeText(q) | Target::OptionNote(q, _) | Target::QuestionNote(q) => q,
        }
    }
}

/// The questionnaire program.
pub struct App {
    state: AnswerState,
    size: Size,
    /// The shown tab: a question index, or `questions.len()` for Review.
    tab: usize,
    /// Focused row per question: an option, or the "Type something." row after them.
    cursors: Vec<usize>,
    /// First shown item per question (whole-item windowing).
    list_offsets: Vec<usize>,
    /// Review rows: the questions, then Submit, then Cancel.
    review_cursor: usize,
    review_offset: usize,
    context_scroll: usize,
    preview_scroll: usize,
    /// The open note/free-text editor of an option question (text questions always edit).
    editor: Option<Target>,
    /// Unsaved drafts, kept when the editor closes with Esc or Tab.
    drafts: HashMap<Target, TextArea>,
    previews_expanded: bool,
    collapsed: bool,
    /// Submit was pressed with unanswered questions; the next Submit sends.
    review_warning: bool,
    markdown: MarkdownCache,
    measured: Measured,
    /// The frame drawn after the last change, so an unchanged re-render costs nothing.
    frame: Arc<[Line]>,
}

impl App {
    pub fn new(questionnaire: Questionnaire, size: Size) -> App {
        let count = questionnaire.questions.len();
        let mut markdown = MarkdownCache::default();
        let measured = Measured::new(&questionnaire, size, false, &mut markdown);
        let mut app = App {
            state: AnswerState::new(questionnaire),
            size,
            tab: 0,
            cursors: vec![0; count],
            list_offsets: vec![0; count],
            review_cursor: 0,
            review_offset: 0,
            context_scroll: 0,
            preview_scroll: 0,
            editor: None,
            drafts: HashMap::new(),
            previews_expanded: false,
            collapsed: false,
            review_warning: false,
            markdown,
            measured,
            frame: Arc::new([]),
        };
        app.settle();
        app
    }

    pub fn state(&self) -> &AnswerState {
        &self.state
    }

    /// The result as it stands: what a submit (`cancelled: false`) or a cancel or abort
    /// (`cancelled: true`) returns. Cancelling keeps every recorded answer.
    pub fn result(&self, cancelled: bool) -> ToolResult {
        let options = if cancelled {
            ResultOptions::cancelled()
        } else {
            ResultOptions::submitted()
        };
        self.result_with(options)
    }

    /// The result for `options` (e.g. an abort from the host), reporting every unsaved draft.
    pub fn result_with(&self, options: ResultOptions) -> ToolResult {
        self.state
            .build_result(options.with_drafts(self.unsaved_drafts()))
    }

    /// Drafts whose text differs from what is saved, by question id; blank ones are left out.
    fn unsaved_drafts(&self) -> BTreeMap<String, Draft> {
        let mut drafts: BTreeMap<String, Draft> = BTreeMap::new();
        for (&target, editor) in &self.drafts {
            let text = editor.text();
            if text.trim().is_empty() || text == self.saved_text(target) {
                continue;
            }
            let question = &self.questions()[target.question()];
            let draft = drafts.entry(question.id.clone()).or_default();
            match target {
                Target::FreeText(_) => draft.text = Some(text.to_string()),
                Target::QuestionNote(_) => draft.note = Some(text.to_string()),
                Target::OptionNote(_, o) => {
                    let value = question.options[o].value.clone();
                    draft.option_notes.insert(value, text.to_string());
                }
            }
        }
        drafts
    }

    pub fn is_collapsed(&self) -> bool {
        self.collapsed
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The shown tab: a question index, or the number of questions for Review.
    pub fn tab(&self) -> usize {
        self.tab
    }

    /// The panel height at the current size and preview expansion (rows of [`App::lines`]
    /// while expanded).
    pub fn height(&self) -> usize {
        self.measured.height
    }

    /// The keymap mode right now.
    pub fn mode(&self) -> Mode {
        if self.collapsed {
            return Mode::Collapsed;
        }
        match self.question() {
            None => Mode::Review,
            Some((_, q)) if q.kind == QuestionType::Text => Mode::TextAnswer,
            Some(_) if self.editor.is_some() => Mode::Editor,
            Some(_) => Mode::List,
        }
    }

    fn questions(&self) -> &[Question] {
        &self.state.questionnaire().questions
    }

    fn has_tabs(&self) -> bool {
        self.questions().len() > 1
    }

    /// The question on the shown tab; `None` on Review.
    fn question(&self) -> Option<(usize, &Question)> {
        self.questions().get(self.tab).map(|q| (self.tab, q))
    }

    fn answer(&self, q: usize) -> Option<&Answer> {
        self.state.answer(&self.questions()[q].id)
    }

    fn label(&self, label: Label) -> String {
        sanitize_line(self.state.questionnaire().labels.get(label))
    }

    /// Rows in a question's list: its options, then "Type something." when allowed.
    fn item_count(&self, q: usize) -> usize {
        self.measured.questions[q].items.len()
    }

    /// The editor shown on the current tab.
    fn open_editor(&self) -> Option<Target> {
        let (q, question) = self.question()?;
        if question.kind == QuestionType::Text {
            return Some(Target::FreeText(q));
        }
        self.editor.filter(|t| t.question() == q)
    }

    /// The draft of `target`: unsaved edits, else the saved text.
    fn draft(&self, target: Target) -> Cow<'_, TextArea> {
        match self.drafts.get(&target) {
            Some(draft) => Cow::Borrowed(draft),
            None => Cow::Owned(TextArea::new(self.saved_text(target))),
        }
    }

    fn saved_text(&self, target: Target) -> &str {
        let Some(answer) = self.answer(target.question()) else {
            return "";
        };
        match target {
            Target::FreeText(_) => answer.custom_text.as_deref(),
            Target::QuestionNote(_) => answer.note.as_deref(),
            Target::OptionNote(q, o) => answer.option_note(&self.questions()[q].options[o].value),
        }
        .unwrap_or_default()
    }

    /// Edits the open editor's draft in place: a key costs what it changes, not the draft's
    /// length (the draft keeps its wrapped rows at the editor's width up to date).
    fn edit(&mut self, edit: TextAreaMsg) -> Cmd<Msg, Outcome, Host> {
        let Some(target) = self.open_editor() else {
            return Cmd::None;
        };
        let width = self.editor_width();
        if !self.drafts.contains_key(&target) {
            let draft = TextArea::new(self.saved_text(target));
            self.drafts.insert(target, draft);
        }
        let draft = self.drafts.get_mut(&target).expect("inserted above");
        draft.lay_out(width);
        draft.update(edit);
        Cmd::None
    }

    fn editor_width(&self) -> usize {
        let geometry = &self.measured.geometry;
        match self.question() {
            Some((_, q)) if geometry.wide && q.kind != QuestionType::Text => geometry.list,
            _ => geometry.inner,
        }
        .max(1)
    }

    fn remeasure(&mut self) {
        self.measured = Measured::new(
            self.state.questionnaire(),
            self.size,
            self.previews_expanded,
            &mut self.markdown,
        );
    }

    fn enter_tab(&mut self, tab: usize) {
        self.tab = tab;
        self.editor = None;
        self.context_scroll = 0;
        self.preview_scroll = 0;
        self.review_warning = false;
        if self.question().is_none() {
            self.review_cursor = self.questions().len();
            self.review_offset = 0;
        }
    }

    fn switch_tab(&mut self, step: isize) -> Cmd<Msg, Outcome, Host> {
        if !self.has_tabs() {
            return Cmd::None;
        }
        let tabs = self.questions().len() as isize + 1;
        let tab = (self.tab as isize + step).rem_euclid(tabs) as usize;
        self.enter_tab(tab);
        Cmd::None
    }

    /// After an answer: the next tab (Review after the last question), or submit when there
    /// is only one question.
    fn advance(&mut self) -> Cmd<Msg, Outcome, Host> {
        if !self.has_tabs() {
            return Cmd::Quit(Outcome::Submitted(self.result(false)));
        }
        self.enter_tab(self.tab + 1);
        Cmd::None
    }

    fn submit(&mut self) -> Cmd<Msg, Outcome, Host> {
        let all_answered = self.state.answered_count() == self.questions().len();
        if all_answered || self.review_warning {
            Cmd::Quit(Outcome::Submitted(self.result(false)))
        } else {
            self.review_warning = true;
            Cmd::None
        }
    }

    fn cancel(&mut self) -> Cmd<Msg, Outcome, Host> {
        Cmd::Quit(Outcome::Cancelled(self.result(true)))
    }

    fn apply(
        &mut self,
        transition: impl FnOnce(&AnswerState, &str) -> Result<AnswerState, question::StateError>,
        q: usize,
    ) -> bool {
        let id = self.questions()[q].id.clone();
        match transition(&self.state, &id) {
            Ok(state) => {
                self.state = state;
                true
            }
            Err(_) => false,
        }
    }

    /// Picks option `o` of the shown question: single/confirm select (and advance when
    /// `advance`), multi toggles.
    fn pick(&mut self, q: usize, o: usize, advance: bool) -> Cmd<Msg, Outcome, Host> {
        let question = &self.questions()[q];
        let value = question.options[o].value.clone();
        let multi = question.kind == QuestionType::Multi;
        let ok = if multi {
            self.apply(|s, id| s.toggle(id, &value), q)
        } else {
            self.apply(|s, id| s.select(id, &value), q)
        };
        if !ok {
            return Cmd::Bell;
        }
        if advance && !multi {
            self.advance()
        } else {
            Cmd::None
        }
    }

    /// Enter or Space on the focused list row.
    fn activate_row(&mut self, advance: bool) -> Cmd<Msg, Outcome, Host> {
        let Some((q, question)) = self.question() else {
            return self.activate_review();
        };
        if question.kind == QuestionType::Text {
            return Cmd::None;
        }
        let cursor = self.cursors[q];
        let options = question.options.len();
        let multi = question.kind == QuestionType::Multi;
        if cursor >= options {
            if !question.allows_custom_text() {
                return Cmd::Bell;
            }
            self.editor = Some(Target::FreeText(q));
            return Cmd::None;
        }
        if multi && advance {
            return self.advance();
        }
        self.pick(q, cursor, advance)
    }

    fn activate_review(&mut self) -> Cmd<Msg, Outcome, Host> {
        let n = self.questions().len();
        match self.review_cursor {
            row if row < n => {
                self.enter_tab(row);
                Cmd::None
            }
            row if row == n => self.submit(),
            _ => self.cancel(),
        }
    }

    fn save_editor(&mut self) -> Cmd<Msg, Outcome, Host> {
        let Some(target) = self.open_editor() else {
            return Cmd::None;
        };
        let text = self.draft(target).text().to_string();
        let q = target.question();
        let ok = match target {
            Target::FreeText(_) => self.apply(|s, id| s.set_custom_text(id, &text), q),
            Target::QuestionNote(_) => self.apply(|s, id| s.set_question_note(id, &text), q),
            Target::OptionNote(_, o) => {
                let value = self.questions()[q].options[o].value.clone();
                self.apply(|s, id| s.set_option_note(id, &value, &text), q)
            }
        };
        if !ok {
            return Cmd::Bell;
        }
        self.drafts.remove(&target);
        self.editor = None;
        let kind = self.questions()[q].kind;
        let blank = text.trim().is_empty();
        match target {
            // Free text answers like a pick: single and text advance, multi stays.
            Target::FreeText(_) if !blank && kind != QuestionType::Multi => self.advance(),
            // A blank text answer is a skip and moves on, as a blank input does in the dialog
            // fallback; alone it stays, so an empty Enter never submits by accident.
            Target::FreeText(_) if kind == QuestionType::Text && self.has_tabs() => self.advance(),
            _ => Cmd::None,
        }
    }

    fn move_cursor(&mut self, to: impl FnOnce(usize, usize) -> usize) -> Cmd<Msg, Outcome, Host> {
        match self.question() {
            None => {
                let rows = self.questions().len() + 2;
                self.review_cursor = to(self.review_cursor, rows).min(rows - 1);
            }
            Some((q, _)) => {
                let rows = self.item_count(q);
                if rows == 0 {
                    return Cmd::None;
                }
                let next = to(self.cursors[q], rows).min(rows - 1);
                if next != self.cursors[q] {
                    self.preview_scroll = 0;
                }
                self.cursors[q] = next;
            }
        }
        Cmd::None
    }

    /// After every change: renders the focused preview if it is shown and still pending, brings offsets
    /// and scroll positions back inside what the layout can show, and draws the frame.
    fn settle(&mut self) {
        let previews_shown = self.measured.geometry.wide || self.previews_expanded;
        if let Some((q, _)) = self.question()
            && previews_shown
        {
            // Rows from the scroll position to a panel below it, and one more.
            let rows = (self.preview_scroll, self.measured.height + 1);
            self.measured.ensure_preview(
                self.state.questionnaire(),
                (q, self.cursors[q]),
                rows,
                &mut self.markdown,
            );
        }
        if let Some(target) = self.open_editor() {
            let width = self.editor_width();
            if let Some(draft) = self.drafts.get_mut(&target) {
                draft.lay_out(width);
            }
        }
        let plan = self.plan();
        self.context_scroll = plan.context_scroll;
        self.preview_scroll = plan.preview_scroll;
        match self.question() {
            Some((q, _)) => self.list_offsets[q] = plan.list.start,
            None => self.review_offset = plan.review.start,
        }
        self.frame = self.draw(&plan).into();
    }
}

impl Program for App {
    type Msg = Msg;
    type Output = Outcome;
    type Host = Host;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, Outcome, Host> {
        let cmd = self.handle(msg);
        self.settle();
        cmd
    }

    fn view(&self) -> iocraft::AnyElement<'static> {
        tea::rows::rows_shared(self.frame.clone(), self.size.width)
    }

    fn msg_for(&self, event: &Event) -> Option<Msg> {
        if let Event::Resize { rows, cols } = event {
            let size = Size::new(
                (*cols).min(u16::MAX as u32) as u16,
                (*rows).min(u16::MAX as u32) as u16,
            );
            return Some(Msg::Resized(size));
        }
        keymap::msg_for(self.mode(), event)
    }

    fn resized(&self, size: Size) -> Msg {
        Msg::Resized(size)
    }
}

impl App {
    fn handle(&mut self, msg: Msg) -> Cmd<Msg, Outcome, Host> {
        if self.collapsed && !matches!(msg, Msg::ToggleCollapse | Msg::Resized(_)) {
            // While docked, input belongs to the host.
            return Cmd::None;
        }
        match msg {
            Msg::NextTab => self.switch_tab(1),
            Msg::PrevTab => self.switch_tab(-1),
            Msg::MoveUp => self.move_cursor(|c, _| c.saturating_sub(1)),
            Msg::MoveDown => self.move_cursor(|c, _| c + 1),
            Msg::MoveFirst => self.move_cursor(|_, _| 0),
            Msg::MoveLast => self.move_cursor(|_, rows| rows - 1),
            Msg::PickNumber(n) => {
                let Some((q, question)) = self.question() else {
                    return Cmd::None;
                };
                let index = usize::from(n).wrapping_sub(1);
                if question.kind == QuestionType::Text || index >= self.item_count(q) {
                    return Cmd::Bell;
                }
                let options = question.options.len();
                self.move_cursor(|_, _| index);
                if index >= options {
                    self.editor = Some(Target::FreeText(q));
                    return Cmd::None;
                }
                self.pick(q, index, true)
            }
            Msg::Activate => self.activate_row(true),
            Msg::SelectWithoutAdvance => self.activate_row(false),
            Msg::OpenOptionNote => match self.question() {
                Some((q, question))
                    if question.kind != QuestionType::Text
                        && self.cursors[q] < question.options.len() =>
                {
                    self.editor = Some(Target::OptionNote(q, self.cursors[q]));
                    Cmd::None
                }
                _ => Cmd::Bell,
            },
            Msg::OpenQuestionNote => match self.question() {
                Some((q, question)) if question.kind != QuestionType::Text => {
                    self.editor = Some(Target::QuestionNote(q));
                    Cmd::None
                }
                _ => Cmd::Bell,
            },
            Msg::Clear => match self.question() {
                Some((q, _)) => {
                    if self.apply(|s, id| s.mark_skipped(id), q) {
                        Cmd::None
                    } else {
                        Cmd::Bell
                    }
                }
                None => Cmd::None,
            },
            Msg::TogglePreview => {
                if self.measured.geometry.wide {
                    return Cmd::None;
                }
                self.previews_expanded = !self.previews_expanded;
                self.preview_scroll = 0;
                self.remeasure();
                Cmd::None
            }
            Msg::ScrollPreview(rows) => {
                self.preview_scroll = offset(self.preview_scroll, rows as isize);
                Cmd::None
            }
            Msg::PagePreview(pages) => {
                let page = (self.plan().preview_body / 2).max(1) as isize;
                self.preview_scroll = offset(self.preview_scroll, pages as isize * page);
                Cmd::None
            }
            Msg::ScrollContext(rows) => {
                self.context_scroll = offset(self.context_scroll, rows as isize);
                Cmd::None
            }
            Msg::ToggleCollapse => {
                self.collapsed = !self.collapsed;
                if self.collapsed {
                    Cmd::Host(Host::Collapse)
                } else {
                    Cmd::Host(Host::Expand)
                }
            }
            Msg::Cancel => self.cancel(),
            Msg::Edit(edit) => self.edit(edit),
            Msg::SaveEditor => self.save_editor(),
            Msg::LeaveEditor => {
                self.editor = None;
                Cmd::None
            }
            Msg::Resized(size) => {
                if size != self.size {
                    self.size = size;
                    self.remeasure();
                }
                Cmd::None
            }
        }
    }
}

fn offset(value: usize, by: isize) -> usize {
    (value as isize).saturating_add(by).max(0) as usize
}

// ---------------------------------------------------------------------------------------------
// View
// ---------------------------------------------------------------------------------------------

/// What the shown tab gets of the panel's rows (see the priorities in SPEC §6), plus the
/// scroll positions clamped to it.
#[derive(Debug, Clone, Default)]
struct Plan {
    framed: bool,
    tabs: usize,
    tabs_divider: usize,
    context: usize,
    context_divider: usize,
    context_scroll: usize,
    prompt: usize,
    list: Window,
    editor: usize,
    /// Narrow: rows below the list (the "▸ Preview" row, or header and body when expanded).
    preview: usize,
    preview_scroll: usize,
    /// Body rows of the shown preview (for half-page scrolling).
    preview_body: usize,
    /// Rows of the shown preview known so far (0 when none is shown).
    preview_len: usize,
    filler: usize,
    footer_divider: usize,
    footer: usize,
    // Review
    heading: usize,
    review: Window,
    actions: usize,
    warning: usize,
}

/// The preview of one list row: its rendered text plus, when noted, the note. Long text is
/// rendered only as far as the scroll position and a panel below it.
struct PreviewDoc<'a> {
    base: &'a Preview,
    extra: Vec<Line>,
    /// Whether `extra` is all of the note or free text.
    extra_complete: bool,
}

static NO_PREVIEW: Preview = Preview::Empty;

impl PreviewDoc<'_> {
    /// Rows known so far: all of them when [`PreviewDoc::is_complete`].
    fn len(&self) -> usize {
        self.base.len() + self.extra.len()
    }
    fn is_complete(&self) -> bool {
        self.base.is_complete() && self.extra_complete
    }
    fn rows(&self, start: usize, count: usize) -> impl Iterator<Item = &Line> {
        let base = self.base.len();
        let extra_start = start.saturating_sub(base);
        self.base
            .rows(start, count)
            .chain(self.extra.iter().skip(extra_start))
            .take(count)
    }
}

impl App {
    fn layout_of(&self, q: usize) -> &QuestionLayout {
        &self.measured.questions[q]
    }

    /// Whether row `i` of question `q` has something to preview.
    fn previewable(&self, q: usize, i: usize) -> bool {
        let question = &self.questions()[q];
        i < question.options.len()
            && (self.layout_of(q).previews[i].has_content() || self.option_note(q, i).is_some())
    }

    fn option_note(&self, q: usize, i: usize) -> Option<&str> {
        let value = &self.questions()[q].options.get(i)?.value;
        self.answer(q)?.option_note(value)
    }

    fn preview_doc(&self, q: usize, i: usize) -> PreviewDoc<'_> {
        let preview_width = self.measured.geometry.preview;
        let muted = Style::fg(Slot::Muted);
        let question = &self.questions()[q];
        // Rows a preview may show: from the scroll position to a panel below it, and one more
        // to tell whether more follow.
        let wanted = self.preview_scroll + self.measured.height + 1;
        if i >= question.options.len() {
            let mut extra = vec![Line::styled(self.label(Label::TypeOwn), muted.clone())];
            extra.push(Line::default());
            let mut extra_complete = true;
            match self.live_text(Target::FreeText(q)) {
                Some(text) => {
                    let head = wrap_head(text, preview_width, wanted);
                    extra_complete = head.complete;
                    extra.extend(
                        head.rows
                            .into_iter()
                            .map(|row| Line::styled(row, Style::fg(Slot::Text))),
                    );
                }
                None => extra.push(Line::styled(self.label(Label::NoTextYet), muted)),
            }
            return PreviewDoc {
                base: &NO_PREVIEW,
                extra,
                extra_complete,
            };
        }
        let base = &self.layout_of(q).previews[i];
        let mut extra = Vec::new();
        let mut extra_complete = true;
        if let Some(note) = self.live_text(Target::OptionNote(q, i))
            && base.is_complete()
        {
            if base.len() > 0 {
                extra.push(Line::default());
            }
            let lead = format!("✎ {}: ", self.label(Label::Note));
            let rows = wanted.saturating_sub(base.len() + 1);
            let head = wrap_head_after(&lead, note, preview_width, rows);
            extra_complete = head.complete;
            extra.extend(
                head.rows
                    .into_iter()
                    .map(|row| Line::styled(row, Style::fg(Slot::Accent))),
            );
        }
        if base.len() == 0 && base.is_complete() && extra.is_empty() {
            extra.push(Line::styled(self.label(Label::NoDescription), muted));
        }
        PreviewDoc {
            base,
            extra,
            extra_complete,
        }
    }

    /// What a preview shows for `target`: the draft while its editor is open (so the preview
    /// follows the typing), else the saved text; `None` when blank.
    fn live_text(&self, target: Target) -> Option<&str> {
        let text = match self.drafts.get(&target) {
            Some(draft) if self.open_editor() == Some(target) => draft.text(),
            _ => self.saved_text(target),
        };
        Some(text).filter(|t| !t.trim().is_empty())
    }

    fn editor_text_rows(&self, target: Target) -> usize {
        let rows = self.draft(target).row_count(self.editor_width());
        let reserved = if self.questions()[target.question()].kind == QuestionType::Text {
            layout::ANSWER_EDITOR_ROWS
        } else {
            layout::NOTE_EDITOR_ROWS
        };
        rows.clamp(reserved, layout::EDITOR_MAX_ROWS.max(reserved))
    }

    fn plan(&self) -> Plan {
        let height = self.measured.height;
        let framed = self.measured.framed();
        let mut budget = Budget::new(height.saturating_sub(if framed { 2 } else { 0 }));
        let mut plan = Plan {
            framed,
            ..Plan::default()
        };
        let Some((q, _)) = self.question() else {
            return self.plan_review(plan, budget);
        };
        let m = self.layout_of(q);
        let geometry = &self.measured.geometry;
        let editor = self.open_editor();
        let heights: Vec<usize> = m.items.iter().map(layout::ItemRows::height).collect();
        let cursor = self.cursors[q];
        // 1. The focused option's label: all of it while it takes at most half the panel
        // (and at least its first two rows); the rest of a very long one comes with the list.
        let selected = match m.items.get(cursor) {
            Some(item) => {
                let cap = (budget.left() / 2).max(layout::SELECTED_LABEL_ROWS);
                budget.take(item.label.len().min(cap))
            }
            None => 0,
        };
        // 2. The editor's borders and cursor row.
        let editor_min = if editor.is_some() { budget.take(3) } else { 0 };
        // Then the frame's own rows, the prompt and a little context.
        plan.tabs = if self.has_tabs() { budget.take(1) } else { 0 };
        plan.footer = budget.take(1);
        plan.prompt = budget.take(m.prompt.len().min(layout::PROMPT_MAX_ROWS));
        let context_rows = context_need(m.context.len());
        plan.context = budget.take(context_rows.min(layout::CONTEXT_KEPT_ROWS));
        let narrow = !geometry.wide;
        let previewable = self.previewable(q, cursor);
        let expanded = narrow && self.previews_expanded && editor.is_none() && previewable;
        let doc_len = if expanded || (geometry.wide && !heights.is_empty()) {
            self.preview_doc(q, cursor).len()
        } else {
            0
        };
        if expanded {
            plan.preview = budget.take(1 + layout::PREVIEW_PREFERRED_ROWS.min(doc_len));
        }
        // The rest of the list, windowed by whole items.
        if !heights.is_empty() {
            let list_budget = selected + budget.left();
            plan.list = window(&heights, cursor, self.list_offsets[q], list_budget);
            budget.take(plan.list.rows.saturating_sub(selected));
        }
        if narrow && !self.previews_expanded && editor.is_none() && previewable {
            plan.preview = budget.take(1);
        }
        if let Some(target) = editor {
            let want = 2 + self.editor_text_rows(target);
            plan.editor = editor_min + budget.take(want.saturating_sub(editor_min));
        }
        plan.context += budget.take(context_rows - plan.context);
        if expanded {
            plan.preview += budget.take((1 + doc_len).saturating_sub(plan.preview));
        }
        if plan.tabs > 0 {
            plan.tabs_divider = budget.take(1);
        }
        if plan.context > 0 {
            plan.context_divider = budget.take(1);
        }
        if plan.footer > 0 {
            plan.footer_divider = budget.take(1);
        }
        plan.filler = budget.left();
        plan.context_scroll = self
            .context_scroll
            .min(layout::context_max_scroll(m.context.len(), plan.context));
        plan.preview_body = if expanded {
            plan.preview.saturating_sub(1)
        } else if geometry.wide && !heights.is_empty() {
            (plan.list.rows + plan.editor + plan.filler).saturating_sub(1)
        } else {
            0
        };
        plan.preview_scroll = self
            .preview_scroll
            .min(doc_len.saturating_sub(plan.preview_body));
        plan.preview_len = doc_len;
        plan
    }

    fn plan_review(&self, mut plan: Plan, mut budget: Budget) -> Plan {
        let n = self.questions().len();
        plan.actions = budget.take(2);
        if self.review_warning {
            plan.warning = budget.take(self.measured.warning.len());
        }
        plan.tabs = budget.take(1);
        plan.footer = budget.take(1);
        plan.heading = budget.take(1);
        let focus = if self.review_cursor < n {
            self.review_cursor
        } else {
            self.review_offset.min(n.saturating_sub(1))
        };
        plan.review = window(&vec![1; n], focus, self.review_offset, budget.left());
        budget.take(plan.review.rows);
        if plan.tabs > 0 {
            plan.tabs_divider = budget.take(1);
        }
        if plan.footer > 0 {
            plan.footer_divider = budget.take(1);
        }
        plan.filler = budget.left();
        plan
    }

    fn title(&self) -> String {
        let questionnaire = self.state.questionnaire();
        let columns = self.size.width.into();
        match (&questionnaire.title, questionnaire.questions.as_slice()) {
            (Some(title), _) => line_head(title, columns),
            (None, [only]) => line_head(&only.header, columns),
            _ => self.label(Label::AskUser),
        }
    }

    fn hint_context(&self, plan: &Plan) -> HintContext {
        let mut ctx = HintContext {
            tabs: self.has_tabs(),
            ..HintContext::default()
        };
        if let Some((q, question)) = self.question() {
            let cursor = self.cursors[q];
            let m = self.layout_of(q);
            ctx.multi = question.kind == QuestionType::Multi;
            ctx.on_option = cursor < question.options.len();
            ctx.narrow_preview = !self.measured.geometry.wide && self.previewable(q, cursor);
            ctx.context_scrolls = m.context.len() > plan.context;
            ctx.preview_scrolls = plan.preview_body > 0 && plan.preview_len > plan.preview_body;
        }
        ctx
    }

    /// The frame as pre-laid-out rows: the dock line while collapsed, else exactly
    /// [`App::height`] rows, none wider than the terminal.
    pub fn lines(&self) -> Vec<Line> {
        self.frame.to_vec()
    }

    fn draw(&self, plan: &Plan) -> Vec<Line> {
        let width = self.size.width as usize;
        if self.collapsed {
            return vec![self.dock_line(self.size.width)];
        }
        if self.measured.height == 0 || width == 0 {
            return vec![Line::default(); self.measured.height];
        }
        let geometry = self.measured.geometry;
        let inner = if plan.framed { geometry.inner } else { width };
        let mut rows: Vec<Row> = Vec::with_capacity(self.measured.height);
        if plan.tabs > 0 {
            rows.push(Row::Content(self.tab_bar(inner)));
        }
        if plan.tabs_divider > 0 {
            rows.push(Row::Divider);
        }
        match self.question() {
            Some((q, _)) => self.question_rows(q, plan, inner, &mut rows),
            None => self.review_rows(plan, inner, &mut rows),
        }
        if plan.footer_divider > 0 {
            rows.push(Row::Divider);
        }
        if plan.footer > 0 {
            let ctx = self.hint_context(plan);
            let labels = &self.state.questionnaire().labels;
            rows.push(Row::Content(keymap::footer(
                self.mode(),
                &ctx,
                labels,
                inner,
            )));
        }
        frame(&self.title(), rows, &geometry, plan.framed)
    }

    fn question_rows(&self, q: usize, plan: &Plan, inner: usize, rows: &mut Vec<Row>) {
        let m = self.layout_of(q);
        let geometry = self.measured.geometry;
        if plan.context > 0 {
            let (context, _) = context_viewport(
                &m.context,
                plan.context_scroll,
                plan.context,
                &self.label(Label::More),
            );
            rows.extend(context.into_iter().map(Row::Content));
        }
        if plan.context_divider > 0 {
            rows.push(Row::Divider);
        }
        rows.extend(
            prompt_lines(&m.prompt, plan.prompt, inner)
                .into_iter()
                .map(Row::Content),
        );
        let wide = geometry.wide && !m.items.is_empty();
        let column = if wide { geometry.list } else { inner };
        let mut body: Vec<Line> = Vec::new();
        self.list_rows(q, plan.list, column, &mut body);
        if plan.editor > 0
            && let Some(target) = self.open_editor()
        {
            let editor_width = if wide { geometry.list } else { inner };
            self.editor_rows(target, plan.editor, editor_width, &mut body);
        }
        if !wide && plan.preview > 0 {
            self.narrow_preview_rows(q, plan, inner, &mut body);
        }
        body.extend(std::iter::repeat_n(Line::default(), plan.filler));
        if wide {
            let pane = self.preview_pane(q, plan, body.len(), geometry.preview);
            for (left, right) in body.into_iter().zip(pane) {
                rows.push(Row::Content(side_by_side(
                    left,
                    right,
                    geometry.list,
                    geometry.preview,
                )));
            }
        } else {
            rows.extend(body.into_iter().map(Row::Content));
        }
    }

    fn list_rows(&self, q: usize, list: Window, column: usize, out: &mut Vec<Line>) {
        let question = &self.questions()[q];
        let m = self.layout_of(q);
        let answer = self.answer(q);
        let cursor = self.cursors[q];
        let marks = m.marks;
        let hang = " ".repeat(marks.hang());
        let start = out.len();
        for i in list.start..list.end {
            let item = &m.items[i];
            let focused = i == cursor;
            let is_option = i < question.options.len();
            let picked = match (is_option, answer) {
                (true, Some(a)) => a.is_picked(&question.options[i].value),
                (false, Some(a)) => a.custom_text.is_some(),
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
                if is_option && question.options[i].recommended {
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
            if is_option {
                first.push(Span::styled(item.label[0].clone(), label_style.clone()));
                if self.option_note(q, i).is_some() && first.width() + 2 <= column {
                    first.push(Span::styled(" ✎", Style::fg(Slot::Accent)));
                }
                out.push(first);
                for row in &item.label[1..] {
                    out.push(Line::new(vec![
                        Span::plain(hang.clone()),
                        Span::styled(row.clone(), label_style.clone()),
                    ]));
                }
                for row in &item.description {
                    out.push(Line::new(vec![
                        Span::plain(hang.clone()),
                        Span::styled(row.clone(), Style::fg(Slot::Muted)),
                    ]));
                }
            } else {
                let room = column.saturating_sub(marks.hang());
                match answer.and_then(|a| a.custom_text.as_deref()) {
                    Some(text) => first.push(Span::styled(
                        truncate(&format!("“{}”", line_head(text, room)), room),
                        label_style,
                    )),
                    None => first.push(Span::styled(
                        truncate(&item.label[0], room),
                        if focused {
                            label_style
                        } else {
                            Style::fg(Slot::Muted).italic()
                        },
                    )),
                }
                out.push(first);
            }
        }
        // A focused item taller than the window is cut, and says so.
        let full = out.len() - start;
        out.truncate(start + list.rows);
        if list.rows < full
            && let Some(last) = out.last_mut()
        {
            // A row with room left gets the mark appended; a full row is cut short and
            // `truncate_line` ends it with the mark.
            if last.width() < column {
                let style = last
                    .spans
                    .last()
                    .map(|s| s.style.clone())
                    .unwrap_or_default();
                last.push(Span::styled("…", style));
            } else {
                *last = truncate_line(last, column.saturating_sub(1));
            }
        }
        for line in &mut out[start..] {
            if line.width() > column {
                *line = truncate_line(line, column);
            }
        }
    }

    fn editor_label(&self, target: Target) -> String {
        match target {
            Target::FreeText(_) => self.label(Label::YourAnswer),
            Target::QuestionNote(_) => self.label(Label::NoteForQuestion),
            Target::OptionNote(q, o) => format!(
                "{} “{}”",
                self.label(Label::NoteFor),
                line_head(
                    &self.questions()[q].options[o].label,
                    self.size.width.into()
                )
            ),
        }
    }

    fn editor_rows(&self, target: Target, rows: usize, width: usize, out: &mut Vec<Line>) {
        let draft = self.draft(target);
        let border = Style::fg(Slot::BorderAccent);
        let text_rows = if rows >= 3 { rows - 2 } else { 1 };
        let mut text = draft.view(width, text_rows, true);
        text.resize(text_rows, Line::default());
        match rows {
            0 => {}
            1 => out.extend(text),
            2 => {
                out.push(rule(&self.editor_label(target), width, border));
                out.extend(text);
            }
            _ => {
                out.push(rule(&self.editor_label(target), width, border.clone()));
                out.extend(text);
                out.push(rule("", width, border));
            }
        }
    }

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

    /// "3–9/20  ↑ 2 more  ↓ 11 more" for a preview scrolled to `scroll` with `body` rows; a
    /// long preview not rendered to its end yet counts the rows so far: "3–9/120+ … ↓ 111+ more".
    fn preview_range(&self, scroll: usize, body: usize, doc: &PreviewDoc) -> Line {
        let len = doc.len();
        if len <= body || body == 0 {
            return Line::default();
        }
        let last = (scroll + body).min(len);
        let more = self.label(Label::More);
        let (total, below) = if doc.is_complete() {
            (len.to_string(), counter_text(scroll, len - last, &more))
        } else {
            let above = counter_text(scroll, 0, &more);
            let below = format!("↓ {}+ {more}", len - last);
            let both = [above, below].join("  ");
            (format!("{len}+"), both.trim_start().to_string())
        };
        Line::styled(
            format!("{}–{}/{}  {}", scroll + 1, last, total, below),
            Style::fg(Slot::Muted),
        )
    }

    fn narrow_preview_rows(&self, q: usize, plan: &Plan, inner: usize, out: &mut Vec<Line>) {
        let cursor = self.cursors[q];
        let key = Span::styled(" · p", Style::fg(Slot::Muted));
        let mut header = Line::styled(
            if self.previews_expanded {
                "▾ "
            } else {
                "▸ "
            },
            Style::fg(Slot::Accent),
        );
        header.spans.extend(self.preview_title(q, cursor).spans);
        header.push(key);
        if !self.previews_expanded || plan.preview == 1 {
            out.push(truncate_line(&header, inner));
            return;
        }
        let doc = self.preview_doc(q, cursor);
        let body = plan.preview - 1;
        let range = self.preview_range(plan.preview_scroll, body, &doc);
        out.push(spread(header, range, inner));
        let indent = " ".repeat(layout::NARROW_PREVIEW_INDENT.min(inner));
        let mut shown = 0;
        for line in doc.rows(plan.preview_scroll, body) {
            let mut row = Line::plain(indent.clone());
            row.spans.extend(line.spans.iter().cloned());
            row.bg = line.bg;
            out.push(truncate_line(&row, inner));
            shown += 1;
        }
        out.extend(std::iter::repeat_n(Line::default(), body - shown));
    }

    fn preview_pane(&self, q: usize, plan: &Plan, rows: usize, pane: usize) -> Vec<Line> {
        let cursor = self.cursors[q];
        let doc = self.preview_doc(q, cursor);
        let body = rows.saturating_sub(1);
        let mut out = Vec::with_capacity(rows);
        if rows == 0 {
            return out;
        }
        let range = self.preview_range(plan.preview_scroll, body, &doc);
        out.push(spread(self.preview_title(q, cursor), range, pane));
        out.extend(doc.rows(plan.preview_scroll, body).cloned());
        out.resize(rows, Line::default());
        out
    }

    fn tab_bar(&self, inner: usize) -> Line {
        let questions = self.questions();
        let active = Style::fg(Slot::Accent).bold().reverse();
        let mut chips: Vec<Line> = questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let answered = self.state.is_answered(&q.id);
                let (mark, mark_style) = if answered {
                    ("✓", Style::fg(Slot::Success))
                } else {
                    ("○", Style::fg(Slot::Muted))
                };
                let header = truncate(&line_head(&q.header, 24), 24);
                if i == self.tab {
                    Line::styled(format!(" {mark} {header} "), active.clone())
                } else {
                    Line::new(vec![
                        Span::plain(" "),
                        Span::styled(mark, mark_style),
                        Span::styled(format!(" {header} "), Style::fg(Slot::Text)),
                    ])
                }
            })
            .collect();
        let review = format!(" {} ", self.label(Label::Review));
        chips.push(if self.tab == questions.len() {
            Line::styled(review, active)
        } else {
            Line::styled(review, Style::fg(Slot::Text))
        });
        let progress = Line::styled(
            format!(
                "{}/{} {}",
                self.state.answered_count(),
                questions.len(),
                self.label(Label::Answered)
            ),
            Style::fg(Slot::Muted),
        );
        let all: usize = chips.iter().map(Line::width).sum();
        if all <= inner {
            let mut bar = Line::default();
            for chip in chips {
                bar.spans.extend(chip.spans);
            }
            return spread(bar, progress, inner);
        }
        // Too many tabs: a window around the active one, with ‹ › where tabs are hidden.
        let widths: Vec<usize> = chips.iter().map(Line::width).collect();
        // Chips carry their own padding, so a one-column marker on each side is enough.
        let room = inner.saturating_sub(2);
        let (mut start, mut end) = (self.tab, self.tab + 1);
        let mut used = widths[self.tab];
        loop {
            let mut grew = false;
            if end < chips.len() && used + widths[end] <= room {
                used += widths[end];
                end += 1;
                grew = true;
            }
            if start > 0 && used + widths[start - 1] <= room {
                start -= 1;
                used += widths[start];
                grew = true;
            }
            if !grew {
                break;
            }
        }
        let muted = Style::fg(Slot::Muted);
        let mut bar = Line::default();
        if start > 0 {
            bar.push(Span::styled("‹", muted.clone()));
        }
        for chip in chips.drain(start..end) {
            bar.spans.extend(chip.spans);
        }
        if end < questions.len() + 1 {
            bar.push(Span::styled("›", muted));
        }
        truncate_line(&bar, inner)
    }

    fn review_rows(&self, plan: &Plan, inner: usize, rows: &mut Vec<Row>) {
        let questions = self.questions();
        let n = questions.len();
        let accent = Style::fg(Slot::Accent).bold();
        if plan.heading > 0 {
            rows.push(Row::Content(Line::styled(
                self.label(Label::ReviewHeading),
                Style::fg(Slot::Text).bold(),
            )));
        }
        let header_width = questions
            .iter()
            .map(|q| width(&line_head(&q.header, inner)))
            .max()
            .unwrap_or(0)
            .min(inner / 3);
        let shown = questions.iter().enumerate();
        for (i, q) in shown.take(plan.review.end).skip(plan.review.start) {
            let focused = self.review_cursor == i;
            let mut line = Line::styled(if focused { "› " } else { "  " }, accent.clone());
            let answer = self.state.answer(&q.id);
            let answered = answer.is_some_and(Answer::is_answered);
            line.push(if answered {
                Span::styled("✓ ", Style::fg(Slot::Success))
            } else {
                Span::styled("○ ", Style::fg(Slot::Muted))
            });
            let header = truncate(&line_head(&q.header, inner), header_width);
            let pad = header_width.saturating_sub(width(&header));
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
                        self.label(Label::Unanswered),
                        Style::fg(Slot::Warning),
                    ));
                    if q.required {
                        line.push(Span::styled(" · ", Style::fg(Slot::Muted)));
                        line.push(Span::styled(
                            self.label(Label::Required),
                            Style::fg(Slot::Error),
                        ));
                    }
                }
            }
            if answer.is_some_and(|a| a.note.is_some() || !a.option_notes.is_empty()) {
                line.push(Span::styled(" ✎", Style::fg(Slot::Accent)));
            }
            rows.push(Row::Content(truncate_line(&line, inner)));
        }
        let actions = [(n, Label::Submit), (n + 1, Label::Cancel)];
        for &(row, label) in actions.iter().take(plan.actions) {
            let focused = self.review_cursor == row;
            let mut line = Line::styled(if focused { "› " } else { "  " }, accent.clone());
            line.push(Span::styled(
                self.label(label),
                if focused {
                    accent.clone()
                } else {
                    Style::fg(Slot::Text)
                },
            ));
            rows.push(Row::Content(truncate_line(&line, inner)));
        }
        for row in self.measured.warning.iter().take(plan.warning) {
            rows.push(Row::Content(truncate_line(
                &Line::styled(row.clone(), Style::fg(Slot::Warning)),
                inner,
            )));
        }
        for _ in 0..plan.filler {
            rows.push(Row::Content(Line::default()));
        }
    }

    /// The one-line dock shown while collapsed:
    /// "Question · Approach · 1/3 answered · ctrl+] expand".
    pub fn dock_line(&self, width: u16) -> Line {
        let questions = self.questions();
        let columns = usize::from(width);
        let header = match questions.get(self.tab) {
            Some(q) => line_head(&q.header, columns),
            None => self.label(Label::Review),
        };
        let muted = Style::fg(Slot::Muted);
        let title = match &self.state.questionnaire().title {
            Some(title) => line_head(title, columns),
            None => self.label(Label::AskUser),
        };
        let line = Line::new(vec![
            Span::styled("◆ ", Style::fg(Slot::Accent)),
            Span::styled(title, Style::fg(Slot::Accent).bold()),
            Span::styled(" · ", muted.clone()),
            Span::styled(header, Style::fg(Slot::Text)),
            Span::styled(
                format!(
                    " · {}/{} {} · ",
                    self.state.answered_count(),
                    questions.len(),
                    self.label(Label::Answered)
                ),
                muted.clone(),
            ),
            Span::styled("ctrl+]", muted.clone().bold()),
            Span::styled(format!(" {}", self.label(Label::Expand)), muted),
        ]);
        truncate_line(&line, width as usize)
    }
}

/// "Safe approach, Fast path; “typed text”" for the Review tab, as far as `columns` show.
fn summary(q: &Question, a: &Answer, columns: usize) -> String {
    let mut parts: Vec<String> = a
        .picks
        .iter()
        .filter_map(|value| q.option(value))
        .map(|o| line_head(&o.label, columns))
        .collect();
    if let Some(text) = &a.custom_text {
        parts.push(format!("“{}”", line_head(text, columns)));
    }
    parts.join(", ")
}
