//! Frames: a rendered view as rows of (ANSI, plain) text, and the slot-tagged form used by
//! styled snapshots.
//!
//! The writer reads the laid-out lines of a [`View`] straight into rows, so the palette (not
//! the environment) decides colors, only SGR and OSC 8 sequences are emitted, and every row is
//! measured with [`crate::text::width`]: a row is never wider than the frame.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::Arc;

use unicode_segmentation::UnicodeSegmentation;

use crate::mouse::{HitMap, MouseMode};
use crate::program::Size;
use crate::style::{BgSlot, Line, Slot};
use crate::text;
use crate::theme::{Attrs, Color, Palette};
use crate::view::{Cursor, View};

mod cache;

pub use cache::RowCache;

/// A rendered view. Every row's display width is at most `width`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Frame {
    pub width: u16,
    /// Shared with the row cache, which hands out the rows it keeps without copying them.
    pub rows: Vec<Arc<Row>>,
    /// Where the view wants the terminal's cursor (see [`crate::view::View::cursor`]), placed
    /// in the frame: on the caret's cell for a cursor that follows it; `None` hides it.
    pub cursor: Option<Cursor>,
    /// Where the parts the view marked for the mouse are (see [`crate::mouse`]).
    pub hits: HitMap,
    /// The mouse reports the view asks for ([`View::mouse`](crate::view::View::mouse)).
    pub mouse: MouseMode,
}

/// One terminal row. `ansi` holds only the SGR and OSC 8 sequences the palette asked for;
/// trailing blank cells are left out of both forms.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Row {
    pub ansi: String,
    pub plain: String,
    /// Style runs over `plain`: (end byte, style), in order.
    pub(crate) runs: Vec<(usize, CellStyle)>,
}

/// A foreground: a slot, or a literal color from an iocraft element that bypassed slots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Fg {
    Slot(Slot),
    #[cfg_attr(not(feature = "iocraft"), allow(dead_code))]
    Literal(Color),
}

/// A background, likewise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Bg {
    Slot(BgSlot),
    #[cfg_attr(not(feature = "iocraft"), allow(dead_code))]
    Literal(Color),
}

/// The style of one cell, still in semantic terms.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct CellStyle {
    pub fg: Option<Fg>,
    pub bg: Option<Bg>,
    pub bold: bool,
    pub dim: bool,
    pub italic: bool,
    pub underline: bool,
    pub strike: bool,
    pub reverse: bool,
    pub link: Option<Arc<str>>,
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

/// Lays `view` out at `size` and writes its rows: the driver's way to a frame.
pub fn draw(view: &View<'_>, size: Size, palette: &Palette) -> Frame {
    draw_with(view, size, |lines| render_lines(lines, size.width, palette))
}

/// Lays `view` out at `size`, has `write` write the rows and places the view's cursor in them
/// (on the caret's cell for a cursor that follows it).
pub(crate) fn draw_with(
    view: &View<'_>,
    size: Size,
    write: impl FnOnce(Vec<Line>) -> Frame,
) -> Frame {
    let lines = view.lines(usize::from(size.width), usize::from(size.height));
    let cursor = view
        .cursor
        .and_then(|cursor| cursor.placed(&lines, usize::from(size.width)));
    // Marks matter only to a view that hears the mouse: others pay nothing for them.
    let hits = match view.mouse {
        MouseMode::Off => HitMap::default(),
        _ => HitMap::from_lines(&lines),
    };
    Frame {
        cursor,
        hits,
        mouse: view.mouse,
        ..write(lines)
    }
}

/// Writes pre-laid-out lines as rows `width` columns wide, each cut at the width (a wide
/// character the edge cuts becomes blanks): for hosts that hold lines already (transcript
/// cards, a cached view).
pub fn render_lines(lines: impl AsRef<[Line]>, width: u16, palette: &Palette) -> Frame {
    let mut styler = Styler::new(palette);
    let rows = lines
        .as_ref()
        .iter()
        .map(|line| Arc::new(write_row(line, width, &mut styler)))
        .collect();
    Frame {
        width,
        rows,
        ..Frame::default()
    }
}

/// One line written as a row `width` columns wide.
fn write_row(line: &Line, width: u16, styler: &mut Styler) -> Row {
    let mut row = RowBuilder::new(usize::from(width));
    line_segment(&mut row, Some(line), 0, i64::from(width));
    row.finish(styler)
}

impl Frame {
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
        self.rows.iter().map(|row| row.tagged()).collect()
    }
}

impl Row {
    /// The byte index in [`Row::ansi`] where the cell at `column` starts (after the sequences
    /// that style it), for a host that marks a cell in the terminal text, such as pi's cursor
    /// marker; `None` past the row's text or inside a wide character.
    pub fn ansi_index(&self, column: usize) -> Option<usize> {
        let mut width = 0;
        let mut plain_at = None;
        for (at, grapheme) in self.plain.grapheme_indices(true) {
            if width == column {
                plain_at = Some(at);
                break;
            }
            width += text::grapheme_width(grapheme);
            if width > column {
                return None;
            }
        }
        let plain_at = plain_at?;
        let bytes = self.ansi.as_bytes();
        let (mut i, mut visible) = (0, 0);
        while i < bytes.len() {
            if bytes[i] == 0x1b {
                i += escape_len(&bytes[i..]);
                continue;
            }
            if visible == plain_at {
                return Some(i);
            }
            i += 1;
            visible += 1;
        }
        None
    }

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

/// The length of the escape sequence at the start of `bytes`: a CSI (SGR) up to its final
/// byte, an OSC (a link) up to BEL or ST, else the lone ESC.
fn escape_len(bytes: &[u8]) -> usize {
    match bytes.get(1) {
        Some(b'[') => bytes[2..]
            .iter()
            .position(|b| (0x40..=0x7e).contains(b))
            .map_or(bytes.len(), |end| end + 3),
        Some(b']') => {
            let mut i = 2;
            while i < bytes.len() {
                match bytes[i] {
                    0x07 => return i + 1,
                    0x1b if bytes.get(i + 1) == Some(&b'\\') => return i + 2,
                    _ => i += 1,
                }
            }
            bytes.len()
        }
        _ => 1,
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

fn literal_name(color: Color) -> String {
    match color {
        Color::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        Color::Indexed(n) => format!("ansi{n}"),
        Color::Basic(n) => format!("basic{n}"),
        Color::Default => "default".into(),
    }
}

/// A row under construction: plain text plus style runs, merging equal neighbours.
pub(crate) struct RowBuilder {
    plain: String,
    runs: Vec<(usize, CellStyle)>,
}

impl RowBuilder {
    pub(crate) fn new(columns: usize) -> Self {
        RowBuilder {
            plain: String::with_capacity(columns + columns / 2),
            runs: Vec::with_capacity(8),
        }
    }

    pub(crate) fn push(&mut self, text: &str, style: &CellStyle) {
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
    pub(crate) fn finish(mut self, styler: &mut Styler) -> Row {
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

/// Writes columns `lo..hi` of a line (blanks past its end, in the line's background).
pub(crate) fn line_segment(row: &mut RowBuilder, line: Option<&Line>, lo: i64, hi: i64) {
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
        if whole && !control && !disputed && !g.chars().any(is_reserved) {
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
        if whole && disputed && !g.chars().any(is_reserved) {
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
pub(crate) struct Styler<'a> {
    palette: &'a Palette,
    cache: Vec<(CellStyle, String)>,
}

impl<'a> Styler<'a> {
    pub(crate) fn new(palette: &'a Palette) -> Self {
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
        Some(Fg::Literal(color)) => fg = Some(color),
        None => {}
    }
    let mut bg = None;
    match style.bg {
        Some(Bg::Slot(slot)) => {
            bg = Some(palette.bg(slot));
            merge(&mut attrs, palette.bg_attrs(slot));
        }
        Some(Bg::Literal(color)) => bg = Some(color),
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

/// Code points kept for iocraft's canvas (plane 16, supplementary private use area B; see
/// `crate::ink`): text never draws them, so nothing can pass for a placeholder.
pub(crate) fn is_reserved(c: char) -> bool {
    ('\u{100000}'..='\u{10ffff}').contains(&c)
}
