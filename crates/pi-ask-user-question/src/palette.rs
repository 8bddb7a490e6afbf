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
            .map(|s| s.name().to_string())
            .collect(),
        bg: tea::BgSlot::ALL
            .iter()
            .map(|s| s.name().to_string())
            .collect(),
    }
}

fn pairs(map: &HashMap<String, String>) -> Vec<(String, String)> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

pub(crate) fn from_maps(
    fg: &HashMap<String, String>,
    bg: &HashMap<String, String>,
) -> tea::Palette {
    tea::Palette::from_sgr(&pairs(fg), &pairs(bg))
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
        let bg = HashMap::from([("selectedBg".to_string(), "\x1b[48;5;236m".to_string())]);
        let palette = Palette::new(fg, bg);
        assert_eq!(palette.inner.fg(Slot::Accent), Color::Rgb(138, 190, 183));
        assert_eq!(palette.inner.fg(Slot::Text), Color::Default);
        assert_eq!(palette.inner.bg(BgSlot::SelectedBg), Color::Indexed(236));
    }
}
