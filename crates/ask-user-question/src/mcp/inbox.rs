//! The MCP server as one of the inbox's hosts: a question asked in a popup or on a page is
//! also posted to the store, where a running inbox lists it under the client's name, and the
//! first answer wins (the store decides).
//!
//! The popup or page is asked as without the inbox, inside a relay: the inbox's answer closes
//! it and is the question's; its own answer is offered to the store, which may say the inbox
//! answered first. When the question closes with nobody's answer (its hold passed, the server
//! exits) it leaves the inbox's list as "<client> stopped waiting", what was typed kept there.

use std::sync::atomic::Ordering;

use question::ToolResult;
use serde_json::Value;
use tokio::sync::watch;

use super::waiting::{Asked, Asking};
use crate::inbox_host::{Inbox, Joined, Joining, open_store, post, say_why_left};

/// Whether and where the server posts its questions.
#[derive(Debug, Clone, Default)]
pub struct InboxSettings {
    pub always: bool,
    pub never: bool,
    pub store: Option<std::path::PathBuf>,
}

impl InboxSettings {
    /// The store to post a question of `client` to, now (an inbox may start or stop while the
    /// server runs).
    fn open(&self, client: &str) -> Option<Joined> {
        let joining = Joining::from_flags(self.always, self.never);
        open_store(joining, self.store.clone(), client.to_string())
    }
}

/// Posts the question of `input` for `client` when joining applies, and returns the asking
/// the popup or page is to finish: `asking` itself when nothing was posted.
pub fn join(
    settings: &InboxSettings,
    client: &str,
    input: &Value,
    surface: &'static str,
    asking: Asking,
) -> Asking {
    // Opening the store may wait on its lock for a moment: off the runtime's async threads.
    let posted = tokio::task::block_in_place(|| {
        settings.open(client).and_then(|joined| post(joined, input))
    });
    let Some(posted) = posted else {
        return asking;
    };
    let (inner, mut inner_outcome) = asking.inner();
    let closing = inner.close.clone();
    let answered_in_inbox = inner.answered_in_inbox.clone();
    tokio::spawn(async move {
        let watching = posted.clone();
        let mut from_inbox = tokio::task::spawn_blocking(move || watching.wait_for_answer());
        let asked = tokio::select! {
            answered = &mut from_inbox => match answered {
                Ok(Some(result)) => {
                    // The inbox answered: the popup or page closes, its own result unused.
                    answered_in_inbox.store(true, Ordering::SeqCst);
                    closing.cancel();
                    let _ = inner_outcome.wait_for(Option::is_some).await;
                    Ok(result)
                }
                // The store is gone or the question ended there: the popup or page goes on.
                _ => outcome_of(&mut inner_outcome).await,
            },
            asked = outcome_of(&mut inner_outcome) => {
                posted.finish();
                let _ = from_inbox.await;
                let nobodys = asking.close.is_cancelled();
                let stopping = posted.clone();
                let winner = tokio::task::spawn_blocking(move || offer(&stopping, surface, &asked, nobodys).map(Ok).unwrap_or(asked))
                    .await;
                match winner {
                    Ok(asked) => asked,
                    Err(_) => Err("the inbox's store could not be reached".into()),
                }
            }
        };
        say_why_left(&posted);
        asking.finish(asked);
    });
    inner
}

async fn outcome_of(outcome: &mut watch::Receiver<Option<Asked>>) -> Asked {
    match outcome.wait_for(Option::is_some).await {
        Ok(asked) => asked.clone().expect("waited for it"),
        Err(_) => Err("the question's asking ended without an outcome".into()),
    }
}

/// The popup's or page's outcome offered to the store: the inbox's result when it answered
/// first. A question closed with nobody's answer (`nobodys`: its hold passed, the server
/// exits) or one that failed leaves the list instead.
fn offer(posted: &Inbox, surface: &str, asked: &Asked, nobodys: bool) -> Option<ToolResult> {
    match asked {
        Ok(result) if !nobodys => posted.settle(surface, result),
        _ => posted.stop(&format!("{} stopped waiting", posted.host())),
    }
}
