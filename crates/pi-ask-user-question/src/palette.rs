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
    tea::Palette::from_sgr(
        &rekeyed(fg, &tea::Slot::ALL, pi_fg_name, tea::Slot::name),
        &rekeyed(bg, &tea::BgSlot::ALL, pi_bg_name, tea::BgSlot::name),
    )
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
    }
}
