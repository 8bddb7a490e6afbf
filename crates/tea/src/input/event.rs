//! [`Event`]: everything a program hears from outside, in one type. Input decoders, key
//! scripts and hosts make events; the driver completes them (a mouse event gets the part of the
//! frame under the pointer, releases are dropped unless asked for) and hands each to
//! [`Program::event`](crate::Program::event), the one hook from events to messages.

use std::fmt;

use super::{KeyEvent, KeyEventKind};
use crate::input::Keyboard;
use crate::mouse::Mouse;

/// A terminal (or region) size in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Size {
    pub width: u16,
    pub height: u16,
}

impl Size {
    pub const fn new(width: u16, height: u16) -> Size {
        Size { width, height }
    }

    /// The size of a box of `width` × `height` cells as a view is handed it (a program that
    /// measures at the size it is drawn at); a side past what a terminal counts is its most.
    ///
    /// ```
    /// # use tea::Size;
    /// assert_eq!(Size::of_box(80, 24), Size::new(80, 24));
    /// assert_eq!(Size::of_box(usize::MAX, 0), Size::new(u16::MAX, 0));
    /// ```
    pub fn of_box(width: usize, height: usize) -> Size {
        let cells = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        Size::new(cells(width), cells(height))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// Something that happened outside the program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A key: pressed, or repeated while held (releases only for a driver that asks for them).
    Key(KeyEvent),
    /// Text pasted in one piece (a bracketed paste), never split into keys.
    Paste(String),
    /// The mouse, when the view asks for it: the pointer's cell in the frame and, once the
    /// driver has it, the part of the last frame under it ([`Mouse::hit`]).
    Mouse(Mouse),
    /// The frame's new size. The view is laid out at the frame's size without it; a program
    /// whose model needs the size takes it from here (the driver sends the first one too).
    Resize(Size),
    /// The terminal gained focus (a runtime reports focus when asked to).
    FocusGained,
    /// The terminal lost focus.
    FocusLost,
    /// What the terminal's keys tell apart, once the runtime or host knows; until then a
    /// program should assume [`Keyboard::Legacy`].
    Keyboard(Keyboard),
    /// Whether frames are drawn for a light background ([`Palette::light`]): sent when the
    /// driver starts with such a palette and whenever a new palette changes it; until then a
    /// program should assume a dark one. Colors stay the palette's business; this is for a view
    /// that must put the darker of the terminal's own colors somewhere (a QR code's dark
    /// modules).
    ///
    /// [`Palette::light`]: crate::Palette#structfield.light
    Background { light: bool },
}

impl Event {
    /// The key of a key event, whatever its kind.
    pub fn as_key(&self) -> Option<KeyEvent> {
        match self {
            Event::Key(key) => Some(*key),
            _ => None,
        }
    }

    /// The key of a press; `None` for releases, repeats and other events.
    pub fn as_press(&self) -> Option<KeyEvent> {
        self.as_key().filter(|key| key.kind == KeyEventKind::Press)
    }

    /// The text of a paste.
    pub fn as_paste(&self) -> Option<&str> {
        match self {
            Event::Paste(text) => Some(text),
            _ => None,
        }
    }

    /// Whether this is a key's release.
    pub fn is_release(&self) -> bool {
        self.as_key()
            .is_some_and(|key| key.kind == KeyEventKind::Release)
    }

    /// A terminal event (`terminput`'s, as the decoders and crossterm read them) as tea's; a
    /// mouse event without its hit, which the driver adds.
    pub(crate) fn from_terminal(event: terminput::Event) -> Event {
        match event {
            terminput::Event::Key(key) => Event::Key(key),
            terminput::Event::Paste(text) => Event::Paste(text),
            terminput::Event::Mouse(mouse) => Event::Mouse(Mouse {
                kind: mouse.kind,
                x: mouse.column,
                y: mouse.row,
                modifiers: mouse.modifiers,
                hit: None,
            }),
            terminput::Event::Resize { cols, rows } => {
                Event::Resize(Size::new(clamp_u16(cols), clamp_u16(rows)))
            }
            terminput::Event::FocusGained => Event::FocusGained,
            terminput::Event::FocusLost => Event::FocusLost,
        }
    }
}

fn clamp_u16(n: u32) -> u16 {
    n.min(u16::MAX as u32) as u16
}
