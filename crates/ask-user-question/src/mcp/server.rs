//! The MCP server's handler: lists the tool and answers its calls.
//!
//! A call through the client's form is asked inside the call (forms take turns). A popup or a
//! page is asked on a task of its own and outlives a call that gives up (see [`waiting`]): the
//! call attaches to it, sends progress while it waits when the client asked for progress, and
//! a repeated call with the same questionnaire finds the same question or its answer.

use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use question::{AnswerState, Questionnaire, ResultOptions, TOOL_NAME, ToolResult};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CustomRequest, CustomResult,
    ElicitRequestParams, ElicitationAction, ElicitationSchema, ErrorCode, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion, ServerConfig, ServerResult,
};
use rmcp::service::{ElicitationMode, RequestContext, RoleServer};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::call;
use super::form::{self, Form};
use super::inbox::{self, InboxSettings};
use super::log::Log;
use super::page::{self, PageSettings, Pages};
use super::popup::{self, CliArgs, OpenPopups};
use super::rounds::Rounds;
use super::route::{self, ASK_IN_PROSE, Announce, Reach, Route, Via};
use super::tasks::Closers;
use super::waiting::{self, Found, Ticket, Waiting};

/// How often a call that asked for progress hears that the person is still being asked: well
/// inside the 10 s a client may wait between notifications, at a few hundred bytes each.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// A decline faster than this did not come from a person: reading a form takes longer. Clients
/// that decline every form unseen answer within a few milliseconds; a person, in seconds.
pub const UNSEEN_DECLINE: Duration = Duration::from_millis(800);

/// What the operator set when starting the server.
#[derive(Debug, Clone)]
pub struct Settings {
    pub via: Option<Via>,
    pub timeout: Option<Duration>,
    /// The CLI's arguments for a questionnaire in a popup.
    pub cli_args: CliArgs,
    pub page: PageSettings,
    /// How long questions and answers wait for a call.
    pub timing: waiting::Timing,
    /// How long a form sent in an `input_required` result may take to come back.
    pub round_trip_ttl: Duration,
    /// Whether and where popups' and pages' questions are posted to the inbox.
    pub inbox: InboxSettings,
}

/// The server: its settings, the questions open now, and the log level the client asked for.
#[derive(Clone)]
pub struct Server {
    settings: Arc<Settings>,
    /// Forms take turns: the client shows one at a time.
    forms: Arc<Mutex<()>>,
    /// Popups take turns: the tmux client shows one at a time.
    popups: Arc<Mutex<()>>,
    pub open: OpenPopups,
    pub pages: Pages,
    pub waiting: Waiting,
    /// Closes the questions of tasks the client cancelled.
    pub closers: Closers,
    /// Forms of protocol revision 2026-07-28 and their sealed states.
    rounds: Arc<Rounds>,
    log: Log,
    /// The client declined a form faster than a person could have read it: it does not show
    /// forms, so the next calls go the next way at once.
    forms_unseen: Arc<AtomicBool>,
}

/// How a form went.
enum FormReply {
    Answered(ToolResult),
    /// Declined faster than a person could read it.
    Unseen,
}

impl Server {
    /// Fails only when the OS gives no randomness for the forms' key.
    pub fn new(settings: Settings) -> std::io::Result<Server> {
        let timing = settings.timing;
        let rounds = Arc::new(Rounds::new(settings.round_trip_ttl)?);
        Ok(Server {
            settings: Arc::new(settings),
            forms: Arc::default(),
            popups: Arc::default(),
            open: OpenPopups::default(),
            pages: Pages::default(),
            waiting: Waiting::new(timing),
            closers: Closers::default(),
            rounds,
            log: Log::default(),
            forms_unseen: Arc::default(),
        })
    }

    /// A call of the tool: the result for the model, or (protocol 2026-07-28) the form it is to
    /// fill in and call again with.
    async fn call(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        if !modern(context) {
            return Ok(self.ask(arguments, context).await.into());
        }
        let questionnaire = match question::validate(&arguments) {
            Ok(questionnaire) => questionnaire,
            Err(issues) => return Ok(tool_result(question::invalid_result(issues), true).into()),
        };
        let Some(state) = &request.request_state else {
            let reach = self.reach(context);
            return Ok(
                match route::choose(self.settings.via, reach, &questionnaire) {
                    Ok(Route::Form(form)) => self.rounds.ask(&form, &arguments).into(),
                    Ok(route) => self
                        .ask_held(&arguments, questionnaire, route, context)
                        .await
                        .into(),
                    Err(why) => no_ui(questionnaire, why).into(),
                },
            );
        };
        let reply = self
            .rounds
            .reply(state, request.input_responses.as_ref(), &arguments)?;
        let form = Form::of(&questionnaire)
            .map_err(|why| McpError::invalid_params(why.to_string(), None))?;
        let result = match (reply.action.as_str(), reply.content) {
            ("accept", content) => form.submitted(&questionnaire, &content.unwrap_or(json!({}))),
            _ if reply.after < UNSEEN_DECLINE => {
                return Ok(self
                    .ask_past_unseen_form(&arguments, questionnaire, context)
                    .await
                    .into());
            }
            _ => form::cancelled(&questionnaire),
        };
        Ok(tool_result(result, false).into())
    }

    /// What the client can show, as it declared it (per request in protocol 2026-07-28), and
    /// whether the server runs inside tmux.
    fn reach(&self, context: &RequestContext<RoleServer>) -> Reach {
        let modes = match context.meta.client_capabilities() {
            Some(capabilities) => {
                let mut modes = std::collections::HashSet::new();
                if let Some(elicitation) = &capabilities.elicitation {
                    if elicitation.form.is_some() || elicitation.url.is_none() {
                        modes.insert(ElicitationMode::Form);
                    }
                    if elicitation.url.is_some() {
                        modes.insert(ElicitationMode::Url);
                    }
                }
                modes
            }
            None => context.peer.supported_elicitation_modes(),
        };
        Reach {
            client_form: modes.contains(&ElicitationMode::Form)
                && !self.forms_unseen.load(Ordering::Relaxed),
            tmux: std::env::var_os("TMUX").is_some_and(|v| !v.is_empty()),
            // A URL elicitation is a request of the server's own, which 2026-07-28 has none of:
            // the link goes the other way there.
            client_url: modes.contains(&ElicitationMode::Url) && !modern(context),
        }
    }

    /// The server for one more client of this process (an HTTP session): the questions,
    /// popups, pages and the popups' turns shared with the others; the log level, the mark of
    /// a client that does not show forms, and the forms' turns (each client shows its own)
    /// its own.
    pub fn for_session(&self) -> Server {
        Server {
            forms: Arc::default(),
            log: Log::default(),
            forms_unseen: Arc::default(),
            ..self.clone()
        }
    }

    /// A call of the tool with `arguments` in a protocol revision with `initialize`, where the
    /// server may ask the client during the call: the result for the model.
    async fn ask(&self, arguments: Value, context: &RequestContext<RoleServer>) -> CallToolResult {
        let questionnaire = match question::validate(&arguments) {
            Ok(questionnaire) => questionnaire,
            Err(issues) => return tool_result(question::invalid_result(issues), true),
        };
        let reach = self.reach(context);
        let route = match route::choose(self.settings.via, reach, &questionnaire) {
            Ok(route) => route,
            Err(why) => return no_ui(questionnaire, why),
        };
        let Route::Form(form) = route else {
            return self
                .ask_held(&arguments, questionnaire, route, context)
                .await;
        };
        let cancel = &context.ct;
        let turn = tokio::select! {
            turn = self.forms.lock() => turn,
            () = cancel.cancelled() => return tool_result(aborted(&questionnaire), false),
        };
        match self.ask_in_form(&form, &questionnaire, context).await {
            FormReply::Answered(result) => tool_result(result, false),
            FormReply::Unseen => {
                drop(turn);
                self.ask_past_unseen_form(&arguments, questionnaire, context)
                    .await
            }
        }
    }

    /// The client declined a form faster than a person could read it: this call and the next
    /// ones go the next way (a popup, a page).
    async fn ask_past_unseen_form(
        &self,
        arguments: &Value,
        questionnaire: Questionnaire,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        self.forms_unseen.store(true, Ordering::Relaxed);
        let reach = self.reach(context);
        match route::choose(None, reach, &questionnaire) {
            Ok(route) => {
                self.ask_held(arguments, questionnaire, route, context)
                    .await
            }
            Err(why) => no_ui(questionnaire, why),
        }
    }

    /// Asks in a popup or on a page that outlives the call: attaches to the question open with
    /// the same arguments, or takes the answer given to it meanwhile, or opens it.
    async fn ask_held(
        &self,
        arguments: &Value,
        questionnaire: Questionnaire,
        route: Route,
        context: &RequestContext<RoleServer>,
    ) -> CallToolResult {
        let (found, asking) = self.waiting.find(&waiting::key(arguments));
        let mut ticket = match found {
            Found::Answer(result) => return tool_result(result, false),
            Found::Question(ticket) => ticket,
        };
        if let Some(asking) = asking {
            let surface = if matches!(route, Route::Tmux) {
                "tmux"
            } else {
                "web"
            };
            let asking = inbox::join(
                &self.settings.inbox,
                &client_name(context),
                arguments,
                surface,
                asking,
            );
            match route {
                Route::Tmux => {
                    let (input, questionnaire) = (arguments.clone(), questionnaire.clone());
                    let (args, open) = (self.settings.cli_args.clone(), self.open.clone());
                    let popups = self.popups.clone();
                    tokio::spawn(async move {
                        let _turn = tokio::select! {
                            turn = popups.lock() => turn,
                            () = asking.close.cancelled() => {
                                let result = AnswerState::new(questionnaire)
                                    .build_result(ResultOptions::cancelled());
                                return asking.finish(Ok(result));
                            }
                        };
                        let asked =
                            popup::ask(&input, &questionnaire, &args, &open, &asking.close).await;
                        asking.finish(asked);
                    });
                }
                Route::Web(_) => {
                    if let Ok(url) =
                        page::serve(&questionnaire, &self.settings.page, &self.pages, asking)
                    {
                        ticket.set_link(&url);
                    }
                }
                Route::Form(_) => unreachable!("forms are asked inside the call"),
            }
        }
        let announce = match route {
            Route::Web(announce) => announce,
            // A call that finds a page where it would ask in a popup is told its link too.
            _ => Announce::Elsewhere,
        };
        match self.wait(ticket, &questionnaire, announce, context).await {
            Some(Ok(result)) => tool_result(result, false),
            Some(Err(why)) => {
                let how = if matches!(route, Route::Tmux) {
                    "could not open its tmux popup"
                } else {
                    "could not serve its web page"
                };
                no_ui(
                    questionnaire,
                    format!("ask_user_question {how}: {why}. {ASK_IN_PROSE}"),
                )
            }
            // The call was cancelled; its response is not sent.
            None => tool_result(aborted(&questionnaire), false),
        }
    }

    /// Waits on `ticket` for this call: the page's link announced to it, progress while it
    /// waits, until the question's outcome or the call's cancel (`None`).
    async fn wait(
        &self,
        mut ticket: Ticket,
        questionnaire: &Questionnaire,
        announce: Announce,
        context: &RequestContext<RoleServer>,
    ) -> Option<waiting::Asked> {
        let link = ticket.link.clone();
        let elicitation_id = page::next_elicitation_id();
        let announced = async {
            match &link {
                Some(url) => {
                    page::announce(
                        questionnaire,
                        url,
                        &self.settings.page,
                        announce,
                        &elicitation_id,
                        &self.log,
                        context,
                    )
                    .await
                }
                None => std::future::pending().await,
            }
        };
        tokio::pin!(announced);
        let progress = context.meta.get_progress_token();
        let place = if link.is_some() {
            "in the browser"
        } else {
            "in a tmux popup"
        };
        let started = Instant::now();
        let mut ticks =
            tokio::time::interval_at(tokio::time::Instant::now() + PROGRESS_EVERY, PROGRESS_EVERY);
        let mut declined = false;
        // A task's call whose task was cancelled: the question closes now, and its result
        // (with what was typed) is the task's.
        let task_cancel = self.closers.of(&context.id.to_string());
        let task_cancelled = async {
            match &task_cancel {
                Some(token) => token.cancelled().await,
                None => std::future::pending().await,
            }
        };
        tokio::pin!(task_cancelled);
        let mut closing = false;
        let asked = loop {
            tokio::select! {
                asked = ticket.outcome() => break Some(asked),
                () = &mut task_cancelled, if !closing => {
                    closing = true;
                    ticket.close_now();
                }
                () = &mut announced, if !declined => {
                    // The person turned the link down: the page closes, with what it holds.
                    declined = true;
                    ticket.close_now();
                }
                _ = ticks.tick(), if progress.is_some() => {
                    let token = progress.clone().expect("checked");
                    let waited = started.elapsed().as_secs();
                    let message = format!(
                        "Waiting for the person to answer {place} ({} min {:02} s so far)",
                        waited / 60,
                        waited % 60
                    );
                    let note = ProgressNotificationParam::new(token, waited as f64)
                        .with_message(message);
                    let _ = context.peer.notify_progress(note).await;
                }
                () = context.ct.cancelled() => break None,
            }
        };
        if asked.is_none() {
            ticket.give_up();
        } else if link.is_some() && announce == Announce::ClientUrl {
            page::completed(&elicitation_id, context).await;
        }
        asked
    }

    /// Asks through the client's form; a decline or a dismissal is the cancelled result, unless
    /// it came back faster than a person could have read the form.
    async fn ask_in_form(
        &self,
        form: &Form,
        questionnaire: &Questionnaire,
        context: &RequestContext<RoleServer>,
    ) -> FormReply {
        // The form's own tests check that rmcp reads every form it builds.
        let schema: ElicitationSchema =
            serde_json::from_value(form.schema.clone()).expect("an elicitation schema");
        let params = ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: form.message.clone(),
            requested_schema: schema,
        };
        let limit = self.settings.timeout.unwrap_or(Duration::MAX);
        let asked = Instant::now();
        let reply = tokio::select! {
            reply = context.peer.create_elicitation_with_timeout(params, self.settings.timeout) => reply,
            () = context.ct.cancelled() => return FormReply::Answered(aborted(questionnaire)),
            () = tokio::time::sleep(limit) => {
                let result = AnswerState::new(questionnaire.clone()).build_result(ResultOptions::timed_out());
                return FormReply::Answered(result);
            }
        };
        let answered = match reply {
            Ok(reply) => match (reply.action, reply.content) {
                (ElicitationAction::Accept, Some(content)) => {
                    form.submitted(questionnaire, &content)
                }
                (ElicitationAction::Accept, None) => form.submitted(questionnaire, &json!({})),
                _ if asked.elapsed() < UNSEEN_DECLINE => return FormReply::Unseen,
                _ => form::cancelled(questionnaire),
            },
            Err(rmcp::ServiceError::Timeout { .. }) => {
                AnswerState::new(questionnaire.clone()).build_result(ResultOptions::timed_out())
            }
            Err(_) => form::cancelled(questionnaire),
        };
        FormReply::Answered(answered)
    }
}

/// The `no_ui` tool error with `why` (which says to ask in prose).
fn no_ui(questionnaire: Questionnaire, why: String) -> CallToolResult {
    let mut result = AnswerState::new(questionnaire).build_result(ResultOptions::no_ui());
    result.content = why;
    tool_result(result, true)
}

/// The result of a call the client cancelled before anything was answered.
fn aborted(questionnaire: &question::Questionnaire) -> ToolResult {
    AnswerState::new(questionnaire.clone()).build_result(ResultOptions::aborted())
}

/// Who asks, as the inbox lists it: the client's title or name.
fn client_name(context: &RequestContext<RoleServer>) -> String {
    context
        .peer
        .peer_info()
        .map(|info| {
            let client = &info.client_info;
            client.title.clone().unwrap_or_else(|| client.name.clone())
        })
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| "MCP client".to_string())
}

/// Whether the request of `context` is of revision 2026-07-28 or later, where the server sends
/// no requests of its own and a call asks for input in its result.
pub fn modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// `{content: [text], structuredContent: details, isError}` for the model. `resultType` is what revision 2026-07-28 requires; rmcp drops it for
/// clients of older revisions.
fn tool_result(result: ToolResult, is_error: bool) -> CallToolResult {
    let value = json!({
        "resultType": "complete",
        "content": [{ "type": "text", "text": result.content }],
        "structuredContent": result.details,
        "isError": is_error,
    });
    serde_json::from_value(value).expect("a tool result")
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        serde_json::from_value(json!({
            "protocolVersion": ProtocolVersion::LATEST_WITH_INITIALIZE,
            "capabilities": { "tools": {}, "logging": {} },
            "serverInfo": { "name": "ask-user-question", "title": "Ask user", "version": env!("CARGO_PKG_VERSION") },
            "instructions": question::PROMPT_GUIDELINES.join("\n"),
        }))
        .expect("server info")
    }

    /// Every version up to 2026-07-28: those with `initialize`, where the server asks the
    /// client during a call, and 2026-07-28, where a call answers with the form to fill in.
    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(&ProtocolVersion::V_2026_07_28))
    }

    /// `logging/setLevel`: the web page's link is announced in a log message at level notice.
    #[allow(deprecated)]
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.log.set_level(request.level);
        Ok(())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        serde_json::from_value(json!({
            "resultType": "complete",
            "tools": [super::tool::definition()],
        }))
        .map_err(|error| McpError::internal_error(error.to_string(), None))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        if request.name != TOOL_NAME {
            return Err(McpError::invalid_params(
                format!(
                    "unknown tool {:?}; this server has only {TOOL_NAME}",
                    request.name
                ),
                None,
            ));
        }
        self.call(request, &context).await
    }

    /// A `tools/call` whose parameters rmcp could not read comes here: mended and called, or
    /// refused as invalid params rather than as an unknown method.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        if request.method != call::METHOD {
            return Err(McpError::new(
                ErrorCode::METHOD_NOT_FOUND,
                request.method,
                None,
            ));
        }
        let params = call::mended(request.params)?;
        let legacy = !modern(&context);
        let mut result = ServerResult::from(self.call_tool(params, context).await?);
        // What rmcp does for a call it read itself.
        if legacy {
            result.strip_result_type_for_legacy_peer();
            result.strip_non_object_output_for_legacy_peer();
        }
        serde_json::to_value(result)
            .map(CustomResult)
            .map_err(|error| McpError::internal_error(error.to_string(), None))
    }
}
