//! Number questions (`docs/behaviour.md#number-questions`): exact decimals, the bounds and step
//! a call sets, the check of what the user types and ↑/↓ stepping.
//!
//! Values are decimals held exactly (digits and decimal places), so stepping by 0.1 never
//! drifts and a bound is compared as it was written.

use std::cmp::Ordering;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

/// The most decimal places a number may have.
const MAX_PLACES: u32 = 6;
/// The most digits a number may have, decimals included.
const MAX_DIGITS: usize = 18;

/// An exact decimal: `digits / 10^places`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    digits: i128,
    places: u32,
}

impl Decimal {
    /// Parses `[+-]digits[.digits]` (no exponent, no thousands separators), surrounding
    /// spaces allowed.
    pub fn parse(text: &str) -> Option<Decimal> {
        let text = text.trim();
        let (negative, unsigned) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty()
            || !all_digits(whole)
            || !all_digits(fraction)
            || whole.len() + fraction.len() > MAX_DIGITS
            || fraction.len() > MAX_PLACES as usize
        {
            return None;
        }
        let digits: i128 = format!("{whole}{fraction}").parse().unwrap_or(0);
        Some(Decimal {
            digits: if negative { -digits } else { digits },
            places: fraction.len() as u32,
        })
    }

    /// A JSON number (`8`, `0.5`, `0.000001`); `None` for other values and numbers this type
    /// cannot hold exactly (too many digits or decimal places).
    pub fn from_json(value: &Value) -> Option<Decimal> {
        match value {
            Value::Number(number) => Decimal::parse(&plain_number(number)),
            _ => None,
        }
    }

    /// The value as a JSON number: an integer when it is whole (`8`, `0` for `0.00`).
    pub fn to_json(self) -> Value {
        serde_json::from_str(&self.trimmed().to_string()).unwrap_or(Value::Null)
    }

    /// Decimal places as written.
    pub fn places(self) -> u32 {
        self.places
    }

    fn zero() -> Decimal {
        Decimal {
            digits: 0,
            places: 0,
        }
    }

    fn one() -> Decimal {
        Decimal {
            digits: 1,
            places: 0,
        }
    }

    /// The digits at `places` decimal places (`places` at least this value's own).
    fn scaled(self, places: u32) -> i128 {
        self.digits * 10i128.pow(places.saturating_sub(self.places))
    }

    pub(crate) fn is_positive(self) -> bool {
        self.digits > 0
    }

    /// Fewest places that keep the value exactly (`2.50` → `2.5`).
    fn trimmed(mut self) -> Decimal {
        while self.places > 0 && self.digits % 10 == 0 {
            self.digits /= 10;
            self.places -= 1;
        }
        self
    }

    /// The same value written with `places` decimal places (at least its own).
    fn with_places(self, places: u32) -> Decimal {
        let places = places.max(self.places);
        Decimal {
            digits: self.scaled(places),
            places,
        }
    }

    fn plus(self, other: Decimal, times: i128) -> Decimal {
        let places = self.places.max(other.places);
        Decimal {
            digits: self.scaled(places) + times * other.scaled(places),
            places,
        }
    }
}

/// A JSON number in positional notation. The parser keeps a fraction as the nearest double,
/// whose shortest form puts small and large ones in exponent form (`0.000001` comes back as
/// `1e-6`); that form is the number the sender wrote, so it is written out again.
pub fn plain_number(number: &serde_json::Number) -> String {
    let text = number.to_string();
    let Some((mantissa, exponent)) = text.split_once(['e', 'E']) else {
        return text;
    };
    let Ok(exponent) = exponent.parse::<i32>() else {
        return text;
    };
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", mantissa),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    // Where the decimal point falls in `digits`; a double's exponent stays within ±330.
    let point = whole.len() as i32 + exponent;
    let plain = if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point as usize >= digits.len() {
        format!("{digits}{}", "0".repeat(point as usize - digits.len()))
    } else {
        let (int, frac) = digits.split_at(point as usize);
        format!("{int}.{frac}")
    };
    format!("{sign}{plain}")
}

impl Ord for Decimal {
    fn cmp(&self, other: &Decimal) -> Ordering {
        let places = self.places.max(other.places);
        self.scaled(places).cmp(&other.scaled(places))
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Decimal) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.digits < 0 { "-" } else { "" };
        let magnitude = self.digits.unsigned_abs().to_string();
        if self.places == 0 {
            return write!(f, "{sign}{magnitude}");
        }
        let padded = format!("{magnitude:0>width$}", width = self.places as usize + 1);
        let (whole, fraction) = padded.split_at(padded.len() - self.places as usize);
        write!(f, "{sign}{whole}.{fraction}")
    }
}

impl Serialize for Decimal {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// What a number question accepts: validated so that `min <= max` and `step > 0`.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct NumberSpec {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<Decimal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Decimal>,
    /// What ↑/↓ add; its decimal places are the answer's (none: whole numbers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Decimal>,
    /// Shown after the number, e.g. `workers`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// Why typed text is not an answer to a number question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberError {
    NotANumber,
    /// Decimals where the step allows none.
    NotWhole,
    /// More decimal places than the step has.
    TooPrecise {
        places: u32,
    },
    BelowMin(Decimal),
    AboveMax(Decimal),
    /// Not the lowest value (or 0) plus a whole number of steps.
    OffStep {
        step: Decimal,
        from: Decimal,
    },
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotANumber => write!(f, "not a number"),
            NumberError::NotWhole => write!(f, "a whole number, please"),
            NumberError::TooPrecise { places: 1 } => write!(f, "at most 1 decimal place"),
            NumberError::TooPrecise { places } => write!(f, "at most {places} decimal places"),
            NumberError::BelowMin(min) => write!(f, "at least {min}"),
            NumberError::AboveMax(max) => write!(f, "at most {max}"),
            NumberError::OffStep { step, from } => write!(f, "steps of {step} from {from}"),
        }
    }
}

impl NumberSpec {
    /// Decimal places an answer may have: the step's (none without a step).
    pub fn places(&self) -> u32 {
        self.step.map_or(0, |step| step.trimmed().places)
    }

    /// What the question takes, in words: "a whole number from 1 to 64, in workers".
    pub fn describe(&self) -> String {
        let mut text = match self.places() {
            0 => "a whole number".to_string(),
            1 => "a number with at most 1 decimal place".to_string(),
            places => format!("a number with at most {places} decimal places"),
        };
        match (self.min, self.max) {
            (Some(min), Some(max)) => text.push_str(&format!(" from {min} to {max}")),
            (Some(min), None) => text.push_str(&format!(" of at least {min}")),
            (None, Some(max)) => text.push_str(&format!(" of at most {max}")),
            (None, None) => {}
        }
        if let Some(step) = self.step.filter(|step| *step != Decimal::one()) {
            text.push_str(&format!(", in steps of {step}"));
        }
        if let Some(unit) = &self.unit {
            text.push_str(&format!(", in {unit}"));
        }
        text
    }

    /// The answer `text` stands for, or why it is none. Blank text is not a number (callers
    /// treat blank as a skip before asking).
    pub fn check(&self, text: &str) -> Result<Decimal, NumberError> {
        let value = Decimal::parse(text).ok_or(NumberError::NotANumber)?;
        let allowed = self.places();
        let value = match value.trimmed().places {
            places if places <= allowed => value,
            _ if allowed == 0 => return Err(NumberError::NotWhole),
            _ => return Err(NumberError::TooPrecise { places: allowed }),
        };
        if let Some(min) = self.min.filter(|min| value < *min) {
            return Err(NumberError::BelowMin(min));
        }
        if let Some(max) = self.max.filter(|max| value > *max) {
            return Err(NumberError::AboveMax(max));
        }
        if let Some(step) = self.step {
            let from = self.min.unwrap_or_else(Decimal::zero);
            let places = value.places.max(step.places).max(from.places);
            if (value.scaled(places) - from.scaled(places)) % step.scaled(places) != 0 {
                return Err(NumberError::OffStep { step, from });
            }
        }
        Ok(value)
    }

    /// `text` moved by `steps` steps (the step, or 1), kept within the bounds. Text that is
    /// not a number starts from `start` (an example answer), else the lowest value, else 0.
    pub fn stepped(&self, text: &str, start: Option<&str>, steps: i128) -> String {
        let current = Decimal::parse(text);
        let step = self.step.unwrap_or_else(Decimal::one);
        let moved = match current {
            Some(value) => value.plus(step, steps),
            None => start
                .and_then(|start| self.check(start).ok())
                .or(self.min)
                .unwrap_or_else(Decimal::zero),
        };
        let clamped = match (self.min, self.max) {
            (Some(min), _) if moved < min => min,
            (_, Some(max)) if moved > max => max,
            _ => moved,
        };
        clamped.trimmed().with_places(self.places()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decimal(text: &str) -> Decimal {
        Decimal::parse(text).expect("a decimal")
    }

    fn spec(min: Option<&str>, max: Option<&str>, step: Option<&str>) -> NumberSpec {
        NumberSpec {
            min: min.map(decimal),
            max: max.map(decimal),
            step: step.map(decimal),
            unit: None,
        }
    }

    #[test]
    fn decimals_parse_as_written() {
        assert_eq!(decimal("8").to_string(), "8");
        assert_eq!(decimal(" -0.50 ").to_string(), "-0.50");
        assert_eq!(decimal(".5").to_string(), "0.5");
        assert_eq!(decimal("+3.").to_string(), "3");
        for bad in [
            "",
            "-",
            ".",
            "1e3",
            "1,5",
            "0x10",
            "１",
            "1.2.3",
            "1234567890123456789",
        ] {
            assert_eq!(Decimal::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn decimals_compare_by_value() {
        assert!(decimal("2.5") > decimal("2.49"));
        assert_eq!(decimal("2.50").cmp(&decimal("2.5")), Ordering::Equal);
        assert_eq!(decimal("2.50").to_json(), serde_json::json!(2.5));
        assert_eq!(decimal("8").to_json(), serde_json::json!(8));
        assert_eq!(decimal("0.00").to_json(), serde_json::json!(0));
    }

    #[test]
    fn whole_numbers_unless_the_step_has_decimals() {
        let whole = spec(Some("1"), Some("64"), None);
        assert_eq!(whole.check("8"), Ok(decimal("8")));
        assert_eq!(whole.check("8.0"), Ok(decimal("8.0")));
        assert_eq!(whole.check("8.5"), Err(NumberError::NotWhole));
        assert_eq!(whole.check("0"), Err(NumberError::BelowMin(decimal("1"))));
        assert_eq!(whole.check("65"), Err(NumberError::AboveMax(decimal("64"))));
        assert_eq!(whole.check("eight"), Err(NumberError::NotANumber));
        let tenths = spec(None, None, Some("0.1"));
        assert_eq!(tenths.check("0.3"), Ok(decimal("0.3")));
        assert_eq!(
            tenths.check("0.25"),
            Err(NumberError::TooPrecise { places: 1 })
        );
    }

    #[test]
    fn steps_count_from_the_lowest_value() {
        let fives = spec(Some("1"), None, Some("5"));
        assert_eq!(fives.check("11"), Ok(decimal("11")));
        assert_eq!(
            fives.check("10"),
            Err(NumberError::OffStep {
                step: decimal("5"),
                from: decimal("1")
            })
        );
    }

    #[test]
    fn a_spec_says_what_it_takes() {
        let mut workers = spec(Some("1"), Some("64"), None);
        workers.unit = Some("workers".into());
        assert_eq!(
            workers.describe(),
            "a whole number from 1 to 64, in workers"
        );
        let ratio = spec(Some("0"), None, Some("0.25"));
        assert_eq!(
            ratio.describe(),
            "a number with at most 2 decimal places of at least 0, in steps of 0.25"
        );
        assert_eq!(spec(None, None, None).describe(), "a whole number");
    }

    #[test]
    fn stepping_stays_in_bounds_and_never_drifts() {
        let tenths = spec(Some("0"), Some("1"), Some("0.1"));
        let mut text = String::new();
        for _ in 0..3 {
            text = tenths.stepped(&text, None, 1);
        }
        assert_eq!(text, "0.2");
        assert_eq!(tenths.stepped("0.9", None, 5), "1.0");
        assert_eq!(tenths.stepped("0.1", None, -5), "0.0");
        let workers = spec(Some("1"), Some("64"), None);
        assert_eq!(workers.stepped("", Some("8"), 1), "8");
        assert_eq!(workers.stepped("", None, -1), "1");
        assert_eq!(workers.stepped("8", None, 1), "9");
        assert_eq!(spec(None, None, None).stepped("x", None, 1), "0");
    }
}
