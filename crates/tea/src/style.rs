//! Semantic styles: what a piece of text *means* (accent, error, syntax keyword…), never which
//! color it is. A [`crate::theme::Palette`] turns slots into colors at render time, so the same
//! view draws in the CLI's built-in palettes and in the host's theme.

use std::sync::Arc;

/// Foreground slots, named for what the text means in any program. Hosts with themes of their own
/// map their color names onto these and set the colors ([`crate::theme::Palette::set_fg`]), as
/// pi's addon does with pi's theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slot {
    Accent,
    Border,
    BorderAccent,
    BorderMuted,
    Success,
    Error,
    Warning,
    Muted,
    Dim,
    Text,
    /// A title or name that heads a block (a tool call, a card).
    Title,
    /// A block of output shown under a title (results, logs).
    Output,
    MdHeading,
    MdLink,
    MdLinkUrl,
    MdCode,
    MdCodeBlock,
    MdCodeBlockBorder,
    MdQuote,
    MdQuoteBorder,
    MdHr,
    MdListBullet,
    SyntaxComment,
    SyntaxKeyword,
    SyntaxFunction,
    SyntaxVariable,
    SyntaxString,
    SyntaxNumber,
    SyntaxType,
    SyntaxOperator,
    SyntaxPunctuation,
}

impl Slot {
    pub const ALL: [Slot; 31] = [
        Slot::Accent,
        Slot::Border,
        Slot::BorderAccent,
        Slot::BorderMuted,
        Slot::Success,
        Slot::Error,
        Slot::Warning,
        Slot::Muted,
        Slot::Dim,
        Slot::Text,
        Slot::Title,
        Slot::Output,
        Slot::MdHeading,
        Slot::MdLink,
        Slot::MdLinkUrl,
        Slot::MdCode,
        Slot::MdCodeBlock,
        Slot::MdCodeBlockBorder,
        Slot::MdQuote,
        Slot::MdQuoteBorder,
        Slot::MdHr,
        Slot::MdListBullet,
        Slot::SyntaxComment,
        Slot::SyntaxKeyword,
        Slot::SyntaxFunction,
        Slot::SyntaxVariable,
        Slot::SyntaxString,
        Slot::SyntaxNumber,
        Slot::SyntaxType,
        Slot::SyntaxOperator,
        Slot::SyntaxPunctuation,
    ];

    /// The slot's name, as snapshots tag styles with it (`borderAccent`, `syntaxKeyword`, …).
    pub fn name(self) -> &'static str {
        match self {
            Slot::Accent => "accent",
            Slot::Border => "border",
            Slot::BorderAccent => "borderAccent",
            Slot::BorderMuted => "borderMuted",
            Slot::Success => "success",
            Slot::Error => "error",
            Slot::Warning => "warning",
            Slot::Muted => "muted",
            Slot::Dim => "dim",
            Slot::Text => "text",
            Slot::Title => "title",
            Slot::Output => "output",
            Slot::MdHeading => "mdHeading",
            Slot::MdLink => "mdLink",
            Slot::MdLinkUrl => "mdLinkUrl",
            Slot::MdCode => "mdCode",
            Slot::MdCodeBlock => "mdCodeBlock",
            Slot::MdCodeBlockBorder => "mdCodeBlockBorder",
            Slot::MdQuote => "mdQuote",
            Slot::MdQuoteBorder => "mdQuoteBorder",
            Slot::MdHr => "mdHr",
            Slot::MdListBullet => "mdListBullet",
            Slot::SyntaxComment => "syntaxComment",
            Slot::SyntaxKeyword => "syntaxKeyword",
            Slot::SyntaxFunction => "syntaxFunction",
            Slot::SyntaxVariable => "syntaxVariable",
            Slot::SyntaxString => "syntaxString",
            Slot::SyntaxNumber => "syntaxNumber",
            Slot::SyntaxType => "syntaxType",
            Slot::SyntaxOperator => "syntaxOperator",
            Slot::SyntaxPunctuation => "syntaxPunctuation",
        }
    }
}

/// Background slots: the selected row, and blocks whose state is pending, a success or an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BgSlot {
    SelectedBg,
    PendingBg,
    SuccessBg,
    ErrorBg,
}

impl BgSlot {
    pub const ALL: [BgSlot; 4] = [
        BgSlot::SelectedBg,
        BgSlot::PendingBg,
        BgSlot::SuccessBg,
        BgSlot::ErrorBg,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BgSlot::SelectedBg => "selectedBg",
            BgSlot::PendingBg => "pendingBg",
            BgSlot::SuccessBg => "successBg",
            BgSlot::ErrorBg => "errorBg",
        }
    }
}

/// How a run of text looks, in semantic terms.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Style {
    pub fg: Option<Slot>,
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    pub strikethrough: bool,
    pub reverse: bool,
    /// Target of an OSC 8 hyperlink, drawn only where the host enables links.
    pub link: Option<Arc<str>>,
    /// Marks the caret: the first cell of a span so styled is where a view that asks for its
    /// cursor on the caret ([`crate::view::Cursor::on_caret`]) gets the terminal's cursor. Only
    /// the layout knows where an editor ended up, so the mark travels with the text. It does
    /// not change how the text looks.
    pub caret: bool,
    /// The part of the view this text belongs to, for the mouse (see [`crate::mouse`]). It
    /// does not change how the text looks.
    pub hit: Option<HitId>,
}

impl Style {
    pub fn fg(slot: Slot) -> Style {
        Style {
            fg: Some(slot),
            ..Style::default()
        }
    }
    pub fn bold(mut self) -> Style {
        self.bold = true;
        self
    }
    pub fn italic(mut self) -> Style {
        self.italic = true;
        self
    }
    pub fn underline(mut self) -> Style {
        self.underline = true;
        self
    }
    pub fn strikethrough(mut self) -> Style {
        self.strikethrough = true;
        self
    }
    pub fn reverse(mut self) -> Style {
        self.reverse = true;
        self
    }
    pub fn link(mut self, url: impl Into<Arc<str>>) -> Style {
        self.link = Some(url.into());
        self
    }
    /// Marks the caret's cell (see [`Style::caret`](Style#structfield.caret)).
    pub fn caret(mut self) -> Style {
        self.caret = true;
        self
    }
    /// Marks the text as part `id` of the view, for the mouse (see [`crate::mouse`]).
    pub fn hit(mut self, id: HitId) -> Style {
        self.hit = Some(id);
        self
    }
}

/// A run of text with one style. The text must already be sanitized (no control characters);
/// `text::sanitize` is the way in for untrusted strings. Its width is measured by the text
/// module, which knows the widths.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub text: String,
    pub style: Style,
}

impl Span {
    pub fn plain(text: impl Into<String>) -> Span {
        Span {
            text: text.into(),
            style: Style::default(),
        }
    }
    pub fn styled(text: impl Into<String>, style: Style) -> Span {
        Span {
            text: text.into(),
            style,
        }
    }
}

/// One terminal row of styled spans, optionally on a background slot.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Line {
    pub spans: Vec<Span>,
    pub bg: Option<BgSlot>,
}

impl Line {
    pub fn new(spans: Vec<Span>) -> Line {
        Line { spans, bg: None }
    }
    pub fn plain(text: impl Into<String>) -> Line {
        Line::new(vec![Span::plain(text)])
    }
    pub fn styled(text: impl Into<String>, style: Style) -> Line {
        Line::new(vec![Span::styled(text, style)])
    }
    pub fn with_bg(mut self, bg: BgSlot) -> Line {
        self.bg = Some(bg);
        self
    }
    pub fn push(&mut self, span: Span) {
        self.spans.push(span);
    }
    /// The text without styles.
    pub fn plain_text(&self) -> String {
        self.spans.iter().map(|s| s.text.as_str()).collect()
    }
}

impl From<&str> for Span {
    fn from(text: &str) -> Span {
        Span::plain(text)
    }
}

impl From<String> for Span {
    fn from(text: String) -> Span {
        Span::plain(text)
    }
}
/// A program's name for a part of its view that the mouse can hit ([`crate::mouse`]): a span
/// carries it in its style, so the mark travels with the text through layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HitId(pub u32);
