//! The TypeScript types of the tool's input, written from the JSON Schema so that a host's
//! TypeScript cannot drift from what validation accepts.

use serde_json::{Map, Value};

use super::{result_schema, schema};

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
    let interfaces = [
        ("ToolInputOption", "One option of a question.", option),
        (
            "ToolInputQuestion",
            "One question, in any shape the tool accepts.",
            question,
        ),
        (
            "ToolInputLabels",
            "UI strings in the user's language.",
            labels,
        ),
        ("ToolInput", "The tool's input.", &schema),
    ];
    for (name, doc, object) in interfaces {
        out.push_str(&interface(name, doc, object, type_of));
    }
    out
}

/// `tool-result.ts`: an interface per titled object of the result's schema ([`result_schema`]),
/// `ResultDetails` first, each field with its description as a doc comment.
pub fn result_typescript_types() -> String {
    let mut out = String::from(
        "// The result's details as TypeScript types, generated from their JSON Schema by the\n\
         // `question` crate (`question::result_typescript_types`); do not edit. A test fails when\n\
         // this copy is stale; `UPDATE_SNAPSHOTS=1 cargo test -p pi-ask-user-question` rewrites it.\n\n",
    );
    let mut pending = vec![result_schema()];
    let mut written = Vec::new();
    while let Some(object) = pending.pop() {
        let name = object["title"].as_str().unwrap_or_default().to_string();
        if written.contains(&name) {
            continue;
        }
        out.push_str(&titled_interface(&object, &mut pending));
        written.push(name);
    }
    out
}

/// The interface of a titled object; the titled objects inside it go to `pending`.
fn titled_interface(object: &Value, pending: &mut Vec<Value>) -> String {
    interface(
        object["title"].as_str().unwrap_or_default(),
        object["description"].as_str().unwrap_or_default(),
        object,
        |_, property| ts_type(property, pending),
    )
}

/// The TypeScript type of a schema: a titled object by its name (queued to be written), an
/// array, a map (`additionalProperties`), a string union or a primitive.
fn ts_type(schema: &Value, pending: &mut Vec<Value>) -> String {
    if let Some(title) = schema["title"].as_str() {
        pending.push(schema.clone());
        return title.to_string();
    }
    if schema.get("enum").is_some() {
        return union(schema);
    }
    match schema["type"].as_str() {
        Some("array") => format!("{}[]", ts_type(&schema["items"], pending)),
        Some("object") => match schema.get("additionalProperties") {
            Some(value) if value.is_object() => {
                format!("Record<string, {}>", ts_type(value, pending))
            }
            _ => "Record<string, unknown>".into(),
        },
        Some("integer") => "number".into(),
        Some(kind @ ("string" | "boolean" | "number")) => kind.into(),
        _ => "unknown".into(),
    }
}

/// `export interface name { … }`: each property of `object` with its description as a doc
/// comment, optional unless the schema requires it, its type named by `type_of`.
fn interface(
    name: &str,
    doc: &str,
    object: &Value,
    mut type_of: impl FnMut(&str, &Value) -> String,
) -> String {
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

    #[test]
    fn every_titled_object_of_the_result_is_an_interface() {
        let types = result_typescript_types();
        for name in [
            "ResultDetails",
            "AnswerDetails",
            "AnswerDraft",
            "ResultIssue",
            "ResultQuestion",
            "ResultOption",
        ] {
            assert_eq!(
                types
                    .matches(&format!("export interface {name} {{"))
                    .count(),
                1,
                "{name}"
            );
        }
        assert!(types.contains("\tanswers: Record<string, AnswerDetails>;"));
        assert!(types.contains("\tdraft?: AnswerDraft;"));
        assert!(types.contains("\toptionNotes?: Record<string, string>;"));
        assert!(types.contains("\tstatus: \"answered\" | \"skipped\";"));
        assert!(types.contains("\tissues?: ResultIssue[];"));
        assert!(!types.contains("unknown"));
    }
}
