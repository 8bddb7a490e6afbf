//! A `tools/call` whose parameters rmcp could not read. rmcp hands such a request to the
//! handler as a custom request, which would be answered "method not found"; here it is mended
//! where it can mean only one thing, or refused as invalid params saying what is wrong.

use question::{TOOL_NAME, kind_of};
use rmcp::ErrorData as McpError;
use rmcp::model::CallToolRequestParams;
use serde_json::Value;

/// The method whose parameters are mended here.
pub const METHOD: &str = "tools/call";

/// The call's parameters: `arguments` sent as JSON text holding an object (some clients
/// encode them twice) read as that object. Anything else rmcp could not read is an
/// invalid-params error naming the field.
pub fn mended(params: Option<Value>) -> Result<CallToolRequestParams, McpError> {
    let mut params = match params {
        Some(Value::Object(params)) => params,
        None => return Err(invalid("`params` is missing".to_string())),
        Some(other) => {
            return Err(invalid(format!(
                "`params` must be an object, got {}",
                kind_of(&other)
            )));
        }
    };
    match params.get("name") {
        Some(Value::String(_)) => {}
        None => {
            return Err(invalid(format!(
                "`name` is missing; this server has only {TOOL_NAME}"
            )));
        }
        Some(other) => {
            return Err(invalid(format!(
                "`name` must be a string, got {}",
                kind_of(other)
            )));
        }
    }
    match params.get("arguments") {
        None | Some(Value::Null | Value::Object(_)) => {}
        Some(Value::String(text)) => match question::parse_json(text) {
            Ok(object @ Value::Object(_)) => {
                params.insert("arguments".into(), object);
            }
            Ok(other) => {
                return Err(invalid(format!(
                    "`arguments` must be an object, got a string holding {}",
                    kind_of(&other)
                )));
            }
            Err(error) => {
                return Err(invalid(format!(
                    "`arguments` must be an object, got a string that is not JSON ({error})"
                )));
            }
        },
        Some(other) => {
            return Err(invalid(format!(
                "`arguments` must be an object, got {}",
                kind_of(other)
            )));
        }
    }
    serde_json::from_value(Value::Object(params)).map_err(|error| invalid(error.to_string()))
}

fn invalid(why: String) -> McpError {
    McpError::invalid_params(format!("{METHOD}: {why}"), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(params: Value) -> String {
        let error = mended(Some(params)).expect_err("refused");
        assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
        error.message.to_string()
    }

    #[test]
    fn arguments_sent_as_json_text_of_an_object_are_that_object() {
        let params = mended(Some(json!({
            "name": TOOL_NAME,
            "arguments": r#"{"questions": [{"question": "Deploy?"}]}"#,
        })))
        .unwrap();
        assert_eq!(
            Value::Object(params.arguments.unwrap()),
            json!({"questions": [{"question": "Deploy?"}]})
        );
    }

    #[test]
    fn anything_else_says_what_is_wrong() {
        let cases = [
            (
                json!({"name": TOOL_NAME, "arguments": [1]}),
                "tools/call: `arguments` must be an object, got an array",
            ),
            (
                json!({"name": TOOL_NAME, "arguments": 7}),
                "tools/call: `arguments` must be an object, got a number",
            ),
            (
                json!({"name": TOOL_NAME, "arguments": "[1]"}),
                "tools/call: `arguments` must be an object, got a string holding an array",
            ),
            (
                json!({"arguments": {}}),
                "tools/call: `name` is missing; this server has only ask_user_question",
            ),
            (
                json!({"name": 3, "arguments": {}}),
                "tools/call: `name` must be a string, got a number",
            ),
            (
                json!([]),
                "tools/call: `params` must be an object, got an array",
            ),
        ];
        for (params, expected) in cases {
            assert_eq!(message(params.clone()), expected, "{params}");
        }
        let not_json = message(json!({"name": TOOL_NAME, "arguments": "{questions"}));
        assert!(
            not_json.starts_with(
                "tools/call: `arguments` must be an object, got a string that is not JSON ("
            ),
            "{not_json}"
        );
    }
}
