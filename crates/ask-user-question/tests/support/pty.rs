//! The binary on a pseudo-terminal of the test's own: the test plays the terminal (answers the
//! start-up queries, types, pastes, resizes, signals) and checks what the binary leaves behind:
//! its stdout, its exit status, the terminal's termios and the modes its output turned off.
//!
//! Waits are bounded by [`PATIENCE`] and only fail when what is awaited never comes.

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::process::{Pid, Signal};
use rustix::termios::Termios;
use serde_json::Value;

use super::BINARY;

/// The longest anything is awaited: generous, to tell a hang from a slow machine.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// How a session ends, unless the questionnaire ended first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Ctrl+C as a legacy terminal sends it (`0x03`).
    CtrlC,
    /// Ctrl+C as a Kitty-protocol terminal sends it (`CSI 99;5u`).
    KittyCtrlC,
    Sigint,
    Sigterm,
    Sighup,
    /// `kill -QUIT`, or Ctrl+\ on the terminal once it is cooked.
    Sigquit,
}

impl Ending {
    pub const ALL: [Ending; 6] = [
        Ending::CtrlC,
        Ending::KittyCtrlC,
        Ending::Sigint,
        Ending::Sigterm,
        Ending::Sighup,
        Ending::Sigquit,
    ];

    /// The exit status the binary must end with.
    pub fn exit_code(self) -> i32 {
        match self {
            Ending::CtrlC | Ending::KittyCtrlC | Ending::Sigint => 130,
            Ending::Sigterm => 143,
            Ending::Sighup => 129,
            Ending::Sigquit => 131,
        }
    }
}

/// The binary running on a pseudo-terminal.
pub struct Session {
    /// `None` once the terminal hung up.
    master: Option<File>,
    /// Held open so the terminal outlives the binary and its termios can be read afterwards.
    slave: OwnedFd,
    termios_before: Termios,
    child: Child,
    output: Arc<Mutex<Vec<u8>>>,
    stop: Arc<AtomicBool>,
    reader: Option<thread::JoinHandle<()>>,
}

/// How a session is started.
pub struct Launch {
    /// The questionnaire, piped to stdin.
    pub input: String,
    pub size: (u16, u16),
    /// Whether the terminal answers the Kitty keyboard query.
    pub kitty: bool,
    /// Arguments after the binary's name.
    pub args: &'static [&'static str],
    /// Environment variables set for the binary; `TMUX` is unset unless given here.
    pub env: &'static [(&'static str, &'static str)],
}

/// What the test's terminal answers besides the cursor position and device attributes.
#[derive(Debug, Clone, Copy, Default)]
pub struct TerminalAnswers {
    /// The Kitty keyboard query (set from [`Launch::kitty`]).
    kitty: bool,
    /// The OSC 11 background query, with this color (`rgb:ffff/ffff/ffff`).
    pub background: Option<&'static str>,
    /// The screen row (0-based) the cursor position query is answered with: where the test's
    /// screen has the cursor when the binary starts.
    pub cursor_row: u16,
    /// Plays xterm's modifyOtherKeys: the level the binary set (`CSI > 4 ; level m`) is what
    /// the query (`CSI ? 4 m`) is answered with. Otherwise the query goes unanswered, as in a
    /// terminal with no protocol at all.
    pub modify_other_keys: bool,
    /// How long the answers take to arrive after the queries: a terminal at the far end of
    /// a slow link (ssh).
    pub delay: Duration,
}

impl TerminalAnswers {
    /// A terminal whose cursor is on screen row `row` (0-based) when the binary starts.
    pub fn cursor_at_row(row: u16) -> TerminalAnswers {
        TerminalAnswers {
            cursor_row: row,
            ..TerminalAnswers::default()
        }
    }

    /// xterm, which answers the modifyOtherKeys query.
    pub fn xterm() -> TerminalAnswers {
        TerminalAnswers {
            modify_other_keys: true,
            ..TerminalAnswers::default()
        }
    }

    /// A terminal that answers the background query with `color`.
    pub fn background(color: &'static str) -> TerminalAnswers {
        TerminalAnswers {
            background: Some(color),
            ..TerminalAnswers::default()
        }
    }

    /// This terminal with its answers arriving `delay` after the queries.
    pub fn delayed(self, delay: Duration) -> TerminalAnswers {
        TerminalAnswers { delay, ..self }
    }
}

/// What a session left behind.
pub struct Finished {
    pub stdout: String,
    pub status: ExitStatus,
    /// Everything the binary wrote to the terminal.
    pub output: Vec<u8>,
    termios_before: Termios,
    /// `None` when the terminal hung up.
    termios_after: Option<Termios>,
    /// Bytes typed that the binary left unread: the shell would read them next.
    pub unread: u64,
}

impl Session {
    pub fn start(launch: Launch) -> Session {
        Session::start_with(launch, |_| {})
    }

    /// Starts the binary with the arguments and environment `configure` adds (TERM is a
    /// capable terminal's unless it sets another).
    pub fn start_with(launch: Launch, configure: impl FnOnce(&mut Command)) -> Session {
        Session::start_on(launch, TerminalAnswers::default(), configure)
    }

    /// Starts the binary on a terminal that answers as `answers` says, with the arguments and
    /// environment `configure` adds. The color variables (`COLORTERM`, `TERM_PROGRAM`,
    /// `FORCE_COLOR`, `CLICOLOR_FORCE`) are unset unless `launch.env` or `configure` sets them.
    pub fn start_on(
        launch: Launch,
        answers: TerminalAnswers,
        configure: impl FnOnce(&mut Command),
    ) -> Session {
        let (master, slave) = open_pty(launch.size);
        let termios_before = rustix::termios::tcgetattr(&slave).expect("read the termios");
        let mut command = Command::new(BINARY);
        command
            .args(launch.args)
            .env_remove("NO_COLOR")
            .env("TERM", "xterm-256color")
            .env_remove("TMUX")
            .env_remove("COLORTERM")
            .env_remove("TERM_PROGRAM")
            .env_remove("FORCE_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env("ASK_USER_QUESTION_INBOX", "0")
            .envs(launch.env.iter().copied())
            .env("RUST_BACKTRACE", "0");
        configure(&mut command);
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(File::from(slave.try_clone().expect("dup the slave")));
        let slave_fd = slave.as_raw_fd();
        // SAFETY: only async-signal-safe system calls run between fork and exec.
        unsafe {
            command.pre_exec(move || {
                rustix::process::setsid()?;
                rustix::process::ioctl_tiocsctty(BorrowedFd::borrow_raw(slave_fd))?;
                Ok(())
            });
        }
        let mut child = command.spawn().expect("start the binary");
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(launch.input.as_bytes())
            .expect("pipe the questionnaire");
        drop(stdin);

        let output = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let reader = {
            let master = master.try_clone().expect("dup the master");
            let (output, stop) = (Arc::clone(&output), Arc::clone(&stop));
            let answers = TerminalAnswers {
                kitty: launch.kitty,
                ..answers
            };
            thread::spawn(move || play_the_terminal(master, answers, &output, &stop))
        };
        Session {
            master: Some(master),
            slave,
            termios_before,
            child,
            output,
            stop,
            reader: Some(reader),
        }
    }

    /// Whether the binary is still running.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Types `bytes`, as fast as the binary reads them; gives up once it has exited.
    pub fn write(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        let deadline = Instant::now() + PATIENCE;
        while !rest.is_empty() {
            let written = rustix::io::write(self.master(), rest);
            match written {
                Ok(n) => rest = &rest[n..],
                Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => {
                    if !self.running() {
                        return;
                    }
                    assert!(Instant::now() < deadline, "the binary stopped reading");
                    let mut fds = [PollFd::new(self.master(), PollFlags::OUT)];
                    let _ = rustix::event::poll(&mut fds, Some(&millis(20)));
                }
                Err(err) => panic!("type into the terminal: {err}"),
            }
        }
    }

    fn master(&self) -> &File {
        self.master.as_ref().expect("the terminal is up")
    }

    /// Changes the terminal's size (the kernel sends SIGWINCH).
    pub fn resize(&self, (columns, rows): (u16, u16)) {
        set_size(
            self.master.as_ref().expect("the terminal is up"),
            (columns, rows),
        );
    }

    /// Closes the terminal, as closing its window does.
    pub fn hang_up(&mut self) {
        self.stop_reading();
        self.master = None;
    }

    pub fn signal(&self, signal: Signal) {
        // The binary may have ended already; then there is nothing to signal.
        let _ = rustix::process::kill_process(Pid::from_child(&self.child), signal);
    }

    /// Ends the session as `ending` does (nothing if the binary already ended).
    pub fn end(&mut self, ending: Ending) {
        match ending {
            Ending::CtrlC => self.write(b"\x03"),
            Ending::KittyCtrlC => self.write(b"\x1b[99;5u"),
            Ending::Sigint => self.signal(Signal::INT),
            Ending::Sigterm => self.signal(Signal::TERM),
            Ending::Sighup => self.signal(Signal::HUP),
            Ending::Sigquit => self.signal(Signal::QUIT),
        }
    }

    /// How many bytes the binary has written to the terminal so far.
    pub fn output_len(&self) -> usize {
        self.output.lock().unwrap().len()
    }

    /// Everything the binary wrote to the terminal so far.
    pub fn output(&self) -> Vec<u8> {
        self.output.lock().unwrap().clone()
    }

    /// The terminal's text so far: the output without escape sequences.
    pub fn text(&self) -> String {
        plain(&self.output.lock().unwrap())
    }

    /// Waits until the binary has written `bytes` (say, the mode it turns on once in raw mode).
    pub fn wait_for_output(&mut self, bytes: &[u8]) {
        self.wait_for_output_from(0, bytes);
    }

    /// Waits until the binary has written `bytes` after the first `from` bytes of its output
    /// ([`Session::output_len`] before what should make it write them).
    pub fn wait_for_output_from(&mut self, from: usize, bytes: &[u8]) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if self.output.lock().unwrap()[from..]
                .windows(bytes.len())
                .any(|w| w == bytes)
            {
                return;
            }
            assert!(self.running(), "the binary ended before writing {bytes:?}");
            assert!(Instant::now() < deadline, "gave up waiting for {bytes:?}");
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits until `text` has been drawn.
    pub fn wait_for_text(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while !self.text().contains(text) {
            assert!(self.running(), "the binary ended before {text:?} was drawn");
            assert!(
                Instant::now() < deadline,
                "gave up waiting for {text:?}; drawn so far:\n{}",
                tail(&self.text())
            );
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// Waits for the binary to exit (at most [`PATIENCE`]).
    pub fn finish(mut self) -> Finished {
        // Read stdout while waiting: a result larger than the pipe (a long draft) would block
        // the binary's write, and so its exit.
        let mut pipe = self.child.stdout.take().expect("piped stdout");
        let stdout_reader = thread::spawn(move || {
            let mut stdout = String::new();
            pipe.read_to_string(&mut stdout).expect("read stdout");
            stdout
        });
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for the binary") {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                panic!(
                    "the binary did not exit; drawn so far:\n{}",
                    tail(&self.text())
                );
            }
            thread::sleep(Duration::from_millis(10));
        };
        let stdout = stdout_reader.join().expect("the stdout thread");
        self.stop_reading();
        Finished {
            stdout,
            status,
            output: std::mem::take(&mut *self.output.lock().unwrap()),
            termios_before: self.termios_before.clone(),
            termios_after: self
                .master
                .as_ref()
                .map(|_| rustix::termios::tcgetattr(&self.slave).expect("read the termios")),
            unread: unread(&self.slave),
        }
    }

    fn stop_reading(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the terminal thread");
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop_reading();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Finished {
    /// The exit code; a death by signal is a failure that says which.
    pub fn code(&self) -> i32 {
        match self.status.code() {
            Some(code) => code,
            None => panic!(
                "killed by signal {:?} instead of exiting; stdout {:?}",
                self.status.signal(),
                self.stdout
            ),
        }
    }

    /// The result JSON on stdout.
    pub fn result(&self) -> Value {
        serde_json::from_str(self.stdout.trim()).unwrap_or_else(|err| {
            panic!("stdout is not the result JSON ({err}): {:?}", self.stdout)
        })
    }

    /// Every problem with how the terminal was left: termios changed, or a mode the binary
    /// turned on (raw input aside, which termios covers) not turned off after its last use.
    pub fn terminal_problems(&self) -> Vec<String> {
        let mut problems = self.termios_problems();
        let output = String::from_utf8_lossy(&self.output);
        for (on, off, what) in [
            ("\x1b[?25l", "\x1b[?25h", "cursor hidden"),
            ("\x1b[?2004h", "\x1b[?2004l", "bracketed paste"),
            ("\x1b[?7l", "\x1b[?7h", "line wrap off"),
            ("\x1b[?1004h", "\x1b[?1004l", "focus reporting"),
            ("\x1b[?1000h", "\x1b[?1000l", "mouse reporting"),
            ("\x1b[?1006h", "\x1b[?1006l", "SGR mouse encoding"),
        ] {
            if let Some(last_on) = output.rfind(on)
                && output.rfind(off).is_none_or(|last_off| last_off < last_on)
            {
                problems.push(format!("{what} left on"));
            }
        }
        let pushed = kitty_pushes(&output);
        let popped = output.matches("\x1b[<u").count();
        if pushed != popped {
            problems.push(format!(
                "Kitty flags pushed {pushed} times, popped {popped}"
            ));
        }
        if let Some(on) = output.rfind("\x1b[>4;2m")
            && output.rfind("\x1b[>4m").is_none_or(|off| off < on)
        {
            problems.push("modifyOtherKeys left on".into());
        }
        problems
    }

    /// Whether the termios differs from before the run.
    pub fn termios_problems(&self) -> Vec<String> {
        let Some(after) = &self.termios_after else {
            return vec!["the terminal hung up: no termios to compare".into()];
        };
        let before = &self.termios_before;
        let mut problems = Vec::new();
        if before.input_modes != after.input_modes
            || before.output_modes != after.output_modes
            || before.control_modes != after.control_modes
            || before.local_modes != after.local_modes
            || format!("{:?}", before.special_codes) != format!("{:?}", after.special_codes)
        {
            problems.push(format!(
                "termios changed: {:?} {:?} → {:?} {:?}",
                before.input_modes, before.local_modes, after.input_modes, after.local_modes
            ));
        }
        problems
    }
}

/// How many bytes wait to be read on the terminal, whole lines or not: in canonical mode the
/// kernel counts only whole lines, so canonical mode is off while they are counted.
fn unread(slave: &OwnedFd) -> u64 {
    use rustix::termios::{LocalModes, OptionalActions, tcgetattr, tcsetattr};
    let Ok(termios) = tcgetattr(slave) else {
        return 0;
    };
    let mut counting = termios.clone();
    counting.local_modes.remove(LocalModes::ICANON);
    let _ = tcsetattr(slave, OptionalActions::Now, &counting);
    let unread = rustix::io::ioctl_fionread(slave).unwrap_or(0);
    let _ = tcsetattr(slave, OptionalActions::Now, &termios);
    unread
}

/// How many times Kitty keyboard flags were pushed (`CSI > flags u`).
fn kitty_pushes(output: &str) -> usize {
    output
        .match_indices("\x1b[>")
        .filter(|(at, _)| {
            let rest = &output[at + 3..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with('u')
        })
        .count()
}

/// Reads the binary's output into `output` and answers the start-up queries as a terminal
/// would, until told to stop (then it reads what is left).
fn play_the_terminal(
    mut master: File,
    answers: TerminalAnswers,
    output: &Mutex<Vec<u8>>,
    stop: &AtomicBool,
) {
    let mut buf = [0u8; 8192];
    // The tail of the last read that may be the start of a query.
    let mut carry: Vec<u8> = Vec::new();
    let mut level = 0;
    // Replies on their way, each with when it arrives.
    let mut sending: Vec<(Instant, Vec<u8>)> = Vec::new();
    loop {
        let (now, stopping) = (Instant::now(), stop.load(Ordering::SeqCst));
        // The replies due, and all of them once stopping: a terminal answers whether or not
        // anyone is left to read it.
        while sending
            .first()
            .is_some_and(|(due, _)| stopping || *due <= now)
        {
            let _ = master.write_all(&sending.remove(0).1);
        }
        let mut fds = [PollFd::new(&master, PollFlags::IN)];
        let wait = match sending.first() {
            _ if stopping => Duration::ZERO,
            Some((due, _)) => due
                .saturating_duration_since(now)
                .min(Duration::from_millis(20)),
            None => Duration::from_millis(20),
        };
        if !matches!(
            rustix::event::poll(&mut fds, Some(&millis(wait.as_millis() as u64))),
            Ok(1..)
        ) {
            if stopping {
                return;
            }
            continue;
        }
        match rustix::io::read(&master, &mut buf) {
            Ok(n @ 1..) => {
                output.lock().unwrap().extend_from_slice(&buf[..n]);
                carry.extend_from_slice(&buf[..n]);
                let replies = replies(&mut carry, answers, &mut level);
                if !replies.is_empty() {
                    sending.push((Instant::now() + answers.delay, replies));
                }
            }
            Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => {}
            _ if stopping => return,
            // The binary closed its side; wait for the test to stop us.
            _ => thread::sleep(Duration::from_millis(10)),
        }
    }
}

/// A terminal's replies to the queries in `bytes`; leaves in `bytes` only a tail that may be
/// the start of a query. `level` is the modifyOtherKeys level set so far.
fn replies(bytes: &mut Vec<u8>, answers: TerminalAnswers, level: &mut u8) -> Vec<u8> {
    const QUERIES: [&[u8]; 7] = [
        b"\x1b[6n",
        b"\x1b[?u",
        b"\x1b[c",
        b"\x1b]11;?\x1b\\",
        b"\x1b[?4m",
        b"\x1b[>4;2m",
        b"\x1b[>4m",
    ];
    let mut replies = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if let Some(query) = QUERIES.iter().find(|q| rest.starts_with(q)) {
            match *query {
                b"\x1b[>4;2m" => *level = 2,
                b"\x1b[>4m" => *level = 0,
                b"\x1b[?4m" if answers.modify_other_keys => {
                    replies.extend_from_slice(format!("\x1b[>4;{level}m").as_bytes());
                }
                b"\x1b[6n" => {
                    let row = answers.cursor_row + 1;
                    replies.extend_from_slice(format!("\x1b[{row};1R").as_bytes());
                }
                b"\x1b[?u" if answers.kitty => replies.extend_from_slice(b"\x1b[?0u"),
                b"\x1b]11;?\x1b\\" => {
                    if let Some(color) = answers.background {
                        replies.extend_from_slice(format!("\x1b]11;{color}\x1b\\").as_bytes());
                    }
                }
                b"\x1b[c" => replies.extend_from_slice(b"\x1b[?62;22c"),
                _ => {}
            }
            i += query.len();
        } else if QUERIES.iter().any(|q| q.starts_with(rest)) {
            break;
        } else {
            i += 1;
        }
    }
    bytes.drain(..i);
    replies
}

fn open_pty(size: (u16, u16)) -> (File, OwnedFd) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)
        .expect("open a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name: CString = ptsname(&master, Vec::new()).expect("ptsname");
    let slave: OwnedFd = File::options()
        .read(true)
        .write(true)
        .custom_flags(rustix::fs::OFlags::NOCTTY.bits() as i32)
        .open(name.to_str().expect("pty name"))
        .expect("open the pty slave")
        .into();
    set_size(&master, size);
    // Writes must never block the test on a binary that stopped reading.
    let flags = rustix::fs::fcntl_getfl(&master).expect("master flags");
    rustix::fs::fcntl_setfl(&master, flags | rustix::fs::OFlags::NONBLOCK).expect("non-blocking");
    (File::from(master), slave)
}

fn set_size(master: impl AsFd, (columns, rows): (u16, u16)) {
    let size = rustix::termios::Winsize {
        ws_row: rows,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    rustix::termios::tcsetwinsize(master, size).expect("set the pty size");
}

fn millis(ms: u64) -> Timespec {
    Timespec {
        tv_sec: 0,
        tv_nsec: (ms * 1_000_000) as _,
    }
}

/// Terminal output as text: CSI, OSC and other escape sequences removed.
pub fn plain(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('[') => {
                while chars.next_if(|c| ('\x20'..='\x3f').contains(c)).is_some() {}
                chars.next();
            }
            Some(']') => {
                // OSC (hyperlinks): up to BEL or ST.
                while let Some(c) = chars.next() {
                    if c == '\x07' || (c == '\x1b' && chars.next_if_eq(&'\\').is_some()) {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The end of a long text, for failure messages.
fn tail(text: &str) -> &str {
    let start = text.len().saturating_sub(2000);
    let start = (start..text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    &text[start..]
}
