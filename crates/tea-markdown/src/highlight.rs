//! Syntax highlighting: syntect parses code into scopes, and scope *names* pick a theme slot
//! (`syntaxKeyword`, `syntaxString`, …). No syntect color theme is involved, so the host's theme
//! colors the code.

use std::sync::{Mutex, OnceLock};

use syntect::parsing::{ParseState, Scope, ScopeStack, SyntaxReference, SyntaxSet};
use tea::{Slot, Span, Style};

static SYNTAXES: OnceLock<SyntaxSet> = OnceLock::new();
static RULES: OnceLock<Vec<(Scope, Slot)>> = OnceLock::new();

/// The syntax definitions, loaded on first use (about a millisecond; each language's regexes
/// then compile lazily the first time that language is highlighted).
pub(crate) fn syntaxes() -> &'static SyntaxSet {
    SYNTAXES.get_or_init(SyntaxSet::load_defaults_newlines)
}

/// Scope-name prefixes and the slot each one means. Inside one scope the longest matching prefix
/// wins, so `keyword.operator` beats `keyword` and `punctuation.definition.string` (the quotes)
/// colors like the string rather than like punctuation.
const RULE_NAMES: &[(&str, Slot)] = &[
    ("comment", Slot::SyntaxComment),
    ("punctuation.definition.comment", Slot::SyntaxComment),
    ("string", Slot::SyntaxString),
    ("punctuation.definition.string", Slot::SyntaxString),
    ("constant.character", Slot::SyntaxString),
    ("constant.numeric", Slot::SyntaxNumber),
    ("constant.language", Slot::SyntaxNumber),
    ("constant", Slot::SyntaxNumber),
    ("support.constant", Slot::SyntaxNumber),
    ("keyword.operator", Slot::SyntaxOperator),
    ("keyword", Slot::SyntaxKeyword),
    ("storage", Slot::SyntaxKeyword),
    ("variable.language", Slot::SyntaxKeyword),
    ("entity.name.tag", Slot::SyntaxKeyword),
    ("entity.name.function", Slot::SyntaxFunction),
    ("support.function", Slot::SyntaxFunction),
    ("variable.function", Slot::SyntaxFunction),
    ("meta.function-call.identifier", Slot::SyntaxFunction),
    ("entity.name", Slot::SyntaxType),
    ("entity.other.inherited-class", Slot::SyntaxType),
    ("support.type", Slot::SyntaxType),
    ("support.class", Slot::SyntaxType),
    ("storage.type.numeric", Slot::SyntaxType),
    ("storage.type.primitive", Slot::SyntaxType),
    ("entity.other.attribute-name", Slot::SyntaxVariable),
    ("variable", Slot::SyntaxVariable),
    ("punctuation", Slot::SyntaxPunctuation),
    // Diffs: added and removed lines mean success and error in every theme; headers recede.
    ("markup.inserted", Slot::Success),
    ("markup.deleted", Slot::Error),
    ("markup.changed", Slot::Warning),
    ("meta.diff", Slot::SyntaxComment),
];

fn rules() -> &'static [(Scope, Slot)] {
    RULES.get_or_init(|| {
        let mut rules: Vec<(Scope, Slot)> = RULE_NAMES
            .iter()
            .map(|&(name, slot)| (Scope::new(name).expect("a valid scope name"), slot))
            .collect();
        // Most specific first.
        rules.sort_by_key(|(scope, _)| std::cmp::Reverse(scope.len()));
        rules
    })
}

/// The slot for text under `stack`: the innermost scope that any rule names decides, except
/// that punctuation inside a string, comment, number or diff line (a decimal point, a quote, a
/// leading `+`) belongs to that enclosing token.
pub(crate) fn slot_for(stack: &[Scope]) -> Slot {
    let rules = rules();
    let mut slots = stack.iter().rev().filter_map(|scope| {
        rules
            .iter()
            .find(|(rule, _)| rule.is_prefix_of(*scope))
            .map(|(_, slot)| *slot)
    });
    match slots.next() {
        Some(Slot::SyntaxPunctuation) => slots
            .find(|slot| {
                matches!(
                    *slot,
                    Slot::SyntaxString
                        | Slot::SyntaxComment
                        | Slot::SyntaxNumber
                        | Slot::Success
                        | Slot::Error
                        | Slot::Warning
                )
            })
            .unwrap_or(Slot::SyntaxPunctuation),
        Some(slot) => slot,
        None => Slot::MdCodeBlock,
    }
}

/// Fence info strings people write that name no syntax of the default set, mapped onto one that
/// does (TypeScript reads well enough with JavaScript's grammar).
fn alias(lang: &str) -> &str {
    match lang {
        "shell" | "console" | "zsh" | "sh" => "bash",
        "ts" | "typescript" | "tsx" | "jsx" | "mjs" | "cjs" => "js",
        "golang" => "go",
        "py3" | "python3" => "py",
        "rs" => "rust",
        "yml" => "yaml",
        "c++" => "cpp",
        other => other,
    }
}

/// The syntax a fence's info string names (`rust`, `py`, `Rust,ignore`, `js title="x"`).
fn syntax_for(info: &str) -> Option<&'static SyntaxReference> {
    let lang = language(info)?;
    find(syntaxes(), &lang)
}

/// The language token of a fence's info string, lowercased; `None` when it names none.
fn language(info: &str) -> Option<String> {
    let lang = info
        .split(|c: char| c.is_whitespace() || c == ',' || c == '{')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    (!lang.is_empty()).then_some(lang)
}

fn find(set: &'static SyntaxSet, lang: &str) -> Option<&'static SyntaxReference> {
    set.find_syntax_by_token(alias(lang))
        .filter(|syntax| syntax.name != "Plain Text")
}

/// Grammars that have highlighted code in this process: their patterns met so far are
/// compiled, so the next block in the same language costs only its parsing.
static WARM: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());

/// Whether code under this info string highlights without compiling a grammar first: it names
/// no grammar, or one already used. Loads nothing.
pub(crate) fn is_warm(info: &str) -> bool {
    let Some(lang) = language(info) else {
        return true;
    };
    let Some(set) = SYNTAXES.get() else {
        return false;
    };
    match find(set, &lang) {
        Some(syntax) => lock_warm().contains(&syntax.name.as_str()),
        None => true,
    }
}

fn lock_warm() -> std::sync::MutexGuard<'static, Vec<&'static str>> {
    // A panic while holding it cannot leave the list inconsistent (pushes only).
    WARM.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Code longer than this, or with a line longer than [`MAX_LINE`], is shown plain: the regex
/// engine's cost grows with line length, and a hostile or minified block must not stall a frame.
const MAX_CODE: usize = 20_000;
const MAX_LINE: usize = 500;

/// Code highlighted per document at most; later blocks are shown plain. Highlighting costs
/// roughly 0.1–0.2 ms a line, so this bounds a first render of a hostile document.
pub(crate) const MAX_DOCUMENT_CODE: usize = 40_000;

/// Splits sanitized code into rows of styled spans, one per source line. Unknown or missing
/// languages, code too large to highlight quickly, and any parse failure give plain
/// `mdCodeBlock` text.
pub(crate) fn highlight(info: Option<&str>, code: &str) -> Vec<Vec<Span>> {
    let plain = |line: &str| -> Vec<Span> {
        if line.is_empty() {
            Vec::new()
        } else {
            vec![Span::styled(line, Style::fg(Slot::MdCodeBlock))]
        }
    };
    let too_big = code.len() > MAX_CODE || code.split('\n').any(|line| line.len() > MAX_LINE);
    let Some(syntax) = info.and_then(syntax_for).filter(|_| !too_big) else {
        return code.split('\n').map(plain).collect();
    };
    let set = syntaxes();
    let mut state = ParseState::new(syntax);
    let mut stack = ScopeStack::new();
    let mut rows = Vec::new();
    let mut failed = false;
    let mut buffer = String::new();
    for line in code.split('\n') {
        if failed {
            rows.push(plain(line));
            continue;
        }
        // The default syntaxes expect each line to end with its newline.
        buffer.clear();
        buffer.push_str(line);
        buffer.push('\n');
        let Ok(ops) = state.parse_line(&buffer, set) else {
            failed = true;
            rows.push(plain(line));
            continue;
        };
        let mut row: Vec<Span> = Vec::new();
        let mut start = 0;
        for (at, op) in ops {
            let at = at.min(line.len());
            push_run(&mut row, &line[start..at], slot_for(stack.as_slice()));
            start = at;
            if stack.apply(&op).is_err() {
                failed = true;
                break;
            }
        }
        push_run(&mut row, &line[start..], slot_for(stack.as_slice()));
        rows.push(row);
    }
    let mut warm = lock_warm();
    if !warm.contains(&syntax.name.as_str()) {
        warm.push(syntax.name.as_str());
    }
    rows
}

fn push_run(row: &mut Vec<Span>, text: &str, slot: Slot) {
    if text.is_empty() {
        return;
    }
    match row.last_mut() {
        Some(last) if last.style.fg == Some(slot) => last.text.push_str(text),
        _ => row.push(Span::styled(text, Style::fg(slot))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(lang: &str, code: &str) -> Vec<(String, &'static str)> {
        highlight(Some(lang), code)
            .into_iter()
            .flatten()
            .map(|span| (span.text, span.style.fg.unwrap().name()))
            .collect()
    }

    fn slot_of(lang: &str, code: &str, token: &str) -> &'static str {
        slots(lang, code)
            .into_iter()
            .find(|(text, _)| text.trim() == token)
            .unwrap_or_else(|| panic!("no span {token:?} in {:?}", slots(lang, code)))
            .1
    }

    #[test]
    fn rust_tokens_map_to_syntax_slots() {
        let code = "// note\nfn main() {\n    let x: String = 42 + 1;\n    println!(\"hi\");\n}";
        assert_eq!(slot_of("rust", code, "// note"), "syntaxComment");
        assert_eq!(slot_of("rust", code, "fn"), "syntaxKeyword");
        assert_eq!(slot_of("rust", code, "main"), "syntaxFunction");
        assert_eq!(slot_of("rust", code, "42"), "syntaxNumber");
        assert_eq!(slot_of("rust", code, "+"), "syntaxOperator");
        assert_eq!(slot_of("rust", code, "\"hi\""), "syntaxString");
        assert_eq!(slot_of("rust", code, "String"), "syntaxType");
        assert_eq!(slot_of("rust", code, "{"), "syntaxPunctuation");
    }

    #[test]
    fn python_tokens_map_to_syntax_slots() {
        let code = "class Point(Base):\n    def norm(self):\n        return 1.5  # why";
        assert_eq!(slot_of("python", code, "class"), "syntaxKeyword");
        assert_eq!(slot_of("python", code, "Point"), "syntaxType");
        assert_eq!(slot_of("python", code, "norm"), "syntaxFunction");
        assert_eq!(slot_of("python", code, "1.5"), "syntaxNumber");
        assert_eq!(slot_of("python", code, "self"), "syntaxVariable");
        assert_eq!(slot_of("python", code, "# why"), "syntaxComment");
    }

    #[test]
    fn javascript_and_c_tokens_map_to_syntax_slots() {
        let js = "const f = foo(1); // x\nlet s = 'a\\n';";
        assert_eq!(slot_of("js", js, "const"), "syntaxKeyword");
        assert_eq!(slot_of("js", js, "foo"), "syntaxFunction");
        assert_eq!(slot_of("js", js, "="), "syntaxOperator");
        assert_eq!(slot_of("js", js, "'a\\n'"), "syntaxString");
        let c = "int main(void) { return 0; }";
        assert_eq!(slot_of("c", c, "return"), "syntaxKeyword");
        assert_eq!(slot_of("c", c, "main"), "syntaxFunction");
    }

    #[test]
    fn diff_lines_map_to_success_and_error() {
        let diff = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n same\n-old\n+new";
        assert_eq!(slot_of("diff", diff, "-old"), "error");
        assert_eq!(slot_of("diff", diff, "+new"), "success");
        assert_eq!(slot_of("diff", diff, "--- a/x"), "syntaxComment");
        assert_eq!(slot_of("diff", diff, "same"), "mdCodeBlock");
    }

    #[test]
    fn unknown_and_missing_languages_are_plain_code() {
        for info in [None, Some("no-such-language"), Some("")] {
            let rows = highlight(info, "let x = 1;\n\nend");
            assert_eq!(rows.len(), 3);
            assert!(rows[1].is_empty());
            for span in rows.iter().flatten() {
                assert_eq!(span.style.fg, Some(Slot::MdCodeBlock));
            }
        }
    }

    #[test]
    fn very_long_code_is_not_highlighted() {
        let long_line = format!("let s = \"{}\";", "a(".repeat(MAX_LINE));
        let rows = highlight(Some("rust"), &long_line);
        assert_eq!(rows[0][0].style.fg, Some(Slot::MdCodeBlock));
        let many_lines = "let x = 1;\n".repeat(MAX_CODE / 10);
        let rows = highlight(Some("rust"), &many_lines);
        assert!(
            rows.iter()
                .flatten()
                .all(|s| s.style.fg == Some(Slot::MdCodeBlock))
        );
    }

    #[test]
    fn info_strings_with_attributes_and_aliases_resolve() {
        assert!(syntax_for("Rust,ignore").is_some());
        assert!(syntax_for("js title=\"a.js\"").is_some());
        assert!(syntax_for("ts").is_some());
        assert!(syntax_for("shell").is_some());
        assert!(syntax_for("plain").is_none());
    }

    #[test]
    fn rows_keep_the_source_text() {
        let code = "fn a() {}\n\tlet s = \"é日本\";";
        let rows = highlight(Some("rust"), code);
        let text: Vec<String> = rows
            .iter()
            .map(|row| row.iter().map(|s| s.text.as_str()).collect())
            .collect();
        assert_eq!(text, vec!["fn a() {}", "\tlet s = \"é日本\";"]);
    }
}
