//! A real terminal for tests: a tmux server of the test's own running one shell, driven by
//! tmux's commands. Nothing depends on where the checkout lives or how fast the machine is: the
//! pane's shell runs in a scratch directory holding a short link to the binary (`./aq`), so the
//! typed commands are short and the same everywhere, and exit statuses and termios are read
//! from files the shell writes, not from the screen.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::BINARY;

/// A tmux server of our own (a unique socket inside a scratch directory, so nothing is left in
/// the shared tmux directory) running one shell in a pane of a fixed size; killed and removed on
/// drop.
pub struct Tmux {
    pub dir: PathBuf,
}

/// The server's socket, named relative to the scratch directory: a socket's path may not be
/// longer than about 100 bytes, and the scratch directory's path can be.
const SOCKET: &str = "tmux.sock";

pub const TIMEOUT: Duration = Duration::from_secs(15);

impl Tmux {
    /// `None` (after saying so loudly) when tmux is missing outside CI; under CI a missing
    /// tmux fails the test.
    pub fn start(name: &str, width: u16, height: u16) -> Option<Tmux> {
        let found = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            if std::env::var_os("CI").is_some() {
                panic!("tmux is required under CI (.ci/run installs it)");
            }
            eprintln!(
                "\n*** SKIPPED {name}: tmux is not installed; install tmux to run the real-terminal test ***\n"
            );
            return None;
        }
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ask-user-question-test-{}-{}-{name}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::os::unix::fs::symlink(BINARY, dir.join("aq")).unwrap();
        let tmux = Tmux { dir };
        let shell = "env -u NO_COLOR PS1='$ ' bash --norc --noprofile";
        tmux.command(&[
            "new-session",
            "-d",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-c",
            tmux.dir.to_str().unwrap(),
            shell,
        ]);
        tmux.wait_for("the shell prompt", |pane| pane.starts_with('$'));
        Some(tmux)
    }

    pub fn command(&self, args: &[&str]) -> Output {
        let output = Command::new("tmux")
            .current_dir(&self.dir)
            .args(["-S", SOCKET])
            .args(["-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            output.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        output
    }

    /// Types `text` literally, then Enter.
    pub fn type_line(&self, text: &str) {
        self.command(&["send-keys", "-l", text]);
        self.command(&["send-keys", "Enter"]);
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-]`, `2`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys"];
        args.extend(keys);
        self.command(&args);
    }

    pub fn pane(&self) -> String {
        String::from_utf8(self.command(&["capture-pane", "-p"]).stdout).unwrap()
    }

    /// Polls the pane until `ready` holds; the pane then.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let pane = self.pane();
            if ready(&pane) {
                return pane;
            }
            if start.elapsed() > TIMEOUT {
                panic!("timed out waiting for {what}; the pane:\n{pane}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    pub fn file(&self, name: &str) -> String {
        std::fs::read_to_string(self.dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// The file `name` once the shell has finished writing it (commands write a temporary
    /// file and rename it), or `None` yet.
    pub fn finished_file(&self, name: &str) -> Option<String> {
        std::fs::read_to_string(self.dir.join(name)).ok()
    }

    /// Runs `command` (short: typed into the pane) so that its exit status lands in `exit`.
    pub fn run(&self, command: &str) {
        self.type_line(&format!("{command}; echo $? > exit.tmp; mv exit.tmp exit"));
    }

    /// The exit status of the command given to [`Tmux::run`], once it has ended.
    pub fn exit_status(&self) -> Option<String> {
        self.finished_file("exit")
            .map(|text| text.trim().to_string())
    }

    /// Waits for the command given to [`Tmux::run`] to end and the prompt to be back below
    /// its output; its exit status and the pane then.
    pub fn wait_for_exit(&self) -> (String, String) {
        let pane = self.wait_for("the exit and the prompt", |pane| {
            self.exit_status().is_some() && pane.trim_end().lines().last() == Some("$")
        });
        (self.exit_status().expect("the exit status"), pane)
    }

    /// The terminal is back in its cooked mode: `stty -a` run in the pane shows line editing
    /// and echo on.
    pub fn assert_terminal_restored(&self) {
        self.type_line("stty -a > stty.tmp; mv stty.tmp stty.txt");
        let start = Instant::now();
        let stty = loop {
            if let Some(stty) = self.finished_file("stty.txt") {
                break stty;
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "no stty output; the pane:\n{}",
                self.pane()
            );
            std::thread::sleep(Duration::from_millis(40));
        };
        let flags: Vec<&str> = stty
            .split(|c: char| c.is_whitespace() || c == ';')
            .collect();
        for flag in ["icanon", "echo", "isig", "icrnl", "opost"] {
            assert!(flags.contains(&flag), "{flag} is off: {stty}");
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .current_dir(&self.dir)
            .args(["-S", SOCKET])
            .arg("kill-server")
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
