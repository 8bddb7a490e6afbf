//! MCP log messages (`notifications/message`), used to announce a web page's link to a client
//! without URL elicitation, at the level the client asked for with `logging/setLevel`, or, in
//! revision 2026-07-28, only to a request that opts in through its `_meta`
//! (`io.modelcontextprotocol/logLevel`).
//!
//! rmcp marks MCP logging deprecated (a later protocol version drops it), but the versions this
//! server speaks have it, and clients show these messages; hence the `allow(deprecated)`s.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

#[allow(deprecated)]
use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;

/// The logger name clients show beside the message.
const LOGGER: &str = "ask-user-question";

/// Where a request of revision 2026-07-28 says which log messages it wants.
const LOG_LEVEL_META: &str = "io.modelcontextprotocol/logLevel";

/// The least severe level the client wants (until it says, every message is sent).
#[derive(Debug, Clone, Default)]
pub struct Log {
    least: Arc<AtomicU8>,
}

#[allow(deprecated)]
fn rank(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

impl Log {
    /// `logging/setLevel`: only messages at `level` or more severe from now on.
    #[allow(deprecated)]
    pub fn set_level(&self, level: LoggingLevel) {
        self.least.store(rank(level), Ordering::Relaxed);
    }

    /// The least severe level the request of `context` wants: its own opt-in, else (before
    /// revision 2026-07-28) the session's; a 2026-07-28 request that did not opt in wants none.
    #[allow(deprecated)]
    fn least_for(&self, context: &RequestContext<RoleServer>) -> Option<u8> {
        if let Some(level) = context.meta.get(LOG_LEVEL_META) {
            return serde_json::from_value::<LoggingLevel>(level.clone())
                .ok()
                .map(rank);
        }
        (!super::server::modern(context)).then(|| self.least.load(Ordering::Relaxed))
    }

    /// Sends `text` at level notice to the request of `context`, unless it asked for fewer
    /// messages.
    #[allow(deprecated)]
    pub async fn notice(&self, context: &RequestContext<RoleServer>, text: &str) {
        if self
            .least_for(context)
            .is_none_or(|least| least > rank(LoggingLevel::Notice))
        {
            return;
        }
        let message: LoggingMessageNotificationParam = serde_json::from_value(json!({
            "level": "notice",
            "logger": LOGGER,
            "data": text,
        }))
        .expect("a log message");
        let _ = context.peer.notify_logging_message(message).await;
    }
}
