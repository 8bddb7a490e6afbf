//! `tea`: the Elm architecture for terminal UIs.
//!
//! A program is a model, a closed message enum, `init`, a pure `update`, a pure `view` and
//! `subscriptions`; one loop, the [`Driver`], runs it: it feeds it input events, timers and
//! task results, performs its effects and hands back those only a host can perform. The inline
//! terminal runtime is a terminal around the driver; tests and other hosts use it directly,
//! on a virtual clock.
//!
//! - [`program`]: the [`Program`] trait, [`Cmd`] (effects as data), [`Size`].
//! - [`sub`]: [`Subs`], the timers a model wants.
//! - [`input`]: one [`Event`] type for raw terminal bytes ([`input::decode`]), crossterm
//!   events and key scripts ([`input::parse_key_script`], [`input::parse_script`] with `wait:`).
//! - [`style`], [`text`]: semantic styles and terminal text (width, sanitize, wrap, truncate).
//! - [`block`]: what draws into a box ([`block::Block`], [`block::StatefulBlock`]), the
//!   [`Element`] a view tree holds, and leaves of rows laid out already.
//! - [`view`]: what `view` returns, a [`View`]: a tree of components the driver lays out at the
//!   frame's size, and the terminal state the view wants (the cursor).
//! - [`components`]: pure components (frame, tabs, list, viewport, split, stack, help) that
//!   draw pre-wrapped rows; [`keymap`]: bindings with help, overridable at run time.
//! - [`theme`]: [`Palette`]s resolve slots to colors when a frame is written.
//! - [`frame`]: [`draw`] a view to a [`Frame`] of (ANSI, plain) rows, each within the width.
//! - [`kept`]: what components chose at their size (a list's window), kept by the driver from
//!   one frame to the next, so a model keeps no size to predict it.
//! - [`driver`]: the [`Driver`], the one loop (with no terminal: tests, replays, hosts such as
//!   pi); [`runtime`]: the inline terminal around it.
//! - `exec` (feature `editor`, off by default): an external editor run on some text for a
//!   program (`Cmd::Exec`).
//! - `ink` (feature `iocraft`, off by default): an iocraft element as a leaf of a view ([`Ink`]).
//! - `snapshot` (feature `snapshot`): golden-file checks of frames, for tests.
//!
//! The README starts with a complete program and its test; `docs/guide.md` is the long form.

pub mod attention;
pub mod block;
pub mod components;
pub mod driver;
#[cfg(feature = "editor")]
pub mod exec;
pub mod frame;
pub(crate) mod guard;
#[cfg(feature = "iocraft")]
pub mod ink;
pub mod input;
pub mod kept;
pub mod keymap;
pub mod mouse;
// Without the editor, only the hand-over of the terminal on Ctrl+Z uses it.
#[cfg_attr(not(feature = "editor"), allow(dead_code))]
pub(crate) mod process_group;
pub mod program;
pub mod runtime;
#[cfg(feature = "snapshot")]
pub mod snapshot;
pub mod style;
pub mod sub;
pub mod text;
pub mod theme;
pub mod view;

pub use driver::{Driver, Effect, Effects, TaskPolicy};
#[cfg(feature = "editor")]
pub use exec::{Editor, Exec, ExecPolicy, ExecRequest};
pub use frame::{Frame, Row, draw};
#[cfg(feature = "iocraft")]
pub use ink::{Ink, bg_color, render, rows, slot_color};
pub use input::Event;
/// iocraft, for [`Ink`] leaves. `element!` expands to paths under `::iocraft`, so a crate that
/// writes elements depends on iocraft itself (the version tea uses).
#[cfg(feature = "iocraft")]
pub use iocraft;
pub use keymap::{Binding, HelpEntry, Keymap};
pub use mouse::{HitId, Mouse, MouseMode};
pub use program::{Cmd, Program, Size, Task};
pub use runtime::{Stopped, run};
pub use style::{BgSlot, Line, Slot, Span, Style};
pub use sub::Subs;
pub use theme::{ColorLevel, Palette};
pub use view::{Cursor, Element, View};

/// The README (a complete program and its test): `cargo test -p tea --doc` compiles and runs
/// every Rust block in it, so it stays true to the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The guide (a program step by step, the components, testing), checked as the README is. With
/// the feature only, since one block shows an iocraft leaf (scripts/test runs tea so).
#[cfg(all(doctest, feature = "iocraft"))]
#[doc = include_str!("../docs/guide.md")]
struct GuideDoctests;
