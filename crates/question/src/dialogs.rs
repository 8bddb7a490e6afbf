//! The sequential dialog fallback (`docs/behaviour.md#dialog-fallback`): one `select` or `input`
//! dialog at a time, for hosts that can show nothing richer. A pure state machine: `next()` says
//! what to ask, `answer()` feeds the reply back. Line-by-line hosts (the accessible mode) read
//! `view()` and reply with `answer_line()` instead (see `lines`).

mod lines;

pub use lines::NotUnderstood;

use crate::answer::{AnswerState, StateError};
use crate::labels::Label;
use crate::number::NumberError;
use crate::questionnaire::{AnswerShape, OptionSource, Question, Questionnaire};
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

/// What a line-by-line host shows now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DialogView<'a> {
    /// Choose among the question's options, numbered from 1; when the type allows free text,
    /// "Type something." takes the next number.
    Choose {
        /// The question's index (0-based).
        position: usize,
        question: &'a Question,
    },
    /// Type the answer of a text or number question, or the free text after "Type
    /// something.".
    Type {
        position: usize,
        question: &'a Question,
    },
    /// The review before submitting: every question with its answer, numbered from 1.
    Review,
    Finished(&'a ToolResult),
}

/// What one select entry does.
#[derive(Debug, Clone, PartialEq)]
enum Entry {
    /// Pick (single/confirm) or toggle (multi) the option with this value.
    Option(String),
    TypeSomething,
    Done,
    Skip,
    /// In the review: submit the answers.
    Submit,
    /// In the review: ask the question at this index again.
    Revisit(usize),
}

#[derive(Debug, Clone, PartialEq)]
enum Stage {
    /// The select dialog of the current question.
    Choosing,
    /// The input dialog of the current question (text questions, or after "Type something.").
    Typing,
    /// Every question was asked; the answers are shown before submitting.
    Reviewing,
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
///
/// With [`Dialogs::with_review`] and several questions, a review follows the last question: a
/// select of Submit and one entry per question, which asks that question again and comes back.
#[derive(Debug, Clone, PartialEq)]
pub struct Dialogs {
    state: AnswerState,
    position: usize,
    stage: Stage,
    /// Whether several questions end in a review instead of submitting at once.
    review: bool,
    /// Whether the current question was reopened from the review (answering returns there).
    revisiting: bool,
    /// Why the last reply to the current number question was no answer; it is asked again.
    number_error: Option<NumberError>,
}

impl Dialogs {
    /// Submits once the last question is answered.
    pub fn new(questionnaire: Questionnaire) -> Dialogs {
        Dialogs::start(questionnaire, false)
    }

    /// With several questions, reviews the answers before submitting.
    pub fn with_review(questionnaire: Questionnaire) -> Dialogs {
        Dialogs::start(questionnaire, true)
    }

    fn start(questionnaire: Questionnaire, review: bool) -> Dialogs {
        let mut dialogs = Dialogs {
            state: AnswerState::new(questionnaire),
            position: 0,
            stage: Stage::Choosing,
            review,
            revisiting: false,
            number_error: None,
        };
        dialogs.enter_question(0);
        dialogs
    }

    /// What to show now, for hosts that render the questions themselves.
    pub fn view(&self) -> DialogView<'_> {
        match (&self.stage, self.current()) {
            (Stage::Finished(result), _) => DialogView::Finished(result),
            (Stage::Reviewing, _) => DialogView::Review,
            (Stage::Typing, Some(question)) => DialogView::Type {
                position: self.position,
                question,
            },
            (_, Some(question)) => DialogView::Choose {
                position: self.position,
                question,
            },
            (_, None) => unreachable!("an unfinished driver points at a question"),
        }
    }

    /// The answer to `question` in one line: the picked labels, then the typed text; `None`
    /// when it is skipped. Control characters removed.
    pub fn summary(&self, question: &Question) -> Option<String> {
        let answer = self.state.answer(&question.id)?;
        let mut parts: Vec<String> = question
            .options
            .iter()
            .filter(|option| answer.is_picked(&option.value))
            .map(|option| one_line(&option.label))
            .collect();
        parts.extend(answer.custom_text.as_deref().map(one_line));
        parts.extend(answer.number.map(|number| number.to_string()));
        (!parts.is_empty()).then(|| parts.join(", "))
    }

    /// The answers recorded so far.
    pub fn state(&self) -> &AnswerState {
        &self.state
    }

    /// Why the last reply to the current number question was no answer, until one is.
    pub fn number_error(&self) -> Option<&NumberError> {
        self.number_error.as_ref()
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.stage, Stage::Finished(_))
    }

    /// The dialog to show now, or the final result.
    pub fn next(&self) -> DialogStep {
        let labels = &self.state.questionnaire().labels;
        let question = match (&self.stage, self.current()) {
            (Stage::Finished(result), _) => return DialogStep::Finished(result.clone()),
            (Stage::Reviewing, _) => {
                return DialogStep::Ask(DialogRequest::Select {
                    title: one_line(labels.get(Label::ReviewHeading)),
                    options: self
                        .review_entries()
                        .into_iter()
                        .map(|(text, _)| text)
                        .collect(),
                });
            }
            (_, Some(question)) => question,
            (_, None) => unreachable!("an unfinished driver points at a question"),
        };
        let request = match self.stage {
            Stage::Typing => DialogRequest::Input {
                title: self.title(question),
                placeholder: match &question.placeholder {
                    Some(placeholder) if question.kind.takes_placeholder() => one_line(placeholder),
                    _ => one_line(labels.get(Label::TypeSomething)),
                },
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
        if self.stage == Stage::Reviewing {
            match reply {
                None => self.finish(ResultOptions::cancelled()),
                Some(reply) => {
                    let chosen = self
                        .review_entries()
                        .into_iter()
                        .find(|(text, _)| text.trim() == reply.trim());
                    if let Some((_, entry)) = chosen {
                        self.chose_in_review(entry);
                    }
                }
            }
            return;
        }
        let Some(question) = self.current().cloned() else {
            return;
        };
        let Some(reply) = reply else {
            // Dismissing the input opened from "Type something." goes back to the list; any
            // other dismissal cancels, as Esc does in the questionnaire.
            let from_list = question.kind.options() != OptionSource::None;
            if self.stage == Stage::Typing && from_list {
                self.stage = Stage::Choosing;
            } else {
                self.finish(ResultOptions::cancelled());
            }
            return;
        };
        match self.stage {
            Stage::Finished(_) | Stage::Reviewing => {}
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
        self.end(ResultOptions::aborted())
    }

    /// Ends the dialogs as the user cancelled them (end of input, Ctrl+C): cancelled, keeping
    /// what was recorded. A finished driver keeps its result.
    pub fn cancel(&mut self) -> ToolResult {
        self.end(ResultOptions::cancelled())
    }

    /// Ends the dialogs because the time limit ran out (the host dismisses the open one):
    /// cancelled + `timed_out`, keeping what was recorded. A finished driver keeps its result.
    pub fn time_out(&mut self) -> ToolResult {
        self.end(ResultOptions::timed_out())
    }

    fn end(&mut self, options: ResultOptions) -> ToolResult {
        if !self.is_finished() {
            self.finish(options);
        }
        match &self.stage {
            Stage::Finished(result) => result.clone(),
            _ => unreachable!("finish() sets the result"),
        }
    }

    fn current(&self) -> Option<&Question> {
        match self.stage {
            Stage::Finished(_) | Stage::Reviewing => None,
            _ => self.state.questionnaire().questions.get(self.position),
        }
    }

    fn chose_in_review(&mut self, entry: Entry) {
        match entry {
            Entry::Submit => self.finish(ResultOptions::submitted()),
            Entry::Revisit(position) => {
                self.enter_question(position);
                self.revisiting = true;
            }
            _ => {}
        }
    }

    fn chose(&mut self, question: &Question, entry: Entry) {
        let id = question.id.as_str();
        match entry {
            Entry::Option(value) if question.kind.answer() == AnswerShape::Picks => {
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
            Entry::Submit | Entry::Revisit(_) => {}
        }
    }

    fn typed(&mut self, question: &Question, text: &str) {
        let id = question.id.as_str();
        let text = &typed_text(text);
        match question.kind.answer() {
            AnswerShape::Picks => {
                self.state = self
                    .state
                    .set_custom_text(id, text)
                    .expect(ENTRIES_ARE_VALID);
                self.stage = Stage::Choosing;
            }
            _ if text.trim().is_empty() => {
                self.state = self.state.mark_skipped(id).expect(ENTRIES_ARE_VALID);
                self.advance();
            }
            AnswerShape::Number => match self.state.set_number(id, text) {
                Ok(state) => {
                    self.state = state;
                    self.advance();
                }
                // Asked again, saying why; nothing was recorded.
                Err(StateError::InvalidNumber { error, .. }) => self.number_error = Some(error),
                Err(error) => unreachable!("{error}"),
            },
            AnswerShape::OnePick | AnswerShape::Text => {
                self.state = self
                    .state
                    .set_custom_text(id, text)
                    .expect(ENTRIES_ARE_VALID);
                self.advance();
            }
        }
    }

    /// On to the next question, or back to the review the question was reopened from.
    fn advance(&mut self) {
        if self.revisiting {
            self.revisiting = false;
            self.stage = Stage::Reviewing;
        } else {
            self.enter_question(self.position + 1);
        }
    }

    fn enter_question(&mut self, position: usize) {
        self.position = position;
        self.number_error = None;
        let count = self.state.questionnaire().questions.len();
        match self.state.questionnaire().questions.get(position) {
            None if self.review && count > 1 => self.stage = Stage::Reviewing,
            None => self.finish(ResultOptions::submitted()),
            Some(question) => {
                self.stage = match question.kind.options() {
                    OptionSource::None => Stage::Typing,
                    OptionSource::Given | OptionSource::YesNo => Stage::Choosing,
                }
            }
        }
    }

    fn finish(&mut self, options: ResultOptions) {
        self.stage = Stage::Finished(self.state.build_result(options));
    }

    /// Context (if any), then the prompt; a multi question also shows the text typed so far,
    /// a number question what it takes and why the last reply was none.
    fn title(&self, question: &Question) -> String {
        let mut parts = Vec::new();
        if let Some(context) = &question.context {
            parts.push(clean(context));
        }
        parts.push(clean(&question.prompt));
        if let Some(number) = &question.number {
            let mut takes = number.describe();
            if let Some(error) = &self.number_error {
                takes = format!("{takes} — {error}");
            }
            parts.push(one_line(&takes));
        }
        if question.kind.answer() == AnswerShape::Picks
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
        let multi = question.kind.answer() == AnswerShape::Picks;
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

    /// Submit first (what Enter does), then "1. Header: answer" per question.
    fn review_entries(&self) -> Vec<(String, Entry)> {
        let labels = &self.state.questionnaire().labels;
        let mut entries = vec![(one_line(labels.get(Label::Submit)), Entry::Submit)];
        for (index, question) in self.state.questionnaire().questions.iter().enumerate() {
            let answer = self
                .summary(question)
                .unwrap_or_else(|| one_line(labels.get(Label::Skipped)));
            let text = format!("{}. {}: {answer}", index + 1, one_line(&question.header));
            entries.push((text, Entry::Revisit(index)));
        }
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
