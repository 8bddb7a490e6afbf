//! A background job with a spinner, bubbletea's `spinner`/`realtime` examples on tea: enter
//! starts a job (a `Cmd::Task`: work off the UI thread whose result comes back as a message)
//! while an `every(100ms)` subscription turns the spinner; finished jobs are listed with their
//! results, the newest few in the frame and every one printed above it ([`Cmd::Print`]), where
//! the terminal's scrollback keeps them after the run. In the headless driver tasks run inline, so tests see the result at once; with
//! threaded tasks (as the terminal runtime runs them) the spinner turns until it arrives.

use std::time::Duration;

use tea::components::{Help, Panel, Rows, Stack, StackItem};
use tea::keymap::{Binding, HelpEntry, Keymap};
use tea::{Cmd, Event, Line, Program, Slot, Span, Style, Subs, View};

/// The spinner's frames (bubbles' `Dot` spinner).
pub const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
/// How often the spinner turns.
pub const SPIN: Duration = Duration::from_millis(100);
/// The most finished jobs listed.
pub const HISTORY: usize = 5;

/// What a job does: wait `delay` (standing for slow I/O), then count the primes below
/// `limit` times the job's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    pub delay: Duration,
    pub limit: u64,
}

/// A finished job's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub job: u32,
    pub below: u64,
    pub primes: u64,
    pub largest: Option<u64>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Start,
    /// The spinner's tick (only while a job runs).
    Spin,
    /// A job's result, from its task.
    Finished(Report),
    Quit,
}

pub struct Job {
    work: Work,
    /// The number of the running job, if one runs.
    running: Option<u32>,
    /// Spinner ticks since the running job started.
    spins: u32,
    started: u32,
    /// Finished jobs, newest first, with the ticks each took.
    done: Vec<(Report, u32)>,
    keymap: Keymap<bool, Msg>,
}

fn keymap() -> Keymap<bool, Msg> {
    let binding = |name, keys, msg| Binding::new(name, keys, msg).expect("valid keys");
    Keymap::new(vec![
        binding("start", "enter space", Msg::Start)
            .help("start a job")
            .when(|running: &bool| !running),
        binding("quit", "q esc ctrl+c", Msg::Quit).help("quit"),
    ])
}

/// The primes below `limit` and the largest of them (a sieve: real work that takes a
/// moment for millions).
pub fn count_primes(limit: u64) -> (u64, Option<u64>) {
    let n = usize::try_from(limit).unwrap_or(usize::MAX);
    if n < 3 {
        return (0, None);
    }
    let mut composite = vec![false; n];
    let (mut count, mut largest) = (0, None);
    for i in 2..n {
        if composite[i] {
            continue;
        }
        count += 1;
        largest = Some(i as u64);
        let mut j = i.saturating_mul(i);
        while j < n {
            composite[j] = true;
            j += i;
        }
    }
    (count, largest)
}

impl Job {
    pub fn new(work: Work) -> Job {
        Job {
            work,
            running: None,
            spins: 0,
            started: 0,
            done: Vec::new(),
            keymap: keymap(),
        }
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    pub fn finished(&self) -> impl Iterator<Item = &Report> {
        self.done.iter().map(|(report, _)| report)
    }

    pub fn help(&self) -> Vec<HelpEntry> {
        self.keymap.help(&self.is_running())
    }

    fn start(&mut self) -> Cmd<Msg, usize> {
        let job = self.started + 1;
        self.started = job;
        self.running = Some(job);
        self.spins = 0;
        let Work { delay, limit } = self.work;
        let below = limit.saturating_mul(u64::from(job));
        Cmd::task(format!("job {job}"), move || {
            std::thread::sleep(delay);
            let (primes, largest) = count_primes(below);
            Msg::Finished(Report {
                job,
                below,
                primes,
                largest,
            })
        })
    }

    /// The status row: the spinner while a job runs, else what to do.
    fn status(&self) -> Line {
        match self.running {
            Some(job) => Line::new(vec![
                Span::styled(
                    SPINNER[self.spins as usize % SPINNER.len()],
                    Style::fg(Slot::Accent),
                ),
                Span::plain(format!(
                    " job {job}: counting primes below {}… {}",
                    grouped(self.work.limit.saturating_mul(u64::from(job))),
                    seconds(self.spins)
                )),
            ]),
            None if self.done.is_empty() => {
                Line::styled("No job yet: press enter.", Style::fg(Slot::Muted))
            }
            None => Line::styled("Idle: press enter for another.", Style::fg(Slot::Muted)),
        }
    }

    /// A finished job's row.
    fn result(report: &Report, ticks: u32) -> Line {
        let largest = report.largest.map_or("none".into(), grouped);
        Line::new(vec![
            Span::styled("✓ ", Style::fg(Slot::Success)),
            Span::plain(format!(
                "job {}: {} primes below {} (largest {largest})",
                report.job,
                grouped(report.primes),
                grouped(report.below)
            )),
            Span::styled(format!(" {}", seconds(ticks)), Style::fg(Slot::Dim)),
        ])
    }
}

/// Spinner ticks as seconds, "1.2s".
fn seconds(ticks: u32) -> String {
    let tenths = u64::from(ticks) * SPIN.as_millis() as u64 / 100;
    format!("{}.{}s", tenths / 10, tenths % 10)
}

/// 1234567 as "1,234,567".
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Program for Job {
    type Msg = Msg;
    /// How many jobs finished.
    type Output = usize;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, usize> {
        match msg {
            Msg::Start if self.running.is_none() => return self.start(),
            Msg::Start => return Cmd::Bell,
            Msg::Spin => self.spins = self.spins.saturating_add(1),
            Msg::Finished(report) => {
                if self.running == Some(report.job) {
                    self.running = None;
                }
                let printed = Cmd::Print(vec![Job::result(&report, self.spins)]);
                self.done.insert(0, (report, self.spins));
                self.done.truncate(HISTORY);
                return printed;
            }
            Msg::Quit => return Cmd::Quit(self.done.len()),
        }
        Cmd::None
    }

    /// Status, finished jobs and help in a frame; when rows run out the history goes first,
    /// then the help; the status stays.
    fn view(&self) -> View<'_> {
        let status = Rows::new(vec![self.status()]).ellipsis();
        let history = Rows::new(
            self.done
                .iter()
                .map(|(report, ticks)| Job::result(report, *ticks))
                .collect(),
        )
        .ellipsis();
        let body = Stack::new(vec![
            StackItem::new(status, 1, 1).priority(2),
            StackItem::new(history, 0, HISTORY).priority(0),
            StackItem::new(Help::new(self.help()), 1, 1).priority(1),
        ]);
        let jobs = Panel::around(body).title("Jobs");
        // No taller than it needs: the rest of a tall terminal stays the shell's.
        View::new(Stack::new(vec![StackItem::new(jobs, 1, HISTORY + 4)]))
    }

    /// The spinner turns only while a job runs.
    fn subscriptions(&self) -> Subs<Msg> {
        if self.is_running() {
            Subs::every("spin", SPIN, Msg::Spin)
        } else {
            Subs::none()
        }
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        self.keymap.msg_for(event, &self.is_running())
    }
}
