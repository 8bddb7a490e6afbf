//! The host theme as a palette: pi's SGR codes per theme color, parsed once and reused by every
//! render call until the theme changes.

use napi_derive::napi;
use std::collections::HashMap;

use crate::sgr::parse_sgr;

/// Colors from pi's theme: `new Palette({accent: theme.getFgAnsi("accent"), …}, {selectedBg:
/// theme.getBgAnsi("selectedBg"), …})`. Unknown names are ignored; missing ones keep the dark
/// defaults.
#[napi]
pub struct Palette {
    pub(crate) inner: tea::Palette,
}

#[napi]
impl Palette {
    #[napi(constructor)]
    pub fn new(fg: HashMap<String, String>, bg: HashMap<String, String>) -> Palette {
        Palette {
            inner: from_maps(&fg, &bg),
        }
    }
}

/// The theme color names the palette reads: `{fg: ["accent", …], bg: ["selectedBg", …]}`, the
/// names of pi's `ThemeColor` and `ThemeBg`.
#[napi(object)]
pub struct ThemeSlots {
    pub fg: Vec<String>,
    pub bg: Vec<String>,
}

#[napi]
pub fn theme_slots() -> ThemeSlots {
    ThemeSlots {
        fg: tea::Slot::ALL
            .iter()
            .map(|&s| pi_fg_name(s).to_string())
            .collect(),
        bg: tea::BgSlot::ALL
            .iter()
            .map(|&s| pi_bg_name(s).to_string())
            .collect(),
    }
}

/// pi's theme name for a foreground slot: tea's own name, but for the tool card colors.
fn pi_fg_name(slot: tea::Slot) -> &'static str {
    match slot {
        tea::Slot::Title => "toolTitle",
        tea::Slot::Output => "toolOutput",
        other => other.name(),
    }
}

/// pi's theme name for a background slot.
fn pi_bg_name(slot: tea::BgSlot) -> &'static str {
    match slot {
        tea::BgSlot::PendingBg => "toolPendingBg",
        tea::BgSlot::SuccessBg => "toolSuccessBg",
        tea::BgSlot::ErrorBg => "toolErrorBg",
        other => other.name(),
    }
}

/// The palette pi's theme codes make: each slot whose pi name has a code that parses takes its
/// color (and, for text, its attributes); the rest keep the dark palette's defaults. A
/// foreground code that only sets a background (or the reverse) still gives its color.
pub(crate) fn from_maps(
    fg: &HashMap<String, String>,
    bg: &HashMap<String, String>,
) -> tea::Palette {
    let mut palette = tea::Palette::dark();
    for slot in tea::Slot::ALL {
        let Some(parsed) = fg.get(pi_fg_name(slot)).and_then(|code| parse_sgr(code)) else {
            continue;
        };
        if let Some(color) = parsed.fg.or(parsed.bg) {
            palette.set_fg(slot, color);
        }
        palette.set_fg_attrs(slot, parsed.attrs);
    }
    for slot in tea::BgSlot::ALL {
        let parsed = bg.get(pi_bg_name(slot)).and_then(|code| parse_sgr(code));
        if let Some(color) = parsed.and_then(|p| p.bg.or(p.fg)) {
            palette.set_bg(slot, color);
        }
    }
    palette.light = for_light_background(&palette, bg);
    palette
}

/// Whether pi's theme is made for a light terminal, judged by its background colors (the
/// selected row, the tool cards), which a theme keeps close to the terminal's own background.
/// Its text color cannot tell: pi's themes leave it at the terminal's default. What depends on
/// it is the QR code, whose dark modules must be the dark ones.
/// Only the colors the theme gave count, not the dark defaults of the others.
fn for_light_background(palette: &tea::Palette, given: &HashMap<String, String>) -> bool {
    let luminances: Vec<f32> = tea::BgSlot::ALL
        .iter()
        .filter(|&&slot| given.contains_key(pi_bg_name(slot)))
        .filter_map(|&slot| match palette.bg(slot) {
            tea::theme::Color::Rgb(r, g, b) => Some((r, g, b)),
            // The 16 basic colors are the terminal's to choose.
            tea::theme::Color::Indexed(n) if n >= 16 => Some(tea::theme::ansi256_rgb(n)),
            _ => None,
        })
        .map(|(r, g, b)| {
            (0.2126 * f32::from(r) + 0.7152 * f32::from(g) + 0.0722 * f32::from(b)) / 255.0
        })
        .collect();
    !luminances.is_empty() && luminances.iter().sum::<f32>() / luminances.len() as f32 > 0.5
}

#[cfg(test)]
mod tests {
    use super::*;
    use tea::theme::Color;
    use tea::{BgSlot, Slot};

    #[test]
    fn the_slot_names_are_pi_theme_names() {
        let slots = theme_slots();
        for name in [
            "accent",
            "borderMuted",
            "mdCodeBlock",
            "syntaxKeyword",
            "toolTitle",
        ] {
            assert!(slots.fg.iter().any(|n| n == name), "{name}");
        }
        for name in [
            "selectedBg",
            "toolPendingBg",
            "toolSuccessBg",
            "toolErrorBg",
        ] {
            assert!(slots.bg.iter().any(|n| n == name), "{name}");
        }
    }

    #[test]
    fn pi_codes_become_slot_colors() {
        let fg = HashMap::from([
            ("accent".to_string(), "\x1b[38;2;138;190;183m".to_string()),
            ("text".to_string(), "\x1b[39m".to_string()),
        ]);
        let bg = HashMap::from([
            ("selectedBg".to_string(), "\x1b[48;5;236m".to_string()),
            ("toolErrorBg".to_string(), "\x1b[48;5;52m".to_string()),
        ]);
        let palette = Palette::new(fg, bg);
        assert_eq!(palette.inner.bg(BgSlot::ErrorBg), Color::Indexed(52));
        assert_eq!(palette.inner.fg(Slot::Accent), Color::Rgb(138, 190, 183));
        assert_eq!(palette.inner.fg(Slot::Text), Color::Default);
        assert_eq!(palette.inner.bg(BgSlot::SelectedBg), Color::Indexed(236));
        assert!(!palette.inner.light);
    }

    fn codes(items: &[(&str, &str)]) -> HashMap<String, String> {
        items
            .iter()
            .map(|(name, code)| (name.to_string(), code.to_string()))
            .collect()
    }

    #[test]
    fn named_slots_take_their_codes_and_the_rest_keep_the_defaults() {
        let palette = from_maps(
            &codes(&[
                ("accent", "\x1b[38;2;1;2;3m"),
                ("syntaxKeyword", "\x1b[38;5;99m"),
                ("text", "\x1b[39m"),
                ("dim", "\x1b[2m\x1b[90m"),
                ("toolTitle", "\x1b[1m\x1b[38;5;33m"),
                ("notASlot", "\x1b[31m"),
                ("error", "nonsense"),
            ]),
            &codes(&[
                ("selectedBg", "\x1b[48;2;10;20;30m"),
                ("toolErrorBg", "\x1b[48;5;52m"),
                ("mystery", "\x1b[41m"),
            ]),
        );
        let dark = tea::Palette::dark();
        assert_eq!(palette.fg(Slot::Accent), Color::Rgb(1, 2, 3));
        assert_eq!(palette.fg(Slot::SyntaxKeyword), Color::Indexed(99));
        assert_eq!(palette.fg(Slot::Text), Color::Default);
        assert_eq!(palette.fg(Slot::Dim), Color::Basic(8));
        assert!(palette.fg_attrs(Slot::Dim).dim);
        assert_eq!(palette.fg(Slot::Title), Color::Indexed(33));
        assert!(palette.fg_attrs(Slot::Title).bold);
        assert_eq!(
            palette.fg(Slot::Error),
            dark.fg(Slot::Error),
            "an unparsable code keeps the default"
        );
        assert_eq!(
            palette.fg(Slot::Success),
            dark.fg(Slot::Success),
            "an absent slot keeps the default"
        );
        assert_eq!(palette.bg(BgSlot::SelectedBg), Color::Rgb(10, 20, 30));
        assert_eq!(palette.bg(BgSlot::ErrorBg), Color::Indexed(52));
        assert_eq!(palette.bg(BgSlot::PendingBg), dark.bg(BgSlot::PendingBg));
        assert!(palette.colors);
    }

    fn backgrounds(codes: &[(&str, &str)]) -> tea::Palette {
        let bg = codes
            .iter()
            .map(|(name, code)| (name.to_string(), code.to_string()))
            .collect();
        from_maps(&HashMap::new(), &bg)
    }

    #[test]
    fn a_theme_is_for_a_light_background_when_its_backgrounds_are_light() {
        // pi's own light and dark themes, in truecolor and as a 256-color terminal gets them.
        let light = [
            ("selectedBg", "\x1b[48;2;208;208;224m"),
            ("toolPendingBg", "\x1b[48;2;232;232;240m"),
            ("toolSuccessBg", "\x1b[48;2;232;240;232m"),
            ("toolErrorBg", "\x1b[48;2;240;232;232m"),
        ];
        let dark = [
            ("selectedBg", "\x1b[48;2;58;58;74m"),
            ("toolPendingBg", "\x1b[48;2;40;40;50m"),
            ("toolSuccessBg", "\x1b[48;2;40;50;40m"),
            ("toolErrorBg", "\x1b[48;2;60;40;40m"),
        ];
        assert!(backgrounds(&light).light);
        assert!(!backgrounds(&dark).light);
        assert!(backgrounds(&[("selectedBg", "\x1b[48;5;254m")]).light);
        assert!(!backgrounds(&[("selectedBg", "\x1b[48;5;236m")]).light);
        // Basic colors and no colors say nothing: the dark default stays.
        assert!(!backgrounds(&[("selectedBg", "\x1b[47m")]).light);
        assert!(!backgrounds(&[]).light);
    }
}
