//! Tasks as protocol revision 2025-11-25 has them, for a client that asks for one: `tools/call`
//! with `params.task` answers at once with the task, `tasks/get` and `tasks/list` report it,
//! `tasks/result` waits for the call's result, `tasks/cancel` closes what it opened (its result
//! keeping the answers and drafts), and its `ttl` is kept.
//!
//! rmcp knows only the later Tasks extension, and drops `params.task` when it reads a call, so
//! this sits between standard input and output and rmcp, reading JSON-RPC lines: the call goes on
//! to rmcp under an id of its own, and its response becomes the task's result. The server is told
//! of a `tasks/cancel` through [`Closers`]: rmcp drops the response of a request it was told is
//! cancelled, and the result with the drafts is what the task ends with.

use std::collections::HashMap;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// How often a client is asked to poll `tasks/get`.
const POLL_INTERVAL_MS: u64 = 1000;
/// The most a task is kept when the client asks for no `ttl`: a day, longer than a person
/// leaves a question waiting.
const DEFAULT_TTL_MS: u64 = 24 * 60 * 60 * 1000;
/// The prefix of the ids the calls of tasks go to rmcp under.
const TASK_ID_PREFIX: &str = "ask-user-question-task-";

/// Closes the question of a task's call at once: the server looks up its request's id here.
#[derive(Clone, Default)]
pub struct Closers {
    tokens: Arc<Mutex<HashMap<String, CancellationToken>>>,
}

impl Closers {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, CancellationToken>> {
        self.tokens
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The token that closes the question of request `id`, if it is a task's call.
    pub fn of(&self, id: &str) -> Option<CancellationToken> {
        self.lock().get(id).cloned()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Working,
    Completed,
    Cancelled,
    Failed,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Working => "working",
            Status::Completed => "completed",
            Status::Cancelled => "cancelled",
            Status::Failed => "failed",
        }
    }
}

struct Task {
    status: Status,
    /// The call's JSON-RPC response (`result` or `error`), once it came.
    response: Option<Value>,
    created_at: String,
    updated_at: String,
    created: Instant,
    ttl_ms: u64,
    /// `tasks/result` requests waiting for the response.
    waiting: Vec<Value>,
}

impl Task {
    fn wire(&self, id: &str) -> Value {
        let mut task = json!({
            "taskId": id,
            "status": self.status.name(),
            "ttl": self.ttl_ms,
            "createdAt": self.created_at,
            "lastUpdatedAt": self.updated_at,
            "pollInterval": POLL_INTERVAL_MS,
        });
        if self.status == Status::Working {
            task["statusMessage"] = json!("Waiting for the person to answer");
        }
        task
    }

    fn expired(&self) -> bool {
        self.created.elapsed() >= Duration::from_millis(self.ttl_ms)
    }
}

#[derive(Default)]
struct State {
    tasks: HashMap<String, Task>,
    next: u64,
    /// The client declared it can make tasks (`capabilities.tasks` at `initialize`).
    client_tasks: bool,
    /// The id of the client's `initialize`, whose response gets the tasks capability.
    initialize: Option<Value>,
    /// The id of the client's `tools/list` requests, whose responses mark the tool.
    tool_lists: Vec<Value>,
}

/// rmcp's transport on `reader` and `writer` (standard input and output) with tasks.
pub struct TaskTransport {
    lines: tokio::io::Lines<BufReader<Box<dyn AsyncRead + Send + Unpin>>>,
    out: mpsc::UnboundedSender<String>,
    state: Arc<Mutex<State>>,
    closers: Closers,
    /// Runs when standard input ends, before rmcp waits (up to 5 s) for the calls in flight.
    on_end: Option<Box<dyn FnOnce() + Send>>,
}

impl TaskTransport {
    pub fn new(
        reader: impl AsyncRead + Send + Unpin + 'static,
        writer: impl AsyncWrite + Send + Unpin + 'static,
        closers: Closers,
    ) -> TaskTransport {
        let (out, mut lines) = mpsc::unbounded_channel::<String>();
        let mut writer = writer;
        tokio::spawn(async move {
            while let Some(line) = lines.recv().await {
                if writer.write_all(line.as_bytes()).await.is_err()
                    || writer.write_all(b"\n").await.is_err()
                    || writer.flush().await.is_err()
                {
                    break;
                }
            }
        });
        let reader: Box<dyn AsyncRead + Send + Unpin> = Box::new(reader);
        let state: Arc<Mutex<State>> = Arc::default();
        // A task's ttl holds while the client says nothing, too.
        let (weak, expiring) = (Arc::downgrade(&state), closers.clone());
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(1));
            loop {
                ticks.tick().await;
                let Some(state) = weak.upgrade() else { return };
                expire(&state, &expiring);
            }
        });
        TaskTransport {
            lines: BufReader::new(reader).lines(),
            out,
            state,
            closers,
            on_end: None,
        }
    }

    /// Runs `end` once standard input ends: the server closes what it asks then, so the calls
    /// in flight end at once rather than after rmcp's wait for them.
    pub fn on_end(mut self, end: impl FnOnce() + Send + 'static) -> TaskTransport {
        self.on_end = Some(Box::new(end));
        self
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    fn reply(&self, id: &Value, result: Value) {
        let message = json!({"jsonrpc": "2.0", "id": id, "result": result});
        let _ = self.out.send(message.to_string());
    }

    fn refuse(&self, id: &Value, code: i64, message: String) {
        let message =
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}});
        let _ = self.out.send(message.to_string());
    }

    /// A message from the client: handled here (`Ok(None)`), or what rmcp is to read.
    fn incoming(&mut self, mut message: Value) -> Option<Value> {
        self.expire();
        let method = message["method"].as_str().unwrap_or_default().to_string();
        let id = message.get("id").cloned();
        match (method.as_str(), id) {
            ("initialize", Some(id)) => {
                let mut state = self.state();
                state.client_tasks = message["params"]["capabilities"]["tasks"].is_object();
                state.initialize = Some(id);
                Some(message)
            }
            ("tools/list", Some(id)) => {
                self.state().tool_lists.push(id);
                Some(message)
            }
            ("tools/call", Some(id)) if message["params"]["task"].is_object() => {
                let ttl_ms = message["params"]["task"]["ttl"]
                    .as_u64()
                    .unwrap_or(DEFAULT_TTL_MS);
                message["params"]
                    .as_object_mut()
                    .map(|params| params.remove("task"));
                let now = timestamp();
                let task = Task {
                    status: Status::Working,
                    response: None,
                    created_at: now.clone(),
                    updated_at: now,
                    created: Instant::now(),
                    ttl_ms,
                    waiting: Vec::new(),
                };
                let task_id = {
                    let mut state = self.state();
                    state.next += 1;
                    let task_id = format!("{TASK_ID_PREFIX}{}", state.next);
                    self.reply(&id, json!({ "task": task.wire(&task_id) }));
                    state.tasks.insert(task_id.clone(), task);
                    task_id
                };
                self.closers
                    .lock()
                    .insert(task_id.clone(), CancellationToken::new());
                message["id"] = json!(task_id);
                Some(message)
            }
            ("tasks/get" | "tasks/result" | "tasks/cancel", Some(id)) => {
                let task_id = message["params"]["taskId"].as_str().unwrap_or_default();
                self.task_request(&method, task_id, id);
                None
            }
            ("tasks/list", Some(id)) => {
                let state = self.state();
                let tasks: Vec<Value> = state
                    .tasks
                    .iter()
                    .map(|(task_id, task)| task.wire(task_id))
                    .collect();
                self.reply(&id, json!({ "tasks": tasks }));
                None
            }
            _ => Some(message),
        }
    }

    fn task_request(&self, method: &str, task_id: &str, id: Value) {
        let mut state = self.state();
        let Some(task) = state.tasks.get_mut(task_id) else {
            return self.refuse(
                &id,
                -32602,
                format!("no task {task_id:?} (unknown, or past its ttl)"),
            );
        };
        match method {
            "tasks/get" => self.reply(&id, task.wire(task_id)),
            "tasks/result" => match &task.response {
                Some(response) => {
                    let _ = self.out.send(answer_to(&id, response).to_string());
                }
                None => task.waiting.push(id),
            },
            _ => {
                if task.status == Status::Working {
                    task.status = Status::Cancelled;
                    task.updated_at = timestamp();
                    // The question closes; its result, with the drafts, becomes the task's.
                    if let Some(close) = self.closers.of(task_id) {
                        close.cancel();
                    }
                }
                self.reply(&id, task.wire(task_id));
            }
        }
    }

    fn expire(&self) {
        expire(&self.state, &self.closers);
    }
}

/// Tasks past their ttl go, their questions closed.
fn expire(state: &Mutex<State>, closers: &Closers) {
    {
        let mut state = lock(state);
        let expired: Vec<String> = state
            .tasks
            .iter()
            .filter(|(_, task)| task.expired())
            .map(|(task_id, _)| task_id.clone())
            .collect();
        for task_id in expired {
            state.tasks.remove(&task_id);
            if let Some(close) = closers.lock().remove(&task_id) {
                close.cancel();
            }
        }
    }
}

/// A response with `id` carrying what `response` (a JSON-RPC response) carries.
fn answer_to(id: &Value, response: &Value) -> Value {
    let mut answer = response.clone();
    answer["id"] = id.clone();
    answer
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The time now, as tasks report it (RFC 3339, UTC).
fn timestamp() -> String {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let (days, rest) = (since.as_secs() / 86_400, since.as_secs() % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

/// The calendar date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// What rmcp sends, as the client is to see it: a task's call's response kept as its result,
/// the tasks capability added to `initialize`'s response for a client that makes tasks, and the
/// tool marked as one that may run as a task.
fn outgoing(state: &Arc<Mutex<State>>, closers: &Closers, mut message: Value) -> Option<Value> {
    let mut state = lock(state);
    let id = message.get("id").cloned().unwrap_or(Value::Null);
    if let Some(task_id) = id.as_str().filter(|id| id.starts_with(TASK_ID_PREFIX)) {
        if message.get("method").is_some() {
            return Some(message);
        }
        closers.lock().remove(task_id);
        if let Some(task) = state.tasks.get_mut(task_id) {
            if task.status == Status::Working {
                task.status = if message.get("error").is_some() {
                    Status::Failed
                } else {
                    Status::Completed
                };
            }
            task.updated_at = timestamp();
            task.response = Some(message.clone());
        }
        return None;
    }
    if state.initialize.as_ref() == Some(&id) && message.get("result").is_some() {
        state.initialize = None;
        if state.client_tasks {
            message["result"]["capabilities"]["tasks"] =
                json!({"list": {}, "cancel": {}, "requests": {"tools": {"call": {}}}});
        }
    }
    if let Some(at) = state.tool_lists.iter().position(|list| *list == id) {
        state.tool_lists.remove(at);
        if let Some(tools) = message["result"]["tools"].as_array_mut() {
            for tool in tools {
                tool["execution"] = json!({"taskSupport": "optional"});
            }
        }
    }
    Some(message)
}

impl Transport<RoleServer> for TaskTransport {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), io::Error>> + Send + 'static {
        let (state, closers, out) = (self.state.clone(), self.closers.clone(), self.out.clone());
        async move {
            let message = serde_json::to_value(&item).map_err(io::Error::other)?;
            let waiting = task_waiters(&state, &message);
            if let Some(message) = outgoing(&state, &closers, message.clone()) {
                out.send(message.to_string()).map_err(io::Error::other)?;
            }
            for id in waiting {
                let _ = out.send(answer_to(&id, &message).to_string());
            }
            Ok(())
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            let line = match self.lines.next_line().await {
                Ok(Some(line)) => line,
                Ok(None) | Err(_) => {
                    if let Some(end) = self.on_end.take() {
                        end();
                    }
                    return None;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let value = match question::parse_json(&line) {
                Ok(value) => value,
                Err(error) => {
                    self.refuse(&Value::Null, -32700, format!("not JSON: {error}"));
                    continue;
                }
            };
            let Some(value) = self.incoming(value) else {
                continue;
            };
            match serde_json::from_value(value.clone()) {
                Ok(message) => return Some(message),
                Err(error) => {
                    let id = value.get("id").cloned().unwrap_or(Value::Null);
                    self.refuse(&id, -32600, format!("not a JSON-RPC message: {error}"));
                }
            }
        }
    }

    async fn close(&mut self) -> Result<(), io::Error> {
        Ok(())
    }
}

/// The `tasks/result` requests waiting on the task whose call `message` answers.
fn task_waiters(state: &Arc<Mutex<State>>, message: &Value) -> Vec<Value> {
    let id = message
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if message.get("method").is_some() || !id.starts_with(TASK_ID_PREFIX) {
        return Vec::new();
    }
    lock(state)
        .tasks
        .get_mut(id)
        .map(|task| std::mem::take(&mut task.waiting))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc_3339() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_790), (2026, 12, 3));
        let now = timestamp();
        assert_eq!(now.len(), "2026-12-03T18:53:15.123Z".len(), "{now}");
        assert!(now.ends_with('Z'));
    }
}
