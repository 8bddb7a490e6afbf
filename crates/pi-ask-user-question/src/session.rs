//! One open questionnaire in pi: the questionnaire program driven by pi's raw input bytes and
//! drawn at the width and terminal height pi gives, through tea's headless driver, whose frame
//! is cached while nothing changes (pi re-renders often while a tool runs).
//!
//! The driver runs the same loop as the terminal runtime. Pi calls in on its own schedule, so
//! the session moves the driver's clock to the real time since it opened at each `render` and
//! `input` and collects the results of tasks (which run on threads) there: a timer or a task
//! shows by the next render after it is due. While a time limit counts down, the extension
//! also calls [`Session::tick`] on an interval, so the countdown moves and expiry ends the
//! call when pi has nothing else to draw.
//!
//! A finished session (submitted, cancelled, aborted, timed out) keeps only its result: the
//! driver goes at once, and with it the questionnaire, its caches and timers, and the wake-up
//! callback. Node frees the session itself only after a garbage collection that does not see the
//! native memory behind it, and a wake-up callback that reaches its session would hold it for
//! good (a thread-safe function is a GC root); so nothing waits for either.

use napi::bindgen_prelude::{ClassInstance, Function, Result};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi_derive::napi;
use serde_json::{Value, json};

use question::{ResultOptions, ToolResult};
use questionnaire::{App, HeightLimit, Host, Keys, Outcome};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use std::collections::HashMap;

use tea::ExecPolicy;
use tea::headless::{Driver, Effect, Effects, TaskPolicy};
use tea::input::Keyboard;
use tea::{Program, Size};

use crate::keys;
use crate::palette::Palette;
use crate::tool::CheckOptions;

/// What one chunk of input did.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct InputOutcome {
    /// Whether any key in the chunk meant something to the questionnaire. While collapsed only
    /// the expand key does; everything else belongs to the host.
    pub consumed: bool,
    /// Whether the questionnaire is collapsed to its dock after the chunk.
    pub collapsed: bool,
    /// `{content, details}` once the user submitted or cancelled.
    pub result: Option<Value>,
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

/// The questionnaire of one tool call.
#[napi]
pub struct Session {
    /// The questionnaire while it is open; `None` once it finished.
    open: Option<Open>,
    /// When the driver's clock started.
    opened: Instant,
    finished: Option<ToolResult>,
    /// Bumped whenever the driver dropped its frame (an input, a timer or task, a resize, a
    /// palette change), as seen by [`Session::version`].
    version: u32,
    /// A draft handed to pi's editor, waiting for [`Session::edited`].
    edit: Option<EditRequest>,
    /// Tells the extension that a task finished, from the task's thread.
    waker: Waker,
}

/// What only an open questionnaire needs.
struct Open {
    driver: Driver<App>,
    /// The questionnaire's keys before pi's bindings (the collapse key).
    base_keys: Keys,
}

/// How many sessions are open or not freed yet.
static LIVE_SESSIONS: AtomicU32 = AtomicU32::new(0);

/// Counts one session in [`live_sessions`] until the last of what it owns is freed: the session
/// holds it, and so do its driver's task policy and every task thread still running, through
/// the waker that carries it.
struct Counted;

impl Counted {
    fn new() -> Counted {
        LIVE_SESSIONS.fetch_add(1, Ordering::Relaxed);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        LIVE_SESSIONS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// How many sessions the addon holds: opened, and not yet freed with their driver and task
/// threads. A session is freed once JavaScript dropped it and collected its object.
#[napi]
pub fn live_sessions() -> u32 {
    LIVE_SESSIONS.load(Ordering::Relaxed)
}

/// The operator's height limit as written (`20`, `60%`); pi's 45 % when absent.
fn parse_height(text: Option<&str>) -> std::result::Result<HeightLimit, String> {
    text.map_or(Ok(HeightLimit::default()), str::parse)
}

/// Throws, saying what was expected, when `text` is not a height limit (`N` rows or `N%`).
#[napi]
pub fn check_height(text: String) -> napi::Result<()> {
    parse_height(Some(&text))
        .map(|_| ())
        .map_err(napi::Error::from_reason)
}

#[napi]
impl Session {
    /// Fails with the `invalid_questions` content when `input` does not validate (with
    /// `options`, as `invalidResult` checks it), or with why `collapse_key` cannot be the
    /// collapse key. `timeout_ms`: the operator's time limit (none when absent); it ends the
    /// questionnaire as timed out unless a key is pressed first. `height`: the operator's
    /// height limit (`N` rows or `N%` of the terminal; 45 % when absent).
    #[napi(constructor)]
    pub fn new(
        input: Value,
        palette: ClassInstance<Palette>,
        options: Option<CheckOptions>,
        collapse_key: Option<String>,
        timeout_ms: Option<f64>,
        height: Option<String>,
    ) -> Result<Session> {
        let validation = CheckOptions::validation(options.as_ref());
        let limit = timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| Duration::from_millis(ms.ceil() as u64));
        let height = parse_height(height.as_deref()).map_err(napi::Error::from_reason)?;
        Session::open_with(
            &input,
            palette.inner.clone(),
            validation,
            collapse_key.as_deref(),
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

    /// Whether pi's terminal speaks the Kitty keyboard protocol (`tui.terminal
    /// .kittyProtocolActive`): only then does Shift+Enter arrive as itself, so only then does
    /// the footer name it for a newline (else a newline key that works there, such as Ctrl+J).
    #[napi]
    pub fn use_keyboard(&mut self, kitty_protocol: bool) {
        let keyboard = if kitty_protocol {
            Keyboard::Enhanced
        } else {
            Keyboard::Legacy
        };
        let Some(driver) = self.driver_mut() else {
            return;
        };
        let effects = driver.set_keyboard(keyboard);
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

    /// Moves the questionnaire's clock to now: the countdown goes on, and at zero the
    /// questionnaire ends; returns the result once finished, else `null`.
    #[napi]
    pub fn tick(&mut self) -> Option<Value> {
        self.catch_up();
        self.release_if_finished();
        self.finished.as_ref().map(ToolResult::to_json)
    }

    /// Whether a countdown is running (the extension ticks and redraws only then).
    #[napi(getter)]
    pub fn counting_down(&self) -> bool {
        self.finished.is_none() && self.app().is_some_and(|app| app.countdown().is_some())
    }

    /// The questionnaire's rows at `width` columns on a terminal `rows` high; every row fits
    /// `width`. Cached until the size or the state changes. A finished questionnaire has none
    /// (after the render that finished it).
    #[napi]
    pub fn render(&mut self, width: u32, rows: u32) -> Vec<String> {
        let Some(driver) = self.driver_mut() else {
            return Vec::new();
        };
        let resized = driver.resize(Size::new(clamp(width), clamp(rows)));
        self.perform(resized);
        self.catch_up();
        let rows = self.driver_mut().map(|driver| driver.frame_ref().ansi());
        self.release_if_finished();
        rows.unwrap_or_default()
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
            let Some(msg) = driver.program().msg_for(&event) else {
                continue;
            };
            consumed = true;
            let cmd = driver.send_msg(msg);
            self.perform(cmd);
        }
        let outcome = InputOutcome {
            consumed,
            collapsed: self.collapsed(),
            result: self.finished.as_ref().map(ToolResult::to_json),
            edit: self.edit.clone(),
        };
        self.release_if_finished();
        outcome
    }

    /// The one-line dock shown above pi's editor while collapsed, fitted to `width`; empty once
    /// finished.
    #[napi]
    pub fn dock(&self, width: u32) -> String {
        let Some(driver) = self.driver() else {
            return String::new();
        };
        let width = clamp(width);
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
    pub fn abort(&mut self) -> Value {
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
    pub fn result(&self) -> Value {
        match (&self.finished, self.app()) {
            (Some(result), _) => result.to_json(),
            (None, Some(app)) => app.result(false).to_json(),
            (None, None) => unreachable!("a session is closed only once finished"),
        }
    }

    /// Changes whenever the frame would be drawn anew, so the host can keep the rows of the last
    /// `render` while it stays the same (with the same width and height): a cheap call, where
    /// `render` copies every row across. Timers and tasks due by now are taken in first.
    #[napi(getter)]
    pub fn version(&mut self) -> u32 {
        let Some(driver) = self.driver() else {
            return self.version;
        };
        // Between calls only a timer or a task can change the model; with neither, no clock read.
        if driver.timers() > 0 || driver.running_tasks() > 0 {
            self.catch_up();
        }
        if self
            .driver()
            .is_some_and(|driver| !driver.is_frame_cached())
        {
            self.version = self.version.wrapping_add(1);
        }
        self.release_if_finished();
        self.version
    }

    /// `callback` runs on pi's thread whenever work the session started in the background is
    /// done (code highlighting), so the extension can ask pi to render; `null` stops it. It
    /// does not keep Node running. The session holds it until it finishes (or `null`), and a
    /// finished session takes none.
    #[napi]
    pub fn on_wake(&mut self, callback: Option<Function<(), ()>>) -> Result<()> {
        let callback = match callback {
            Some(callback) if self.open.is_some() => Some(
                callback
                    .build_threadsafe_function::<()>()
                    .callee_handled::<false>()
                    .weak::<true>()
                    .build()?,
            ),
            _ => None,
        };
        self.waker.set(callback);
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

    #[napi(getter)]
    pub fn finished(&self) -> bool {
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
    #[cfg(test)]
    fn open(
        input: &Value,
        palette: tea::Palette,
        validation: question::ValidateOptions,
        collapse_key: Option<&str>,
    ) -> std::result::Result<Session, String> {
        Session::open_with(
            input,
            palette,
            validation,
            collapse_key,
            (None, HeightLimit::default()),
        )
    }

    /// `limits`: the operator's time limit, if any, and height limit.
    fn open_with(
        input: &Value,
        palette: tea::Palette,
        validation: question::ValidateOptions,
        collapse_key: Option<&str>,
        (limit, height): (Option<Duration>, HeightLimit),
    ) -> std::result::Result<Session, String> {
        let questionnaire = question::validate_with(input, validation)
            .map_err(|issues| question::invalid_result(issues).content)?;
        let base_keys = keys::collapse_keys(collapse_key)?;
        // The first frame draws code plain if its grammars are not compiled yet; a task compiles
        // them and wakes pi to draw it colored.
        let app = App::highlighting_later(questionnaire, START)
            .with_keys(base_keys.clone())
            .with_height_limit(height);
        let app = match limit {
            Some(limit) => app.with_time_limit(limit),
            None => app,
        };
        let waker = Waker::new();
        let wake = {
            let waker = waker.clone();
            Arc::new(move || waker.wake())
        };
        Ok(Session {
            open: Some(Open {
                driver: Driver::with_policies(
                    app,
                    START,
                    palette,
                    // Pi collects results when it calls in; the extension's wake-up asks it to.
                    TaskPolicy::Threaded { wake },
                    // Ctrl+G opens pi's own editor, through the extension.
                    ExecPolicy::Host,
                ),
                base_keys,
            }),
            opened: Instant::now(),
            finished: None,
            version: 0,
            edit: None,
            waker,
        })
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

    /// Timers due by now and finished tasks, through the program.
    fn catch_up(&mut self) {
        if self.finished.is_some() {
            return;
        }
        let now = self.opened.elapsed();
        let Some(driver) = self.driver_mut() else {
            return;
        };
        let mut effects = driver.advance_to(now);
        effects.extend(driver.poll_tasks());
        self.perform(effects);
    }

    /// Once finished, frees the questionnaire: the driver (the program, its caches, timers and
    /// the results of tasks still running, which then end unheard) and the wake-up callback.
    /// The host draws a finished session no more; one more render or version tells it so.
    fn release_if_finished(&mut self) {
        if self.finished.is_some() && self.open.take().is_some() {
            self.edit = None;
            self.waker.set(None);
            self.version = self.version.wrapping_add(1);
        }
    }

    fn perform(&mut self, effects: Effects<Outcome, Host>) {
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
            // Collapse and Expand are read back through `is_collapsed`; the bell has no place in
            // pi's terminal.
        }
    }
}

/// Starts loading syntect's syntax definitions on a background thread (once per process), so a
/// questionnaire's code is colored sooner after its first frame: the extension calls it shortly
/// after a session with a UI starts, long before the model asks anything.
#[napi]
pub fn warm_up() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        // Without a thread the first code block loads them itself.
        let _ = std::thread::Builder::new()
            .name("ask-user-question-warm-up".into())
            .spawn(tea_markdown::warm_up);
    });
}

type WakeFn = ThreadsafeFunction<(), (), (), napi::Status, false, true>;

/// The extension's wake-up callback, shared with the task threads; it carries the session's
/// place in [`live_sessions`] until the last of them lets go.
#[derive(Clone)]
struct Waker(Arc<(Mutex<Option<WakeFn>>, Counted)>);

impl Waker {
    fn new() -> Waker {
        Waker(Arc::new((Mutex::new(None), Counted::new())))
    }

    fn set(&self, callback: Option<WakeFn>) {
        *self.0.0.lock().unwrap_or_else(|e| e.into_inner()) = callback;
    }

    fn wake(&self) {
        if let Some(callback) = &*self.0.0.lock().unwrap_or_else(|e| e.into_inner()) {
            callback.call((), ThreadsafeFunctionCallMode::NonBlocking);
        }
    }
}

/// The size a session starts at, until pi's first render gives the real one.
const START: Size = Size::new(80, 24);

pub(crate) fn clamp(cells: u32) -> u16 {
    cells.clamp(1, u32::from(u16::MAX)) as u16
}

/// The text of a row without its SGR and OSC 8 sequences.
#[cfg(test)]
pub(crate) fn strip_ansi(row: &str) -> String {
    let mut plain = String::new();
    let mut chars = row.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            match chars.next() {
                Some('[') => {
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\x07' {
                            break;
                        }
                        if c == '\x1b' {
                            chars.next();
                            break;
                        }
                    }
                }
                _ => {}
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::check_collapse_key;
    use tea::text::width;

    fn session(input: Value) -> Session {
        Session::open(&input, tea::Palette::dark(), Default::default(), None)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    fn one_single() -> Value {
        json!({"questions": [{"id": "approach", "header": "Approach", "prompt": "Which approach?",
            "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]}]})
    }

    fn two_questions() -> Value {
        json!({"title": "Plan", "questions": [
            {"id": "approach", "header": "Approach", "prompt": "Which approach?",
             "options": [{"value": "safe", "label": "Safe"}, {"value": "fast", "label": "Fast"}]},
            {"id": "name", "header": "Name", "prompt": "Name it", "type": "text"}]})
    }

    fn strip(row: &str) -> String {
        strip_ansi(row)
    }

    #[test]
    fn every_row_fits_at_every_width() {
        let mut s = session(two_questions());
        for width in [1, 2, 5, 10, 20, 40, 79, 80, 100, 120, 250] {
            for rows in [1, 5, 24, 40] {
                for row in s.render(width, rows) {
                    assert!(
                        width as usize >= tea::text::width(&strip(&row)),
                        "{width}x{rows}: {row:?}"
                    );
                }
            }
            assert!(
                width as usize >= width_of(&s.dock(width)),
                "dock at {width}"
            );
        }
    }

    fn width_of(row: &str) -> usize {
        width(&strip(row))
    }

    #[test]
    fn a_frame_is_reused_until_size_or_state_changes() {
        let mut s = session(two_questions());
        let first = s.render(120, 40);
        assert!(
            s.driver_mut().expect("open").is_frame_cached(),
            "a render leaves its frame cached"
        );
        assert_eq!(s.render(120, 40), first);
        s.driver_mut().expect("open").resize(Size::new(80, 24));
        assert!(
            !s.driver_mut().expect("open").is_frame_cached(),
            "a resize invalidates"
        );
        let before = s.render(80, 24);
        s.input("\x1b[B".into());
        assert!(
            !s.driver_mut().expect("open").is_frame_cached(),
            "a key invalidates"
        );
        assert_ne!(
            s.render(80, 24),
            before,
            "a key that moves the cursor redraws"
        );
    }

    #[test]
    fn the_version_holds_while_the_frame_is_cached_and_moves_when_it_is_dropped() {
        let mut s = session(two_questions());
        s.render(120, 40);
        let rendered = s.version();
        assert_eq!(s.version(), rendered, "nothing happened");
        s.render(120, 40);
        assert_eq!(s.version(), rendered, "a cached render changes nothing");

        s.input("\x1b[B".into());
        let moved = s.version();
        assert_ne!(moved, rendered, "a key");
        s.render(120, 40);
        assert_eq!(s.version(), moved, "stable again once drawn");

        s.render(80, 24);
        let resized = s.version();
        s.set_palette_inner(tea::Palette::light());
        assert_ne!(s.version(), resized, "a palette change");
        s.render(80, 24);
        let painted = s.version();
        s.set_palette_inner(tea::Palette::light());
        assert_eq!(s.version(), painted, "the same palette again");

        assert!(
            !s.input("\x1b[24~".into()).consumed,
            "F12 means nothing here"
        );
        assert_eq!(s.version(), painted, "an ignored key");
    }

    #[test]
    fn a_number_key_answers_a_single_question_and_submits() {
        let mut s = session(one_single());
        s.render(120, 40);
        let outcome = s.input("2".into());
        assert!(outcome.consumed);
        let result = outcome.result.expect("submitted");
        assert_eq!(result["details"]["cancelled"], false);
        assert_eq!(
            result["details"]["answers"]["approach"]["values"],
            json!(["fast"])
        );
        assert_eq!(s.result(), result);
    }

    #[test]
    fn escape_cancels_keeping_answers() {
        let mut s = session(two_questions());
        s.render(120, 40);
        assert!(s.input("1".into()).result.is_none());
        let result = s.input("\x1b".into()).result;
        // Esc in the text question's editor cancels the questionnaire.
        let result = result.expect("cancelled");
        assert_eq!(result["details"]["cancelled"], true);
        assert_eq!(
            result["details"]["answers"]["approach"]["values"],
            json!(["safe"])
        );
    }

    #[test]
    fn ctrl_bracket_collapses_and_only_it_is_consumed_while_collapsed() {
        let mut s = session(two_questions());
        s.render(120, 40);
        let outcome = s.input("\x1d".into());
        assert!(outcome.consumed && outcome.collapsed);
        assert!(s.collapsed());
        assert!(strip(&s.dock(120)).contains("Approach"));
        assert_eq!(s.progress(), json!({"collapsed": true}));
        let typed = s.input("hello\x1b".into());
        assert!(
            !typed.consumed,
            "text and Esc belong to the host while collapsed"
        );
        assert!(typed.collapsed && typed.result.is_none());
        // Kitty CSI-u form of Ctrl+].
        let outcome = s.input("\x1b[93;5u".into());
        assert!(outcome.consumed && !outcome.collapsed);
    }

    #[test]
    fn abort_returns_the_recorded_answers_as_aborted() {
        let mut s = session(two_questions());
        s.render(80, 24);
        s.input("2".into());
        let result = s.abort();
        assert_eq!(result["details"]["error"], "aborted");
        assert_eq!(result["details"]["cancelled"], true);
        assert_eq!(
            result["details"]["answers"]["approach"]["values"],
            json!(["fast"])
        );
        assert!(s.finished());
        assert!(
            !s.input("\r".into()).consumed,
            "a finished session takes no input"
        );
    }

    /// A session with a time limit whose clock the test moves (as if that much time passed).
    fn limited(input: Value, limit: Duration) -> Session {
        Session::open_with(
            &input,
            tea::Palette::dark(),
            Default::default(),
            None,
            (Some(limit), HeightLimit::default()),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_operators_height_replaces_the_share_of_45_percent() {
        let long = "A description long enough to wrap over two or three rows of an eighty \
                    column terminal, as the descriptions models write do.";
        let options: Vec<Value> = (1..=4)
            .map(|i| json!({"label": format!("Option {i}"), "description": long}))
            .collect();
        let input = json!({"questions": [{"question": "Which one?", "options": options}]});
        let open = |height: Option<&str>| {
            let height = parse_height(height).unwrap_or_else(|e| panic!("{e}"));
            let mut s = Session::open_with(
                &input,
                tea::Palette::dark(),
                Default::default(),
                None,
                (None, height),
            )
            .unwrap_or_else(|e| panic!("{e}"));
            s.render(80, 40).len()
        };
        assert_eq!(open(None), 18, "45 % of 40 rows");
        assert_eq!(open(Some("30%")), 12, "at least 12 rows");
        assert_eq!(open(Some("20")), 20);
        let whole = open(Some("100%"));
        assert!(whole > 20 && whole < 40, "what it needs: {whole}");
        for bad in ["0", "0%", "150%", "half", ""] {
            assert!(check_height(bad.into()).is_err(), "{bad:?}");
        }
        assert!(check_height("60%".into()).is_ok());
    }

    #[test]
    fn a_time_limit_ends_the_session_as_timed_out_with_the_answers_so_far() {
        let mut s = limited(two_questions(), Duration::from_secs(3));
        assert!(s.counting_down());
        assert!(
            s.render(80, 24)
                .iter()
                .any(|row| strip(row).contains("0/2 answered · 0:03"))
        );
        let effects = s
            .driver_mut()
            .expect("open")
            .advance(Duration::from_secs(2));
        s.perform(effects);
        assert!(!s.finished() && s.counting_down(), "not yet at two seconds");
        let effects = s
            .driver_mut()
            .expect("open")
            .advance(Duration::from_secs(1));
        s.perform(effects);
        let result = s.result();
        assert!(s.finished() && !s.counting_down());
        assert_eq!(result["details"]["error"], "timed_out");
        assert_eq!(
            result["details"]["answers"]["approach"]["values"],
            json!([])
        );
        assert_eq!(
            s.tick(),
            Some(result),
            "a finished session keeps its result"
        );
    }

    #[test]
    fn a_key_stops_the_countdown_for_good() {
        let mut s = limited(two_questions(), Duration::from_secs(3));
        s.render(80, 24);
        let outcome = s.input("\x1b[B".into());
        assert!(outcome.consumed && outcome.result.is_none());
        assert!(!s.counting_down());
        let effects = s
            .driver_mut()
            .expect("open")
            .advance(Duration::from_secs(60));
        s.perform(effects);
        assert!(!s.finished());
        assert!(
            !s.render(80, 24)
                .iter()
                .any(|row| strip(row).contains("0:0"))
        );
    }

    #[test]
    fn an_abort_keeps_the_draft_of_every_kind_of_editor() {
        // Raw bytes as pi delivers them: ↓ is ESC [ B, Enter a carriage return, Tab a tab.
        for (kind, keys, typed, pointer) in [
            (
                "free text",
                "\x1b[B\x1b[B\r",
                "draft-one",
                "/approach/draft/text",
            ),
            ("text answer", "\t", "Ada", "/name/draft/text"),
            (
                "option note",
                "n",
                "later",
                "/approach/draft/optionNotes/safe",
            ),
            ("question note", "N", "whole", "/approach/draft/note"),
        ] {
            let mut s = session(two_questions());
            s.render(80, 24);
            s.input(keys.into());
            s.input(typed.into());
            let result = s.abort();
            assert_eq!(result["details"]["error"], "aborted", "{kind}");
            assert_eq!(
                result["details"]["answers"].pointer(pointer),
                Some(&json!(typed)),
                "{kind}: {result}"
            );
        }
    }

    /// What a finished session still answers, with its questionnaire freed.
    fn assert_closed_with(s: &mut Session, result: &Value, how: &str) {
        assert!(s.open.is_none(), "{how}: the questionnaire is freed");
        assert!(s.finished(), "{how}");
        assert_eq!(&s.result(), result, "{how}: the result stays");
        assert_eq!(&s.abort(), result, "{how}: an abort changes nothing");
        assert_eq!(s.tick().as_ref(), Some(result), "{how}");
        let version = s.version();
        assert_eq!(
            s.render(80, 24),
            Vec::<String>::new(),
            "{how}: nothing to draw"
        );
        assert_eq!(s.dock(80), "", "{how}");
        assert_eq!(s.version(), version, "{how}: the version holds");
        assert!(!s.collapsed() && !s.counting_down(), "{how}");
        assert_eq!(s.progress(), json!({"collapsed": false}), "{how}");
        let outcome = s.input("1\r".into());
        assert!(!outcome.consumed && outcome.edit.is_none(), "{how}");
        assert_eq!(outcome.result.as_ref(), Some(result), "{how}");
        s.set_palette_inner(tea::Palette::light());
        s.edited(Some("late".into()));
        assert_eq!(&s.result(), result, "{how}");
    }

    #[test]
    fn a_finished_session_frees_its_questionnaire_and_keeps_its_result() {
        let mut s = session(two_questions());
        s.render(80, 24);
        s.input("2".into());
        let version = s.version();
        let result = s.abort();
        assert_ne!(
            s.version(),
            version,
            "the host learns it has nothing to draw"
        );
        assert_eq!(result["details"]["error"], "aborted");
        assert_closed_with(&mut s, &result, "aborted");

        let mut s = session(one_single());
        s.render(80, 24);
        let outcome = s.input("2".into());
        let result = outcome.result.expect("submitted");
        assert!(!outcome.collapsed);
        assert_closed_with(&mut s, &result, "submitted");

        let mut s = session(two_questions());
        s.render(80, 24);
        s.input("\x1d".into());
        assert!(s.collapsed());
        let result = s.abort();
        assert_closed_with(&mut s, &result, "aborted while docked");
    }

    #[test]
    fn a_time_limit_that_runs_out_frees_the_questionnaire_on_the_next_tick() {
        let mut s = limited(two_questions(), Duration::from_secs(3));
        s.render(80, 24);
        // As if four seconds went by since it opened.
        s.opened = Instant::now()
            .checked_sub(Duration::from_secs(4))
            .expect("an instant four seconds ago");
        let result = s.tick().expect("timed out");
        assert_eq!(result["details"]["error"], "timed_out");
        assert_closed_with(&mut s, &result, "timed out");
    }

    #[test]
    fn an_abort_while_pi_edits_the_draft_keeps_it_and_drops_the_request() {
        let mut s = session(two_questions());
        s.render(80, 24);
        assert!(s.input("1kept\x07".into()).edit.is_some());
        let result = s.abort();
        assert_eq!(
            result["details"]["answers"]["name"]["draft"]["text"],
            json!("kept"),
            "{result}"
        );
        assert!(s.pending_edit().is_none());
        assert_closed_with(&mut s, &result, "aborted while editing");
    }

    #[test]
    fn ctrl_g_asks_the_host_for_its_editor_and_the_text_comes_back_as_the_draft() {
        let mut s = session(two_questions());
        s.render(120, 40);
        s.input("1hello".into());
        let outcome = s.input("\x07".into());
        let edit = outcome.edit.expect("an editor request");
        assert_eq!(edit.title, "Your answer");
        assert_eq!(edit.text, "hello");
        assert!(outcome.result.is_none());
        s.edited(Some("edited\ntwice".into()));
        let screen: Vec<String> = s.render(120, 40).iter().map(|r| strip(r)).collect();
        assert!(screen.iter().any(|r| r.contains("twice")), "{screen:#?}");
        assert!(s.input("\r".into()).edit.is_none());
        assert_eq!(
            s.result()["details"]["answers"]["name"]["customText"],
            json!("edited\ntwice")
        );
    }

    #[test]
    fn a_cancelled_editor_leaves_the_draft_and_says_so() {
        let mut s = session(two_questions());
        s.render(120, 40);
        s.input("1kept\x07".into());
        s.edited(None);
        let screen: Vec<String> = s.render(120, 40).iter().map(|r| strip(r)).collect();
        assert!(screen.iter().any(|r| r.contains("kept")), "{screen:#?}");
        assert!(
            screen.iter().any(|r| r.contains("editing cancelled")),
            "{screen:#?}"
        );
        // A second answer without a request changes nothing.
        s.edited(Some("late".into()));
        assert!(!s.render(120, 40).iter().any(|r| strip(r).contains("late")));
    }

    #[test]
    fn pi_keybindings_act_and_the_footer_names_them() {
        let mut s = session(two_questions());
        let bindings: HashMap<String, Vec<String>> = [
            ("tui.select.up", vec!["ctrl+p"]),
            ("tui.select.down", vec!["ctrl+n", "down"]),
            ("tui.select.confirm", vec!["enter"]),
            ("tui.select.cancel", vec!["escape", "ctrl+c"]),
            ("tui.editor.undo", vec!["ctrl+z"]),
            ("tui.editor.cursorUp", vec!["super+up"]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
        s.use_keys(bindings);
        let footer = s
            .render(200, 40)
            .iter()
            .map(|r| strip(r))
            .collect::<String>();
        assert!(footer.contains("ctrl+p/ctrl+n move"), "{footer}");
        assert!(footer.contains("enter select"), "{footer}");
        s.input("\x0e\r".into()); // Ctrl+N, Enter: Fast
        s.input("ab cd\x1a".into()); // Ctrl+Z undoes the last typed word
        s.input("\r".into());
        let result = s.result();
        assert_eq!(
            result["details"]["answers"]["approach"]["values"],
            json!(["fast"])
        );
        assert_eq!(
            result["details"]["answers"]["name"]["customText"],
            json!("ab ")
        );
        s.input("\x1b[Z\x1b[Z".into()); // Shift+Tab twice: back to the list
        let cancelled = s
            .input("\x03".into())
            .result
            .expect("Ctrl+C cancels a list");
        assert_eq!(cancelled["details"]["cancelled"], true);
    }

    #[test]
    fn the_newline_hint_names_a_key_that_works_in_pi_s_terminal() {
        let footer = |s: &mut Session| {
            s.render(200, 40)
                .iter()
                .map(|r| strip(r))
                .collect::<String>()
        };
        let mut s = session(two_questions());
        s.input("\t".into()); // the text question: its editor is open
        assert!(
            footer(&mut s).contains("ctrl+j newline"),
            "legacy until told"
        );
        s.use_keyboard(true);
        assert!(footer(&mut s).contains("⇧enter newline"));
        // pi's own newline keys come first where they work: Shift+Enter needs the protocol.
        let bindings: HashMap<String, Vec<String>> = [(
            "tui.input.newLine".to_string(),
            vec!["shift+enter".to_string(), "alt+n".to_string()],
        )]
        .into();
        s.use_keys(bindings);
        assert!(footer(&mut s).contains("⇧enter newline"));
        s.use_keyboard(false);
        assert!(footer(&mut s).contains("alt+n newline"));
        s.input("a\x1bnb\nc\x1b\rd\u{8d}e\\\rf".into());
        s.input("\r".into());
        assert_eq!(
            s.result()["details"]["answers"]["name"]["customText"],
            json!("a\nb\nc\nd\ne\nf"),
            "alt+n, ctrl+j, alt+enter in both encodings and \\ enter are newlines; enter saves"
        );
    }

    #[test]
    fn the_collapse_key_can_be_changed_and_a_bad_one_is_refused() {
        let mut s = Session::open(
            &two_questions(),
            tea::Palette::dark(),
            Default::default(),
            Some("f2"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        s.render(120, 40);
        assert!(!s.input("\x1d".into()).collapsed, "Ctrl+] is free");
        let outcome = s.input("\x1bOQ".into());
        assert!(outcome.consumed && outcome.collapsed);
        assert!(strip(&s.dock(120)).contains("f2 expand"));
        assert!(s.input("\x1bOQ".into()).consumed);
        assert!(!s.collapsed());
        for key in ["ctlr+x", "enter"] {
            assert!(
                Session::open(
                    &two_questions(),
                    tea::Palette::dark(),
                    Default::default(),
                    Some(key)
                )
                .is_err()
            );
            assert!(check_collapse_key(key.into()).is_err());
        }
    }

    #[test]
    fn the_service_lifts_the_context_limit_and_may_hide_free_text() {
        let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Which?",
            "context": "word ".repeat(200), "allowCustom": false,
            "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}]});
        let error = Session::open(&input, tea::Palette::dark(), Default::default(), None)
            .err()
            .expect("the tool keeps the limit");
        assert!(error.contains("too_long"), "{error}");
        let lifted = CheckOptions {
            context_limit: Some(false),
        };
        let mut s = Session::open(
            &input,
            tea::Palette::dark(),
            CheckOptions::validation(Some(&lifted)),
            None,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let rows: Vec<String> = s.render(100, 40).iter().map(|r| strip(r)).collect();
        assert!(rows.iter().any(|r| r.contains("Y")), "{rows:#?}");
        assert!(
            !rows.iter().any(|r| r.contains("Type something.")),
            "{rows:#?}"
        );
        assert_eq!(s.input("3".into()).result, None, "3 is past the options");
        assert_eq!(s.result()["details"]["answers"]["a"]["status"], "skipped");
    }

    #[test]
    fn invalid_input_is_refused_with_every_issue() {
        let error = Session::open(
            &json!({"questions": []}),
            tea::Palette::dark(),
            Default::default(),
            None,
        )
        .err()
        .expect("invalid");
        assert!(error.contains("/questions"), "{error}");
    }
}
