//! pi's theme colors come as SGR sequences (`theme.getFgAnsi("accent")`): the parser that turns
//! one into the color and attributes it sets. It lives with pi's palette, the one host that
//! speaks in escape codes; tea's palettes hold colors.

use tea::theme::{Attrs, Color};

/// What one SGR sequence sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sgr {
    pub fg: Option<Color>,
    pub bg: Option<Color>,
    pub attrs: Attrs,
}

/// Parses one or more SGR sequences (`\x1b[…m`, also bare parameter lists like `38;5;208`).
/// Returns `None` when the text holds no SGR parameters at all.
pub fn parse_sgr(code: &str) -> Option<Sgr> {
    let mut sgr = Sgr::default();
    let mut any = false;
    for chunk in code.split('\x1b') {
        let params = chunk.strip_prefix('[').unwrap_or(chunk);
        let params = params.strip_suffix('m').unwrap_or(params);
        if params.is_empty()
            || !params
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b';' || b == b':')
        {
            continue;
        }
        let numbers: Vec<u16> = params
            .split([';', ':'])
            .map(|p| p.parse::<u16>().unwrap_or(0))
            .collect();
        any |= apply_params(&mut sgr, &numbers);
    }
    any.then_some(sgr)
}

fn apply_params(sgr: &mut Sgr, params: &[u16]) -> bool {
    let mut any = false;
    let mut i = 0;
    while i < params.len() {
        let p = params[i];
        i += 1;
        // 38/48/58 introduce an extended color (58, the underline color, is read and dropped).
        let target = match p {
            38 => Some(Some(false)),
            48 => Some(Some(true)),
            58 => Some(None),
            _ => None,
        };
        if let Some(target) = target {
            let color = match params.get(i) {
                Some(5) => params.get(i + 1).map(|&n| {
                    i += 2;
                    Color::Indexed(n.min(255) as u8)
                }),
                Some(2) if params.len() >= i + 4 => {
                    let c = |k: usize| params[i + k].min(255) as u8;
                    let color = Color::Rgb(c(1), c(2), c(3));
                    i += 4;
                    Some(color)
                }
                _ => None,
            };
            let Some(color) = color else {
                break;
            };
            match target {
                Some(true) => sgr.bg = Some(color),
                Some(false) => sgr.fg = Some(color),
                None => continue,
            }
            any = true;
            continue;
        }
        any |= match p {
            0 => {
                *sgr = Sgr::default();
                true
            }
            1 => set(&mut sgr.attrs.bold, true),
            2 => set(&mut sgr.attrs.dim, true),
            3 => set(&mut sgr.attrs.italic, true),
            4 => set(&mut sgr.attrs.underline, true),
            7 => set(&mut sgr.attrs.reverse, true),
            22 => {
                sgr.attrs.bold = false;
                set(&mut sgr.attrs.dim, false)
            }
            23 => set(&mut sgr.attrs.italic, false),
            24 => set(&mut sgr.attrs.underline, false),
            27 => set(&mut sgr.attrs.reverse, false),
            30..=37 => set(&mut sgr.fg, Some(Color::Basic((p - 30) as u8))),
            39 => set(&mut sgr.fg, Some(Color::Default)),
            40..=47 => set(&mut sgr.bg, Some(Color::Basic((p - 40) as u8))),
            49 => set(&mut sgr.bg, Some(Color::Default)),
            90..=97 => set(&mut sgr.fg, Some(Color::Basic((p - 90 + 8) as u8))),
            100..=107 => set(&mut sgr.bg, Some(Color::Basic((p - 100 + 8) as u8))),
            _ => false,
        };
    }
    any
}

/// Assigns and reports that a known parameter was seen.
fn set<T>(place: &mut T, value: T) -> bool {
    *place = value;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgr_color_forms() {
        let cases: Vec<(&str, Option<Color>, Option<Color>)> = vec![
            (
                "\x1b[38;2;138;190;183m",
                Some(Color::Rgb(138, 190, 183)),
                None,
            ),
            ("\x1b[38;5;208m", Some(Color::Indexed(208)), None),
            ("\x1b[39m", Some(Color::Default), None),
            ("\x1b[31m", Some(Color::Basic(1)), None),
            ("\x1b[37m", Some(Color::Basic(7)), None),
            ("\x1b[90m", Some(Color::Basic(8)), None),
            ("\x1b[97m", Some(Color::Basic(15)), None),
            ("\x1b[48;2;58;58;74m", None, Some(Color::Rgb(58, 58, 74))),
            ("\x1b[48;5;236m", None, Some(Color::Indexed(236))),
            ("\x1b[49m", None, Some(Color::Default)),
            ("\x1b[44m", None, Some(Color::Basic(4))),
            ("\x1b[103m", None, Some(Color::Basic(11))),
            ("38;2;1;2;3", Some(Color::Rgb(1, 2, 3)), None),
            ("\x1b[38:2:1:2:3m", Some(Color::Rgb(1, 2, 3)), None),
            (
                "\x1b[31m\x1b[44m",
                Some(Color::Basic(1)),
                Some(Color::Basic(4)),
            ),
        ];
        for (code, fg, bg) in cases {
            let sgr = parse_sgr(code).unwrap_or_else(|| panic!("{code:?} parses"));
            assert_eq!((sgr.fg, sgr.bg), (fg, bg), "{code:?}");
        }
    }

    #[test]
    fn sgr_attributes_and_garbage() {
        assert_eq!(
            parse_sgr("\x1b[1;3m"),
            Some(Sgr {
                fg: None,
                bg: None,
                attrs: Attrs {
                    bold: true,
                    italic: true,
                    ..Attrs::NONE
                }
            })
        );
        assert_eq!(parse_sgr("\x1b[2m").map(|s| s.attrs.dim), Some(true));
        assert_eq!(parse_sgr(""), None);
        assert_eq!(parse_sgr("red"), None);
        assert_eq!(
            parse_sgr("\x1b[38;5m"),
            None,
            "a 256-color code without its index"
        );
        assert_eq!(
            parse_sgr("\x1b[58;5;1m"),
            None,
            "underline color is not a text color"
        );
    }
}
