//! The JSON Schema hosts hand to the model as the tool's parameters.

use question::{Label, schema};
use serde_json::{Value, json};

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

#[test]
fn top_level_is_one_plain_object_requiring_questions() {
    let schema = schema();
    assert_eq!(schema["type"], json!("object"));
    assert_eq!(schema["required"], json!(["questions"]));
    for combinator in ["oneOf", "anyOf", "allOf", "$ref"] {
        assert!(!schema.to_string().contains(combinator), "{combinator}");
    }
    assert_eq!(
        keys(&schema["properties"]),
        ["title", "labels", "questions"]
    );
    assert_eq!(schema["properties"]["questions"]["minItems"], json!(1));
}

#[test]
fn questions_accept_both_shapes() {
    let question = &schema()["properties"]["questions"]["items"];
    assert_eq!(
        question.get("required"),
        None,
        "neither shape's fields are forced"
    );
    assert_eq!(
        keys(&question["properties"]),
        [
            "id",
            "header",
            "prompt",
            "context",
            "type",
            "placeholder",
            "min",
            "max",
            "step",
            "unit",
            "required",
            "options",
            "question",
            "multiSelect"
        ]
    );
    assert_eq!(
        question["properties"]["type"]["enum"],
        json!(["single", "multi", "text", "confirm", "number"])
    );
    let option = &question["properties"]["options"]["items"];
    assert_eq!(option["required"], json!(["label"]));
    assert_eq!(
        keys(&option["properties"]),
        ["value", "label", "description", "preview", "recommended"]
    );
}

#[test]
fn placeholder_is_an_optional_string_for_text_questions() {
    let placeholder = &schema()["properties"]["questions"]["items"]["properties"]["placeholder"];
    assert_eq!(placeholder["type"], json!("string"));
    let description = placeholder["description"].as_str().unwrap();
    assert!(
        description.contains("text or number question"),
        "{description}"
    );
    assert!(description.contains("never submitted"), "{description}");
}

#[test]
fn number_fields_are_numbers_and_the_unit_a_string() {
    let properties = &schema()["properties"]["questions"]["items"]["properties"];
    for key in ["min", "max", "step"] {
        assert_eq!(properties[key]["type"], json!("number"), "{key}");
        let description = properties[key]["description"].as_str().unwrap();
        assert!(description.starts_with("Number questions"), "{description}");
    }
    assert_eq!(properties["unit"]["type"], json!("string"));
    let kinds = properties["type"]["description"].as_str().unwrap();
    assert!(
        kinds.contains("number: a typed number, no options"),
        "{kinds}"
    );
}

#[test]
fn context_is_capped_at_500_characters() {
    let context = &schema()["properties"]["questions"]["items"]["properties"]["context"];
    assert_eq!(context["maxLength"], json!(500));
    assert_eq!(context["type"], json!("string"));
}

#[test]
fn labels_list_every_key_as_a_string() {
    let labels = &schema()["properties"]["labels"]["properties"];
    let expected: Vec<&str> = Label::ALL.iter().map(|l| l.key()).collect();
    assert_eq!(keys(labels), expected);
    assert_eq!(labels["submit"]["type"], json!("string"));
}

#[test]
fn every_property_has_a_description_for_the_model() {
    fn walk(path: &str, node: &Value, missing: &mut Vec<String>) {
        if let Some(properties) = node.get("properties").and_then(Value::as_object) {
            for (key, property) in properties {
                let path = format!("{path}/{key}");
                if property
                    .get("description")
                    .and_then(Value::as_str)
                    .is_none()
                {
                    missing.push(path.clone());
                }
                walk(&path, property, missing);
            }
        }
        if let Some(items) = node.get("items") {
            walk(&format!("{path}/items"), items, missing);
        }
    }
    let mut missing = Vec::new();
    walk("", &schema(), &mut missing);
    assert!(missing.is_empty(), "{missing:?}");
}
