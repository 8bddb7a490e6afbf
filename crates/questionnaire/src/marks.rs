//! Markdown's inline marks drawn in the terminal ([`question::marks`]): code in the code color
//! without its backticks, strong text bold without its asterisks, in a prompt, an option's
//! label and description, the Review tab's answers and the transcript cards (the web page draws
//! them as HTML).

use question::marks::pieces;
use tea::{Slot, Span, Style};

/// `text` (sanitized) as spans in `style`, its code spans in the code color, its strong text
/// bold, the marks taken out.
pub fn marked_spans(text: &str, style: &Style) -> Vec<Span> {
    let mut spans = Spans::default();
    for piece in pieces(text) {
        let mut drawn = style.clone();
        if piece.code {
            drawn.fg = Some(Slot::MdCode);
        }
        drawn.bold |= piece.strong;
        spans.push(piece.text, &drawn);
    }
    spans.0
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

    #[test]
    fn code_is_in_the_code_color_and_strong_text_bold() {
        let style = Style::fg(Slot::Muted);
        assert_eq!(
            marked_spans("Keep **both** `a.rs` files", &style),
            [
                Span::styled("Keep ", style.clone()),
                Span::styled("both", style.clone().bold()),
                Span::styled(" ", style.clone()),
                Span::styled("a.rs", Style::fg(Slot::MdCode)),
                Span::styled(" files", style),
            ]
        );
    }

    proptest::proptest! {
        /// Whatever the text, the marks taken out are backticks, asterisks and the spaces
        /// inside code; the rest is drawn in its order, and every row wraps within its width.
        #[test]
        fn only_marks_are_taken_out(text in "[`* a日\\n]{0,40}", columns in 1usize..12) {
            let style = Style::fg(Slot::Text).bold();
            let spans = marked_spans(&text, &style);
            let drawn: String = spans.iter().map(|s| s.text.as_str()).collect();
            let kept = |t: &str| {
                t.chars().filter(|c| !matches!(c, '`' | '*' | ' ')).collect::<String>()
            };
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
