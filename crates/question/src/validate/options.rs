//! A question's options, in every accepted shape: `{value, label}` objects, `{id, label}`
//! (the id is the value), Claude Code's `{label}` (the label is the value), plain strings and
//! numbers (Cline, Copilot CLI's `choices`) and Roo's `follow_up: [{text}]`.

use serde_json::{Map, Value};

use super::{RESERVED_LABEL, Validator, is_absent, keys, kind_of};
use crate::labels::{Label, Labels};
use crate::questionnaire::{QuestionOption, says_recommended};
use crate::validate::IssueCode;

/// The keys that may hold a question's options, the first given one winning.
pub(super) const OPTION_KEYS: [&str; 3] = ["options", "choices", "follow_up"];

/// What makes an option's value, for the duplicate check.
struct ValueSource<'a> {
    value: Option<&'a str>,
    /// Where a duplicate value is reported.
    path: &'a str,
    /// The value stands in for a missing `value`: the label is the value.
    from_label: bool,
}

impl Validator {
    /// The key holding the options, its items, and whether it was an array (absent counts as
    /// an empty one). Another option key given as well is ignored.
    pub(super) fn option_items<'v>(
        &mut self,
        object: &'v Map<String, Value>,
        path: &str,
    ) -> (&'static str, &'v [Value], bool) {
        let mut chosen: Option<(&'static str, &'v [Value], bool)> = None;
        for key in OPTION_KEYS {
            let Some(value) = object.get(key).filter(|v| !v.is_null()) else {
                continue;
            };
            if let Some((first, ..)) = chosen {
                self.ignore(
                    &format!("{path}/{key}"),
                    format!("{first} already gives the options, so {key} was ignored."),
                );
                continue;
            }
            chosen = Some(match value {
                Value::Array(items) => (key, items.as_slice(), true),
                other => {
                    self.report(
                        &format!("{path}/{key}"),
                        IssueCode::InvalidType,
                        format!(
                            "{key} must be an array of options ({{value, label}} objects or label strings), not {}.",
                            kind_of(other)
                        ),
                    );
                    (key, &[], false)
                }
            });
        }
        chosen.unwrap_or(("options", &[], true))
    }

    pub(super) fn options(
        &mut self,
        items: &[Value],
        path: &str,
        labels: &Labels,
    ) -> Vec<QuestionOption> {
        let reserved = [RESERVED_LABEL, labels.get(Label::TypeSomething).trim()];
        let mut seen = Vec::new();
        let mut options = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let option_path = format!("{path}/{index}");
            let option = match item {
                Value::String(label) => {
                    self.string_option(label, &option_path, &reserved, &mut seen)
                }
                // `[1, 2, 3]` replicas: each number is its own label.
                Value::Number(number) => {
                    let label = crate::number::plain_number(number);
                    self.string_option(&label, &option_path, &reserved, &mut seen)
                }
                Value::Object(object) => {
                    self.object_option(object, &option_path, &reserved, &mut seen)
                }
                other => {
                    self.report(
                        &option_path,
                        IssueCode::InvalidType,
                        format!(
                            "Each option must be an object like {{\"value\": \"safe\", \"label\": \"Safe approach\"}}, or its label as a string, not {}.",
                            kind_of(other)
                        ),
                    );
                    continue;
                }
            };
            options.push(option);
        }
        options
    }

    /// A value used by an earlier option of the question is a problem; else it is `seen`.
    /// Values that read the same are the same: `"x"`, `"x "` and `"x\u{200b}"` look alike in
    /// every list, so the person could not tell which one they chose.
    fn check_duplicate(&mut self, source: ValueSource<'_>, seen: &mut Vec<String>) {
        let Some(value) = source.value else { return };
        let read = as_read(value);
        match seen.iter().position(|earlier| *earlier == read) {
            Some(first) => {
                let what = if source.from_label { "label" } else { "value" };
                self.report(
                    source.path,
                    IssueCode::DuplicateValue,
                    format!(
                        "Option {what} \"{value}\" is already used by option {first} of this question; each option needs a distinct {what}."
                    ),
                );
            }
            None => seen.push(read),
        }
    }

    /// A label equal to the free-text entry's is a problem at `path`.
    fn check_reserved(&mut self, label: Option<&str>, path: &str, reserved: &[&str]) {
        if let Some(label) = label.map(str::trim)
            && reserved.contains(&label)
        {
            self.report(
                path,
                IssueCode::ReservedLabel,
                format!(
                    "\"{label}\" is the built-in free-text entry, which every single/multi question already offers; remove this option or give it another label."
                ),
            );
        }
    }

    /// A plain string option: its label, which is also its value.
    fn string_option(
        &mut self,
        label: &str,
        path: &str,
        reserved: &[&str],
        seen: &mut Vec<String>,
    ) -> QuestionOption {
        let label = if label.trim().is_empty() {
            self.report(
                path,
                IssueCode::Blank,
                "This option is blank: give the text the user sees.".into(),
            );
            None
        } else {
            Some(label.to_string())
        };
        self.check_reserved(label.as_deref(), path, reserved);
        let source = ValueSource {
            value: label.as_deref(),
            path,
            from_label: true,
        };
        self.check_duplicate(source, seen);
        let label = label.unwrap_or_default();
        option(label.clone(), label, None, None, false)
    }

    fn object_option(
        &mut self,
        object: &Map<String, Value>,
        path: &str,
        reserved: &[&str],
        seen: &mut Vec<String>,
    ) -> QuestionOption {
        self.ignored
            .extend(keys::unknown(object, keys::OPTION, path, "an option"));
        // Roo's follow-up answers are `{text}`; an option with only a value (or an id) shows it.
        let label_key = ["label", "text", "value", "id"]
            .into_iter()
            .find(|key| !is_absent(object.get(*key)))
            .unwrap_or("label");
        if label_key == "label" && !is_absent(object.get("text")) {
            self.ignore(
                &format!("{path}/text"),
                "label is given, so text was ignored.".into(),
            );
        }
        let label = match label_key {
            // Read as the value below, which reports what is wrong with it.
            "value" | "id" => match &object[label_key] {
                Value::String(text) if !text.trim().is_empty() => Some(text.clone()),
                Value::Number(number) => Some(number.to_string()),
                _ => None,
            },
            _ => self.required_text(object, label_key, path, "the text the user sees"),
        };
        self.check_reserved(label.as_deref(), &format!("{path}/{label_key}"), reserved);
        // Options often come without a value: an `id` is the value, else the label is.
        let value_key = match (is_absent(object.get("value")), is_absent(object.get("id"))) {
            (false, false) => {
                self.ignore(
                    &format!("{path}/id"),
                    "value is given, so id was ignored.".into(),
                );
                Some("value")
            }
            (false, true) => Some("value"),
            (true, false) => Some("id"),
            (true, true) => None,
        };
        let value_from_label = value_key.is_none();
        let (value, value_path) = match value_key {
            None => (label.clone(), format!("{path}/{label_key}")),
            Some(key) => {
                let value = self.required_id(
                    object,
                    key,
                    path,
                    "a short id unique within the question, e.g. \"safe\"",
                );
                (value, format!("{path}/{key}"))
            }
        };
        let source = ValueSource {
            value: value.as_deref(),
            path: &value_path,
            from_label: value_from_label,
        };
        self.check_duplicate(source, seen);
        let description = self.optional_text(object, "description", path);
        let preview = match self.optional_text(object, "preview", path) {
            Some(preview) => {
                if !is_absent(object.get("markdown")) {
                    self.ignore(
                        &format!("{path}/markdown"),
                        "preview is given, so markdown was ignored.".into(),
                    );
                }
                Some(preview)
            }
            None => self.optional_text(object, "markdown", path),
        };
        let recommended = self
            .optional_bool(object, "recommended", path)
            .unwrap_or(false);
        option(
            value.unwrap_or_default(),
            label.unwrap_or_default(),
            description,
            preview,
            recommended,
        )
    }
}

/// A value as a person reads it: without the characters nobody sees (controls, zero-width and
/// bidi format characters, variation selectors, the byte-order mark) and the spaces around it.
fn as_read(value: &str) -> String {
    let invisible = |c: char| {
        c.is_control()
            || matches!(c, '\u{ad}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}')
    };
    value
        .chars()
        .filter(|&c| !invisible(c))
        .collect::<String>()
        .trim()
        .to_string()
}

/// An option whose label may mark it recommended.
fn option(
    value: String,
    label: String,
    description: Option<String>,
    preview: Option<String>,
    recommended: bool,
) -> QuestionOption {
    QuestionOption {
        recommended: recommended || says_recommended(&label),
        value,
        label,
        description,
        preview,
    }
}
