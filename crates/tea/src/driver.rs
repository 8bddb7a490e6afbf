//! The driver: the one Elm loop. It owns the program, its size, palette, frame cache, a clock,
//! timers and tasks, and performs every effect but those that need the terminal ([`Effect`]:
//! quit, bell, attention, printing, an editor run when the host runs it), which it hands back.
//! With no terminal it runs tests, the CLI's `--keys` replay and the pi addon; the terminal
//! runtime is a terminal around it.
//!
//! Time is a virtual clock (a [`Duration`] since the start) that moves only when told to
//! ([`Driver::advance`], a script's `wait:`), so timers are deterministic in tests; the
//! terminal runtime advances it by the real clock.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

#[cfg(feature = "editor")]
use crate::exec::{self, Exec, ExecPolicy, ExecRequest, ExecResult};
use crate::frame::{Frame, RowCache};
use crate::input::{Event, Keyboard, Step};
use crate::kept::{self, Memory};
use crate::mouse::{Mouse, MouseMode};
use crate::program::{Cmd, Program, Size, Task};
use crate::style::Line;
use crate::sub::Timers;
use crate::theme::Palette;

/// How the driver performs editor runs: as [`ExecPolicy`] says with the editor, nothing without.
#[cfg(feature = "editor")]
type ExecSetting = ExecPolicy;
#[cfg(not(feature = "editor"))]
type ExecSetting = NoEditor;

/// Without the editor feature there are no editor runs to perform.
#[cfg(not(feature = "editor"))]
#[derive(Debug, Default)]
struct NoEditor;

/// An effect that needs the terminal (or the host around the driver), handed back by the driver.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect<O> {
    /// The program is finished with this output.
    Quit(O),
    /// Ring the terminal bell.
    Bell,
    /// Call the person ([`Cmd::Attention`]): write these bytes to the terminal between frames.
    Attention(crate::attention::Attention),
    /// Print these lines above the program's region ([`Cmd::Print`]). The terminal runtime
    /// writes them into the scrollback; headless, they stay here, in the effects the driver
    /// hands back, for the caller (a test) to read.
    Print(Vec<Line>),
    /// Run an external editor on this request (under [`ExecPolicy::Host`]) and answer with
    /// [`Driver::exec_done`].
    #[cfg(feature = "editor")]
    Exec(ExecRequest),
}

/// The effects a call hands back for the terminal (or a test) to perform, in order. After a
/// quit nothing more is performed.
#[derive(Debug, Clone, PartialEq)]
pub struct Effects<O>(pub Vec<Effect<O>>);

impl<O> Effects<O> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The quit output, if the program quit.
    pub fn into_quit(self) -> Option<O> {
        self.0.into_iter().find_map(|effect| match effect {
            Effect::Quit(output) => Some(output),
            _ => None,
        })
    }

    pub fn quits(&self) -> bool {
        self.0
            .iter()
            .any(|effect| matches!(effect, Effect::Quit(_)))
    }

    pub fn extend(&mut self, more: Effects<O>) {
        self.0.extend(more.0);
    }
}

impl<O> Default for Effects<O> {
    fn default() -> Self {
        Effects(Vec::new())
    }
}

impl<O> IntoIterator for Effects<O> {
    type Item = Effect<O>;
    type IntoIter = std::vec::IntoIter<Effect<O>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<O: PartialEq> PartialEq<Vec<Effect<O>>> for Effects<O> {
    fn eq(&self, other: &Vec<Effect<O>>) -> bool {
        &self.0 == other
    }
}

/// Where [`Cmd::Task`]s run.
#[derive(Clone, Default)]
pub enum TaskPolicy {
    /// On the calling thread, at once: the result is the next message. Deterministic; the
    /// headless driver's default.
    #[default]
    Inline,
    /// Each on a thread of its own; results wait for [`Driver::poll_tasks`]. `wake` is called
    /// once a result is ready (the terminal runtime wakes its loop with it).
    Threaded { wake: Arc<dyn Fn() + Send + Sync> },
}

impl std::fmt::Debug for TaskPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TaskPolicy::Inline => "Inline",
            TaskPolicy::Threaded { .. } => "Threaded",
        })
    }
}

type ProgramCmd<P> = Cmd<<P as Program>::Msg, <P as Program>::Output>;

/// A [`Cmd::Sequence`] under way: the steps left, and how many timers, tasks and inner
/// sequences of the current step are not done yet.
struct Group<P: Program> {
    steps: VecDeque<ProgramCmd<P>>,
    outstanding: usize,
    parent: Option<u64>,
}

/// A task's result from its thread; `None` when the task panicked (its message is lost, and
/// a sequence waiting for it goes on).
type Finished<M> = (u64, Option<M>);

/// Runs a [`Program`]: the Elm loop, with no terminal.
pub struct Driver<P: Program> {
    program: P,
    size: Size,
    palette: Palette,
    /// The last frame, valid until the model, size or palette changes.
    cached: Option<Frame>,
    /// Rows of recent frames: a new frame writes only those that changed.
    rows: RowCache,
    /// What components chose at the last draw (a list's window), handed back at the next.
    kept: Memory,
    /// Whether `kept` is what the current model draws: a message is then handled from what
    /// its person saw ([`Driver::settle`]).
    settled: bool,
    /// Whether the program keeps anything between draws; `None` until its first draw.
    keeps: Option<bool>,
    clock: Duration,
    timers: Timers<P::Msg>,
    policy: TaskPolicy,
    finished_tx: Sender<Finished<P::Msg>>,
    finished_rx: Receiver<Finished<P::Msg>>,
    /// Tasks running on threads, with the sequence each belongs to.
    running: HashMap<u64, Option<u64>>,
    next_id: u64,
    groups: HashMap<u64, Group<P>>,
    #[cfg(feature = "editor")]
    exec_policy: ExecPolicy,
    /// Editor runs handed to the host and not answered yet, oldest first, with the sequence
    /// each belongs to.
    #[cfg(feature = "editor")]
    execs: VecDeque<(Exec<P::Msg>, Option<u64>)>,
    /// Effects not handed back yet.
    effects: Vec<Effect<P::Output>>,
    /// Whether key releases reach the program ([`Driver::set_key_releases`]).
    key_releases: bool,
    quitting: bool,
}

impl<P: Program> Driver<P> {
    /// Starts the program at `size`: it hears of the size ([`Event::Resize`]), then its
    /// [`Program::init`] effects are performed (tasks inline). Host effects from these come
    /// back from the first call that returns [`Effects`], or from [`Driver::take_effects`].
    pub fn new(program: P, size: Size, palette: Palette) -> Self {
        Driver::with_tasks(program, size, palette, TaskPolicy::Inline)
    }

    /// [`Driver::new`] with tasks run as `policy` says.
    pub fn with_tasks(program: P, size: Size, palette: Palette, policy: TaskPolicy) -> Self {
        Driver::starting(program, size, palette, policy, ExecSetting::default())
    }

    /// [`Driver::with_tasks`] with editor runs ([`Cmd::Exec`]) performed as `exec` says.
    #[cfg(feature = "editor")]
    pub fn with_policies(
        program: P,
        size: Size,
        palette: Palette,
        policy: TaskPolicy,
        exec: ExecPolicy,
    ) -> Self {
        Driver::starting(program, size, palette, policy, exec)
    }

    fn starting(
        program: P,
        size: Size,
        palette: Palette,
        policy: TaskPolicy,
        exec: ExecSetting,
    ) -> Self {
        #[cfg(not(feature = "editor"))]
        let NoEditor = exec;
        let (finished_tx, finished_rx) = mpsc::channel();
        let mut driver = Driver {
            program,
            size,
            palette,
            cached: None,
            rows: RowCache::new(),
            kept: Memory::default(),
            settled: false,
            keeps: None,
            clock: Duration::ZERO,
            timers: Timers::new(),
            policy,
            finished_tx,
            finished_rx,
            running: HashMap::new(),
            next_id: 0,
            groups: HashMap::new(),
            #[cfg(feature = "editor")]
            exec_policy: exec,
            #[cfg(feature = "editor")]
            execs: VecDeque::new(),
            effects: Vec::new(),
            quitting: false,
            key_releases: false,
        };
        match driver.program.event(&Event::Resize(size)) {
            Some(msg) => driver.update(msg),
            // No first update: the model's timers are asked for here.
            None => driver
                .timers
                .subscribe(driver.program.subscriptions(), driver.clock),
        }
        if driver.palette.light {
            driver.tell_light_background();
        }
        let init = driver.program.init();
        driver.perform(init, None);
        driver
    }

    /// Tells the program whether its palette is for a light background.
    fn tell_light_background(&mut self) {
        let light = self.palette.light;
        self.tell(&Event::Background { light });
    }

    /// Hands `event` to [`Program::event`] and applies the message it means, if any.
    fn tell(&mut self, event: &Event) {
        if let Some(msg) = self.program.event(event) {
            self.update(msg);
        }
    }

    /// Whether key releases reach the program; by default the driver drops them, so a key acts
    /// once per keystroke (a runtime that asks the terminal for releases turns this on).
    pub fn set_key_releases(&mut self, on: bool) {
        self.key_releases = on;
    }

    /// Feeds an event to the program; events it ignores change nothing. A resize changes the
    /// frame's size ([`Driver::resize`]); a mouse event gets the part of the frame under it.
    pub fn send(&mut self, event: &Event) -> Effects<P::Output> {
        match self.offer(event) {
            Some(effects) => effects,
            None => self.take_effects(),
        }
    }

    /// [`Driver::send`] for a host that shares its input with others (pi's editor gets what
    /// the program leaves): `None` when the program took no message from `event`, which then
    /// changed nothing. A resize is always taken.
    pub fn offer(&mut self, event: &Event) -> Option<Effects<P::Output>> {
        let msg = match event {
            Event::Resize(size) => return Some(self.resize(*size)),
            Event::Key(_) if event.is_release() && !self.key_releases => return None,
            Event::Mouse(mouse) => self.mouse_msg(mouse)?,
            _ => self.program.event(event)?,
        };
        Some(self.send_msg(msg))
    }

    /// What a mouse event at a cell of the frame (column, row from its top-left: a runtime
    /// turns the screen's cells into the frame's) means, told with the part of the frame on
    /// screen under it. Ignored while the view does not ask for the mouse.
    fn mouse_msg(&mut self, mouse: &Mouse) -> Option<P::Msg> {
        let frame = self.frame_ref();
        if frame.mouse == MouseMode::Off {
            return None;
        }
        let mouse = Mouse {
            hit: frame.hits.at(mouse.x, mouse.y),
            ..*mouse
        };
        self.program.event(&Event::Mouse(mouse))
    }

    /// The mouse reports the view on screen asks for.
    pub fn mouse_mode(&mut self) -> MouseMode {
        self.frame_ref().mouse
    }

    /// Feeds several events; returns the effects in order.
    pub fn send_all<'a>(
        &mut self,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Effects<P::Output> {
        let mut all = Effects::default();
        for event in events {
            all.extend(self.send(event));
        }
        all
    }

    /// One step of a key script: an event, or a wait that advances the clock.
    pub fn step(&mut self, step: &Step) -> Effects<P::Output> {
        match step {
            Step::Event(event) => self.send(event),
            Step::Wait(duration) => self.advance(*duration),
        }
    }

    /// Feeds a message straight to `update` and performs its effects.
    pub fn send_msg(&mut self, msg: P::Msg) -> Effects<P::Output> {
        self.update(msg);
        self.take_effects()
    }

    /// Changes the size; the program gets its resize message.
    pub fn resize(&mut self, size: Size) -> Effects<P::Output> {
        if size != self.size {
            self.size = size;
            // A new size is a new frame and a new layout, whether or not the program hears of
            // it: the next message starts from what the new size shows.
            self.cached = None;
            self.settled = false;
            self.tell(&Event::Resize(size));
        }
        self.take_effects()
    }

    /// Tells the program what the terminal's keyboard tells apart ([`Event::Keyboard`]).
    pub fn set_keyboard(&mut self, keyboard: Keyboard) -> Effects<P::Output> {
        self.send(&Event::Keyboard(keyboard))
    }

    /// Moves the clock on by `by`, firing the timers due on the way in time order, each
    /// through `update` at the instant it was due. Stops early at a quit.
    pub fn advance(&mut self, by: Duration) -> Effects<P::Output> {
        let until = self.clock.saturating_add(by);
        self.advance_to(until)
    }

    /// [`Driver::advance`] to an instant on the clock (the runtime's time since its start);
    /// an instant already past changes nothing.
    pub fn advance_to(&mut self, until: Duration) -> Effects<P::Output> {
        while !self.quitting {
            let Some((due, msg, group)) = self.timers.fire(until) else {
                break;
            };
            self.clock = self.clock.max(due);
            self.update(msg);
            self.done(group);
        }
        if !self.quitting {
            self.clock = self.clock.max(until);
        }
        self.take_effects()
    }

    /// The clock: virtual time since the start.
    pub fn now(&self) -> Duration {
        self.clock
    }

    /// When the next timer is due, on the clock; `None` with no timer.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.timers.next_due()
    }

    /// How many timers are set (subscriptions and `After`s).
    pub fn timers(&self) -> usize {
        self.timers.len()
    }

    /// How many tasks are running on threads.
    pub fn running_tasks(&self) -> usize {
        self.running.len()
    }

    /// Delivers the results of finished threaded tasks (never blocks).
    pub fn poll_tasks(&mut self) -> Effects<P::Output> {
        while !self.quitting {
            let Ok(finished) = self.finished_rx.try_recv() else {
                break;
            };
            self.finish(finished);
        }
        self.take_effects()
    }

    /// Waits up to `timeout` for a threaded task to finish, then delivers every finished one.
    pub fn wait_tasks(&mut self, timeout: Duration) -> Effects<P::Output> {
        if !self.running.is_empty() {
            match self.finished_rx.recv_timeout(timeout) {
                Ok(finished) => self.finish(finished),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {}
            }
        }
        self.poll_tasks()
    }

    #[cfg(feature = "editor")]
    pub fn exec_policy(&self) -> &ExecPolicy {
        &self.exec_policy
    }

    /// How many editor runs were handed to the host ([`Effect::Exec`]) and wait for
    /// [`Driver::exec_done`].
    #[cfg(feature = "editor")]
    pub fn pending_execs(&self) -> usize {
        self.execs.len()
    }

    /// The host's answer to the oldest [`Effect::Exec`]: its message goes through `update`.
    /// With none waiting, nothing happens.
    #[cfg(feature = "editor")]
    pub fn exec_done(&mut self, result: ExecResult) -> Effects<P::Output> {
        if let Some((exec, group)) = self.execs.pop_front() {
            if !self.quitting {
                self.update(exec.finish(result));
            }
            self.done(group);
        }
        self.take_effects()
    }

    /// Effects not handed back yet (e.g. from `init`).
    pub fn take_effects(&mut self) -> Effects<P::Output> {
        self.quitting = false;
        Effects(std::mem::take(&mut self.effects))
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Changes the palette for later frames.
    /// A palette for the other background ([`Palette::light`]) is told to the program.
    pub fn set_palette(&mut self, palette: Palette) {
        if palette != self.palette {
            let other_background = palette.light != self.palette.light;
            self.palette = palette;
            self.cached = None;
            if other_background {
                self.tell_light_background();
            }
        }
    }

    /// The current frame at the current width. Unchanged since the last call (no event,
    /// message, resize or palette change), it is the cached frame and costs a clone.
    pub fn frame(&mut self) -> Frame {
        self.frame_ref().clone()
    }

    /// [`Driver::frame`] without the clone.
    pub fn frame_ref(&mut self) -> &Frame {
        let (program, size, palette) = (&self.program, self.size, &self.palette);
        let (rows, kept) = (&mut self.rows, &mut self.kept);
        if self.cached.is_none() {
            let frame = kept::drawing(kept, || rows.draw(&program.view(), size, palette));
            self.cached = Some(frame);
            self.settled = true;
            self.keeps = Some(!self.kept.is_empty());
        }
        self.cached.as_ref().expect("drawn above")
    }

    /// Lays the current model out when messages came since the last draw, so that what its
    /// components keep (a list's window) is what each message would have shown, as if every
    /// message were drawn. A program that keeps nothing pays for this once, at its first
    /// message.
    fn settle(&mut self) {
        if self.settled || self.keeps == Some(false) {
            return;
        }
        let (program, size, kept) = (&self.program, self.size, &mut self.kept);
        kept::drawing(kept, || {
            program
                .view()
                .lines(usize::from(size.width), usize::from(size.height))
        });
        self.settled = true;
        self.keeps = Some(!self.kept.is_empty());
    }

    /// Whether the next [`Driver::frame`] will be served from the cache.
    pub fn is_frame_cached(&self) -> bool {
        self.cached.is_some()
    }

    pub fn program(&self) -> &P {
        &self.program
    }

    /// Changes the model directly (e.g. a host restoring state); drops the cached frame.
    pub fn program_mut(&mut self) -> &mut P {
        self.cached = None;
        self.settled = false;
        &mut self.program
    }

    pub fn into_program(self) -> P {
        self.program
    }

    // -----------------------------------------------------------------------------------------
    // The loop
    // -----------------------------------------------------------------------------------------

    /// One message through `update`; its effects performed, the subscriptions followed.
    /// `update` runs with what components kept at the last draw lent to it ([`crate::kept`]),
    /// so a message starts from the window and scroll the person saw.
    fn update(&mut self, msg: P::Msg) {
        self.settle();
        self.cached = None;
        self.settled = false;
        let (program, kept) = (&mut self.program, &mut self.kept);
        let cmd = kept::drawing(kept, || program.update(msg));
        self.timers
            .subscribe(self.program.subscriptions(), self.clock);
        self.perform(cmd, None);
    }

    /// Performs a command's effects in order; `group` is the sequence step it belongs to.
    fn perform(&mut self, cmd: ProgramCmd<P>, group: Option<u64>) {
        if self.quitting {
            return;
        }
        match cmd {
            Cmd::None => {}
            Cmd::Batch(cmds) => {
                for cmd in cmds {
                    self.perform(cmd, group);
                }
            }
            Cmd::Sequence(steps) => {
                let id = self.id();
                self.wait_in(group);
                let steps = steps.into();
                self.groups.insert(
                    id,
                    Group {
                        steps,
                        outstanding: 0,
                        parent: group,
                    },
                );
                self.resume(id);
            }
            Cmd::Quit(output) => {
                self.effects.push(Effect::Quit(output));
                self.quitting = true;
            }
            Cmd::Bell => self.effects.push(Effect::Bell),
            Cmd::Attention(attention) => self.effects.push(Effect::Attention(attention)),
            Cmd::Print(lines) => self.effects.push(Effect::Print(lines)),
            Cmd::Msg(msg) => self.update(msg),
            Cmd::After(delay, msg) => {
                self.wait_in(group);
                let due = self.clock.saturating_add(delay);
                self.timers.once(due, msg, group);
            }
            Cmd::Task(task) => self.start(task, group),
            #[cfg(feature = "editor")]
            Cmd::Exec(exec) => match &self.exec_policy {
                ExecPolicy::Run(editor) => {
                    let result = exec::run_detached(&exec.request, editor);
                    self.update(exec.finish(result));
                }
                ExecPolicy::Host => {
                    self.wait_in(group);
                    self.effects.push(Effect::Exec(exec.request.clone()));
                    self.execs.push_back((exec, group));
                }
            },
        }
    }

    fn start(&mut self, task: Task<P::Msg>, group: Option<u64>) {
        let wake = match &self.policy {
            TaskPolicy::Inline => return self.update(task.run()),
            TaskPolicy::Threaded { wake } => wake.clone(),
        };
        let id = self.id();
        self.wait_in(group);
        self.running.insert(id, group);
        let tx = self.finished_tx.clone();
        std::thread::spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| task.run()));
            // The driver may be gone (the program quit); the result is then of no use.
            let _ = tx.send((id, result.ok()));
            wake();
        });
    }

    fn finish(&mut self, (id, msg): Finished<P::Msg>) {
        let Some(group) = self.running.remove(&id) else {
            return;
        };
        if let Some(msg) = msg {
            self.update(msg);
        }
        self.done(group);
    }

    /// Something the current step of sequence `group` waited for is done.
    fn done(&mut self, group: Option<u64>) {
        if let Some(g) = group.and_then(|id| self.groups.get_mut(&id).map(|g| (id, g))) {
            g.1.outstanding = g.1.outstanding.saturating_sub(1);
            let id = g.0;
            self.resume(id);
        }
    }

    /// The step of sequence `group` has one more thing to wait for.
    fn wait_in(&mut self, group: Option<u64>) {
        if let Some(g) = group.and_then(|id| self.groups.get_mut(&id)) {
            g.outstanding += 1;
        }
    }

    /// Starts the next steps of sequence `id` while nothing holds it up; a finished sequence
    /// is done in its parent.
    fn resume(&mut self, id: u64) {
        loop {
            let Some(group) = self.groups.get_mut(&id) else {
                return;
            };
            if group.outstanding > 0 {
                return;
            }
            match group.steps.pop_front() {
                Some(step) if !self.quitting => self.perform(step, Some(id)),
                _ => {
                    let parent = group.parent;
                    self.groups.remove(&id);
                    return self.done(parent);
                }
            }
        }
    }

    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }
}

/// How long from `now` (a real instant) until the driver's next timer, given when the
/// driver's clock started; `None` with no timer.
pub fn until_deadline<P: Program>(
    driver: &Driver<P>,
    started: Instant,
    now: Instant,
) -> Option<Duration> {
    let due = started.checked_add(driver.next_deadline()?)?;
    Some(due.saturating_duration_since(now))
}
