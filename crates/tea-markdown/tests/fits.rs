//! Property: for generated markdown (nested lists, quotes, tables, code, drawings laid out by
//! spaces or tabs, CJK, Devanagari conjuncts, Arabic, emoji, escapes, long words) at every width
//! from 1 to 200, every row fits and no control character survives; wrapping keeps every
//! character and never splits a joined emoji; drawings keep every line as written.

use proptest::prelude::*;
use tea_markdown::render;

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z]{1,8}",
        Just("日本語".to_string()),
        Just("👩‍💻".to_string()),
        Just("👍🏽".to_string()),
        Just("👨\u{200d}👩\u{200d}👧".to_string()),
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

/// A line of a drawing: pieces of ASCII art, box drawing and words, set apart by runs of spaces.
fn drawing_line() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("/\\___".to_string()),
        Just("|  |".to_string()),
        Just("┌──┐".to_string()),
        Just("└─┬┘".to_string()),
        Just("├── src".to_string()),
        Just("日本".to_string()),
        Just("👨\u{200d}👩\u{200d}👧".to_string()),
        // Clusters three and four columns wide: wider than a narrow band's room beside its
        // markers.
        Just("क्षि".to_string()),
        Just("स्त्रि".to_string()),
        Just("مرحبا".to_string()),
        "[A-Z]{1,8}",
        Just("\x1b[31m/\\\x1b[0m".to_string()),
    ];
    // Runs of spaces, or two tabs (five columns at least, wherever the tab stops fall).
    let gap = prop_oneof![
        (3usize..12).prop_map(|n| " ".repeat(n)),
        Just("\t\t".to_string())
    ];
    (
        0usize..4,
        // Two pieces at least, so every line has a run of spaces inside.
        prop::collection::vec((piece, gap), 2..5),
    )
        .prop_map(|(indent, pieces)| {
            let mut line = " ".repeat(indent);
            for (piece, gap) in pieces {
                line.push_str(&piece);
                line.push_str(&gap);
            }
            line.trim_end().to_string()
        })
}

fn drawing() -> impl Strategy<Value = String> {
    prop::collection::vec(drawing_line(), 2..7).prop_map(|lines| lines.join("\n"))
}

fn block() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        drawing(),
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A drawing is drawn as written: when it fits, row for line; when it does not, in bands
    /// whose rows, read band after band, give back every line's characters in order.
    #[test]
    fn drawings_keep_every_line(src in drawing(), width in 1usize..=120) {
        let lines: Vec<String> = tea::text::sanitize(&src).lines().map(|l| l.trim_end().to_string()).collect();
        let common = lines.iter().filter(|l| !l.is_empty()).map(|l| l.len() - l.trim_start().len()).min().unwrap_or(0);
        let lines: Vec<String> = lines.iter().map(|l| l.get(common..).unwrap_or("").to_string()).collect();
        let rows: Vec<String> = render(&src, width).iter().map(tea::Line::plain_text).collect();
        prop_assert!(rows.iter().all(|r| tea::text::width(r) <= width));
        let widest = lines.iter().map(|l| tea::text::width(l)).max().unwrap_or(0);
        if widest <= width {
            prop_assert_eq!(&rows, &lines);
        } else if width >= 4 {
            let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            for (i, line) in lines.iter().enumerate() {
                let shown: String = rows
                    .iter()
                    .skip(i)
                    .step_by(lines.len() + 1)
                    .map(|r| r.strip_prefix('‹').unwrap_or(r).trim_end_matches('›').to_string())
                    .collect();
                prop_assert_eq!(squeeze(&shown), squeeze(line), "line {}", i);
            }
        }
    }

    /// The members of a joined emoji (drawn side by side) stay on one row wherever the row has
    /// room for them: in prose, lists, quotes and table cells.
    #[test]
    fn a_joined_emoji_stays_on_one_row(
        words in prop::collection::vec(prose_word(), 0..12),
        at in 0usize..12,
        container in prop_oneof![Just(""), Just("- "), Just("> "), Just("| a | b |\n|---|---|\n| x | ")],
        width in 12usize..=80,
    ) {
        // A table's cell column has room from 20 columns on.
        prop_assume!(!container.starts_with('|') || width >= 20);
        let mut words = words;
        words.insert(at.min(words.len()), "👨\u{200d}👩\u{200d}👧".to_string());
        let src = format!("{container}{}", words.join(" "));
        let rows: Vec<String> = render(&src, width).iter().map(tea::Line::plain_text).collect();
        prop_assert!(rows.iter().any(|r| r.contains("👨👩👧")), "{:?}", rows);
    }
}
