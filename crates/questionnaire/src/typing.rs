//! Typing held off after a save (docs/behaviour.md#editor): on a legacy terminal Shift+Enter
//! sends Enter, so someone typing a second line has just saved the first. Until they pause,
//! what they type next (and every key after it) does nothing instead of acting on the next
//! question; a key that is not typing, such as Enter or a digit, acts as usual. Time comes in
//! as messages: each held key starts a pause timer ([`Msg::TypingPaused`]) and only the
//! latest one ends the hold.

use std::time::Duration;

use question::Label;
use tea::Cmd;
use tea::input::{Event, KeyCode, KeyEventKind, KeyModifiers, Keyboard};

use crate::model::App;
use crate::msg::{Host, Msg, Outcome};

type Effect = Cmd<Msg, Outcome, Host>;

/// How long after a save keys are held off while they keep coming: longer than the gap between
/// keys of someone typing, shorter than reading the next question before acting on it.
const TYPING_PAUSE: Duration = Duration::from_millis(500);

/// Text arriving: a paste, or a character typed without Ctrl or Alt, digits aside (they pick
/// an option, and a second line seldom starts with one).
fn starts_typing(event: &Event) -> bool {
    match event {
        Event::Paste(_) => true,
        Event::Key(key) => {
            key.kind != KeyEventKind::Release
                && matches!(key.code, KeyCode::Char(c) if !c.is_ascii_digit())
                && !key
                    .modifiers
                    .intersects(KeyModifiers::CTRL | KeyModifiers::ALT)
        }
        _ => false,
    }
}

/// A key pressed (a release is not) or a paste: someone at the keyboard.
pub(crate) fn pressed(event: &Event) -> bool {
    match event {
        Event::Key(key) => key.kind != KeyEventKind::Release,
        Event::Paste(_) => true,
        _ => false,
    }
}

impl App {
    /// Whether `event` is held off: typing right after a save, or any key once typing was.
    pub(crate) fn holds_off(&self, event: &Event) -> bool {
        self.typing_after_save.is_some()
            && !self.collapsed
            && (starts_typing(event) || self.holding_typing && pressed(event))
    }

    /// Keys act again.
    pub(crate) fn stop_holding_off(&mut self) {
        self.typing_after_save = None;
        self.holding_typing = false;
    }

    /// On a legacy terminal Shift+Enter sends Enter: someone typing a second line has just
    /// saved the first. Until they pause, what they type next (and every key after it) is held
    /// off instead of acting on the next question; a key that is not typing, such as Enter
    /// or a digit, acts as usual (docs/behaviour.md#editor).
    /// The timer it returns ends the hold unless a later key started it over.
    pub(crate) fn hold_off_typing(&mut self) -> Effect {
        if self.keyboard != Some(Keyboard::Legacy) {
            return Cmd::None;
        }
        self.pause_timers = self.pause_timers.wrapping_add(1);
        self.typing_after_save = Some(self.pause_timers);
        Cmd::After(TYPING_PAUSE, Msg::TypingPaused(self.pause_timers))
    }

    /// A key held off after a save: nothing happens but the footer's row saying which key
    /// makes a newline (and a bell the first time); the pause starts again.
    pub(crate) fn typed_after_save(&mut self) -> Effect {
        let first = !self.holding_typing;
        self.holding_typing = true;
        let newline = self.keys.newline_label(Keyboard::Legacy);
        self.notice = Some(format!(
            "{} · {newline} {}",
            self.label(Label::TypedAfterSave),
            self.label(Label::Newline)
        ));
        let pause = self.hold_off_typing();
        if first { pause.and(Cmd::Bell) } else { pause }
    }
}
