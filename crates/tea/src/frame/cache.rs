//! Rows written in recent frames, kept by the line they were written from: a frame writes only
//! the rows it has not shown lately. After a key most of a frame is as it was (the border, the
//! tab bar, the prompt, the footer), so a row is first compared with the one at its place in
//! the last frame; rows seen a few keys ago, anywhere, come back from a map when the cursor
//! does.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{Frame, Styler, write_row};
use crate::frame::Row;
use crate::program::Size;
use crate::style::Line;
use crate::theme::Palette;
use crate::view::View;

/// A row is kept this many frames after it was last shown.
const KEEP_FRAMES: u64 = 8;

/// The frame writer with a memory of the rows it wrote, for one width and palette (either
/// changing forgets them). The rows are the same as [`super::render_lines`] writes.
#[derive(Debug, Default)]
pub struct RowCache {
    width: u16,
    palette: Option<Palette>,
    /// Counts the frames written, to tell how long ago a row showed.
    frame: u64,
    rows: FxHashMap<Line, (Arc<Row>, u64)>,
    /// The last frame's lines and rows, by position: most rows of a frame are the row at the
    /// same place in the one before, and comparing two lines costs a fraction of hashing one.
    last: Vec<(Line, Arc<Row>)>,
}

impl RowCache {
    pub fn new() -> RowCache {
        RowCache::default()
    }

    /// [`super::draw`] through the cache.
    pub fn draw(&mut self, view: &View<'_>, size: Size, palette: &Palette) -> Frame {
        super::draw_with(view, size, |lines| {
            self.render_lines(lines, size.width, palette)
        })
    }

    /// [`super::render_lines`] through the cache: rows shown in the last frames are copied,
    /// the others written and kept.
    pub fn render_lines(&mut self, lines: Vec<Line>, width: u16, palette: &Palette) -> Frame {
        if width != self.width || self.palette.as_ref() != Some(palette) {
            self.rows.clear();
            self.last.clear();
            self.width = width;
            self.palette = Some(palette.clone());
        }
        self.frame += 1;
        let frame = self.frame;
        let mut styler = Styler::new(palette);
        let last = std::mem::take(&mut self.last);
        let mut last = last.into_iter();
        let mut shown = Vec::with_capacity(lines.len());
        for line in lines {
            let row = match last.next() {
                Some((was, row)) if was == line => row,
                _ => match self.rows.get_mut(&line) {
                    Some((row, seen)) => {
                        *seen = frame;
                        row.clone()
                    }
                    None => {
                        let row = Arc::new(write_row(&line, width, &mut styler));
                        self.rows.insert(line.clone(), (row.clone(), frame));
                        row
                    }
                },
            };
            shown.push((line, row));
        }
        let rows: Vec<Arc<Row>> = shown.iter().map(|(_, row)| row.clone()).collect();
        self.last = shown;
        // Forgetting waits until twice what the kept frames hold, so it costs little per frame.
        let kept = rows.len().max(1) * KEEP_FRAMES as usize;
        if self.rows.len() > 2 * kept {
            self.rows
                .retain(|_, (_, shown)| frame - *shown < KEEP_FRAMES);
        }
        Frame {
            width,
            rows,
            ..Frame::default()
        }
    }

    /// How many rows are kept.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::render_lines;
    use crate::style::{Slot, Style};

    fn lines(texts: &[&str]) -> Vec<Line> {
        texts
            .iter()
            .map(|t| Line::styled(*t, Style::fg(Slot::Accent)))
            .collect()
    }

    #[test]
    fn rows_are_those_the_writer_writes() {
        let mut cache = RowCache::new();
        let palette = Palette::dark();
        for texts in [&["a", "b", "c"][..], &["a", "x", "c"], &["a", "b", "c"]] {
            let cached = cache.render_lines(lines(texts), 10, &palette);
            assert_eq!(
                cached,
                render_lines(lines(texts), 10, &palette),
                "{texts:?}"
            );
        }
        assert_eq!(cache.len(), 4, "a, b, c and x, each written once");
    }

    #[test]
    fn a_row_in_the_same_place_is_reused_only_when_its_line_is_the_same_styles_included() {
        let mut cache = RowCache::new();
        let palette = Palette::dark();
        let styled = |slot| vec![Line::styled("a", Style::fg(slot)), Line::plain("b")];
        for lines in [
            styled(Slot::Accent),
            styled(Slot::Muted),
            styled(Slot::Muted),
            vec![Line::plain("b"), Line::styled("a", Style::fg(Slot::Muted))],
            styled(Slot::Accent),
        ] {
            let cached = cache.render_lines(lines.clone(), 10, &palette);
            assert_eq!(
                cached,
                render_lines(lines.clone(), 10, &palette),
                "{lines:?}"
            );
        }
        // Shown in every frame though none was written again for many: not forgotten.
        for _ in 0..3 * KEEP_FRAMES {
            cache.render_lines(styled(Slot::Accent), 10, &palette);
        }
        let lines = vec![Line::plain("b"), Line::styled("a", Style::fg(Slot::Accent))];
        let cached = cache.render_lines(lines.clone(), 10, &palette);
        assert_eq!(cached, render_lines(lines, 10, &palette));
    }

    #[test]
    fn another_width_or_palette_writes_afresh() {
        let mut cache = RowCache::new();
        let text = lines(&["a long row"]);
        cache.render_lines(text.clone(), 10, &Palette::dark());
        let narrow = cache.render_lines(text.clone(), 4, &Palette::dark());
        assert_eq!(narrow, render_lines(text.clone(), 4, &Palette::dark()));
        let light = cache.render_lines(text.clone(), 4, &Palette::light());
        assert_eq!(light, render_lines(text, 4, &Palette::light()));
        assert_eq!(cache.len(), 1);
    }

    #[test]
    fn rows_not_shown_lately_are_forgotten() {
        let mut cache = RowCache::new();
        let palette = Palette::no_color();
        for n in 0..100 {
            cache.render_lines(lines(&[&n.to_string()]), 10, &palette);
        }
        assert!(cache.len() <= 2 * KEEP_FRAMES as usize, "{}", cache.len());
    }

    #[test]
    fn a_frame_drawn_through_the_cache_is_the_frame_draw_makes_cursor_included() {
        use crate::style::Span;
        use crate::view::Cursor;
        let mut caret = Line::plain("> ab");
        caret.push(Span::styled(" ", Style::default().reverse().caret()));
        let view = View::rows(vec![Line::plain("label"), caret]).cursor(Cursor::on_caret());
        let (size, palette) = (Size::new(10, 2), Palette::dark());
        let mut cache = RowCache::new();
        for _ in 0..2 {
            let drawn = cache.draw(&view, size, &palette);
            assert_eq!(drawn, super::super::draw(&view, size, &palette));
            let cursor = drawn.cursor.expect("on the caret's cell");
            assert_eq!((cursor.x, cursor.y), (4, 1));
        }
    }
}
