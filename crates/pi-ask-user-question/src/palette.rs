//! The host theme as a palette: pi's SGR codes per theme color, parsed once and reused by every
//! render call until the theme changes.

use napi_derive::napi;
use std::collections::HashMap;

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

/// Codes keyed by pi's names, rekeyed by tea's slot names.
fn rekeyed<S: Copy>(
    map: &HashMap<String, String>,
    slots: &[S],
    pi_name: fn(S) -> &'static str,
    tea_name: fn(S) -> &'static str,
) -> Vec<(String, String)> {
    slots
        .iter()
        .filter_map(|&slot| {
            let code = map.get(pi_name(slot))?;
            Some((tea_name(slot).to_string(), code.clone()))
        })
        .collect()
}

pub(crate) fn from_maps(
    fg: &HashMap<String, String>,
    bg: &HashMap<String, String>,
) -> tea::Palette {
    let mut palette = tea::Palette::from_sgr(
        &rekeyed(fg, &tea::Slot::ALL, pi_fg_name, tea::Slot::name),
        &rekeyed(bg, &tea::BgSlot::ALL, pi_bg_name, tea::BgSlot::name),
    );
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
