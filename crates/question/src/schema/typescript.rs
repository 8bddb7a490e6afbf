//! The TypeScript types of the tool's input, written from the JSON Schema so that a host's
//! TypeScript cannot drift from what validation accepts.

use serde_json::{Map, Value};

use super::schema;

/// `tool-input.ts`: the question types, and an interface per object of the schema (the input,
/// a question, an option, the labels), each field with its description as a doc comment.
/// Every field is optional where the schema does not require it, as the schema accepts other
/// agents' shapes.
pub fn typescript_types() -> String {
    let schema = schema();
    let question = &schema["properties"]["questions"]["items"];
    let option = &question["properties"]["options"]["items"];
    let labels = &schema["properties"]["labels"];
    let mut out = String::from(
        "// The tool's input as TypeScript types, generated from its JSON Schema by the `question`\n\
         // crate (`question::typescript_types`); do not edit. A test fails when this copy is stale;\n\
         // `UPDATE_SNAPSHOTS=1 cargo test -p pi-ask-user-question` rewrites it.\n\n",
    );
    let kinds = union(&question["properties"]["type"]);
    out.push_str(&format!(
        "/** How a question is answered. */\nexport type QuestionType = {kinds};\n\n"
    ));
    out.push_str(&interface(
        "ToolInputOption",
        "One option of a question.",
        option,
    ));
    out.push_str(&interface(
        "ToolInputQuestion",
        "One question, in any shape the tool accepts.",
        question,
    ));
    out.push_str(&interface(
        "ToolInputLabels",
        "UI strings in the user's language.",
        labels,
    ));
    out.push_str(&interface("ToolInput", "The tool's input.", &schema));
    out
}

fn interface(name: &str, doc: &str, object: &Value) -> String {
    let empty = Map::new();
    let properties = object["properties"].as_object().unwrap_or(&empty);
    let required: Vec<&str> = object["required"]
        .as_array()
        .map(|keys| keys.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut out = format!("/** {doc} */\nexport interface {name} {{\n");
    for (key, property) in properties {
        if let Some(description) = property["description"].as_str() {
            out.push_str(&format!("\t/** {} */\n", description.replace("*/", "*\\/")));
        }
        let optional = if required.contains(&key.as_str()) {
            ""
        } else {
            "?"
        };
        out.push_str(&format!("\t{key}{optional}: {};\n", type_of(key, property)));
    }
    out.push_str("}\n\n");
    out
}

fn type_of(key: &str, property: &Value) -> String {
    if property.get("enum").is_some() {
        return match key {
            "type" => "QuestionType".into(),
            _ => union(property),
        };
    }
    match (key, property["type"].as_str()) {
        ("options", _) => "ToolInputOption[]".into(),
        ("questions", _) => "ToolInputQuestion[]".into(),
        ("labels", _) => "ToolInputLabels".into(),
        (_, Some("integer")) => "number".into(),
        (_, Some(kind @ ("string" | "boolean" | "number"))) => kind.into(),
        _ => "unknown".into(),
    }
}

fn union(property: &Value) -> String {
    let literals: Vec<String> = property["enum"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(Value::to_string)
        .collect();
    literals.join(" | ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_and_field_is_written() {
        let types = typescript_types();
        assert!(types.contains(
            "export type QuestionType = \"single\" | \"multi\" | \"text\" | \"confirm\" | \"number\";"
        ));
        assert!(types.contains("\tquestions: ToolInputQuestion[];"));
        assert!(types.contains("\ttype?: QuestionType;"));
        assert!(types.contains("\tmin?: number;"));
        assert!(types.contains("\toptions?: ToolInputOption[];"));
        assert!(types.contains("\tlabel: string;"));
        assert!(!types.contains("unknown"));
    }
}
