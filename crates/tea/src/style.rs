//! Semantic styles: what a piece of text *means* (accent, error, syntax keyword…), never which
//! color it is. A [`crate::theme::Palette`] turns slots into colors at render time, so the same
//! view draws in the CLI's built-in palettes and in the host's theme.

use std::sync::{Arc, Mutex};

/// Foreground slots, named for what the text means in any program. Hosts with themes of their own
/// map their color names onto these and set the colors ([`crate::theme::Palette::set_fg`]), as
/// pi's addon does with pi's theme. A program names what tea has no name for as a slot of its
/// own ([`Slot::own`]).
///
/// A slot is one byte (the built-in ones first, then the program's own) so that a style, copied
/// into every span of every frame, stays as small with own slots as without them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot(u8);

#[allow(non_upper_case_globals)] // named like the variants of an enum, which they stand for
impl Slot {
    pub const Accent: Slot = Slot(0);
    pub const Border: Slot = Slot(1);
    pub const BorderAccent: Slot = Slot(2);
    pub const BorderMuted: Slot = Slot(3);
    pub const Success: Slot = Slot(4);
    pub const Error: Slot = Slot(5);
    pub const Warning: Slot = Slot(6);
    pub const Muted: Slot = Slot(7);
    pub const Dim: Slot = Slot(8);
    pub const Text: Slot = Slot(9);
    /// A title or name that heads a block (a tool call, a card).
    pub const Title: Slot = Slot(10);
    /// A block of output shown under a title (results, logs).
    pub const Output: Slot = Slot(11);
    pub const MdHeading: Slot = Slot(12);
    pub const MdLink: Slot = Slot(13);
    pub const MdLinkUrl: Slot = Slot(14);
    pub const MdCode: Slot = Slot(15);
    pub const MdCodeBlock: Slot = Slot(16);
    pub const MdCodeBlockBorder: Slot = Slot(17);
    pub const MdQuote: Slot = Slot(18);
    pub const MdQuoteBorder: Slot = Slot(19);
    pub const MdHr: Slot = Slot(20);
    pub const MdListBullet: Slot = Slot(21);
    pub const SyntaxComment: Slot = Slot(22);
    pub const SyntaxKeyword: Slot = Slot(23);
    pub const SyntaxFunction: Slot = Slot(24);
    pub const SyntaxVariable: Slot = Slot(25);
    pub const SyntaxString: Slot = Slot(26);
    pub const SyntaxNumber: Slot = Slot(27);
    pub const SyntaxType: Slot = Slot(28);
    pub const SyntaxOperator: Slot = Slot(29);
    pub const SyntaxPunctuation: Slot = Slot(30);

    /// The built-in slots, in the order palettes hold them.
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

    /// The program's own slot named `name`: the same slot each time it is asked for by that
    /// name, in any part of the program. Naming takes a lock: a view that draws with it often
    /// keeps it (`static BADGE: LazyLock<Slot> = LazyLock::new(|| Slot::own("badge"))`).
    ///
    /// # Panics
    ///
    /// When a program names more than 225 slots of its own.
    pub fn own(name: &'static str) -> Slot {
        let mut names = own_names();
        let at = match names.iter().position(|known| *known == name) {
            Some(at) => at,
            None => {
                names.push(name);
                names.len() - 1
            }
        };
        u8::try_from(BUILT_IN + at)
            .map(Slot)
            .expect("at most 225 slots of a program's own")
    }

    /// The slot's name, as snapshots tag styles with it (`borderAccent`, `syntaxKeyword`, …,
    /// and a program's own as it named them).
    pub fn name(self) -> &'static str {
        match self.place() {
            Place::BuiltIn(i) => NAMES[i],
            Place::Own(i) => own_names()[i],
        }
    }

    /// Where a palette holds the slot.
    pub(crate) fn place(self) -> Place {
        let i = usize::from(self.0);
        if i < BUILT_IN {
            Place::BuiltIn(i)
        } else {
            Place::Own(i - BUILT_IN)
        }
    }
}

impl std::fmt::Debug for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.place() {
            Place::BuiltIn(i) => f.write_str(DEBUG_NAMES[i]),
            Place::Own(i) => write!(f, "own({:?})", own_names()[i]),
        }
    }
}

const BUILT_IN: usize = Slot::ALL.len();

/// The built-in slots' names, in the order of [`Slot::ALL`].
const NAMES: [&str; BUILT_IN] = [
    "accent",
    "border",
    "borderAccent",
    "borderMuted",
    "success",
    "error",
    "warning",
    "muted",
    "dim",
    "text",
    "title",
    "output",
    "mdHeading",
    "mdLink",
    "mdLinkUrl",
    "mdCode",
    "mdCodeBlock",
    "mdCodeBlockBorder",
    "mdQuote",
    "mdQuoteBorder",
    "mdHr",
    "mdListBullet",
    "syntaxComment",
    "syntaxKeyword",
    "syntaxFunction",
    "syntaxVariable",
    "syntaxString",
    "syntaxNumber",
    "syntaxType",
    "syntaxOperator",
    "syntaxPunctuation",
];

/// The built-in slots' names as the code spells them.
const DEBUG_NAMES: [&str; BUILT_IN] = [
    "Accent",
    "Border",
    "BorderAccent",
    "BorderMuted",
    "Success",
    "Error",
    "Warning",
    "Muted",
    "Dim",
    "Text",
    "Title",
    "Output",
    "MdHeading",
    "MdLink",
    "MdLinkUrl",
    "MdCode",
    "MdCodeBlock",
    "MdCodeBlockBorder",
    "MdQuote",
    "MdQuoteBorder",
    "MdHr",
    "MdListBullet",
    "SyntaxComment",
    "SyntaxKeyword",
    "SyntaxFunction",
    "SyntaxVariable",
    "SyntaxString",
    "SyntaxNumber",
    "SyntaxType",
    "SyntaxOperator",
    "SyntaxPunctuation",
];

/// Where a palette holds a slot's color.
pub(crate) enum Place {
    /// At this place in [`Slot::ALL`].
    BuiltIn(usize),
    /// At this place among the program's own slots.
    Own(usize),
}

/// The names of the program's own slots, in the order they were first named; an own slot's
/// number is its place here.
static OWN_NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

fn own_names() -> std::sync::MutexGuard<'static, Vec<&'static str>> {
    OWN_NAMES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
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
