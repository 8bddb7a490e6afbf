//! A number question's fields: `min`, `max`, `step` and `unit`, each read only on number
//! questions, and a placeholder that looks like a number must be an answer the question takes.

use serde_json::{Map, Value};

use super::Validator;
use super::fields::{is_absent, kind_of};
use super::issue::IssueCode;
use crate::number::{Decimal, NumberSpec};
use crate::questionnaire::{AnswerShape, QuestionType};

/// The fields only a number question reads.
const NUMBER_KEYS: [&str; 4] = ["min", "max", "step", "unit"];

impl Validator {
    /// The bounds, step and unit of a number question; on other types their keys are ignored.
    pub(super) fn number_spec(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        kind: Option<QuestionType>,
    ) -> Option<NumberSpec> {
        match kind.map(QuestionType::answer) {
            Some(AnswerShape::Number) => {}
            Some(AnswerShape::OnePick | AnswerShape::Picks | AnswerShape::Text) | None => {
                for key in NUMBER_KEYS {
                    if kind.is_some() && !is_absent(object.get(key)) {
                        self.ignore(
                            &format!("{path}/{key}"),
                            format!("{key} is read only on number questions, so it was ignored."),
                        );
                    }
                }
                return None;
            }
        }
        let min = self.decimal(object, "min", path);
        let max = self.decimal(object, "max", path);
        let step = self.decimal(object, "step", path);
        let unit = self.optional_text(object, "unit", path);
        if let Some(step) = step.filter(|step| !step.is_positive()) {
            self.report(
                &format!("{path}/step"),
                IssueCode::InvalidNumber,
                format!("step must be more than 0, such as 1 or 0.5, not {step}."),
            );
        }
        if let (Some(min), Some(max)) = (min, max)
            && min > max
        {
            self.report(
                &format!("{path}/max"),
                IssueCode::InvalidNumber,
                format!("max {max} is less than min {min}: give a max of at least the min."),
            );
        }
        Some(NumberSpec {
            min,
            max,
            step: step.filter(|step| step.is_positive()),
            unit,
        })
    }

    /// A number placeholder must be an answer the question takes; words (`e.g. 8`) are a hint.
    pub(super) fn check_number_placeholder(
        &mut self,
        placeholder: Option<&str>,
        number: Option<&NumberSpec>,
        path: &str,
    ) {
        let (Some(placeholder), Some(number)) = (placeholder, number) else {
            return;
        };
        if Decimal::parse(placeholder).is_none() {
            return;
        }
        if let Err(error) = number.check(placeholder) {
            self.report(
                &format!("{path}/placeholder"),
                IssueCode::InvalidNumber,
                format!(
                    "placeholder {} is no answer to this question ({error}): give an example within min, max and step, or leave it out.",
                    placeholder.trim()
                ),
            );
        }
    }

    /// An optional number field, held exactly.
    fn decimal(&mut self, object: &Map<String, Value>, key: &str, parent: &str) -> Option<Decimal> {
        let value = object.get(key).filter(|value| !value.is_null())?;
        let path = format!("{parent}/{key}");
        match value {
            Value::Number(number) => {
                let decimal = Decimal::from_json(value);
                if decimal.is_none() {
                    self.report(
                        &path,
                        IssueCode::InvalidNumber,
                        format!(
                            "{key} {} cannot be held exactly: give at most 18 digits and 6 decimal places.",
                            shown(number)
                        ),
                    );
                }
                decimal
            }
            // A number written as text (`"5"`, `"0.5"`) can mean only that number.
            Value::String(text) if Decimal::parse(text).is_some() => Decimal::parse(text),
            other => {
                self.report(
                    &path,
                    IssueCode::InvalidType,
                    format!("{key} must be a number, not {}.", kind_of(other)),
                );
                None
            }
        }
    }
}

/// A number as a message quotes it: written out (`0.0000001`, not `1e-7`), unless that is
/// longer than the exponent form.
fn shown(number: &serde_json::Number) -> String {
    let plain = crate::number::plain_number(number);
    if plain.len() > 24 {
        number.to_string()
    } else {
        plain
    }
}
