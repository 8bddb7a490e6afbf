//! Key scripts with time: [`parse_script`] reads the key-script tokens of
//! [`parse_key_script`](super::parse_key_script) plus `wait:DURATION` (`wait:1500ms`,
//! `wait:2s`, `wait:5m`), which advances the driver's clock by that much, and the mouse at a
//! cell of the frame (column and row from its top-left, 0-based): `click:X,Y` (the left
//! button pressed and released there), `wheelup:X,Y`, `wheeldown:X,Y`.

use std::time::Duration;

use super::{Event, KeyScriptError, parse_key_script, strip_prefix_ignore_case};

/// One step of a key script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// An input event.
    Event(Event),
    /// Time passing: timers due in it fire, in order.
    Wait(Duration),
}

/// The longest wait a script may ask for.
pub const MAX_WAIT: Duration = Duration::from_secs(24 * 60 * 60);

/// Parses a key script whose tokens may also be `wait:DURATION`: a whole number with a unit,
/// `ms`, `s` or `m` (at most a day).
pub fn parse_script(script: &str) -> Result<Vec<Step>, KeyScriptError> {
    parse_script_with(script, parse_duration)
}

/// [`parse_script`] with the durations of `wait:` read by `parse_wait`: a host whose time
/// limits have a grammar of their own gives its scripts the same one, so a duration means the
/// same in both. Its error message is the script error's.
pub fn parse_script_with<E: std::fmt::Display>(
    script: &str,
    parse_wait: impl Fn(&str) -> Result<Duration, E>,
) -> Result<Vec<Step>, KeyScriptError> {
    let mut steps = Vec::new();
    for (index, token) in script.split_whitespace().enumerate() {
        let error = |message: String| KeyScriptError {
            position: index + 1,
            token: token.to_string(),
            message,
        };
        if let Some(duration) = strip_prefix_ignore_case(token, "wait:") {
            let duration = parse_wait(duration).map_err(|e| error(e.to_string()))?;
            steps.push(Step::Wait(duration));
            continue;
        }
        if let Some(mouse) = parse_mouse(token) {
            steps.extend(mouse.map_err(error)?.into_iter().map(Step::Event));
            continue;
        }
        let events = parse_key_script(token).map_err(|e| error(e.message))?;
        steps.extend(events.into_iter().map(Step::Event));
    }
    Ok(steps)
}

/// The events of a mouse token (`click:X,Y`, `wheelup:X,Y`, `wheeldown:X,Y`); `None` for a
/// token that is no mouse token.
fn parse_mouse(token: &str) -> Option<Result<Vec<Event>, String>> {
    use terminput::{MouseButton, MouseEventKind, ScrollDirection};
    let (name, cell) = token.split_once(':')?;
    let kinds = match name.to_ascii_lowercase().as_str() {
        "click" => vec![
            MouseEventKind::Down(MouseButton::Left),
            MouseEventKind::Up(MouseButton::Left),
        ],
        "wheelup" => vec![MouseEventKind::Scroll(ScrollDirection::Up)],
        "wheeldown" => vec![MouseEventKind::Scroll(ScrollDirection::Down)],
        _ => return None,
    };
    let at = cell
        .split_once(',')
        .and_then(|(x, y)| Some((x.parse::<u16>().ok()?, y.parse::<u16>().ok()?)));
    let Some((column, row)) = at else {
        return Some(Err(format!(
            "a mouse token needs a cell, the column and row from the frame's top-left: {name}:X,Y (e.g. {name}:4,2)"
        )));
    };
    Some(Ok(kinds
        .into_iter()
        .map(|kind| {
            Event::Mouse(crate::mouse::Mouse {
                kind,
                x: column,
                y: row,
                modifiers: super::KeyModifiers::NONE,
                hit: None,
            })
        })
        .collect()))
}

/// Parses `1500ms`, `2s`, `5m`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    const EXAMPLES: &str = "e.g. wait:1500ms, wait:2s, wait:5m";
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (number, unit) = text.split_at(digits);
    if number.is_empty() {
        return Err(format!(
            "a wait needs a whole number and a unit (ms, s or m), {EXAMPLES}"
        ));
    }
    let per_unit = match unit.to_ascii_lowercase().as_str() {
        "ms" => Duration::from_millis(1),
        "s" => Duration::from_secs(1),
        "m" => Duration::from_secs(60),
        "" => return Err(format!("`{number}` needs a unit: ms, s or m, {EXAMPLES}")),
        other => {
            return Err(format!(
                "unknown unit `{other}`; expected ms, s or m, {EXAMPLES}"
            ));
        }
    };
    let too_long = || format!("a wait is at most a day (24h), {EXAMPLES}");
    let n: u32 = number.parse().map_err(|_| too_long())?;
    per_unit
        .checked_mul(n)
        .filter(|d| *d <= MAX_WAIT)
        .ok_or_else(too_long)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terminput::{MouseButton, MouseEventKind, ScrollDirection};

    fn mouse_kinds(script: &str) -> Vec<(MouseEventKind, u16, u16)> {
        parse_script(script)
            .expect("a valid script")
            .into_iter()
            .filter_map(|step| match step {
                Step::Event(Event::Mouse(m)) => Some((m.kind, m.x, m.y)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn mouse_tokens_name_a_cell_of_the_frame() {
        let left = MouseButton::Left;
        assert_eq!(
            mouse_kinds("click:4,2 WheelDown:0,7 wheelup:1,1"),
            [
                (MouseEventKind::Down(left), 4, 2),
                (MouseEventKind::Up(left), 4, 2),
                (MouseEventKind::Scroll(ScrollDirection::Down), 0, 7),
                (MouseEventKind::Scroll(ScrollDirection::Up), 1, 1),
            ]
        );
    }

    #[test]
    fn a_mouse_token_without_a_cell_names_the_form() {
        for bad in ["click:", "click:4", "wheelup:a,b", "click:-1,2"] {
            let error = parse_script(&format!("down {bad}")).unwrap_err();
            assert_eq!((error.position, error.token.as_str()), (2, bad));
            assert!(error.message.contains("X,Y"), "{error}");
        }
    }
}
