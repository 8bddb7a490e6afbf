//! Fenced code drawn plain for a first frame that must not wait, and knowing when highlighting
//! would compile nothing new. Each test names its own language: readiness is process-wide.

mod support;

use support::tagged;
use tea_markdown::{Code, MarkdownCache, Paged, code_is_ready, render, render_with};

const RUST: &str = "Run:\n\n```rust\nfn main() {}\n```";

#[test]
fn plain_code_keeps_the_text_in_the_code_color() {
    let plain = render_with(RUST, 40, Code::Plain);
    assert_eq!(tagged(&plain)[3], "[mdCodeBlock]fn main() {}[/]");
    let highlighted = render(RUST, 40);
    assert_ne!(tagged(&highlighted)[3], tagged(&plain)[3]);
    let text = |lines: &[tea::Line]| lines.iter().map(tea::Line::plain_text).collect::<Vec<_>>();
    assert_eq!(
        text(&plain),
        text(&highlighted),
        "the same rows, only colored"
    );
}

#[test]
fn code_is_ready_once_its_language_was_highlighted() {
    let erlang = "```erlang\nmain() -> ok.\n```";
    tea_markdown::warm_up();
    assert!(!code_is_ready(erlang));
    render_with(erlang, 40, Code::Plain);
    assert!(!code_is_ready(erlang), "plain code compiles nothing");
    render(erlang, 40);
    assert!(code_is_ready(erlang));
    assert!(code_is_ready(&format!(
        "{erlang}\n\ntext\n\n```erl\nx() -> 1.\n```"
    )));
}

#[test]
fn code_naming_no_grammar_is_ready_once_the_definitions_are_loaded() {
    // Before they are, any named language counts as not ready: telling needs them.
    tea_markdown::warm_up();
    for src in [
        "no code at all",
        "```\nplain fence\n```",
        "```no-such-language\nx\n```",
        "    indented code",
    ] {
        assert!(code_is_ready(src), "{src:?}");
    }
}

#[test]
fn a_cache_redraws_when_code_turns_highlighted() {
    let src = "```python\nx = 1\n```";
    let mut cache = MarkdownCache::new();
    cache.set_code(Code::Plain);
    assert_eq!(tagged(&cache.get(src, 30))[1], "[mdCodeBlock]x = 1[/]");
    cache.set_code(Code::Highlighted);
    assert_eq!(tagged(&cache.get(src, 30)), tagged(&render(src, 30)));
}

#[test]
fn a_paged_document_draws_code_as_told() {
    let src = "```go\nfunc main() {}\n```";
    let mut doc = Paged::new(tea_markdown::Kind::Markdown, 30).with_code(Code::Plain);
    doc.show(src, 0, 10);
    let rows: Vec<tea::Line> = doc.rows(0, 10).cloned().collect();
    assert_eq!(tagged(&rows)[1], "[mdCodeBlock]func main() {}[/]");
}
