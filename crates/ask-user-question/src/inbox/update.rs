//! Messages change the inbox: moving in the list, opening a questionnaire in full and what
//! becomes of it, and what the store's tasks found. `update` touches no store itself: the work
//! is on tasks ([`super::tasks`]), and time comes in as timers.

use std::collections::BTreeMap;
use std::time::Duration;

use ask_user_question_store::{BEAT_EVERY, Claim, Id, Opened, Outcome as StoreOutcome};
use question::AnswerState;
use question::saved;
use questionnaire::{App, HeightLimit, Outcome};
use tea::input::{Event, KeyEventKind};
use tea::{Cmd, Program, Subs};

use super::keymap::{ListContext, is_interrupt};
use super::model::{Inbox, Open};
use super::msg::{Msg, Polled};
use super::tasks;

/// How often the store's version is read: the whole notification scheme, and cheap (no I/O).
pub const POLL_EVERY: Duration = Duration::from_millis(50);
/// How often the list is read even if nothing changed: the waited times move on, and hosts
/// that went away are swept.
pub const RELIST_EVERY: Duration = Duration::from_secs(1);
/// Drafts are saved at most this often while a questionnaire is open, so a killed inbox loses
/// no more than this much typing.
pub const SAVE_AFTER: Duration = Duration::from_millis(300);

pub type Effect = Cmd<Msg, ()>;

impl Program for Inbox {
    type Msg = Msg;
    type Output = ();

    /// Says the inbox runs, and reads the store at once.
    fn init(&self) -> Effect {
        Cmd::batch([
            tasks::beat(&self.store, self.pid),
            Cmd::Msg(Msg::Poll { relist: true }),
        ])
    }

    fn update(&mut self, msg: Msg) -> Effect {
        match msg {
            Msg::Up | Msg::Down | Msg::First | Msg::Last => {
                self.notice = None;
                let len = self.rows.len();
                match msg {
                    Msg::Up => self.list.select_prev(),
                    Msg::Down => self.list.select_next(len),
                    Msg::First => self.list.select_first(),
                    _ => self.list.select_last(len),
                }
                Cmd::None
            }
            Msg::Open => self.open_focused(),
            Msg::ShowQrCode => {
                self.notice = None;
                self.qr_open = self.web.is_some();
                Cmd::None
            }
            Msg::CloseQrCode => {
                self.qr_open = false;
                Cmd::None
            }
            Msg::Quit => {
                let save = self.save_open();
                Cmd::sequence([save, Cmd::Quit(())])
            }
            Msg::Poll { relist } => {
                self.relist |= relist;
                if self.polling {
                    return Cmd::None;
                }
                self.polling = true;
                let relist = std::mem::take(&mut self.relist);
                tasks::poll(&self.store, self.version, relist, self.open_id())
            }
            Msg::Polled(polled) => {
                self.polling = false;
                match polled {
                    Ok(polled) => self.polled(polled),
                    Err(error) => {
                        // Read everything again once the store answers.
                        self.version = None;
                        self.error = Some(error);
                        Cmd::None
                    }
                }
            }
            Msg::Beat => tasks::beat(&self.store, self.pid),
            Msg::Beaten(Ok(())) | Msg::Saved(Ok(())) => Cmd::None,
            Msg::Beaten(Err(error)) | Msg::Saved(Err(error)) => {
                self.error = Some(error);
                Cmd::None
            }
            Msg::Opened(id, read) => {
                self.opening = false;
                match read.map(|read| read.map(|read| *read)) {
                    Ok(Some((opened, StoreOutcome::Waiting))) => self.show(opened),
                    Ok(Some((opened, outcome))) => {
                        self.notice = Some(self.ended(id, &opened.listed.title, &outcome, false));
                        Cmd::None
                    }
                    Ok(None) => {
                        self.notice = Some(format!("questionnaire {id} is no longer in the store"));
                        Cmd::None
                    }
                    Err(error) => {
                        self.notice = Some(format!("cannot open it: {error}"));
                        Cmd::None
                    }
                }
            }
            Msg::App(msg) => self.tell_app(msg),
            Msg::Finished(outcome) => self.finished(*outcome),
            Msg::SaveDrafts => {
                if let Some(open) = &mut self.open {
                    open.save_due = false;
                }
                self.save_open()
            }
            Msg::Settled(id, title, claim) => {
                self.notice = Some(match claim {
                    Ok(Claim::Won) => format!("Answered: {title}"),
                    Ok(Claim::Lost(outcome)) => self.ended(id, &title, &outcome, true),
                    Err(error) => format!(
                        "{title}: the answer could not be stored ({error}); it is kept as a draft"
                    ),
                });
                // The store's version moves only for others' writes: list again for ours.
                Cmd::Msg(Msg::Poll { relist: true })
            }
            Msg::KeyboardKnown(keyboard) => {
                self.keyboard = Some(keyboard);
                self.with_app(|app| app.event(&Event::Keyboard(keyboard)))
            }
            Msg::LightBackground(light) => {
                self.light_background = light;
                self.with_app(|app| app.event(&Event::Background { light }))
            }
        }
    }

    fn view(&self) -> tea::View<'_> {
        self.view_tree()
    }

    fn subscriptions(&self) -> Subs<Msg> {
        let own = Subs::every("inbox poll", POLL_EVERY, Msg::Poll { relist: false })
            .and_every("inbox relist", RELIST_EVERY, Msg::Poll { relist: true })
            .and_every("inbox beat", BEAT_EVERY, Msg::Beat);
        match &self.open {
            Some(open) => own.and(open.app.subscriptions().map(Msg::App)),
            None => own,
        }
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            // Neither the inbox nor its questionnaire keeps a size: each draws at the one given.
            Event::Resize(_) => return None,
            Event::Keyboard(keyboard) => return Some(Msg::KeyboardKnown(keyboard)),
            Event::Background { light } => return Some(Msg::LightBackground(light)),
            _ if is_interrupt(event) => return Some(Msg::Quit),
            _ => {}
        }
        match &self.open {
            Some(open) => open.app.event(event).map(Msg::App),
            // Any key closes the QR code, and does nothing else.
            None if self.qr_open && is_press(event) => Some(Msg::CloseQrCode),
            None => self.keymap.msg_for(event, &self.context()),
        }
    }
}

impl Inbox {
    /// What the list's keys and footer depend on.
    pub(crate) fn context(&self) -> ListContext {
        ListContext {
            rows: !self.rows.is_empty(),
            several: self.rows.len() > 1,
            web: self.web.is_some(),
        }
    }

    /// What became of questionnaire `id` elsewhere, its answer on this inbox's page named so.
    fn ended(&self, id: Id, title: &str, outcome: &StoreOutcome, first: bool) -> String {
        let inbox = match &self.web {
            Some(web) if web.answered.contains(id) => super::link::ON_THE_PAGE,
            _ => "in another inbox",
        };
        ended_notice_naming(title, outcome, first, inbox)
    }

    /// A message the open questionnaire asks for (a resize, the keyboard), when one is open.
    fn with_app(&mut self, msg: impl FnOnce(&App) -> Option<questionnaire::Msg>) -> Effect {
        match self.open.as_ref().and_then(|open| msg(&open.app)) {
            Some(msg) => self.tell_app(msg),
            None => Cmd::None,
        }
    }

    fn polled(&mut self, polled: Polled) -> Effect {
        self.error = None;
        self.version = Some(polled.version);
        self.now_ms = polled.now_ms;
        let mut calls = Cmd::None;
        if let Some(listed) = &polled.listed {
            let new = self.set_rows(listed);
            if let Some(attention) = new.first().and_then(|row| self.calls.for_new(row)) {
                calls = match self.calls.notify {
                    true => Cmd::Attention(attention),
                    false => Cmd::Bell,
                };
            }
        }
        if let (Some(outcome), Some(open)) = (&polled.open, &self.open)
            && *outcome != StoreOutcome::Waiting
        {
            // Answered or given up elsewhere: nothing typed here could reach anyone now.
            self.notice = Some(self.ended(open.id, &open.title, outcome, false));
            self.open = None;
        }
        calls
    }

    fn open_focused(&mut self) -> Effect {
        let Some(row) = self.focused().cloned() else {
            return Cmd::None;
        };
        if row.secret {
            self.notice = Some(format!(
                "{} has a secret question: answer it where it was asked",
                row.title
            ));
            return Cmd::Bell;
        }
        if let Some(why) = &row.ended {
            self.notice = Some(format!("{}: {why}", row.title));
            return Cmd::Bell;
        }
        if self.opening {
            return Cmd::None;
        }
        self.opening = true;
        self.notice = None;
        tasks::open(&self.store, row.id)
    }

    /// Opens `opened` in full, where the last surface left it.
    fn show(&mut self, opened: Opened) -> Effect {
        let title = tea::text::sanitize_line(&opened.listed.title);
        let questionnaire = match question::validate(&opened.input) {
            Ok(questionnaire) => questionnaire,
            Err(issues) => {
                self.notice = Some(format!(
                    "{title} cannot be shown: {}",
                    issues.first().map_or(String::new(), ToString::to_string)
                ));
                return Cmd::Bell;
            }
        };
        let state = AnswerState::new(questionnaire.clone());
        let (state, drafts) = match &opened.saved {
            Some(saved) => saved::restore(state, saved),
            None => (state, BTreeMap::new()),
        };
        let mut app = App::highlighting_later(questionnaire)
            .with_height_limit(HeightLimit::FULL)
            .with_answers(state, &drafts);
        if let Some(web) = &self.web {
            // Its own page on the inbox's server: the footer's link and Ctrl+R's QR code.
            app = app.with_web_link(web.of(opened.listed.id));
        }
        // What the runtime told the inbox before, the questionnaire learns now.
        let told = [
            self.keyboard
                .and_then(|keyboard| app.event(&Event::Keyboard(keyboard))),
            self.light_background
                .then(|| app.event(&Event::Background { light: true }))
                .flatten(),
        ];
        for msg in told.into_iter().flatten() {
            // Only help and colors follow from these: no effect to perform.
            let _ = app.update(msg);
        }
        let init = child(app.init());
        let saved = saved::save(app.state(), &app.unsaved_drafts());
        self.open = Some(Open {
            id: opened.listed.id,
            title,
            app,
            saved,
            save_due: false,
        });
        init
    }

    /// A message for the open questionnaire; what the person does there is saved soon after.
    fn tell_app(&mut self, msg: questionnaire::Msg) -> Effect {
        let Some(open) = &mut self.open else {
            return Cmd::None;
        };
        let by_the_person = !msg.comes_from_the_host();
        let cmd = child(open.app.update(msg));
        let save = match by_the_person && !open.save_due {
            true => {
                open.save_due = true;
                Cmd::After(SAVE_AFTER, Msg::SaveDrafts)
            }
            false => Cmd::None,
        };
        Cmd::batch([cmd, save])
    }

    /// Saves the open questionnaire's answers and drafts when they changed since last saved.
    fn save_open(&mut self) -> Effect {
        let Some(open) = &mut self.open else {
            return Cmd::None;
        };
        let now = saved::save(open.app.state(), &open.app.unsaved_drafts());
        if now == open.saved {
            return Cmd::None;
        }
        open.saved = now.clone();
        tasks::save(&self.store, open.id, now)
    }

    /// The open questionnaire ended here: a submit is offered to the store (what was typed
    /// saved first, so a store that refuses it loses nothing); a cancel only goes back to the
    /// list, the asking host still waiting.
    fn finished(&mut self, outcome: Outcome) -> Effect {
        let save = self.save_open();
        let Some(open) = self.open.take() else {
            return save;
        };
        match outcome {
            Outcome::Submitted(mut result) => {
                ask_user_question_web::mark_answered_in(&mut result, "inbox");
                let settle = tasks::settle(&self.store, open.id, open.title, result);
                Cmd::sequence([save, settle])
            }
            Outcome::Cancelled(_) | Outcome::TimedOut(_) => {
                self.notice = Some(format!("Kept for later: {}", open.title));
                save
            }
        }
    }
}

/// A key pressed (not released).
fn is_press(event: &Event) -> bool {
    matches!(event, Event::Key(key) if key.kind != KeyEventKind::Release)
}

/// The open questionnaire's effects as the inbox's: its quitting is a message (it ended, the
/// inbox goes on), the rest its messages wrapped.
fn child(cmd: Cmd<questionnaire::Msg, Outcome>) -> Effect {
    match cmd {
        Cmd::Quit(outcome) => Cmd::Msg(Msg::Finished(Box::new(outcome))),
        Cmd::Batch(cmds) => Cmd::Batch(cmds.into_iter().map(child).collect()),
        Cmd::Sequence(cmds) => Cmd::Sequence(cmds.into_iter().map(child).collect()),
        // No quit is left in it: those are matched above.
        other => other.map_msg(Msg::App).map(|_| ()),
    }
}

/// What became of `title` elsewhere: "answered in the terminal", "Codex stopped waiting";
/// `first` for an answer given here too late.
pub fn ended_notice(title: &str, outcome: &StoreOutcome, first: bool) -> String {
    ended_notice_naming(title, outcome, first, "in another inbox")
}

/// [`ended_notice`], naming the inbox's surface (`inbox` in the store: this inbox's page, the
/// terminal inbox or another one) as `inbox` says.
pub(crate) fn ended_notice_naming(
    title: &str,
    outcome: &StoreOutcome,
    first: bool,
    inbox: &str,
) -> String {
    let title = tea::text::sanitize_line(title);
    let first = if first { " first" } else { "" };
    match outcome {
        StoreOutcome::Settled { surface, result } => {
            let details = result.as_ref().map(|result| &result.details);
            let how = match details {
                Some(d) if d["error"] == "timed_out" => "timed out",
                Some(d) if d["cancelled"] == true => "cancelled",
                _ => "answered",
            };
            format!("{title}: {how} {}{first}", surface_name(surface, inbox))
        }
        StoreOutcome::Ended { why } => format!("{title}: {}", tea::text::sanitize_line(why)),
        StoreOutcome::Unknown => format!("{title}: no longer in the store"),
        StoreOutcome::Waiting => format!("{title}: still waiting"),
    }
}

/// Where a surface is, as a sentence says it.
fn surface_name(surface: &str, inbox: &str) -> String {
    match surface {
        "terminal" => "in the terminal".into(),
        "inbox" => inbox.into(),
        "web" => "on the web page".into(),
        "form" => "in the client's form".into(),
        other => format!("in {}", tea::text::sanitize_line(other)),
    }
}
