//! Property: for generated markdown (nested lists, quotes, tables, code, CJK, emoji, escapes,
//! long words) at every width from 1 to 200, every row fits and no control character survives.

use proptest::prelude::*;
use tea_markdown::render;

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,8}",
        Just("日本語".to_string()),
        Just("👩‍💻".to_string()),
        Just("👍🏽".to_string()),
        Just("e\u{301}".to_string()),
        Just("x".repeat(70)),
        Just("\x1b[31mred\x1b[0m".to_string()),
        Just("\x1b]8;;http://e\x07l\x1b]8;;\x07".to_string()),
        Just("\u{9b}2J".to_string()),
        Just("a\tb".to_string()),
        Just("**bold**".to_string()),
        Just("*it*".to_string()),
        Just("`code`".to_string()),
        Just("~~gone~~".to_string()),
        Just("[l](https://e.com/\x1b[1m/p)".to_string()),
        Just("<https://example.com/a/very/long/path/that/goes/on>".to_string()),
        Just("![alt](i.png)".to_string()),
    ]
}

fn inline() -> impl Strategy<Value = String> {
    prop::collection::vec(word(), 1..12).prop_map(|words| words.join(" "))
}

fn code_line() -> impl Strategy<Value = String> {
    prop_oneof![
        inline(),
        Just("fn main() { let x = \"s\"; } // c".to_string()),
        Just("\tdef f(a): return 1.5".to_string()),
        Just("y".repeat(230)),
    ]
}

fn block() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        inline(),
        (1usize..=6, inline()).prop_map(|(n, t)| format!("{} {t}", "#".repeat(n))),
        Just("---".to_string()),
        (
            prop_oneof![
                Just("rust"),
                Just("python"),
                Just(""),
                Just("nope"),
                Just("js")
            ],
            prop::collection::vec(code_line(), 0..5)
        )
            .prop_map(|(lang, lines)| format!("```{lang}\n{}\n```", lines.join("\n"))),
        prop::collection::vec(code_line(), 1..3)
            .prop_map(|lines| lines.iter().map(|l| format!("    {l}\n")).collect()),
        (
            1usize..6,
            prop::collection::vec(prop::collection::vec(inline(), 6), 0..4)
        )
            .prop_map(|(cols, rows)| {
                let row = |cells: &[String]| format!("| {} |", cells[..cols].join(" | "));
                let head: Vec<String> = (0..cols).map(|c| format!("h{c}")).collect();
                let mut out = vec![row(&head), format!("|{}", ":---:|".repeat(cols))];
                out.extend(rows.iter().map(|r| row(r)));
                out.join("\n")
            }),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(|blocks| {
                blocks
                    .join("\n\n")
                    .lines()
                    .map(|l| format!("> {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            }),
            (
                prop_oneof![Just("- "), Just("1. "), Just("- [x] "), Just("100. ")],
                prop::collection::vec(inner, 1..4)
            )
                .prop_map(|(marker, items)| {
                    let pad = " ".repeat(marker.len());
                    items
                        .iter()
                        .map(|item| {
                            let mut lines = item.lines();
                            let first = lines.next().unwrap_or("");
                            let rest: Vec<String> = lines.map(|l| format!("{pad}{l}")).collect();
                            let mut s = format!("{marker}{first}");
                            for l in rest {
                                s.push('\n');
                                s.push_str(&l);
                            }
                            s
                        })
                        .collect::<Vec<_>>()
                        .join("\n")
                }),
        ]
    })
}

fn document() -> impl Strategy<Value = String> {
    prop::collection::vec(block(), 0..6).prop_map(|blocks| blocks.join("\n\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_row_fits_and_no_control_character_survives(src in document(), width in 1usize..=200) {
        for line in render(&src, width) {
            prop_assert!(line.width() <= width, "row {:?} is wider than {}", line.plain_text(), width);
            for span in &line.spans {
                prop_assert!(!span.text.chars().any(char::is_control), "span {:?}", span.text);
                if let Some(url) = &span.style.link {
                    prop_assert!(!url.chars().any(char::is_control), "link {:?}", url);
                }
            }
        }
    }
}

fn prose_word() -> impl Strategy<Value = String> {
    prop_oneof![
        // A letter first: a leading "-" or "1." would start a list, which is not prose.
        "[a-zA-Z][a-zA-Z0-9.,;:!?'()/-]{0,11}",
        "[a-z]{20,90}",
        Just("日本語".to_string()),
        Just("한국어".to_string()),
        Just("👩‍💻".to_string()),
        Just("👍🏽".to_string()),
        Just("🇯🇵".to_string()),
        Just("e\u{301}".to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Wrapping loses nothing but the spaces it breaks at: prose, in a paragraph, a list item
    /// or a quote, keeps every visible character in order (widths of 2 and more, where every
    /// glyph can be drawn).
    #[test]
    fn wrapping_keeps_every_visible_character(
        words in prop::collection::vec(prose_word(), 1..30),
        container in prop_oneof![Just(""), Just("- "), Just("> "), Just("1. ")],
        width in 2usize..=200,
    ) {
        let text = words.join(" ");
        let lines = render(&format!("{container}{text}"), width);
        let shown: String = lines
            .iter()
            .map(tea::Line::plain_text)
            .collect::<String>()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let marker = match container {
            "- " => "•",
            "> " => "│",
            "1. " => "1.",
            _ => "",
        };
        // What sanitizing keeps (joined emoji are drawn as their members).
        let expected: String = tea::text::sanitize(&text).chars().filter(|c| !c.is_whitespace()).collect();
        let body = if width > container.len() {
            // Each row but blank ones starts with the container's marker or border, or (for
            // list continuation rows) with spaces.
            shown.replacen(marker, "", if container == "> " { lines.len() } else { 1 })
        } else {
            shown.replacen(marker, "", 1)
        };
        prop_assert_eq!(body, expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Code keeps every character through highlighting and hard-wrapping, between its fences.
    #[test]
    fn code_keeps_every_visible_character(
        lines in prop::collection::vec(prop::collection::vec(prose_word(), 0..12), 1..6),
        lang in prop_oneof![Just(""), Just("rust"), Just("python"), Just("nope")],
        width in 2usize..=120,
    ) {
        let code: Vec<String> = lines.iter().map(|words| words.join(" ")).collect();
        let rendered = render(&format!("```{lang}\n{}\n```", code.join("\n")), width);
        prop_assert!(rendered.len() >= 2);
        let inside: String = rendered[1..rendered.len() - 1]
            .iter()
            .map(tea::Line::plain_text)
            .collect::<String>()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        let expected: String = tea::text::sanitize(&code.concat())
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        prop_assert_eq!(inside, expected);
    }
}
