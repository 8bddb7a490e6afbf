//! The inbox's messages: what the person means, and what the store's tasks found.

use ask_user_question_store::{Claim, Id, Listed, Opened, Outcome as StoreOutcome};
use questionnaire::Outcome;

use tea::input::Keyboard;

/// What a poll of the store found.
#[derive(Debug, Clone, PartialEq)]
pub struct Polled {
    pub version: i64,
    /// The listing, when the store changed or a relisting was due.
    pub listed: Option<Vec<Listed>>,
    /// How the open questionnaire stands, when one is open and the store was read.
    pub open: Option<StoreOutcome>,
    pub now_ms: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Up,
    Down,
    First,
    Last,
    /// Enter: open the focused questionnaire in full.
    Open,
    /// Ctrl+R: the web page's link as a QR code, in place of the list.
    ShowQrCode,
    /// Any key, while the QR code shows.
    CloseQrCode,
    /// q or Ctrl+C: leave the inbox (the open questionnaire's drafts saved first).
    Quit,
    /// Time to look at the store's version (`relist`: list it even if it did not change).
    Poll {
        relist: bool,
    },
    Polled(Result<Polled, String>),
    /// Time to say the inbox is still running.
    Beat,
    Beaten(Result<(), String>),
    /// The questionnaire `Id` read to be opened, with how it stands.
    Opened(Id, Result<Option<Box<(Opened, StoreOutcome)>>, String>),
    /// A message of the open questionnaire.
    App(questionnaire::Msg),
    /// The open questionnaire ended: submitted (to settle), or cancelled (back to the list).
    Finished(Box<Outcome>),
    /// The drafts' save timer ran out.
    SaveDrafts,
    /// The drafts were saved (or not).
    Saved(Result<(), String>),
    /// An answer given here was offered to the store: this questionnaire's (its id and title),
    /// and what became of it.
    Settled(Id, String, Result<Claim, String>),
    KeyboardKnown(Keyboard),
    LightBackground(bool),
}
