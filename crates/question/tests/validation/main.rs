//! Validation (`docs/behaviour.md#validation`) and normalization of both input shapes
//! (`docs/behaviour.md#canonical-shape`, `docs/behaviour.md#compatible-shape`).

#[path = "../common/mod.rs"]
mod common;

use common::issues;
use question::{IssueCode, Label, Labels, QuestionType, ValidateOptions, validate, validate_with};
use serde_json::{Value, json};

use IssueCode::*;

/// A valid canonical call with one single question.
fn canonical() -> Value {
    json!({
        "questions": [{
            "id": "approach",
            "header": "Approach",
            "prompt": "Which approach should we use?",
            "options": [
                { "value": "safe", "label": "Safe approach" },
                { "value": "fast", "label": "Fast approach" }
            ]
        }]
    })
}

/// A valid Claude-Code-shaped call with one question.
fn compatible() -> Value {
    json!({
        "questions": [{
            "question": "Which authentication should we use?",
            "header": "Auth",
            "options": [
                { "label": "OAuth", "description": "Uses the provider's flow" },
                { "label": "Session cookies" }
            ],
            "multiSelect": false
        }]
    })
}

/// `base` with the value at JSON pointer `path` set (the parent must exist).
fn set(mut base: Value, path: &str, value: Value) -> Value {
    let (parent, key) = path.rsplit_once('/').expect("a pointer with a parent");
    match base.pointer_mut(parent).expect("parent exists") {
        Value::Object(map) => {
            map.insert(key.to_string(), value);
        }
        Value::Array(items) => {
            let index: usize = key.parse().expect("array index");
            if index == items.len() {
                items.push(value);
            } else {
                items[index] = value;
            }
        }
        _ => panic!("parent of {path} is not a container"),
    }
    base
}

/// `base` without the key at `path`.
fn remove(mut base: Value, path: &str) -> Value {
    let (parent, key) = path.rsplit_once('/').expect("a pointer with a parent");
    base.pointer_mut(parent)
        .and_then(Value::as_object_mut)
        .expect("parent object")
        .remove(key);
    base
}

/// (name, input, expected (path, code) pairs in order).
type Case<'a> = (&'a str, Value, Vec<(&'a str, IssueCode)>);

fn check(cases: Vec<Case>) {
    let mut failures = Vec::new();
    for (name, input, expected) in cases {
        let expected: Vec<(String, IssueCode)> = expected
            .into_iter()
            .map(|(path, code)| (path.to_string(), code))
            .collect();
        let actual = issues(&input);
        if actual != expected {
            failures.push(format!("{name}: expected {expected:?}, got {actual:?}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn long_text(chars: usize) -> Value {
    json!("é".repeat(chars))
}

mod codes;
mod labels;
mod normalized;
mod text_questions;
