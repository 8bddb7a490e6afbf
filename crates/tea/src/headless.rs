//! The headless driver: a program with no terminal. Tests, the CLI's `--keys` replay and the
//! Node addon feed it events and messages and read frames at any size.

use crate::frame::{self, Frame};
use crate::input::Event;
use crate::program::{Cmd, Program, Size};
use crate::theme::Palette;

/// Runs a [`Program`] without a terminal.
pub struct Driver<P: Program> {
    program: P,
    size: Size,
    palette: Palette,
    /// The last frame, valid until the model, size or palette changes.
    cached: Option<Frame>,
}

impl<P: Program> Driver<P> {
    /// Starts the program at `size`: it receives its [`Program::resized`] message first.
    pub fn new(program: P, size: Size, palette: Palette) -> Self {
        let mut driver = Driver {
            program,
            size,
            palette,
            cached: None,
        };
        let msg = driver.program.resized(size);
        driver.program.update(msg);
        driver
    }

    /// Feeds an input event through the program's keymap; events it ignores change nothing.
    pub fn send(&mut self, event: &Event) -> Cmd<P::Output> {
        match event {
            Event::Resize { rows, cols } => {
                let size = Size::new(clamp_u16(*cols), clamp_u16(*rows));
                self.resize(size);
                Cmd::None
            }
            _ => match self.program.msg_for(event) {
                Some(msg) => self.send_msg(msg),
                None => Cmd::None,
            },
        }
    }

    /// Feeds several events; returns the effects in order (without `Cmd::None`s).
    pub fn send_all<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) -> Cmd<P::Output> {
        Cmd::batch(events.into_iter().map(|e| self.send(e)).collect::<Vec<_>>())
    }

    /// Feeds a message straight to `update`.
    pub fn send_msg(&mut self, msg: P::Msg) -> Cmd<P::Output> {
        self.cached = None;
        self.program.update(msg)
    }

    /// Changes the size; the program gets its resize message.
    pub fn resize(&mut self, size: Size) {
        if size == self.size {
            return;
        }
        self.size = size;
        let msg = self.program.resized(size);
        self.send_msg(msg);
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Changes the palette for later frames.
    pub fn set_palette(&mut self, palette: Palette) {
        if palette != self.palette {
            self.palette = palette;
            self.cached = None;
        }
    }

    /// The current frame at the current width. Unchanged since the last call (no event,
    /// message, resize or palette change), it is the cached frame and costs a clone.
    pub fn frame(&mut self) -> Frame {
        self.frame_ref().clone()
    }

    /// [`Driver::frame`] without the clone.
    pub fn frame_ref(&mut self) -> &Frame {
        let width = self.size.width;
        let (program, palette) = (&self.program, &self.palette);
        self.cached
            .get_or_insert_with(|| frame::render(&mut program.view(), width, palette))
    }

    /// Whether the next [`Driver::frame`] will be served from the cache.
    pub fn is_frame_cached(&self) -> bool {
        self.cached.is_some()
    }

    pub fn program(&self) -> &P {
        &self.program
    }

    /// Changes the model directly (e.g. a host restoring state); drops the cached frame.
    pub fn program_mut(&mut self) -> &mut P {
        self.cached = None;
        &mut self.program
    }

    pub fn into_program(self) -> P {
        self.program
    }
}

fn clamp_u16(n: u32) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}
