//! Text for the accessible mode: markdown as plain lines, and the one filter every written
//! character passes, so no escape sequence can reach the terminal.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// `text` with every control character (C0, DEL, C1: ESC and CSI included) and every bidi
/// override removed; tabs become a space.
pub fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() || is_bidi_control(c) => None,
            c => Some(c),
        })
        .collect()
}

/// Characters that reorder what follows them on screen.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// Markdown as plain lines: the text of paragraphs and headings, list items after "- " or their
/// number, code blocks' lines as they are, links followed by their address, table rows with
/// their cells separated by " | ". No markup characters, no blank lines.
pub fn markdown_lines(markdown: &str) -> Vec<String> {
    let mut out = Lines::default();
    // The next number of each open list (`None`: a bullet list).
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut links: Vec<String> = Vec::new();
    let mut in_code = false;
    for event in Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    ) {
        match event {
            Event::Start(Tag::Item) => {
                out.flush();
                let depth = lists.len().saturating_sub(1);
                let marker = match lists.last_mut() {
                    Some(Some(number)) => {
                        *number += 1;
                        format!("{}. ", *number - 1)
                    }
                    _ => "- ".to_string(),
                };
                out.current = format!("{}{marker}", "  ".repeat(depth));
            }
            Event::Start(Tag::List(start)) => {
                out.flush();
                lists.push(start);
            }
            Event::End(TagEnd::List(_)) => {
                out.flush();
                lists.pop();
            }
            Event::Start(Tag::CodeBlock(_)) => {
                out.flush();
                in_code = true;
            }
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(Tag::Link { dest_url, .. }) => links.push(dest_url.to_string()),
            Event::End(TagEnd::Link) => {
                if let Some(url) = links.pop()
                    && !url.is_empty()
                    && !out.current.ends_with(url.as_str())
                {
                    out.current.push_str(&format!(" ({url})"));
                }
            }
            Event::End(TagEnd::TableCell) => out.current.push_str(" | "),
            Event::End(TagEnd::TableRow | TagEnd::TableHead) => {
                let row = out.current.trim_end().trim_end_matches('|').to_string();
                out.current = row;
                out.flush();
            }
            Event::End(
                TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item | TagEnd::BlockQuote(_),
            )
            | Event::Rule
            | Event::HardBreak => out.flush(),
            Event::Text(text) if in_code => {
                for line in text.lines() {
                    out.current.push_str(line);
                    out.flush();
                }
            }
            Event::Text(text) | Event::Code(text) | Event::InlineMath(text) => {
                out.current.push_str(&text)
            }
            Event::DisplayMath(text) => {
                out.flush();
                out.current.push_str(&text);
                out.flush();
            }
            Event::SoftBreak => out.current.push(' '),
            Event::Html(text) | Event::InlineHtml(text) => out.current.push_str(text.trim_end()),
            _ => {}
        }
    }
    out.flush();
    out.lines
}

#[derive(Default)]
struct Lines {
    lines: Vec<String>,
    current: String,
}

impl Lines {
    /// Ends the current line; a blank one is dropped.
    fn flush(&mut self) {
        let line = std::mem::take(&mut self.current);
        if !line.trim().is_empty() {
            self.lines.push(line.trim_end().to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_goes_and_text_stays() {
        let cases: &[(&str, &[&str])] = &[
            ("**Bold** and _em_ and `code`", &["Bold and em and code"]),
            ("# Plan\nTwo steps", &["Plan", "Two steps"]),
            (
                "- one\n- two\n  - deeper",
                &["- one", "- two", "  - deeper"],
            ),
            ("3. three\n4. four", &["3. three", "4. four"]),
            (
                "```rust\nfn main() {\n    run();\n}\n```",
                &["fn main() {", "    run();", "}"],
            ),
            (
                "See [the docs](https://example.com)",
                &["See the docs (https://example.com)"],
            ),
            ("<https://example.com>", &["https://example.com"]),
            ("| a | b |\n|---|---|\n| 1 | 2 |", &["a | b", "1 | 2"]),
            ("first\n\n---\n\nsecond", &["first", "second"]),
            ("> quoted", &["quoted"]),
        ];
        for (markdown, lines) in cases {
            assert_eq!(markdown_lines(markdown), *lines, "{markdown:?}");
        }
    }

    #[test]
    fn clean_removes_every_control_and_bidi_override() {
        assert_eq!(
            clean("a\u{1b}[31mb\u{9b}2Jc\u{7}\u{7f}d\u{202e}e\tf\r"),
            "a[31mb2Jcde f"
        );
    }
}
