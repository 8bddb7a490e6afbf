//! Palettes: the built-ins.

use tea::theme::{Color, Palette};
use tea::{BgSlot, Slot};

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
