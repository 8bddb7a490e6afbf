//! MCP log messages (`notifications/message`), used to announce a web page's link to a client
//! without URL elicitation, at the level the client asked for with `logging/setLevel`.
//!
//! rmcp marks MCP logging deprecated (a later protocol version drops it), but the versions this
//! server speaks have it, and clients show these messages; hence the `allow(deprecated)`s.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

#[allow(deprecated)]
use rmcp::model::{LoggingLevel, LoggingMessageNotificationParam};
use rmcp::service::{Peer, RoleServer};
use serde_json::json;

/// The logger name clients show beside the message.
const LOGGER: &str = "ask-user-question";

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

    /// Sends `text` at level notice, unless the client asked for fewer messages.
    #[allow(deprecated)]
    pub async fn notice(&self, peer: &Peer<RoleServer>, text: &str) {
        if self.least.load(Ordering::Relaxed) > rank(LoggingLevel::Notice) {
            return;
        }
        let message: LoggingMessageNotificationParam = serde_json::from_value(json!({
            "level": "notice",
            "logger": LOGGER,
            "data": text,
        }))
        .expect("a log message");
        let _ = peer.notify_logging_message(message).await;
    }
}
