//! pi's place in the inbox (`ask-user-question inbox`): the questionnaire
//! of a tool call is also posted to the user's store, where a running inbox lists it under "pi",
//! and the first answer wins (the store decides, in one transaction). The shared part is the
//! store crate's `host` module, which the CLI and its MCP server use too; this is its napi face,
//! which the extension (`extension/inbox.ts`) drives beside the `Session`:
//! - the inbox's answer comes through [`InboxPost::on_answer`]'s callback, on pi's thread, and
//!   the extension ends the session with it (`Session.endInInbox`);
//! - what is typed in pi is handed over with [`InboxPost::save`], written at most every 300 ms
//!   by the watching thread, so the inbox opens with it;
//! - pi's side ending first offers its result ([`InboxPost::settle`]), which loses when the
//!   inbox answered first; a call that stops with nobody's answer [`InboxPost::stop`]s.
//!
//! Nothing of it runs unless a call may join (an inbox ran once for this user, or
//! `ASK_USER_QUESTION_INBOX=1`): only then does the extension call [`join_inbox`], which opens
//! the store.
//!
//! The store is a convenience: an error from it leaves it for the rest of the call
//! ([`InboxPost::why_left`] says why), and the questionnaire goes on in pi as without it.

use ask_user_question_store::host::{self, Inbox, Joining};
use napi::bindgen_prelude::{Function, Result};
use napi::threadsafe_function::ThreadsafeFunctionCallMode;
use napi_derive::napi;
use serde_json::Value;

use crate::tool::ToolResult;

/// The questionnaire of one call as posted to the inbox.
#[napi]
pub struct InboxPost {
    inbox: Inbox,
}

/// Posts `input` (the call's validated questions) as asked by `host` in `project` (a folder)
/// when joining applies (`ASK_USER_QUESTION_INBOX`: `1` always, `0` never, else while an inbox
/// runs; the store: `ASK_USER_QUESTION_STORE`, else the user's). `null` when not posted; throws
/// with why when the store cannot be used.
#[napi]
pub fn join_inbox(input: Value, host: String, project: String) -> Result<Option<InboxPost>> {
    let joined = host::open_store(Joining::from_flags(false, false), None, host)
        .map_err(|error| napi::Error::from_reason(host::without_it(&error)))?;
    let Some(joined) = joined else {
        return Ok(None);
    };
    let inbox = joined
        .post(&input, &project)
        .map_err(|error| napi::Error::from_reason(host::without_it(&error)))?;
    Ok(Some(InboxPost { inbox }))
}

#[napi]
impl InboxPost {
    /// Calls `callback` on pi's thread with the inbox's result (`details.answeredIn: "inbox"`)
    /// when the inbox answers first; never when pi's side settles or stops first, or the store
    /// fails. The callback does not keep Node running.
    #[napi]
    pub fn on_answer(&self, callback: Function<ToolResult, ()>) -> Result<()> {
        let callback = callback
            .build_threadsafe_function::<ToolResult>()
            .callee_handled::<false>()
            .weak::<true>()
            .build()?;
        let inbox = self.inbox.clone();
        std::thread::Builder::new()
            .name("ask-user-question-inbox".into())
            .spawn(move || {
                if let Some(result) = inbox.wait_for_answer() {
                    // The call has its answer: the beat stops (a settle or stop after it
                    // still reads the store).
                    inbox.finish();
                    callback.call(result.into(), ThreadsafeFunctionCallMode::NonBlocking);
                }
            })
            .map_err(|error| napi::Error::from_reason(format!("inbox: {error}")))?;
        Ok(())
    }

    /// Hands what pi's questionnaire holds (`Session.saved()`) over to be
    /// written soon; never waits on the store.
    #[napi]
    pub fn save(&self, saved: Value) {
        self.inbox.save(saved);
    }

    /// Offers pi's result from `surface`: the inbox's result when it answered first, `null`
    /// when pi's counts (or the store is gone).
    #[napi]
    pub fn settle(&self, surface: String, result: ToolResult) -> Option<ToolResult> {
        self.inbox
            .settle(&surface, &result.into())
            .map(ToolResult::from)
    }

    /// pi stops waiting with nobody's answer: the questionnaire leaves the inbox's list saying
    /// `why`, what was typed kept. The inbox's result when it answered first.
    #[napi]
    pub fn stop(&self, why: String) -> Option<ToolResult> {
        self.inbox.stop(&why).map(ToolResult::from)
    }

    /// Why the store was left during the call, if it was; once.
    #[napi]
    pub fn why_left(&self) -> Option<String> {
        self.inbox.why_left()
    }
}

impl Drop for InboxPost {
    /// Nobody can settle it any more: the beat stops, and the inbox ends it as stopped
    /// waiting once the beat is missed.
    fn drop(&mut self) {
        self.inbox.finish();
    }
}
