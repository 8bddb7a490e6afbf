//! The inline terminal runtime: runs a [`Program`] in a region below the cursor on the
//! controlling terminal (like `fzf --height`), so `app < in.json > out.json` still shows its UI.
//!
//! - The region is as tall as the program's frame (at most the terminal, or
//!   [`InlineOptions::max_height`]); only changed rows are rewritten, inside a synchronized
//!   update, with the cursor hidden.
//! - Raw mode, bracketed paste and an enhanced keyboard are on while the program runs: the
//!   Kitty keyboard protocol where the terminal answers its query, else xterm's modifyOtherKeys
//!   (confirmed by the terminal's answer, or inside tmux by its `extended-keys` option). The
//!   program learns which keyboard it has ([`Event::Keyboard`]) before the first key, and
//!   again when that changes (tmux's answer, or a modified key that arrives encoded). The terminal is restored on every way out: a
//!   normal return, an error, a panic (before the message prints) and SIGINT/SIGTERM/SIGHUP.
//! - The hardware cursor is hidden while rows are written. Then it shows where the view asks
//!   ([`View::cursor`](crate::view::View::cursor): on an editor's caret, so input methods and
//!   screen magnifiers follow the typing), in the shape asked for (put back on exit); with
//!   no cursor in the view it stays hidden, parked at the region's top-left: a terminal that
//!   reflows rows on a narrowing resize keeps it at the start of its line, so a resize can
//!   erase from there and redraw. A resize while the cursor shows lower in the region erases
//!   from as many rows up as the cursor's row was.
//! - Input is read from the controlling terminal through a non-blocking handle of its own (no
//!   read ever blocks the loop) and decoded by tea's [`Decoder`](crate::input::Decoder). A
//!   sequence cut off by the read boundary waits for the next read; if none comes within
//!   [`InlineOptions::escape_timeout`] (50 ms), it is resolved as terminals do: a lone Esc is
//!   the Esc key, an unfinished sequence is dropped. A bracketed paste is one [`Event::Paste`]
//!   of text however many reads it spans, ending at its end marker or when no byte came for
//!   [`InlineOptions::paste_timeout`] (500 ms); none of it ever arrives as key presses, but a
//!   Ctrl+C inside it still acts at once. Control characters never become text. The loop waits
//!   on the terminal, so a hung-up terminal ends the run (as SIGHUP) instead of spinning, and
//!   signals and resizes wake it through a pipe.
//! - In raw mode Ctrl+C is a key like any other: the program's keymap decides what it means.
//!   Once the run is over the terminal is cooked again and Ctrl+C is SIGINT: the
//!   [`SignalHold`] in the outcome keeps such a late signal from killing the process before
//!   it has handed its output back.
//! - The loop is tea's [`Driver`]: this runtime feeds it input, the real clock (its timers
//!   fire on time; the wait for input ends at the next one) and the results of tasks (run on
//!   threads; a finished one wakes the loop), draws its frames (re-rendered only when the
//!   model changed) and performs what it hands back: `Quit` ends the run with its output,
//!   `Bell` rings the terminal, `Attention` writes its bytes (the bell, a desktop notification)
//!   between frames and `Print` writes lines into the scrollback.
//! - Once the first frame is on screen, [`InlineOptions::after_first_frame`] is written: the
//!   host's way to call the person to the program ([`Attention`]: the bell, a desktop
//!   notification through the terminal, passed through tmux).
//! - Frames are written in the colors the terminal shows ([`InlineOptions::color_level`]: the
//!   palette brought down to 256 or 16 colors, or none). Given a palette for a light
//!   background ([`InlineOptions::light_palette`]), the start-up probe also asks the terminal
//!   for its background color (OSC 11) and a light one gets that palette.
//! - Focus reporting is on ([`InlineOptions::focus_reporting`]): the program sees
//!   [`Event::FocusGained`] and [`Event::FocusLost`], and on focus lost the run writes
//!   [`InlineOptions::on_focus_lost`] (a notification that it still waits).
//! - Ctrl+Z suspends the run as a shell job ([`InlineOptions::suspend_on_ctrl_z`]): the
//!   terminal is handed back as for an editor, the process group stopped with SIGTSTP, and on
//!   SIGCONT raw mode, the modes and the whole frame come back. A SIGTSTP sent from outside
//!   (`kill -TSTP`) takes the same path, stopping this process alone.
//! - [`Cmd::Print`](crate::Cmd::Print) prints lines above the region, into the scrollback: the
//!   region is erased, the lines (sanitized, wrapped to the width) written where it began, and
//!   the frame drawn below them, in one synchronized update. tea has no full-screen (alternate
//!   screen) mode, so a print always has a scrollback to go to.
//! - The mouse is reported only while the frame asks ([`View::mouse`](crate::view::View::mouse)):
//!   SGR reporting is turned on then, and off when a frame stops asking, on exit, on Ctrl+Z and
//!   while an editor runs. Reports reach the program in the frame's cells, hit tested against
//!   the frame (see [`crate::mouse`]); how the region's screen row is known is in `mouse.rs`.
//! - An editor run (`Cmd::Exec`, feature `editor`) gets the terminal: the runtime erases its
//!   region, turns its modes and raw mode off, runs `InlineOptions::editor` on the terminal
//!   and waits; then raw mode and the modes come back and the frame is redrawn before the
//!   result goes to the program. Input decoded before the hand-over (and a sequence cut off
//!   then, resolved as its timeout would) still reaches the program afterwards; what is typed
//!   meanwhile is the editor's. The editor runs as the terminal's foreground process group, so
//!   Ctrl+C, Ctrl+\ and Ctrl+Z are its alone, and the run ignores SIGINT and SIGQUIT meanwhile
//!   (from before raw mode goes off until after it is back on, as for Ctrl+Z: in between the
//!   cooked terminal makes signals of those keys for the run itself); SIGTERM or SIGHUP ends the editor's group, then the run, with what the editor saved as
//!   the result.

mod color;
mod cursor;
#[cfg(feature = "editor")]
mod exec;
mod focus;
mod handover;
mod keyboard;
mod mouse;
mod print;
mod region;
mod suspend;
mod timed_decoder;
mod tty;

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event as ct;

use crate::driver::{self, Driver, Effect, Effects, TaskPolicy};
#[cfg(feature = "editor")]
use crate::exec::{Editor, ExecPolicy};
use crate::frame::Frame;
use crate::guard;
use crate::input::{Event, Keyboard};
use crate::mouse::MouseMode;
use crate::program::{Program, Size};
use crate::theme::{ColorLevel, Palette};
use timed_decoder::TimedDecoder;

pub use crate::attention::{self, Attention};
pub use crate::guard::SignalHold;
pub use region::{DrawRow, Region};

/// Why [`run`] returned no output.
#[derive(Debug)]
pub enum Stopped {
    /// The run could not start (no terminal, or one that refuses raw mode), or the terminal
    /// failed mid-run.
    Terminal(io::Error),
    /// A signal ended the run (SIGINT, SIGTERM, SIGHUP): its number.
    Signal(i32),
}

impl Stopped {
    /// The exit code a shell expects: 128 + the signal's number, else 1.
    pub fn exit_code(&self) -> std::process::ExitCode {
        match self {
            Stopped::Signal(signal) => {
                std::process::ExitCode::from(128u8.saturating_add(*signal as u8))
            }
            Stopped::Terminal(_) => std::process::ExitCode::FAILURE,
        }
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stopped::Terminal(error) => write!(f, "the terminal failed: {error}"),
            Stopped::Signal(signal) => write!(f, "stopped by signal {signal}"),
        }
    }
}

impl std::error::Error for Stopped {}

/// Runs `program` below the cursor until it quits, and returns what it quit with: the common
/// case of [`run_inline`], with the default [`InlineOptions`] and a dark palette brought down
/// to the colors the terminal has. For a light palette, other options, the program back after a
/// signal, call [`run_inline`].
pub fn run<P: Program>(program: P) -> Result<P::Output, Stopped> {
    let outcome = run_inline(program, Palette::dark(), InlineOptions::default())
        .map_err(Stopped::Terminal)?;
    match outcome.ending {
        Ending::Quit(output) => Ok(output),
        Ending::Signal(signal) => Err(Stopped::Signal(signal)),
        Ending::Failed(error) => Err(Stopped::Terminal(error)),
    }
}

/// The longest the loop waits for input before looking at signals and the terminal size again
/// (a backstop: resizes wake it at once, and the signal thread wakes it once it has recorded a
/// signal for it).
const SIGNAL_CHECK: Duration = Duration::from_millis(250);
/// Events handled before a frame is drawn even though more input is waiting.
const MAX_EVENTS_PER_FRAME: usize = 64;

/// How the runtime behaves; [`InlineOptions::default`] suits most programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineOptions {
    /// Leave the last frame on screen (cursor on the line below it) instead of erasing the
    /// region (cursor where the program started).
    pub keep_final_frame: bool,
    /// The most rows the program may use; the terminal's height when `None`.
    pub max_height: Option<u16>,
    /// Turn on the Kitty keyboard protocol when the terminal supports it, else xterm's
    /// modifyOtherKeys (Shift+Enter, Ctrl+] and friends arrive unambiguously).
    pub keyboard_enhancement: bool,
    /// Also deliver key releases to the keymap (and ask a Kitty terminal to report them).
    /// Off by default, so a key acts once per keystroke; repeats from a held key are delivered.
    pub key_releases: bool,
    /// How long to wait at start for the terminal to answer the cursor-position and keyboard
    /// queries. Terminals answer in well under this; only one that ignores them waits it out.
    pub query_timeout: Duration,
    /// How long an unfinished escape sequence (or UTF-8 character) waits for its next byte
    /// before it is resolved (a lone Esc becomes the Esc key). Terminals send a sequence in
    /// one write, so its parts arrive far sooner; a person typing Esc waits no longer than this.
    pub escape_timeout: Duration,
    /// How long an open bracketed paste waits for its next byte before it ends with what came.
    /// Longer than the escape timeout: a paste may stall between reads (over a slow link), and
    /// what comes after the timeout is typed keys. Ctrl+C never waits for it (see
    /// [`Decoder`](crate::input::Decoder)).
    pub paste_timeout: Duration,
    /// Bytes written once, right after the first frame is on screen: what calls the person to
    /// the program (e.g. [`Attention::bytes`]: the bell, a desktop notification). Empty by
    /// default.
    pub after_first_frame: String,
    /// Ask the terminal to report focus (mode 1004), so the program sees
    /// [`Event::FocusGained`] and [`Event::FocusLost`]. On by default.
    pub focus_reporting: bool,
    /// Bytes written each time the terminal reports that it lost focus while the program runs
    /// (e.g. [`Attention::bytes`] of a notification, so the person hears that it still waits).
    /// Empty by default.
    pub on_focus_lost: String,
    /// The external editor for [`Cmd::Exec`](crate::Cmd::Exec): `$VISUAL`, `$EDITOR`, `vi`
    /// by default.
    #[cfg(feature = "editor")]
    pub editor: Editor,
    /// The colors the terminal shows; the palette is brought down to them. `None` (the
    /// default): read from the environment ([`ColorLevel::from_env`]).
    pub color_level: Option<ColorLevel>,
    /// Ctrl+Z suspends the run as a shell job (the terminal restored, the process stopped;
    /// `fg` brings the frame back as it was) instead of reaching the program. On by default.
    pub suspend_on_ctrl_z: bool,
    /// The palette for a light background. When set, the start-up probe asks the terminal for
    /// its background color (OSC 11; a terminal that does not answer costs no wait) and a light
    /// one gets this palette instead of the one given to [`run_inline`].
    pub light_palette: Option<Palette>,
}

impl Default for InlineOptions {
    fn default() -> Self {
        InlineOptions {
            keep_final_frame: false,
            max_height: None,
            keyboard_enhancement: true,
            key_releases: false,
            query_timeout: Duration::from_millis(300),
            escape_timeout: Duration::from_millis(50),
            paste_timeout: Duration::from_millis(500),
            after_first_frame: String::new(),
            focus_reporting: true,
            on_focus_lost: String::new(),
            #[cfg(feature = "editor")]
            editor: Editor::FromEnv,
            suspend_on_ctrl_z: true,
            color_level: None,
            light_palette: None,
        }
    }
}

/// Why a run ended.
#[derive(Debug)]
pub enum Ending<O> {
    /// The program quit with this output.
    Quit(O),
    /// SIGINT, SIGTERM or SIGHUP ended the run; a terminal seen to hang up is SIGHUP too.
    Signal(i32),
    /// Reading or writing the terminal failed mid-run.
    Failed(io::Error),
}

impl<O> Ending<O> {
    /// The output, if the program quit.
    pub fn into_output(self) -> Option<O> {
        match self {
            Ending::Quit(output) => Some(output),
            Ending::Signal(_) | Ending::Failed(_) => None,
        }
    }
}

/// The program after its run, and how the run ended. However it ended, the program comes back
/// as it was, so its state (answers so far) is never lost.
pub struct RunOutcome<P: Program> {
    pub program: P,
    pub ending: Ending<P::Output>,
    /// Keeps a signal that comes after the run (Ctrl+C in the cooked terminal) from killing
    /// the process before it hands the output back; see [`SignalHold`].
    pub signal_hold: SignalHold,
    /// The run was inside tmux with its `extended-keys` option off, so Shift+Enter and the
    /// like arrived as the plain keys: worth telling the person (`set -g extended-keys on`).
    pub tmux_extended_keys_off: bool,
}

/// Runs `program` inline on the controlling terminal until it quits, a signal ends the run or
/// the terminal fails.
///
/// `Err` only when the run cannot start: no controlling terminal (`/dev/tty` cannot be opened),
/// another run active in this process, or the terminal refusing raw mode. Once started, every
/// ending is an [`Ending`] with the program, and the terminal is restored (as far as a terminal
/// that is still there can be).
pub fn run_inline<P: Program>(
    program: P,
    palette: Palette,
    opts: InlineOptions,
) -> io::Result<RunOutcome<P>> {
    // From before raw mode ends until the host lets go, so no moment is left uncovered.
    let signal_hold = SignalHold::new();
    let term = Terminal::enter(&opts)?;
    // A finished task wakes the loop as a signal does.
    let waker = term.wake.sender()?;
    let wake = Arc::new(move || {
        let _ = (&waker).write(&[1]);
    });
    let screen = term.tty.size();
    let started = Instant::now();
    let size = program_size(screen, &opts);
    let palette = color::palette_for(palette, &opts, term.background);
    let tasks = TaskPolicy::Threaded { wake };
    // Editor runs are the runtime's to perform: it hands the terminal over.
    #[cfg(feature = "editor")]
    let mut driver = Driver::with_policies(program, size, palette, tasks, ExecPolicy::Host);
    #[cfg(not(feature = "editor"))]
    let mut driver = Driver::with_tasks(program, size, palette, tasks);
    // Releases are dropped in the driver alone, unless this run asked the terminal for them.
    driver.set_key_releases(opts.key_releases);
    let mut run = Run {
        driver,
        term,
        keys: TimedDecoder::new(opts.escape_timeout, opts.paste_timeout),
        screen,
        started,
        #[cfg(feature = "editor")]
        editor: opts.editor.clone(),
        query_timeout: opts.query_timeout,
        held_back: Vec::new(),
    };
    let ending = run.run(&opts).unwrap_or_else(|error| {
        // A write that failed because the terminal was closed is the hang-up it reports.
        if run.term.tty.hung_up() {
            Ending::Signal(signal_hook::consts::SIGHUP)
        } else {
            Ending::Failed(error)
        }
    });
    let Run {
        mut driver,
        mut term,
        ..
    } = run;
    let keep = opts.keep_final_frame;
    // Best effort: the output matters more than a terminal that may be gone.
    if keep && !matches!(ending, Ending::Failed(_)) {
        let size = driver.size();
        let _ = term.draw(driver.frame_ref(), size);
    }
    let tmux_extended_keys_off = term.tmux_extended_keys_off;
    let _ = term.leave(keep);
    Ok(RunOutcome {
        program: driver.into_program(),
        ending,
        signal_hold,
        tmux_extended_keys_off,
    })
}

/// A program running on the terminal: the driver runs the loop; this feeds it input, the
/// clock and task results, draws its frames and performs the effects it hands back.
struct Run<P: Program> {
    driver: Driver<P>,
    term: Terminal,
    keys: TimedDecoder,
    /// The terminal's size as last seen.
    screen: Size,
    /// When the driver's clock started.
    started: Instant,
    #[cfg(feature = "editor")]
    editor: Editor,
    /// How long the terminal has to answer a query (see [`InlineOptions::query_timeout`]).
    query_timeout: Duration,
    /// Input resolved when the terminal was handed to an editor, for the program after it.
    held_back: Vec<Event>,
}

impl<P: Program> Run<P> {
    fn run(&mut self, opts: &InlineOptions) -> io::Result<Ending<P::Output>> {
        let typeahead = std::mem::take(&mut self.term.typeahead);
        let mut pending: VecDeque<Event> = self.keys.feed(&typeahead, Instant::now()).into();
        let mut first = self.driver.take_effects();
        first.extend(self.driver.set_keyboard(self.term.keyboard()));
        if let Some(output) = self.perform(first)? {
            return Ok(Ending::Quit(output));
        }
        let mut first_frame = true;
        loop {
            pending.extend(self.held_back.drain(..));
            let more_waiting = match self.handle_waiting(&mut pending, opts)? {
                Handled::Ended(ending) => return Ok(ending),
                Handled::Some => true,
                Handled::All => false,
            };
            let size = self.driver.size();
            self.term.draw(self.driver.frame_ref(), size)?;
            self.locate()?;
            if std::mem::take(&mut first_frame) && !opts.after_first_frame.is_empty() {
                self.term.write_now(opts.after_first_frame.as_bytes())?;
            }
            if more_waiting {
                continue;
            }
            let now = Instant::now();
            let mut wait = self.keys.wait(SIGNAL_CHECK, now);
            if let Some(due) = driver::until_deadline(&self.driver, self.started, now) {
                wait = wait.min(due);
            }
            match self.term.tty.wait_for_input(&self.term.wake, wait)? {
                tty::Waited::Input => {
                    let bytes = self.term.tty.read_available()?;
                    if self.term.keyboard.may_merge_modified_keys()
                        && keyboard::shows_extended_keys(&bytes)
                    {
                        self.tell_keyboard(Keyboard::Enhanced)?;
                    }
                    pending.extend(self.keys.feed(&bytes, Instant::now()));
                }
                tty::Waited::Nothing => {}
                // The kernel sends SIGHUP for it too; whichever the loop sees first, the run
                // ends the same way.
                tty::Waited::HungUp => return Ok(Ending::Signal(signal_hook::consts::SIGHUP)),
            }
            pending.extend(self.keys.expire(Instant::now()));
        }
    }

    /// Handles what is waiting (signals, a resize, due timers, finished tasks, then decoded
    /// input), at most [`MAX_EVENTS_PER_FRAME`] events.
    fn handle_waiting(
        &mut self,
        pending: &mut VecDeque<Event>,
        opts: &InlineOptions,
    ) -> io::Result<Handled<P::Output>> {
        if let Some(answer) = self.term.tmux.as_ref().and_then(|check| check.poll()) {
            self.term.tmux = None;
            match keyboard::tmux_keyboard(answer.as_deref()) {
                Some(Keyboard::Legacy) => self.term.tmux_extended_keys_off = true,
                Some(keyboard) if self.term.keyboard == Keyboard::Legacy => {
                    self.tell_keyboard(keyboard)?;
                }
                _ => {}
            }
        }
        let elapsed = self.started.elapsed();
        let mut effects = self.driver.advance_to(elapsed);
        effects.extend(self.driver.poll_tasks());
        if let Some(output) = self.perform(effects)? {
            return Ok(Handled::Ended(Ending::Quit(output)));
        }
        for _ in 0..MAX_EVENTS_PER_FRAME {
            if let Some(signal) = self.term.active.take_signal() {
                return Ok(Handled::Ended(Ending::Signal(signal)));
            }
            if self.follow_stop_request()? {
                continue;
            }
            if let Some(output) = self.follow_resize(opts)? {
                return Ok(Handled::Ended(Ending::Quit(output)));
            }
            let Some(event) = pending.pop_front() else {
                return Ok(Handled::All);
            };
            let Some(event) = self.in_frame(event) else {
                continue;
            };
            self.follow_focus(&event, opts)?;
            if opts.suspend_on_ctrl_z && suspend::is_suspend_key(&event) {
                self.suspend(suspend::Whom::Group)?;
                continue;
            }
            let effects = self.driver.send(&event);
            if let Some(output) = self.perform(effects)? {
                return Ok(Handled::Ended(Ending::Quit(output)));
            }
            pending.extend(self.held_back.drain(..));
        }
        Ok(Handled::Some)
    }

    /// Performs what the driver handed back in order; the output when it quits (the driver
    /// performs nothing after a quit).
    fn perform(&mut self, effects: Effects<P::Output>) -> io::Result<Option<P::Output>> {
        for effect in effects {
            match effect {
                Effect::Quit(output) => return Ok(Some(output)),
                Effect::Bell => self.term.bell()?,
                Effect::Attention(attention) => {
                    self.term.write_now(attention.bytes().as_bytes())?
                }
                Effect::Print(lines) => self.print_above(&lines)?,
                #[cfg(feature = "editor")]
                Effect::Exec(request) => {
                    let result = self.edit(&request)?;
                    let more = self.driver.exec_done(result);
                    if let Some(output) = self.perform(more)? {
                        return Ok(Some(output));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Tells the program its keyboard changed (tmux's answer, or evidence in the input).
    fn tell_keyboard(&mut self, keyboard: Keyboard) -> io::Result<()> {
        if keyboard == self.term.keyboard {
            return Ok(());
        }
        self.term.keyboard = keyboard;
        let effects = self.driver.set_keyboard(keyboard);
        // A keyboard only changes help; a program that quits on it is left to its next event.
        let _ = self.perform(effects)?;
        Ok(())
    }

    /// When the terminal changed size: erase the old region (it may have been reflowed) and
    /// tell the program its new size.
    fn follow_resize(&mut self, opts: &InlineOptions) -> io::Result<Option<P::Output>> {
        let screen = self.term.tty.size();
        if screen == self.screen {
            return Ok(None);
        }
        self.screen = screen;
        self.term.forget_screen()?;
        self.term.lose_place();
        let effects = self.driver.resize(program_size(screen, opts));
        self.perform(effects)
    }
}

/// How far [`Run::handle_waiting`] got.
enum Handled<O> {
    /// Nothing is left waiting.
    All,
    /// The per-frame limit was reached with more waiting.
    Some,
    Ended(Ending<O>),
}

/// The size the program lays out for on a terminal of size `screen`.
fn program_size(screen: Size, opts: &InlineOptions) -> Size {
    let height = opts
        .max_height
        .map_or(screen.height, |max| screen.height.min(max.max(1)));
    Size::new(screen.width, height)
}

/// The terminal while a program runs: its modes, the region, and the restore-on-exit guard.
struct Terminal {
    tty: tty::Tty,
    wake: tty::Wake,
    region: Region,
    cursor: cursor::CursorState,
    /// The keyboard modes turned on (and turned off on every ending).
    keys: keyboard::KeyModes,
    /// What the program was told its keys tell apart.
    keyboard: Keyboard,
    /// tmux's `extended-keys` option, while it is being read.
    tmux: Option<keyboard::TmuxCheck>,
    /// tmux said its `extended-keys` option is off.
    tmux_extended_keys_off: bool,
    /// What turns the runtime's modes on (after start-up, and after an editor ran).
    modes_on: String,
    /// The mouse reports on now, as the last frame asked.
    mouse: MouseMode,
    /// The region's top row on the screen, while it is known (see [`mouse`]).
    top: Option<u16>,
    /// The region's place was lost and is to be asked for once the mouse is on.
    ask_top: bool,
    typeahead: Vec<u8>,
    /// The background color the terminal reported, when it was asked and answered.
    background: Option<color::Background>,
    active: guard::Active,
    /// SIGTSTP from outside, caught so the terminal is restored before the process stops.
    _stops: suspend::StopRequests,
    /// Set once the terminal is restored, so `Drop` does nothing more.
    left: bool,
}

impl Terminal {
    fn enter(opts: &InlineOptions) -> io::Result<Terminal> {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGWINCH};
        let tty = tty::Tty::open()?;
        let emergency_handle = tty.try_clone()?;
        let wake = tty::Wake::on(&[SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
        let wake_for_stops = wake.sender()?;
        crossterm::terminal::enable_raw_mode()?;
        // modifyOtherKeys is turned on in the probe: an ending before the run knows more
        // turns it off.
        let probing = keyboard::KeyModes {
            kitty: false,
            modify_other_keys: opts.keyboard_enhancement,
        };
        let registered = guard::Active::register(
            emergency_handle,
            modes_off(probing, MouseMode::Off, "\r"),
            wake.sender()?,
        );
        let active = match registered {
            Ok(active) => active,
            Err(err) => {
                let _ = crossterm::terminal::disable_raw_mode();
                return Err(err);
            }
        };
        // From here on `Terminal`'s `Drop` restores the terminal on any early return.
        let mut term = Terminal {
            tty,
            wake,
            region: Region::new(),
            cursor: cursor::CursorState::default(),
            keys: probing,
            keyboard: Keyboard::Legacy,
            tmux: None,
            tmux_extended_keys_off: false,
            modes_on: String::new(),
            mouse: MouseMode::Off,
            top: None,
            ask_top: false,
            typeahead: Vec::new(),
            background: None,
            active,
            _stops: suspend::StopRequests::catch(wake_for_stops),
            left: false,
        };
        let asks = tty::Asks {
            kitty: opts.keyboard_enhancement,
            modify_other_keys: opts.keyboard_enhancement,
            background: opts.light_palette.is_some(),
        };
        let probe = term.tty.probe(asks, opts.query_timeout)?;
        let decided = keyboard::decide(
            &probe,
            opts.keyboard_enhancement,
            std::env::var_os("TMUX").is_some_and(|v| !v.is_empty()),
        );
        term.background = probe.background;
        term.typeahead = probe.typeahead;
        term.keys = decided.modes;
        term.keyboard = decided.keyboard;
        if decided.ask_tmux {
            term.tmux = Some(keyboard::TmuxCheck::start(term.wake.sender()?));
        }

        let mut modes = String::from("\x1b[?25l\x1b[?7l\x1b[?2004h");
        if opts.focus_reporting {
            modes.push_str(focus::FOCUS_REPORTING_ON);
        }
        if term.keys.kitty {
            let mut flags = ct::KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES;
            if opts.key_releases {
                flags |= ct::KeyboardEnhancementFlags::REPORT_EVENT_TYPES;
            }
            // The probe asked for modifyOtherKeys too; the Kitty protocol takes its place.
            modes.push_str(tty::MODIFY_OTHER_KEYS_RESET);
            modes.push_str(&format!("\x1b[>{}u", flags.bits()));
        } else if term.keys.modify_other_keys {
            // Again after an editor or a suspension, which turn it off.
            modes.push_str(tty::MODIFY_OTHER_KEYS_ON);
        }
        term.modes_on.clone_from(&modes);
        term.top = probe.cursor_row;
        // Start on a line of our own when the shell left the cursor after some text.
        if probe.cursor_column.is_some_and(|column| column > 0) {
            modes.push_str("\r\n");
            let last = term.tty.size().height.saturating_sub(1);
            term.top = term.top.map(|top| (top + 1).min(last));
        }
        // A terminal closed during the probe fails this write. The run goes on all the same:
        // its loop sees the hang-up (or the SIGHUP) first thing and ends as on any other, with
        // what the program holds, where failing here would end it with nothing.
        let _ = term
            .tty
            .write_all(modes.as_bytes())
            .and_then(|()| term.tty.flush());
        term.active.set_exit_bytes(term.exit_bytes());
        Ok(term)
    }

    fn draw(&mut self, frame: &Frame, size: Size) -> io::Result<()> {
        let bytes = self.frame_bytes(frame, size);
        if !bytes.is_empty() {
            self.tty.write_all(bytes.as_bytes())?;
            self.tty.flush()?;
            self.active.set_exit_bytes(self.exit_bytes());
        }
        Ok(())
    }

    /// The bytes that draw `frame` over what the region shows (empty when nothing changed).
    fn frame_bytes(&mut self, frame: &Frame, size: Size) -> String {
        let rows: Vec<DrawRow<'_>> = frame
            .rows
            .iter()
            .map(|row| DrawRow {
                ansi: &row.ansi,
                width: crate::text::width(&row.plain),
            })
            .collect();
        let screen = self.tty.size();
        let rows = self
            .region
            .draw(&rows, screen.width, size.height.min(screen.height));
        self.follow_scroll(screen.height);
        let mut bytes = self.cursor.frame(&mut self.region, rows, frame.cursor);
        bytes.push_str(&self.set_mouse(frame.mouse));
        bytes
    }

    /// After a resize the old rows may have moved or reflowed: erase them and redraw in full.
    fn forget_screen(&mut self) -> io::Result<()> {
        let bytes = self.region.reset();
        self.tty.write_all(bytes.as_bytes())?;
        self.tty.flush()?;
        self.active.set_exit_bytes(self.exit_bytes());
        Ok(())
    }

    fn bell(&mut self) -> io::Result<()> {
        self.write_now(b"\x07")
    }

    /// Bytes that neither draw nor move the cursor (the bell, notifications), written at once.
    fn write_now(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.tty.write_all(bytes)?;
        self.tty.flush()
    }

    /// What the program's keys arrive as.
    fn keyboard(&self) -> Keyboard {
        self.keyboard
    }

    /// What a panic or fatal signal writes: keep the frame, cursor below it, modes off.
    fn exit_bytes(&self) -> String {
        self.all_off(&self.region.exit_below())
    }

    /// `cursor_moves`, then every mode this run turned on turned off, the cursor's shape
    /// included.
    fn all_off(&self, cursor_moves: &str) -> String {
        modes_off(self.keys, self.mouse, cursor_moves) + self.cursor.restore()
    }

    /// Restores the terminal: the region kept or erased, modes off, cooked mode.
    fn leave(mut self, keep: bool) -> io::Result<()> {
        self.left = true;
        let moves = self.region.leave(keep);
        let bytes = self.all_off(&moves);
        let written = self
            .tty
            .write_all(bytes.as_bytes())
            .and_then(|()| self.tty.flush());
        let cooked = crossterm::terminal::disable_raw_mode();
        written.and(cooked)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if !self.left {
            // Start-up failed or a panic is unwinding: restore as a panic does, keeping the
            // frame. Only once: after the panic hook did it, this does nothing.
            guard::emergency_restore();
        }
    }
}

/// `cursor_moves` (to where the cursor should end up), then every mode the runtime turned on,
/// turned off: end any synchronized update, reset colors, pop the Kitty flags and reset
/// modifyOtherKeys (`keys`), `mouse` off, focus reporting off, bracketed paste off, line wrap
/// on, cursor shown.
fn modes_off(keys: keyboard::KeyModes, mouse: MouseMode, cursor_moves: &str) -> String {
    let mut out = String::from("\x1b[?2026l\x1b[0m");
    out.push_str(cursor_moves);
    out.push_str(keys.off());
    out.push_str(mouse.off_sequence());
    out.push_str(focus::FOCUS_REPORTING_OFF);
    out.push_str("\x1b[?2004l\x1b[?7h\x1b[?25h");
    out
}
