//! Durations as an operator writes them: `90s`, `5m`, `1h`, `90d`, `1500ms`, or parts together
//! (`1m30s`). Every host parses a time limit the same way, and key scripts' `wait:` steps take
//! the same durations, so a value means the same everywhere.

use std::fmt;
use std::time::Duration;

/// What a duration may look like, for messages.
const FORMS: &str = "a duration such as 90s, 5m, 1m30s or 1500ms (units h, m, s, ms)";

/// Why a duration was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DurationError {
    /// Nothing was given.
    Empty,
    /// Not a duration: `text` as given.
    Invalid(String),
    /// A negative duration.
    Negative(String),
    /// A duration of zero: it would end before anyone could answer.
    Zero(String),
    /// More than a duration can hold.
    TooLong(String),
}

impl fmt::Display for DurationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DurationError::Empty => write!(f, "expected {FORMS}; got nothing"),
            DurationError::Invalid(text) => write!(f, "expected {FORMS}; got `{text}`"),
            DurationError::Negative(text) => {
                write!(f, "a duration cannot be negative; got `{text}`")
            }
            DurationError::Zero(text) => {
                write!(f, "a duration must be longer than zero; got `{text}`")
            }
            DurationError::TooLong(text) => write!(f, "the duration `{text}` is too long"),
        }
    }
}

impl std::error::Error for DurationError {}

/// Parses a time limit: `90s`, `5m`, `2h`, `1m30s`, `1h 5m`, `1500ms` (a bare number is
/// seconds, as for `timeout(1)`). Units are `d`, `h`, `m`, `s` and `ms`, case-insensitive, each at
/// most once and largest first; the result is longer than zero.
pub fn parse_duration(text: &str) -> Result<Duration, DurationError> {
    let duration = parse_span(text)?;
    if duration.is_zero() {
        return Err(DurationError::Zero(text.trim().to_string()));
    }
    Ok(duration)
}

/// Parses a span of time in the same forms as [`parse_duration`], zero included (`wait:0s`
/// in a key script lets no time pass, which is harmless).
pub fn parse_span(text: &str) -> Result<Duration, DurationError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(DurationError::Empty);
    }
    let invalid = || DurationError::Invalid(trimmed.to_string());
    if let Some(rest) = trimmed.strip_prefix('-') {
        // Only a duration that would otherwise parse is called negative.
        return Err(match parse_span(rest) {
            Ok(_) => DurationError::Negative(trimmed.to_string()),
            Err(_) => invalid(),
        });
    }
    let millis = if trimmed.bytes().all(|b| b.is_ascii_digit()) {
        trimmed
            .parse::<u64>()
            .ok()
            .and_then(|seconds| seconds.checked_mul(1000))
            .ok_or_else(|| DurationError::TooLong(trimmed.to_string()))?
    } else {
        sum_of_parts(trimmed)?
    };
    Ok(Duration::from_millis(millis))
}

/// `1h5m30s` (spaces between parts allowed) in milliseconds.
fn sum_of_parts(text: &str) -> Result<u64, DurationError> {
    let invalid = || DurationError::Invalid(text.to_string());
    let too_long = || DurationError::TooLong(text.to_string());
    let mut rest = text;
    let mut total: u64 = 0;
    // The units not yet used, largest first: each may come once, in this order.
    // Days too, for spans measured in days (how long history is kept, `90d`).
    let mut units: &[(&str, u64)] = &[
        ("d", 86_400_000),
        ("h", 3_600_000),
        ("m", 60_000),
        ("s", 1000),
        ("ms", 1),
    ];
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Err(invalid());
        }
        let number: u64 = rest[..digits].parse().map_err(|_| too_long())?;
        let after = &rest[digits..];
        // The longest unit that fits: `ms` before `m`.
        let unit = ["ms", "d", "h", "m", "s"]
            .into_iter()
            .find(|unit| {
                after
                    .get(..unit.len())
                    .is_some_and(|head| head.eq_ignore_ascii_case(unit))
            })
            .ok_or_else(invalid)?;
        let at = units
            .iter()
            .position(|(u, _)| *u == unit)
            .ok_or_else(invalid)?;
        let part = number.checked_mul(units[at].1).ok_or_else(too_long)?;
        total = total.checked_add(part).ok_or_else(too_long)?;
        units = &units[at + 1..];
        rest = after[unit.len()..].trim_start();
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(text: &str) -> u64 {
        parse_duration(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .as_secs()
    }

    #[test]
    fn accepted_forms() {
        assert_eq!(secs("90s"), 90);
        assert_eq!(secs("5m"), 300);
        assert_eq!(secs("2h"), 7200);
        assert_eq!(secs("1m30s"), 90);
        assert_eq!(secs("1h 5m"), 3900);
        assert_eq!(secs(" 1H2M3S "), 3723);
        assert_eq!(secs("45"), 45);
        assert_eq!(secs("0m10s"), 10);
        assert_eq!(secs("1m500ms"), 60);
        let millis = |text| parse_duration(text).map(|d| d.as_millis());
        assert_eq!(millis("1500ms"), Ok(1500));
        assert_eq!(millis("1s 250MS"), Ok(1250));
        assert_eq!(millis("1h2m3s4ms"), Ok(3_723_004));
        assert_eq!(secs("90d"), 90 * 86_400);
        assert_eq!(secs("1d12h"), 129_600);
        assert!(parse_duration("12h1d").is_err(), "largest unit first");
    }

    #[test]
    fn a_span_may_be_zero_and_nothing_else_differs() {
        assert_eq!(parse_span("0s"), Ok(Duration::ZERO));
        assert_eq!(parse_span("0ms"), Ok(Duration::ZERO));
        assert_eq!(parse_span("1h"), Ok(Duration::from_secs(3600)));
        assert_eq!(
            parse_span("-0s"),
            Err(DurationError::Negative("-0s".into()))
        );
        assert_eq!(parse_span("5x"), Err(DurationError::Invalid("5x".into())));
    }

    #[test]
    fn refused_forms_say_why() {
        use DurationError::*;
        let cases = [
            ("", Empty),
            ("  ", Empty),
            ("0", Zero("0".into())),
            ("0s", Zero("0s".into())),
            ("0h0m", Zero("0h0m".into())),
            ("-5m", Negative("-5m".into())),
            ("-0s", Negative("-0s".into())),
            ("--5m", Invalid("--5m".into())),
            ("abc", Invalid("abc".into())),
            ("5x", Invalid("5x".into())),
            ("m", Invalid("m".into())),
            ("1.5m", Invalid("1.5m".into())),
            ("30s1m", Invalid("30s1m".into())),
            ("1m1m", Invalid("1m1m".into())),
            ("5 m", Invalid("5 m".into())),
            ("5ms1s", Invalid("5ms1s".into())),
            ("1.5s", Invalid("1.5s".into())),
            ("2mss", Invalid("2mss".into())),
            ("99999999999999999", TooLong("99999999999999999".into())),
            (
                "99999999999999999999s",
                TooLong("99999999999999999999s".into()),
            ),
            ("9999999999999999h", TooLong("9999999999999999h".into())),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_duration(text), Err(expected), "{text:?}");
        }
    }

    #[test]
    fn messages_name_the_value_and_the_forms() {
        let message = parse_duration("soon").unwrap_err().to_string();
        assert_eq!(
            message,
            "expected a duration such as 90s, 5m, 1m30s or 1500ms (units h, m, s, ms); got `soon`"
        );
        assert!(
            parse_duration("0s")
                .unwrap_err()
                .to_string()
                .contains("longer than zero")
        );
        assert!(
            parse_duration("-1m")
                .unwrap_err()
                .to_string()
                .contains("negative")
        );
    }
}
