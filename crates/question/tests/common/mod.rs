//! Helpers shared by the validation tests.

use question::{IssueCode, validate};
use serde_json::Value;

/// The (path, code) of every issue of `input`, in order (problems, then ignored keys); none
/// when it is valid.
pub fn issues(input: &Value) -> Vec<(String, IssueCode)> {
    validate(input)
        .err()
        .unwrap_or_default()
        .into_iter()
        .map(|issue| (issue.path, issue.code))
        .collect()
}
