//! Markdown from the model as safe HTML: the same source the terminal draws, nothing in it able
//! to run or load anything.
//!
//! - Raw HTML (blocks and inline) is shown as text, escaped.
//! - Images never load: their alt text is shown instead.
//! - Links keep only `http`, `https` and `mailto` destinations (as the terminal's hyperlinks
//!   do), open on a click in a new tab with `rel="noopener noreferrer"`; any other destination
//!   (`javascript:`, `data:`, relative paths) leaves just the link's text.
//! - Lines laid out by spaces (ASCII art, aligned columns) are drawn verbatim in a `<pre>`, the
//!   same lines the terminal takes verbatim (`tea_markdown::source_parts`, on the source cleaned
//!   as the terminal cleans it: tabs expanded, escape sequences dropped).
//! - A single line break is a line break, as in the terminal, which draws every source line
//!   on a row of its own: markdown's soft breaks become `<br>`.
//!
//! Plain text (prompts, descriptions) keeps its lines and spaces the same way
//! ([`plain_to_html`]).

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};
use tea_markdown::SourcePart;

use crate::html::escape;

/// Markdown `src` as an HTML fragment.
pub fn to_html(src: &str) -> String {
    let src = tea::text::sanitize(src);
    let mut out = String::new();
    for part in tea_markdown::source_parts(&src) {
        match part {
            SourcePart::Markdown(text) => push_markdown(&mut out, text),
            SourcePart::Verbatim(lines) => push_verbatim(&mut out, &lines),
        }
    }
    out
}

/// Plain text `src` (a prompt, a description) as an HTML fragment with the lines the terminal
/// draws: each source line on a line of its own, runs of spaces kept (`white-space:
/// pre-wrap` on the `.lines` spans), and the lines the terminal would take as a drawing in a
/// `<pre>`, so their columns stay aligned in a monospaced font.
pub fn plain_to_html(src: &str) -> String {
    let src = tea::text::sanitize(src);
    let mut out = String::new();
    for part in tea_markdown::source_parts(&src) {
        match part {
            SourcePart::Markdown(text) => {
                let text = text.trim_matches('\n');
                if !text.is_empty() {
                    out.push_str("<span class=\"lines\">");
                    out.push_str(&marked_html(text));
                    out.push_str("</span>");
                }
            }
            SourcePart::Verbatim(lines) => push_verbatim(&mut out, &lines),
        }
    }
    out
}

/// Plain text as HTML with markdown's inline marks drawn ([`question::marks`]): code spans in
/// `<code>`, strong text in `<strong>`, every piece escaped.
pub fn marked_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for piece in question::marks::pieces(text) {
        let (open, close) = match (piece.code, piece.strong) {
            (true, true) => ("<strong><code>", "</code></strong>"),
            (true, false) => ("<code>", "</code>"),
            (false, true) => ("<strong>", "</strong>"),
            (false, false) => ("", ""),
        };
        out.push_str(open);
        out.push_str(&escape(piece.text));
        out.push_str(close);
    }
    out
}

fn push_verbatim(out: &mut String, lines: &[String]) {
    out.push_str("<pre class=\"art\">");
    out.push_str(&escape(&lines.join("\n")));
    out.push_str("</pre>");
}

fn push_markdown(out: &mut String, text: &str) {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let mut links: Vec<bool> = Vec::new();
    let events = Parser::new_ext(text, options).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        // An image's alt text (the events between its start and end) stays; the image goes.
        Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
        Event::Start(Tag::Link { dest_url, .. }) => {
            let safe = safe_target(&dest_url);
            links.push(safe.is_some());
            safe.map(|url| {
                Event::Html(CowStr::from(format!(
                    "<a href=\"{}\" target=\"_blank\" rel=\"noopener noreferrer\">",
                    escape(url)
                )))
            })
        }
        Event::End(TagEnd::Link) => links
            .pop()
            .unwrap_or(false)
            .then(|| Event::Html(CowStr::from("</a>"))),
        // The terminal draws each source line on a row of its own.
        Event::SoftBreak => Some(Event::HardBreak),
        // Footnote and metadata blocks are off; nothing else can carry a URL.
        other => Some(other),
    });
    html::push_html(out, events);
}

/// The destination if a click may follow it: web and mail addresses only.
fn safe_target(url: &str) -> Option<&str> {
    let url = url.trim();
    let (scheme, rest) = url.split_once(':')?;
    let allowed = ["http", "https", "mailto"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s));
    (allowed && !rest.is_empty() && !url.contains(char::is_whitespace)).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::{marked_html, plain_to_html, to_html};

    #[test]
    fn marks_in_plain_text_are_drawn_and_everything_else_escaped() {
        assert_eq!(
            marked_html("Return `Vec<u8>` or **<b>stop</b>**? a ` b"),
            "Return <code>Vec&lt;u8&gt;</code> or <strong>&lt;b&gt;stop&lt;/b&gt;</strong>? a ` b"
        );
        assert_eq!(
            marked_html("**`x`** and `<script>`"),
            "<strong><code>x</code></strong> and <code>&lt;script&gt;</code>"
        );
        // A drawing keeps its backticks: its columns must not move.
        let html = plain_to_html("Use `grep`:\n\n+--`--+\n| a ` |\n+-----+");
        assert!(html.contains("Use <code>grep</code>:"), "{html}");
        assert!(html.contains("+--`--+"), "{html}");
    }

    #[test]
    fn raw_html_is_text() {
        let html = to_html("<script>window.pwned=1</script>\n\nhi <img src=x onerror=alert(1)>");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("&lt;script&gt;"), "{html}");
    }

    #[test]
    fn images_never_load() {
        let html = to_html("![a cat](http://example.com/cat.png)");
        assert!(!html.contains("<img"), "{html}");
        assert!(html.contains("a cat"), "{html}");
    }

    #[test]
    fn only_web_links_are_links() {
        let html = to_html("[bad](javascript:alert(1)) [good](https://example.com/?a=1&b=\"2\")");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(html.contains("bad"), "{html}");
        assert!(
            html.contains(
                "<a href=\"https://example.com/?a=1&amp;b=&quot;2&quot;\" target=\"_blank\" rel=\"noopener noreferrer\">good</a>"
            ),
            "{html}"
        );
    }

    #[test]
    fn art_is_drawn_verbatim() {
        let html = to_html("+---+  +---+\n| a |->| b |\n+---+  +---+");
        assert!(
            html.starts_with("<pre class=\"art\">+---+  +---+\n| a |-&gt;| b |"),
            "{html}"
        );
    }

    #[test]
    fn a_single_line_break_stays_a_line_break() {
        let html = to_html("stays the bottom terminal box,\njust:\n  • haul rows 12.5 → 15px");
        assert_eq!(
            html,
            "<p>stays the bottom terminal box,<br />\njust:<br />\n• haul rows 12.5 → 15px</p>\n"
        );
    }

    #[test]
    fn a_drawing_with_an_indented_first_line_is_drawn_verbatim() {
        let html = to_html("      _____\n   __/     \\__     <- orbit\n  /  /\\  *   \\ \\");
        assert!(
            html.starts_with("<pre class=\"art\">    _____\n __/     \\__     &lt;- orbit\n"),
            "{html}"
        );
        assert!(!html.contains("<em>"), "{html}");
    }

    #[test]
    fn tabs_and_escapes_are_cleaned_as_in_the_terminal() {
        let html = to_html("a\tb \u{1b}[31mred\u{1b}[0m");
        assert_eq!(html, "<p>a   b red</p>\n");
    }

    #[test]
    fn plain_text_keeps_its_lines_and_drawings() {
        assert_eq!(
            super::plain_to_html("first line\nsecond   line"),
            "<span class=\"lines\">first line\nsecond   line</span>"
        );
        let html = super::plain_to_html("Pick one:\n\nA      B\n1      2\n\n<b>x</b>");
        assert_eq!(
            html,
            "<span class=\"lines\">Pick one:</span><pre class=\"art\">A      B\n1      2</pre>\
             <span class=\"lines\">&lt;b&gt;x&lt;/b&gt;</span>"
        );
    }

    #[test]
    fn code_stays_code() {
        let html = to_html("```rust\nfn main() {}\n```");
        assert!(
            html.contains("<pre><code class=\"language-rust\">fn main() {}"),
            "{html}"
        );
    }
}
