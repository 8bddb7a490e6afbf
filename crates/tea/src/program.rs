//! The Elm contract: a program is a model with a closed message enum, `init` (its first
//! effects), a pure `update` that returns effects as data ([`Cmd`]), a pure `view`,
//! `subscriptions` (timers that deliver messages while the model asks for them) and `event`,
//! the one hook from what happened outside ([`Event`]: keys, pastes, the mouse, a resize, …)
//! to messages.

use std::fmt::{self, Debug};
use std::time::Duration;

use crate::attention::Attention;
#[cfg(feature = "editor")]
use crate::exec::Exec;
use crate::input::Event;
use crate::style::Line;
use crate::sub::Subs;
use crate::view::View;

pub use crate::input::Size;

/// Work off the UI thread (or inline, see [`crate::driver::TaskPolicy`]) whose result comes
/// back as a message. Compared and printed by its label, so effects stay testable data.
pub struct Task<M> {
    label: String,
    work: Box<dyn FnOnce() -> M + Send>,
}

impl<M> Task<M> {
    pub fn new(label: impl Into<String>, work: impl FnOnce() -> M + Send + 'static) -> Task<M> {
        Task {
            label: label.into(),
            work: Box::new(work),
        }
    }

    pub fn label(&self) -> &str {
        &self.label
    }

    /// Does the work (on the calling thread).
    pub fn run(self) -> M {
        (self.work)()
    }

    /// The same work, its result wrapped by `f` (a child's message into its parent's).
    pub fn map<N>(self, f: impl FnOnce(M) -> N + Send + 'static) -> Task<N>
    where
        M: 'static,
    {
        let work = self.work;
        Task {
            label: self.label,
            work: Box::new(move || f(work())),
        }
    }
}

impl<M> Debug for Task<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Task({:?})", self.label)
    }
}

impl<M> PartialEq for Task<M> {
    fn eq(&self, other: &Self) -> bool {
        self.label == other.label
    }
}

/// An effect, as plain data so tests can compare it. `M` is the program's message, `O` its
/// output. A host that embeds a program reads what it needs from the model (the questionnaire's
/// `is_collapsed`), as a parent program reads its child's: there are no effects only a host
/// performs.
#[derive(Debug, PartialEq, Default)]
pub enum Cmd<M, O = ()> {
    /// Nothing to do.
    #[default]
    None,
    /// Several effects, started in order; none waits for another.
    Batch(Vec<Cmd<M, O>>),
    /// Several effects, each started once the one before it is done: its messages (a task's
    /// result, an `After`'s message, an inner sequence's) have gone through `update`.
    Sequence(Vec<Cmd<M, O>>),
    /// The program is finished with this output; effects after it are dropped.
    Quit(O),
    /// Ring the terminal bell (invalid key, refused action).
    Bell,
    /// Call the person to the program mid-run (something new came in): the bell and a desktop
    /// notification through the terminal, as [`Attention::bytes`] says. The terminal runtime
    /// writes them between frames; the driver hands them to the host as
    /// [`Effect::Attention`](crate::Effect::Attention).
    Attention(Attention),
    /// Print these lines above the program's region, where they stay in the terminal's
    /// scrollback (bubbletea's `Println`, ratatui's `insert_before`): a log of what happened
    /// while the frame shows what happens now. Each line is sanitized and wrapped to the
    /// terminal's width; a `\n` in its text breaks it. The driver hands them to the host as
    /// [`Effect::Print`](crate::Effect::Print).
    Print(Vec<Line>),
    /// Deliver this message to `update` now.
    Msg(M),
    /// Deliver this message once this much time has passed (a one-shot timer).
    After(Duration, M),
    /// Run this work; its result is the next message.
    Task(Task<M>),
    /// Run an external editor on some text (feature `editor`, see the `exec` module); its
    /// result is the next message. Like a task's, for a sequence it is done once that message
    /// went through `update`.
    #[cfg(feature = "editor")]
    Exec(Exec<M>),
}

impl<M, O> Cmd<M, O> {
    /// Combines effects, dropping `None`s and flattening nested batches; a single effect is
    /// returned as itself.
    pub fn batch(cmds: impl IntoIterator<Item = Cmd<M, O>>) -> Cmd<M, O> {
        let mut flat = Vec::new();
        for cmd in cmds {
            match cmd {
                Cmd::None => {}
                Cmd::Batch(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Cmd::None,
            1 => flat.pop().unwrap_or(Cmd::None),
            _ => Cmd::Batch(flat),
        }
    }

    /// Effects one after another (see [`Cmd::Sequence`]), dropping `None`s.
    pub fn sequence(cmds: impl IntoIterator<Item = Cmd<M, O>>) -> Cmd<M, O> {
        let mut steps: Vec<_> = cmds.into_iter().filter(|c| !c.is_none()).collect();
        match steps.len() {
            0 => Cmd::None,
            1 => steps.pop().unwrap_or(Cmd::None),
            _ => Cmd::Sequence(steps),
        }
    }

    /// Work whose result is the next message (see [`Task`]).
    pub fn task(label: impl Into<String>, work: impl FnOnce() -> M + Send + 'static) -> Self {
        Cmd::Task(Task::new(label, work))
    }

    /// Prints one line of plain text above the region (see [`Cmd::Print`]).
    pub fn println(text: impl Into<String>) -> Self {
        Cmd::Print(vec![Line::plain(text)])
    }

    /// `self` followed by `next`.
    pub fn and(self, next: Cmd<M, O>) -> Cmd<M, O> {
        Cmd::batch([self, next])
    }

    pub fn is_none(&self) -> bool {
        matches!(self, Cmd::None)
    }

    /// The effects in order, with batches flattened (a sequence stays one effect).
    pub fn flatten(self) -> Vec<Cmd<M, O>> {
        match self {
            Cmd::None => Vec::new(),
            Cmd::Batch(cmds) => cmds.into_iter().flat_map(Cmd::flatten).collect(),
            other => vec![other],
        }
    }

    /// The quit output, if this effect (or one in its batch or sequence) quits.
    pub fn into_quit(self) -> Option<O> {
        match self {
            Cmd::Quit(output) => Some(output),
            Cmd::Batch(cmds) | Cmd::Sequence(cmds) => cmds.into_iter().find_map(Cmd::into_quit),
            _ => None,
        }
    }

    /// Converts the quit output (e.g. a child program's output into its parent's).
    pub fn map<P>(self, mut f: impl FnMut(O) -> P) -> Cmd<M, P> {
        self.map_all(&mut |m| m, &mut f, &mut |t| t, &mut |e| e)
    }

    /// Converts the messages, for nesting a child program or component: its messages become
    /// the parent's (`child_cmd.map_msg(Msg::Child)`), tasks' results too.
    pub fn map_msg<N>(self, f: impl Fn(M) -> N + Clone + Send + 'static) -> Cmd<N, O>
    where
        M: 'static,
    {
        let (g, h) = (f.clone(), f.clone());
        self.map_all(
            &mut |m| g(m),
            &mut |o| o,
            &mut |t: Task<M>| t.map(f.clone()),
            &mut map_exec(h),
        )
    }

    // Without the editor no command carries an editor run, so `exec` is only passed on.
    #[cfg_attr(not(feature = "editor"), allow(clippy::only_used_in_recursion))]
    fn map_all<N, P>(
        self,
        msg: &mut impl FnMut(M) -> N,
        out: &mut impl FnMut(O) -> P,
        task: &mut impl FnMut(Task<M>) -> Task<N>,
        exec: &mut impl FnMut(ExecOf<M>) -> ExecOf<N>,
    ) -> Cmd<N, P> {
        let mut each = |cmds: Vec<Cmd<M, O>>| -> Vec<Cmd<N, P>> {
            cmds.into_iter()
                .map(|c| c.map_all(msg, out, task, exec))
                .collect()
        };
        match self {
            Cmd::None => Cmd::None,
            Cmd::Batch(cmds) => Cmd::Batch(each(cmds)),
            Cmd::Sequence(cmds) => Cmd::Sequence(each(cmds)),
            Cmd::Quit(output) => Cmd::Quit(out(output)),
            Cmd::Bell => Cmd::Bell,
            Cmd::Attention(attention) => Cmd::Attention(attention),
            Cmd::Print(lines) => Cmd::Print(lines),
            Cmd::Msg(m) => Cmd::Msg(msg(m)),
            Cmd::After(delay, m) => Cmd::After(delay, msg(m)),
            Cmd::Task(t) => Cmd::Task(task(t)),
            #[cfg(feature = "editor")]
            Cmd::Exec(e) => Cmd::Exec(exec(e)),
        }
    }
}

/// An Elm-architecture program. `update` and `view` are pure: no IO, no clock, no environment;
/// time and work come in as messages (subscriptions, [`Cmd::After`], [`Cmd::Task`]).
pub trait Program {
    /// User intents (`MoveDown`, `OpenNoteEditor`, `Resized(Size)`, `Tick`), never key names.
    type Msg: Clone + Debug + Send + 'static;
    /// What the program hands back when it quits.
    type Output;

    /// The first effects, performed once the program knows its size.
    fn init(&self) -> Cmd<Self::Msg, Self::Output> {
        Cmd::None
    }

    fn update(&mut self, msg: Self::Msg) -> Cmd<Self::Msg, Self::Output>;

    /// The whole frame as a tree of components ([`View`]); the driver lays it out at the
    /// frame's size.
    fn view(&self) -> View<'_>;

    /// The timers the model wants now; asked after every update (see [`Subs`]).
    fn subscriptions(&self) -> Subs<Self::Msg> {
        Subs::none()
    }

    /// What an event means in the current mode: the keymap for keys and pastes, and what a
    /// program makes of the mouse ([`Event::Mouse`], while the view asks for it), a new size,
    /// focus, the terminal's keyboard or its background. `None` (the default) ignores it. Key
    /// releases are dropped before this unless the driver is asked for them
    /// ([`Driver::set_key_releases`](crate::Driver::set_key_releases)).
    fn event(&self, event: &Event) -> Option<Self::Msg> {
        let _ = event;
        None
    }
}

/// What [`Cmd::Exec`] carries, so that mapping a command is written once with the editor
/// and without it (then nothing is, and nothing maps).
#[cfg(feature = "editor")]
type ExecOf<M> = Exec<M>;
#[cfg(not(feature = "editor"))]
type ExecOf<M> = (std::convert::Infallible, std::marker::PhantomData<M>);

/// An editor run's result turned into the parent's message with `f`.
#[cfg(feature = "editor")]
fn map_exec<M: 'static, N>(
    f: impl Fn(M) -> N + Clone + Send + 'static,
) -> impl FnMut(ExecOf<M>) -> ExecOf<N> {
    move |exec: Exec<M>| exec.map(f.clone())
}

#[cfg(not(feature = "editor"))]
fn map_exec<M, N>(_: impl Fn(M) -> N) -> impl FnMut(ExecOf<M>) -> ExecOf<N> {
    |(never, _)| match never {}
}

#[cfg(test)]
mod tests {
    use super::*;

    type C = Cmd<u8, u8>;

    #[test]
    fn batch_flattens_and_drops_nothing_effects() {
        let cmd: C = Cmd::batch([Cmd::None, Cmd::Bell, Cmd::batch([Cmd::Msg(7), Cmd::None])]);
        assert_eq!(cmd, Cmd::Batch(vec![Cmd::Bell, Cmd::Msg(7)]));
        assert_eq!(C::batch([Cmd::None, Cmd::Bell]), Cmd::Bell);
        assert_eq!(C::batch([]), Cmd::None);
        assert_eq!(
            C::Bell.and(Cmd::Quit(1)),
            Cmd::Batch(vec![Cmd::Bell, Cmd::Quit(1)])
        );
        assert_eq!(C::sequence([Cmd::None, Cmd::Msg(1)]), Cmd::Msg(1));
    }

    #[test]
    fn quit_outputs_are_found_and_mapped() {
        let cmd = || -> C {
            Cmd::Batch(vec![
                Cmd::Bell,
                Cmd::Sequence(vec![Cmd::Msg(1), Cmd::Quit(2)]),
                Cmd::Msg(3),
            ])
        };
        assert_eq!(cmd().flatten().len(), 3);
        assert_eq!(cmd().map(|n| n * 10).into_quit(), Some(20));
        assert_eq!(C::Bell.into_quit(), None);
        assert!(C::default().is_none());
        assert_eq!(Size::new(80, 24).to_string(), "80x24");
    }

    #[test]
    fn messages_and_tasks_are_mapped_for_nesting() {
        let cmd: C = Cmd::batch([
            Cmd::Msg(1),
            Cmd::After(Duration::from_secs(1), 2),
            Cmd::task("load", || 3),
            Cmd::println("done"),
            Cmd::Attention(Attention::none().bell(true)),
        ]);
        let mapped = cmd.map_msg(|n| u32::from(n) + 100);
        let Cmd::Batch(cmds) = mapped else {
            panic!("a batch stays a batch")
        };
        assert_eq!(cmds[0], Cmd::Msg(101));
        assert_eq!(cmds[1], Cmd::After(Duration::from_secs(1), 102));
        assert_eq!(cmds[3], Cmd::Print(vec![Line::plain("done")]));
        assert_eq!(cmds[4], Cmd::Attention(Attention::none().bell(true)));
        let mut cmds = cmds.into_iter();
        match cmds.nth(2) {
            Some(Cmd::Task(task)) => {
                assert_eq!(task.label(), "load");
                assert_eq!(format!("{task:?}"), "Task(\"load\")");
                assert_eq!(task.run(), 103);
            }
            other => panic!("expected the task, got {other:?}"),
        }
        assert_eq!(Task::new("a", || 1), Task::new("a", || 2));
    }

    #[cfg(feature = "editor")]
    #[test]
    fn an_editor_run_is_data_and_its_result_is_mapped_for_nesting() {
        let cmd: C = Cmd::Exec(Exec::editor("draft", |r: Result<String, String>| {
            r.map_or(0, |text| text.len() as u8)
        }));
        assert_eq!(
            cmd,
            Cmd::Exec(Exec::editor("draft", |_| 9)),
            "compared by request"
        );
        let Cmd::Exec(exec) = cmd.map_msg(|n| u32::from(n) + 100) else {
            panic!("an exec stays an exec")
        };
        assert_eq!(exec.request.text, "draft");
        assert_eq!(exec.request.suffix, ".txt");
        assert_eq!(
            format!("{exec:?}"),
            r#"Exec(ExecRequest { text: "draft", suffix: ".txt" })"#
        );
        assert_eq!(exec.finish(Ok("edited".into())), 106);
        let md = Exec::editor("", |_: Result<String, String>| ()).suffix(".md");
        assert_eq!(md.request.suffix, ".md");
    }
}
