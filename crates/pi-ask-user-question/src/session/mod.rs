//! One open questionnaire in pi: the questionnaire program driven by pi's raw input bytes and
//! drawn at the width and terminal height pi gives, through tea's headless driver.
//!
//! The driver runs the same loop as the terminal runtime, on the real time since the session
//! opened. Time and background work come in through the extension's wake-up (`onWake`): an
//! alarm rings at the driver's next deadline (a countdown's second, the end of a time limit, a
//! pause in typing) and a task's thread rings when it is done; the extension then calls
//! [`Session::tick`], which moves the clock to now and takes in what finished. A key moves the
//! clock too. So the extension keeps no timer of its own, and a frame changes only after an
//! input, a wake-up, a resize or a palette change.
//!
//! A finished session (submitted, cancelled, aborted, timed out) keeps only its result: the
//! driver goes at once, and with it the questionnaire, its caches, timers and alarm, and the
//! wake-up callback. Node frees the session itself only after a garbage collection that does not
//! see the native memory behind it, and a wake-up callback that reaches its session would hold
//! it for good (a thread-safe function is a GC root); so nothing waits for either.

mod live;
mod sent;
mod settings;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use napi::bindgen_prelude::{ClassInstance, Function, Result};
use napi_derive::napi;
use serde_json::{Value, json};

use ask_user_question_web::race::Held;
use question::{ResultOptions, ToolResult};
use questionnaire::{App, HeightLimit, Keys};
use tea::ExecPolicy;
use tea::Size;
use tea::driver::{Driver, Effect, Effects, TaskPolicy};

use crate::keys;
use crate::outcome::Closed;
use crate::palette::Palette;
use crate::rivals::{EndedBy, Race, Rivals, SAVE_EVERY};
use crate::tool::CheckOptions;
use crate::wake::{Alarm, Waker};

pub use live::live_sessions;
pub use sent::ROW_SLOTS;
pub use settings::{check_height, warm_up};

use live::Counted;
use sent::{RowChange, SentRows};
use settings::parse_height;

/// What one chunk of input did.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct InputOutcome {
    /// Whether any key in the chunk meant something to the questionnaire. While collapsed only
    /// the expand key does; everything else belongs to the host.
    pub consumed: bool,
    /// Whether the questionnaire is collapsed to its dock after the chunk.
    pub collapsed: bool,
    /// The result once the user submitted or cancelled.
    pub result: Option<Closed>,
    /// The draft to edit in pi's editor (Ctrl+G): the host opens `ctx.ui.editor` and answers
    /// with [`Session::edited`].
    pub edit: Option<EditRequest>,
}

/// What to open pi's editor on.
#[napi(object)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditRequest {
    /// The editor's label ("Your answer", "Note on this question", …).
    pub title: String,
    pub text: String,
}

/// Where the caret of the editor being typed in is on the rows [`Session::render`] returned
/// last: the extension puts pi's cursor marker there, so pi's hardware cursor (and an input
/// method's window) sits on it.
#[napi(object)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caret {
    pub row: u32,
    /// The caret's cell, in columns.
    pub column: u32,
    /// Where that cell starts in the row's string, in UTF-16 code units (a JavaScript index).
    pub index: u32,
}

/// The questionnaire of one tool call.
#[napi]
pub struct Session {
    /// The questionnaire while it is open; `None` once it finished.
    open: Option<Open>,
    /// When the driver's clock started.
    opened: Instant,
    finished: Option<ToolResult>,
    /// A draft handed to pi's editor, waiting for [`Session::edited`].
    edit: Option<EditRequest>,
    /// Tells the extension that a deadline came, a task finished or an answer came from
    /// elsewhere, from another thread.
    waker: Waker,
    /// What races the questionnaire (the web page, the inbox), settled when it finishes.
    race: Option<Race>,
    /// Where the questionnaire was ended from, when not by itself.
    ended_by: Option<EndedBy>,
    /// When what is typed goes to the inbox next, after keys.
    save_due: Option<Instant>,
}

/// What only an open questionnaire needs.
struct Open {
    driver: Driver<App>,
    /// The questionnaire's keys before pi's bindings (the collapse key).
    base_keys: Keys,
    /// Rings the waker at the driver's next deadline.
    alarm: Alarm,
    /// What the extension holds of the rows [`Session::render_changes`] returned.
    sent: SentRows,
}

/// How a [`Session`] asks: `new Session(input, palette, {checks, collapseKey, timeoutMs,
/// height}, rivals)`, every field optional.
#[napi(object)]
#[derive(Debug, Clone, Default)]
pub struct SessionOptions {
    /// How the call is checked, as `invalidResult` takes it (the question service lifts the
    /// context's length limit).
    pub checks: Option<CheckOptions>,
    /// The key that folds the questionnaire into its dock and back (the operator's
    /// `--ask-collapse-key`); the questionnaire's own when absent.
    pub collapse_key: Option<String>,
    /// The operator's time limit: it ends the questionnaire as timed out unless a key is
    /// pressed first; none when absent.
    pub timeout_ms: Option<f64>,
    /// The operator's height limit: `N` rows or `N%` of the terminal; 45 % when absent.
    pub height: Option<String>,
}

/// The operator's limits: the time limit, if any, and the height.
type Limits = (Option<Duration>, HeightLimit);

/// How the questionnaire is shown: its collapse key, and what races it (the web page, whose
/// link it shows, and the inbox).
type Shown<'a> = (Option<&'a str>, Option<Race>);

#[napi]
impl Session {
    /// Fails with the `invalid_questions` content when `input` does not validate (as
    /// `invalidResult` checks it, with `options.checks`), or with why `options.collapseKey`
    /// cannot be the collapse key. The options are the operator's and the host's, each optional
    /// ([`SessionOptions`]). `rivals` race the questionnaire, and it settles the race itself.
    #[napi(constructor)]
    pub fn new(
        input: Value,
        palette: ClassInstance<Palette>,
        options: Option<SessionOptions>,
        rivals: Option<ClassInstance<Rivals>>,
    ) -> Result<Session> {
        let options = options.unwrap_or_default();
        let validation = CheckOptions::validation(options.checks.as_ref());
        let limit = options
            .timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| Duration::from_millis(ms.ceil() as u64));
        let height = parse_height(options.height.as_deref()).map_err(napi::Error::from_reason)?;
        Session::open_with(
            &input,
            palette.inner.clone(),
            validation,
            (options.collapse_key.as_deref(), rivals.map(|r| r.race())),
            (limit, height),
        )
        .map_err(napi::Error::from_reason)
    }

    /// pi's keybindings (name → keys, as `KeybindingsManager.getKeys` gives them; see
    /// `piKeybindingNames`): rebound keys act in the questionnaire and its footer names them.
    #[napi]
    pub fn use_keys(&mut self, bindings: HashMap<String, Vec<String>>) {
        let Some(open) = self.open.as_mut() else {
            return;
        };
        let keys = keys::with_pi_bindings(open.base_keys.clone(), &bindings);
        open.driver.program_mut().set_keys(keys);
    }

    /// What pi's terminal tells apart: `"enhanced"` (the Kitty protocol, or modifyOtherKeys
    /// the terminal confirmed), `"requested"` (modifyOtherKeys through tmux with
    /// `extended-keys on`), anything else legacy. Only where Shift+Enter arrives as itself does
    /// the footer name it for a newline (else a key that works there, such as Ctrl+J), and only
    /// where it surely does is an Enter that ends the questionnaire not held for a moment.
    #[napi]
    pub fn use_keyboard(&mut self, keyboard: String) {
        let Some(driver) = self.driver_mut() else {
            return;
        };
        let effects = driver.set_keyboard(settings::keyboard(&keyboard));
        self.perform(effects);
    }

    /// pi's editor closed: `text` is the edited draft, `None` when it was cancelled (the draft
    /// stays as it was).
    #[napi]
    pub fn edited(&mut self, text: Option<String>) {
        if self.edit.take().is_none() {
            return;
        }
        let Some(driver) = self.driver_mut() else {
            return;
        };
        let result = text.ok_or_else(|| "editing cancelled; the draft is unchanged".to_string());
        let effects = driver.exec_done(result);
        self.perform(effects);
        self.release_if_finished();
    }

    /// Moves the questionnaire's clock to now and takes in finished background work and an
    /// answer from elsewhere: what the extension does when the session wakes it. Returns the
    /// result once finished (a time limit ran out, the page or the inbox answered), else
    /// `null`.
    #[napi]
    pub fn tick(&mut self) -> Option<Closed> {
        self.catch_up();
        self.release_if_finished();
        self.finished.as_ref().map(Closed::of)
    }

    /// The questionnaire's rows at `width` columns on a terminal `rows` high; every row fits
    /// `width`. The driver keeps the frame until the size or the state changes. A finished
    /// questionnaire has none.
    #[napi]
    pub fn render(&mut self, width: u32, rows: u32) -> Vec<String> {
        self.drawn(width, rows, |frame, _| frame.ansi())
    }

    /// [`Session::render`] as changes to the rows the extension holds: one entry per row,
    /// `null` where the row is the one it holds at that place, a number where it is the row
    /// the extension keeps in that slot, else the row's text, which the extension keeps in
    /// its next slot (the n-th text since the last fresh frame goes to slot
    /// `n % ROW_SLOTS`). A key redraws a few rows, and most of those were drawn a few keys
    /// ago; only rows the extension never had cross into JavaScript as text (each string made
    /// there costs more than drawing it). `fresh` forgets what the extension held, for one that
    /// holds no rows (its first frame, or after it dropped them): every row is then new to it.
    #[napi(ts_return_type = "Array<number | string | null>")]
    pub fn render_changes(&mut self, width: u32, rows: u32, fresh: bool) -> Vec<RowChange> {
        self.drawn(width, rows, |frame, sent| sent.changes(&frame.rows, fresh))
    }

    /// Where the caret is on the rows [`Session::render`] returned last; `null` while no
    /// editor takes typing (or it is cut off), and once finished.
    #[napi]
    pub fn caret(&mut self) -> Option<Caret> {
        let frame = self.driver_mut()?.frame_ref();
        let cursor = frame.cursor?;
        let row = frame.rows.get(usize::from(cursor.y))?;
        let at = row.ansi_index(usize::from(cursor.x))?;
        Some(Caret {
            row: cursor.y.into(),
            column: cursor.x.into(),
            index: row.ansi[..at].encode_utf16().count() as u32,
        })
    }

    /// Feeds raw terminal input (as pi's `handleInput`/`onTerminalInput` deliver it).
    #[napi]
    pub fn input(&mut self, data: String) -> InputOutcome {
        self.catch_up();
        let mut consumed = false;
        for event in tea::input::decode(&data) {
            if self.finished.is_some() || self.edit.is_some() {
                break;
            }
            let Some(driver) = self.driver_mut() else {
                break;
            };
            let Some(cmd) = driver.offer(&event) else {
                continue;
            };
            consumed = true;
            self.perform(cmd);
        }
        // Keys pi keeps while the questionnaire is docked change nothing here.
        if consumed {
            self.after_key();
        }
        let (collapsed, edit) = (self.collapsed(), self.edit.clone());
        // Settles the race once finished, so the result is the call's.
        self.release_if_finished();
        InputOutcome {
            consumed,
            collapsed,
            result: self.finished.as_ref().map(Closed::of),
            edit,
        }
    }

    /// The one-line dock shown above pi's editor while collapsed, fitted to `width`; empty once
    /// finished.
    #[napi]
    pub fn dock(&self, width: u32) -> String {
        let Some(driver) = self.driver() else {
            return String::new();
        };
        let width = crate::clamp(width);
        let line = driver.program().dock_line(width);
        tea::frame::render_lines(vec![line], width, driver.palette())
            .ansi()
            .into_iter()
            .next()
            .unwrap_or_default()
    }

    /// Ends the questionnaire from outside (the turn was aborted): cancelled + `aborted` with every
    /// recorded answer. A finished questionnaire keeps its result.
    #[napi]
    pub fn abort(&mut self) -> Closed {
        if self.finished.is_none() {
            self.finished = self
                .app()
                .map(|app| app.result_with(ResultOptions::aborted()));
        }
        self.release_if_finished();
        self.result()
    }

    /// The final result once finished, else the answers as they stand (not cancelled).
    #[napi]
    pub fn result(&self) -> Closed {
        match (&self.finished, self.app()) {
            (Some(result), _) => Closed::of(result),
            (None, Some(app)) => Closed::of(&app.result(false)),
            (None, None) => unreachable!("a session is closed only once finished"),
        }
    }

    /// `callback` runs on pi's thread whenever the session has something new to show: a
    /// deadline came (the countdown, the time limit) or background work is done (code
    /// highlighting). The extension then calls [`Session::tick`] and redraws. `null` stops it.
    /// It does not keep Node running. It is called once at once, for what happened while no
    /// callback listened. The session holds it until it finishes (or `null`), and a finished
    /// session takes none.
    #[napi]
    pub fn on_wake(&mut self, callback: Option<Function<(), ()>>) -> Result<()> {
        if self.open.is_none() {
            self.waker.clear();
            return Ok(());
        }
        let listening = callback.is_some();
        self.waker.set(callback)?;
        // A deadline or a task that came while no callback listened went unheard: the new
        // callback is woken once at once, so that shows.
        if listening {
            self.waker.wake();
        }
        Ok(())
    }

    /// The draft waiting for pi's editor, if Ctrl+G asked for it.
    #[napi(getter)]
    pub fn pending_edit(&self) -> Option<EditRequest> {
        self.edit.clone()
    }

    #[napi(getter)]
    pub fn collapsed(&self) -> bool {
        self.app().is_some_and(App::is_collapsed)
    }

    /// Whether it finished, also by an answer from elsewhere that came while it was not shown.
    #[napi(getter)]
    pub fn finished(&mut self) -> bool {
        self.take_arrival();
        self.release_if_finished();
        self.finished.is_some()
    }

    /// Switches to another palette (pi's theme changed).
    #[napi]
    pub fn set_palette(&mut self, palette: ClassInstance<Palette>) {
        self.set_palette_inner(palette.inner.clone());
    }

    /// The partial details pi stores while the call runs: `{collapsed}`.
    #[napi]
    pub fn progress(&self) -> Value {
        json!({ "collapsed": self.collapsed() })
    }
}

impl Session {
    pub(crate) fn open_with(
        input: &Value,
        palette: tea::Palette,
        validation: question::ValidateOptions,
        (collapse_key, race): Shown<'_>,
        (limit, height): Limits,
    ) -> std::result::Result<Session, String> {
        let questionnaire = question::validate_with(input, validation)
            .map_err(|issues| question::invalid_result(issues).content)?;
        let base_keys = keys::collapse_keys(collapse_key)?;
        // The first frame draws code plain if its grammars are not compiled yet; a task compiles
        // them and wakes pi to draw it colored.
        let app = App::highlighting_later(questionnaire)
            .with_keys(base_keys.clone())
            .with_height_limit(height);
        let app = match limit {
            Some(limit) => app.with_time_limit(limit),
            None => app,
        };
        let app = match race.as_ref().and_then(Race::url) {
            Some(link) => app.with_web_link(link),
            None => app,
        };
        let waker = Waker::default();
        // The task threads and the alarm's thread carry the session's place in
        // `live_sessions` until the last of them lets go.
        let counted = Arc::new(Counted::new());
        let wake = {
            let (waker, counted) = (waker.clone(), counted.clone());
            move || {
                let _held = &counted;
                waker.wake();
            }
        };
        let driver = Driver::with_policies(
            app,
            START,
            palette,
            // Pi collects results when the extension's wake-up calls `tick`.
            TaskPolicy::Threaded {
                wake: Arc::new(wake.clone()),
            },
            // Ctrl+G opens pi's own editor, through the extension.
            ExecPolicy::Host,
        );
        let mut session = Session {
            open: Some(Open {
                driver,
                base_keys,
                alarm: Alarm::new(wake),
                sent: SentRows::default(),
            }),
            opened: Instant::now(),
            finished: None,
            edit: None,
            waker,
            race,
            ended_by: None,
            save_due: None,
        };
        if let Some(race) = &session.race {
            race.attach(session.waker.clone());
        }
        session.rearm();
        Ok(session)
    }

    /// The frame at `width` × `rows` (the driver keeps it until the size or the state changes),
    /// read by `read` with the rows last sent to the extension; nothing once finished.
    fn drawn<T: Default>(
        &mut self,
        width: u32,
        rows: u32,
        read: impl FnOnce(&tea::Frame, &mut SentRows) -> T,
    ) -> T {
        let Some(driver) = self.driver_mut() else {
            return T::default();
        };
        let resized = driver.resize(Size::new(crate::clamp(width), crate::clamp(rows)));
        self.perform(resized);
        let read = self
            .open
            .as_mut()
            .map(|open| read(open.driver.frame_ref(), &mut open.sent));
        self.release_if_finished();
        read.unwrap_or_default()
    }

    fn set_palette_inner(&mut self, palette: tea::Palette) {
        if let Some(driver) = self.driver_mut() {
            driver.set_palette(palette);
        }
    }

    fn driver(&self) -> Option<&Driver<App>> {
        self.open.as_ref().map(|open| &open.driver)
    }

    fn driver_mut(&mut self) -> Option<&mut Driver<App>> {
        self.open.as_mut().map(|open| &mut open.driver)
    }

    fn app(&self) -> Option<&App> {
        self.driver().map(Driver::program)
    }

    /// Timers due by now, finished tasks, an answer from elsewhere, and drafts due for the
    /// inbox.
    fn catch_up(&mut self) {
        if self.take_arrival() {
            return;
        }
        // Before the driver's effects, which set the alarm again without this save.
        if self.save_due.is_some_and(|due| due <= Instant::now()) {
            self.save_due = None;
            if let (Some(race), Some(held)) = (&self.race, self.app().map(held_by)) {
                race.save(&held);
            }
        }
        let now = self.opened.elapsed();
        let Some(driver) = self.driver_mut() else {
            return;
        };
        let mut effects = driver.advance_to(now);
        effects.extend(driver.poll_tasks());
        self.perform(effects);
    }

    /// Whether the time limit still counts down (no key yet): once it stops, the web page's
    /// countdown stops too.
    fn counting_down(&self) -> bool {
        self.finished.is_none() && self.app().is_some_and(|app| app.countdown().is_some())
    }

    /// Ends an open questionnaire with an answer from elsewhere, if one came; whether it did.
    fn take_arrival(&mut self) -> bool {
        let (Some(race), Some(app)) = (&self.race, self.driver().map(Driver::program)) else {
            return false;
        };
        if self.finished.is_some() {
            return false;
        }
        let Some((result, from)) = race.arrival(|| held_by(app)) else {
            return false;
        };
        self.finished = Some(result);
        self.ended_by = Some(from);
        true
    }

    /// After keys: the page's countdown stops with pi's, and what is typed goes to the inbox
    /// soon.
    fn after_key(&mut self) {
        let Some(race) = &self.race else {
            return;
        };
        race.after_key(self.counting_down());
        if race.joined() && self.save_due.is_none() && self.finished.is_none() {
            self.save_due = Some(Instant::now() + SAVE_EVERY);
            self.rearm();
        }
    }

    /// Sets the alarm to the driver's next deadline, or the inbox's save when sooner.
    fn rearm(&mut self) {
        let (opened, save_due) = (self.opened, self.save_due);
        if let Some(open) = self.open.as_mut() {
            let next = open.driver.next_deadline().map(|at| opened + at);
            let due = match (next, save_due) {
                (Some(next), Some(save)) => Some(next.min(save)),
                (next, save) => next.or(save),
            };
            open.alarm.set(due);
        }
    }

    /// Once finished, settles the race (with what the questionnaire holds now) and frees the
    /// questionnaire: the driver (the program, its caches, timers and the results of tasks
    /// still running, which then end unheard), the alarm and the wake-up callback.
    fn release_if_finished(&mut self) {
        if self.finished.is_none() {
            return;
        }
        let settled = match (&self.race, self.app(), &self.finished) {
            (Some(race), Some(app), Some(result)) => {
                Some(race.settle(&held_by(app), result.clone(), self.ended_by))
            }
            _ => None,
        };
        if settled.is_some() {
            self.finished = settled;
        }
        if self.open.take().is_some() {
            self.edit = None;
            self.waker.clear();
        }
    }

    fn perform(&mut self, effects: Effects<questionnaire::Outcome>) {
        for effect in effects {
            match effect {
                Effect::Quit(outcome) => {
                    self.finished.get_or_insert(outcome.into_result());
                }
                Effect::Exec(request) => {
                    let title = self.app().and_then(App::editor_title).unwrap_or_default();
                    self.edit = Some(EditRequest {
                        title,
                        text: request.text,
                    });
                }
                _ => {}
            }
            // The dock is read from the model (`is_collapsed`); the bell has no place in pi's
            // terminal.
        }
        self.rearm();
    }
}

fn held_by(app: &App) -> Held {
    Held {
        state: app.state().clone(),
        unsaved: app.unsaved_drafts(),
    }
}

/// The size a session starts at, until pi's first render gives the real one.
const START: Size = Size::new(80, 24);
