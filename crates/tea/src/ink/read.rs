//! Reading iocraft's canvas back into rows: cells drawn in tea's slot colors resolve through
//! the palette, cells under captured [`super::rows`] are read from their lines.

use std::borrow::Cow;
use std::sync::Arc;

use iocraft::{AnyElement, Canvas, Color as CanvasColor, ElementExt, Weight};

use super::Reserved;
use super::rows::{self, Overlay};
use crate::frame::{Bg, CellStyle, Frame, Row, RowBuilder, Styler, line_segment};
use crate::style::Line;
use crate::text;
use crate::theme::{Color, Palette};

/// Renders an element at `width` columns with `palette`.
pub fn render(element: &mut AnyElement<'static>, width: u16, palette: &Palette) -> Frame {
    let (canvas, overlays) = rows::capture(|| element.render(Some(usize::from(width))));
    read(&canvas, &overlays, width, palette)
}

/// Reads a painted canvas into rows, clipped to `width` columns.
pub fn from_canvas(canvas: &Canvas, width: u16, palette: &Palette) -> Frame {
    read(canvas, &[], width, palette)
}

fn read(canvas: &Canvas, overlays: &[Overlay], width: u16, palette: &Palette) -> Frame {
    let columns = canvas.width().min(usize::from(width));
    let mut styler = Styler::new(palette);
    let rows = (0..canvas.height())
        .map(|y| Arc::new(read_row(canvas, overlays, y, columns, &mut styler)))
        .collect();
    Frame {
        width,
        rows,
        ..Frame::default()
    }
}

fn read_row(
    canvas: &Canvas,
    overlays: &[Overlay],
    y: usize,
    columns: usize,
    styler: &mut Styler,
) -> Row {
    // Skip cells iocraft never touched at the end of the row.
    let end = (0..columns)
        .rev()
        .find(|&x| canvas.cell(x, y).is_some_and(|c| !c.is_empty()))
        .map_or(0, |x| x + 1);
    let mut row = RowBuilder::new(end);
    let mut x = 0;
    while x < end {
        let Some(cell) = canvas.cell(x, y) else { break };
        let overlay = super::overlay_id(cell.background_color).and_then(|id| overlays.get(id));
        if let Some(overlay) = overlay
            && cell.text().is_none()
        {
            // A stretch of cells showing captured rows: read them from the lines.
            let id = super::overlay_id(cell.background_color);
            let mut stop = x + 1;
            while stop < end
                && canvas.cell(stop, y).is_some_and(|c| {
                    c.text().is_none() && super::overlay_id(c.background_color) == id
                })
            {
                stop += 1;
            }
            overlay_segment(&mut row, overlay, x, stop, y);
            x = stop;
            continue;
        }
        let mut style = CellStyle {
            bg: match overlay {
                Some(overlay) => overlay_line(overlay, y).and_then(|l| l.bg).map(Bg::Slot),
                None => super::decode_bg(cell.background_color),
            },
            link: cell.hyperlink.clone(),
            ..CellStyle::default()
        };
        let Some(value) = cell.text() else {
            row.push(" ", &style);
            x += 1;
            continue;
        };
        if let Some(ts) = cell.text_style() {
            let (fg, strike) = super::decode_fg(ts.color);
            style.fg = fg;
            style.strike = strike;
            style.bold = ts.weight == Weight::Bold;
            style.dim = ts.weight == Weight::Light;
            style.italic = ts.italic;
            style.underline = ts.underline;
            style.reverse = ts.invert;
        }
        let (text, advance) = cell_text(canvas, x, y, value, columns);
        row.push(&text, &style);
        x += advance;
    }
    row.finish(styler)
}

fn overlay_line(overlay: &Overlay, y: usize) -> Option<&Line> {
    let row = i64::try_from(y).ok()? - i64::from(overlay.y);
    overlay.lines.get(usize::try_from(row).ok()?)
}

/// Writes columns `from..to` (canvas coordinates) of an overlay's line for canvas row `y`. A
/// wide grapheme cut by either edge becomes blanks; controls and reserved code points never
/// get through.
fn overlay_segment(row: &mut RowBuilder, overlay: &Overlay, from: usize, to: usize, y: usize) {
    let offset = i64::from(overlay.x);
    let line = overlay_line(overlay, y);
    line_segment(row, line, from as i64 - offset, to as i64 - offset);
}

/// The text a canvas cell draws and how many columns it advances.
fn cell_text<'a>(
    canvas: &Canvas,
    x: usize,
    y: usize,
    value: &'a str,
    columns: usize,
) -> (Cow<'a, str>, usize) {
    if let Some(reserved) = super::lookup(value) {
        return match reserved {
            Reserved::Head(cluster) => {
                let w = text::grapheme_width(&cluster).max(1);
                let complete = x + w <= columns
                    && (1..w).all(|i| {
                        super::is_continuation(canvas.cell(x + i, y).and_then(|c| c.text()))
                    });
                if complete {
                    let agreed = text::agreed(&cluster);
                    let pad = w.saturating_sub(text::width(&agreed));
                    (Cow::Owned(format!("{agreed}{}", " ".repeat(pad))), w)
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
    let clean = match text::agreed(&clean) {
        Cow::Borrowed(_) => clean,
        Cow::Owned(agreed) => Cow::Owned(agreed),
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

/// A literal iocraft color (from a view that bypassed slots) in palette terms.
pub(super) fn literal(color: CanvasColor) -> Option<Color> {
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
