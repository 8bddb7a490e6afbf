//! The controlling terminal: opening it, its size, and the start-up probe (cursor column, the
//! keyboard protocols it speaks, its background) answered by the terminal itself.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use signal_hook::SigId;

use super::color::Background;
use crate::program::Size;

/// The size assumed when the terminal reports 0 rows or columns (some serial lines, some
/// pseudo-terminals before their first resize).
const FALLBACK_SIZE: Size = Size::new(80, 24);

/// The controlling terminal, opened as `/dev/tty`, so the UI works when stdin and stdout are
/// pipes. Input is read through a handle of its own opened non-blocking (the flag belongs to
/// that open file alone, not to the shell's stdin, and writes stay blocking), so no read can
/// ever stall the loop.
pub struct Tty {
    file: File,
    input: File,
}

impl Tty {
    /// Opens the controlling terminal; without one this is an error that says so.
    pub fn open() -> io::Result<Tty> {
        let file = File::options()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .map_err(|err| {
                io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("no controlling terminal to draw on (opening /dev/tty: {err})"),
                )
            })?;
        let input = File::options()
            .read(true)
            .custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32)
            .open("/dev/tty")?;
        Ok(Tty { file, input })
    }

    /// The terminal's size in cells, never 0 by 0.
    pub fn size(&self) -> Size {
        match rustix::termios::tcgetwinsize(&self.file) {
            Ok(ws) if ws.ws_col > 0 && ws.ws_row > 0 => Size::new(ws.ws_col, ws.ws_row),
            _ => FALLBACK_SIZE,
        }
    }

    /// A second handle on the terminal, for writers outside the main loop (panic hook,
    /// signal thread).
    pub fn try_clone(&self) -> io::Result<File> {
        self.file.try_clone()
    }

    /// The terminal's settings (termios).
    pub fn settings(&self) -> io::Result<rustix::termios::Termios> {
        Ok(rustix::termios::tcgetattr(&self.file)?)
    }

    /// Puts settings read by [`Tty::settings`] back.
    pub fn set_settings(&self, settings: &rustix::termios::Termios) -> io::Result<()> {
        let now = rustix::termios::OptionalActions::Now;
        Ok(rustix::termios::tcsetattr(&self.file, now, settings)?)
    }

    fn input(&self) -> BorrowedFd<'_> {
        self.input.as_fd()
    }

    /// Asks the terminal where the cursor is, whether it speaks the Kitty keyboard protocol,
    /// (when asked) its background color, and turns xterm's modifyOtherKeys on and asks whether
    /// it took (XTQMODKEYS), then waits for the answers, at most `timeout`. The primary device
    /// attributes query goes last: every terminal answers it, so its reply ends the wait early.
    /// Must run in raw mode.
    pub fn probe(&mut self, asks: Asks, timeout: Duration) -> io::Result<Probe> {
        let mut query = String::from("\x1b[6n");
        if asks.kitty {
            query.push_str("\x1b[?u");
        }
        if asks.modify_other_keys {
            // On before the question, so the answer says whether this terminal honours it. A
            // terminal that knows neither ignores both (unknown CSI sequences are dropped).
            query.push_str(MODIFY_OTHER_KEYS_ON);
            query.push_str("\x1b[?4m");
        }
        if asks.background {
            query.push_str(super::color::BACKGROUND_QUERY);
        }
        query.push_str("\x1b[c");
        self.file.write_all(query.as_bytes())?;
        self.file.flush()?;

        let deadline = Instant::now() + timeout;
        let mut replies = Replies::default();
        let mut buf = [0u8; 1024];
        while !replies.device_attributes {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            match self.wait_readable(left)? {
                Readable::Yes => {}
                // A signal (a resize, a request to end) does not stop the terminal from
                // answering: its answers, left unread, would reach the loop as keys or, once
                // the run ends, the shell as typed text.
                Readable::Interrupted => continue,
                Readable::No => break,
            }
            match rustix::io::read(self.input(), &mut buf) {
                Ok(0) => break,
                Ok(n) => replies.feed(&buf[..n]),
                Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => {}
                Err(err) => return Err(err.into()),
            }
        }
        Ok(replies.finish())
    }

    fn wait_readable(&self, timeout: Duration) -> io::Result<Readable> {
        let input = self.input();
        let mut fds = [PollFd::new(&input, PollFlags::IN)];
        match rustix::event::poll(&mut fds, Some(&timespec(timeout))) {
            // Hung up, the terminal answers nothing more; the loop sees it next.
            Ok(1..)
                if fds[0]
                    .revents()
                    .intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) =>
            {
                Ok(Readable::No)
            }
            Ok(1..) => Ok(Readable::Yes),
            Ok(_) => Ok(Readable::No),
            Err(rustix::io::Errno::INTR) => Ok(Readable::Interrupted),
            Err(err) => Err(err.into()),
        }
    }

    /// Whether the terminal hung up (it was closed); never waits.
    pub fn hung_up(&self) -> bool {
        let input = self.input();
        let mut fds = [PollFd::new(&input, PollFlags::IN)];
        matches!(
            rustix::event::poll(&mut fds, Some(&timespec(Duration::ZERO))),
            Ok(1..)
        ) && fds[0].revents().intersects(PollFlags::HUP | PollFlags::ERR)
    }

    /// Waits until there is input, `wake` fires, or `timeout` passes.
    pub fn wait_for_input(&self, wake: &Wake, timeout: Duration) -> io::Result<Waited> {
        let input = self.input();
        let mut fds = [
            PollFd::new(&input, PollFlags::IN),
            PollFd::new(&wake.rx, PollFlags::IN),
        ];
        match rustix::event::poll(&mut fds, Some(&timespec(timeout))) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(err) => return Err(err.into()),
        }
        let ready = fds[0].revents();
        if ready.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
            crate::guard::note_hang_up();
            return Ok(Waited::HungUp);
        }
        wake.drain();
        Ok(if ready.contains(PollFlags::IN) {
            Waited::Input
        } else {
            Waited::Nothing
        })
    }

    /// Reads whatever input is waiting (at most 64 KiB, so a flood still lets the loop draw
    /// and look at signals); never blocks.
    pub fn read_available(&self) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let mut buf = [0u8; 4096];
        while bytes.len() < 1 << 16 {
            match rustix::io::read(self.input(), &mut buf) {
                Ok(0) | Err(rustix::io::Errno::AGAIN) => break,
                Ok(n) => bytes.extend_from_slice(&buf[..n]),
                Err(rustix::io::Errno::INTR) => {}
                Err(err) => return Err(err.into()),
            }
        }
        Ok(bytes)
    }
}

/// Whether the terminal has input for the probe.
enum Readable {
    Yes,
    /// Not within the time given, or never again: the terminal hung up.
    No,
    /// A signal came first.
    Interrupted,
}

/// What [`Tty::wait_for_input`] saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Waited {
    Input,
    /// A signal, the timeout, or a spurious wake-up.
    Nothing,
    /// The terminal hung up: reading it would never block again, nor deliver anything.
    HungUp,
}

fn timespec(duration: Duration) -> Timespec {
    Timespec {
        tv_sec: duration.as_secs() as _,
        tv_nsec: duration.subsec_nanos() as _,
    }
}

/// Wakes [`Tty::wait_for_input`] when one of the given signals arrives (a resize, a request
/// to end), so the loop reacts at once instead of at its next timeout.
pub struct Wake {
    rx: UnixStream,
    tx: UnixStream,
    registrations: Vec<SigId>,
}

impl Wake {
    pub fn on(signals: &[i32]) -> io::Result<Wake> {
        let (rx, tx) = UnixStream::pair()?;
        rx.set_nonblocking(true)?;
        tx.set_nonblocking(true)?;
        let mut wake = Wake {
            rx,
            tx,
            registrations: Vec::new(),
        };
        for &signal in signals {
            // Each registration owns (and on unregistering closes) a handle of its own.
            let id = signal_hook::low_level::pipe::register(signal, wake.tx.try_clone()?)?;
            wake.registrations.push(id);
        }
        Ok(wake)
    }

    /// Waits until a wake-up comes or `timeout` passes, and takes the wake-ups (while an
    /// editor runs; the loop itself polls the terminal and the wake-ups together).
    #[cfg(feature = "editor")]
    pub fn wait(&self, timeout: Duration) -> io::Result<()> {
        let mut fds = [PollFd::new(&self.rx, PollFlags::IN)];
        match rustix::event::poll(&mut fds, Some(&timespec(timeout))) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(err) => return Err(err.into()),
        }
        self.drain();
        Ok(())
    }

    /// A handle that wakes the loop with one byte (for the signal thread).
    pub fn sender(&self) -> io::Result<UnixStream> {
        self.tx.try_clone()
    }

    fn drain(&self) {
        let mut buf = [0u8; 64];
        while let Ok(1..) = (&self.rx).read(&mut buf) {}
    }
}

impl Drop for Wake {
    fn drop(&mut self) {
        for id in self.registrations.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

impl Write for Tty {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// xterm's modifyOtherKeys, level 2: modified keys (Shift+Enter, Ctrl+J) arrive as
/// `CSI 27 ; mod ; code ~` (tmux with `extended-keys on` forwards them as CSI-u).
pub const MODIFY_OTHER_KEYS_ON: &str = "\x1b[>4;2m";
/// modifyOtherKeys back to the terminal's own setting (its resource, or off).
pub const MODIFY_OTHER_KEYS_RESET: &str = "\x1b[>4m";

/// What the start-up probe asks besides the cursor's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Asks {
    pub kitty: bool,
    /// Turn modifyOtherKeys on and ask whether it took.
    pub modify_other_keys: bool,
    pub background: bool,
}

/// What the terminal told us at start-up.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Probe {
    /// The cursor's column, 0-based, when the terminal reported it.
    pub cursor_column: Option<u16>,
    /// The cursor's row on the screen, 0-based, when the terminal reported it.
    pub cursor_row: Option<u16>,
    /// The terminal answered the Kitty keyboard query, so it supports the protocol.
    pub kitty_keyboard: bool,
    /// The modifyOtherKeys level the terminal reported (XTQMODKEYS), when it answered.
    pub modify_other_keys: Option<u8>,
    /// The background color, when the terminal answered the OSC 11 query.
    pub background: Option<Background>,
    /// Bytes the user typed meanwhile: input to deliver, not replies.
    pub typeahead: Vec<u8>,
}

/// Separates terminal replies from typed input in the bytes read during the probe.
#[derive(Debug, Default)]
struct Replies {
    probe: Probe,
    device_attributes: bool,
    /// The start of a sequence split across reads.
    partial: Vec<u8>,
}

impl Replies {
    fn feed(&mut self, bytes: &[u8]) {
        let mut input = std::mem::take(&mut self.partial);
        input.extend_from_slice(bytes);
        let mut i = 0;
        while i < input.len() {
            if input[i] == 0x1b && i + 1 == input.len() {
                // Maybe the start of a reply; a lone Esc key joins the typeahead in `finish`.
                self.partial = vec![0x1b];
                return;
            }
            if input[i] == 0x1b && input[i + 1] == b']' {
                match osc_end(&input[i + 2..]) {
                    Some((body_end, end)) => {
                        let body = String::from_utf8_lossy(&input[i + 2..i + 2 + body_end]);
                        self.probe.background = Background::parse(&body).or(self.probe.background);
                        i += 2 + end;
                        continue;
                    }
                    None => {
                        self.partial = input[i..].to_vec();
                        return;
                    }
                }
            }
            if input[i] != 0x1b || input[i + 1] != b'[' {
                self.probe.typeahead.push(input[i]);
                i += 1;
                continue;
            }
            let params_end = input[i + 2..]
                .iter()
                .position(|b| !matches!(b, b'0'..=b'9' | b';' | b':' | b'?' | b'>'))
                .map(|p| i + 2 + p);
            let Some(end) = params_end else {
                self.partial = input[i..].to_vec();
                return;
            };
            let params = &input[i + 2..end];
            match (params.first(), input[end]) {
                (Some(b'?'), b'u') => self.probe.kitty_keyboard = true,
                (Some(b'?'), b'c') => self.device_attributes = true,
                (Some(b'>'), b'm') => {
                    if let Some(level) = modify_other_keys_level(params) {
                        self.probe.modify_other_keys = Some(level);
                    }
                }
                (_, b'R') if params.first() != Some(&b'?') => {
                    if let Some((row, column)) = cursor_position(params) {
                        self.probe.cursor_row = Some(row);
                        self.probe.cursor_column = Some(column);
                    }
                }
                _ => self.probe.typeahead.extend_from_slice(&input[i..=end]),
            }
            i = end + 1;
        }
    }

    fn finish(mut self) -> Probe {
        self.probe.typeahead.append(&mut self.partial);
        self.probe
    }
}

/// Where an OSC string's body ends and where its terminator (BEL or ESC \\) ends, in `rest`
/// (what follows `ESC ]`); `None` while it is unfinished.
fn osc_end(rest: &[u8]) -> Option<(usize, usize)> {
    let at = rest.iter().position(|&b| b == 0x07 || b == 0x1b)?;
    match rest[at] {
        0x07 => Some((at, at + 1)),
        _ => (rest.get(at + 1) == Some(&b'\\')).then_some((at, at + 2)),
    }
}

/// The level of an XTQMODKEYS answer's `>4;level` parameters (`>4` alone: 0).
fn modify_other_keys_level(params: &[u8]) -> Option<u8> {
    let text = std::str::from_utf8(params).ok()?.strip_prefix(">4")?;
    match text.strip_prefix(';') {
        Some(level) => level.parse().ok(),
        None if text.is_empty() => Some(0),
        None => None,
    }
}

/// The row and column of a cursor position report's `row;col` parameters, 0-based.
fn cursor_position(params: &[u8]) -> Option<(u16, u16)> {
    let text = std::str::from_utf8(params).ok()?;
    let (row, column) = text.split_once(';')?;
    let row = row.parse::<u16>().ok()?.checked_sub(1)?;
    Some((row, column.parse::<u16>().ok()?.checked_sub(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(chunks: &[&[u8]]) -> (Probe, bool) {
        let mut replies = Replies::default();
        for chunk in chunks {
            replies.feed(chunk);
        }
        let done = replies.device_attributes;
        (replies.finish(), done)
    }

    #[test]
    fn a_kitty_terminal_answers_all_three_queries() {
        let (probe, done) = replies(&[b"\x1b[5;12R\x1b[?0u\x1b[?62;22c"]);
        assert!(done);
        assert_eq!((probe.cursor_row, probe.cursor_column), (Some(4), Some(11)));
        assert!(probe.kitty_keyboard);
        assert!(probe.typeahead.is_empty());
    }

    #[test]
    fn a_legacy_terminal_answers_only_position_and_attributes() {
        let (probe, done) = replies(&[b"\x1b[1;1R\x1b[?1;2c"]);
        assert!(done);
        assert_eq!(probe.cursor_column, Some(0));
        assert!(!probe.kitty_keyboard);
    }

    #[test]
    fn replies_split_across_reads_are_joined() {
        let (probe, done) = replies(&[b"\x1b[3;", b"4R\x1b", b"[?1u\x1b[?6", b"2c"]);
        assert!(done);
        assert_eq!(probe.cursor_column, Some(3));
        assert!(probe.kitty_keyboard);
        assert!(probe.typeahead.is_empty());
    }

    #[test]
    fn typed_keys_around_the_replies_are_kept_in_order() {
        let (probe, _) = replies(&[b"ab\x1b[A\x1b[1;1Rc\x1b\x1b[?62c"]);
        assert_eq!(probe.typeahead, b"ab\x1b[Ac\x1b");
    }

    #[test]
    fn the_background_reply_is_read_whichever_terminator_it_has() {
        let (probe, _) = replies(&[b"\x1b[1;1R\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62c"]);
        assert!(probe.background.is_some_and(|b| b.is_light()));
        assert!(probe.typeahead.is_empty());
        let (probe, _) = replies(&[b"\x1b]11;rgb:0/0/0\x07\x1b[?62c"]);
        assert!(probe.background.is_some_and(|b| !b.is_light()));
    }

    #[test]
    fn a_background_reply_split_across_reads_is_joined_and_typing_kept() {
        let (probe, done) = replies(&[
            b"a\x1b]11;rgb:ff",
            b"ff/ffff/ff",
            b"ff\x1b",
            b"\\b\x1b[?62c",
        ]);
        assert!(done);
        assert!(probe.background.is_some_and(|b| b.is_light()));
        assert_eq!(probe.typeahead, b"ab");
    }

    #[test]
    fn xterm_reports_its_modify_other_keys_level() {
        let (probe, done) = replies(&[b"\x1b[1;1R\x1b[>4;2m\x1b[?64;1;2c"]);
        assert!(done);
        assert_eq!(probe.modify_other_keys, Some(2));
        assert!(probe.typeahead.is_empty());
        let (probe, _) = replies(&[b"\x1b[>4;", b"0m\x1b[?64c"]);
        assert_eq!(probe.modify_other_keys, Some(0));
        let (probe, _) = replies(&[b"\x1b[>4m\x1b[?64c"]);
        assert_eq!(probe.modify_other_keys, Some(0));
        // Another `>` report is not typing either, and says nothing of the keys.
        let (probe, _) = replies(&[b"\x1b[>1;2m\x1b[?64c"]);
        assert_eq!(probe.modify_other_keys, None);
    }

    #[test]
    fn no_reply_means_no_kitty_and_an_unknown_column() {
        let (probe, done) = replies(&[]);
        assert!(!done);
        assert_eq!(probe, Probe::default());
    }
}
