//! The Elm contract: a program is a model with a closed message enum, a pure `update` that
//! returns effects as data ([`Cmd`]), a pure `view`, and a keymap from input events to messages.

use crate::input::Event;

/// A terminal (or region) size in cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Size {
    pub width: u16,
    pub height: u16,
}

impl Size {
    pub const fn new(width: u16, height: u16) -> Size {
        Size { width, height }
    }
}

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// An effect for the host to perform, as plain data so tests can compare it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Cmd<O> {
    /// Nothing to do.
    #[default]
    None,
    /// Several effects, performed in order.
    Batch(Vec<Cmd<O>>),
    /// The program is finished with this output.
    Quit(O),
    /// Ring the terminal bell (invalid key, refused action).
    Bell,
    /// Shrink the program to its one-line dock and hand input back to the host.
    Collapse,
    /// Restore the program from its dock.
    Expand,
}

impl<O> Cmd<O> {
    /// Combines effects, dropping `None`s and flattening nested batches; a single effect is
    /// returned as itself.
    pub fn batch(cmds: impl IntoIterator<Item = Cmd<O>>) -> Cmd<O> {
        let mut flat = Vec::new();
        for cmd in cmds {
            match cmd {
                Cmd::None => {}
                Cmd::Batch(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Cmd::None,
            1 => flat.pop().unwrap_or(Cmd::None),
            _ => Cmd::Batch(flat),
        }
    }

    /// `self` followed by `next`.
    pub fn and(self, next: Cmd<O>) -> Cmd<O> {
        Cmd::batch([self, next])
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Cmd::None)
    }

    /// The effects in order, with batches flattened.
    pub fn flatten(self) -> Vec<Cmd<O>> {
        match self {
            Cmd::None => Vec::new(),
            Cmd::Batch(cmds) => cmds.into_iter().flat_map(Cmd::flatten).collect(),
            other => vec![other],
        }
    }

    /// The quit output, if this effect (or one in its batch) quits.
    pub fn into_quit(self) -> Option<O> {
        self.flatten().into_iter().find_map(|cmd| match cmd {
            Cmd::Quit(output) => Some(output),
            _ => None,
        })
    }

    /// Converts the quit output (e.g. a child program's output into its parent's).
    pub fn map<P>(self, mut f: impl FnMut(O) -> P) -> Cmd<P> {
        self.map_with(&mut f)
    }

    fn map_with<P>(self, f: &mut impl FnMut(O) -> P) -> Cmd<P> {
        match self {
            Cmd::None => Cmd::None,
            Cmd::Batch(cmds) => Cmd::Batch(cmds.into_iter().map(|c| c.map_with(f)).collect()),
            Cmd::Quit(output) => Cmd::Quit(f(output)),
            Cmd::Bell => Cmd::Bell,
            Cmd::Collapse => Cmd::Collapse,
            Cmd::Expand => Cmd::Expand,
        }
    }
}

/// An Elm-architecture program. `update` and `view` are pure: no IO, no clock, no environment.
pub trait Program {
    /// User intents (`MoveDown`, `OpenNoteEditor`, `Resized(Size)`), never key names.
    type Msg: Clone + std::fmt::Debug;
    /// What the program hands back when it quits.
    type Output;

    fn update(&mut self, msg: Self::Msg) -> Cmd<Self::Output>;

    /// The whole frame; the root is sized from the model's [`Size`].
    fn view(&self) -> iocraft::AnyElement<'static>;

    /// The keymap: which message an input event means in the current mode. Key releases must
    /// map to `None` (see [`crate::input::as_press`]).
    fn msg_for(&self, event: &Event) -> Option<Self::Msg>;

    /// The terminal size is a message like any other.
    fn resized(&self, size: Size) -> Self::Msg;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_flattens_and_drops_nothing_effects() {
        let cmd: Cmd<u8> =
            Cmd::batch([Cmd::None, Cmd::Bell, Cmd::batch([Cmd::Collapse, Cmd::None])]);
        assert_eq!(cmd, Cmd::Batch(vec![Cmd::Bell, Cmd::Collapse]));
        assert_eq!(Cmd::<u8>::batch([Cmd::None, Cmd::Bell]), Cmd::Bell);
        assert_eq!(Cmd::<u8>::batch([]), Cmd::None);
        assert_eq!(
            Cmd::Bell.and(Cmd::Quit(1)),
            Cmd::Batch(vec![Cmd::Bell, Cmd::Quit(1)])
        );
    }

    #[test]
    fn quit_outputs_are_found_and_mapped() {
        let cmd = Cmd::Batch(vec![Cmd::Bell, Cmd::Batch(vec![Cmd::Quit(2), Cmd::Expand])]);
        assert_eq!(
            cmd.clone().flatten(),
            vec![Cmd::Bell, Cmd::Quit(2), Cmd::Expand]
        );
        assert_eq!(cmd.clone().map(|n| n * 10).into_quit(), Some(20));
        assert_eq!(Cmd::<u8>::Bell.into_quit(), None);
        assert!(Cmd::<u8>::default().is_none());
        assert_eq!(Size::new(80, 24).to_string(), "80x24");
    }
}
