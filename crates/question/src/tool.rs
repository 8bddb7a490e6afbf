//! What every host tells the model about the tool: its name, the one-line snippet and the
//! guidelines. pi registers them as they are; the MCP server folds the guidelines into the
//! tool's description, as MCP has no field for them.

use crate::schema::schema;

/// The tool's name in every host.
pub const TOOL_NAME: &str = "ask_user_question";

/// The tool's short human-facing name.
pub const TOOL_LABEL: &str = "Ask user";

/// One line saying what the tool does, for a list of tools.
pub const PROMPT_SNIPPET: &str = "Ask the user structured questions (pick one, pick several, free text, yes/no) and wait for the answers";

/// How a model should use the tool.
pub const PROMPT_GUIDELINES: [&str; 4] = [
    "Use ask_user_question when you need the user's decision or information you cannot find yourself; do not use it for questions you can answer by reading the code.",
    "Before calling ask_user_question, write any proposal, plan, table or findings the user needs as visible text in your reply; keep its context and previews short.",
    "Keep each ask_user_question prompt self-contained: the user should be able to answer it without scrolling back.",
    "Write ask_user_question titles, headers, prompts and option labels in the user's language (and set its labels for the UI strings when that is not English).",
];

/// The tool's description: the schema's own.
pub fn tool_description() -> String {
    schema()
        .get("description")
        .and_then(serde_json::Value::as_str)
        .unwrap_or_default()
        .to_string()
}
