//! The colors a run draws with: the host's palette, or its light alternative when the terminal
//! says its background is light (OSC 11), brought down to the colors the terminal shows.

use super::InlineOptions;
use crate::theme::{ColorLevel, Palette};

/// The OSC 11 query: "what is your background color?". Asked with the start-up probe, before
/// the device attributes query that every terminal answers, so a terminal that ignores it
/// costs no wait: its answer to the last query ends the probe.
pub(super) const BACKGROUND_QUERY: &str = "\x1b]11;?\x1b\\";

/// The terminal's background color as it reported it, each channel scaled to 0–1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Background {
    pub red: f32,
    pub green: f32,
    pub blue: f32,
}

impl Background {
    /// Reads the body of an OSC 11 reply (`11;rgb:RRRR/GGGG/BBBB`, each channel 1 to 4 hex
    /// digits, as xterm's `XParseColor` spells it; also `rgba:` with an alpha that is ignored).
    pub fn parse(reply: &str) -> Option<Background> {
        let color = reply.strip_prefix("11;")?;
        let channels = color
            .strip_prefix("rgb:")
            .or_else(|| color.strip_prefix("rgba:"))?;
        let mut parts = channels.split('/').map(channel);
        let (red, green, blue) = (parts.next()??, parts.next()??, parts.next()??);
        Some(Background { red, green, blue })
    }

    /// Whether text meant for a light background reads better on it: its relative luminance
    /// (sRGB weights) is above the middle.
    pub fn is_light(self) -> bool {
        0.2126 * self.red + 0.7152 * self.green + 0.0722 * self.blue > 0.5
    }
}

/// One channel of 1–4 hex digits, scaled to 0–1.
fn channel(digits: &str) -> Option<f32> {
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let value = u32::from_str_radix(digits, 16).ok()?;
    let max = (1u32 << (4 * digits.len())) - 1;
    Some(value as f32 / max as f32)
}

/// The palette frames are written with: the light alternative on a light background, then
/// brought down to the options' color level (the environment's when none is given).
pub(super) fn palette_for(
    given: Palette,
    opts: &InlineOptions,
    background: Option<Background>,
) -> Palette {
    let palette = match (&opts.light_palette, background) {
        (Some(light), Some(background)) if background.is_light() => light.clone(),
        _ => given,
    };
    let level = opts.color_level.unwrap_or_else(ColorLevel::from_env);
    palette.at_level(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_at_every_channel_width() {
        let white = Background::parse("11;rgb:ffff/ffff/ffff").unwrap();
        assert_eq!((white.red, white.green, white.blue), (1.0, 1.0, 1.0));
        let grey = Background::parse("11;rgb:80/80/80").unwrap();
        assert!((grey.red - 128.0 / 255.0).abs() < 1e-6);
        assert!(Background::parse("11;rgb:f/f/f").unwrap().is_light());
        assert!(
            Background::parse("11;rgba:ffff/ffff/ffff/ffff")
                .unwrap()
                .is_light()
        );
    }

    #[test]
    fn what_is_not_a_color_is_no_background() {
        for reply in [
            "11;?",
            "11;rgb:ff/ff",
            "11;rgb:fffff/0/0",
            "11;#ffffff",
            "10;rgb:0/0/0",
        ] {
            assert_eq!(Background::parse(reply), None, "{reply}");
        }
    }

    #[test]
    fn light_and_dark_follow_the_luminance() {
        let light = |reply: &str| Background::parse(reply).unwrap().is_light();
        assert!(light("11;rgb:ffff/ffff/ffff"));
        assert!(light("11;rgb:fdfd/f6f6/e3e3"), "solarized light");
        assert!(!light("11;rgb:0000/0000/0000"));
        assert!(!light("11;rgb:2828/2c2c/3434"), "one dark");
        assert!(!light("11;rgb:0000/0000/ffff"), "pure blue is dark");
    }

    #[test]
    fn a_light_background_picks_the_light_palette_when_there_is_one() {
        let opts = InlineOptions {
            color_level: Some(ColorLevel::TrueColor),
            light_palette: Some(Palette::light()),
            ..InlineOptions::default()
        };
        let white = Background::parse("11;rgb:ffff/ffff/ffff");
        let black = Background::parse("11;rgb:0/0/0");
        assert_eq!(palette_for(Palette::dark(), &opts, white), Palette::light());
        assert_eq!(palette_for(Palette::dark(), &opts, black), Palette::dark());
        assert_eq!(palette_for(Palette::dark(), &opts, None), Palette::dark());
        let no_alternative = InlineOptions {
            light_palette: None,
            ..opts
        };
        assert_eq!(
            palette_for(Palette::dark(), &no_alternative, white),
            Palette::dark()
        );
    }

    #[test]
    fn the_palette_is_brought_down_to_the_level() {
        let opts = InlineOptions {
            color_level: Some(ColorLevel::Ansi256),
            ..InlineOptions::default()
        };
        let palette = palette_for(Palette::dark(), &opts, None);
        assert_eq!(palette, Palette::dark().at_level(ColorLevel::Ansi256));
    }
}
