//! Frames: a rendered view as rows of (ANSI, plain) text, and the slot-tagged form used by
//! styled snapshots.
//!
//! The writer reads iocraft's canvas itself instead of using `Canvas::write_ansi`, so the
//! palette (not the environment) decides colors, only SGR and OSC 8 sequences are emitted,
//! and every row is measured with [`crate::text::width`]: a row is never wider than the frame.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::Arc;

use iocraft::{AnyElement, Canvas, Color as CanvasColor, ElementExt, Weight};

use crate::ink::{self, Bg, Fg, Reserved};
use crate::style::Line;
use crate::text;
use crate::theme::{Attrs, Color, Palette};

/// A rendered view. Every row's display width is at most `width`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Frame {
    pub width: u16,
    pub rows: Vec<Row>,
}

/// One terminal row. `ansi` holds only the SGR and OSC 8 sequences the palette asked for;
/// trailing blank cells are left out of both forms.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    pub ansi: String,
    pub plain: String,
    /// Style runs over `plain`: (end byte, style), in order.
    runs: Vec<(usize, CellStyle)>,
}

/// The style of one cell as the canvas recorded it, still in semantic terms.
#[derive(Debug, Clone, PartialEq, Default)]
struct CellStyle {
    fg: Option<Fg>,
    bg: Option<Bg>,
    bold: bool,
    dim: bool,
    italic: bool,
    underline: bool,
    strike: bool,
    reverse: bool,
    link: Option<Arc<str>>,
}

impl CellStyle {
    fn is_plain(&self) -> bool {
        *self == CellStyle::default()
    }
    /// Whether a blank cell in this style would show on screen.
    fn shows_on_blank(&self) -> bool {
        self.bg.is_some() || self.underline || self.strike || self.reverse
    }
}

/// Renders an element at `width` columns with `palette`.
pub fn render(element: &mut AnyElement<'static>, width: u16, palette: &Palette) -> Frame {
    let canvas = element.render(Some(usize::from(width)));
    Frame::from_canvas(&canvas, width, palette)
}

/// Renders pre-laid-out lines (as [`crate::rows`] would draw them).
pub fn render_lines(lines: Vec<Line>, width: u16, palette: &Palette) -> Frame {
    render(&mut crate::rows::rows(lines, width), width, palette)
}

impl Frame {
    /// Reads a canvas into rows, clipped to `width` columns.
    pub fn from_canvas(canvas: &Canvas, width: u16, palette: &Palette) -> Frame {
        let columns = canvas.width().min(usize::from(width));
        let rows = (0..canvas.height())
            .map(|y| read_row(canvas, y, columns, palette))
            .collect();
        Frame { width, rows }
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The rows without styles.
    pub fn plain(&self) -> Vec<String> {
        self.rows.iter().map(|r| r.plain.clone()).collect()
    }

    /// The rows as terminal output.
    pub fn ansi(&self) -> Vec<String> {
        self.rows.iter().map(|r| r.ansi.clone()).collect()
    }

    /// The rows with styles as readable tags, for styled snapshots: `[accent bold]★[/] label`.
    /// Tags name the slot, then `bold dim italic underline strike reverse`, `bg:<slot>`,
    /// `link:<url>`; unstyled text has no tags. Never contains an escape sequence.
    pub fn tagged(&self) -> Vec<String> {
        self.rows.iter().map(Row::tagged).collect()
    }
}

impl Row {
    /// This row in the tagged form of [`Frame::tagged`].
    pub fn tagged(&self) -> String {
        let mut out = String::with_capacity(self.plain.len() + 16);
        let mut start = 0;
        for (end, style) in &self.runs {
            let text = &self.plain[start..*end];
            start = *end;
            if style.is_plain() {
                out.push_str(text);
                continue;
            }
            out.push('[');
            out.push_str(&tags(style));
            out.push(']');
            out.push_str(text);
            out.push_str("[/]");
        }
        out
    }
}

fn tags(style: &CellStyle) -> String {
    let mut tags: Vec<Cow<str>> = Vec::new();
    match style.fg {
        Some(Fg::Slot(slot)) => tags.push(slot.name().into()),
        Some(Fg::Literal(color)) => tags.push(literal_name(color).into()),
        None => {}
    }
    for (on, name) in [
        (style.bold, "bold"),
        (style.dim, "dim"),
        (style.italic, "italic"),
        (style.underline, "underline"),
        (style.strike, "strike"),
        (style.reverse, "reverse"),
    ] {
        if on {
            tags.push(name.into());
        }
    }
    match style.bg {
        Some(Bg::Slot(slot)) => tags.push(format!("bg:{}", slot.name()).into()),
        Some(Bg::Literal(color)) => tags.push(format!("bg:{}", literal_name(color)).into()),
        None => {}
    }
    if let Some(url) = &style.link {
        tags.push(format!("link:{}", text::sanitize_line(url)).into());
    }
    tags.join(" ")
}

fn literal_name(color: CanvasColor) -> String {
    match color {
        CanvasColor::Rgb { r, g, b } => format!("#{r:02x}{g:02x}{b:02x}"),
        CanvasColor::AnsiValue(n) => format!("ansi{n}"),
        other => format!("{other:?}").to_lowercase(),
    }
}

fn read_row(canvas: &Canvas, y: usize, columns: usize, palette: &Palette) -> Row {
    // Skip cells iocraft never touched at the end of the row.
    let end = (0..columns)
        .rev()
        .find(|&x| canvas.cell(x, y).is_some_and(|c| !c.is_empty()))
        .map_or(0, |x| x + 1);
    let mut cells: Vec<(Cow<str>, CellStyle)> = Vec::with_capacity(end);
    let mut x = 0;
    while x < end {
        let Some(cell) = canvas.cell(x, y) else { break };
        let mut style = CellStyle {
            bg: ink::decode_bg(cell.background_color),
            link: cell.hyperlink.clone(),
            ..CellStyle::default()
        };
        let (text, advance) = match cell.text() {
            None => (Cow::Borrowed(" "), 1),
            Some(value) => {
                if let Some(ts) = cell.text_style() {
                    let (fg, strike) = ink::decode_fg(ts.color);
                    style.fg = fg;
                    style.strike = strike;
                    style.bold = ts.weight == Weight::Bold;
                    style.dim = ts.weight == Weight::Light;
                    style.italic = ts.italic;
                    style.underline = ts.underline;
                    style.reverse = ts.invert;
                }
                cell_text(canvas, x, y, value, columns)
            }
        };
        cells.push((text, style));
        x += advance;
    }
    // Trailing blanks that would not show are dropped.
    while cells
        .last()
        .is_some_and(|(t, s)| t.as_ref() == " " && !s.shows_on_blank())
    {
        cells.pop();
    }
    let mut row = Row::default();
    let mut current: Option<CellStyle> = None;
    for (text, style) in cells {
        if current.as_ref() != Some(&style) {
            if let Some(prev) = current.take() {
                row.runs.push((row.plain.len(), prev));
            }
            current = Some(style);
        }
        row.plain.push_str(&text);
    }
    if let Some(last) = current {
        row.runs.push((row.plain.len(), last));
    }
    row.ansi = ansi(&row, palette);
    row
}

/// The text a canvas cell draws and how many columns it advances.
fn cell_text<'a>(
    canvas: &Canvas,
    x: usize,
    y: usize,
    value: &'a str,
    columns: usize,
) -> (Cow<'a, str>, usize) {
    if let Some(reserved) = ink::lookup(value) {
        return match reserved {
            Reserved::Head(cluster) => {
                let w = text::grapheme_width(&cluster).max(1);
                let complete = x + w <= columns
                    && (1..w).all(|i| {
                        ink::is_continuation(canvas.cell(x + i, y).and_then(|c| c.text()))
                    });
                if complete {
                    (Cow::Owned(cluster.to_string()), w)
                } else {
                    (Cow::Borrowed(" "), 1)
                }
            }
            Reserved::Blank => (Cow::Borrowed(" "), 1),
        };
    }
    let clean: Cow<str> = if value.chars().any(char::is_control) {
        Cow::Owned(value.chars().filter(|c| !c.is_control()).collect())
    } else {
        Cow::Borrowed(value)
    };
    let w = text::width(&clean);
    if w == 0 {
        // Marks with no base: the canvas gives them a column; draw them on a blank.
        return (Cow::Owned(format!(" {clean}")), 1);
    }
    if x + w > columns {
        return (Cow::Borrowed(" "), 1);
    }
    (clean, w)
}

/// The terminal form of a row: an SGR sequence at each style change (each starting from a
/// reset, so rows can be written alone), OSC 8 around links when the palette enables them.
fn ansi(row: &Row, palette: &Palette) -> String {
    let mut out = String::with_capacity(row.plain.len() + row.runs.len() * 24);
    let mut start = 0;
    let mut styled = false;
    let mut link: Option<&Arc<str>> = None;
    for (end, style) in &row.runs {
        let text = &row.plain[start..*end];
        start = *end;
        let wanted_link = style.link.as_ref().filter(|_| palette.links);
        if wanted_link != link {
            if link.is_some() {
                out.push_str("\x1b]8;;\x1b\\");
            }
            if let Some(url) = wanted_link {
                let _ = write!(out, "\x1b]8;;{}\x1b\\", safe_url(url));
            }
            link = wanted_link;
        }
        let sgr = sgr(style, palette);
        if !sgr.is_empty() {
            let _ = write!(out, "\x1b[0;{sgr}m");
            styled = true;
        } else if styled {
            out.push_str("\x1b[0m");
            styled = false;
        }
        out.push_str(text);
    }
    if link.is_some() {
        out.push_str("\x1b]8;;\x1b\\");
    }
    if styled {
        out.push_str("\x1b[0m");
    }
    out
}

/// A URL with nothing that could end the OSC string early.
fn safe_url(url: &str) -> Cow<'_, str> {
    if url.chars().all(|c| !c.is_control() && c != ' ') {
        Cow::Borrowed(url)
    } else {
        Cow::Owned(
            url.chars()
                .filter(|c| !c.is_control() && *c != ' ')
                .collect(),
        )
    }
}

/// SGR parameters for a style under a palette ("" for the terminal default).
fn sgr(style: &CellStyle, palette: &Palette) -> String {
    let mut attrs = Attrs {
        bold: style.bold,
        dim: style.dim,
        italic: style.italic,
        underline: style.underline,
        reverse: style.reverse,
    };
    let mut fg = None;
    match style.fg {
        Some(Fg::Slot(slot)) => {
            fg = Some(palette.fg(slot));
            merge(&mut attrs, palette.fg_attrs(slot));
        }
        Some(Fg::Literal(color)) => fg = literal(color),
        None => {}
    }
    let mut bg = None;
    match style.bg {
        Some(Bg::Slot(slot)) => {
            bg = Some(palette.bg(slot));
            merge(&mut attrs, palette.bg_attrs(slot));
        }
        Some(Bg::Literal(color)) => bg = literal(color),
        None => {}
    }
    let mut params: Vec<&str> = Vec::new();
    for (on, code) in [
        (attrs.bold, "1"),
        (attrs.dim, "2"),
        (attrs.italic, "3"),
        (attrs.underline, "4"),
        (attrs.reverse, "7"),
        (style.strike, "9"),
    ] {
        if on {
            params.push(code);
        }
    }
    let mut out = params.join(";");
    if palette.colors {
        for (color, background) in [(fg, false), (bg, true)] {
            if let Some(color) = color.filter(|c| *c != Color::Default) {
                if !out.is_empty() {
                    out.push(';');
                }
                color.push_sgr(&mut out, background);
            }
        }
    }
    out
}

fn merge(attrs: &mut Attrs, extra: Attrs) {
    attrs.bold |= extra.bold;
    attrs.dim |= extra.dim;
    attrs.italic |= extra.italic;
    attrs.underline |= extra.underline;
    attrs.reverse |= extra.reverse;
}

/// A literal iocraft color (from a view that bypassed slots) in palette terms.
fn literal(color: CanvasColor) -> Option<Color> {
    use CanvasColor as C;
    Some(match color {
        C::Reset => return None,
        C::Black => Color::Basic(0),
        C::DarkRed => Color::Basic(1),
        C::DarkGreen => Color::Basic(2),
        C::DarkYellow => Color::Basic(3),
        C::DarkBlue => Color::Basic(4),
        C::DarkMagenta => Color::Basic(5),
        C::DarkCyan => Color::Basic(6),
        C::Grey => Color::Basic(7),
        C::DarkGrey => Color::Basic(8),
        C::Red => Color::Basic(9),
        C::Green => Color::Basic(10),
        C::Yellow => Color::Basic(11),
        C::Blue => Color::Basic(12),
        C::Magenta => Color::Basic(13),
        C::Cyan => Color::Basic(14),
        C::White => Color::Basic(15),
        C::AnsiValue(n) => Color::Indexed(n),
        C::Rgb { r, g, b } => Color::Rgb(r, g, b),
    })
}
