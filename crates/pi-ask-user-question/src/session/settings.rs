//! What the operator and pi's terminal set for a session: the height limit, the keyboard
//! protocol, and the syntax definitions loaded ahead of the first questionnaire.

use napi_derive::napi;
use questionnaire::HeightLimit;
use tea::input::Keyboard;

/// The operator's height limit as written (`20`, `60%`); pi's 45 % when absent.
pub fn parse_height(text: Option<&str>) -> Result<HeightLimit, String> {
    text.map_or(Ok(HeightLimit::default()), str::parse)
}

/// Throws, saying what was expected, when `text` is not a height limit (`N` rows or `N%`).
#[napi]
pub fn check_height(text: String) -> napi::Result<()> {
    parse_height(Some(&text))
        .map(|_| ())
        .map_err(napi::Error::from_reason)
}

/// The keyboard the extension names (`extension/keyboard.ts`).
pub fn keyboard(name: &str) -> Keyboard {
    match name {
        "enhanced" => Keyboard::Enhanced,
        "requested" => Keyboard::Requested,
        _ => Keyboard::Legacy,
    }
}

/// Starts loading syntect's syntax definitions on a background thread (once per process), so a
/// questionnaire's code is colored sooner after its first frame: the extension calls it shortly
/// after a session with a UI starts, long before the model asks anything.
#[napi]
pub fn warm_up() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        // Without a thread the first code block loads them itself.
        let _ = std::thread::Builder::new()
            .name("ask-user-question-warm-up".into())
            .spawn(tea_markdown::warm_up);
    });
}
