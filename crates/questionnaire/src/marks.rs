//! Markdown's inline marks in text a model means as plain: a question's prompt, an option's
//! label and description. The schema asks for plain text there, and models write `code` in
//! backticks and **strong** words anyway; drawn as written, the marks read as noise. Code is
//! drawn in the code color without its backticks, strong text bold without its asterisks. Only
//! what reads one way is taken: a run of backticks closed by a run of the same length
//! (CommonMark's code span), and `**` with no space just inside it closed by `**` on the same
//! line. Anything else is drawn as written: a lone backtick, an unclosed fence, `a ** b`,
//! `snake_case`, `*one star*`. Only the drawing changes (the questionnaire and the transcript
//! cards): the result, the dialogs and the web page quote the text as it was sent.

use tea::{Slot, Span, Style};

/// `text` (sanitized) as spans in `style`, its code spans in the code color, the marks taken out.
pub fn marked_spans(text: &str, style: &Style) -> Vec<Span> {
    let code = Style {
        fg: Some(Slot::MdCode),
        ..style.clone()
    };
    let mut spans = Spans::default();
    let mut plain_from = 0;
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        if rest.starts_with('`') {
            let run = rest.len() - rest.trim_start_matches('`').len();
            if let Some((inside, end)) = code_span(text, at, run) {
                spans.push(&text[plain_from..at], style);
                spans.push(inside, &code);
                (at, plain_from) = (end, end);
            } else {
                at += run;
            }
            continue;
        }
        if rest.starts_with("**")
            && let Some(len) = strong_len(&rest[2..])
        {
            spans.push(&text[plain_from..at], style);
            // Code inside strong text is still code.
            for span in marked_spans(&rest[2..2 + len], &style.clone().bold()) {
                spans.push(&span.text, &span.style);
            }
            at += len + 4;
            plain_from = at;
            continue;
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    spans.push(&text[plain_from..], style);
    spans.0
}

/// The code span opened by the `run` backticks at `at`: its text (one space trimmed from each
/// end when both have one and it is not all spaces) and where it ends; `None` when no run of
/// exactly `run` backticks closes it.
fn code_span(text: &str, at: usize, run: usize) -> Option<(&str, usize)> {
    let start = at + run;
    let mut from = start;
    while let Some(found) = text[from..].find('`') {
        let close = from + found;
        let len = text[close..].len() - text[close..].trim_start_matches('`').len();
        if len == run {
            let inside = &text[start..close];
            let trimmed = match inside.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
                Some(trimmed) if !inside.trim().is_empty() => trimmed,
                _ => inside,
            };
            return Some((trimmed, close + run));
        }
        from = close + len;
    }
    None
}

/// The length of the strong text after an opening `**` (up to its closing `**`): it neither
/// starts nor ends with a space and holds no line break; `None` when there is none.
fn strong_len(after: &str) -> Option<usize> {
    if after.starts_with(char::is_whitespace) {
        return None;
    }
    let line = after.split('\n').next().unwrap_or_default();
    let close = line.find("**")?;
    let inside = &line[..close];
    (!inside.is_empty() && !inside.ends_with(char::is_whitespace)).then_some(close)
}

/// Spans that join neighbours of one style.
#[derive(Default)]
struct Spans(Vec<Span>);

impl Spans {
    fn push(&mut self, text: &str, style: &Style) {
        if text.is_empty() {
            return;
        }
        match self.0.last_mut() {
            Some(last) if last.style == *style => last.text.push_str(text),
            _ => self.0.push(Span::styled(text, style.clone())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spans as text, code in backticks of one: what the drawing shows, and which is code.
    fn shown(text: &str) -> String {
        let style = Style::fg(Slot::Text).bold();
        marked_spans(text, &style)
            .iter()
            .map(|span| match span.style.fg {
                Some(Slot::MdCode) => format!("<{}>", span.text),
                _ => span.text.clone(),
            })
            .collect()
    }

    #[test]
    fn code_in_backticks_is_drawn_as_code() {
        assert_eq!(shown("Rename `parse()` now?"), "Rename <parse()> now?");
        assert_eq!(shown("``a ` b`` and `c`"), "<a ` b> and <c>");
        assert_eq!(shown("`` `x` ``"), "<`x`>");
        assert_eq!(shown("a `  ` b"), "a <  > b");
    }

    #[test]
    fn strong_text_loses_its_asterisks() {
        assert_eq!(shown("Keep **both** files?"), "Keep both files?");
        assert_eq!(
            shown("**Return `Result`** or panic?"),
            "Return <Result> or panic?"
        );
    }

    #[test]
    fn marks_that_do_not_close_are_drawn_as_written() {
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

    proptest::proptest! {
        /// Whatever the text, the marks taken out are backticks, asterisks and the spaces
        /// inside code; the rest is drawn in its order, and every row wraps within its width.
        #[test]
        fn only_marks_are_taken_out(text in "[`* a日\n]{0,40}", columns in 1usize..12) {
            let style = Style::fg(Slot::Text).bold();
            let spans = marked_spans(&text, &style);
            let drawn: String = spans.iter().map(|s| s.text.as_str()).collect();
            let kept = |t: &str| t.chars().filter(|c| !matches!(c, '`' | '*' | ' ')).collect::<String>();
            proptest::prop_assert_eq!(kept(&drawn), kept(&text));
            for row in tea::text::wrap_spans(&spans, columns) {
                let width: usize = row.iter().map(Span::width).sum();
                proptest::prop_assert!(width <= columns);
            }
        }
    }

    #[test]
    fn text_without_marks_is_one_span() {
        let style = Style::fg(Slot::Text).bold();
        assert_eq!(
            marked_spans("Plain, é 日本", &style),
            [Span::styled("Plain, é 日本", style)]
        );
        assert!(marked_spans("", &Style::default()).is_empty());
    }
}
