//! Markdown's inline marks in text a model means as plain: a question's prompt, an option's
//! label and description. The schema asks for plain text there, and models write `code` in
//! backticks and **strong** words anyway; shown as written, the marks read as noise. This reads
//! the two that read one way, for the surfaces that draw them (the terminal, the web page): a
//! run of backticks closed by a run of the same length (CommonMark's code span), and `**` with
//! no space just inside it closed by `**` on the same line. Anything else is text as written: a
//! lone backtick, an unclosed fence, `a ** b`, `snake_case`, `*one star*`. The text itself is
//! never changed: results quote it as it was sent.

use std::collections::HashMap;

/// A piece of marked text: what it says, and how it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece<'a> {
    pub text: &'a str,
    /// Inside a code span (its backticks taken out).
    pub code: bool,
    /// Inside strong text (its asterisks taken out).
    pub strong: bool,
}

/// The pieces of `text`, in order, the marks taken out; neighbours differ in how they are drawn.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    push_pieces(&mut out, text, false);
    out
}

fn push_pieces<'a>(out: &mut Vec<Piece<'a>>, text: &'a str, strong: bool) {
    let runs = Runs::of(text);
    let mut plain_from = 0;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        if rest.starts_with('`') {
            let run = rest.len() - rest.trim_start_matches('`').len();
            if let Some((inside, end)) = code_span(text, &runs, at, run) {
                push(out, &text[plain_from..at], false, strong);
                push(out, inside, true, strong);
                (at, plain_from) = (end, end);
            } else {
                at += run;
            }
            continue;
        }
        if rest.starts_with("**")
            && let Some(len) = strong_len(&rest[2..])
        {
            push(out, &text[plain_from..at], false, strong);
            // Code inside strong text is still code.
            push_pieces(out, &rest[2..2 + len], true);
            at += len + 4;
            plain_from = at;
            continue;
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    push(out, &text[plain_from..], false, strong);
}

/// Adds a piece; an empty one is left out.
fn push<'a>(out: &mut Vec<Piece<'a>>, text: &'a str, code: bool, strong: bool) {
    if text.is_empty() {
        return;
    }
    out.push(Piece { text, code, strong });
}

/// The code span opened by the `run` backticks at `at`: its text (one space trimmed from each
/// end when both have one and it is not all spaces) and where it ends; `None` when no run of
/// exactly `run` backticks closes it.
fn code_span<'a>(text: &'a str, runs: &Runs, at: usize, run: usize) -> Option<(&'a str, usize)> {
    let start = at + run;
    let close = runs.next(run, start)?;
    let inside = &text[start..close];
    let trimmed = match inside.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
        Some(trimmed) if !inside.trim().is_empty() => trimmed,
        _ => inside,
    };
    Some((trimmed, close + run))
}

/// Where the runs of backticks start, by their length: a code span's closer is found without
/// reading the text again, so text of many unclosed runs (a hostile label) is read once.
struct Runs(HashMap<usize, Vec<usize>>);

impl Runs {
    fn of(text: &str) -> Runs {
        let mut runs: HashMap<usize, Vec<usize>> = HashMap::new();
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            if bytes[at] != b'`' {
                at += 1;
                continue;
            }
            let len = bytes[at..].iter().take_while(|&&b| b == b'`').count();
            runs.entry(len).or_default().push(at);
            at += len;
        }
        Runs(runs)
    }

    /// The first run of exactly `len` backticks at or after `from`.
    fn next(&self, len: usize, from: usize) -> Option<usize> {
        let starts = self.0.get(&len)?;
        starts.get(starts.partition_point(|&at| at < from)).copied()
    }
}

/// The length of the strong text after an opening `**` (up to its closing `**`): it neither
/// starts nor ends with a space and holds no line break; `None` when there is none.
fn strong_len(after: &str) -> Option<usize> {
    if after.starts_with(char::is_whitespace) {
        return None;
    }
    // The next `**` only: reading on to the line's end for each opener would read a long line
    // once per opener.
    let close = after.find("**")?;
    let inside = &after[..close];
    let closes = !inside.is_empty() && !inside.ends_with(char::is_whitespace);
    (closes && !inside.contains('\n')).then_some(close)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces as text: code in `<>`, strong text in `[]`.
    fn shown(text: &str) -> String {
        pieces(text)
            .iter()
            .map(|p| match (p.code, p.strong) {
                (true, true) => format!("[<{}>]", p.text),
                (true, false) => format!("<{}>", p.text),
                (false, true) => format!("[{}]", p.text),
                (false, false) => p.text.to_string(),
            })
            .collect()
    }

    #[test]
    fn code_in_backticks_is_code() {
        assert_eq!(shown("Rename `parse()` now?"), "Rename <parse()> now?");
        assert_eq!(shown("``a ` b`` and `c`"), "<a ` b> and <c>");
        assert_eq!(shown("`` `x` ``"), "<`x`>");
        assert_eq!(shown("a `  ` b"), "a <  > b");
        assert_eq!(shown("` `` `"), "<``>");
    }

    #[test]
    fn runs_of_every_length_without_a_partner_stay_text() {
        // Each run's closer is looked up, not searched for: text of many unclosed runs is read
        // once, however long.
        let text: String = (1..=400).map(|n| format!("{} x ", "`".repeat(n))).collect();
        assert_eq!(shown(&text), text);
        let closed = format!("{text}{}", "`".repeat(400));
        assert!(
            shown(&closed).ends_with(">"),
            "the longest run closes at the end"
        );
    }

    #[test]
    fn strong_text_loses_its_asterisks() {
        assert_eq!(shown("Keep **both** files?"), "Keep [both] files?");
        assert_eq!(
            shown("**Return `Result`** or panic?"),
            "[Return ][<Result>] or panic?"
        );
    }

    #[test]
    fn marks_that_do_not_close_are_text() {
        for text in [
            "Press ` to open the console",
            "Use ``` fences or `` pairs?",
            "a ** b ** c",
            "**no close",
            "x **\n** y",
            "snake_case and *one star*",
            "****",
        ] {
            assert_eq!(shown(text), text, "{text:?}");
        }
    }

    #[test]
    fn text_without_marks_is_one_piece() {
        assert_eq!(
            pieces("Plain, é 日本"),
            [Piece {
                text: "Plain, é 日本",
                code: false,
                strong: false
            }]
        );
        assert!(pieces("").is_empty());
    }
}
