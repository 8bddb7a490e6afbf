//! A value checked against one of these schemas: the keywords they use (`type`, `properties`,
//! `required`, `additionalProperties`, `items`, `enum`), so tests can hold every result they
//! make to [`super::result_schema`] without a validator crate. MCP clients check the same with
//! their own validators (the Python SDK does on every call).

use serde_json::Value;

/// `Ok` when `value` conforms to `schema`; else the first violation, at its JSON pointer.
pub fn conforms(value: &Value, schema: &Value) -> Result<(), String> {
    check(value, schema, "")
}

fn check(value: &Value, schema: &Value, at: &str) -> Result<(), String> {
    let place = if at.is_empty() { "/" } else { at };
    if let Some(kind) = schema["type"].as_str()
        && !is_type(value, kind)
    {
        return Err(format!("{place}: expected {kind}, got {value}"));
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        return Err(format!("{place}: {value} is not one of {}", schema["enum"]));
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (i, item) in array.iter().enumerate() {
            check(item, items, &format!("{at}/{i}"))?;
        }
    }
    let Some(object) = value.as_object() else {
        return Ok(());
    };
    for key in schema["required"].as_array().into_iter().flatten() {
        let key = key.as_str().unwrap_or_default();
        if !object.contains_key(key) {
            return Err(format!("{place}: {key:?} is required"));
        }
    }
    for (key, field) in object {
        let at = format!("{at}/{key}");
        match (
            schema["properties"].get(key),
            schema.get("additionalProperties"),
        ) {
            (Some(property), _) => check(field, property, &at)?,
            (None, Some(Value::Bool(false))) => {
                return Err(format!("{at}: not a key the schema declares"));
            }
            (None, Some(other)) if other.is_object() => check(field, other, &at)?,
            (None, _) => {}
        }
    }
    Ok(())
}

fn is_type(value: &Value, kind: &str) -> bool {
    match kind {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        "null" => value.is_null(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_keyword_finds_its_violation() {
        let schema = json!({
            "type": "object",
            "properties": {
                "status": { "type": "string", "enum": ["answered", "skipped"] },
                "values": { "type": "array", "items": { "type": "string" } },
                "notes": { "type": "object", "additionalProperties": { "type": "string" } }
            },
            "required": ["status"],
            "additionalProperties": false
        });
        assert_eq!(
            conforms(
                &json!({"status": "answered", "values": ["a"], "notes": {"a": "x"}}),
                &schema
            ),
            Ok(())
        );
        let cases = [
            (json!([]), "/: expected object, got []"),
            (json!({}), "/: \"status\" is required"),
            (
                json!({"status": "maybe"}),
                "/status: \"maybe\" is not one of [\"answered\",\"skipped\"]",
            ),
            (
                json!({"status": "skipped", "values": [1]}),
                "/values/0: expected string, got 1",
            ),
            (
                json!({"status": "skipped", "notes": {"a": true}}),
                "/notes/a: expected string, got true",
            ),
            (
                json!({"status": "skipped", "extra": 1}),
                "/extra: not a key the schema declares",
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(
                conforms(&value, &schema),
                Err(expected.to_string()),
                "{value}"
            );
        }
    }
}
