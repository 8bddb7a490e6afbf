//! Markdown to pre-wrapped, semantically styled terminal lines.
//!
//! [`render`] turns CommonMark (with GitHub tables, strikethrough and task lists) into
//! [`tea::Line`]s no wider than the width it is given. Styles are theme slots only (`mdHeading`,
//! `mdCode`, `syntaxKeyword`, …), so the host's theme colors everything, code included. All text
//! from the source (prose, code, link targets, table cells) passes through
//! [`tea::text::sanitize`], so no escape sequence in the markdown reaches the terminal.
//!
//! Fenced code is highlighted by syntect, whose syntax definitions load on first use
//! ([`warm_up`] loads them ahead of time) and whose grammars compile as code first meets them.
//! A host whose first frame must not wait draws code plain ([`Code::Plain`]) until
//! [`code_is_ready`] says the grammars are compiled ([`compile_code`], on another thread). [`MarkdownCache`] keeps renders per (source, width);
//! [`Paged`] renders a long document piece by piece, as its rows are shown.
//! [`MarkdownBlock`] is the markdown component for `tea::components` views.

mod block;
mod cache;
mod document;
mod highlight;
mod layout;
mod paged;
mod table;
mod verbatim;

pub use block::MarkdownBlock;
pub use cache::MarkdownCache;
pub use paged::{Kind, Paged};

/// A part of a markdown source as the terminal draws it: markdown to parse, or lines laid out by
/// spaces (aligned columns, box drawing, ASCII art) drawn as written. Other renderers of the same
/// source (a web page) use it to keep the terminal's verbatim guess.
#[derive(Debug, Clone, PartialEq)]
pub enum SourcePart<'a> {
    Markdown(&'a str),
    Verbatim(Vec<String>),
}

/// Cuts `src` into markdown and verbatim parts, in order, as [`render`] does (without the
/// terminal's sanitizing: the caller escapes for its own medium).
pub fn source_parts(src: &str) -> Vec<SourcePart<'_>> {
    verbatim::split(src)
        .into_iter()
        .map(|part| match part {
            verbatim::Part::Markdown(range) => SourcePart::Markdown(&src[range]),
            verbatim::Part::Verbatim(lines) => SourcePart::Verbatim(lines),
        })
        .collect()
}

use tea::Line;

/// Renders markdown as rows of at most `width` columns (a width of 0 is treated as 1).
/// Blocks are separated by one blank row; there are no leading or trailing blank rows.
///
/// ```
/// use tea::Slot;
///
/// let lines = tea_markdown::render("# Plan\n\nUse `sqlite` \x1b[31mnow\x1b[0m.", 12);
/// let rows: Vec<String> = lines.iter().map(|l| l.plain_text()).collect();
/// assert_eq!(rows, ["Plan", "", "Use sqlite", "now."]);
/// assert_eq!(lines[0].spans[0].style.fg, Some(Slot::MdHeading));
/// assert_eq!(lines[2].spans[1].style.fg, Some(Slot::MdCode));
/// ```
pub fn render(src: &str, width: usize) -> Vec<Line> {
    render_with(src, width, Code::Highlighted)
}

/// How fenced code is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Code {
    /// Colored by its language. The first block of a language in a process compiles that
    /// grammar's patterns as it meets them: milliseconds for a large grammar.
    #[default]
    Highlighted,
    /// In the plain code color, at no cost up front: for a first frame that must not wait for
    /// a grammar (see [`code_is_ready`]).
    Plain,
}

/// [`render`], with fenced code drawn as `code` says.
pub fn render_with(src: &str, width: usize, code: Code) -> Vec<Line> {
    lay_out(&document::parse(src, code), width)
}

/// Whether highlighting `src`'s fenced code would compile nothing new: every language it names
/// was highlighted before in this process, or names no grammar. Cheap, and loads nothing: until
/// the syntax definitions are loaded ([`warm_up`]), code naming any language is not ready.
pub fn code_is_ready(src: &str) -> bool {
    use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};
    Parser::new(src).all(|event| match event {
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => highlight::is_warm(&info),
        _ => true,
    })
}

fn lay_out(blocks: &[document::Block], width: usize) -> Vec<Line> {
    let width = width.max(1);
    let lines = layout::blocks(blocks, width, 0, false);
    debug_assert!(
        lines.iter().all(|line| line.width() <= width),
        "a markdown row is wider than {width}"
    );
    // Layout keeps every row within the width; this only guards release builds against a
    // layout bug reaching a host that cannot draw a wider row.
    lines
        .into_iter()
        .map(|line| {
            if line.width() <= width {
                line
            } else {
                tea::text::truncate_line(&line, width)
            }
        })
        .collect()
}

/// Highlights `src`'s fenced code and drops the result: afterwards its languages are ready
/// ([`code_is_ready`]). For a background thread, ahead of a frame that shows the code.
pub fn compile_code(src: &str) {
    document::parse(src, Code::Highlighted);
}

/// Loads the syntax definitions now rather than on the first code block. Hosts may call it on a
/// background thread at startup. Each language's patterns still compile on first use.
pub fn warm_up() {
    highlight::syntaxes();
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
