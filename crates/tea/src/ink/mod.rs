//! iocraft elements as leaves of a view (feature `iocraft`, on by default).
//!
//! [`Ink`] wraps an iocraft element, with flexbox layout and iocraft's own components, as a
//! [`Block`]: it is rendered on iocraft's canvas in the box it is given and read back as lines,
//! so it sits in a tree beside tea's components. Colors are the palette's: give iocraft's
//! components [`slot_color`] and [`bg_color`] values (literal colors are left to the
//! terminal's defaults, since lines carry only slots), and a row's background carries over
//! when the whole row has one. tea's own components and [`View`](crate::View) never go
//! through here; the frame writer reads their lines directly.
//!
//! ```
//! use tea::iocraft::prelude::*;
//! use tea::ink::Ink;
//! use tea::{Palette, Size, Slot};
//!
//! let boxed = element! {
//!     View(border_style: BorderStyle::Round, border_color: tea::slot_color(Slot::Border)) {
//!         Text(content: "hi", color: tea::slot_color(Slot::Accent))
//!     }
//! };
//! let view = tea::View::new(Ink::new(boxed));
//! let frame = tea::draw(&view, Size::new(10, 3), &Palette::no_color());
//! assert_eq!(frame.plain(), ["╭──╮", "│hi│", "╰──╯"]);
//! ```
//!
//! ## How styles travel through the canvas
//!
//! iocraft cells hold concrete colors, but views know only slots and the palette is chosen
//! when a frame is written. So a slot is drawn as a reserved truecolor value that names it
//! ([`slot_color`], [`bg_color`]); [`crate::frame`] reads the canvas back and resolves those
//! values with the palette it is given. Strikethrough, which the canvas cannot store, rides
//! in the same value.
//!
//! The canvas also splits a grapheme cluster at every wide code point, so a ZWJ family
//! (`👨‍👩‍👧`) or a skin-toned emoji (`👍🏽`) would take 4–6 columns instead of 2. Such clusters
//! are interned and drawn as private-use placeholders (one head cell, then continuation cells)
//! that the frame writer swaps back for the cluster.
//!
//! Inside [`render`] the canvas is skipped altogether for tea's [`rows`]: their cells only
//! carry an overlay marker, and the reader takes the lines.

mod read;
pub mod rows;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use iocraft::{AnyElement, Color as CanvasColor};

use crate::components::Block;
use crate::frame::{Bg, CellStyle, Fg, Row};
use crate::style::{BgSlot, Line, Slot, Span, Style};
use crate::theme::Palette;

pub use read::{from_canvas, render};
pub use rows::rows;

/// An iocraft element as a leaf of a view, drawn through iocraft's canvas at the width it is
/// given and cut to the rows it is given.
pub struct Ink(RefCell<AnyElement<'static>>);

impl Ink {
    pub fn new(element: impl Into<AnyElement<'static>>) -> Ink {
        Ink(RefCell::new(element.into()))
    }
}

impl Block for Ink {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let width = u16::try_from(width).unwrap_or(u16::MAX);
        // Styles stay semantic: the palette is applied when the whole frame is written.
        let frame = render(&mut self.0.borrow_mut(), width, &Palette::no_color());
        frame
            .rows
            .iter()
            .take(height)
            .map(|row| row_line(row))
            .collect()
    }
}

/// A row read from the canvas as a line of slot-styled spans.
fn row_line(row: &Row) -> Line {
    let mut line = Line::default();
    let mut start = 0;
    let mut backgrounds = Vec::new();
    for (end, cell) in &row.runs {
        line.push(Span::styled(&row.plain[start..*end], span_style(cell)));
        backgrounds.push(cell.bg);
        start = *end;
    }
    if let Some(Some(Bg::Slot(bg))) = backgrounds.first()
        && backgrounds.iter().all(|b| *b == Some(Bg::Slot(*bg)))
    {
        line.bg = Some(*bg);
    }
    line
}

fn span_style(cell: &CellStyle) -> Style {
    Style {
        fg: match cell.fg {
            Some(Fg::Slot(slot)) => Some(slot),
            _ => None,
        },
        bold: cell.bold,
        italic: cell.italic,
        underline: cell.underline,
        strikethrough: cell.strike,
        reverse: cell.reverse,
        link: cell.link.clone(),
        caret: false,
        hit: None,
    }
}

/// Red channel marking a reserved value; the green channel says foreground or background.
const TAG_R: u8 = 0xf1;
const TAG_FG: u8 = 0x7e;
const TAG_BG: u8 = 0x7f;
const TAG_OVERLAY: u8 = 0x80;
const STRIKE: u8 = 0x40;

/// The canvas color that stands for `slot`. Use it for stock iocraft components
/// (`View(border_color: tea::slot_color(Slot::Border))`) so they follow the palette too.
pub fn slot_color(slot: Slot) -> CanvasColor {
    fg_code(Some(slot), false)
}

/// The canvas color that stands for a background slot.
pub fn bg_color(slot: BgSlot) -> CanvasColor {
    CanvasColor::Rgb {
        r: TAG_R,
        g: TAG_BG,
        b: slot as u8,
    }
}

pub(crate) fn fg_code(slot: Option<Slot>, strike: bool) -> CanvasColor {
    // A program's own slot has no number to carry; its text takes the default color.
    let index = match slot.map(Slot::place) {
        Some(crate::style::Place::BuiltIn(i)) => i as u8 + 1,
        _ => 0,
    };
    CanvasColor::Rgb {
        r: TAG_R,
        g: TAG_FG,
        b: index | if strike { STRIKE } else { 0 },
    }
}

/// The background that marks cells covered by captured rows number `id` (see
/// [`crate::rows`]).
pub(crate) fn overlay_marker(id: u8) -> CanvasColor {
    CanvasColor::Rgb {
        r: TAG_R,
        g: TAG_OVERLAY,
        b: id,
    }
}

pub(crate) fn overlay_id(color: Option<CanvasColor>) -> Option<usize> {
    match color {
        Some(CanvasColor::Rgb {
            r: TAG_R,
            g: TAG_OVERLAY,
            b,
        }) => Some(usize::from(b)),
        _ => None,
    }
}

/// Decodes a canvas foreground: (color, strikethrough).
pub(crate) fn decode_fg(color: Option<CanvasColor>) -> (Option<Fg>, bool) {
    match color {
        None | Some(CanvasColor::Reset) => (None, false),
        Some(CanvasColor::Rgb {
            r: TAG_R,
            g: TAG_FG,
            b,
        }) => {
            let index = (b & !STRIKE) as usize;
            let slot = index.checked_sub(1).and_then(|i| Slot::ALL.get(i).copied());
            (slot.map(Fg::Slot), b & STRIKE != 0)
        }
        Some(literal) => (read::literal(literal).map(Fg::Literal), false),
    }
}

pub(crate) fn decode_bg(color: Option<CanvasColor>) -> Option<Bg> {
    match color {
        None | Some(CanvasColor::Reset) => None,
        Some(CanvasColor::Rgb {
            r: TAG_R,
            g: TAG_BG,
            b,
        }) => BgSlot::ALL.get(b as usize).copied().map(Bg::Slot),
        Some(literal) => read::literal(literal).map(Bg::Literal),
    }
}

// Placeholders live in plane 16 (supplementary private use area B), which fonts and models
// practically never use; `rows` turns any such code point in real text into U+FFFD.
const HEAD_BASE: u32 = 0x10_0000;
const CONTINUATION: char = '\u{10fffd}';
const MAX_CLUSTERS: usize = 0xfff0;

pub(crate) use crate::frame::is_reserved;

#[derive(Default)]
struct Clusters {
    ids: HashMap<Arc<str>, u32>,
    texts: Vec<Arc<str>>,
}

fn clusters() -> &'static Mutex<Clusters> {
    static CLUSTERS: OnceLock<Mutex<Clusters>> = OnceLock::new();
    CLUSTERS.get_or_init(Mutex::default)
}

/// The placeholder text for a cluster `width` columns wide (1 or 2), or `None` when the
/// table is full.
pub(crate) fn placeholder(cluster: &str, width: usize) -> Option<String> {
    let mut table = clusters().lock().unwrap_or_else(|e| e.into_inner());
    let id = match table.ids.get(cluster) {
        Some(&id) => id,
        None => {
            if table.texts.len() >= MAX_CLUSTERS {
                return None;
            }
            let id = table.texts.len() as u32;
            let text: Arc<str> = Arc::from(cluster);
            table.texts.push(text.clone());
            table.ids.insert(text, id);
            id
        }
    };
    let head = char::from_u32(HEAD_BASE + id)?;
    let mut out = String::with_capacity(8);
    out.push(head);
    for _ in 1..width {
        out.push(CONTINUATION);
    }
    Some(out)
}

/// What a canvas cell starting with a reserved code point stands for.
pub(crate) enum Reserved {
    /// The head of a cluster.
    Head(Arc<str>),
    /// A continuation cell (or an unknown reserved value): draws as a blank.
    Blank,
}

pub(crate) fn lookup(cell_text: &str) -> Option<Reserved> {
    let c = cell_text.chars().next()?;
    if !is_reserved(c) {
        return None;
    }
    if c == CONTINUATION {
        return Some(Reserved::Blank);
    }
    let id = (c as u32).checked_sub(HEAD_BASE)? as usize;
    let table = clusters().lock().unwrap_or_else(|e| e.into_inner());
    Some(match table.texts.get(id) {
        Some(text) => Reserved::Head(text.clone()),
        None => Reserved::Blank,
    })
}

pub(crate) fn is_continuation(cell_text: Option<&str>) -> bool {
    cell_text.is_some_and(|t| t.starts_with(CONTINUATION))
}
