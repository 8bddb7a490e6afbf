//! Replies typed as lines, for the line-by-line (accessible) mode: option numbers, `y`/`n`, a
//! question number in the review. An empty line skips the question (submits in the review).

use std::fmt;

use super::{Dialogs, ENTRIES_ARE_VALID, Entry, Stage, typed_text};
use crate::labels::Label;
use crate::questionnaire::{AnswerShape, OptionSource, Question};
use crate::result::ResultOptions;

/// A line that answers nothing where it was typed; holds the part not understood. The host
/// explains and asks the same question again; nothing was recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotUnderstood(pub String);

impl fmt::Display for NotUnderstood {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not understood: {}", self.0)
    }
}

impl std::error::Error for NotUnderstood {}

impl Dialogs {
    /// Feeds one typed line (its line ending optional) to what `view()` shows:
    ///
    /// - choosing: an option number; several separated by commas or spaces on a multi question
    ///   (the line is the whole answer); the "Type something." number opens the typing stage;
    ///   on a yes/no question also `y`, `yes`, `n`, `no` or the call's Yes/No labels;
    /// - typing: the text;
    /// - review: a question number asks it again, then returns to the review.
    ///
    /// An empty line skips the question, or submits in the review.
    pub fn answer_line(&mut self, line: &str) -> Result<(), NotUnderstood> {
        let line = line.trim_end_matches(['\r', '\n']);
        match self.stage {
            Stage::Finished(_) => Ok(()),
            Stage::Reviewing => self.review_line(line),
            Stage::Typing => self.typed_line(line),
            Stage::Choosing => self.choice_line(line),
        }
    }

    fn choice_line(&mut self, line: &str) -> Result<(), NotUnderstood> {
        let question = self
            .current()
            .cloned()
            .expect("choosing points at a question");
        let id = question.id.as_str();
        if line.trim().is_empty() {
            self.chose(&question, Entry::Skip);
            return Ok(());
        }
        if question.kind.options() == OptionSource::YesNo {
            let value = self.yes_or_no(&question, line)?;
            self.chose(&question, Entry::Option(value));
            return Ok(());
        }
        let custom = question.kind.allows_custom_text();
        let count = question.options.len() + usize::from(custom);
        let numbers = numbers(line, count)?;
        let type_something = |n: usize| custom && n == question.options.len() + 1;
        if question.kind.answer() == AnswerShape::Picks {
            for (index, option) in question.options.iter().enumerate() {
                let wanted = numbers.contains(&(index + 1));
                let picked = self
                    .state
                    .answer(id)
                    .is_some_and(|a| a.is_picked(&option.value));
                if wanted != picked {
                    self.state = self
                        .state
                        .toggle(id, &option.value)
                        .expect(ENTRIES_ARE_VALID);
                }
            }
            if numbers.iter().any(|&n| type_something(n)) {
                self.stage = Stage::Typing;
            } else {
                self.state = self.state.set_custom_text(id, "").expect(ENTRIES_ARE_VALID);
                self.advance();
            }
            return Ok(());
        }
        let [number] = numbers[..] else {
            return Err(NotUnderstood(line.trim().to_string()));
        };
        if type_something(number) {
            self.chose(&question, Entry::TypeSomething);
        } else {
            let value = question.options[number - 1].value.clone();
            self.chose(&question, Entry::Option(value));
        }
        Ok(())
    }

    /// The value of the yes/no option `line` names: by number, by `y`/`yes`/`n`/`no`, or by the
    /// option's own (possibly translated) label.
    fn yes_or_no(&self, question: &Question, line: &str) -> Result<String, NotUnderstood> {
        let word = line.trim().to_lowercase();
        let labels = &self.state.questionnaire().labels;
        let [yes, no] = &question.options[..] else {
            unreachable!("a confirm question has its two synthesized options")
        };
        let names = |number: &str, english: [&str; 2], label: Label, own: &str| {
            word == number
                || english.contains(&word.as_str())
                || word == labels.get(label).trim().to_lowercase()
                || word == own.trim().to_lowercase()
        };
        if names("1", ["y", "yes"], Label::Yes, &yes.label) {
            Ok(yes.value.clone())
        } else if names("2", ["n", "no"], Label::No, &no.label) {
            Ok(no.value.clone())
        } else {
            Err(NotUnderstood(line.trim().to_string()))
        }
    }

    /// The typed answer; a number that is no answer is not understood, saying why.
    fn typed_line(&mut self, line: &str) -> Result<(), NotUnderstood> {
        let question = self
            .current()
            .cloned()
            .expect("typing points at a question");
        if question.kind.answer() == AnswerShape::Picks {
            // The picks were given with the numbers; the text completes the answer.
            self.state = self
                .state
                .set_custom_text(&question.id, &typed_text(line))
                .expect(ENTRIES_ARE_VALID);
            self.advance();
            return Ok(());
        }
        self.typed(&question, line);
        match self.number_error.clone() {
            Some(error) => {
                self.number_error = None;
                Err(NotUnderstood(format!("{} ({error})", line.trim())))
            }
            None => Ok(()),
        }
    }

    fn review_line(&mut self, line: &str) -> Result<(), NotUnderstood> {
        if line.trim().is_empty() {
            self.finish(ResultOptions::submitted());
            return Ok(());
        }
        let count = self.state.questionnaire().questions.len();
        match numbers(line, count)?[..] {
            [number] => {
                self.chose_in_review(Entry::Revisit(number - 1));
                Ok(())
            }
            _ => Err(NotUnderstood(line.trim().to_string())),
        }
    }
}

/// The numbers of `line`, separated by commas and/or spaces, each from 1 to `count`, without
/// repeats, in the order typed.
fn numbers(line: &str, count: usize) -> Result<Vec<usize>, NotUnderstood> {
    let mut numbers = Vec::new();
    for token in line.split([',', ' ', '\t']).filter(|t| !t.is_empty()) {
        match token.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => {
                if !numbers.contains(&n) {
                    numbers.push(n);
                }
            }
            _ => return Err(NotUnderstood(token.to_string())),
        }
    }
    if numbers.is_empty() {
        return Err(NotUnderstood(line.trim().to_string()));
    }
    Ok(numbers)
}
