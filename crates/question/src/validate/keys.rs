//! The keys each object of the input may have, in any accepted shape
//! (`docs/behaviour.md#other-agents-shapes`), and the warning for a key that is none of them.

use serde_json::{Map, Value};

use super::escape_pointer;
use super::issue::{Issue, IssueCode};

/// The input object's own keys.
pub(super) const INPUT: &[&str] = &["title", "labels", "questions"];

/// A question's keys: the canonical ones, then those of other agents' shapes.
pub(super) const QUESTION: &[&str] = &[
    "id",
    "header",
    "prompt",
    "context",
    "type",
    "required",
    "options",
    "placeholder",
    "allowCustom",
    "min",
    "max",
    "step",
    "unit",
    // Claude Code, Gemini CLI, opencode, oh-my-pi, Codex, Copilot CLI, Cline/Roo.
    "question",
    "multiSelect",
    "multiple",
    "multi",
    "allowMultiple",
    "allow_multiple",
    "recommended",
    "custom",
    "isOther",
    "isSecret",
    "allow_freeform",
    "choices",
    "follow_up",
];

/// An option object's keys (`text` is a Roo follow-up answer, `markdown` Claude Code's preview).
pub(super) const OPTION: &[&str] = &[
    "value",
    "id",
    "label",
    "description",
    "preview",
    "recommended",
    "text",
    "markdown",
];

/// One `ignored` warning per key of `object` (at JSON pointer `path`) that is not in `known`,
/// in the object's order, naming the known key it most likely misspells.
pub(super) fn unknown(
    object: &Map<String, Value>,
    known: &[&str],
    path: &str,
    what: &str,
) -> Vec<Issue> {
    object
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| {
            let hint = match closest(key, known) {
                Some(near) => format!(" Did you mean {near}?"),
                None => String::new(),
            };
            Issue {
                path: format!("{path}/{}", escape_pointer(key)),
                code: IssueCode::Ignored,
                message: format!("{key} is not {what} field, so it was ignored.{hint}"),
            }
        })
        .collect()
}

/// The known key within two edits of `key` (ignoring case and `_`), the nearest first.
pub(super) fn closest<'a>(key: &str, known: &[&'a str]) -> Option<&'a str> {
    let key = fold(key);
    known
        .iter()
        .map(|candidate| (edit_distance(&key, &fold(candidate)), *candidate))
        .filter(|(distance, _)| *distance <= 2)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// A key as compared with the known ones: lower case, without `_` and `-`.
pub(super) fn fold(key: &str) -> Vec<char> {
    key.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Levenshtein distance between two short keys.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current.push(substitute.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelled_key_names_the_nearest_known_one() {
        assert_eq!(closest("multiSelct", QUESTION), Some("multiSelect"));
        assert_eq!(closest("promt", QUESTION), Some("prompt"));
        assert_eq!(closest("allow_custom", QUESTION), Some("allowCustom"));
        assert_eq!(closest("descripton", OPTION), Some("description"));
        assert_eq!(closest("annotations", QUESTION), None);
    }
}
