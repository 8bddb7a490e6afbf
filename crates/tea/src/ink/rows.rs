//! Pre-laid-out rows as one iocraft element, so tea's lines sit inside an iocraft layout.
//!
//! iocraft's own text layout (measure, wrap, flex per line) is the expensive part of a frame,
//! so views lay out text themselves ([`crate::text`]) and hand the finished [`Line`]s to
//! [`rows`]: a single leaf component of fixed size.
//!
//! Painting a canvas costs an allocation per cell, so when [`super::render`] is drawing
//! (a capture is active on this thread) the component does not paint text: it registers its
//! lines as an overlay and marks the cells it covers (within its clip) with the overlay's id.
//! The frame writer reads those cells straight from the lines. Anything drawn later on top
//! (an absolutely positioned box) replaces the mark and wins, as on a painted canvas. Either way
//! the rows' text replaces whatever was under it and a parent's background shows through
//! (such a region is painted, since the mark would hide it). Outside a capture (e.g.
//! `element.to_string()`), the component paints the canvas normally.

use std::cell::RefCell;
use std::sync::Arc;

use iocraft::taffy::{self, Dimension};
use iocraft::{
    AnyElement, CanvasTextStyle, Component, ComponentDrawer, ComponentUpdater, Hooks, Props, Weight,
};
use unicode_segmentation::UnicodeSegmentation;

use crate::ink;
use crate::style::{Line, Style};
use crate::text::grapheme_width;

/// Draws `lines` as rows `width` columns wide, one line per row, never wrapping; whatever
/// does not fit a row is cut off at a whole grapheme.
pub fn rows(lines: Vec<Line>, width: u16) -> AnyElement<'static> {
    let lines: Arc<[Line]> = lines.into();
    iocraft::element!(Rows(lines: lines, width: width)).into_any()
}

#[derive(Default, Props)]
pub struct RowsProps {
    pub lines: Arc<[Line]>,
    pub width: u16,
}

/// The component behind [`rows`]: a fixed-size leaf, no hooks.
#[derive(Default)]
pub struct Rows {
    lines: Arc<[Line]>,
    width: u16,
}

impl Component for Rows {
    type Props<'a> = RowsProps;

    fn new(_props: &RowsProps) -> Self {
        Rows::default()
    }

    fn update(&mut self, props: &mut RowsProps, _hooks: Hooks, updater: &mut ComponentUpdater) {
        self.lines = props.lines.clone();
        self.width = props.width;
        updater.set_layout_style(taffy::Style {
            size: taffy::Size {
                width: Dimension::Length(f32::from(props.width)),
                height: Dimension::Length(props.lines.len() as f32),
            },
            flex_shrink: 0.0,
            ..Default::default()
        });
    }

    fn draw(&mut self, drawer: &mut ComponentDrawer<'_>) {
        let width = usize::from(self.width);
        let origin = drawer.canvas_position();
        let mut canvas = drawer.canvas();
        let overlay = Overlay {
            x: i32::from(origin.x),
            y: i32::from(origin.y),
            lines: self.lines.clone(),
        };
        let height = self.lines.len();
        // The marker takes the cells' background, so a region that already has one (a parent
        // with a background color) is painted instead, and the background shows through.
        if !has_background(&canvas, width, height)
            && let Some(id) = register(overlay)
        {
            canvas.clear_text(0, 0, width, height);
            canvas.set_background_color(0, 0, width, height, ink::overlay_marker(id));
            return;
        }
        canvas.clear_text(0, 0, width, height);
        for (y, line) in self.lines.iter().enumerate() {
            let y = y as isize;
            if let Some(bg) = line.bg {
                canvas.set_background_color(0, y, width, 1, ink::bg_color(bg));
            }
            let mut x = 0usize;
            for span in &line.spans {
                if x >= width {
                    break;
                }
                let start = x;
                let style = canvas_style(&span.style);
                let cut;
                (x, cut) = draw_span(&mut canvas, x, y, &span.text, style, width);
                if let Some(url) = &span.style.link
                    && x > start
                {
                    canvas.set_hyperlink(start as isize, y, x - start, 1, Some(url.clone()));
                }
                if cut {
                    break;
                }
            }
        }
    }
}

fn has_background(canvas: &iocraft::CanvasSubviewMut<'_>, width: usize, height: usize) -> bool {
    (0..height as isize).any(|y| {
        (0..width as isize).any(|x| {
            canvas
                .cell(x, y)
                .is_some_and(|c| c.background_color.is_some())
        })
    })
}

fn canvas_style(style: &Style) -> CanvasTextStyle {
    let mut out = CanvasTextStyle::default();
    if style.fg.is_some() || style.strikethrough {
        out.color = Some(ink::fg_code(style.fg, style.strikethrough));
    }
    if style.bold {
        out.weight = Weight::Bold;
    }
    out.italic = style.italic;
    out.underline = style.underline;
    out.invert = style.reverse;
    out
}

/// Draws `text` from column `x`, cut at `width`; returns the column after it and whether
/// the text was cut.
fn draw_span(
    canvas: &mut iocraft::CanvasSubviewMut<'_>,
    mut x: usize,
    y: isize,
    text: &str,
    style: CanvasTextStyle,
    width: usize,
) -> (usize, bool) {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        let fit = text.len().min(width - x);
        canvas.set_text(x as isize, y, &text[..fit], style);
        return (x + fit, fit < text.len());
    }
    // Graphemes the canvas stores faithfully are drawn in runs; the others one by one.
    let mut run = String::new();
    let mut run_start = x;
    let mut cut = false;
    for g in text.graphemes(true) {
        let w = grapheme_width(g);
        if x + w > width {
            cut = true;
            break;
        }
        match cell_text(g, w) {
            CellText::Skip => continue,
            CellText::Direct => run.push_str(g),
            CellText::Substitute(sub) => {
                if !run.is_empty() {
                    canvas.set_text(run_start as isize, y, &run, style);
                    run.clear();
                }
                canvas.set_text(x as isize, y, &sub, style);
                run_start = x + w;
            }
        }
        x += w;
    }
    if !run.is_empty() {
        canvas.set_text(run_start as isize, y, &run, style);
    }
    (x, cut)
}

enum CellText {
    Skip,
    Direct,
    Substitute(String),
}

fn cell_text(g: &str, w: usize) -> CellText {
    let mut chars = g.chars();
    let first = chars.next().unwrap_or(' ');
    if first.is_control() {
        return CellText::Skip; // spans are sanitized; a stray control must not reach the canvas
    }
    if chars.as_str().is_empty() {
        return if ink::is_reserved(first) {
            CellText::Substitute("\u{fffd}".into())
        } else {
            CellText::Direct
        };
    }
    // The canvas starts a new cell at every code point of nonzero width, so a cluster is safe
    // only if everything after its first code point is zero-width and the widths agree.
    let splits = chars.any(|c| unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) > 0);
    let first_width = unicode_width::UnicodeWidthChar::width(first).unwrap_or(0);
    if g.chars().any(ink::is_reserved) {
        // Could be mistaken for a placeholder: draw replacement characters instead.
        return match w {
            0 => CellText::Skip,
            _ => CellText::Substitute("\u{fffd}".repeat(w)),
        };
    }
    if !splits && (first_width == w || w == 0) {
        return CellText::Direct;
    }
    if w == 0 {
        return CellText::Skip;
    }
    match ink::placeholder(g, w) {
        Some(sub) => CellText::Substitute(sub),
        None => CellText::Substitute(first.to_string()).fallback(w),
    }
}

impl CellText {
    /// When the cluster table is full: the cluster's first code point if it has the right
    /// width, else blanks.
    fn fallback(self, w: usize) -> CellText {
        match self {
            CellText::Substitute(s)
                if crate::text::width(&s) == w && !s.chars().any(ink::is_reserved) =>
            {
                CellText::Substitute(s)
            }
            _ => CellText::Substitute(" ".repeat(w)),
        }
    }
}

/// Lines registered by a [`Rows`] during a capture, at their absolute canvas position.
pub(crate) struct Overlay {
    pub x: i32,
    pub y: i32,
    pub lines: Arc<[Line]>,
}

thread_local! {
    static CAPTURE: RefCell<Option<Vec<Overlay>>> = const { RefCell::new(None) };
}

/// Runs `draw` with rows captured as overlays instead of painted.
pub(crate) fn capture<R>(draw: impl FnOnce() -> R) -> (R, Vec<Overlay>) {
    /// Restores the enclosing capture state even if drawing panics.
    struct Restore(Option<Option<Vec<Overlay>>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                CAPTURE.with_borrow_mut(|c| *c = outer);
            }
        }
    }
    let mut restore = Restore(Some(CAPTURE.with_borrow_mut(|c| c.replace(Vec::new()))));
    let result = draw();
    let outer = restore.0.take().unwrap_or_default();
    let overlays = CAPTURE.with_borrow_mut(|c| std::mem::replace(c, outer));
    (result, overlays.unwrap_or_default())
}

/// Registers an overlay when a capture is active and has room for its id.
fn register(overlay: Overlay) -> Option<u8> {
    CAPTURE.with_borrow_mut(|capture| {
        let list = capture.as_mut()?;
        let id = u8::try_from(list.len()).ok()?;
        list.push(overlay);
        Some(id)
    })
}
