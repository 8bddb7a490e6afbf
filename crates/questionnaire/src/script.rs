//! Key scripts for the questionnaire: tea's key scripts, with `wait:` taking the durations the
//! hosts' time limits take (`question::parse_span`: `90s`, `1m30s`, `1h`, `1500ms`…), so a
//! replay's `wait:` and its `--timeout` read a value the same way.

use tea::input::{KeyScriptError, Step, parse_script_with};

/// Parses a key script whose `wait:` steps take the hosts' durations.
pub fn parse_script(script: &str) -> Result<Vec<Step>, KeyScriptError> {
    parse_script_with(script, question::parse_span)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn waits_take_what_a_time_limit_takes() {
        for (wait, expected) in [
            ("wait:1h", Duration::from_secs(3600)),
            ("wait:1m30s", Duration::from_secs(90)),
            ("WAIT:1500ms", Duration::from_millis(1500)),
            ("wait:5", Duration::from_secs(5)),
            ("wait:0s", Duration::ZERO),
        ] {
            assert_eq!(parse_script(wait), Ok(vec![Step::Wait(expected)]), "{wait}");
        }
    }

    #[test]
    fn a_bad_wait_names_its_token_and_the_forms() {
        let error = parse_script("down wait:soon").unwrap_err();
        assert_eq!((error.position, error.token.as_str()), (2, "wait:soon"));
        assert!(error.message.contains("units h, m, s, ms"), "{error}");
        assert!(
            parse_script("wait:-1s")
                .unwrap_err()
                .message
                .contains("negative")
        );
    }
}
