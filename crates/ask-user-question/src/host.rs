//! The questionnaire as the CLI hosts it: [`questionnaire::App`] with its own keymap, plus the
//! keys that belong to the host.
//!
//! In raw mode Ctrl+C is a key, not a signal, and the questionnaire does not bind it; a
//! command-line program that ignored it would trap its user, so here it cancels (keeping every
//! answer), docked or not. Ctrl+] folds the questionnaire into its one-line dock and back; the
//! CLI has no editor to hand the input to, so the dock stays drawn and, while docked, every
//! other key is ignored, as the questionnaire leaves them to its host.

use ask_user_question_web::{Events, PageEvent};
use question::ToolResult;
use questionnaire::{App, Msg, Outcome};
use tea::input::{Event, KeyCode, KeyModifiers, as_press};
use tea::{Cmd, Program, Subs};

use crate::inbox_host::{PendingInbox, outcome_of};

/// The CLI's program: the questionnaire and the host's keys.
pub struct Hosted {
    app: App,
    /// The web page racing the terminal (`--web`): its events arrive as messages.
    page: Option<Events>,
    /// The page's submit or cancel ended the questionnaire.
    ended_on_page: bool,
    /// The page knows the countdown stopped (a key on the terminal stopped it).
    page_countdown_stopped: bool,
    /// The inbox the questionnaire is also posted to (the post made on a thread, so it never
    /// holds up the first frame): its answer arrives as a message, and the terminal's answers
    /// and drafts go to it as they change.
    inbox: Option<PendingInbox>,
    /// The inbox's answer ended the questionnaire.
    ended_in_inbox: bool,
}

/// A questionnaire message, or one of the host's.
#[derive(Debug, Clone, PartialEq)]
pub enum HostMsg {
    App(Msg),
    /// Ctrl+C: cancel, keeping every recorded answer.
    Interrupt,
    /// What the person did on the web page; `None` once the page is closed.
    Page(Option<PageEvent>),
    /// The page was told something; nothing to do.
    PageTold,
    /// The inbox's answer; `None` once the inbox will not answer.
    Inbox(Option<ToolResult>),
}

impl Hosted {
    pub fn new(app: App) -> Hosted {
        Hosted {
            app,
            page: None,
            ended_on_page: false,
            page_countdown_stopped: false,
            inbox: None,
            ended_in_inbox: false,
        }
    }

    /// Races the questionnaire against the inbox too: the store decides which answer was first.
    pub fn with_inbox(mut self, inbox: Option<PendingInbox>) -> Hosted {
        self.inbox = inbox;
        self
    }

    pub fn ended_in_inbox(&self) -> bool {
        self.ended_in_inbox
    }

    /// Watches the store on a task (once the post is made) until the inbox answers.
    fn wait_for_inbox(&self) -> Cmd<HostMsg, Outcome> {
        match &self.inbox {
            Some(pending) => {
                let pending = pending.clone();
                Cmd::task("inbox", move || {
                    HostMsg::Inbox(pending.wait().and_then(|inbox| inbox.wait_for_answer()))
                })
            }
            None => Cmd::None,
        }
    }

    /// Hands what is answered and typed to the inbox, so it opens with it (written on the
    /// watching task, never here).
    fn save_to_inbox(&self) {
        if let Some(inbox) = &self.inbox {
            inbox.save(question::saved::save(
                self.app.state(),
                &self.app.unsaved_drafts(),
            ));
        }
    }

    /// Races the questionnaire against a web page: the first answer wins.
    pub fn with_page(mut self, page: Option<Events>) -> Hosted {
        self.page = page;
        self
    }

    pub fn ended_on_page(&self) -> bool {
        self.ended_on_page
    }

    /// Once a key stopped the time limit, the page's countdown stops too (told on a task: a
    /// lock, never a wait).
    fn tell_page_countdown_stopped(&mut self) -> Cmd<HostMsg, Outcome> {
        match &self.page {
            Some(page) if !self.page_countdown_stopped && self.app.countdown().is_none() => {
                self.page_countdown_stopped = true;
                let page = page.clone();
                Cmd::task("web page countdown", move || {
                    page.stop_countdown();
                    HostMsg::PageTold
                })
            }
            _ => Cmd::None,
        }
    }

    /// Waits for the page's next event on a task: the runtime wakes with it as a message.
    fn wait_for_page(&self) -> Cmd<HostMsg, Outcome> {
        match &self.page {
            Some(page) => {
                let page = page.clone();
                Cmd::task("web page", move || HostMsg::Page(page.next(None)))
            }
            None => Cmd::None,
        }
    }

    pub fn app(&self) -> &App {
        &self.app
    }
}

fn is_interrupt(event: &Event) -> bool {
    as_press(event).is_some_and(|key| {
        key.modifiers.contains(KeyModifiers::CTRL)
            && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C'))
    })
}

impl Program for Hosted {
    type Msg = HostMsg;
    type Output = Outcome;

    /// The questionnaire's own start-up work (compiling its code's grammars).
    fn init(&self) -> Cmd<HostMsg, Outcome> {
        Cmd::batch([
            self.app.init().map_msg(HostMsg::App),
            self.wait_for_page(),
            self.wait_for_inbox(),
        ])
    }

    fn update(&mut self, msg: HostMsg) -> Cmd<HostMsg, Outcome> {
        match msg {
            HostMsg::App(msg) => {
                let cmd = self.app.update(msg).map_msg(HostMsg::App);
                self.save_to_inbox();
                Cmd::batch([cmd, self.tell_page_countdown_stopped()])
            }
            HostMsg::Interrupt => Cmd::Quit(Outcome::Cancelled(self.app.result(true))),
            HostMsg::Page(None) | HostMsg::PageTold | HostMsg::Inbox(None) => Cmd::None,
            HostMsg::Inbox(Some(result)) => {
                self.ended_in_inbox = true;
                if let Some(inbox) = self.inbox.as_ref().and_then(PendingInbox::made) {
                    inbox.finish();
                }
                Cmd::Quit(outcome_of(result))
            }
            HostMsg::Page(Some(PageEvent::Submitted(result))) => {
                self.ended_on_page = true;
                Cmd::Quit(Outcome::Submitted(result))
            }
            HostMsg::Page(Some(PageEvent::Cancelled)) => {
                self.ended_on_page = true;
                Cmd::Quit(Outcome::Cancelled(self.app.result(true)))
            }
        }
    }

    fn view(&self) -> tea::View<'_> {
        self.app.view()
    }

    /// The questionnaire's timers (its countdown) run on the host's clock.
    fn subscriptions(&self) -> Subs<HostMsg> {
        self.app.subscriptions().map(HostMsg::App)
    }

    /// Ctrl+C is the run's own (it cancels, keeping every answer); every other event is the
    /// questionnaire's.
    fn event(&self, event: &Event) -> Option<HostMsg> {
        if is_interrupt(event) {
            return Some(HostMsg::Interrupt);
        }
        self.app.event(event).map(HostMsg::App)
    }
}
