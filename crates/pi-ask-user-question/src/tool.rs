//! What pi needs to register the tool, and the results of calls that never open a UI.

use napi_derive::napi;
use serde_json::{Value, json};

use question::{PROMPT_GUIDELINES, PROMPT_SNIPPET, TOOL_LABEL, TOOL_NAME};

/// `{name, label, description, promptSnippet, promptGuidelines, parameters}` for
/// `pi.registerTool`; `parameters` is the input's JSON Schema.
#[napi]
pub fn tool_definition() -> Value {
    json!({
        "name": TOOL_NAME,
        "label": TOOL_LABEL,
        "description": question::tool_description(),
        "promptSnippet": PROMPT_SNIPPET,
        "promptGuidelines": PROMPT_GUIDELINES,
        "parameters": question::schema(),
    })
}

/// How a call is checked. The tool keeps the defaults; the question service passes
/// `{contextLimit: false}`, as a program asking has no reply to put longer text in.
#[napi(object)]
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CheckOptions {
    /// `false` lifts the 500-character limit on a question's `context`.
    pub context_limit: Option<bool>,
}

impl CheckOptions {
    pub(crate) fn validation(options: Option<&CheckOptions>) -> question::ValidateOptions {
        match options.and_then(|o| o.context_limit) {
            Some(false) => question::ValidateOptions::unlimited_context(),
            _ => question::ValidateOptions::default(),
        }
    }
}

/// The `invalid_questions` result listing every issue of `input`, or `null` when it is valid.
#[napi]
pub fn invalid_result(input: Value, options: Option<CheckOptions>) -> Option<ToolResult> {
    question::validate_with(&input, CheckOptions::validation(options.as_ref()))
        .err()
        .map(|issues| ToolResult::from(question::invalid_result(issues)))
}

/// The call's arguments as pi's schema check expects them: a valid call in another agent's
/// shape (a lone question, string options, Gemini's types…) written in the canonical shape, so
/// pi does not refuse what the tool accepts; anything else as it came, for the tool's own
/// validation to report.
#[napi]
pub fn conform_arguments(input: Value) -> Value {
    match question::validate(&input) {
        Ok(questionnaire) => questionnaire.to_canonical_input(),
        Err(_) => input,
    }
}

/// The `no_ui` result for a call on a host without an interactive UI.
#[napi]
pub fn no_ui_result(input: Value) -> ToolResult {
    question::no_ui_result(&input).into()
}

/// A call's result as it crosses to JavaScript and back: `content` for the model, `details` for
/// the card (a call that asked nothing, the page's answer, the inbox's).
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct ToolResult {
    pub content: String,
    pub details: Value,
}

impl From<question::ToolResult> for ToolResult {
    fn from(result: question::ToolResult) -> ToolResult {
        ToolResult {
            content: result.content,
            details: result.details,
        }
    }
}

impl From<ToolResult> for question::ToolResult {
    fn from(result: ToolResult) -> question::ToolResult {
        question::ToolResult {
            content: result.content,
            details: result.details,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::assert_copy_is_current;

    fn valid_input() -> Value {
        json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick?", "options": [{"value": "x", "label": "X"}]}]})
    }

    /// The extension reads the definition from a copy beside it, so pi's start need not load
    /// the addon.
    #[test]
    fn the_extensions_copy_of_the_definition_is_current() {
        let current = format!("{:#}\n", tool_definition());
        assert_copy_is_current(
            "tool-definition.json",
            &current,
            "the addon's tool definition",
        );
    }

    /// The TypeScript types of the tool's input are written from the schema, so that the
    /// extension's TypeScript cannot drift from what validation accepts.
    #[test]
    fn the_extensions_tool_input_types_are_current() {
        let current = question::typescript_types();
        assert_copy_is_current("tool-input.ts", &current, "what the schema gives");
    }

    /// The result's details, typed the same way from their schema.
    #[test]
    fn the_extensions_result_types_are_current() {
        let current = question::result_typescript_types();
        assert_copy_is_current("tool-result.ts", &current, "what the result's schema gives");
    }

    #[test]
    fn the_definition_carries_the_schema_and_names_the_tool_in_every_guideline() {
        let definition = tool_definition();
        assert_eq!(definition["name"], TOOL_NAME);
        assert_eq!(definition["parameters"], question::schema());
        assert!(!definition["description"].as_str().unwrap().is_empty());
        for guideline in definition["promptGuidelines"].as_array().unwrap() {
            assert!(
                guideline.as_str().unwrap().contains(TOOL_NAME),
                "{guideline}"
            );
        }
        assert!(!definition["promptSnippet"].as_str().unwrap().contains('\n'));
    }

    #[test]
    fn valid_input_has_no_invalid_result() {
        assert_eq!(invalid_result(valid_input(), None), None);
    }

    #[test]
    fn the_context_limit_holds_unless_lifted() {
        let mut input = valid_input();
        input["questions"][0]["context"] = json!("x".repeat(501));
        let result = invalid_result(input.clone(), None).expect("too long");
        assert_eq!(result.details["issues"][0]["code"], "too_long");
        let kept = CheckOptions {
            context_limit: Some(true),
        };
        assert!(invalid_result(input.clone(), Some(kept)).is_some());
        let lifted = CheckOptions {
            context_limit: Some(false),
        };
        assert_eq!(invalid_result(input, Some(lifted)), None);
    }

    #[test]
    fn invalid_input_lists_every_issue() {
        let input = json!({"questions": [
            {"id": "a", "header": " ", "prompt": "Pick?", "options": []},
            {"id": "a", "header": "B", "prompt": "Why?", "type": "text"}
        ]});
        let result = invalid_result(input, None).expect("invalid");
        assert_eq!(result.details["error"], "invalid_questions");
        let issues = result.details["issues"].as_array().unwrap();
        let codes: Vec<&str> = issues.iter().map(|i| i["code"].as_str().unwrap()).collect();
        assert!(codes.contains(&"blank"), "{codes:?}");
        assert!(codes.contains(&"missing_options"), "{codes:?}");
        assert!(codes.contains(&"duplicate_id"), "{codes:?}");
        let content = result.content.as_str();
        for issue in issues {
            assert!(
                content.contains(issue["path"].as_str().unwrap()),
                "{content}"
            );
        }
    }

    #[test]
    fn an_invalid_call_tells_the_model_which_keys_were_ignored() {
        let input = json!({"questions": [
            {"id": "a", "header": "A", "promt": "Pick?", "options": [{"value": "x", "label": "X"}]}
        ]});
        let result = invalid_result(input, None).expect("invalid");
        assert_eq!(result.details["issues"][0]["path"], "/questions/0/prompt");
        assert_eq!(result.details["warnings"][0]["path"], "/questions/0/promt");
        let content = result.content.as_str();
        assert!(
            content.starts_with("Invalid ask_user_question input (1 problem)"),
            "{content}"
        );
        assert!(
            content.ends_with("Keys that were ignored:\n- /questions/0/promt (ignored): promt is not a question field, so it was ignored. Did you mean prompt?"),
            "{content}"
        );
    }

    #[test]
    fn other_agents_shapes_are_valid_calls() {
        for input in [
            json!({"question": "Which package manager?", "choices": ["pnpm", "npm"], "allow_freeform": true}),
            json!({"questions": [{"question": "Ship?", "header": "Ship", "type": "yesno"}]}),
            json!({"questions": [{"question": "Which?", "multiple": true, "options": [{"label": "A"}]}]}),
            json!({"question": "Which file?", "follow_up": [{"text": "a.toml"}, {"text": "b.ts"}]}),
        ] {
            assert_eq!(invalid_result(input.clone(), None), None, "{input}");
        }
    }

    #[test]
    fn other_agents_shapes_are_handed_to_pi_in_the_schemas_shape() {
        let conformed =
            conform_arguments(json!({"question": "Which?", "choices": ["pnpm", "npm"]}));
        assert_eq!(conformed["questions"][0]["type"], "single");
        assert_eq!(conformed["questions"][0]["options"][1]["label"], "npm");
        assert_eq!(invalid_result(conformed, None), None);
    }

    #[test]
    fn an_invalid_call_is_handed_on_as_it_came() {
        let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick?", "type": "single", "options": []}], "extra": 1});
        assert_eq!(conform_arguments(input.clone()), input);
    }

    #[test]
    fn no_ui_is_a_cancellation_with_the_questions() {
        let result = no_ui_result(valid_input());
        assert_eq!(result.details["error"], "no_ui");
        assert_eq!(result.details["cancelled"], true);
        assert_eq!(result.details["questions"][0]["id"], "a");
    }
}
