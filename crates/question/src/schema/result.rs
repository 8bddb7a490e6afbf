//! The JSON Schema of a result's `details` (`docs/behaviour.md#results`): what an MCP client is
//! told to expect as the tool's structured content, and what the TypeScript types hosts use
//! are written from. Nested objects carry a `title`, the name of their TypeScript interface.

use serde_json::{Value, json};

use crate::questionnaire::QuestionType;
use crate::result::ErrorCode;
use crate::validate::IssueCode;

/// The schema of `details`. Strict (no key it does not declare), so a test that checks every
/// result against it finds a key added without saying so.
pub fn result_schema() -> Value {
    let errors: Vec<&str> = ErrorCode::ALL.iter().map(|code| code.as_str()).collect();
    let codes: Vec<&str> = IssueCode::ALL.iter().map(|code| code.as_str()).collect();
    let types: Vec<&str> = QuestionType::ALL.iter().map(|kind| kind.as_str()).collect();
    let notes = json!({
        "type": "object",
        "description": "Notes on options, by option value.",
        "additionalProperties": { "type": "string" }
    });
    let issue = json!({
        "type": "object",
        "title": "ResultIssue",
        "description": "A problem with the input, or a key validation ignored.",
        "properties": {
            "path": { "type": "string", "description": "A JSON pointer into the input, e.g. /questions/0/options." },
            "code": { "type": "string", "enum": codes },
            "message": { "type": "string" }
        },
        "required": ["path", "code", "message"],
        "additionalProperties": false
    });
    let draft = json!({
        "type": "object",
        "title": "AnswerDraft",
        "description": "Text typed but never saved; only the parts that differ from what is saved.",
        "properties": {
            "text": { "type": "string" },
            "note": { "type": "string" },
            "optionNotes": notes
        },
        "additionalProperties": false
    });
    let answer = json!({
        "type": "object",
        "title": "AnswerDetails",
        "description": "One question's answer, keyed by the question's id.",
        "properties": {
            "status": { "type": "string", "enum": ["answered", "skipped"] },
            "values": { "type": "array", "items": { "type": "string" }, "description": "Picked option values, in option order." },
            "labels": { "type": "array", "items": { "type": "string" }, "description": "The picked options' labels." },
            "customText": { "type": "string", "description": "Free text, when saved." },
            "number": { "type": "number", "description": "A number question's answer." },
            "note": { "type": "string", "description": "The question's note." },
            "optionNotes": notes,
            "draft": draft
        },
        "required": ["status", "values", "labels"],
        "additionalProperties": false
    });
    let option = json!({
        "type": "object",
        "title": "ResultOption",
        "description": "One option, as validated.",
        "properties": {
            "value": { "type": "string" },
            "label": { "type": "string" },
            "description": { "type": "string" },
            "preview": { "type": "string" },
            "recommended": { "type": "boolean" }
        },
        "required": ["value", "label", "recommended"],
        "additionalProperties": false
    });
    let question = json!({
        "type": "object",
        "title": "ResultQuestion",
        "description": "One question, as validated (normalized; confirm's yes/no options included).",
        "properties": {
            "id": { "type": "string" },
            "header": { "type": "string" },
            "prompt": { "type": "string" },
            "context": { "type": "string" },
            "type": { "type": "string", "enum": types },
            "required": { "type": "boolean" },
            "options": { "type": "array", "items": option },
            "placeholder": { "type": "string" },
            "allowCustom": { "type": "boolean", "description": "Present (false) only when the \"Type something.\" row was hidden." },
            "secret": { "type": "boolean", "description": "Present (true) only for a secret text question." },
            "min": { "type": "number" },
            "max": { "type": "number" },
            "step": { "type": "number" },
            "unit": { "type": "string" }
        },
        "required": ["id", "header", "prompt", "type", "required", "options"],
        "additionalProperties": false
    });
    json!({
        "type": "object",
        "title": "ResultDetails",
        "description": "The structured answers of an ask_user_question call.",
        "properties": {
            "title": { "type": "string", "description": "The questionnaire's title, when it had one." },
            "cancelled": { "type": "boolean", "description": "Cancelled, aborted, timed out or without a UI; answers given so far are kept." },
            "error": { "type": "string", "enum": errors, "description": "Why the call ended without the person's answers." },
            "issues": { "type": "array", "items": issue, "description": "With invalid_questions: what to fix." },
            "warnings": { "type": "array", "items": issue, "description": "With invalid_questions: the keys that were ignored." },
            "answers": { "type": "object", "additionalProperties": answer, "description": "By question id." },
            "questions": { "type": "array", "items": question },
            "labels": {
                "type": "object",
                "additionalProperties": { "type": "string" },
                "description": "The call's valid label overrides, when it sent some."
            },
            "answeredIn": { "type": "string", "description": "Where it was answered, when it could have been in more than one place: terminal, web, inbox, or the surface that settled it in the inbox (form, tmux)." },
            "via": { "type": "string", "enum": ["form", "tmux", "web"], "description": "MCP: the way the questions reached the person." },
            "answeredAfterCallEnded": { "type": "boolean", "description": "MCP: answered after the call that asked gave up; this is the repeated call's result." }
        },
        "required": ["cancelled", "answers", "questions"],
        "additionalProperties": false
    })
}
