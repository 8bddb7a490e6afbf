//! Requests of the question service (other pi extensions asking through `pi.events`, see the
//! package README): the request's own fields are checked with its questions, and every problem
//! is reported at once, in the tool's issue format.

use napi_derive::napi;
use question::{Issue, IssueCode, ValidateOptions, kind_of};
use serde_json::{Value, json};

/// A request as the question service asks it, or what is wrong with it.
#[napi(object)]
#[derive(Debug, Clone, PartialEq)]
pub struct ServiceRequest {
    /// `{title, questions, labels}`, as the `Session` and the `Rivals` read it; absent when the
    /// request has issues.
    pub input: Option<Value>,
    /// The request's time limit.
    pub timeout_ms: Option<f64>,
    /// Every problem (`{path, code, message}`), the request's own fields first.
    pub issues: Vec<Value>,
}

/// Checks a request sent as JSON text (`{title, questions, labels, timeout}`; a number JSON
/// cannot hold, such as `NaN`, sent as its name), with `hasSignalType` false when its
/// `signal` is not an `AbortSignal`. A program asking has no reply to put longer text in, so
/// `context` has no length limit here.
#[napi]
pub fn service_request(json: String, has_signal_type: bool) -> ServiceRequest {
    let mut issues = Vec::new();
    if !has_signal_type {
        issues.push(issue("/signal", "signal must be an AbortSignal."));
    }
    let request = match serde_json::from_str::<Value>(&json) {
        Ok(request) => request,
        Err(error) => {
            issues.push(issue(
                "",
                &format!("The request must be plain JSON data: {error}."),
            ));
            return ServiceRequest::invalid(issues);
        }
    };
    let timeout_ms = timeout(request.get("timeout"), &mut issues);
    let input = json!({
        "title": request.get("title"),
        "questions": request.get("questions"),
        "labels": request.get("labels"),
    });
    if let Err(problems) = question::validate_with(&input, ValidateOptions::unlimited_context()) {
        issues.extend(problems);
    }
    if !issues.is_empty() {
        return ServiceRequest::invalid(issues);
    }
    ServiceRequest {
        input: Some(input),
        timeout_ms,
        issues: Vec::new(),
    }
}

impl ServiceRequest {
    fn invalid(issues: Vec<Issue>) -> ServiceRequest {
        ServiceRequest {
            input: None,
            timeout_ms: None,
            issues: issues.into_iter().map(|issue| json!(issue)).collect(),
        }
    }
}

/// The time limit in milliseconds: a number above zero, or a duration such as "90s" or "5m".
fn timeout(value: Option<&Value>, issues: &mut Vec<Issue>) -> Option<f64> {
    let why = match value? {
        Value::Null => return None,
        Value::Number(number) => match number.as_f64() {
            Some(ms) if ms > 0.0 => return Some(ms),
            _ => format!("{number} is not above zero"),
        },
        Value::String(text) => match question::parse_duration(text) {
            Ok(duration) => return Some(duration.as_millis() as f64),
            Err(error) => error.to_string(),
        },
        other => format!("found {}", kind_of(other)),
    };
    issues.push(issue(
        "/timeout",
        &format!(
            "timeout must be a positive number of milliseconds or a duration such as \"90s\" or \"5m\": {why}."
        ),
    ));
    None
}

fn issue(path: &str, message: &str) -> Issue {
    Issue {
        path: path.into(),
        code: IssueCode::InvalidType,
        message: message.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question() -> Value {
        json!({"id": "region", "header": "Region", "prompt": "Where?", "options": ["eu", "us"]})
    }

    fn paths(request: &ServiceRequest) -> Vec<String> {
        let issue = |i: &Value| {
            format!(
                "{} {}",
                i["path"].as_str().unwrap(),
                i["code"].as_str().unwrap()
            )
        };
        request.issues.iter().map(issue).collect()
    }

    #[test]
    fn a_valid_request_gives_its_questions_and_time_limit() {
        let long = "context ".repeat(100);
        let mut with_context = question();
        with_context["context"] = json!(long);
        for (timeout, ms) in [
            (json!(1500), Some(1500.0)),
            (json!("1m30s"), Some(90_000.0)),
            (Value::Null, None),
        ] {
            let json = json!({"title": "Rollout", "questions": [with_context], "timeout": timeout});
            let request = service_request(json.to_string(), true);
            assert_eq!(request.issues, Vec::<Value>::new());
            assert_eq!(request.timeout_ms, ms);
            let input = request.input.unwrap();
            assert_eq!(input["title"], "Rollout");
            assert_eq!(
                input["questions"][0]["context"],
                json!(long),
                "no context limit"
            );
        }
    }

    #[test]
    fn every_problem_is_reported_the_requests_own_first() {
        for (timeout, why) in [
            (json!(0), "0 is not above zero"),
            (json!(-2.5), "-2.5 is not above zero"),
            (json!("NaN"), "NaN"),
            (json!("soon"), "soon"),
            (json!(true), "found a boolean"),
        ] {
            let json = json!({"questions": [question(), question()], "timeout": timeout});
            let request = service_request(json.to_string(), false);
            assert_eq!(request.input, None);
            assert_eq!(
                paths(&request),
                [
                    "/signal invalid_type",
                    "/timeout invalid_type",
                    "/questions/1/id duplicate_id"
                ],
            );
            let message = request.issues[1]["message"].as_str().unwrap();
            assert!(
                message.starts_with("timeout must be a positive number"),
                "{message}"
            );
            assert!(message.contains(why), "{message}");
        }
    }

    #[test]
    fn json_too_deep_to_read_is_an_issue() {
        let deep = format!("{{\"questions\": {}{}}}", "[".repeat(200), "]".repeat(200));
        let request = service_request(deep, true);
        assert_eq!(paths(&request), [" invalid_type"]);
        assert!(
            request.issues[0]["message"]
                .as_str()
                .unwrap()
                .contains("plain JSON data")
        );
    }
}
