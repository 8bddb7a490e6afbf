//! The MCP server's handler: lists the tool and answers its calls, one questionnaire at a time.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use question::{AnswerState, ResultOptions, TOOL_NAME, ToolResult};
use rmcp::ErrorData as McpError;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ElicitRequestParams,
    ElicitationAction, ElicitationSchema, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ServerConfig,
};
use rmcp::service::{ElicitationMode, RequestContext, RoleServer};
use serde_json::{Value, json};
use tokio::sync::Mutex;

use super::form::{self, Form};
use super::log::Log;
use super::page::{self, PageSettings, Pages};
use super::popup::{self, CliArgs, OpenPopups};
use super::route::{self, ASK_IN_PROSE, Reach, Route, Via};

/// What the operator set when starting the server.
#[derive(Debug, Clone)]
pub struct Settings {
    pub via: Option<Via>,
    pub timeout: Option<Duration>,
    /// The CLI's arguments for a questionnaire in a popup.
    pub cli_args: CliArgs,
    pub page: PageSettings,
}

/// The server: its settings, the turn every call waits for, the popups and page open now, and
/// the log level the client asked for.
#[derive(Clone)]
pub struct Server {
    settings: Arc<Settings>,
    turn: Arc<Mutex<()>>,
    pub open: OpenPopups,
    pub pages: Pages,
    log: Log,
}

impl Server {
    pub fn new(settings: Settings) -> Server {
        Server {
            settings: Arc::new(settings),
            turn: Arc::new(Mutex::new(())),
            open: OpenPopups::default(),
            pages: Pages::default(),
            log: Log::default(),
        }
    }

    /// A call of the tool with `arguments`: the result for the model.
    async fn ask(&self, arguments: Value, context: &RequestContext<RoleServer>) -> CallToolResult {
        let questionnaire = match question::validate(&arguments) {
            Ok(questionnaire) => questionnaire,
            Err(issues) => return tool_result(question::invalid_result(issues), true),
        };
        let modes = context.peer.supported_elicitation_modes();
        let reach = Reach {
            client_form: modes.contains(&ElicitationMode::Form),
            tmux: std::env::var_os("TMUX").is_some_and(|v| !v.is_empty()),
            client_url: modes.contains(&ElicitationMode::Url),
        };
        let route = match route::choose(self.settings.via, reach, &questionnaire) {
            Ok(route) => route,
            Err(why) => {
                let mut result =
                    AnswerState::new(questionnaire).build_result(ResultOptions::no_ui());
                result.content = why;
                return tool_result(result, true);
            }
        };
        let cancel = &context.ct;
        // The person answers one questionnaire at a time.
        let _turn = tokio::select! {
            turn = self.turn.lock() => turn,
            () = cancel.cancelled() => return tool_result(aborted(&questionnaire), false),
        };
        match route {
            Route::Form(form) => {
                let result = self.ask_in_form(&form, &questionnaire, context).await;
                tool_result(result, false)
            }
            Route::Tmux => {
                match popup::ask(
                    &arguments,
                    &questionnaire,
                    &self.settings.cli_args,
                    &self.open,
                    cancel,
                )
                .await
                {
                    Ok(result) => tool_result(result, false),
                    Err(why) => unreachable_person(
                        questionnaire,
                        format!("ask_user_question could not open its tmux popup: {why}."),
                    ),
                }
            }
            Route::Web(announce) => {
                match page::ask(
                    &questionnaire,
                    &self.settings.page,
                    announce,
                    &self.pages,
                    &self.log,
                    context,
                )
                .await
                {
                    Ok(result) => tool_result(result, false),
                    Err(why) => unreachable_person(
                        questionnaire,
                        format!("ask_user_question could not serve its web page: {why}."),
                    ),
                }
            }
        }
    }

    /// Asks through the client's form; a decline or a dismissal is the cancelled result.
    async fn ask_in_form(
        &self,
        form: &Form,
        questionnaire: &question::Questionnaire,
        context: &RequestContext<RoleServer>,
    ) -> ToolResult {
        // The form's own tests check that rmcp reads every form it builds.
        let schema: ElicitationSchema =
            serde_json::from_value(form.schema.clone()).expect("an elicitation schema");
        let params = ElicitRequestParams::FormElicitationParams {
            meta: None,
            message: form.message.clone(),
            requested_schema: schema,
        };
        let limit = self.settings.timeout.unwrap_or(Duration::MAX);
        let reply = tokio::select! {
            reply = context.peer.create_elicitation_with_timeout(params, self.settings.timeout) => reply,
            () = context.ct.cancelled() => return aborted(questionnaire),
            () = tokio::time::sleep(limit) => {
                return AnswerState::new(questionnaire.clone()).build_result(ResultOptions::timed_out());
            }
        };
        match reply {
            Ok(reply) => match (reply.action, reply.content) {
                (ElicitationAction::Accept, Some(content)) => {
                    form.submitted(questionnaire, &content)
                }
                (ElicitationAction::Accept, None) => form.submitted(questionnaire, &json!({})),
                _ => form::cancelled(questionnaire),
            },
            Err(rmcp::ServiceError::Timeout { .. }) => {
                AnswerState::new(questionnaire.clone()).build_result(ResultOptions::timed_out())
            }
            Err(_) => form::cancelled(questionnaire),
        }
    }
}

/// The `no_ui` tool error: `why` the person could not be reached, and to ask in prose.
fn unreachable_person(questionnaire: question::Questionnaire, why: String) -> CallToolResult {
    let mut result = AnswerState::new(questionnaire).build_result(ResultOptions::no_ui());
    result.content = format!("{why} {ASK_IN_PROSE}");
    tool_result(result, true)
}

/// The result of a call the client cancelled before anything was answered.
fn aborted(questionnaire: &question::Questionnaire) -> ToolResult {
    AnswerState::new(questionnaire.clone()).build_result(ResultOptions::aborted())
}

/// `{content: [text], structuredContent: details, isError}`.
fn tool_result(result: ToolResult, is_error: bool) -> CallToolResult {
    let value = json!({
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

    /// Versions that keep `initialize` and let the server ask the client (elicitation) during a
    /// call.
    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(ProtocolVersion::known_up_to(
            &ProtocolVersion::LATEST_WITH_INITIALIZE,
        ))
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
        serde_json::from_value(json!({ "tools": [super::tool::definition()] }))
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
        let arguments = Value::Object(request.arguments.unwrap_or_default());
        Ok(self.ask(arguments, &context).await.into())
    }
}
