//! Escape sequences and control characters from untrusted markdown never reach a span: not in
//! prose, headings, code (highlighted or not), fence info strings, link text or targets, table
//! cells, image alt text or HTML.

use tea::Line;
use tea_markdown::render;

/// Anything a terminal could act on: C0 and C1 controls (ESC, BEL, CSI…) and DEL.
fn is_dangerous(c: char) -> bool {
    c.is_control()
}

fn assert_clean(lines: &[Line]) {
    for (row, line) in lines.iter().enumerate() {
        for span in &line.spans {
            assert!(
                !span.text.chars().any(is_dangerous),
                "row {row} span {:?} holds a control character",
                span.text
            );
            if let Some(url) = &span.style.link {
                assert!(
                    !url.chars().any(is_dangerous),
                    "row {row} link {url:?} holds a control character"
                );
            }
        }
    }
}

fn text_of(lines: &[Line]) -> String {
    lines
        .iter()
        .map(Line::plain_text)
        .collect::<Vec<_>>()
        .join("\n")
}

const ESCAPES: &[&str] = &[
    "\x1b[31m",
    "\x1b[2J\x1b[H",
    "\x1b]0;pwned\x07",
    "\x1b]8;;https://evil.example\x1b\\",
    "\x1bP+q\x1b\\",
    "\x1b_Gf=100;AAAA\x1b\\",
    "\u{9b}31m",
    "\u{9d}0;t\u{9c}",
    "\x07\x08\x7f",
    "\x1bc",
];

#[test]
fn escapes_in_every_construct_are_removed() {
    for esc in ESCAPES {
        let src = format!(
            "# head{esc}ing\n\n\
             para{esc}graph *em{esc}ph* `co{esc}de`\n\n\
             - item{esc}\n  - [ ] task{esc}\n\n\
             > quote{esc}\n\n\
             | h{esc} | x |\n|---|---|\n| cell{esc} | y |\n\n\
             [link{esc}](https://e.com/{esc}p) <https://e.com/{esc}auto>\n\n\
             ![alt{esc}](i{esc}.png)\n\n\
             ```rust{esc}\nlet s = \"str{esc}ing\"; // com{esc}ment\n```\n\n\
             ```\nplain{esc}\n```\n\n\
                 indented{esc}\n\n\
             <div>html{esc}</div>\n"
        );
        for width in [1, 7, 40, 120] {
            let lines = render(&src, width);
            assert_clean(&lines);
            assert!(lines.iter().all(|l| l.width() <= width));
        }
        let text = text_of(&render(&src, 200));
        for visible in [
            "heading",
            "paragraph",
            "emph",
            "code",
            "item",
            "task",
            "quote",
            "cell",
            "link",
            "string",
            "comment",
            "plain",
            "indented",
            "html",
            "alt",
        ] {
            assert!(
                text.contains(visible),
                "{visible:?} lost around {esc:?}:\n{text}"
            );
        }
    }
}

#[test]
fn link_targets_carry_no_escape_into_osc_8() {
    let lines = render("[x](https://e.com/a\x1b]8;;\x07b)", 80);
    assert_clean(&lines);
    let link = lines[0].spans[0].style.link.as_deref();
    assert_eq!(link, Some("https://e.com/ab"));
}

#[test]
fn bidi_overrides_and_carriage_returns_do_not_survive() {
    let lines = render(
        "safe\u{202e}txt.exe and\rover\n\n```\na\rb\u{2066}\n```",
        40,
    );
    assert_clean(&lines);
    let text = text_of(&lines);
    assert!(!text.contains('\u{202e}') && !text.contains('\u{2066}'));
}

#[test]
fn nul_and_lone_escape_bytes_are_harmless() {
    let lines = render("a\0b \x1b \x1b[ `\x1b`\n\n```\n\x1b\n```", 20);
    assert_clean(&lines);
}

#[test]
fn deeply_nested_containers_are_flattened_not_recursed() {
    for src in [
        format!("{} deep", ">".repeat(100_000)),
        format!("{} deep", "- ".repeat(100_000)),
        format!("{} deep", "1. ".repeat(50_000)),
    ] {
        let lines = render(&src, 80);
        assert!(text_of(&lines).contains("deep"));
        assert!(lines.iter().all(|l| l.width() <= 80));
    }
}

#[test]
fn nesting_up_to_the_limit_keeps_its_structure() {
    let lines = render("> > > quoted", 20);
    assert_eq!(text_of(&lines), "│ │ │ quoted");
}

#[test]
fn a_paragraph_of_many_links_renders_every_one() {
    let src = (0..5000)
        .map(|i| format!("[l{i}](https://e.com/{i})"))
        .collect::<Vec<_>>()
        .join(" ");
    let text = text_of(&render(&src, 80)).replace('\n', " ");
    for i in [0, 2500, 4999] {
        assert!(
            text.contains(&format!("l{i} (https://e.com/{i})")),
            "link {i}"
        );
    }
}
