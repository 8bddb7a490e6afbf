//! One case per markdown construct, checked in the slot-tagged text form.

mod support;

use support::tagged;
use tea_markdown::render;

fn tags(src: &str, width: usize) -> Vec<String> {
    tagged(&render(src, width))
}

fn plain(src: &str, width: usize) -> Vec<String> {
    render(src, width)
        .iter()
        .map(tea::Line::plain_text)
        .collect()
}

#[test]
fn empty_and_blank_sources_render_nothing() {
    assert!(render("", 40).is_empty());
    assert!(render("\n\n   \n", 40).is_empty());
}

#[test]
fn headings_are_bold_h1_underlined_deeper_levels_keep_their_hashes() {
    assert_eq!(
        tags("# One\n## Two\n### Three\n###### Six", 40),
        vec![
            "[mdHeading bold underline]One[/]",
            "",
            "[mdHeading bold]Two[/]",
            "",
            "[mdHeading bold]### Three[/]",
            "",
            "[mdHeading bold]###### Six[/]",
        ]
    );
}

#[test]
fn emphasis_strong_strikethrough_and_inline_code() {
    assert_eq!(
        tags("a *i* **b** ~~s~~ `c` ***bi***", 40),
        vec!["a [italic]i[/] [bold]b[/] [strike]s[/] [mdCode]c[/] [bold italic]bi[/]"]
    );
}

#[test]
fn single_line_breaks_and_hard_breaks_both_split() {
    assert_eq!(plain("one\ntwo", 40), vec!["one", "two"]);
    assert_eq!(
        plain("one  \ntwo\\\nthree", 40),
        vec!["one", "two", "three"]
    );
}

#[test]
fn paragraphs_wrap_at_words_with_a_blank_row_between_them() {
    assert_eq!(
        plain("the quick brown fox jumps\n\nover", 10),
        vec!["the quick", "brown fox", "jumps", "", "over"]
    );
}

#[test]
fn bullets_change_with_depth() {
    assert_eq!(
        tags("- a\n  - b\n    - c\n      - d", 40),
        vec![
            "[mdListBullet]• [/]a",
            "  [mdListBullet]◦ [/]b",
            "    [mdListBullet]▪ [/]c",
            "      [mdListBullet]• [/]d",
        ]
    );
}

#[test]
fn list_items_wrap_under_their_text() {
    assert_eq!(
        plain("- one two three four five\n1. six seven eight nine", 12),
        vec![
            "• one two",
            "  three four",
            "  five",
            "",
            "1. six seven",
            "   eight",
            "   nine"
        ]
    );
}

#[test]
fn ordered_numbers_are_right_aligned_from_the_start_number() {
    assert_eq!(
        plain("9. nine\n10. ten\n11. eleven", 40),
        vec![" 9. nine", "10. ten", "11. eleven"]
    );
}

#[test]
fn loose_lists_keep_a_blank_row_between_items() {
    assert_eq!(plain("- a\n\n- b", 40), vec!["• a", "", "• b"]);
    assert_eq!(plain("- a\n- b", 40), vec!["• a", "• b"]);
}

#[test]
fn task_items_show_their_checkbox_as_the_marker() {
    assert_eq!(
        tags("- [x] done\n- [ ] open", 40),
        vec!["[mdListBullet][x] [/]done", "[mdListBullet][ ] [/]open"]
    );
}

#[test]
fn list_markers_take_their_own_row_when_the_text_would_get_less_than_two_columns() {
    assert_eq!(plain("- 日本", 4), vec!["• 日", "  本"]);
    assert_eq!(plain("- 日本", 3), vec!["•", "日", "本"]);
}

#[test]
fn an_empty_item_shows_its_marker() {
    assert_eq!(plain("- \n- b", 40), vec!["•", "• b"]);
}

#[test]
fn block_quotes_have_a_border_and_quote_text() {
    assert_eq!(
        tags("> said `x`\n>\n> > inner", 40),
        vec![
            "[mdQuoteBorder]│ [/][mdQuote italic]said [/][mdCode]x[/]",
            "[mdQuoteBorder]│[/]",
            "[mdQuoteBorder]│ [/][mdQuoteBorder]│ [/][mdQuote italic]inner[/]",
        ]
    );
}

#[test]
fn quotes_wrap_inside_their_border_and_drop_it_when_there_is_no_room() {
    assert_eq!(plain("> aaa bbb", 5), vec!["│ aaa", "│ bbb"]);
    assert_eq!(plain("> abc", 4), vec!["│ ab", "│ c"]);
    assert_eq!(plain("> 日本", 4), vec!["│ 日", "│ 本"]);
    assert_eq!(plain("> ab", 3), vec!["ab"]);
}

#[test]
fn tables_align_cells_and_bold_the_header() {
    let src = "| L | C | R |\n|:--|:-:|--:|\n| a | b | c |\n| long | x | 12 |";
    assert_eq!(
        plain(src, 40),
        vec![
            "┌──────┬───┬────┐",
            "│ L    │ C │  R │",
            "├──────┼───┼────┤",
            "│ a    │ b │  c │",
            "│ long │ x │ 12 │",
            "└──────┴───┴────┘",
        ]
    );
    assert_eq!(
        tags(src, 40)[1],
        "[mdHr]│ [/][bold]L[/]   [mdHr] │ [/][bold]C[/][mdHr] │ [/] [bold]R[/][mdHr] │[/]"
    );
}

#[test]
fn tables_shrink_the_widest_column_and_wrap_its_cells() {
    let src = "| k | description |\n|---|---|\n| a | one two three four |";
    assert_eq!(
        plain(src, 20),
        vec![
            "┌───┬──────────────┐",
            "│ k │ description  │",
            "├───┼──────────────┤",
            "│ a │ one two      │",
            "│   │ three four   │",
            "└───┴──────────────┘",
        ]
    );
    for width in 9..40 {
        assert!(render(src, width).iter().all(|l| l.width() <= width));
    }
}

#[test]
fn table_columns_shrink_no_narrower_than_a_wide_glyph() {
    let src = "| 日本語 | x |\n|---|---|\n| 한국어 | y |";
    assert_eq!(
        plain(src, 10),
        vec![
            "┌────┬───┐",
            "│ 日 │ x │",
            "│ 本 │   │",
            "│ 語 │   │",
            "├────┼───┤",
            "│ 한 │ y │",
            "│ 국 │   │",
            "│ 어 │   │",
            "└────┴───┘",
        ]
    );
    assert_eq!(plain(src, 9), vec!["日本語:", "한국어", "x: y"]);
}

#[test]
fn tables_too_narrow_for_borders_become_records() {
    let src = "| k | v |\n|---|---|\n| a | one |\n| b | two |";
    assert_eq!(plain(src, 8), vec!["k: a", "v: one", "", "k: b", "v: two"]);
    assert_eq!(plain("| head |\n|---|", 3), vec!["hea", "d"]);
}

#[test]
fn links_show_their_target_unless_the_text_is_the_target() {
    assert_eq!(
        tags("[docs](https://e.com/d)", 80),
        vec![
            "[mdLink underline link=https://e.com/d]docs[/][mdLinkUrl link=https://e.com/d] (https://e.com/d)[/]"
        ]
    );
    assert_eq!(
        tags("<https://e.com>", 80),
        vec!["[mdLink underline link=https://e.com]https://e.com[/]"]
    );
    assert_eq!(
        tags("<a@e.com>", 80),
        vec!["[mdLink underline link=mailto:a@e.com]a@e.com[/]"]
    );
}

#[test]
fn only_web_and_mail_links_become_terminal_hyperlinks() {
    assert_eq!(
        tags(
            "[a](docs/a.md) [b](file:///etc/passwd) [c](HTTPS://e.com)",
            80
        ),
        vec![
            "[mdLink underline]a[/][mdLinkUrl] (docs/a.md)[/] \
             [mdLink underline]b[/][mdLinkUrl] (file:///etc/passwd)[/] \
             [mdLink underline link=HTTPS://e.com]c[/][mdLinkUrl link=HTTPS://e.com] (HTTPS://e.com)[/]"
        ]
    );
}

#[test]
fn adjacent_links_each_decide_on_their_own_target() {
    assert_eq!(
        plain("[https://e.com](https://e.com)[x](https://e.com)", 80),
        vec!["https://e.comx (https://e.com)"]
    );
}

#[test]
fn long_urls_break_rather_than_overflow() {
    let url = format!("https://e.com/{}", "x".repeat(50));
    let lines = render(&format!("<{url}>"), 20);
    assert_eq!(lines.len(), 4);
    assert!(lines.iter().all(|l| l.width() <= 20));
}

#[test]
fn images_show_their_alt_text_and_target() {
    assert_eq!(
        plain("![a chart](c.png) ![](d.png)", 80),
        vec!["a chart (c.png) image (d.png)"]
    );
}

#[test]
fn rules_span_the_width() {
    assert_eq!(tags("---", 5), vec!["[mdHr]─────[/]"]);
    assert_eq!(plain("> ---", 6), vec!["│ ────"]);
}

#[test]
fn code_blocks_sit_between_fences_and_unknown_languages_stay_plain() {
    assert_eq!(
        tags("```nope\nx = 1\n```", 40),
        vec![
            "[mdCodeBlockBorder]```nope[/]",
            "[mdCodeBlock]x = 1[/]",
            "[mdCodeBlockBorder]```[/]",
        ]
    );
    assert_eq!(plain("```\n```", 40), vec!["```", "```"]);
}

#[test]
fn known_languages_are_highlighted_with_syntax_slots() {
    assert_eq!(
        tags("```rust\nlet n = 1; // c\n```", 40)[1],
        "[syntaxKeyword]let[/][mdCodeBlock] n [/][syntaxOperator]=[/][mdCodeBlock] [/][syntaxNumber]1[/][syntaxPunctuation];[/][mdCodeBlock] [/][syntaxComment]// c[/]"
    );
}

#[test]
fn highlighting_stops_after_a_documents_budget_of_code() {
    let block = format!("```rust\n{}```\n\n", "let x = 1;\n".repeat(1500));
    let lines = render(&block.repeat(4), 80);
    let highlighted_rows = lines
        .iter()
        .filter(|l| {
            l.spans
                .iter()
                .any(|s| s.style.fg == Some(tea::Slot::SyntaxKeyword))
        })
        .count();
    // Each block holds 16.5 KB of code: two fit the 40 KB budget, the other two stay plain.
    assert_eq!(highlighted_rows, 2 * 1500);
}

#[test]
fn long_code_rows_are_hard_wrapped_and_keep_every_character() {
    let lines = plain("```\nabcdefghij\n  x\n```", 4);
    assert_eq!(lines, vec!["```", "abcd", "efgh", "ij", "  x", "```"]);
}

#[test]
fn code_tabs_are_expanded_and_blank_rows_kept() {
    assert_eq!(
        plain("```\n\tx\n\n y\n```", 40),
        vec!["```", "    x", "", " y", "```"]
    );
}

#[test]
fn code_in_list_items_is_indented_with_the_item() {
    assert_eq!(
        plain("- a\n\n  ```\n  code\n  ```", 40),
        vec!["• a", "", "  ```", "  code", "  ```"]
    );
}

#[test]
fn html_is_shown_as_text() {
    assert_eq!(
        plain("<div>\nhi\n</div>", 40),
        vec!["<div>", "hi", "</div>"]
    );
    assert_eq!(plain("a <b>bold</b>", 40), vec!["a <b>bold</b>"]);
}

#[test]
fn width_zero_is_treated_as_one() {
    assert_eq!(plain("ab", 0), vec!["a", "b"]);
}

#[test]
fn wide_characters_wrap_between_glyphs() {
    assert_eq!(plain("日本語テキスト", 6), vec!["日本語", "テキス", "ト"]);
}
