//! The sequential dialog fallback (§8): one `select` or `input` dialog at a time, for hosts that
//! can show nothing richer. A pure state machine: `next()` says what to ask, `answer()` feeds the
//! reply back.

use crate::answer::AnswerState;
use crate::labels::Label;
use crate::questionnaire::{Question, QuestionType, Questionnaire};
use crate::result::{ResultOptions, ToolResult};

/// A dialog the host should show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DialogRequest {
    /// Pick one entry; the reply is the chosen entry string.
    Select { title: String, options: Vec<String> },
    /// Type a line; the reply is the text (blank skips the question).
    Input { title: String, placeholder: String },
}

/// What the driver needs next.
#[derive(Debug, Clone, PartialEq)]
pub enum DialogStep {
    Ask(DialogRequest),
    Finished(ToolResult),
}

/// What one select entry does.
#[derive(Debug, Clone, PartialEq)]
enum Entry {
    /// Pick (single/confirm) or toggle (multi) the option with this value.
    Option(String),
    TypeSomething,
    Done,
    Skip,
}

#[derive(Debug, Clone, PartialEq)]
enum Stage {
    /// The select dialog of the current question.
    Choosing,
    /// The input dialog of the current question (text questions, or after "Type something.").
    Typing,
    Finished(ToolResult),
}

/// Asks the questions one dialog at a time.
///
/// Entries read "1. label — description" so that duplicate or control-like labels stay distinct;
/// the unnumbered entries are the labels `typeSomething`, `done` and `skip`. A multi question repeats
/// its select with `[x]`/`[ ]` marks until Done. Blank input skips the question (in a multi
/// question it clears the typed text and returns to the list). A dismissed dialog
/// (`answer(None)`) cancels, keeping what was recorded, except the input opened from
/// "Type something.", whose dismissal returns to the list. Notes and previews are not offered.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialogs {
    state: AnswerState,
    position: usize,
    stage: Stage,
}

impl Dialogs {
    pub fn new(questionnaire: Questionnaire) -> Dialogs {
        let mut dialogs = Dialogs {
            state: AnswerState::new(questionnaire),
            position: 0,
            stage: Stage::Choosing,
        };
        dialogs.enter_question(0);
        dialogs
    }

    /// The answers recorded so far.
    pub fn state(&self) -> &AnswerState {
        &self.state
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.stage, Stage::Finished(_))
    }

    /// The dialog to show now, or the final result.
    pub fn next(&self) -> DialogStep {
        let question = match (&self.stage, self.current()) {
            (Stage::Finished(result), _) => return DialogStep::Finished(result.clone()),
            (_, Some(question)) => question,
            (_, None) => unreachable!("an unfinished driver points at a question"),
        };
        let labels = &self.state.questionnaire().labels;
        let request = match self.stage {
            Stage::Typing => DialogRequest::Input {
                title: self.title(question),
                placeholder: one_line(labels.get(Label::TypeSomething)),
            },
            _ => DialogRequest::Select {
                title: self.title(question),
                options: self
                    .entries(question)
                    .into_iter()
                    .map(|(text, _)| text)
                    .collect(),
            },
        };
        DialogStep::Ask(request)
    }

    /// Feeds the reply to the dialog of `next()`: the chosen entry or typed text, or `None` when the
    /// user dismissed it. A reply that matches no entry asks the same dialog again.
    pub fn answer(&mut self, reply: Option<String>) {
        let Some(question) = self.current().cloned() else {
            return;
        };
        let Some(reply) = reply else {
            // Dismissing the input opened from "Type something." goes back to the list; any
            // other dismissal cancels, as Esc does in the questionnaire.
            if self.stage == Stage::Typing && question.kind != QuestionType::Text {
                self.stage = Stage::Choosing;
            } else {
                self.finish(ResultOptions::cancelled());
            }
            return;
        };
        match self.stage {
            Stage::Finished(_) => {}
            Stage::Typing => self.typed(&question, &reply),
            Stage::Choosing => {
                let chosen = self
                    .entries(&question)
                    .into_iter()
                    .find(|(text, _)| text.trim() == reply.trim())
                    .map(|(_, entry)| entry);
                if let Some(entry) = chosen {
                    self.chose(&question, entry);
                }
            }
        }
    }

    /// Ends the dialogs now (the host dismisses the open one): cancelled + `aborted`, keeping what
    /// was recorded. A finished driver keeps its result.
    pub fn abort(&mut self) -> ToolResult {
        if !self.is_finished() {
            self.finish(ResultOptions::aborted());
        }
        match &self.stage {
            Stage::Finished(result) => result.clone(),
            _ => unreachable!("finish() sets the result"),
        }
    }

    fn current(&self) -> Option<&Question> {
        match self.stage {
            Stage::Finished(_) => None,
            _ => self.state.questionnaire().questions.get(self.position),
        }
    }

    fn chose(&mut self, question: &Question, entry: Entry) {
        let id = question.id.as_str();
        match entry {
            Entry::Option(value) if question.kind == QuestionType::Multi => {
                self.state = self.state.toggle(id, &value).expect(ENTRIES_ARE_VALID);
            }
            Entry::Option(value) => {
                self.state = self.state.select(id, &value).expect(ENTRIES_ARE_VALID);
                self.advance();
            }
            Entry::TypeSomething => self.stage = Stage::Typing,
            Entry::Done => self.advance(),
            Entry::Skip => {
                self.state = self.state.mark_skipped(id).expect(ENTRIES_ARE_VALID);
                self.advance();
            }
        }
    }

    fn typed(&mut self, question: &Question, text: &str) {
        let id = question.id.as_str();
        let text = &typed_text(text);
        if question.kind == QuestionType::Multi {
            self.state = self
                .state
                .set_custom_text(id, text)
                .expect(ENTRIES_ARE_VALID);
            self.stage = Stage::Choosing;
        } else if text.trim().is_empty() {
            self.state = self.state.mark_skipped(id).expect(ENTRIES_ARE_VALID);
            self.advance();
        } else {
            self.state = self
                .state
                .set_custom_text(id, text)
                .expect(ENTRIES_ARE_VALID);
            self.advance();
        }
    }

    fn advance(&mut self) {
        self.enter_question(self.position + 1);
    }

    fn enter_question(&mut self, position: usize) {
        self.position = position;
        match self.state.questionnaire().questions.get(position) {
            None => self.finish(ResultOptions::submitted()),
            Some(question) if question.kind == QuestionType::Text => self.stage = Stage::Typing,
            Some(_) => self.stage = Stage::Choosing,
        }
    }

    fn finish(&mut self, options: ResultOptions) {
        self.stage = Stage::Finished(self.state.build_result(options));
    }

    /// Context (if any), then the prompt; a multi question also shows the text typed so far.
    fn title(&self, question: &Question) -> String {
        let mut parts = Vec::new();
        if let Some(context) = &question.context {
            parts.push(clean(context));
        }
        parts.push(clean(&question.prompt));
        if question.kind == QuestionType::Multi
            && let Some(text) = self
                .state
                .answer(&question.id)
                .and_then(|a| a.custom_text.as_ref())
        {
            let label = self.state.questionnaire().labels.get(Label::YourAnswer);
            parts.push(format!("{}: {}", one_line(label), clean(text)));
        }
        parts.join("\n\n")
    }

    fn entries(&self, question: &Question) -> Vec<(String, Entry)> {
        let labels = &self.state.questionnaire().labels;
        let answer = self.state.answer(&question.id);
        let multi = question.kind == QuestionType::Multi;
        let mut entries: Vec<(String, Entry)> = question
            .options
            .iter()
            .enumerate()
            .map(|(index, option)| {
                let mut text = format!("{}. {}", index + 1, one_line(&option.label));
                if let Some(description) = &option.description {
                    text.push_str(" — ");
                    text.push_str(&one_line(description));
                }
                if multi {
                    let picked = answer.is_some_and(|a| a.is_picked(&option.value));
                    text = format!("{} {text}", if picked { "[x]" } else { "[ ]" });
                }
                (text, Entry::Option(option.value.clone()))
            })
            .collect();
        if question.allows_custom_text() {
            entries.push((
                one_line(labels.get(Label::TypeSomething)),
                Entry::TypeSomething,
            ));
        }
        if multi {
            entries.push((one_line(labels.get(Label::Done)), Entry::Done));
        }
        entries.push((one_line(labels.get(Label::Skip)), Entry::Skip));
        entries
    }
}

const ENTRIES_ARE_VALID: &str = "dialog entries come from the question's own options and type";

/// Text for a dialog title: control characters removed, newlines kept.
fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' => Some('\n'),
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// Typed text as an answer keeps it: line breaks as `\n`, tabs as a space, no other control
/// character (ESC and 8-bit CSI included), so no escape sequence can reach a terminal that
/// shows the result.
fn typed_text(text: &str) -> String {
    clean(&text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Text for one entry: on one line, control characters removed.
fn one_line(text: &str) -> String {
    let line: String = text
        .chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    line.trim().to_string()
}
