//! The session's side of the inbox (`crate::inbox`): ending with the inbox's answer, and what
//! the questionnaire holds, for the store's drafts.

use questionnaire::App;
use serde_json::Value;

use super::Session;
use crate::outcome::Closed;

/// Ends `session` with the inbox's `result`, also over a result pi's side reached after it; an
/// open questionnaire closes through the extension's wake-up and `tick()`.
pub fn end_in_inbox(session: &mut Session, result: crate::tool::ToolResult) -> Closed {
    session.end_with(result.into(), true);
    session.result()
}

/// The answers and drafts of `app`, as the store keeps them.
pub fn saved(app: &App) -> Value {
    question::saved::save(app.state(), &app.unsaved_drafts())
}
