//! A pseudo-terminal for tests of the inline runtime, read back through a terminal emulator
//! (vt100): the test re-runs its own binary as a child (the ignored `child_process` test,
//! picked by `TEA_PTY_CHILD`) in a new session whose controlling terminal is the pty's slave,
//! and plays the terminal: it feeds the child's output to vt100, answers the start-up queries,
//! types keys and inspects the slave's termios. Waits are bounded by [`PATIENCE`] and only fail
//! when the expected screen never shows up.

#![allow(dead_code)]

use std::ffi::CString;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::termios::{LocalModes, Winsize};

/// The longest a case waits for the child to show something.
pub const PATIENCE: Duration = Duration::from_secs(20);
pub const CHILD_ENV: &str = "TEA_PTY_CHILD";

// ---------------------------------------------------------------------------------------------
// The terminal side
// ---------------------------------------------------------------------------------------------

/// What the child has drawn, as the emulator sees it.
pub struct Screen {
    pub parser: vt100::Parser,
    /// Everything the child wrote, for byte-level checks.
    raw: Vec<u8>,
    /// The tail of the last read that may be the start of a query.
    carry: Vec<u8>,
    kitty: bool,
}

const CURSOR_POSITION_QUERY: &[u8] = b"\x1b[6n";
const KITTY_QUERY: &[u8] = b"\x1b[?u";
const DEVICE_ATTRIBUTES_QUERY: &[u8] = b"\x1b[c";
const QUERIES: [&[u8]; 3] = [CURSOR_POSITION_QUERY, KITTY_QUERY, DEVICE_ATTRIBUTES_QUERY];

impl Screen {
    /// Feeds output to the emulator and returns the replies a terminal would send, answering
    /// each query with the state the emulator is in when it reads it.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<u8> {
        self.raw.extend_from_slice(bytes);
        let mut input = std::mem::take(&mut self.carry);
        input.extend_from_slice(bytes);
        let mut replies = Vec::new();
        let (mut done, mut i) = (0, 0);
        while i < input.len() {
            let rest = &input[i..];
            if let Some(query) = QUERIES.iter().find(|q| rest.starts_with(q)) {
                self.parser.process(&input[done..i + query.len()]);
                i += query.len();
                done = i;
                replies.extend(self.reply(query));
            } else if QUERIES.iter().any(|q| q.starts_with(rest)) {
                self.carry = rest.to_vec();
                break;
            } else {
                i += 1;
            }
        }
        let end = input.len() - self.carry.len();
        self.parser.process(&input[done..end]);
        replies
    }

    pub fn reply(&self, query: &[u8]) -> Vec<u8> {
        if query == CURSOR_POSITION_QUERY {
            let (row, column) = self.parser.screen().cursor_position();
            format!("\x1b[{};{}R", row + 1, column + 1).into_bytes()
        } else if query == KITTY_QUERY {
            if self.kitty {
                b"\x1b[?0u".to_vec()
            } else {
                Vec::new()
            }
        } else {
            b"\x1b[?62;22c".to_vec()
        }
    }

    pub fn lines(&self) -> Vec<String> {
        let screen = self.parser.screen();
        screen.rows(0, screen.size().1).collect()
    }
}

/// A pseudo-terminal with a child process in a session of its own on it.
pub struct Terminal {
    /// `None` once the terminal hung up.
    master: Option<File>,
    /// Held open so the terminal outlives the child and its termios can be read after it exits.
    slave: OwnedFd,
    pub screen: Arc<Mutex<Screen>>,
    pub child: Child,
    /// The thread that reads the child's output; it stops when `stop` is set.
    reader: Option<thread::JoinHandle<()>>,
    stop: Arc<AtomicBool>,
}

/// How the child is started.
pub struct Launch {
    pub scenario: &'static str,
    pub size: (u16, u16),
    /// Text on screen before the child starts (the shell's history).
    pub history: &'static str,
    /// What the child's stdin is: `Some(text)` a pipe carrying it, `None` the terminal.
    pub stdin: Option<&'static str>,
    pub kitty: bool,
    /// Variables set for the child.
    pub env: Vec<(String, String)>,
}

impl Default for Launch {
    fn default() -> Self {
        Launch {
            scenario: "picker",
            size: (40, 12),
            history: "$ app\r\n",
            stdin: None,
            kitty: false,
            env: Vec::new(),
        }
    }
}

pub fn open_pty(size: (u16, u16)) -> (OwnedFd, OwnedFd) {
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
    (master, slave)
}

use std::os::unix::fs::OpenOptionsExt;

pub fn set_size(master: impl AsFd, (columns, rows): (u16, u16)) {
    let size = Winsize {
        ws_row: rows,
        ws_col: columns,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    rustix::termios::tcsetwinsize(master, size).expect("set the pty size");
}

impl Terminal {
    pub fn launch(launch: Launch) -> Terminal {
        let (master, slave) = open_pty(launch.size);
        let mut parser = vt100::Parser::new(launch.size.1, launch.size.0, 0);
        parser.process(launch.history.as_bytes());
        let screen = Arc::new(Mutex::new(Screen {
            parser,
            raw: Vec::new(),
            carry: Vec::new(),
            kitty: launch.kitty,
        }));

        let mut command = Command::new(std::env::current_exe().expect("test binary path"));
        command
            .args([
                "child_process",
                "--exact",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, launch.scenario)
            .env("RUST_BACKTRACE", "0")
            .envs(launch.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(Stdio::piped())
            .stderr(File::from(slave.try_clone().expect("dup slave")));
        match launch.stdin {
            Some(_) => command.stdin(Stdio::piped()),
            None => command.stdin(File::from(slave.try_clone().expect("dup slave"))),
        };
        let slave_fd = slave.as_raw_fd();
        let controlling = launch.scenario != "no-terminal";
        // SAFETY: only async-signal-safe system calls run between fork and exec.
        unsafe {
            command.pre_exec(move || {
                rustix::process::setsid()?;
                if controlling {
                    rustix::process::ioctl_tiocsctty(BorrowedFd::borrow_raw(slave_fd))?;
                }
                Ok(())
            });
        }
        let mut child = command.spawn().expect("spawn the child process");
        if let Some(text) = launch.stdin {
            let mut stdin = child.stdin.take().expect("child stdin");
            stdin
                .write_all(text.as_bytes())
                .expect("write the child's stdin");
        }

        let master = File::from(master);
        let mut reader = master.try_clone().expect("dup master");
        let mut answerer = master.try_clone().expect("dup master");
        let shared = Arc::clone(&screen);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let reader = thread::spawn(move || {
            let mut buf = [0u8; 4096];
            loop {
                // Once told to stop, read what is left, then stop.
                let stopping = stopped.load(Ordering::SeqCst);
                let wait = if stopping { 0 } else { 20_000_000 };
                let mut fds = [PollFd::new(&reader, PollFlags::IN)];
                let timeout = Timespec {
                    tv_sec: 0,
                    tv_nsec: wait,
                };
                if !matches!(rustix::event::poll(&mut fds, Some(&timeout)), Ok(1..)) {
                    if stopping {
                        break;
                    }
                    continue;
                }
                match reader.read(&mut buf) {
                    Ok(n @ 1..) => {
                        let replies = shared.lock().unwrap().feed(&buf[..n]);
                        if !replies.is_empty() {
                            let _ = answerer.write_all(&replies);
                        }
                    }
                    _ if stopping => break,
                    _ => thread::sleep(Duration::from_millis(20)),
                }
            }
        });
        Terminal {
            master: Some(master),
            reader: Some(reader),
            stop,
            slave,
            screen,
            child,
        }
    }

    pub fn master(&self) -> &File {
        self.master.as_ref().expect("the terminal is still up")
    }

    pub fn type_keys(&mut self, keys: &str) {
        self.master()
            .write_all(keys.as_bytes())
            .expect("type into the pty");
    }

    pub fn stop_reading(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(reader) = self.reader.take() {
            reader.join().expect("the reader thread");
        }
    }

    /// Closes the terminal as a closed terminal window would.
    pub fn hang_up(&mut self) {
        self.stop_reading();
        self.master = None;
    }

    pub fn lines(&self) -> Vec<String> {
        self.screen.lock().unwrap().lines()
    }

    pub fn raw_len(&self) -> usize {
        self.screen.lock().unwrap().raw.len()
    }

    pub fn raw_since(&self, start: usize) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap().raw[start..]).into_owned()
    }

    pub fn cursor(&self) -> (u16, u16) {
        self.screen
            .lock()
            .unwrap()
            .parser
            .screen()
            .cursor_position()
    }

    pub fn cursor_hidden(&self) -> bool {
        self.screen.lock().unwrap().parser.screen().hide_cursor()
    }

    /// Whether the terminal reports the mouse (any mode on).
    pub fn mouse_reported(&self) -> bool {
        let screen = self.screen.lock().unwrap();
        screen.parser.screen().mouse_protocol_mode() != vt100::MouseProtocolMode::None
    }

    /// Waits until the screen's top rows are `expected` (trailing blanks ignored).
    pub fn wait_for_lines(&self, expected: &[String]) {
        self.wait_until(
            &format!("the screen to start with {expected:#?}"),
            |lines| {
                lines.len() >= expected.len()
                    && lines
                        .iter()
                        .zip(expected)
                        .all(|(line, want)| line.trim_end() == want.trim_end())
            },
        );
    }

    /// Waits until `expected` shows as consecutive rows anywhere on screen.
    pub fn wait_for_block(&self, expected: &[String]) {
        self.wait_until(&format!("the rows {expected:#?}"), |lines| {
            lines.windows(expected.len()).any(|window| {
                window
                    .iter()
                    .zip(expected)
                    .all(|(line, want)| line.trim_end() == want.trim_end())
            })
        });
    }

    pub fn wait_for_text(&self, text: &str) {
        self.wait_until(&format!("{text:?} on screen"), |lines| {
            lines.iter().any(|line| line.contains(text))
        });
    }

    pub fn wait_until(&self, what: &str, ready: impl Fn(&[String]) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let lines = self.lines();
            if ready(&lines) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "gave up waiting for {what}; the screen is {lines:#?}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the child to exit and returns its stdout and exit status.
    pub fn finish(mut self) -> (String, std::process::ExitStatus, Terminal) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait for the child") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the child did not exit; screen {:#?}",
                self.lines()
            );
            thread::sleep(Duration::from_millis(20));
        };
        let mut stdout = String::new();
        self.child
            .stdout
            .take()
            .expect("child stdout")
            .read_to_string(&mut stdout)
            .unwrap();
        self.stop_reading();
        (stdout, status, self)
    }

    pub fn local_modes(&self) -> LocalModes {
        rustix::termios::tcgetattr(&self.slave)
            .expect("read the pty's termios")
            .local_modes
    }

    pub fn is_cooked(&self) -> bool {
        self.local_modes()
            .contains(LocalModes::ICANON | LocalModes::ECHO | LocalModes::ISIG)
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.stop_reading();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The child's report line on its stdout.
pub fn report(stdout: &str) -> &str {
    stdout
        .lines()
        .find_map(|line| line.split_once("REPORT ").map(|(_, report)| report))
        .unwrap_or_else(|| panic!("no report in the child's stdout: {stdout:?}"))
}
