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

use napi::bindgen_prelude::{ClassInstance, Result};
use napi_derive::napi;
use serde_json::{Value, json};

use question::{ResultOptions, ToolResult};
use questionnaire::{App, Host, Outcome};
use std::time::{Duration, Instant};

use tea::headless::{Driver, Effect, Effects, TaskPolicy};
use tea::{Program, Size};

use crate::palette::Palette;

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
}

/// The questionnaire of one tool call.
#[napi]
pub struct Session {
    driver: Driver<App>,
    /// When the driver's clock started.
    opened: Instant,
    finished: Option<ToolResult>,
}

#[napi]
impl Session {
    /// Fails with the `invalid_questions` content when `input` does not validate.
    /// `timeout_ms`: the operator's time limit (none when absent); it ends the questionnaire
    /// as timed out unless a key is pressed first.
    #[napi(constructor)]
    pub fn new(
        input: Value,
        palette: ClassInstance<Palette>,
        timeout_ms: Option<f64>,
    ) -> Result<Session> {
        let limit = timeout_ms
            .filter(|ms| ms.is_finite() && *ms > 0.0)
            .map(|ms| Duration::from_millis(ms.ceil() as u64));
        Session::open_with(&input, palette.inner.clone(), limit).map_err(napi::Error::from_reason)
    }

    /// Moves the questionnaire's clock to now: the countdown goes on, and at zero the
    /// questionnaire ends; returns the result once finished, else `null`.
    #[napi]
    pub fn tick(&mut self) -> Option<Value> {
        self.catch_up();
        self.finished.as_ref().map(ToolResult::to_json)
    }

    /// Whether a countdown is running (the extension ticks and redraws only then).
    #[napi(getter)]
    pub fn counting_down(&self) -> bool {
        self.finished.is_none() && self.app().countdown().is_some()
    }

    /// The questionnaire's rows at `width` columns on a terminal `rows` high; every row fits
    /// `width`. Cached until the size or the state changes.
    #[napi]
    pub fn render(&mut self, width: u32, rows: u32) -> Vec<String> {
        let resized = self.driver.resize(Size::new(clamp(width), clamp(rows)));
        self.perform(resized);
        self.catch_up();
        self.driver.frame_ref().ansi()
    }

    /// Feeds raw terminal input (as pi's `handleInput`/`onTerminalInput` deliver it).
    #[napi]
    pub fn input(&mut self, data: String) -> InputOutcome {
        self.catch_up();
        let mut consumed = false;
        for event in tea::input::decode(&data) {
            if self.finished.is_some() {
                break;
            }
            let Some(msg) = self.app().msg_for(&event) else {
                continue;
            };
            consumed = true;
            let cmd = self.driver.send_msg(msg);
            self.perform(cmd);
        }
        InputOutcome {
            consumed,
            collapsed: self.app().is_collapsed(),
            result: self.finished.as_ref().map(ToolResult::to_json),
        }
    }

    /// The one-line dock shown above pi's editor while collapsed, fitted to `width`.
    #[napi]
    pub fn dock(&self, width: u32) -> String {
        let width = clamp(width);
        let line = self.app().dock_line(width);
        tea::frame::render_lines(vec![line], width, self.driver.palette())
            .ansi()
            .into_iter()
            .next()
            .unwrap_or_default()
    }

    /// Ends the questionnaire from outside (the turn was aborted): cancelled + `aborted` with every
    /// recorded answer. A finished questionnaire keeps its result.
    #[napi]
    pub fn abort(&mut self) -> Value {
        let result = self
            .finished
            .get_or_insert_with(|| self.driver.program().result_with(ResultOptions::aborted()));
        result.to_json()
    }

    /// The final result once finished, else the answers as they stand (not cancelled).
    #[napi]
    pub fn result(&self) -> Value {
        match &self.finished {
            Some(result) => result.to_json(),
            None => self.app().result(false).to_json(),
        }
    }

    #[napi(getter)]
    pub fn collapsed(&self) -> bool {
        self.app().is_collapsed()
    }

    #[napi(getter)]
    pub fn finished(&self) -> bool {
        self.finished.is_some()
    }

    /// Switches to another palette (pi's theme changed).
    #[napi]
    pub fn set_palette(&mut self, palette: ClassInstance<Palette>) {
        self.driver.set_palette(palette.inner.clone());
    }

    /// The partial details pi stores while the call runs: `{collapsed}`.
    #[napi]
    pub fn progress(&self) -> Value {
        json!({ "collapsed": self.app().is_collapsed() })
    }
}

impl Session {
    #[cfg(test)]
    fn open(input: &Value, palette: tea::Palette) -> std::result::Result<Session, String> {
        Session::open_with(input, palette, None)
    }

    fn open_with(
        input: &Value,
        palette: tea::Palette,
        limit: Option<Duration>,
    ) -> std::result::Result<Session, String> {
        let questionnaire =
            question::validate(input).map_err(|issues| question::invalid_result(issues).content)?;
        let app = App::new(questionnaire, START);
        let app = match limit {
            Some(limit) => app.with_time_limit(limit),
            None => app,
        };
        Ok(Session {
            driver: Driver::with_tasks(
                app,
                START,
                palette,
                // Pi collects results when it calls in; nothing to wake.
                TaskPolicy::Threaded {
                    wake: std::sync::Arc::new(|| {}),
                },
            ),
            opened: Instant::now(),
            finished: None,
        })
    }

    fn app(&self) -> &App {
        self.driver.program()
    }

    /// Timers due by now and finished tasks, through the program.
    fn catch_up(&mut self) {
        if self.finished.is_some() {
            return;
        }
        let mut effects = self.driver.advance_to(self.opened.elapsed());
        effects.extend(self.driver.poll_tasks());
        self.perform(effects);
    }

    fn perform(&mut self, effects: Effects<Outcome, Host>) {
        for effect in effects {
            if let Effect::Quit(outcome) = effect {
                self.finished.get_or_insert(outcome.into_result());
            }
            // Collapse and Expand are read back through `is_collapsed`; the bell has no place in
            // pi's terminal.
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
    use tea::text::width;

    fn session(input: Value) -> Session {
        Session::open(&input, tea::Palette::dark()).unwrap_or_else(|e| panic!("{e}"))
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
            s.driver.is_frame_cached(),
            "a render leaves its frame cached"
        );
        assert_eq!(s.render(120, 40), first);
        s.driver.resize(Size::new(80, 24));
        assert!(!s.driver.is_frame_cached(), "a resize invalidates");
        let before = s.render(80, 24);
        s.input("\x1b[B".into());
        assert!(!s.driver.is_frame_cached(), "a key invalidates");
        assert_ne!(
            s.render(80, 24),
            before,
            "a key that moves the cursor redraws"
        );
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
        Session::open_with(&input, tea::Palette::dark(), Some(limit))
            .unwrap_or_else(|e| panic!("{e}"))
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
        let effects = s.driver.advance(Duration::from_secs(2));
        s.perform(effects);
        assert!(!s.finished() && s.counting_down(), "not yet at two seconds");
        let effects = s.driver.advance(Duration::from_secs(1));
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
        let effects = s.driver.advance(Duration::from_secs(60));
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

    #[test]
    fn invalid_input_is_refused_with_every_issue() {
        let error = Session::open(&json!({"questions": []}), tea::Palette::dark())
            .err()
            .expect("invalid");
        assert!(error.contains("/questions"), "{error}");
    }
}
