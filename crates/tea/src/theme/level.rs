//! How many colors a terminal shows, and palettes brought down to that.
//!
//! The level is read from the environment the way other terminal programs read it
//! ([`ColorLevel::detect`]); a palette is then brought down once ([`Palette::at_level`]), so
//! frames are written with colors the terminal has and cost nothing more to write.

use super::{Attrs, Color, Palette};
use crate::style::BgSlot;

/// The colors a terminal can show, from most to fewest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ColorLevel {
    /// No colors; attributes (bold, faint, reverse…) only.
    NoColor,
    /// The 16 basic colors (`30–37`, `90–97`), whose shades the terminal's theme picks.
    Ansi16,
    /// The xterm 256-color table (`38;5;n`).
    Ansi256,
    /// Any RGB color (`38;2;r;g;b`).
    TrueColor,
}

impl ColorLevel {
    /// The level the environment describes; `var` looks a variable up (`std::env::var` in a
    /// program, a table in tests). In order:
    ///
    /// - `FORCE_COLOR`: `0`/`false` means no color; `1`/`true`/empty at least 16 colors, `2`
    ///   256, `3` truecolor. `CLICOLOR_FORCE` set and not `0`: at least 16 colors. Forcing is
    ///   the more specific wish, so it wins over `NO_COLOR`.
    /// - `NO_COLOR` set and not empty: no color.
    /// - `TERM_PROGRAM=Apple_Terminal` (macOS Terminal, which has no truecolor): 256 colors.
    /// - `COLORTERM` `truecolor` or `24bit`: truecolor.
    /// - `TERM`: unset, empty or `dumb`, no color; naming `truecolor`, `24bit` or `direct`, or a
    ///   terminal known for truecolor (kitty, ghostty, WezTerm, Alacritty, foot), truecolor;
    ///   naming `256color`, 256; any other, 16.
    pub fn detect(var: impl Fn(&str) -> Option<String>) -> ColorLevel {
        let forced = forced_level(&var);
        if forced == Some(ColorLevel::NoColor) {
            return ColorLevel::NoColor;
        }
        let no_color = var("NO_COLOR").is_some_and(|value| !value.is_empty());
        let found = if no_color {
            ColorLevel::NoColor
        } else {
            level_of_terminal(&var)
        };
        match forced {
            Some(at_least) => found.max(at_least),
            None => found,
        }
    }

    /// [`ColorLevel::detect`] on this process's environment.
    pub fn from_env() -> ColorLevel {
        ColorLevel::detect(|name| std::env::var(name).ok())
    }
}

/// What `FORCE_COLOR` or `CLICOLOR_FORCE` ask for, if anything.
fn forced_level(var: &impl Fn(&str) -> Option<String>) -> Option<ColorLevel> {
    if let Some(value) = var("FORCE_COLOR") {
        return Some(match value.trim().to_ascii_lowercase().as_str() {
            "0" | "false" => ColorLevel::NoColor,
            "2" => ColorLevel::Ansi256,
            "3" => ColorLevel::TrueColor,
            _ => ColorLevel::Ansi16,
        });
    }
    var("CLICOLOR_FORCE")
        .filter(|value| !value.is_empty() && value != "0")
        .map(|_| ColorLevel::Ansi16)
}

/// The level the terminal's own variables describe.
fn level_of_terminal(var: &impl Fn(&str) -> Option<String>) -> ColorLevel {
    if var("TERM_PROGRAM").as_deref() == Some("Apple_Terminal") {
        return ColorLevel::Ansi256;
    }
    let colorterm = var("COLORTERM").unwrap_or_default().to_ascii_lowercase();
    if colorterm == "truecolor" || colorterm == "24bit" {
        return ColorLevel::TrueColor;
    }
    let term = var("TERM").unwrap_or_default().to_ascii_lowercase();
    const TRUECOLOR_TERMINALS: [&str; 6] = [
        "xterm-kitty",
        "xterm-ghostty",
        "wezterm",
        "alacritty",
        "foot",
        "foot-extra",
    ];
    if term.is_empty() || term == "dumb" {
        ColorLevel::NoColor
    } else if ["truecolor", "24bit", "direct"]
        .iter()
        .any(|mark| term.contains(mark))
        || TRUECOLOR_TERMINALS.contains(&term.as_str())
    {
        ColorLevel::TrueColor
    } else if term.contains("256color") {
        ColorLevel::Ansi256
    } else {
        ColorLevel::Ansi16
    }
}

impl Palette {
    /// This palette with every color one the terminal at `level` shows: truecolor as is; the
    /// nearest of the 256-color table; the nearest of the 16 basic colors, where a background
    /// nearest black or white (a tint of the terminal's own background, which 16 colors cannot
    /// tell from it) is dropped and its slot takes the no-color palette's attributes (a selected
    /// row is reversed); with no color, the no-color palette (links as this one has them).
    pub fn at_level(&self, level: ColorLevel) -> Palette {
        let mut palette = self.clone();
        match level {
            ColorLevel::TrueColor => {}
            ColorLevel::Ansi256 => {
                palette.fg = palette.fg.map(to_ansi256);
                palette.bg = palette.bg.map(to_ansi256);
                palette.map_own_colors(to_ansi256);
            }
            ColorLevel::Ansi16 => {
                palette.fg = palette.fg.map(to_ansi16);
                palette.map_own_colors(to_ansi16);
                let marks = Palette::no_color();
                for slot in BgSlot::ALL {
                    let i = slot as usize;
                    match to_ansi16(palette.bg[i]) {
                        Color::Basic(0 | 7 | 8 | 15) => {
                            palette.bg[i] = Color::Default;
                            palette.bg_attrs[i] = merged(palette.bg_attrs[i], marks.bg_attrs[i]);
                        }
                        color => palette.bg[i] = color,
                    }
                }
            }
            ColorLevel::NoColor => {
                palette = Palette {
                    light: self.light,
                    ..Palette::no_color().with_links(self.links)
                };
                // A program's own slots keep what tells them apart without color.
                palette.own = self.own_without_colors();
            }
        }
        palette
    }
}

fn merged(a: Attrs, b: Attrs) -> Attrs {
    Attrs {
        bold: a.bold || b.bold,
        dim: a.dim || b.dim,
        italic: a.italic || b.italic,
        underline: a.underline || b.underline,
        reverse: a.reverse || b.reverse,
    }
}

/// The six levels of each channel in the 256-color table's 6×6×6 cube (indices 16–231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// xterm's default RGB values of the 16 basic colors, what most terminal themes stay close to.
const BASIC: [(u8, u8, u8); 16] = [
    (0, 0, 0),
    (205, 0, 0),
    (0, 205, 0),
    (205, 205, 0),
    (0, 0, 238),
    (205, 0, 205),
    (0, 205, 205),
    (229, 229, 229),
    (127, 127, 127),
    (255, 0, 0),
    (0, 255, 0),
    (255, 255, 0),
    (92, 92, 255),
    (255, 0, 255),
    (0, 255, 255),
    (255, 255, 255),
];

/// A color of the 256-color table: RGB to the nearest entry of the cube or the grey ramp
/// (never 0–15, whose shades the terminal's theme changes).
fn to_ansi256(color: Color) -> Color {
    match color {
        Color::Rgb(r, g, b) => Color::Indexed(nearest_ansi256(r, g, b)),
        other => other,
    }
}

/// A basic color: RGB and table entries to the nearest of the 16.
fn to_ansi16(color: Color) -> Color {
    match color {
        Color::Indexed(n) if n < 16 => Color::Basic(n),
        Color::Indexed(n) => {
            let (r, g, b) = ansi256_rgb(n);
            Color::Basic(nearest_basic(r, g, b))
        }
        Color::Rgb(r, g, b) => Color::Basic(nearest_basic(r, g, b)),
        other => other,
    }
}

/// The nearest 256-color entry: the nearest cube color or the nearest grey, whichever is
/// closer (the way tmux picks).
pub fn nearest_ansi256(r: u8, g: u8, b: u8) -> u8 {
    let level = |c: u8| {
        (0..CUBE.len())
            .min_by_key(|&i| CUBE[i].abs_diff(c))
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let cube_index = (16 + 36 * ri + 6 * gi + bi) as u8;
    let cube = (CUBE[ri], CUBE[gi], CUBE[bi]);
    let grey_index = (232..=255u8)
        .min_by_key(|&n| distance((r, g, b), ansi256_rgb(n)))
        .unwrap_or(232);
    if distance((r, g, b), ansi256_rgb(grey_index)) < distance((r, g, b), cube) {
        grey_index
    } else {
        cube_index
    }
}

/// The RGB value xterm gives a 256-color entry.
pub fn ansi256_rgb(n: u8) -> (u8, u8, u8) {
    match n {
        0..=15 => BASIC[n as usize],
        16..=231 => {
            let i = n - 16;
            (
                CUBE[(i / 36) as usize],
                CUBE[(i / 6 % 6) as usize],
                CUBE[(i % 6) as usize],
            )
        }
        _ => {
            let grey = 8 + 10 * (n - 232);
            (grey, grey, grey)
        }
    }
}

/// The nearest of the 16 basic colors. A color with a hue (its channels at least
/// [`CHROMATIC`] apart) goes to the nearest of the 12 with one, a grey to the nearest of black,
/// white and their bright forms: plain distance would make a muted red or teal grey, and a
/// tinted dark grey blue.
pub fn nearest_basic(r: u8, g: u8, b: u8) -> u8 {
    let chroma = r.max(g).max(b) - r.min(g).min(b);
    let is_grey = |i: &u8| matches!(i, 0 | 7 | 8 | 15);
    (0..16u8)
        .filter(|i| is_grey(i) == (chroma < CHROMATIC))
        .min_by_key(|&i| distance((r, g, b), BASIC[i as usize]))
        .unwrap_or(0)
}

/// How far apart (0–255) a color's channels must be for it to count as having a hue.
const CHROMATIC: u8 = 32;

/// Squared distance between two colors, red and blue weighted by how red the pair is
/// ("redmean"), closer to what the eye sees than plain RGB distance at little cost.
fn distance(a: (u8, u8, u8), b: (u8, u8, u8)) -> u32 {
    let mean_red = (u32::from(a.0) + u32::from(b.0)) / 2;
    let dr = u32::from(a.0.abs_diff(b.0));
    let dg = u32::from(a.1.abs_diff(b.1));
    let db = u32::from(a.2.abs_diff(b.2));
    (((512 + mean_red) * dr * dr) >> 8) + 4 * dg * dg + (((767 - mean_red) * db * db) >> 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::Slot;

    fn level(vars: &[(&str, &str)]) -> ColorLevel {
        ColorLevel::detect(|name| {
            vars.iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        })
    }

    #[test]
    fn the_level_follows_the_terminal_variables() {
        use ColorLevel::*;
        let cases: &[(&[(&str, &str)], ColorLevel)] = &[
            (
                &[("TERM", "xterm-256color"), ("COLORTERM", "truecolor")],
                TrueColor,
            ),
            (
                &[("TERM", "xterm-256color"), ("COLORTERM", "24bit")],
                TrueColor,
            ),
            (&[("TERM", "xterm-256color")], Ansi256),
            (&[("TERM", "screen-256color")], Ansi256),
            (&[("TERM", "xterm")], Ansi16),
            (&[("TERM", "linux")], Ansi16),
            (&[("TERM", "xterm-kitty")], TrueColor),
            (&[("TERM", "xterm-direct")], TrueColor),
            (&[("TERM", "dumb")], NoColor),
            (&[], NoColor),
            (
                &[
                    ("TERM", "xterm-256color"),
                    ("TERM_PROGRAM", "Apple_Terminal"),
                    ("COLORTERM", "truecolor"),
                ],
                Ansi256,
            ),
            (
                &[
                    ("TERM", "xterm-256color"),
                    ("COLORTERM", "truecolor"),
                    ("NO_COLOR", "1"),
                ],
                NoColor,
            ),
            (&[("TERM", "xterm-256color"), ("NO_COLOR", "")], Ansi256),
        ];
        for (vars, expected) in cases {
            assert_eq!(level(vars), *expected, "{vars:?}");
        }
    }

    #[test]
    fn forcing_raises_the_level_and_beats_no_color() {
        use ColorLevel::*;
        let cases: &[(&[(&str, &str)], ColorLevel)] = &[
            (&[("TERM", "dumb"), ("FORCE_COLOR", "1")], Ansi16),
            (&[("FORCE_COLOR", "")], Ansi16),
            (&[("FORCE_COLOR", "2")], Ansi256),
            (&[("FORCE_COLOR", "3"), ("NO_COLOR", "1")], TrueColor),
            (&[("TERM", "xterm-256color"), ("FORCE_COLOR", "1")], Ansi256),
            (
                &[
                    ("TERM", "xterm-256color"),
                    ("COLORTERM", "truecolor"),
                    ("FORCE_COLOR", "0"),
                ],
                NoColor,
            ),
            (&[("TERM", "dumb"), ("CLICOLOR_FORCE", "1")], Ansi16),
            (&[("TERM", "dumb"), ("CLICOLOR_FORCE", "0")], NoColor),
            (&[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")], Ansi16),
        ];
        for (vars, expected) in cases {
            assert_eq!(level(vars), *expected, "{vars:?}");
        }
    }

    #[test]
    fn rgb_goes_to_the_nearest_cube_or_grey_entry() {
        assert_eq!(nearest_ansi256(0, 0, 0), 16);
        assert_eq!(nearest_ansi256(255, 255, 255), 231);
        assert_eq!(nearest_ansi256(255, 0, 0), 196);
        assert_eq!(nearest_ansi256(0x5f, 0x87, 0xff), 69, "an exact cube color");
        assert_eq!(nearest_ansi256(0x80, 0x80, 0x80), 244, "a grey");
        assert_eq!(nearest_ansi256(0x3a, 0x3a, 0x4a), 237, "a dark blue-grey");
        assert_eq!(nearest_ansi256(0x8a, 0xbe, 0xb7), 109, "the dark accent");
        for n in 16..=255 {
            let (r, g, b) = ansi256_rgb(n);
            assert_eq!(
                ansi256_rgb(nearest_ansi256(r, g, b)),
                (r, g, b),
                "entry {n}"
            );
        }
    }

    #[test]
    fn rgb_goes_to_the_nearest_basic_color() {
        assert_eq!(nearest_basic(0, 0, 0), 0);
        assert_eq!(nearest_basic(0xcc, 0x66, 0x66), 1, "a muted red stays red");
        assert_eq!(
            nearest_basic(0x8a, 0xbe, 0xb7),
            6,
            "a muted teal stays cyan"
        );
        assert_eq!(nearest_basic(0xb5, 0xbd, 0x68), 3, "an olive is yellow");
        assert_eq!(nearest_basic(0x5f, 0x87, 0xff), 12);
        assert_eq!(nearest_basic(0x80, 0x80, 0x80), 8);
        assert_eq!(nearest_basic(0x50, 0x50, 0x50), 8);
        assert_eq!(
            nearest_basic(0x3a, 0x3a, 0x4a),
            0,
            "a tinted dark grey stays dark"
        );
        assert_eq!(nearest_basic(0xd0, 0xd0, 0xe0), 7);
        assert_eq!(nearest_basic(0xff, 0xff, 0x00), 11);
        assert_eq!(nearest_basic(0x00, 0xd7, 0xff), 14);
        for (i, &(r, g, b)) in BASIC.iter().enumerate() {
            assert_eq!(nearest_basic(r, g, b), i as u8);
        }
    }

    fn colors(palette: &Palette) -> Vec<Color> {
        let fg = Slot::ALL.map(|slot| palette.fg(slot));
        let bg = BgSlot::ALL.map(|slot| palette.bg(slot));
        fg.into_iter().chain(bg).collect()
    }

    #[test]
    fn a_palette_at_a_level_holds_only_colors_of_that_level() {
        for palette in [Palette::dark(), Palette::light()] {
            assert_eq!(palette.at_level(ColorLevel::TrueColor), palette);
            let at_256 = palette.at_level(ColorLevel::Ansi256);
            assert!(
                colors(&at_256)
                    .iter()
                    .all(|c| matches!(c, Color::Indexed(16..) | Color::Default))
            );
            let at_16 = palette.at_level(ColorLevel::Ansi16);
            assert!(
                colors(&at_16)
                    .iter()
                    .all(|c| matches!(c, Color::Basic(_) | Color::Default))
            );
            assert!(at_16.colors);
            let light = palette.light;
            let none = palette.with_links(true).at_level(ColorLevel::NoColor);
            // Only the background it is meant for stays.
            let no_color = Palette::no_color().with_links(true);
            assert_eq!(none, Palette { light, ..no_color });
        }
    }

    #[test]
    fn at_16_colors_a_selected_row_is_reversed_instead_of_tinted() {
        let dark = Palette::dark().at_level(ColorLevel::Ansi16);
        assert_eq!(dark.bg(BgSlot::SelectedBg), Color::Default);
        assert!(dark.bg_attrs(BgSlot::SelectedBg).reverse);
        assert_eq!(dark.fg(Slot::Accent), Color::Basic(6));
        let light = Palette::light().at_level(ColorLevel::Ansi16);
        assert!(light.bg_attrs(BgSlot::SelectedBg).reverse);
    }
}
