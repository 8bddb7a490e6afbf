//! Palettes: built-ins and the parser for a host theme's SGR codes.

use tea::theme::{Attrs, Color, Palette, Sgr, parse_sgr};
use tea::{BgSlot, Slot};

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(n, c)| (n.to_string(), c.to_string()))
        .collect()
}

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

#[test]
fn from_sgr_maps_named_slots_and_keeps_defaults_for_the_rest() {
    let palette = Palette::from_sgr(
        &pairs(&[
            ("accent", "\x1b[38;2;1;2;3m"),
            ("syntaxKeyword", "\x1b[38;5;99m"),
            ("text", "\x1b[39m"),
            ("dim", "\x1b[2m\x1b[90m"),
            ("notASlot", "\x1b[31m"),
            ("error", "nonsense"),
        ]),
        &pairs(&[
            ("selectedBg", "\x1b[48;2;10;20;30m"),
            ("errorBg", "\x1b[48;5;52m"),
            ("mystery", "\x1b[41m"),
        ]),
    );
    let dark = Palette::dark();
    assert_eq!(palette.fg(Slot::Accent), Color::Rgb(1, 2, 3));
    assert_eq!(palette.fg(Slot::SyntaxKeyword), Color::Indexed(99));
    assert_eq!(palette.fg(Slot::Text), Color::Default);
    assert_eq!(palette.fg(Slot::Dim), Color::Basic(8));
    assert!(palette.fg_attrs(Slot::Dim).dim);
    assert_eq!(
        palette.fg(Slot::Error),
        dark.fg(Slot::Error),
        "unparsable code keeps the default"
    );
    assert_eq!(
        palette.fg(Slot::Success),
        dark.fg(Slot::Success),
        "absent slot keeps the default"
    );
    assert_eq!(palette.bg(BgSlot::SelectedBg), Color::Rgb(10, 20, 30));
    assert_eq!(palette.bg(BgSlot::ErrorBg), Color::Indexed(52));
    assert_eq!(palette.bg(BgSlot::PendingBg), dark.bg(BgSlot::PendingBg));
    assert!(palette.colors);
}

#[test]
fn built_in_palettes_differ_where_it_matters() {
    let (dark, light, none) = (Palette::dark(), Palette::light(), Palette::no_color());
    assert_ne!(dark.fg(Slot::Accent), light.fg(Slot::Accent));
    assert_eq!(dark.fg(Slot::Text), Color::Default);
    assert!(!none.colors);
    assert!(none.fg_attrs(Slot::Accent).bold);
    assert!(none.bg_attrs(BgSlot::SelectedBg).reverse);
    for slot in Slot::ALL {
        assert_ne!(
            dark.fg(slot),
            Color::Basic(0),
            "{slot:?} would vanish on black"
        );
    }
    assert!(!dark.links);
    assert!(dark.clone().with_links(true).links);
}

#[test]
fn hex_colors() {
    assert_eq!(Color::hex("#0a0B0c"), Some(Color::Rgb(10, 11, 12)));
    assert_eq!(Color::hex("0a0b0c"), None);
    assert_eq!(Color::hex("#0a0b"), None);
    assert_eq!(Color::hex("#zzzzzz"), None);
}
