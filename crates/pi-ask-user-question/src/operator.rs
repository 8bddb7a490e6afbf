//! The operator's settings, each a pi flag (read first) or an environment variable:
//! - `--ask-accessible` / `ASK_USER_QUESTION_ACCESSIBLE=1`: pi's own select and input dialogs,
//!   one question at a time, instead of the framed questionnaire (screen readers, terminals that
//!   cannot draw it);
//! - `--ask-notify` / `ASK_USER_QUESTION_NOTIFY=1`: a desktop notification besides the bell;
//! - `--ask-timeout 90s` / `ASK_USER_QUESTION_TIMEOUT`: a time limit for unanswered questions;
//! - `--ask-collapse-key f2` / `ASK_USER_QUESTION_COLLAPSE_KEY`: the key that folds the
//!   questionnaire into its dock (Ctrl+] by default);
//! - `--ask-height 60%` / `ASK_USER_QUESTION_HEIGHT`: the most rows the questionnaire takes
//!   (45 % by default, so the chat stays visible);
//! - `--ask-web[=ADDR]` / `ASK_USER_QUESTION_WEB=1` (or `=ADDR`): every call's questions also
//!   served as a web page; ADDR is `local` (the default), `lan`, an IP or `IP:PORT`.
//!
//! pi registers the flags while it loads the extension, before the addon loads, so the
//! extension declares them from a copy of [`operator_flags`] beside it (`settings.json`, kept
//! equal by a test). The values are read here ([`operator_settings`]), every error naming the
//! setting it is about.

use std::collections::HashMap;

use napi::bindgen_prelude::Either;
use napi_derive::napi;
use serde_json::{Value, json};

use crate::attention::parse_timeout;
use crate::keys::check_collapse_key;
use crate::rivals::check_web_address;
use crate::session::check_height;

/// How pi reads a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// On or off.
    Switch,
    /// A value.
    Text,
    /// On or off, or `--flag=VALUE`: pi 1.x refuses a string flag given alone and hands a
    /// boolean one no value, so the value is read from the command line.
    SwitchOrText,
}

struct Setting {
    flag: &'static str,
    env: &'static str,
    form: Form,
    description: &'static str,
}

const ACCESSIBLE: Setting = Setting {
    flag: "ask-accessible",
    env: "ASK_USER_QUESTION_ACCESSIBLE",
    form: Form::Switch,
    description: "ask with pi's plain select and input dialogs, one question at a time",
};
const NOTIFY: Setting = Setting {
    flag: "ask-notify",
    env: "ASK_USER_QUESTION_NOTIFY",
    form: Form::Switch,
    description: "also send a desktop notification through the terminal when questions wait (or ASK_USER_QUESTION_NOTIFY=1)",
};
const TIMEOUT: Setting = Setting {
    flag: "ask-timeout",
    env: "ASK_USER_QUESTION_TIMEOUT",
    form: Form::Text,
    description: "end unanswered questions after this long, e.g. 90s, 5m (or ASK_USER_QUESTION_TIMEOUT)",
};
const COLLAPSE_KEY: Setting = Setting {
    flag: "ask-collapse-key",
    env: "ASK_USER_QUESTION_COLLAPSE_KEY",
    form: Form::Text,
    description: "the key that folds the questionnaire into its dock and back, e.g. f2 (or ASK_USER_QUESTION_COLLAPSE_KEY); default ctrl+]",
};
const HEIGHT: Setting = Setting {
    flag: "ask-height",
    env: "ASK_USER_QUESTION_HEIGHT",
    form: Form::Text,
    description: "the most rows the questionnaire takes, as rows or a percentage of the terminal, e.g. 20 or 60% (or ASK_USER_QUESTION_HEIGHT); default 45%",
};
const WEB: Setting = Setting {
    flag: "ask-web",
    env: "ASK_USER_QUESTION_WEB",
    form: Form::SwitchOrText,
    description: "also serve every question as a web page, at --ask-web=ADDR: local (default), lan, an IP or IP:PORT (or ASK_USER_QUESTION_WEB=1 or =ADDR)",
};

const SETTINGS: [&Setting; 6] = [&ACCESSIBLE, &NOTIFY, &TIMEOUT, &COLLAPSE_KEY, &HEIGHT, &WEB];

/// The flags to register with pi: `[{name, env, description, type, default?}]`, as
/// `pi.registerFlag` takes them (`env`: the variable read when the flag is not given).
#[napi]
pub fn operator_flags() -> Value {
    let flags = SETTINGS.iter().map(|setting| {
        let described = format!("ask_user_question: {}", setting.description);
        match setting.form {
            Form::Text => json!({"name": setting.flag, "env": setting.env,
                "description": described, "type": "string"}),
            Form::Switch | Form::SwitchOrText => json!({"name": setting.flag, "env": setting.env,
                "description": described, "type": "boolean", "default": false}),
        }
    });
    Value::Array(flags.collect())
}

/// What pi and the environment say: each flag's value as `pi.getFlag` gives it (`true` for a
/// text flag given without a value), the settings' environment variables, and pi's command
/// line (for `--ask-web=ADDR`).
#[napi(object)]
#[derive(Debug, Clone, Default)]
pub struct Given {
    pub flags: HashMap<String, Either<bool, String>>,
    pub env: HashMap<String, String>,
    pub argv: Vec<String>,
}

/// The operator's settings for a call.
#[napi(object)]
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OperatorSettings {
    pub accessible: bool,
    pub notify: bool,
    /// The time limit in milliseconds; none unless set.
    pub timeout_ms: Option<f64>,
    pub collapse_key: Option<String>,
    /// The height limit as written (`20`, `60%`); pi's 45 % unless set.
    pub height: Option<String>,
    /// Where to serve each call's web page (`local`, `lan`, an IP or `IP:PORT`); none unless set.
    pub web: Option<String>,
}

/// The settings `given` says; throws naming each setting that is wrong and why, one per line.
#[napi]
pub fn operator_settings(given: Given) -> napi::Result<OperatorSettings> {
    let mut errors = Vec::new();
    let settings = OperatorSettings {
        accessible: given.switched_on(&ACCESSIBLE) || given.env_enabled(&ACCESSIBLE),
        notify: given.switched_on(&NOTIFY) || keep(&mut errors, given.env_switch(&NOTIFY)),
        timeout_ms: keep(&mut errors, given.text(&TIMEOUT, parse_timeout)),
        collapse_key: keep(
            &mut errors,
            given.text(&COLLAPSE_KEY, checked(check_collapse_key)),
        ),
        height: keep(&mut errors, given.text(&HEIGHT, checked(check_height))),
        web: keep(&mut errors, given.web()),
    };
    match errors.is_empty() {
        true => Ok(settings),
        false => Err(napi::Error::from_reason(errors.join("\n"))),
    }
}

/// What `read` gave, or the default with its error kept.
fn keep<T: Default>(errors: &mut Vec<String>, read: Result<T, String>) -> T {
    read.unwrap_or_else(|error| {
        errors.push(format!("ask_user_question: {error}"));
        T::default()
    })
}

/// The text itself, once `check` passed it.
fn checked(check: fn(String) -> napi::Result<()>) -> impl FnOnce(String) -> napi::Result<String> {
    move |text| check(text.clone()).map(|()| text)
}

impl Given {
    fn flag(&self, setting: &Setting) -> Option<&Either<bool, String>> {
        self.flags.get(setting.flag)
    }

    fn switched_on(&self, setting: &Setting) -> bool {
        matches!(self.flag(setting), Some(Either::A(true)))
    }

    fn env(&self, setting: &Setting) -> Option<&str> {
        self.env.get(setting.env).map(String::as_str)
    }

    /// The variable is set, and not empty, `0` or `false`.
    fn env_enabled(&self, setting: &Setting) -> bool {
        self.env(setting)
            .is_some_and(|value| !matches!(words(value).as_str(), "" | "0" | "false"))
    }

    /// The variable as a switch: `1`/`true`/`yes`/`on`, or `0`/`false`/`no`/`off`/empty.
    fn env_switch(&self, setting: &Setting) -> Result<bool, String> {
        let value = self.env(setting).unwrap_or_default();
        match switch(value) {
            Some(on) => Ok(on),
            None => Err(format!("{}: expected 1 or 0; got {:?}", setting.env, value)),
        }
    }

    /// A text setting: the flag (first; given without a value it is read as empty text, which
    /// says what is missing) or the variable (empty is none), read by `read`.
    fn text<T>(
        &self,
        setting: &Setting,
        read: impl FnOnce(String) -> napi::Result<T>,
    ) -> Result<Option<T>, String> {
        let (name, text) = match self.flag(setting) {
            Some(Either::B(text)) => (format!("--{}", setting.flag), text.clone()),
            Some(Either::A(true)) => (format!("--{}", setting.flag), String::new()),
            Some(Either::A(false)) | None => match self.env(setting) {
                Some(text) if !text.trim().is_empty() => (setting.env.to_string(), text.into()),
                _ => return Ok(None),
            },
        };
        read(text)
            .map(Some)
            .map_err(|error| format!("{name}: {}", error.reason))
    }

    /// `--ask-web` (first; alone it means `local`) or `ASK_USER_QUESTION_WEB` (a switch, on for
    /// `local`, else an address), checked as an address.
    fn web(&self) -> Result<Option<String>, String> {
        if self.switched_on(&WEB) {
            let prefix = format!("--{}=", WEB.flag);
            let given = self
                .argv
                .iter()
                .rev()
                .find_map(|arg| arg.strip_prefix(&prefix));
            let Some(address) = given else {
                return Ok(Some("local".into()));
            };
            check_web_address(address.into())
                .map_err(|error| format!("--{}: {}", WEB.flag, error.reason))?;
            return Ok(Some(address.into()));
        }
        match self.env(&WEB).map(switch) {
            None | Some(Some(false)) => Ok(None),
            Some(Some(true)) => Ok(Some("local".into())),
            Some(None) => self.text(&WEB, checked(check_web_address)),
        }
    }
}

fn words(value: &str) -> String {
    value.trim().to_lowercase()
}

fn switch(value: &str) -> Option<bool> {
    match words(value).as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "" | "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
