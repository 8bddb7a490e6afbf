//! Palettes: the colors and attributes behind the semantic [`Slot`]s and [`BgSlot`]s.
//!
//! Views never see a palette. They draw slots; [`crate::frame::render`] resolves them with the
//! palette it is given, so one view serves the CLI's built-in palettes and a host's theme, and
//! the environment (`NO_COLOR`, the terminal program) never leaks into rendering: the host
//! decides which palette to pass.

mod level;

pub use level::{ColorLevel, ansi256_rgb, nearest_ansi256, nearest_basic};

use crate::style::{BgSlot, Place, Slot};

/// A terminal color as an SGR parameter can name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// The terminal's own default (`39` / `49`).
    Default,
    /// One of the 16 basic colors: 0–7 normal (`30–37`), 8–15 bright (`90–97`).
    Basic(u8),
    /// The 256-color table (`38;5;n`).
    Indexed(u8),
    /// Truecolor (`38;2;r;g;b`).
    Rgb(u8, u8, u8),
}

impl Color {
    /// Parses `#rrggbb`.
    pub fn hex(hex: &str) -> Option<Color> {
        let digits = hex.strip_prefix('#')?;
        if digits.len() != 6 || !digits.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
        Some(Color::Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    /// Appends this color's SGR parameters (without `ESC [` and `m`).
    pub(crate) fn push_sgr(self, out: &mut String, background: bool) {
        use std::fmt::Write;
        let _ = match (self, background) {
            (Color::Default, false) => write!(out, "39"),
            (Color::Default, true) => write!(out, "49"),
            (Color::Basic(n), false) if n < 8 => write!(out, "{}", 30 + n),
            (Color::Basic(n), true) if n < 8 => write!(out, "{}", 40 + n),
            (Color::Basic(n), false) => write!(out, "{}", 90 + (n & 7)),
            (Color::Basic(n), true) => write!(out, "{}", 100 + (n & 7)),
            (Color::Indexed(n), false) => write!(out, "38;5;{n}"),
            (Color::Indexed(n), true) => write!(out, "48;5;{n}"),
            (Color::Rgb(r, g, b), false) => write!(out, "38;2;{r};{g};{b}"),
            (Color::Rgb(r, g, b), true) => write!(out, "48;2;{r};{g};{b}"),
        };
    }
}

/// Text attributes a palette adds to a slot (a no-color palette uses them to keep slots apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Attrs {
    pub bold: bool,
    pub dim: bool,
    pub italic: bool,
    pub underline: bool,
    pub reverse: bool,
}

impl Attrs {
    pub const NONE: Attrs = Attrs {
        bold: false,
        dim: false,
        italic: false,
        underline: false,
        reverse: false,
    };
    pub const DIM: Attrs = Attrs {
        dim: true,
        ..Attrs::NONE
    };
    pub const BOLD: Attrs = Attrs {
        bold: true,
        ..Attrs::NONE
    };
    pub const REVERSE: Attrs = Attrs {
        reverse: true,
        ..Attrs::NONE
    };
}

const SLOTS: usize = Slot::ALL.len();
const BG_SLOTS: usize = BgSlot::ALL.len();

/// Slot → color (and extra attributes), background slot → color, and output switches.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Palette {
    fg: [Color; SLOTS],
    fg_attrs: [Attrs; SLOTS],
    bg: [Color; BG_SLOTS],
    bg_attrs: [Attrs; BG_SLOTS],
    /// The colors and attributes of a program's own slots ([`Slot::own`]), by their number;
    /// those past the end, or `None`, have none.
    own: Vec<Option<(Color, Attrs)>>,
    /// Whether any color is emitted; `false` for `NO_COLOR` (attributes stay).
    pub colors: bool,
    /// Whether links are drawn as OSC 8 hyperlinks.
    pub links: bool,
    /// Whether it is meant for a light background: the terminal's default foreground is then
    /// the darker of its two default colors (a view that draws with them, such as a QR code's
    /// modules, needs to know which is dark; see [`Event::Background`]).
    ///
    /// [`Event::Background`]: crate::Event::Background
    pub light: bool,
}

/// A foreground slot's built-in colors: (dark, light); "" is the terminal's default color.
fn fg_colors(slot: Slot) -> (&'static str, &'static str) {
    match slot {
        Slot::Accent => ("#8abeb7", "#5f8787"),
        Slot::Border => ("#5f87ff", "#5f87af"),
        Slot::BorderAccent => ("#00d7ff", "#5f8787"),
        Slot::BorderMuted => ("#505050", "#b0b0b0"),
        Slot::Success => ("#b5bd68", "#5f8700"),
        Slot::Error => ("#cc6666", "#af0000"),
        Slot::Warning => ("#ffff00", "#9a7326"),
        Slot::Muted => ("#808080", "#6c6c6c"),
        Slot::Dim => ("#666666", "#8a8a8a"),
        Slot::Text => ("", ""),
        Slot::Title => ("", ""),
        Slot::Output => ("#808080", "#6c6c6c"),
        Slot::MdHeading => ("#f0c674", "#9a7326"),
        Slot::MdLink => ("#81a2be", "#547da7"),
        Slot::MdLinkUrl => ("#666666", "#8a8a8a"),
        Slot::MdCode => ("#8abeb7", "#5f8787"),
        Slot::MdCodeBlock => ("#b5bd68", "#5f8700"),
        Slot::MdCodeBlockBorder => ("#808080", "#6c6c6c"),
        Slot::MdQuote => ("#808080", "#6c6c6c"),
        Slot::MdQuoteBorder => ("#808080", "#6c6c6c"),
        Slot::MdHr => ("#808080", "#6c6c6c"),
        Slot::MdListBullet => ("#8abeb7", "#5f8787"),
        Slot::SyntaxComment => ("#6a9955", "#008000"),
        Slot::SyntaxKeyword => ("#569cd6", "#0000ff"),
        Slot::SyntaxFunction => ("#dcdcaa", "#795e26"),
        Slot::SyntaxVariable => ("#9cdcfe", "#001080"),
        Slot::SyntaxString => ("#ce9178", "#a31515"),
        Slot::SyntaxNumber => ("#b5cea8", "#098658"),
        Slot::SyntaxType => ("#4ec9b0", "#267f99"),
        Slot::SyntaxOperator => ("#d4d4d4", "#000000"),
        Slot::SyntaxPunctuation => ("#d4d4d4", "#000000"),
        // A program's own: set by the program that names it.
        _ => ("", ""),
    }
}

/// A background slot's built-in colors: (dark, light).
fn bg_colors(slot: BgSlot) -> (&'static str, &'static str) {
    match slot {
        BgSlot::SelectedBg => ("#3a3a4a", "#d0d0e0"),
        BgSlot::PendingBg => ("#282832", "#e8e8f0"),
        BgSlot::SuccessBg => ("#283228", "#e8f0e8"),
        BgSlot::ErrorBg => ("#3c2828", "#f0e8e8"),
    }
}

/// A color from a built-in table: `#rrggbb`, or "" for the terminal's default.
fn hex(hex: &str) -> Color {
    if hex.is_empty() {
        Color::Default
    } else {
        Color::hex(hex).unwrap_or(Color::Default)
    }
}

impl Palette {
    /// Colors for a dark terminal background.
    pub fn dark() -> Palette {
        Palette::with_colors(
            Slot::ALL.map(|slot| hex(fg_colors(slot).0)),
            BgSlot::ALL.map(|slot| hex(bg_colors(slot).0)),
        )
    }

    /// Colors for a light terminal background.
    pub fn light() -> Palette {
        let mut palette = Palette::with_colors(
            Slot::ALL.map(|slot| hex(fg_colors(slot).1)),
            BgSlot::ALL.map(|slot| hex(bg_colors(slot).1)),
        );
        palette.light = true;
        palette
    }

    /// No colors at all (`NO_COLOR`): bold, italic, underline and reverse stay, dim and muted
    /// text is faint, accents are bold and a selected row is reversed, so nothing that colors
    /// distinguish becomes invisible.
    pub fn no_color() -> Palette {
        let mut fg_attrs = [Attrs::NONE; SLOTS];
        for (i, slot) in Slot::ALL.into_iter().enumerate() {
            fg_attrs[i] = match slot {
                Slot::Accent | Slot::BorderAccent | Slot::MdHeading | Slot::Error => Attrs::BOLD,
                Slot::Dim | Slot::Muted | Slot::BorderMuted | Slot::SyntaxComment => Attrs::DIM,
                _ => Attrs::NONE,
            };
        }
        let mut bg_attrs = [Attrs::NONE; BG_SLOTS];
        bg_attrs[BgSlot::SelectedBg as usize] = Attrs::REVERSE;
        Palette {
            fg: [Color::Default; SLOTS],
            fg_attrs,
            bg: [Color::Default; BG_SLOTS],
            bg_attrs,
            own: Vec::new(),
            colors: false,
            links: false,
            light: false,
        }
    }

    fn with_colors(fg: [Color; SLOTS], bg: [Color; BG_SLOTS]) -> Palette {
        Palette {
            fg,
            fg_attrs: [Attrs::NONE; SLOTS],
            bg,
            bg_attrs: [Attrs::NONE; BG_SLOTS],
            own: Vec::new(),
            colors: true,
            links: false,
            light: false,
        }
    }

    /// Turns OSC 8 hyperlinks on or off.
    pub fn with_links(mut self, links: bool) -> Palette {
        self.links = links;
        self
    }

    pub fn fg(&self, slot: Slot) -> Color {
        match slot.place() {
            Place::BuiltIn(i) => self.fg[i],
            Place::Own(own) => self.own(own).0,
        }
    }

    pub fn bg(&self, slot: BgSlot) -> Color {
        self.bg[slot as usize]
    }

    pub fn fg_attrs(&self, slot: Slot) -> Attrs {
        match slot.place() {
            Place::BuiltIn(i) => self.fg_attrs[i],
            Place::Own(own) => self.own(own).1,
        }
    }

    pub fn bg_attrs(&self, slot: BgSlot) -> Attrs {
        self.bg_attrs[slot as usize]
    }

    /// Sets a slot's color, a built-in one or a program's own.
    pub fn set_fg(&mut self, slot: Slot, color: Color) {
        match slot.place() {
            Place::BuiltIn(i) => self.fg[i] = color,
            Place::Own(own) => self.own_mut(own).0 = color,
        }
    }

    pub fn set_bg(&mut self, slot: BgSlot, color: Color) {
        self.bg[slot as usize] = color;
    }

    pub fn set_fg_attrs(&mut self, slot: Slot, attrs: Attrs) {
        match slot.place() {
            Place::BuiltIn(i) => self.fg_attrs[i] = attrs,
            Place::Own(own) => self.own_mut(own).1 = attrs,
        }
    }

    /// [`Palette::set_fg`] for building a palette in one expression.
    pub fn with_fg(mut self, slot: Slot, color: Color) -> Palette {
        self.set_fg(slot, color);
        self
    }

    fn own(&self, own: usize) -> (Color, Attrs) {
        let set = self.own.get(own).copied().flatten();
        set.unwrap_or((Color::Default, Attrs::NONE))
    }

    fn own_mut(&mut self, at: usize) -> &mut (Color, Attrs) {
        if self.own.len() <= at {
            self.own.resize(at + 1, None);
        }
        self.own[at].get_or_insert((Color::Default, Attrs::NONE))
    }

    /// Every color of the program's own slots through `convert` (to a terminal's color level).
    pub(crate) fn map_own_colors(&mut self, convert: impl Fn(Color) -> Color) {
        for (color, _) in self.own.iter_mut().flatten() {
            *color = convert(*color);
        }
    }

    /// The program's own slots with their attributes and no colors (as `NO_COLOR` asks).
    pub(crate) fn own_without_colors(&self) -> Vec<Option<(Color, Attrs)>> {
        let strip = |set: &Option<(Color, Attrs)>| set.map(|(_, attrs)| (Color::Default, attrs));
        self.own.iter().map(strip).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_palette_holds_each_slot_at_its_own_index() {
        for (i, slot) in Slot::ALL.into_iter().enumerate() {
            assert!(
                matches!(slot.place(), Place::BuiltIn(at) if at == i),
                "{slot:?}"
            );
        }

        for (i, slot) in BgSlot::ALL.into_iter().enumerate() {
            assert_eq!(slot as usize, i, "{slot:?}");
        }
    }

    #[test]
    fn the_built_in_palettes_read_their_colors_by_slot() {
        let (dark, light) = (Palette::dark(), Palette::light());
        assert_eq!(dark.fg(Slot::Accent), Color::Rgb(0x8a, 0xbe, 0xb7));
        assert_eq!(light.fg(Slot::Accent), Color::Rgb(0x5f, 0x87, 0x87));
        assert_eq!(dark.fg(Slot::Text), Color::Default);
        assert_eq!(
            dark.fg(Slot::SyntaxPunctuation),
            Color::Rgb(0xd4, 0xd4, 0xd4)
        );
        assert_eq!(light.bg(BgSlot::ErrorBg), Color::Rgb(0xf0, 0xe8, 0xe8));
        for slot in Slot::ALL {
            let (dark_hex, light_hex) = fg_colors(slot);
            assert_eq!(dark.fg(slot), hex(dark_hex), "{slot:?}");
            assert_eq!(light.fg(slot), hex(light_hex), "{slot:?}");
        }
    }

    #[test]
    fn a_programs_own_slot_takes_the_color_its_palette_sets_else_the_default() {
        let badge = Slot::own("badge");
        assert_eq!(badge, Slot::own("badge"), "one name, one slot");
        assert_eq!(badge.name(), "badge");
        let mut palette = Palette::dark();
        assert_eq!(palette.fg(badge), Color::Default);
        assert_eq!(palette.fg_attrs(badge), Attrs::NONE);
        palette.set_fg(badge, Color::Rgb(1, 2, 3));
        palette.set_fg_attrs(badge, Attrs::BOLD);
        palette.set_fg(Slot::own("tag"), Color::Basic(2));
        palette.set_fg(badge, Color::Rgb(4, 5, 6));
        assert_eq!(palette.fg(badge), Color::Rgb(4, 5, 6));
        assert_eq!(palette.fg_attrs(badge), Attrs::BOLD);
        assert_eq!(palette.fg(Slot::own("tag")), Color::Basic(2));
        // The built-in slots are untouched, and a name is a slot only by itself.
        assert_eq!(palette.fg(Slot::Accent), Palette::dark().fg(Slot::Accent));
        assert_eq!(palette.fg(Slot::own("accent")), Color::Default);
        assert_ne!(palette, Palette::dark());
    }
}
