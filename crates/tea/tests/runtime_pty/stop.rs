//! Stopping as a shell job: SIGTSTP sent from outside, and Ctrl+Z, give the terminal back
//! (cooked, modes off, cursor shown) before the process stops; `fg` (SIGCONT) brings the frame
//! back with what was typed, and typing goes on.
//!
//! A stop needs a shell: the kernel discards SIGTSTP for a process group with none to continue
//! it (an orphaned one, as a session leader's is). So the child here plays the shell: it runs
//! the picker as a job, in a process group of its own in the terminal's foreground, takes the
//! terminal back when the job stops, and continues it when `fg` is typed.

use std::io::BufRead;
use std::os::fd::{AsRawFd, BorrowedFd};
use std::os::unix::process::CommandExt;
use std::process::Command;

use super::*;

/// The shell's side: runs the picker (scenario `picker`) as a job until it exits.
pub fn shell() {
    let tty = std::fs::File::open("/dev/tty").expect("the terminal");
    // As shells do: SIGTTOU ignored, so the shell may hand the foreground around while it is
    // in the background itself.
    // SAFETY: sets a signal's disposition to a constant.
    unsafe {
        libc::signal(libc::SIGTTOU, libc::SIG_IGN);
    }
    let mut job = Command::new(std::env::current_exe().expect("test binary path"));
    job.args([
        "child_process",
        "--exact",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(CHILD_ENV, "picker")
    .process_group(0);
    let tty_fd = tty.as_raw_fd();
    // SAFETY: only async-signal-safe system calls run between fork and exec.
    unsafe {
        job.pre_exec(move || {
            // In the foreground before the job's first look at the terminal, as shells do;
            // then SIGTTOU back to its default for the job.
            let tty = BorrowedFd::borrow_raw(tty_fd);
            rustix::termios::tcsetpgrp(tty, rustix::process::getpid())?;
            libc::signal(libc::SIGTTOU, libc::SIG_DFL);
            Ok(())
        });
    }
    // Reaped by the waitpid below, which also sees it stop (std's `wait` would not).
    #[allow(clippy::zombie_processes)]
    let job = job.spawn().expect("start the job");
    let pid = job.id() as libc::pid_t;
    let group = rustix::process::Pid::from_raw(pid).expect("a job's pid");
    let give_foreground = |group| {
        let _ = rustix::termios::tcsetpgrp(&tty, group);
    };
    give_foreground(group);
    let mut lines = std::io::stdin().lock().lines();
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes the status into `status`.
        let waited = unsafe { libc::waitpid(pid, &mut status, libc::WUNTRACED) };
        if waited == -1 {
            continue;
        }
        if libc::WIFSTOPPED(status) {
            give_foreground(rustix::process::getpgrp());
            eprintln!("[1]+ Stopped");
            loop {
                match lines.next() {
                    Some(Ok(line)) if line.trim() == "fg" => break,
                    Some(Ok(_)) => {}
                    // The terminal is gone: nobody will type `fg`.
                    _ => return,
                }
            }
            give_foreground(group);
            // SAFETY: kill on plain values.
            unsafe {
                libc::kill(-pid, libc::SIGCONT);
            }
            continue;
        }
        println!("SHELL job exited {}", libc::WEXITSTATUS(status));
        return;
    }
}

/// The job's pid: the terminal's foreground group once the job leads it.
fn job_pid(term: &Terminal) -> libc::pid_t {
    let shell = term.child.id() as libc::pid_t;
    let deadline = std::time::Instant::now() + PATIENCE;
    loop {
        let foreground = rustix::termios::tcgetpgrp(term.master())
            .map(|pid| pid.as_raw_nonzero().get())
            .unwrap_or(shell);
        if foreground != shell {
            return foreground;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the job never took the foreground"
        );
        thread::sleep(Duration::from_millis(20));
    }
}

/// Starts the picker as a job, types "an", stops it with `stop`, and checks the terminal is
/// given back; then `fg`, a key, enter, and the result.
fn stop_and_continue(stop: impl FnOnce(&mut Terminal, libc::pid_t)) {
    let mut term = Terminal::launch(Launch {
        scenario: "job-shell",
        ..Launch::default()
    });
    term.wait_for_text("7/7");
    let job = job_pid(&term);
    term.type_keys("an");
    let filtered = expected_frame(
        &picker_after(&[Type("a".into()), Type("n".into())], (40, 12)),
        (40, 12),
    );
    term.wait_for_lines(&with_history(&["$ app"], filtered.clone()));
    assert!(!term.is_cooked());

    let before = term.raw_len();
    stop(&mut term, job);
    term.wait_for_text("[1]+ Stopped");
    assert!(term.is_cooked(), "termios: {:?}", term.local_modes());
    let written = term.raw_since(before);
    for mode_off in ["\x1b[?2004l", "\x1b[?1004l", "\x1b[?7h", "\x1b[?25h"] {
        assert!(written.contains(mode_off), "{mode_off:?} in {written:?}");
    }
    let handed_over = written.find("\x1b[?2004l").unwrap();
    assert!(
        !written[handed_over..].contains("\x1b[?2004h"),
        "handed over once, and not taken back before it stopped: {written:?}"
    );
    assert!(!term.cursor_hidden());
    assert!(
        !term
            .lines()
            .iter()
            .any(|l| l.contains("7/7") || l.contains("4/7")),
        "the region is erased: {:#?}",
        term.lines()
    );

    term.type_keys("fg\r");
    term.wait_for_block(&filtered);
    assert!(!term.is_cooked(), "raw again");
    term.type_keys("\x1b[B\r");
    let (stdout, status, _) = term.finish();
    assert!(status.success(), "{stdout}");
    assert_eq!(report(&stdout), r#"Quit(Picked("cranberry"))"#);
    assert!(stdout.contains("SHELL job exited 0"), "{stdout}");
}

#[test]
fn sigtstp_from_outside_gives_the_terminal_back_and_fg_brings_the_frame_back() {
    stop_and_continue(|_, job| {
        // SAFETY: kill on plain values.
        assert_eq!(unsafe { libc::kill(job, libc::SIGTSTP) }, 0);
    });
}

#[test]
fn ctrl_z_gives_the_terminal_back_and_fg_brings_the_frame_back() {
    stop_and_continue(|term, _| term.type_keys("\x1a"));
}

#[test]
fn a_sigtstp_nobody_could_continue_is_discarded_and_the_run_goes_on() {
    // Here the picker leads its session: its group is orphaned, so it is not stopped.
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    let before = term.raw_len();
    // SAFETY: kill on plain values.
    assert_eq!(
        unsafe { libc::kill(term.child.id() as libc::pid_t, libc::SIGTSTP) },
        0
    );
    term.wait_until("the terminal handed back and taken again", |_| {
        let written = term.raw_since(before);
        written
            .find("\x1b[?2004l")
            .is_some_and(|off| written[off..].contains("\x1b[?2004h"))
    });
    term.type_keys("pe");
    assert_eq!(term.raw_since(before).matches("\x1b[?2004l").count(), 1);
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&picker_after(&[Type("pe".into())], (40, 12)), (40, 12)),
    ));
    assert!(!term.is_cooked());
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("pear"))"#);
}
