//! The document as blocks: pulldown-cmark's event stream folded into a small tree whose inline
//! text is already sanitized and styled, so layout only has to measure and wrap.

use std::sync::Arc;

use pulldown_cmark::{
    Alignment, CodeBlockKind, Event, HeadingLevel, LinkType, Options, Parser, Tag, TagEnd,
};
use tea::text::{sanitize, sanitize_line};

use crate::verbatim::{self, Part};
use crate::{Code, highlight};
use tea::{Slot, Span, Style};

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Block {
    /// Inline spans; `\n` inside a span is a hard break.
    Paragraph(Vec<Span>),
    Heading {
        level: u8,
        spans: Vec<Span>,
    },
    /// `info` is the fence's info string; `rows` are the code's lines, highlighted. Highlighting
    /// happens here, not in layout, because it does not depend on the width and is the
    /// costliest step.
    Code {
        info: Option<String>,
        /// Fenced code keeps its fence rows; indented code is drawn without them.
        fenced: bool,
        rows: Vec<Vec<Span>>,
    },
    /// Lines laid out by spaces, drawn as written.
    Verbatim(Vec<String>),
    Quote(Vec<Block>),
    List(List),
    Table(Table),
    Rule,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct List {
    /// The first number of an ordered list.
    pub start: Option<u64>,
    /// A tight list's items are not separated by blank lines.
    pub tight: bool,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Item {
    /// `Some(checked)` for a task-list item.
    pub task: Option<bool>,
    pub blocks: Vec<Block>,
}

/// Cells are inline spans.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table {
    pub aligns: Vec<Alignment>,
    pub head: Vec<Vec<Span>>,
    pub rows: Vec<Vec<Vec<Span>>>,
}

/// Parses markdown (CommonMark with GitHub tables, strikethrough and task lists).
///
/// The source is sanitized before parsing, because the parser splits text at `[`, `*` and the
/// like: an escape sequence cut in two would leave its tail (`[31m`) on screen. Tabs expand to
/// CommonMark's own tab stops (4), so indentation keeps its meaning. Every fragment is
/// sanitized again on its way into a span. Text laid out by spaces is taken out before parsing
/// and kept as written ([`verbatim`]).
pub(crate) fn parse(src: &str, code: Code) -> Vec<Block> {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS;
    let src = sanitize(src);
    let mut builder = Builder {
        colors: code,
        ..Builder::default()
    };
    for part in verbatim::split(&src) {
        match part {
            Part::Markdown(range) => {
                let markdown = &src[range];
                for (event, at) in Parser::new_ext(markdown, options).into_offset_iter() {
                    builder.event(event, markdown, at.start);
                }
                builder.end_inline();
            }
            Part::Verbatim(lines) => builder.push_block(Block::Verbatim(lines)),
        }
    }
    builder.finish()
}

/// Whether the backslash before `at` draws rather than escapes: it sits in a run of punctuation
/// with a slash in it (`/\___`, `\_/`), where markdown would otherwise eat it.
fn draws_backslash(src: &str, at: usize) -> bool {
    let bytes = src.as_bytes();
    let drawing = |b: &u8| b.is_ascii_punctuation();
    if at == 0 || bytes.get(at - 1) != Some(&b'\\') || !bytes.get(at).is_some_and(drawing) {
        return false;
    }
    if bytes[at] == b'\\' {
        return false;
    }
    let before = bytes[..at - 1].iter().rev().take_while(|b| drawing(b));
    let after = bytes[at..].iter().take_while(|b| drawing(b));
    before.chain(after).any(|&b| b == b'/')
}

/// Containers nested deeper than this are flattened into their parent: a hostile document of
/// thousands of `>` would otherwise recurse without bound.
const MAX_NESTING: usize = 32;

/// An open container.
enum Open {
    /// A quote, list or item past [`MAX_NESTING`]: its content goes to the enclosing container.
    Flattened,
    Quote(Vec<Block>),
    List {
        start: Option<u64>,
        loose: bool,
        items: Vec<Item>,
    },
    Item(Item),
    Table {
        table: Table,
        row: Vec<Vec<Span>>,
    },
}

enum InlineKind {
    Paragraph,
    Heading(u8),
    Cell,
}

struct OpenLink {
    /// The destination as written (sanitized), shown after the text.
    url: Arc<str>,
    /// Where a terminal hyperlink may point: web and mail addresses only.
    target: Option<Arc<str>>,
    /// Where the link's text starts, in bytes of the inline text.
    text_start: usize,
}

/// The OSC 8 target for a destination: `http`, `https` and `mailto` only. A relative path means
/// nothing to a terminal, and `file:` or custom schemes from untrusted text should not become
/// one click away.
fn hyperlink_target(url: &str) -> Option<Arc<str>> {
    let (scheme, rest) = url.split_once(':')?;
    let allowed = ["http", "https", "mailto"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s));
    (allowed && !rest.is_empty() && !url.contains(char::is_whitespace)).then(|| Arc::from(url))
}

#[derive(Default)]
struct Builder {
    root: Vec<Block>,
    open: Vec<Open>,
    /// Inline text being collected, and what it belongs to.
    inline: Option<(InlineKind, Vec<Span>)>,
    /// Bytes of text in `inline`.
    inline_len: usize,
    /// Code being collected: its info string, whether it is fenced, and its text.
    code: Option<(Option<String>, bool, String)>,
    html: Option<String>,
    strong: usize,
    emphasis: usize,
    strike: usize,
    /// Open links and images.
    links: Vec<OpenLink>,
    /// Bytes of code given to the highlighter so far.
    highlighted: usize,
    /// Whether fenced code is highlighted at all.
    colors: Code,
}

impl Builder {
    /// One parser event; `src` is the markdown it came from and `at` where the event starts.
    fn event(&mut self, event: Event, src: &str, at: usize) {
        if let Some((_, _, code)) = &mut self.code {
            match event {
                Event::Text(text) => code.push_str(&text),
                Event::End(TagEnd::CodeBlock) => self.end_code(),
                _ => {}
            }
            return;
        }
        if let Some(html) = &mut self.html {
            match event {
                Event::Html(text) | Event::Text(text) => html.push_str(&text),
                Event::End(TagEnd::HtmlBlock) => self.end_html(),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(text) if draws_backslash(src, at) => {
                self.text(&format!("\\{text}"), self.style());
            }
            Event::Text(text) => self.text(&text, self.style()),
            Event::Code(text) => {
                let style = Style {
                    fg: Some(Slot::MdCode),
                    ..self.style()
                };
                self.text(&text, style);
            }
            Event::InlineHtml(text) | Event::Html(text) => self.text(&text, self.style()),
            Event::InlineMath(text) | Event::DisplayMath(text) => self.text(&text, self.style()),
            Event::FootnoteReference(label) => self.text(&format!("[^{label}]"), self.style()),
            // A single line break is a line break, as in chat and on GitHub.
            Event::SoftBreak => self.push_span(Span::styled("\n", self.style())),
            Event::HardBreak => self.push_span(Span::styled("\n", self.style())),
            Event::Rule => {
                self.end_inline();
                self.push_block(Block::Rule);
            }
            Event::TaskListMarker(checked) => {
                if let Some(Open::Item(item)) = self.open.last_mut() {
                    item.task = Some(checked);
                }
            }
        }
    }

    fn start(&mut self, tag: Tag) {
        match tag {
            Tag::Paragraph => {
                if let Some(Open::Item(_)) = self.open.last() {
                    self.mark_loose();
                }
                self.begin_inline(InlineKind::Paragraph);
            }
            Tag::Heading { level, .. } => self.begin_inline(InlineKind::Heading(heading(level))),
            Tag::BlockQuote(_) => {
                self.end_inline();
                let open = if self.open.len() >= MAX_NESTING {
                    Open::Flattened
                } else {
                    Open::Quote(Vec::new())
                };
                self.open.push(open);
            }
            Tag::CodeBlock(kind) => {
                self.end_inline();
                let info = match &kind {
                    CodeBlockKind::Fenced(info) if !info.trim().is_empty() => {
                        Some(sanitize_line(info.trim()))
                    }
                    _ => None,
                };
                let fenced = matches!(kind, CodeBlockKind::Fenced(_));
                self.code = Some((info, fenced, String::new()));
            }
            Tag::HtmlBlock => {
                self.end_inline();
                self.html = Some(String::new());
            }
            Tag::List(start) => {
                self.end_inline();
                let open = if self.open.len() >= MAX_NESTING {
                    Open::Flattened
                } else {
                    Open::List {
                        start,
                        loose: false,
                        items: Vec::new(),
                    }
                };
                self.open.push(open);
            }
            Tag::Item => {
                self.end_inline();
                let open = match self.open.last() {
                    Some(Open::List { .. }) => Open::Item(Item::default()),
                    _ => Open::Flattened,
                };
                self.open.push(open);
            }
            Tag::Table(aligns) => {
                self.end_inline();
                self.open.push(Open::Table {
                    table: Table {
                        aligns,
                        head: Vec::new(),
                        rows: Vec::new(),
                    },
                    row: Vec::new(),
                });
            }
            Tag::TableHead | Tag::TableRow => {}
            Tag::TableCell => self.begin_inline(InlineKind::Cell),
            Tag::Emphasis => self.emphasis += 1,
            Tag::Strong => self.strong += 1,
            Tag::Strikethrough => self.strike += 1,
            Tag::Link {
                link_type,
                dest_url,
                ..
            }
            | Tag::Image {
                link_type,
                dest_url,
                ..
            } => {
                let mut url = sanitize_line(&dest_url).trim().to_string();
                if link_type == LinkType::Email && !url.starts_with("mailto:") {
                    url.insert_str(0, "mailto:");
                }
                self.links.push(OpenLink {
                    target: hyperlink_target(&url),
                    url: Arc::from(url),
                    text_start: self.inline_len,
                });
            }
            // Footnote definitions, definition lists and metadata are not enabled; their text
            // still shows as paragraphs.
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        let closes_container =
            matches!(tag, TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item);
        if closes_container && matches!(self.open.last(), Some(Open::Flattened)) {
            self.end_inline();
            self.open.pop();
            return;
        }
        match tag {
            TagEnd::Paragraph | TagEnd::Heading(_) => self.end_inline(),
            TagEnd::BlockQuote(_) => {
                self.end_inline();
                if let Some(Open::Quote(blocks)) = self.open.pop() {
                    self.push_block(Block::Quote(blocks));
                }
            }
            TagEnd::List(_) => {
                self.end_inline();
                if let Some(Open::List {
                    start,
                    loose,
                    items,
                }) = self.open.pop()
                {
                    self.push_block(Block::List(List {
                        start,
                        tight: !loose,
                        items,
                    }));
                }
            }
            TagEnd::Item => {
                self.end_inline();
                if let Some(Open::Item(item)) = self.open.pop()
                    && let Some(Open::List { items, .. }) = self.open.last_mut()
                {
                    items.push(item);
                }
            }
            TagEnd::TableCell => {
                let spans = self
                    .inline
                    .take()
                    .map(|(_, spans)| spans)
                    .unwrap_or_default();
                if let Some(Open::Table { row, .. }) = self.open.last_mut() {
                    row.push(spans);
                }
            }
            TagEnd::TableHead => {
                if let Some(Open::Table { table, row }) = self.open.last_mut() {
                    table.head = std::mem::take(row);
                }
            }
            TagEnd::TableRow => {
                if let Some(Open::Table { table, row }) = self.open.last_mut() {
                    table.rows.push(std::mem::take(row));
                }
            }
            TagEnd::Table => {
                if let Some(Open::Table { table, .. }) = self.open.pop() {
                    self.push_block(Block::Table(table));
                }
            }
            TagEnd::Emphasis => self.emphasis = self.emphasis.saturating_sub(1),
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            TagEnd::Strikethrough => self.strike = self.strike.saturating_sub(1),
            TagEnd::Link | TagEnd::Image => self.end_link(tag == TagEnd::Image),
            _ => {}
        }
    }

    /// The style of inline text at this point.
    fn style(&self) -> Style {
        let mut style = Style::default();
        if let Some((InlineKind::Heading(level), _)) = &self.inline {
            style.fg = Some(Slot::MdHeading);
            style.bold = true;
            style.underline = *level == 1;
        }
        style.bold |= self.strong > 0;
        style.italic = self.emphasis > 0;
        style.strikethrough = self.strike > 0;
        if let Some(link) = self.links.last() {
            style.fg = Some(Slot::MdLink);
            style.underline = true;
            style.link = link.target.clone();
        }
        style
    }

    /// The inline text collected since byte `start`, without styles. It walks back from the
    /// end, so a paragraph of many links costs time in proportion to its length.
    fn inline_text_since(&self, start: usize) -> String {
        let Some((_, spans)) = &self.inline else {
            return String::new();
        };
        let mut pieces = Vec::new();
        let mut end = self.inline_len;
        for span in spans.iter().rev() {
            if end <= start {
                break;
            }
            let span_start = end - span.text.len();
            pieces.push(
                span.text
                    .get(start.saturating_sub(span_start)..)
                    .unwrap_or(""),
            );
            end = span_start;
        }
        pieces.into_iter().rev().collect()
    }

    fn text(&mut self, text: &str, style: Style) {
        let text = sanitize_line(text);
        if !text.is_empty() {
            self.push_span(Span::styled(text, style));
        }
    }

    fn push_span(&mut self, span: Span) {
        if self.inline.is_none() {
            // Tight list items carry their text without a paragraph.
            self.begin_inline(InlineKind::Paragraph);
        }
        let (_, spans) = self.inline.as_mut().expect("inline text is open");
        self.inline_len += span.text.len();
        match spans.last_mut() {
            Some(last) if last.style == span.style => last.text.push_str(&span.text),
            _ => spans.push(span),
        }
    }

    /// Closes a link: shows its target after the text unless the text already says it.
    fn end_link(&mut self, image: bool) {
        let Some(OpenLink {
            url,
            target,
            text_start,
        }) = self.links.pop()
        else {
            return;
        };
        let text = self.inline_text_since(text_start);
        let text = text.trim();
        if image && text.is_empty() {
            let style = Style {
                link: target.clone(),
                ..Style::fg(Slot::MdLink).underline()
            };
            self.push_span(Span::styled("image", style));
        }
        let says_url = text == &*url || url.strip_prefix("mailto:") == Some(text) || url.is_empty();
        if !says_url {
            let style = Style {
                link: target,
                ..Style::fg(Slot::MdLinkUrl)
            };
            self.push_span(Span::styled(format!(" ({url})"), style));
        }
    }

    fn begin_inline(&mut self, kind: InlineKind) {
        self.end_inline();
        self.inline = Some((kind, Vec::new()));
        self.inline_len = 0;
    }

    fn end_inline(&mut self) {
        let Some((kind, spans)) = self.inline.take() else {
            return;
        };
        match kind {
            InlineKind::Paragraph if spans.is_empty() => {}
            InlineKind::Paragraph => self.push_block(Block::Paragraph(spans)),
            InlineKind::Heading(level) => self.push_block(Block::Heading { level, spans }),
            // A cell closed by something else than its end tag keeps its text.
            InlineKind::Cell => {
                if let Some(Open::Table { row, .. }) = self.open.last_mut() {
                    row.push(spans);
                }
            }
        }
    }

    fn end_code(&mut self) {
        let Some((info, fenced, code)) = self.code.take() else {
            return;
        };
        let mut code = sanitize(&code);
        if code.ends_with('\n') {
            code.pop();
        }
        let within_budget = self.colors == Code::Highlighted
            && self.highlighted + code.len() <= highlight::MAX_DOCUMENT_CODE;
        if info.is_some() && within_budget {
            self.highlighted += code.len();
        }
        let rows = if code.is_empty() {
            Vec::new()
        } else {
            highlight::highlight(info.as_deref().filter(|_| within_budget), &code)
        };
        self.push_block(Block::Code { info, fenced, rows });
    }

    fn end_html(&mut self) {
        let Some(html) = self.html.take() else {
            return;
        };
        let text = sanitize(html.trim_end_matches('\n'));
        if !text.is_empty() {
            self.push_block(Block::Paragraph(vec![Span::plain(text)]));
        }
    }

    fn mark_loose(&mut self) {
        if let Some(Open::List { loose, .. }) = self.open.iter_mut().rev().nth(1) {
            *loose = true;
        }
    }

    fn push_block(&mut self, block: Block) {
        let target = self.open.iter_mut().rev().find_map(|open| match open {
            Open::Quote(blocks) => Some(blocks),
            Open::Item(item) => Some(&mut item.blocks),
            Open::List { .. } | Open::Table { .. } | Open::Flattened => None,
        });
        target.unwrap_or(&mut self.root).push(block);
    }

    fn finish(mut self) -> Vec<Block> {
        self.end_inline();
        self.end_code();
        self.end_html();
        while let Some(open) = self.open.pop() {
            match open {
                Open::Quote(blocks) => self.push_block(Block::Quote(blocks)),
                Open::Item(item) => {
                    if let Some(Open::List { items, .. }) = self.open.last_mut() {
                        items.push(item);
                    }
                }
                Open::List {
                    start,
                    loose,
                    items,
                } => self.push_block(Block::List(List {
                    start,
                    tight: !loose,
                    items,
                })),
                Open::Table { table, .. } => self.push_block(Block::Table(table)),
                Open::Flattened => {}
            }
        }
        self.root
    }
}

fn heading(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}
