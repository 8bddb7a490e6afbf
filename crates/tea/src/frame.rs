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

use unicode_segmentation::UnicodeSegmentation;

use crate::ink::{self, Bg, Fg, Reserved};
use crate::rows::{self, Overlay};
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
    /// Equal apart from the link (which is not SGR).
    fn same_look(&self, other: &CellStyle) -> bool {
        self.fg == other.fg
            && self.bg == other.bg
            && (
                self.bold,
                self.dim,
                self.italic,
                self.underline,
                self.strike,
                self.reverse,
            ) == (
                other.bold,
                other.dim,
                other.italic,
                other.underline,
                other.strike,
                other.reverse,
            )
    }

    /// Whether a blank cell in this style would show on screen.
    fn shows_on_blank(&self) -> bool {
        self.bg.is_some() || self.underline || self.strike || self.reverse
    }
}

/// Renders an element at `width` columns with `palette`.
pub fn render(element: &mut AnyElement<'static>, width: u16, palette: &Palette) -> Frame {
    let (canvas, overlays) = rows::capture(|| element.render(Some(usize::from(width))));
    Frame::read(&canvas, &overlays, width, palette)
}

/// Renders pre-laid-out lines exactly as [`crate::rows()`] draws them, without iocraft: for
/// hosts that hold lines already (transcript cards, a cached view).
pub fn render_lines(lines: impl AsRef<[Line]>, width: u16, palette: &Palette) -> Frame {
    let mut styler = Styler::new(palette);
    let rows = lines
        .as_ref()
        .iter()
        .map(|line| {
            let mut row = RowBuilder::new(usize::from(width));
            line_segment(&mut row, Some(line), 0, i64::from(width));
            row.finish(&mut styler)
        })
        .collect();
    Frame { width, rows }
}

impl Frame {
    /// Reads a canvas into rows, clipped to `width` columns.
    pub fn from_canvas(canvas: &Canvas, width: u16, palette: &Palette) -> Frame {
        Frame::read(canvas, &[], width, palette)
    }

    fn read(canvas: &Canvas, overlays: &[Overlay], width: u16, palette: &Palette) -> Frame {
        let columns = canvas.width().min(usize::from(width));
        let mut styler = Styler::new(palette);
        let rows = (0..canvas.height())
            .map(|y| read_row(canvas, overlays, y, columns, &mut styler))
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

/// A row under construction: plain text plus style runs, merging equal neighbours.
struct RowBuilder {
    plain: String,
    runs: Vec<(usize, CellStyle)>,
}

impl RowBuilder {
    fn new(columns: usize) -> Self {
        RowBuilder {
            plain: String::with_capacity(columns + columns / 2),
            runs: Vec::with_capacity(8),
        }
    }

    fn push(&mut self, text: &str, style: &CellStyle) {
        if text.is_empty() {
            return;
        }
        self.plain.push_str(text);
        match self.runs.last_mut() {
            Some((end, last)) if last == style => *end = self.plain.len(),
            _ => self.runs.push((self.plain.len(), style.clone())),
        }
    }

    fn blanks(&mut self, n: usize, style: &CellStyle) {
        const SPACES: &str = "                                ";
        let mut left = n;
        while left > 0 {
            let k = left.min(SPACES.len());
            self.push(&SPACES[..k], style);
            left -= k;
        }
    }

    /// Drops trailing blanks that would not show on screen.
    fn finish(mut self, styler: &mut Styler) -> Row {
        while let Some((_, style)) = self.runs.last() {
            if style.shows_on_blank() {
                break;
            }
            let start = self.runs.len().checked_sub(2).map_or(0, |i| self.runs[i].0);
            let kept = self.plain[start..].trim_end_matches(' ').len();
            self.plain.truncate(start + kept);
            if kept > 0 {
                if let Some(last) = self.runs.last_mut() {
                    last.0 = start + kept;
                }
                break;
            }
            self.runs.pop();
        }
        let mut row = Row {
            ansi: String::new(),
            plain: self.plain,
            runs: self.runs,
        };
        row.ansi = ansi(&row, styler);
        row
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
        let overlay = ink::overlay_id(cell.background_color).and_then(|id| overlays.get(id));
        if let Some(overlay) = overlay
            && cell.text().is_none()
        {
            // A stretch of cells showing captured rows: read them from the lines.
            let id = ink::overlay_id(cell.background_color);
            let mut stop = x + 1;
            while stop < end
                && canvas.cell(stop, y).is_some_and(|c| {
                    c.text().is_none() && ink::overlay_id(c.background_color) == id
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
                None => ink::decode_bg(cell.background_color),
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
            let (fg, strike) = ink::decode_fg(ts.color);
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

/// Writes columns `lo..hi` of a line (blanks past its end, in the line's background).
fn line_segment(row: &mut RowBuilder, line: Option<&Line>, lo: i64, hi: i64) {
    let blank = CellStyle {
        bg: line.and_then(|l| l.bg).map(Bg::Slot),
        ..CellStyle::default()
    };
    let mut col: i64 = 0;
    if let Some(line) = line {
        for span in &line.spans {
            if col >= hi {
                break;
            }
            let style = span_style(&span.style, &blank);
            if span.text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
                let len = span.text.len() as i64;
                let a = lo.clamp(col, col + len) - col;
                let b = hi.clamp(col, col + len) - col;
                row.push(&span.text[a as usize..b as usize], &style);
                col += len;
                continue;
            }
            col = if span.text.chars().all(text::is_standalone) {
                // Every char is a cluster of its own: no segmentation needed.
                let clusters = span.text.char_indices().map(|(at, c)| {
                    let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                    (at, &span.text[at..at + c.len_utf8()], w)
                });
                clip_clusters(row, &span.text, clusters, &style, col, lo, hi)
            } else {
                let clusters = span
                    .text
                    .grapheme_indices(true)
                    .map(|(at, g)| (at, g, text::grapheme_width(g)));
                clip_clusters(row, &span.text, clusters, &style, col, lo, hi)
            };
        }
    }
    if col < hi {
        let start = col.max(lo);
        row.blanks((hi - start) as usize, &blank);
    }
}

/// Writes the clusters (byte offset, text, width) of `text` that fall in columns `lo..hi`,
/// starting at column `col`; returns the column after them. Clusters that pass as they are go
/// out in one piece; controls are dropped; reserved code points become U+FFFD; a cluster whose
/// width the measures dispute goes out in its agreed form, padded to the columns it was given;
/// a cluster cut by an edge becomes blanks.
fn clip_clusters<'t>(
    row: &mut RowBuilder,
    text: &'t str,
    clusters: impl Iterator<Item = (usize, &'t str, usize)>,
    style: &CellStyle,
    mut col: i64,
    lo: i64,
    hi: i64,
) -> i64 {
    let mut run: Option<(usize, usize)> = None;
    for (at, g, w) in clusters {
        if col >= hi {
            break;
        }
        let w = w as i64;
        let whole = col >= lo && col + w <= hi;
        let control = g.starts_with(char::is_control);
        let disputed = text::is_disputed(g);
        if whole && !control && !disputed && !g.chars().any(ink::is_reserved) {
            let (from, _) = run.unwrap_or((at, at));
            run = Some((from, at + g.len()));
            col += w;
            continue;
        }
        if let Some((a, b)) = run.take() {
            row.push(&text[a..b], style);
        }
        if control {
            continue;
        }
        if whole && disputed && !g.chars().any(ink::is_reserved) {
            let agreed = text::agreed(g);
            let drawn = text::width(&agreed);
            row.push(&agreed, style);
            row.blanks(w as usize - drawn.min(w as usize), style);
        } else if whole {
            // Never let text pass for a placeholder.
            row.push(&"\u{fffd}".repeat(w as usize), style);
        } else if col + w > lo {
            let inside = (col + w).min(hi) - col.max(lo);
            row.blanks(inside as usize, style);
        }
        col += w;
    }
    if let Some((a, b)) = run {
        row.push(&text[a..b], style);
    }
    col
}

fn span_style(style: &crate::style::Style, blank: &CellStyle) -> CellStyle {
    CellStyle {
        fg: style.fg.map(Fg::Slot),
        bg: blank.bg,
        bold: style.bold,
        dim: false,
        italic: style.italic,
        underline: style.underline,
        strike: style.strikethrough,
        reverse: style.reverse,
        link: style.link.clone(),
    }
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

/// The terminal form of a row: an SGR sequence at each style change (each starting from a
/// reset, so rows can be written alone), OSC 8 around links when the palette enables them.
fn ansi(row: &Row, styler: &mut Styler) -> String {
    let palette = styler.palette;
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
        let sgr = styler.sgr(style);
        if !sgr.is_empty() {
            out.push_str("\x1b[0;");
            out.push_str(sgr);
            out.push('m');
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

/// SGR parameters per style, computed once per frame (a frame has few distinct styles).
struct Styler<'a> {
    palette: &'a Palette,
    cache: Vec<(CellStyle, String)>,
}

impl<'a> Styler<'a> {
    fn new(palette: &'a Palette) -> Self {
        Styler {
            palette,
            cache: Vec::new(),
        }
    }

    fn sgr(&mut self, style: &CellStyle) -> &str {
        let found = self.cache.iter().position(|(s, _)| s.same_look(style));
        let index = match found {
            Some(i) => i,
            None => {
                let key = CellStyle {
                    link: None,
                    ..style.clone()
                };
                self.cache.push((key, sgr(style, self.palette)));
                self.cache.len() - 1
            }
        };
        &self.cache[index].1
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
