//! The mouse, while the view asks for it ([`View::mouse`](crate::view::View::mouse)): its
//! reports are turned on when a frame asks and off when one stops asking, on exit, on Ctrl+Z
//! and while an editor has the terminal (then on again).
//!
//! The terminal reports screen cells; the program is told cells of its frame. The region uses
//! only relative motion, so its top row on the screen is learnt from the cursor position
//! report: the start-up probe's (the region starts there, or on the next line), then followed
//! as growing frames scroll the screen (the region's bottom never goes below the screen's).
//! After a resize (the terminal may have reflowed everything) or a hand-over (an editor, a
//! stop) the place is unknown; once the next frame is drawn, the run asks again, only while
//! the mouse is on. Until the terminal answers, mouse events are dropped: a click is never
//! delivered at a guessed cell.

use std::io;

use super::tty::Asks;
use super::{Run, Terminal};
use crate::input::Event;
use crate::mouse::{Mouse, MouseMode};
use crate::program::Program;

impl Terminal {
    /// The bytes that move the terminal from the mouse mode it has to `wanted`.
    pub(super) fn set_mouse(&mut self, wanted: MouseMode) -> String {
        if wanted == self.mouse {
            return String::new();
        }
        let bytes = format!("{}{}", self.mouse.off_sequence(), wanted.on_sequence());
        self.mouse = wanted;
        bytes
    }

    /// The region's place on the screen is no longer known (a resize, a hand-over): ask for it
    /// after the next frame.
    pub(super) fn lose_place(&mut self) {
        self.top = None;
        self.ask_top = true;
    }

    /// Follows the region's top row after a draw: a region growing at the bottom of the
    /// screen scrolled the screen up.
    pub(super) fn follow_scroll(&mut self, screen_rows: u16) {
        let lowest = screen_rows.saturating_sub(self.region.height());
        self.top = self.top.map(|top| top.min(lowest));
    }

    /// `event` in the frame's cells; `None` outside the region or while its place is unknown.
    pub(super) fn in_frame(&self, event: &Mouse) -> Option<Mouse> {
        let y = event.y.checked_sub(self.top?)?;
        (y < self.region.height()).then_some(Mouse { y, ..*event })
    }
}

impl<P: Program> Run<P> {
    /// After a frame is drawn: when the region's place was lost and the mouse is on, asks the
    /// terminal where the cursor is, so the region's top row is known again. Keys typed
    /// meanwhile are kept for the program.
    pub(super) fn locate(&mut self) -> io::Result<()> {
        if !self.term.ask_top || self.term.mouse == MouseMode::Off {
            return Ok(());
        }
        self.term.ask_top = false;
        let asks = Asks::default();
        let probe = self.term.tty.probe(asks, self.query_timeout)?;
        self.term.top = probe
            .cursor_row
            .map(|row| row.saturating_sub(self.term.region.cursor_row()));
        let typed = self.keys.feed(&probe.typeahead, std::time::Instant::now());
        self.held_back.extend(typed);
        Ok(())
    }

    /// A mouse event in the frame's cells; `None` for one to drop. Other events pass as they
    /// are.
    pub(super) fn in_frame(&self, event: Event) -> Option<Event> {
        match event {
            Event::Mouse(mouse) => self.term.in_frame(&mouse).map(Event::Mouse),
            other => Some(other),
        }
    }
}
