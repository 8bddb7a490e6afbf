//! JSON text as clients write it. A JavaScript string is UTF-16, and one cut in the middle of
//! an emoji ends in half a surrogate pair, which `JSON.stringify` writes as an escape
//! (`"\ud83d"`). serde_json refuses such an escape; here it reads as U+FFFD, as browsers and
//! `TextEncoder` read it, so the rest of the text is not lost.

use serde_json::Value;

/// `text` parsed as JSON, a lone surrogate escape read as U+FFFD. Text without one is parsed
/// once, as serde_json parses it; an error of another kind is reported as serde_json reports it.
pub fn parse_json(text: &str) -> serde_json::Result<Value> {
    match serde_json::from_str(text) {
        Err(error) if is_surrogate_error(&error) => match lone_surrogates_replaced(text) {
            // The replacement is as long as the escape it replaces, so a later error's line
            // and column are those of the text as sent.
            Some(repaired) => serde_json::from_str(&repaired),
            None => Err(error),
        },
        parsed => parsed,
    }
}

/// Whether serde_json refused `error`'s text for a surrogate escape without its pair.
pub fn is_surrogate_error(error: &serde_json::Error) -> bool {
    // serde_json's error codes are private; these are the messages of the two codes a lone
    // surrogate escape gives (a high one without a low one after it; a low one alone).
    let message = error.to_string();
    error.is_syntax()
        && (message.starts_with("unexpected end of hex escape")
            || message.starts_with("lone leading surrogate in hex escape"))
}

/// `text` with each `\u` escape (four hex digits) of a lone surrogate inside a string written `\ufffd`, or
/// `None` when it has none. Escapes are read in order, so `\\ud83d` is an escaped backslash
/// and the text `ud83d`, not an escape.
fn lone_surrogates_replaced(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut repaired: Option<Vec<u8>> = None;
    let mut in_string = false;
    let mut at = 0;
    while at < bytes.len() {
        match (in_string, bytes[at]) {
            (false, b'"') => in_string = true,
            (true, b'"') => in_string = false,
            (true, b'\\') => {
                let Some(unit) = utf16_escape(bytes, at) else {
                    // Another escape: its character is not read as the string's end or as
                    // the start of an escape.
                    at += 2;
                    continue;
                };
                let paired = is_high_surrogate(unit)
                    && utf16_escape(bytes, at + 6).is_some_and(is_low_surrogate);
                if paired {
                    at += 12;
                    continue;
                }
                if is_high_surrogate(unit) || is_low_surrogate(unit) {
                    repaired.get_or_insert_with(|| bytes.to_vec())[at..at + 6]
                        .copy_from_slice(b"\\ufffd");
                }
                at += 6;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    // Only ASCII was replaced by ASCII, so the bytes are still UTF-8.
    repaired.map(|bytes| String::from_utf8(bytes).expect("ASCII replaced by ASCII"))
}

/// The code unit of the `\u` escape (four hex digits) starting at `at`, if one does.
fn utf16_escape(bytes: &[u8], at: usize) -> Option<u16> {
    let escape = bytes.get(at..at + 6)?;
    if escape[..2] != *b"\\u" {
        return None;
    }
    let hex = std::str::from_utf8(&escape[2..]).ok()?;
    u16::from_str_radix(hex, 16).ok()
}

fn is_high_surrogate(unit: u16) -> bool {
    (0xD800..=0xDBFF).contains(&unit)
}

fn is_low_surrogate(unit: u16) -> bool {
    (0xDC00..=0xDFFF).contains(&unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_surrogate_pair_is_left_as_it_is() {
        let text = r#"{"q": "Ship it? \ud83d\ude80"}"#;
        assert_eq!(lone_surrogates_replaced(text), None);
        assert_eq!(parse_json(text).unwrap(), json!({"q": "Ship it? 🚀"}));
    }

    #[test]
    fn a_high_surrogate_at_the_end_of_a_string_reads_as_a_replacement_character() {
        let text = r#"{"q": "Ship it? \ud83d", "n": 1}"#;
        assert_eq!(
            parse_json(text).unwrap(),
            json!({"q": "Ship it? \u{FFFD}", "n": 1})
        );
    }

    #[test]
    fn a_high_surrogate_before_another_escape_keeps_that_escape() {
        let text = r#"["\ud83d\n", "\uD83D\u0041", "\ud83d\ud83d\ude80"]"#;
        assert_eq!(
            parse_json(text).unwrap(),
            json!(["\u{FFFD}\n", "\u{FFFD}A", "\u{FFFD}🚀"])
        );
    }

    #[test]
    fn a_low_surrogate_alone_reads_as_a_replacement_character() {
        assert_eq!(
            parse_json(r#"["\ude80 launch"]"#).unwrap(),
            json!(["\u{FFFD} launch"])
        );
    }

    #[test]
    fn an_escaped_backslash_before_u_is_text_not_an_escape() {
        let text = r#"["C:\\ud83d", "\\\ud83d"]"#;
        assert_eq!(
            parse_json(text).unwrap(),
            json!([r"C:\ud83d", "\\\u{FFFD}"])
        );
        assert_eq!(lone_surrogates_replaced(r#"["C:\\ud83d"]"#), None);
    }

    #[test]
    fn outside_strings_nothing_is_read_as_an_escape() {
        assert_eq!(lone_surrogates_replaced(r#"{"a": 1} \ud83d"#), None);
    }

    #[test]
    fn invalid_json_is_reported_as_before_with_its_line_and_column() {
        let plain = "{\n  \"q\": x\n}";
        let error = parse_json(plain).unwrap_err();
        assert_eq!((error.line(), error.column()), (2, 8), "{error}");
        assert_eq!(
            error.to_string(),
            serde_json::from_str::<Value>(plain)
                .unwrap_err()
                .to_string()
        );
        // After a repaired escape, a later error is where it is in the text as sent.
        let error = parse_json("{\n  \"q\": \"\\ud83d\",\n  \"n\": x\n}").unwrap_err();
        assert_eq!((error.line(), error.column()), (3, 8), "{error}");
        assert!(!is_surrogate_error(&error));
    }

    #[test]
    fn a_surrogate_error_is_told_apart_from_others() {
        let lone = serde_json::from_str::<Value>(r#""\ud83d""#).unwrap_err();
        let low = serde_json::from_str::<Value>(r#""\ude80""#).unwrap_err();
        let other = serde_json::from_str::<Value>(r#""\x""#).unwrap_err();
        assert!(is_surrogate_error(&lone) && is_surrogate_error(&low));
        assert!(!is_surrogate_error(&other));
    }
}
