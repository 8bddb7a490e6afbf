//! The tool as MCP lists it: pi's name, description and guidelines (one source, in `question`),
//! the input's JSON Schema, the schema of its structured content (the result's `details`, which
//! clients may check every result against), and annotations saying it only reads and reaches
//! nothing outside.

use question::{PROMPT_GUIDELINES, TOOL_LABEL, TOOL_NAME};
use serde_json::{Value, json};

/// What a model whose call timed out should do, in the tool's description: MCP clients cut
/// long calls, and the person may answer after that.
pub const REPEAT_AFTER_TIMEOUT: &str = "If a call times out or is cancelled before the user \
    answers, call the tool again with the same arguments: the questions stay open where the user \
    is answering, and the repeated call returns their answer (or waits for it) instead of asking \
    twice.";

/// The tool's description: the schema's, what to do after a timeout, then the guidelines pi
/// gives the model, which MCP has no field for.
pub fn description() -> String {
    let mut text = question::tool_description();
    text.push_str("\n\n");
    text.push_str(REPEAT_AFTER_TIMEOUT);
    text.push_str("\n\nGuidelines:");
    for guideline in PROMPT_GUIDELINES {
        text.push_str("\n- ");
        text.push_str(guideline);
    }
    text
}

/// `tools/list`'s entry for the tool.
pub fn definition() -> Value {
    json!({
        "name": TOOL_NAME,
        "title": TOOL_LABEL,
        "description": description(),
        "inputSchema": question::schema(),
        "outputSchema": question::result_schema(),
        "annotations": {
            "title": TOOL_LABEL,
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": false,
            "openWorldHint": false,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_definition_is_pis_with_the_guidelines_in_its_description() {
        let tool = definition();
        assert_eq!(tool["name"], TOOL_NAME);
        assert_eq!(tool["inputSchema"], question::schema());
        assert_eq!(tool["outputSchema"], question::result_schema());
        let description = tool["description"].as_str().unwrap();
        assert!(description.starts_with(&question::tool_description()));
        assert!(description.contains(REPEAT_AFTER_TIMEOUT));
        for guideline in PROMPT_GUIDELINES {
            assert!(description.contains(guideline), "{guideline}");
        }
        assert_eq!(tool["annotations"]["readOnlyHint"], true);
        assert_eq!(tool["annotations"]["openWorldHint"], false);
    }

    #[test]
    fn rmcp_reads_the_definition() {
        let tool: rmcp::model::Tool = serde_json::from_value(definition()).expect("a tool");
        assert_eq!(tool.name, TOOL_NAME);
        assert!(tool.output_schema.is_some(), "the result's schema is kept");
    }
}
