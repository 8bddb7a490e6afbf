//! `update`: a message changes the model and returns effects ([`Cmd`]); then
//! [`App::lay_out_draft`] wraps the open draft at the editor's width. Nothing here measures,
//! plans rows or draws: the view does, at its size.

use std::time::Duration;

use question::ResultOptions;
use tea::components::textarea::TextAreaMsg;
use tea::input::{Event, KeyEventKind};
use tea::{Cmd, Program, Subs, Task};
use tea_markdown::Code;

use crate::model::App;
use crate::msg::{Msg, Outcome};
use crate::typing::pressed;

mod answering;
mod editing;
mod filtering;

type Effect = Cmd<Msg, Outcome>;

/// The countdown moves by whole seconds, as it is shown.
const TICK: Duration = Duration::from_secs(1);

impl Program for App {
    type Msg = Msg;
    type Output = Outcome;

    fn update(&mut self, msg: Msg) -> Effect {
        self.start_from_shown();
        let cmd = self.handle(msg);
        self.lay_out_draft();
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

    fn event(&self, event: &Event) -> Option<Msg> {
        match event {
            // The model keeps no size: the view draws at the one it is given.
            Event::Resize(_) => return None,
            &Event::Keyboard(keyboard) => return Some(Msg::KeyboardKnown(keyboard)),
            &Event::Background { light } => return Some(Msg::LightBackground(light)),
            Event::Mouse(mouse) => return self.mouse_msg(mouse),
            Event::Key(_) | Event::Paste(_) | Event::FocusGained | Event::FocusLost => {}
        }
        // Any key closes the QR code, and does nothing else (a paste goes where it would).
        if self.qr_open
            && !self.collapsed
            && matches!(event, Event::Key(k) if k.kind != KeyEventKind::Release)
        {
            return Some(Msg::CloseQrCode);
        }
        if self.holds_off(event) {
            return Some(Msg::TypedAfterSave);
        }
        let msg = self.keys.msg_for(self.mode(), event);
        // Any key the person presses stops the countdown, also one that does nothing here.
        // Resizes, focus changes and mouse events that do nothing do not: they come without
        // anyone answering (a click or the wheel that acts does, in `note_sender`).
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
}

impl App {
    /// Applies one message; what it means is in the methods it calls, by concern: answering
    /// (`answering.rs`), editors (`editing.rs`), the filter (`filtering.rs`), scrolling and the
    /// host's messages (here).
    fn handle(&mut self, msg: Msg) -> Effect {
        if let Some(effect) = self.follow_held_ending(&msg) {
            return effect;
        }
        if !self.note_sender(&msg) {
            return Cmd::None;
        }
        match msg {
            Msg::NextTab => self.switch_tab(1),
            Msg::PrevTab => self.switch_tab(-1),
            Msg::MoveUp => self.move_cursor(|c, _| c.saturating_sub(1)),
            Msg::MoveDown => self.move_cursor(|c, _| c + 1),
            Msg::MoveFirst => self.move_cursor(|_, _| 0),
            Msg::MoveLast => self.move_cursor(|_, rows| rows - 1),
            Msg::FocusRow(row) => self.move_cursor(|_, _| row),
            Msg::ShowTab(tab) => self.show_tab(tab),
            Msg::PickNumber(n) => self.pick_number(n),
            Msg::Activate => self.activate_row(true),
            Msg::SelectWithoutAdvance => self.activate_row(false),
            Msg::AnswerYesNo(yes) => self.answer_yes_no(yes),
            Msg::OpenFilter => self.open_filter(),
            Msg::Filter(msg) => self.filter(msg),
            Msg::AcceptFilter => self.accept_filter(),
            Msg::CloseFilter => self.close_filter(),
            Msg::OpenOptionNote => self.open_option_note(),
            Msg::OpenQuestionNote => self.open_question_note(),
            Msg::Clear => self.clear(),
            Msg::TogglePreview => self.toggle_preview(),
            Msg::ScrollPreview(rows) => {
                self.preview_scroll = offset(self.shown_preview_scroll(), rows as isize);
                Cmd::None
            }
            Msg::PagePreview(pages) => {
                let page = (self.preview_page() / 2).max(1) as isize;
                self.preview_scroll = offset(self.shown_preview_scroll(), pages as isize * page);
                Cmd::None
            }
            Msg::ScrollContext(rows) => {
                self.context_scroll = offset(self.shown_context_scroll(), rows as isize);
                Cmd::None
            }
            Msg::ToggleCollapse => self.toggle_collapse(),
            Msg::Cancel => self.escape(),
            Msg::Edit(edit) => self.edit(edit),
            Msg::StepNumber(steps) => self.step_number(steps),
            Msg::SaveEditor => self.save_editor(),
            Msg::LeaveEditor => {
                self.editor = None;
                Cmd::None
            }
            Msg::ShowQrCode => {
                self.qr_open = self.web_link.is_some();
                Cmd::None
            }
            Msg::CloseQrCode => {
                self.qr_open = false;
                Cmd::None
            }
            Msg::OpenExternalEditor => self.open_external_editor(),
            Msg::ExternalEdited(result) => self.external_edited(result),
            Msg::KeyboardKnown(keyboard) => {
                self.keyboard = Some(keyboard);
                Cmd::None
            }
            Msg::LightBackground(light) => {
                self.light_background = light;
                Cmd::None
            }
            Msg::TypedAfterSave => self.typed_after_save(),
            Msg::TypingPaused(timer) => {
                if self.typing_after_save == Some(timer) {
                    self.stop_holding_off();
                }
                Cmd::None
            }
            // A timer of an ending no longer held.
            Msg::EndingPaused(_) => Cmd::None,
            Msg::Tick => self.tick(),
            Msg::StopCountdown => Cmd::None,
            Msg::CodeHighlighted => self.code_highlighted(),
        }
    }

    /// What a message says about who is there: one from the person (not the host's clock,
    /// size or keyboard) clears the notice, stops the countdown and the armed Esc and ends
    /// the hold after a save. Whether the message may act: while docked, input belongs to the
    /// host.
    fn note_sender(&mut self, msg: &Msg) -> bool {
        let from_host = msg.comes_from_the_host();
        // A notice stays until the next key; one about typing, until a key that is not typing.
        let typing = matches!(
            msg,
            Msg::Edit(TextAreaMsg::Insert(_) | TextAreaMsg::Paste(_))
        );
        let keeps_notice = from_host
            || matches!(msg, Msg::ExternalEdited(_))
            || (typing && self.notice_while_typing);
        if !keeps_notice {
            self.notice = None;
            self.notice_while_typing = false;
        }
        let from_person = !from_host;
        if from_person {
            // Someone who is answering is never timed out.
            self.countdown = None;
        }
        if from_person && *msg != Msg::Cancel {
            self.esc_armed = false;
        }
        if from_person && *msg != Msg::TypedAfterSave {
            // A key that acts (not typing) shows the person is past the save.
            self.stop_holding_off();
        }
        let keeps_going = matches!(
            msg,
            Msg::ToggleCollapse
                | Msg::ExternalEdited(_)
                | Msg::Tick
                | Msg::CodeHighlighted
                | Msg::KeyboardKnown(_)
                | Msg::LightBackground(_)
                | Msg::TypingPaused(_)
                | Msg::EndingPaused(_)
        );
        !self.collapsed || keeps_going
    }

    fn toggle_preview(&mut self) -> Effect {
        if self.measured().geometry.wide {
            return Cmd::None;
        }
        self.previews_expanded = !self.previews_expanded;
        self.preview_scroll = 0;
        self.remeasure();
        Cmd::None
    }

    /// The host reads the dock from the model (`is_collapsed`): pi hands its input to its
    /// editor while it is docked; the terminal keeps drawing the dock's line.
    fn toggle_collapse(&mut self) -> Effect {
        self.collapsed = !self.collapsed;
        Cmd::None
    }

    fn code_highlighted(&mut self) -> Effect {
        // The first batch's code shows first; later batches compile ahead of their tabs.
        if !self.uncompiled.is_empty() {
            self.uncompiled.clear();
            self.measures.markdown_mut().set_code(Code::Highlighted);
            // The same rows, colored: measured again as after a resize.
            self.remeasure();
        }
        Cmd::None
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
