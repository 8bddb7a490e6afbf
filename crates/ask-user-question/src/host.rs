//! The questionnaire as the CLI hosts it: [`questionnaire::App`] with its own keymap, plus the
//! keys that belong to the host.
//!
//! In raw mode Ctrl+C is a key, not a signal, and the questionnaire does not bind it; a
//! command-line program that ignored it would trap its user, so here it cancels (keeping every
//! answer), docked or not. Ctrl+] folds the questionnaire into its one-line dock and back; the
//! CLI has no editor to hand the input to, so the dock stays drawn and, while docked, every
//! other key is ignored, as the questionnaire leaves them to its host.

use questionnaire::{App, Host, Msg, Outcome};
use tea::input::{Event, KeyCode, KeyModifiers, Keyboard, as_press};
use tea::{Cmd, Program, Size, Subs};

/// The CLI's program: the questionnaire and the host's keys.
pub struct Hosted {
    app: App,
}

/// A questionnaire message, or one of the host's.
#[derive(Debug, Clone, PartialEq)]
pub enum HostMsg {
    App(Msg),
    /// Ctrl+C: cancel, keeping every recorded answer.
    Interrupt,
}

impl Hosted {
    pub fn new(app: App) -> Hosted {
        Hosted { app }
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
    type Host = Host;

    /// The questionnaire's own start-up work (compiling its code's grammars).
    fn init(&self) -> Cmd<HostMsg, Outcome, Host> {
        self.app.init().map_msg(HostMsg::App)
    }

    fn update(&mut self, msg: HostMsg) -> Cmd<HostMsg, Outcome, Host> {
        match msg {
            HostMsg::App(msg) => self.app.update(msg).map_msg(HostMsg::App),
            HostMsg::Interrupt => Cmd::Quit(Outcome::Cancelled(self.app.result(true))),
        }
    }

    fn view(&self) -> tea::View<'_> {
        self.app.view()
    }

    /// The questionnaire's timers (its countdown) run on the host's clock.
    fn subscriptions(&self) -> Subs<HostMsg> {
        self.app.subscriptions().map(HostMsg::App)
    }

    fn msg_for(&self, event: &Event) -> Option<HostMsg> {
        if is_interrupt(event) {
            return Some(HostMsg::Interrupt);
        }
        self.app.msg_for(event).map(HostMsg::App)
    }

    fn resized(&self, size: Size) -> Option<HostMsg> {
        self.app.resized(size).map(HostMsg::App)
    }

    /// The questionnaire names the newline key that works on this terminal.
    fn keyboard(&self, keyboard: Keyboard) -> Option<HostMsg> {
        self.app.keyboard(keyboard).map(HostMsg::App)
    }
}
