//! `update`: a message changes the model and returns effects ([`Cmd`]); then
//! [`App::fit`] renders what the next frame will show (a pending preview, the draft's rows),
//! plans the rows and clamps scroll positions to the plan. Nothing here draws.

use std::time::Duration;

use question::{AnswerState, ResultOptions, StateError};
use tea::components::filter::{FilterMsg, FilterState, Filtered};
use tea::components::textarea::{TextArea, TextAreaMsg};
use tea::exec::Exec;
use tea::input::{Event, Keyboard};
use tea::{Cmd, Program, Size, Subs, Task};
use tea_markdown::Code;

use crate::keymap::Mode;
use crate::kind::Traits;
use crate::layout::{self, FilterInput, Plan, PlanInput, QuestionInput, ReviewInput, TabInput};
use crate::model::{App, ListFilter, Target};
use crate::msg::{Host, Msg, Outcome};
use crate::typing::pressed;

type Effect = Cmd<Msg, Outcome, Host>;

/// The countdown moves by whole seconds, as it is shown.
const TICK: Duration = Duration::from_secs(1);

impl Program for App {
    type Msg = Msg;
    type Output = Outcome;
    type Host = Host;

    fn update(&mut self, msg: Msg) -> Effect {
        let cmd = self.handle(msg);
        self.fit();
        cmd
    }

    /// With code drawn plain at first ([`App::highlighting_later`]): compiles its grammars on
    /// tasks, one batch after the other, so the first frame does not wait for them.
    fn init(&self) -> Effect {
        if self.uncompiled.is_empty() {
            return Cmd::None;
        }
        Cmd::Sequence(self.uncompiled.iter().cloned().map(compile_code).collect())
    }

    fn view(&self) -> tea::View<'_> {
        self.view_tree()
    }

    fn msg_for(&self, event: &Event) -> Option<Msg> {
        if let Event::Resize { rows, cols } = event {
            let size = Size::new(
                (*cols).min(u16::MAX as u32) as u16,
                (*rows).min(u16::MAX as u32) as u16,
            );
            return Some(Msg::Resized(size));
        }
        if self.holds_off(event) {
            return Some(Msg::TypedAfterSave);
        }
        let msg = self.keys.msg_for(self.mode(), event);
        // Any key the person presses stops the countdown, also one that does nothing here.
        // Resizes, focus changes and the mouse do not: they come without anyone answering.
        // Docked, keys belong to the host and stay unclaimed.
        if msg.is_none() && pressed(event) && self.countdown.is_some() && !self.collapsed {
            return Some(Msg::StopCountdown);
        }
        msg
    }

    fn subscriptions(&self) -> Subs<Msg> {
        match self.countdown {
            // A limit that is not whole seconds ends on time: the last tick is the rest.
            Some(left) if !left.is_zero() => Subs::every("countdown", left.min(TICK), Msg::Tick),
            _ => Subs::none(),
        }
    }

    fn resized(&self, size: Size) -> Option<Msg> {
        Some(Msg::Resized(size))
    }

    fn keyboard(&self, keyboard: Keyboard) -> Option<Msg> {
        Some(Msg::KeyboardKnown(keyboard))
    }
}

impl App {
    fn handle(&mut self, msg: Msg) -> Effect {
        let from_host = matches!(
            msg,
            Msg::Tick
                | Msg::Resized(_)
                | Msg::CodeHighlighted
                | Msg::KeyboardKnown(_)
                | Msg::TypingPaused(_)
        );
        if !from_host && !matches!(msg, Msg::ExternalEdited(_)) {
            // A notice stays until the next key.
            self.notice = None;
        }
        let from_person = !from_host;
        if from_person {
            // Someone who is answering is never timed out.
            self.countdown = None;
        }
        if from_person && msg != Msg::Cancel {
            self.esc_armed = false;
        }
        if from_person && msg != Msg::TypedAfterSave {
            // A key that acts (not typing) shows the person is past the save.
            self.stop_holding_off();
        }
        let keeps_going = matches!(
            msg,
            Msg::ToggleCollapse
                | Msg::Resized(_)
                | Msg::ExternalEdited(_)
                | Msg::Tick
                | Msg::CodeHighlighted
                | Msg::KeyboardKnown(_)
                | Msg::TypingPaused(_)
        );
        if self.collapsed && !keeps_going {
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
            Msg::PickNumber(n) => self.pick_number(n),
            Msg::Activate => self.activate_row(true),
            Msg::SelectWithoutAdvance => self.activate_row(false),
            Msg::AnswerYesNo(yes) => self.answer_yes_no(yes),
            Msg::OpenFilter => self.open_filter(),
            Msg::Filter(msg) => self.filter(msg),
            Msg::AcceptFilter => self.accept_filter(),
            Msg::CloseFilter => {
                // The cursor stays on the match it was on.
                self.filter = None;
                Cmd::None
            }
            Msg::OpenOptionNote => match self.question() {
                Some((q, question))
                    if self.traits(q).takes_notes() && self.cursor(q) < question.options.len() =>
                {
                    self.editor = Some(Target::OptionNote(q, self.cursor(q)));
                    Cmd::None
                }
                _ => Cmd::Bell,
            },
            Msg::OpenQuestionNote => match self.question() {
                Some((q, _)) if self.traits(q).takes_notes() => {
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
                let page = (self.plan.preview_body / 2).max(1) as isize;
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
            Msg::Cancel => self.escape(),
            Msg::Edit(edit) => self.edit(edit),
            Msg::SaveEditor => self.save_editor(),
            Msg::LeaveEditor => {
                self.editor = None;
                Cmd::None
            }
            Msg::OpenExternalEditor => self.open_external_editor(),
            Msg::ExternalEdited(result) => self.external_edited(result),
            Msg::Resized(size) => {
                if size != self.size {
                    self.size = size;
                    self.remeasure();
                }
                Cmd::None
            }
            Msg::KeyboardKnown(keyboard) => {
                self.keyboard = Some(keyboard);
                Cmd::None
            }
            Msg::TypedAfterSave => self.typed_after_save(),
            Msg::TypingPaused(timer) => {
                if self.typing_after_save == Some(timer) {
                    self.stop_holding_off();
                }
                Cmd::None
            }
            Msg::Tick => self.tick(),
            Msg::StopCountdown => Cmd::None,
            Msg::CodeHighlighted => {
                // The first batch's code shows first; later batches compile ahead of their tabs.
                if !self.uncompiled.is_empty() {
                    self.uncompiled.clear();
                    self.markdown.set_code(Code::Highlighted);
                    // The same rows, colored: measured again as after a resize.
                    self.remeasure();
                }
                Cmd::None
            }
        }
    }

    /// A tick of the countdown; at zero the questionnaire ends as timed out with everything
    /// recorded so far (recommended options are never picked for the user).
    fn tick(&mut self) -> Effect {
        let Some(left) = self.countdown else {
            return Cmd::None;
        };
        let left = left.saturating_sub(left.min(TICK));
        self.countdown = Some(left);
        if left.is_zero() {
            let result = self.result_with(ResultOptions::timed_out());
            return Cmd::Quit(Outcome::TimedOut(result));
        }
        Cmd::None
    }

    /// After every change: renders the focused preview if it is shown and still pending, lays
    /// the open draft out at the editor's width, plans the rows and brings offsets and scroll
    /// positions back inside what the plan shows.
    pub(crate) fn fit(&mut self) {
        let previews_shown = self.measured.geometry.wide || self.previews_expanded;
        if let Some((q, _)) = self.question()
            && previews_shown
        {
            // Rows from the scroll position to a panel below it, and one more.
            let rows = (self.preview_scroll, self.measured.height + 1);
            self.measured.ensure_preview(
                self.state.questionnaire(),
                (q, self.cursor(q)),
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
        self.context_scroll = plan.text_scroll;
        self.preview_scroll = plan.preview_scroll;
        match (self.question().map(|(q, _)| q), self.filter.as_mut()) {
            (Some(q), Some(filter)) if filter.q == q => filter.offset = plan.list.start,
            (Some(q), _) => self.lists[q].offset = plan.list.start,
            (None, _) => self.review.offset = plan.review.start,
        }
        self.plan = plan;
    }

    /// The plan of the shown tab, from what it depends on in the model.
    fn plan(&self) -> Plan {
        let preview_len = || {
            self.question()
                .map_or(0, |(q, _)| self.preview_doc(q, self.cursor(q)).len())
        };
        let tab = match self.question() {
            Some((q, _)) => {
                let width = self.editor_width();
                TabInput::Question(QuestionInput {
                    layout: self.layout_of(q),
                    traits: self.traits(q),
                    list: self.lists[q],
                    draft_rows: self
                        .open_editor()
                        .map(|target| self.draft(target).row_count(width)),
                    previewable: self.previewable(q, self.cursor(q)),
                    any_previewable: (0..self.questions()[q].options.len())
                        .any(|i| self.previewable(q, i)),
                    previews_expanded: self.previews_expanded,
                    preview_len: &preview_len,
                    context_scroll: self.context_scroll,
                    preview_scroll: self.preview_scroll,
                    filter: self.filter_of(q).map(|f| FilterInput {
                        shown: f.state.matches().iter().map(|m| m.item).collect(),
                        cursor: f.state.cursor(),
                        offset: f.offset,
                    }),
                })
            }
            None => TabInput::Review(ReviewInput {
                questions: self.questions().len(),
                list: self.review,
                warning: self.review_warning,
            }),
        };
        layout::plan(&PlanInput {
            measured: &self.measured,
            tabs: self.has_tabs(),
            tab,
        })
    }

    /// Edits the open editor's draft in place: a key costs what it changes, not the draft's
    /// length (the draft keeps its wrapped rows at the editor's width up to date).
    fn edit(&mut self, edit: TextAreaMsg) -> Effect {
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

    /// Hands the open draft to the external editor (docs/behaviour.md#editor); its text
    /// comes back as [`Msg::ExternalEdited`].
    fn open_external_editor(&mut self) -> Effect {
        let Some(target) = self.open_editor() else {
            return Cmd::Bell;
        };
        if self.external.is_some() {
            return Cmd::None;
        }
        self.external = Some(target);
        let text = self.draft(target).text().to_string();
        Cmd::Exec(Exec::editor(text, Msg::ExternalEdited))
    }

    /// The edited text becomes the draft of the editor it came from, open to be saved with
    /// Enter; a failure leaves the draft as it was and says why in the footer's place.
    fn external_edited(&mut self, result: Result<String, String>) -> Effect {
        let Some(target) = self.external.take() else {
            return Cmd::None;
        };
        match result {
            Ok(text) => {
                let mut draft = TextArea::new(&text);
                if self.open_editor() == Some(target) {
                    draft.lay_out(self.editor_width());
                }
                self.drafts.insert(target, draft);
                if self.traits(target.question()).has_options() {
                    self.editor = Some(target);
                }
                Cmd::None
            }
            Err(error) => {
                self.notice = Some(without_command(&error));
                Cmd::Bell
            }
        }
    }

    fn enter_tab(&mut self, tab: usize) {
        self.tab = tab;
        self.editor = None;
        self.filter = None;
        self.context_scroll = 0;
        self.preview_scroll = 0;
        self.review_warning = false;
        if self.question().is_none() {
            self.review.selected = self.questions().len();
            self.review.offset = 0;
        }
    }

    fn switch_tab(&mut self, step: isize) -> Effect {
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
    fn advance(&mut self) -> Effect {
        if !self.has_tabs() {
            return Cmd::Quit(Outcome::Submitted(self.result(false)));
        }
        self.enter_tab(self.tab + 1);
        Cmd::None
    }

    fn submit(&mut self) -> Effect {
        let all_answered = self.state.answered_count() == self.questions().len();
        if all_answered || self.review_warning {
            Cmd::Quit(Outcome::Submitted(self.result(false)))
        } else {
            self.review_warning = true;
            Cmd::None
        }
    }

    fn cancel(&mut self) -> Effect {
        Cmd::Quit(Outcome::Cancelled(self.result(true)))
    }

    /// Esc: in a text question with unsaved text, the first Esc only arms the cancel and the
    /// footer says so; the second cancels, keeping the text as a draft.
    fn escape(&mut self) -> Effect {
        let unsaved = self.mode() == Mode::TextAnswer
            && self
                .open_editor()
                .is_some_and(|target| self.unsaved_draft(target).is_some());
        if unsaved && !self.esc_armed {
            self.esc_armed = true;
            return Cmd::None;
        }
        self.cancel()
    }

    fn apply(
        &mut self,
        transition: impl FnOnce(&AnswerState, &str) -> Result<AnswerState, StateError>,
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

    /// Picks option `o` of the shown question: a toggling type toggles, the others select
    /// (and advance when `advance`).
    fn pick(&mut self, q: usize, o: usize, advance: bool) -> Effect {
        let value = self.questions()[q].options[o].value.clone();
        let toggles = self.traits(q).toggles();
        let ok = if toggles {
            self.apply(|s, id| s.toggle(id, &value), q)
        } else {
            self.apply(|s, id| s.select(id, &value), q)
        };
        if !ok {
            return Cmd::Bell;
        }
        if advance && !toggles {
            self.advance()
        } else {
            Cmd::None
        }
    }

    fn pick_number(&mut self, n: u8) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        let options = question.options.len();
        let index = usize::from(n).wrapping_sub(1);
        if !self.traits(q).has_options() || index >= self.item_count(q) {
            return Cmd::Bell;
        }
        self.move_cursor(|_, _| index);
        if index >= options {
            self.editor = Some(Target::FreeText(q));
            return Cmd::None;
        }
        self.pick(q, index, true)
    }

    /// Enter or Space on the focused list row.
    fn activate_row(&mut self, advance: bool) -> Effect {
        let Some((q, question)) = self.question() else {
            return self.activate_review();
        };
        let traits = self.traits(q);
        if !traits.has_options() {
            return Cmd::None;
        }
        let cursor = self.cursor(q);
        if cursor >= question.options.len() {
            if !traits.free_text_row() {
                return Cmd::Bell;
            }
            self.editor = Some(Target::FreeText(q));
            return Cmd::None;
        }
        // Enter on a toggling list confirms the set.
        if traits.toggles() && advance {
            return self.advance();
        }
        self.pick(q, cursor, advance)
    }

    /// `y`/`n` on a yes/no question: the Yes or No option, picked as Enter would.
    fn answer_yes_no(&mut self, yes: bool) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        if !Traits::of(question.kind).yes_no {
            return Cmd::Bell;
        }
        let value = if yes { "yes" } else { "no" };
        let Some(o) = question.options.iter().position(|o| o.value == value) else {
            return Cmd::Bell;
        };
        self.move_cursor(|_, _| o);
        self.pick(q, o, true)
    }

    /// `/` on a single or multi list: the filter opens over the options (not "Type
    /// something."), its cursor on the focused option.
    fn open_filter(&mut self) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        let traits = self.traits(q);
        if !traits.has_options() || traits.yes_no || question.options.is_empty() {
            return Cmd::Bell;
        }
        let mut state = FilterState::new(
            question
                .options
                .iter()
                .map(|o| (o.label.as_str(), o.description.as_deref().unwrap_or(""))),
        );
        state.focus_item(self.cursor(q));
        self.editor = None;
        self.filter = Some(ListFilter {
            q,
            state,
            offset: 0,
        });
        self.follow_filter(q);
        Cmd::None
    }

    fn filter(&mut self, msg: FilterMsg) -> Effect {
        let Some((q, _)) = self.question() else {
            return Cmd::None;
        };
        let Some(filter) = self.filter.as_mut().filter(|f| f.q == q) else {
            return Cmd::None;
        };
        match filter.state.update(msg) {
            Filtered::Close => self.filter = None,
            Filtered::Changed => self.follow_filter(q),
            Filtered::Unchanged => {}
        }
        Cmd::None
    }

    /// The list's cursor follows the filter's, so the preview, and the list once the filter
    /// closes, show the focused match; with no matches it stays where it was.
    fn follow_filter(&mut self, q: usize) {
        if let Some(item) = self.filter_of(q).and_then(|f| f.state.current()) {
            self.move_cursor(|_, _| item);
        }
    }

    /// Enter while filtering: a single question picks the focused match and moves on; a
    /// multi question toggles it and stays, the cursor on it. Nothing matching, it rings.
    fn accept_filter(&mut self) -> Effect {
        let Some((q, _)) = self.question() else {
            return Cmd::None;
        };
        let Some(item) = self.filter_of(q).and_then(|f| f.state.current()) else {
            return Cmd::Bell;
        };
        self.filter = None;
        self.move_cursor(|_, _| item);
        self.pick(q, item, true)
    }

    fn activate_review(&mut self) -> Effect {
        let n = self.questions().len();
        match self.review.selected {
            row if row < n => {
                self.enter_tab(row);
                Cmd::None
            }
            row if row == n => self.submit(),
            _ => self.cancel(),
        }
    }

    fn save_editor(&mut self) -> Effect {
        let Some(target) = self.open_editor() else {
            return Cmd::None;
        };
        if self.caret_after_backslash(target) {
            // Enter right after a `\` is a line break in place of the backslash, as in Claude
            // Code: a newline key for terminals whose Shift+Enter sends Enter.
            self.edit(TextAreaMsg::DeleteBack);
            return self.edit(TextAreaMsg::Newline);
        }
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
        let traits = self.traits(q);
        let blank = text.trim().is_empty();
        let hold_off = self.hold_off_typing();
        let moved = match target {
            Target::FreeText(_) if !blank && traits.free_text_advances => self.advance(),
            // A blank text answer is a skip and moves on, as a blank input does in the dialog
            // fallback; alone it stays, so an empty Enter never submits by accident.
            Target::FreeText(_) if blank && traits.blank_text_skips && self.has_tabs() => {
                self.advance()
            }
            _ => Cmd::None,
        };
        moved.and(hold_off)
    }

    fn caret_after_backslash(&self, target: Target) -> bool {
        let draft = self.draft(target);
        draft.text()[..draft.cursor()].ends_with('\\')
    }

    fn move_cursor(&mut self, to: impl FnOnce(usize, usize) -> usize) -> Effect {
        match self.question() {
            None => {
                let rows = self.questions().len() + 2;
                self.review.selected = to(self.review.selected, rows).min(rows - 1);
            }
            Some((q, _)) => {
                let rows = self.item_count(q);
                if rows == 0 {
                    return Cmd::None;
                }
                let next = to(self.cursor(q), rows).min(rows - 1);
                if next != self.cursor(q) {
                    self.preview_scroll = 0;
                }
                self.lists[q].selected = next;
            }
        }
        Cmd::None
    }
}

/// The editor's error without the command line it quotes (`` `code -w` ``): the row has room
/// for what went wrong, and the person knows their editor.
fn without_command(error: &str) -> String {
    let quoted = error
        .find(" `")
        .and_then(|start| Some((start, start + 2 + error[start + 2..].find('`')? + 1)));
    match quoted {
        Some((start, end)) => format!("{}{}", &error[..start], &error[end..]),
        None => error.to_string(),
    }
}

fn offset(value: usize, by: isize) -> usize {
    (value as isize).saturating_add(by).max(0) as usize
}

/// Compiles the grammars of `texts`' code off the update loop; then the code can be colored.
fn compile_code(texts: Vec<String>) -> Effect {
    Cmd::Task(Task::new("highlight code", move || {
        for text in &texts {
            tea_markdown::compile_code(text);
        }
        Msg::CodeHighlighted
    }))
}
