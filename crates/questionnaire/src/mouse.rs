//! The mouse, when the host turns it on (docs/behaviour.md#keys): the parts of the view a
//! pointer can hit ([`Part`], marked in the view as tea hit ids) and what a mouse event over
//! one means. The wheel scrolls the part under the pointer (the option list moves its focus,
//! the preview and the context scroll); a click on an option focuses it and a second click
//! picks it (toggles it in a multi list); a click on a tab shows that tab.

use tea::HitId;
use tea::mouse::Mouse;

use crate::keymap::Mode;
use crate::model::App;
use crate::msg::Msg;

/// Rows of text one step of the wheel scrolls, as most programs scroll text.
const WHEEL_ROWS: i32 = 3;

/// A part of the questionnaire's view that the mouse can hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// A tab's chip: a question's index, or the questions' count for Review.
    Tab(usize),
    /// A row of the option list: an option's index, or "Type something." after them.
    Row(usize),
    /// The option list's box around its rows.
    List,
    Preview,
    Context,
}

const LIST: u32 = 1;
const PREVIEW: u32 = 2;
const CONTEXT: u32 = 3;
/// Tabs and rows are numbered in ranges of their own above the fixed parts.
const TABS: u32 = 1 << 20;
const ROWS: u32 = 2 << 20;

impl Part {
    pub(crate) fn id(self) -> HitId {
        let indexed = |base: u32, i: usize| base + (i as u32).min(TABS - 1);
        HitId(match self {
            Part::List => LIST,
            Part::Preview => PREVIEW,
            Part::Context => CONTEXT,
            Part::Tab(i) => indexed(TABS, i),
            Part::Row(i) => indexed(ROWS, i),
        })
    }

    fn of(id: HitId) -> Option<Part> {
        Some(match id.0 {
            LIST => Part::List,
            PREVIEW => Part::Preview,
            CONTEXT => Part::Context,
            n if n >= ROWS => Part::Row((n - ROWS) as usize),
            n if n >= TABS => Part::Tab((n - TABS) as usize),
            _ => return None,
        })
    }
}

impl App {
    /// What a mouse event over the last frame means; `None` for one that means nothing here.
    pub(crate) fn mouse_msg(&self, mouse: &Mouse) -> Option<Msg> {
        if !self.mouse || self.collapsed || self.qr_open {
            return None;
        }
        let part = Part::of(mouse.hit_id()?)?;
        if let Some(step) = mouse.wheel() {
            return self.wheel(part, step);
        }
        if !mouse.is_click() {
            return None;
        }
        match part {
            Part::Tab(tab) => Some(Msg::ShowTab(tab)),
            Part::Row(row) => self.click_row(row),
            Part::List | Part::Preview | Part::Context => None,
        }
    }

    fn wheel(&self, part: Part, step: i8) -> Option<Msg> {
        let rows = i32::from(step) * WHEEL_ROWS;
        match part {
            Part::Row(_) | Part::List if self.picks_rows() => {
                Some(if step < 0 { Msg::MoveUp } else { Msg::MoveDown })
            }
            Part::Preview => Some(Msg::ScrollPreview(rows)),
            Part::Context => Some(Msg::ScrollContext(rows)),
            _ => None,
        }
    }

    /// A click on a row focuses it; on the focused row it picks it as Space does in a multi
    /// list (toggles) and as Enter does in the others (picks and moves on).
    fn click_row(&self, row: usize) -> Option<Msg> {
        let (q, _) = self.question()?;
        if !self.picks_rows() {
            return None;
        }
        if row != self.cursor(q) {
            return Some(Msg::FocusRow(row));
        }
        Some(if self.traits(q).toggles() {
            Msg::SelectWithoutAdvance
        } else {
            Msg::Activate
        })
    }

    /// Whether the option list has the keys (no editor or filter open), so the mouse may
    /// move its focus.
    fn picks_rows(&self) -> bool {
        matches!(self.mode(), Mode::List | Mode::YesNo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_comes_back_from_its_id() {
        for part in [
            Part::List,
            Part::Preview,
            Part::Context,
            Part::Tab(0),
            Part::Tab(7),
            Part::Row(0),
            Part::Row(12),
        ] {
            assert_eq!(Part::of(part.id()), Some(part), "{part:?}");
        }
        assert_eq!(Part::of(HitId(0)), None);
    }
}
