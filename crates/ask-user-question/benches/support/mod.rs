//! What the benchmarks share: percentiles, and a pseudo-terminal that answers the runtime's
//! startup queries.
#![allow(dead_code)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use questionnaire::App;
use tea::Size;
use tea::driver::Driver;
use tea::input::{Event, KeyCode, KeyModifiers, key};

/// The allocator the CLI and the pi addon ship with, so what is measured here is what they do.
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// One measurement: wall-clock time, and the time this thread was on a CPU. The machine may be
/// shared (other builds preempt us for a scheduler slice of ~4 ms), which shows in wall time
/// only; CPU time is what the code itself costs.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub wall: Duration,
    pub cpu: Duration,
}

pub fn thread_cpu_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

pub fn measure(f: impl FnOnce()) -> Sample {
    let cpu = thread_cpu_time();
    let start = Instant::now();
    f();
    let wall = start.elapsed();
    Sample {
        wall,
        cpu: thread_cpu_time().saturating_sub(cpu),
    }
}

/// Wall and CPU statistics of samples.
pub fn stats(samples: &[Sample]) -> (Stats, Stats) {
    (
        stats_of(samples.iter().map(|s| s.wall).collect()),
        stats_of(samples.iter().map(|s| s.cpu).collect()),
    )
}

pub struct Stats {
    pub p50: Duration,
    pub p95: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub n: usize,
}

pub fn stats_of(mut samples: Vec<Duration>) -> Stats {
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        max: samples[samples.len() - 1],
        n: samples.len(),
    }
}

pub fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

pub fn millis(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

pub fn report(
    name: &str,
    (wall, cpu): &(Stats, Stats),
    unit: fn(Duration) -> String,
    target: &str,
) {
    println!(
        "{name:<46} wall p50 {:>9} p99 {:>9} max {:>9} | cpu p50 {:>9} p99 {:>9} max {:>9}  n={}{target}",
        unit(wall.p50),
        unit(wall.p99),
        unit(wall.max),
        unit(cpu.p50),
        unit(cpu.p99),
        unit(cpu.max),
        wall.n
    );
}

/// For figures with no CPU time of their own (whole processes): wall only.
pub fn report_wall(name: &str, wall: &Stats, unit: fn(Duration) -> String, target: &str) {
    println!(
        "{name:<46} wall p50 {:>9} p99 {:>9} max {:>9}  n={}{target}",
        unit(wall.p50),
        unit(wall.p99),
        unit(wall.max),
        wall.n
    );
}

/// A pseudo-terminal of `size`: (master, slave).
pub fn open_pty(size: Size) -> (std::fs::File, std::os::fd::OwnedFd) {
    use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC)
        .expect("open a pseudo-terminal");
    grantpt(&master).expect("grantpt");
    unlockpt(&master).expect("unlockpt");
    let name = ptsname(&master, Vec::new()).expect("ptsname");
    let slave = rustix::fs::open(
        name.as_c_str(),
        rustix::fs::OFlags::RDWR | rustix::fs::OFlags::NOCTTY,
        rustix::fs::Mode::empty(),
    )
    .expect("open the pty slave");
    let winsize = rustix::termios::Winsize {
        ws_row: size.height,
        ws_col: size.width,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    rustix::termios::tcsetwinsize(&master, winsize).expect("set the pty size");
    (std::fs::File::from(master), slave)
}

/// Reads what the terminal shows until `done` holds for everything read so far, answering the
/// runtime's startup queries (cursor position, keyboard flags, device attributes) at once.
pub fn read_terminal_until(
    master: &mut std::fs::File,
    seen: &mut Vec<u8>,
    done: impl Fn(&[u8]) -> bool,
) {
    read_terminal_within(master, seen, Duration::from_secs(10), done)
}

/// [`read_terminal_until`] with a deadline of `patience`.
pub fn read_terminal_within(
    master: &mut std::fs::File,
    seen: &mut Vec<u8>,
    patience: Duration,
    done: impl Fn(&[u8]) -> bool,
) {
    use std::io::{Read, Write};
    let deadline = Instant::now() + patience;
    let mut answered = false;
    let mut buf = [0u8; 8192];
    while !done(seen) {
        assert!(Instant::now() < deadline, "the terminal showed no frame");
        let mut fds = [rustix::event::PollFd::new(
            &*master,
            rustix::event::PollFlags::IN,
        )];
        let timeout = rustix::event::Timespec {
            tv_sec: 0,
            tv_nsec: 50_000_000,
        };
        if !matches!(rustix::event::poll(&mut fds, Some(&timeout)), Ok(1..)) {
            continue;
        }
        match master.read(&mut buf) {
            Ok(n @ 1..) => seen.extend_from_slice(&buf[..n]),
            _ => return,
        }
        if !answered && seen.windows(3).any(|w| w == b"\x1b[c") {
            master
                .write_all(b"\x1b[1;1R\x1b[?62c")
                .expect("answer the queries");
            answered = true;
        }
    }
}

/// Starts `command` with `slave` as its controlling terminal (a session of its own).
pub fn spawn_on_pty(
    command: &mut std::process::Command,
    slave: std::os::fd::OwnedFd,
) -> std::process::Child {
    use std::os::fd::{AsRawFd, BorrowedFd};
    use std::os::unix::process::CommandExt;
    let slave_fd = slave.as_raw_fd();
    // SAFETY: only async-signal-safe system calls run between fork and exec.
    unsafe {
        command.pre_exec(move || {
            rustix::process::setsid()?;
            rustix::process::ioctl_tiocsctty(BorrowedFd::borrow_raw(slave_fd))?;
            Ok(())
        });
    }
    let child = command.spawn().expect("the CLI starts");
    // The child has its own copy; ours closed, reading the master ends when the child does.
    drop(slave);
    child
}

/// A key pressed with no modifiers.
pub fn press(code: KeyCode) -> Event {
    key(code, KeyModifiers::NONE)
}

/// One key, then the frame's rows; the time of both.
pub fn key_to_frame(driver: &mut Driver<App>, event: &Event) -> Sample {
    measure(|| {
        black_box(driver.send(event));
        black_box(driver.frame_ref().rows.len());
    })
}
