//! Typing right after an Enter on a keyboard that may send Shift+Enter as Enter
//! (docs/behaviour.md#editor): someone typing a second line has just pressed Enter.
//!
//! - After a save that does not end the questionnaire: until they pause, what they type next
//!   (and every key after it) does nothing instead of acting on the next question; a key that
//!   is not typing, such as Enter or a digit, acts as usual. Each held key starts a pause timer
//!   ([`Msg::TypingPaused`]) and only the latest one ends the hold.
//! - An Enter that would end the questionnaire (a lone question's answer) waits for a pause
//!   first ([`Msg::EndingPaused`]): text typed meanwhile turns that Enter into a line break
//!   with the text after it, so nothing typed reaches the shell or the host after the
//!   questionnaire is gone.

use std::time::Duration;

use question::Label;
use tea::Cmd;
use tea::input::{Event, KeyCode, KeyEventKind, KeyModifiers, Keyboard};

use tea::components::textarea::TextAreaMsg;

use crate::model::{App, Target};
use crate::msg::{Msg, Outcome};

type Effect = Cmd<Msg, Outcome>;

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
        if !self.keyboard.is_some_and(Keyboard::may_merge_modified_keys) {
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

    /// Whether saving `text` in the editor of `target` ends the questionnaire (a lone
    /// question's answer or free text) on a keyboard where that Enter may have been
    /// Shift+Enter. A number is one line: its Enter never hides a line break.
    pub(crate) fn would_end_on_merged_enter(&self, target: Target, text: &str) -> bool {
        let traits = self.traits(target.question());
        self.keyboard.is_some_and(Keyboard::may_merge_modified_keys)
            && !self.has_tabs()
            && matches!(target, Target::FreeText(_))
            && traits.free_text_advances
            && !traits.is_number()
            && !text.trim().is_empty()
    }

    /// The Enter that ends the questionnaire waits for a pause ([`TYPING_PAUSE`]).
    pub(crate) fn hold_ending(&mut self) -> Effect {
        self.pause_timers = self.pause_timers.wrapping_add(1);
        self.ending_held = Some(self.pause_timers);
        Cmd::After(TYPING_PAUSE, Msg::EndingPaused(self.pause_timers))
    }

    /// What `msg` does while the ending Enter waits (`None`: what it does anyway). The pause
    /// ends it; text typed turns the Enter into a line break before the text (with the bell
    /// and a footer row naming the key that makes one here); a cancel cancels, keeping the
    /// draft; any other key ends it at once (that Enter meant it).
    pub(crate) fn follow_held_ending(&mut self, msg: &Msg) -> Option<Effect> {
        let held = self.ending_held?;
        match msg {
            Msg::EndingPaused(timer) if *timer == held => Some(self.end_held()),
            Msg::Edit(edit @ (TextAreaMsg::Insert(_) | TextAreaMsg::Paste(_))) => {
                self.ending_held = None;
                self.notice = None;
                self.edit(TextAreaMsg::Newline);
                let typed = self.edit(edit.clone());
                let newline = self.keys.newline_label(Keyboard::Legacy);
                self.notice = Some(format!(
                    "{} · {newline} {}",
                    self.label(Label::TypedAfterEnter),
                    self.label(Label::Newline)
                ));
                self.notice_while_typing = true;
                Some(typed.and(Cmd::Bell))
            }
            Msg::Cancel => {
                self.ending_held = None;
                None
            }
            msg if msg.comes_from_the_host() => None,
            _ => Some(self.end_held()),
        }
    }

    /// Saves the held editor's draft, which ends the questionnaire.
    fn end_held(&mut self) -> Effect {
        self.ending_held = None;
        let Some(target) = self.open_editor() else {
            return Cmd::None;
        };
        let text = self.draft(target).text().to_string();
        self.save(target, text)
    }
}
