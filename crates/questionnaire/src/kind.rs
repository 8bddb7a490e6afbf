//! What differs between the question types, decided here in one exhaustive match: the
//! compiler sends a new type to [`Traits::of`] and nowhere else in this crate. Everything else
//! asks these traits (the keymap's mode, the layout's reservations, what Enter and the editor
//! do). See docs/behaviour.md#options-and-free-text.

use question::{OptionSource, Question, QuestionType};

use crate::keymap::Mode;

/// Text rows reserved for a note or free-text editor under an option list.
pub const NOTE_EDITOR_ROWS: usize = 1;
/// Text rows reserved for the editor of a text question.
pub const ANSWER_EDITOR_ROWS: usize = 3;

/// How a question's body is drawn and answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    /// A numbered option list, perhaps ending with the "Type something." row.
    Options {
        /// Picks toggle `[x]` (several answers) rather than select `(•)` (one).
        checkbox: bool,
        /// The list ends with "Type something.", whose editor writes the free text.
        free_text: bool,
    },
    /// The answer editor, always open: the answer is the text.
    Text,
    /// The one-row number editor, always open: ↑/↓ step, what is typed is checked as typed.
    Number,
}

/// The behaviour of one question type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Traits {
    pub body: Body,
    /// Text rows an editor reserves in the panel height (it may grow past them).
    pub editor_rows: usize,
    /// Saving non-blank free text moves on (a single or text answer is complete); a multi
    /// set stays open, like a toggle.
    pub free_text_advances: bool,
    /// Saving blank free text among several questions is a skip that moves on.
    pub blank_text_skips: bool,
    /// The options are Yes and No, synthesized by validation (the call card names them
    /// before that).
    pub yes_no: bool,
}

impl Traits {
    pub fn of(kind: QuestionType) -> Traits {
        let options = |checkbox| Body::Options {
            checkbox,
            free_text: kind.allows_custom_text(),
        };
        match kind {
            QuestionType::Single | QuestionType::Confirm => Traits {
                body: options(false),
                editor_rows: NOTE_EDITOR_ROWS,
                free_text_advances: true,
                blank_text_skips: false,
                yes_no: kind.options() == OptionSource::YesNo,
            },
            QuestionType::Multi => Traits {
                body: options(true),
                editor_rows: NOTE_EDITOR_ROWS,
                free_text_advances: false,
                blank_text_skips: false,
                yes_no: false,
            },
            QuestionType::Text => Traits {
                body: Body::Text,
                editor_rows: ANSWER_EDITOR_ROWS,
                free_text_advances: true,
                blank_text_skips: true,
                yes_no: false,
            },
            QuestionType::Number => Traits {
                body: Body::Number,
                editor_rows: NOTE_EDITOR_ROWS,
                free_text_advances: true,
                blank_text_skips: true,
                yes_no: false,
            },
        }
    }

    /// The traits of `question`: its type's, without the "Type something." row when the call
    /// turned free text off (`allowCustom: false`).
    pub fn of_question(question: &Question) -> Traits {
        let mut traits = Traits::of(question.kind);
        if let Body::Options { free_text, .. } = &mut traits.body {
            *free_text = question.allows_custom_text();
        }
        traits
    }

    /// The keymap mode of the always-open answer editor; `None` for an option list.
    pub fn answer_mode(self) -> Option<Mode> {
        match self.body {
            Body::Options { .. } => None,
            Body::Text => Some(Mode::TextAnswer),
            Body::Number => Some(Mode::NumberAnswer),
        }
    }

    /// The answer is a number: typed text is checked as typed, and ↑/↓ step it.
    pub fn is_number(self) -> bool {
        self.body == Body::Number
    }

    /// Whether the question shows an option list (else its answer editor is always open).
    pub fn has_options(self) -> bool {
        matches!(self.body, Body::Options { .. })
    }

    /// Picks toggle and Enter confirms the set.
    pub fn toggles(self) -> bool {
        matches!(self.body, Body::Options { checkbox: true, .. })
    }

    /// The list ends with the "Type something." row.
    pub fn free_text_row(self) -> bool {
        matches!(
            self.body,
            Body::Options {
                free_text: true,
                ..
            }
        )
    }

    /// Notes (on options and on the question) exist; a text question's `N` is text.
    pub fn takes_notes(self) -> bool {
        self.has_options()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_has_its_traits() {
        let single = Traits::of(QuestionType::Single);
        assert!(single.has_options() && single.free_text_row() && !single.toggles());
        let multi = Traits::of(QuestionType::Multi);
        assert!(multi.toggles() && multi.free_text_row() && !multi.free_text_advances);
        let confirm = Traits::of(QuestionType::Confirm);
        assert!(confirm.has_options() && !confirm.free_text_row() && confirm.yes_no);
        assert!(!single.yes_no);
        let text = Traits::of(QuestionType::Text);
        assert!(!text.has_options() && !text.takes_notes() && text.blank_text_skips);
        assert_eq!(text.editor_rows, ANSWER_EDITOR_ROWS);
        assert_eq!(text.answer_mode(), Some(Mode::TextAnswer));
        let number = Traits::of(QuestionType::Number);
        assert!(!number.has_options() && number.is_number() && number.blank_text_skips);
        assert_eq!(number.answer_mode(), Some(Mode::NumberAnswer));
        assert_eq!(number.editor_rows, NOTE_EDITOR_ROWS);
    }
}
