//! Editors: a draft changed in place, saved into the answers, handed to the external editor
//! and back; opening the note editors.

use tea::components::textarea::{TextArea, TextAreaMsg};
use tea::exec::Exec;

use super::Effect;
use crate::model::{App, Target};
use crate::msg::Msg;
use tea::Cmd;

impl App {
    pub(super) fn open_option_note(&mut self) -> Effect {
        match self.question() {
            Some((q, question))
                if self.traits(q).takes_notes() && self.cursor(q) < question.options.len() =>
            {
                self.editor = Some(Target::OptionNote(q, self.cursor(q)));
                Cmd::None
            }
            _ => Cmd::Bell,
        }
    }

    pub(super) fn open_question_note(&mut self) -> Effect {
        match self.question() {
            Some((q, _)) if self.traits(q).takes_notes() => {
                self.editor = Some(Target::QuestionNote(q));
                Cmd::None
            }
            _ => Cmd::Bell,
        }
    }

    /// Edits the open editor's draft in place: a key costs what it changes, not the draft's
    /// length (the draft keeps its wrapped rows at the editor's width up to date).
    pub(crate) fn edit(&mut self, edit: TextAreaMsg) -> Effect {
        let Some(target) = self.open_editor() else {
            return Cmd::None;
        };
        let width = self.editor_width(&self.measured());
        if !self.drafts.contains_key(&target) {
            let draft = TextArea::new(&self.saved_draft(target));
            self.drafts.insert(target, draft);
        }
        let draft = self.drafts.get_mut(&target).expect("inserted above");
        draft.lay_out(width);
        draft.update(edit);
        Cmd::None
    }

    /// ↑/↓ in a number editor: the draft moved by whole steps, kept within the bounds.
    pub(super) fn step_number(&mut self, steps: i8) -> Effect {
        let Some((q, question)) = self.question() else {
            return Cmd::None;
        };
        let Some(spec) = question
            .number
            .as_ref()
            .filter(|_| self.traits(q).is_number())
        else {
            return Cmd::Bell;
        };
        let target = Target::FreeText(q);
        let text = self.draft(target).text().to_string();
        let stepped = spec.stepped(&text, question.placeholder.as_deref(), steps.into());
        let mut draft = TextArea::new(&stepped);
        draft.lay_out(self.editor_width(&self.measured()));
        self.drafts.insert(target, draft);
        Cmd::None
    }

    /// Hands the open draft to the external editor (docs/behaviour.md#editor); its text
    /// comes back as [`Msg::ExternalEdited`].
    pub(super) fn open_external_editor(&mut self) -> Effect {
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
    pub(super) fn external_edited(&mut self, result: Result<String, String>) -> Effect {
        let Some(target) = self.external.take() else {
            return Cmd::None;
        };
        match result {
            Ok(text) => {
                let mut draft = TextArea::new(&text);
                if self.open_editor() == Some(target) {
                    draft.lay_out(self.editor_width(&self.measured()));
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

    pub(super) fn save_editor(&mut self) -> Effect {
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
        if self.would_end_on_merged_enter(target, &text) {
            return self.hold_ending();
        }
        self.save(target, text)
    }

    /// Saves `text` from the editor of `target` into the answers and moves on as the type
    /// says (a lone question's answer submits).
    pub(crate) fn save(&mut self, target: Target, text: String) -> Effect {
        let q = target.question();
        let ok = match target {
            Target::FreeText(_) => self.apply(|s, id| s.set_typed(id, &text), q),
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
        self.remeasure_if_notes_changed(q);
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

    pub(super) fn caret_after_backslash(&self, target: Target) -> bool {
        let draft = self.draft(target);
        draft.text()[..draft.cursor()].ends_with('\\')
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
