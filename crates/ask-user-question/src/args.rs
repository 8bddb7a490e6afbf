//! Argument groups more than one command takes (`#[command(flatten)]` them), and the parsers of
//! their values. A new flag shared by commands is a group here; a flag of one command lives in
//! that command's module.

use std::time::Duration;

use clap::{Args, ValueEnum};
use questionnaire::{HeightLimit, Keys};
use tea::{ColorLevel, Palette, Size};

/// The size of `--keys` replays and `render` frames when `--size` is not given.
pub const DEFAULT_SIZE: Size = Size::new(80, 24);

#[derive(Debug, Args)]
pub struct HeightArg {
    /// The most rows the questionnaire takes: a number of rows, or a percentage of the
    /// terminal's (at least 12 rows), like fzf's --height [default: the rows it needs, up to
    /// the terminal's height].
    #[arg(long, value_name = "N|N%", value_parser = parse_height)]
    height: Option<HeightLimit>,
}

impl HeightArg {
    pub fn limit(&self) -> HeightLimit {
        self.height.unwrap_or(HeightLimit::FULL)
    }
}

fn parse_height(text: &str) -> Result<HeightLimit, String> {
    text.parse()
}

#[derive(Debug, Args)]
pub struct CollapseArg {
    /// The key that folds the questionnaire into its one-line dock and back, as a key-script
    /// name (f2, ctrl+o, alt+c) [default: ctrl+]]. A key the questionnaire already uses is an
    /// error.
    #[arg(long, value_name = "KEY", value_parser = parse_collapse_key)]
    collapse_key: Option<Box<Keys>>,
}

impl CollapseArg {
    pub fn keys(&self) -> Keys {
        self.collapse_key.as_deref().cloned().unwrap_or_default()
    }
}

/// Boxed: the keys are large beside the other commands' arguments.
fn parse_collapse_key(text: &str) -> Result<Box<Keys>, String> {
    Keys::default().with_collapse(text).map(Box::new)
}

#[derive(Debug, Args)]
pub struct ThemeArg {
    /// The colors [default: dark; none when NO_COLOR is set and not empty].
    #[arg(long, value_enum)]
    theme: Option<Theme>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Theme {
    /// For a dark terminal background.
    Dark,
    /// For a light terminal background.
    Light,
    /// No colors; bold, faint and reverse still mark what matters.
    None,
}

impl ThemeArg {
    /// The palette `--theme` names, if it was given.
    pub fn chosen(&self) -> Option<Palette> {
        self.theme.map(Theme::palette)
    }

    /// The palette asked for, or the one `NO_COLOR` implies.
    pub fn palette(&self) -> Palette {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let theme = self
            .theme
            .unwrap_or(if no_color { Theme::None } else { Theme::Dark });
        theme.palette()
    }
}

impl Theme {
    fn palette(self) -> Palette {
        match self {
            Theme::Dark => Palette::dark(),
            Theme::Light => Palette::light(),
            Theme::None => Palette::no_color(),
        }
    }
}

#[derive(Debug, Args)]
pub struct ColorArg {
    /// Whether to use colors: auto (as many as the terminal shows, read from COLORTERM, TERM,
    /// TERM_PROGRAM, NO_COLOR, FORCE_COLOR and CLICOLOR_FORCE), always (every color, truecolor)
    /// or never (bold, faint and reverse only).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorWhen {
    Auto,
    Always,
    Never,
}

impl ColorArg {
    /// The colors to draw with. With `--theme` given, `NO_COLOR` is left to it (a theme asked
    /// for by name beats the environment, as before `--color` existed).
    pub fn level(&self, theme: &ThemeArg) -> ColorLevel {
        match self.color {
            ColorWhen::Always => ColorLevel::TrueColor,
            ColorWhen::Never => ColorLevel::NoColor,
            ColorWhen::Auto => ColorLevel::detect(|name| {
                if name == "NO_COLOR" && theme.theme.is_some() {
                    return None;
                }
                std::env::var(name).ok()
            }),
        }
    }
}

/// `--timeout`: a duration longer than zero (`question::parse_duration`).
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    question::parse_duration(text).map_err(|error| error.to_string())
}

/// `WxH`, both at least 1.
pub fn parse_size(text: &str) -> Result<Size, String> {
    let invalid = || format!("expected WxH with both at least 1, such as 80x24; got `{text}`");
    let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(invalid)?;
    let width: u16 = width.parse().map_err(|_| invalid())?;
    let height: u16 = height.parse().map_err(|_| invalid())?;
    if width == 0 || height == 0 {
        return Err(invalid());
    }
    Ok(Size::new(width, height))
}
