//! The mouse, when a view asks for it: which reports the terminal sends ([`MouseMode`], a field
//! of the [`View`](crate::view::View)), what a program is told ([`Mouse`]), and hit testing:
//! which part of the last frame is under the pointer.
//!
//! Hit testing works as the caret does: the layout alone knows where a part of the tree ended
//! up, so the mark travels with the text. A span styled with [`Style::hit`] (or a block wrapped
//! in a [`Zone`], which also claims the blank cells of its box) carries a [`HitId`]; when the
//! driver draws a frame it reads the marks into a [`HitMap`], and a mouse event arrives with
//! the id under the pointer and the pointer's cell relative to that part's top-left. The model
//! keeps no geometry: ids are the program's own names for what it draws (an option's index, a
//! tab, a scrolling pane), as in bubblezone.
//!
//! ```
//! use tea::mouse::{HitId, MouseMode, Zone};
//! use tea::view::{Rows, View};
//! use tea::{Line, Palette, Size, Style};
//!
//! const LIST: HitId = HitId(1);
//! let option = |n: u32, text: &str| Line::styled(text, Style::default().hit(HitId(100 + n)));
//! let list = Zone::new(LIST, Rows::new(vec![option(0, "one"), option(1, "two")]));
//! let view = View::new(list).mouse(MouseMode::Clicks);
//! let frame = tea::frame::draw(&view, Size::new(10, 2), &Palette::no_color());
//! let on_two = frame.hits.at(1, 1).expect("a part");
//! assert_eq!((on_two.id, on_two.x, on_two.y), (HitId(101), 1, 0));
//! assert_eq!(frame.hits.at(8, 1).map(|hit| hit.id), Some(LIST));
//! ```

use crate::block::{Block, Element};
use crate::style::{Line, Span, Style};
use terminput::KeyModifiers;

pub use crate::style::HitId;

pub use terminput::{MouseButton, MouseEventKind, ScrollDirection};

/// Which mouse reports the view asks the terminal for. Off by default: while the mouse is
/// reported, the terminal's own text selection needs Shift (or the terminal's modifier).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MouseMode {
    /// No reports: the terminal selects text as usual.
    #[default]
    Off,
    /// Presses, releases and the wheel (xterm's mode 1000).
    Clicks,
    /// Also motion while a button is held (1002).
    Drags,
    /// Also every motion, buttons held or not (1003).
    AllMotion,
}

impl MouseMode {
    /// The bytes that turn this mode on, in SGR encoding (1006: any column, press and release
    /// told apart); empty for [`MouseMode::Off`].
    pub fn on_sequence(self) -> &'static str {
        match self {
            MouseMode::Off => "",
            MouseMode::Clicks => "\x1b[?1000h\x1b[?1006h",
            MouseMode::Drags => "\x1b[?1000h\x1b[?1002h\x1b[?1006h",
            MouseMode::AllMotion => "\x1b[?1000h\x1b[?1003h\x1b[?1006h",
        }
    }

    /// The bytes that turn this mode off again; empty for [`MouseMode::Off`].
    pub fn off_sequence(self) -> &'static str {
        match self {
            MouseMode::Off => "",
            MouseMode::Clicks => "\x1b[?1006l\x1b[?1000l",
            MouseMode::Drags => "\x1b[?1006l\x1b[?1002l\x1b[?1000l",
            MouseMode::AllMotion => "\x1b[?1006l\x1b[?1003l\x1b[?1000l",
        }
    }
}

/// The part of the frame under the pointer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    pub id: HitId,
    /// The pointer's column from the part's leftmost cell.
    pub x: u16,
    /// The pointer's row from the part's top row.
    pub y: u16,
}

/// A mouse event as a program sees it ([`Event::Mouse`](crate::Event::Mouse)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mouse {
    pub kind: MouseEventKind,
    /// The pointer's column in the program's frame (0 is its left edge).
    pub x: u16,
    /// The pointer's row in the program's frame (0 is its top row, wherever the frame is on
    /// the screen).
    pub y: u16,
    pub modifiers: KeyModifiers,
    /// What the last frame drew under the pointer, when it marked it.
    pub hit: Option<Hit>,
}

impl Mouse {
    /// A mouse event at cell (`x`, `y`) of the frame with no modifier, as a host or a test
    /// sends it; the driver adds the part under it.
    pub fn at(kind: MouseEventKind, x: u16, y: u16) -> Mouse {
        Mouse {
            kind,
            x,
            y,
            modifiers: KeyModifiers::NONE,
            hit: None,
        }
    }

    /// A press of the left button.
    pub fn is_click(&self) -> bool {
        self.kind == MouseEventKind::Down(MouseButton::Left)
    }

    /// The wheel's step: -1 up (towards the start), 1 down; `None` for other events.
    pub fn wheel(&self) -> Option<i8> {
        match self.kind {
            MouseEventKind::Scroll(ScrollDirection::Up) => Some(-1),
            MouseEventKind::Scroll(ScrollDirection::Down) => Some(1),
            _ => None,
        }
    }

    /// The id of the part under the pointer.
    pub fn hit_id(&self) -> Option<HitId> {
        self.hit.map(|hit| hit.id)
    }
}

/// A cell box: columns `x..x + width`, rows `y..y + height`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rect {
    pub x: u16,
    pub y: u16,
    pub width: u16,
    pub height: u16,
}

/// Where the marked parts of a frame are: for each row, the runs of cells each part covers,
/// and each part's bounding box (for the pointer's cell relative to it).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HitMap {
    /// Per row: (first column, end column, id), left to right.
    rows: Vec<Vec<(u16, u16, HitId)>>,
    boxes: Vec<(HitId, Rect)>,
}

impl HitMap {
    /// Reads the marks of laid-out `lines`.
    pub fn from_lines(lines: &[Line]) -> HitMap {
        let mut map = HitMap::default();
        for (y, line) in lines.iter().enumerate() {
            let mut runs: Vec<(u16, u16, HitId)> = Vec::new();
            let mut x = 0usize;
            for span in &line.spans {
                let width = crate::text::width(&span.text);
                if let (Some(id), true) = (span.style.hit, width > 0) {
                    let (start, end) = (clamp(x), clamp(x + width));
                    match runs.last_mut() {
                        Some(last) if last.2 == id && last.1 == start => last.1 = end,
                        _ => runs.push((start, end, id)),
                    }
                }
                x += width;
            }
            for &(start, end, id) in &runs {
                map.include(id, start, end, clamp(y));
            }
            if !runs.is_empty() {
                map.rows.resize(y + 1, Vec::new());
                map.rows[y] = runs;
            }
        }
        map
    }

    fn include(&mut self, id: HitId, start: u16, end: u16, y: u16) {
        match self.boxes.iter_mut().find(|(known, _)| *known == id) {
            Some((_, rect)) => {
                let right = (rect.x + rect.width).max(end);
                let bottom = (rect.y + rect.height).max(y + 1);
                rect.x = rect.x.min(start);
                rect.y = rect.y.min(y);
                rect.width = right - rect.x;
                rect.height = bottom - rect.y;
            }
            None => self.boxes.push((
                id,
                Rect {
                    x: start,
                    y,
                    width: end - start,
                    height: 1,
                },
            )),
        }
    }

    /// The part at column `x`, row `y`, and the cell relative to its top-left.
    pub fn at(&self, x: u16, y: u16) -> Option<Hit> {
        let row = self.rows.get(usize::from(y))?;
        let &(_, _, id) = row
            .iter()
            .find(|(start, end, _)| (*start..*end).contains(&x))?;
        let rect = self.rect(id)?;
        Some(Hit {
            id,
            x: x - rect.x,
            y: y - rect.y,
        })
    }

    /// The bounding box of the cells marked `id`.
    pub fn rect(&self, id: HitId) -> Option<Rect> {
        self.boxes
            .iter()
            .find_map(|(known, rect)| (*known == id).then_some(*rect))
    }

    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }
}

fn clamp(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// A block whose whole box answers to one id: its child's text not marked otherwise, and the
/// blank cells right of each of its rows (a list's or a pane's background, where the wheel
/// still scrolls it). Marks inside the child (an option of the list) win.
pub struct Zone<'a> {
    id: HitId,
    child: Element<'a>,
}

impl<'a> Zone<'a> {
    pub fn new(id: HitId, child: impl Block + 'a) -> Zone<'a> {
        Zone {
            id,
            child: Element::new(child),
        }
    }
}

impl Block for Zone<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let mut lines = self.child.lines(width, height);
        for line in &mut lines {
            mark(line, self.id);
            let blank = width.saturating_sub(line.width());
            if blank > 0 {
                let style = Style::default().hit(self.id);
                line.spans.push(Span::styled(" ".repeat(blank), style));
            }
        }
        lines
    }
}

/// Marks the spans of `line` that no part claims yet as `id`'s.
pub fn mark(line: &mut Line, id: HitId) {
    for span in &mut line.spans {
        span.style.hit.get_or_insert(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Rows;

    fn marked(text: &str, id: u32) -> Span {
        Span::styled(text, Style::default().hit(HitId(id)))
    }

    #[test]
    fn a_marked_span_covers_its_cells() {
        let lines = vec![
            Line::plain("title"),
            Line::new(vec![Span::plain("│ "), marked("one", 7), Span::plain(" │")]),
        ];
        let map = HitMap::from_lines(&lines);
        assert_eq!(map.at(1, 1), None);
        assert_eq!(
            map.at(2, 1),
            Some(Hit {
                id: HitId(7),
                x: 0,
                y: 0
            })
        );
        assert_eq!(map.at(4, 1).map(|hit| hit.x), Some(2));
        assert_eq!(map.at(5, 1), None);
        assert_eq!(map.at(2, 0), None);
        assert_eq!(map.at(2, 9), None);
    }

    #[test]
    fn a_part_over_several_rows_counts_from_its_top_left() {
        let lines = vec![
            Line::new(vec![Span::plain("  "), marked("ab", 1)]),
            Line::new(vec![Span::plain(" "), marked("cdef", 1)]),
        ];
        let map = HitMap::from_lines(&lines);
        let rect = map.rect(HitId(1)).expect("marked");
        assert_eq!(
            rect,
            Rect {
                x: 1,
                y: 0,
                width: 4,
                height: 2
            }
        );
        let hit = map.at(3, 1).expect("on the second row");
        assert_eq!((hit.x, hit.y), (2, 1));
    }

    #[test]
    fn wide_characters_take_two_cells() {
        let lines = vec![Line::new(vec![marked("中文", 1), marked("x", 2)])];
        let map = HitMap::from_lines(&lines);
        assert_eq!(map.at(3, 0).map(|hit| hit.id), Some(HitId(1)));
        assert_eq!(map.at(4, 0).map(|hit| hit.id), Some(HitId(2)));
    }

    #[test]
    fn a_zone_claims_its_blank_cells_but_not_its_parts() {
        let rows = Rows::new(vec![Line::new(vec![marked("opt", 5)]), Line::plain("text")]);
        let zone = Zone::new(HitId(9), rows);
        let lines = zone.lines(8, 3);
        assert_eq!(lines.len(), 2, "a zone adds no rows");
        assert!(lines.iter().all(|line| line.width() == 8));
        let map = HitMap::from_lines(&lines);
        assert_eq!(map.at(0, 0).map(|hit| hit.id), Some(HitId(5)));
        assert_eq!(map.at(7, 0).map(|hit| hit.id), Some(HitId(9)));
        assert_eq!(map.at(0, 1).map(|hit| hit.id), Some(HitId(9)));
    }

    #[test]
    fn modes_turn_on_and_off_what_they_asked_for() {
        assert_eq!(MouseMode::default(), MouseMode::Off);
        assert_eq!(MouseMode::Off.on_sequence(), "");
        assert_eq!(MouseMode::Clicks.on_sequence(), "\x1b[?1000h\x1b[?1006h");
        assert!(MouseMode::AllMotion.on_sequence().contains("1003h"));
        assert!(MouseMode::AllMotion.off_sequence().contains("1003l"));
        assert!(!MouseMode::Clicks.off_sequence().contains("1002"));
    }

    #[test]
    fn a_mouse_event_tells_a_click_and_the_wheel() {
        let at = |kind| Mouse {
            kind,
            x: 0,
            y: 0,
            modifiers: KeyModifiers::NONE,
            hit: None,
        };
        assert!(at(MouseEventKind::Down(MouseButton::Left)).is_click());
        assert!(!at(MouseEventKind::Up(MouseButton::Left)).is_click());
        assert_eq!(
            at(MouseEventKind::Scroll(ScrollDirection::Down)).wheel(),
            Some(1)
        );
        assert_eq!(
            at(MouseEventKind::Scroll(ScrollDirection::Up)).wheel(),
            Some(-1)
        );
        assert_eq!(at(MouseEventKind::Moved).wheel(), None);
    }
}
