//! The list's keys, as data: the same table turns keys into messages and yields the footer, so
//! the footer never names a key that does something else. While a questionnaire is open its
//! own keymap has the keys, but Ctrl+C, which leaves the inbox.

use tea::input::{Event, KeyCode, KeyModifiers, as_press};
use tea::keymap::{Binding, Keymap};

use super::msg::Msg;

/// What decides which hints the footer shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ListContext {
    /// Something is listed.
    pub rows: bool,
    /// More than one row: moving means something.
    pub several: bool,
    /// The inbox is served as a web page too: Ctrl+R shows its link as a QR code.
    pub web: bool,
}

fn bind(name: &str, keys: &str, msg: Msg) -> Binding<ListContext, Msg> {
    Binding::new(name, keys, msg).expect("the inbox's keys parse")
}

pub fn list_keymap() -> Keymap<ListContext, Msg> {
    Keymap::new(vec![
        bind("move-up", "up k", Msg::Up)
            .label("↑↓")
            .help("move")
            .help_when(|c: &ListContext| c.several)
            .repeats(),
        bind("move-down", "down j", Msg::Down).repeats(),
        bind("move-first", "home g", Msg::First),
        bind("move-last", "end G", Msg::Last),
        bind("open", "enter", Msg::Open)
            .help("open")
            .help_when(|c: &ListContext| c.rows),
        // The questionnaire's key for the same code (questionnaire::keymap).
        bind("qr-code", "ctrl+r", Msg::ShowQrCode)
            .help("QR code")
            .help_when(|c: &ListContext| c.web),
        bind("quit", "q ctrl+c", Msg::Quit).help("quit"),
    ])
}

/// Ctrl+C: ours whatever has the keys.
pub fn is_interrupt(event: &Event) -> bool {
    as_press(event).is_some_and(|key| {
        key.modifiers.contains(KeyModifiers::CTRL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C'))
    })
}
