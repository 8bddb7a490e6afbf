//! Layout: the height formula and its stability, regions, windowing, previews, tiny terminals,
//! and (property-tested) every row fitting at every size.

mod common;

use std::ops::RangeInclusive;

use common::*;
use proptest::prelude::*;
use questionnaire::{App, HeightLimit, Msg};
use serde_json::{Value, json};
use tea::text::width;
use tea::{Program, Size};

fn assert_fits(app: &Shown) {
    let width = app.size.width as usize;
    let lines = app.lines();
    if app.is_collapsed() {
        assert_eq!(lines.len(), 1);
    } else {
        assert_eq!(lines.len(), app.height(), "the panel is exactly its height");
    }
    for line in &lines {
        let text = line.plain_text();
        assert!(line.width() <= width, "row wider than {width}: {text:?}");
        assert!(
            !text.chars().any(|c| c.is_control()),
            "control character in {text:?}"
        );
    }
}

#[test]
fn height_follows_the_formula() {
    // The plan needs more than the cap: 12 rows at 24 (max(12, 10)), 18 at 40.
    assert_eq!(app(plan(), 80, 24).height(), 12);
    assert_eq!(app(plan(), 120, 40).height(), 18);
    assert_eq!(app(plan(), 80, 8).height(), 8);
    // The CLI takes what it needs up to the terminal, or what its --height allows.
    let cli = |limit: HeightLimit, rows: u16| {
        App::new(questionnaire(plan()))
            .with_height_limit(limit)
            .height(Size::new(80, rows))
    };
    let need = cli(HeightLimit::FULL, 200);
    assert!(need > 12, "the plan needs {need} rows");
    assert_eq!(cli(HeightLimit::FULL, 40), need);
    assert_eq!(cli(HeightLimit::FULL, 20), 20);
    assert_eq!(cli(HeightLimit::Rows(15), 24), 15);
    assert_eq!(cli(HeightLimit::Percent(50), 40), 20);
    assert_eq!(
        cli(HeightLimit::Percent(10), 40),
        12,
        "a share is at least 12 rows"
    );
    // A small question needs less than the cap and gets only what it needs.
    let small =
        json!({"questions": [{"id": "a", "header": "A", "prompt": "Yes?", "type": "confirm"}]});
    // borders 2 + prompt 1 + two options + editor reservation 3 + divider and footer 2.
    assert_eq!(app(small, 80, 40).height(), 10);
}

#[test]
fn height_is_the_same_on_every_tab_and_while_typing() {
    for (w, h) in [(40, 12), (80, 24), (120, 40), (200, 60), (30, 8)] {
        let mut a = app(plan(), w, h);
        let height = a.lines().len();
        for script in [
            "down",
            "1",
            "space",
            "n",
            "a b c",
            "shift+enter",
            "esc",
            "tab",
            "tab",
            "tab",
            "x",
        ] {
            press(&mut a, script);
            assert_eq!(
                a.lines().len(),
                height,
                "{w}x{h} after {script}\n{}",
                show(&a)
            );
        }
    }
}

#[test]
fn wide_terminals_show_previews_beside_the_list() {
    let a = app(plan(), 100, 40);
    let rows = screen(&a);
    let row = rows.iter().find(|r| r.contains("Safe approach")).unwrap();
    assert!(row.contains("│ Preview · ★ Recommended"), "{row}");
    let narrow = app(plan(), 99, 40);
    assert!(show(&narrow).contains("▸ Preview · ★ Recommended · p"));
}

#[test]
fn the_height_counts_the_tallest_preview_wherever_it_is() {
    let tall: String = (1..=30).map(|i| format!("- item {i}\n")).collect();
    let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick", "options": [
        {"value": "x", "label": "X", "preview": "short"},
        {"value": "y", "label": "Y", "preview": "two\n\nparagraphs"},
        {"value": "z", "label": "Z", "preview": tall}]}]});
    let a = app(input, 120, 100);
    // Preview width at 120 columns: 116 inside the frame, 52 for the list, 3 between.
    let rows = tea_markdown::render(&tall, 116 - 52 - 3).len();
    // Borders, divider and footer 4, prompt 1, header and preview rows.
    assert_eq!(a.height(), 4 + 1 + 1 + rows);
}

#[test]
fn wide_previews_scroll_with_a_range_header() {
    let long: String = (1..=40).map(|i| format!("line {i}\n\n")).collect();
    let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick",
        "options": [{"value": "x", "label": "X", "preview": long}, {"value": "y", "label": "Y"}]}]});
    let mut a = app(input, 120, 30);
    assert!(show(&a).contains("↓"), "{}", show(&a));
    assert!(show(&a).contains("1–"), "{}", show(&a));
    press(&mut a, "shift+down shift+down");
    let text = show(&a);
    assert!(text.contains("3–"), "{text}");
    assert!(text.contains("↑ 2 more"), "{text}");
    press(&mut a, "]");
    assert!(show(&a).contains("↑ "), "half a page further");
    press(&mut a, "pageup pageup pageup [");
    assert!(show(&a).contains("1–"), "back at the top");
}

#[test]
fn wide_previews_follow_the_draft_being_typed() {
    // The first question has a markdown preview, so its pane is beside the list.
    let mut a = app(plan(), 120, 40);
    press(&mut a, &format!("down n {}", typing("needs review")));
    assert!(show(&a).contains("│ ✎ Note: needs review"), "{}", show(&a));
    press(&mut a, "esc");
    assert!(
        !show(&a).contains("✎ Note"),
        "an unsaved draft is not the note"
    );
    press(&mut a, "end enter text:mine");
    assert!(show(&a).contains("│ mine"), "{}", show(&a));
}

#[test]
fn p_does_nothing_where_previews_are_beside_the_list() {
    let mut a = app(plan(), 120, 40);
    let before = screen(&a);
    press(&mut a, "p");
    assert_eq!(screen(&a), before);
    a.resize(Size::new(80, 40));
    assert!(
        show(&a).contains("▸ Preview"),
        "narrow previews still start collapsed"
    );
}

#[test]
fn a_key_right_after_a_resize_is_handled_at_the_new_size() {
    // Beside the list at 120 columns, where `p` does nothing; below it at 80. No frame is drawn
    // between the resize and the key (keys faster than frames).
    let mut driver = tea::Driver::new(
        app(plan(), 120, 40).app,
        Size::new(120, 40),
        tea::Palette::no_color(),
    );
    driver.frame_ref();
    driver.resize(Size::new(80, 40));
    for event in tea::input::parse_key_script("p").unwrap() {
        driver.send(&event);
    }
    let shown = driver.frame().plain().join("\n");
    assert!(shown.contains("▾ Preview"), "{shown}");
}

#[test]
fn narrow_previews_expand_below_the_list_and_stay_expanded() {
    let mut a = app(plan(), 80, 40);
    press(&mut a, "p");
    let text = show(&a);
    assert!(text.contains("▾ Preview · ★ Recommended · p"), "{text}");
    assert!(
        text.contains("1–2/7"),
        "two body rows when space is tight: {text}"
    );
    press(&mut a, "shift+down shift+down");
    assert!(show(&a).contains("Start with tests."), "{}", show(&a));
    // Across tabs and resizes.
    press(&mut a, "tab shift+tab");
    assert!(show(&a).contains("▾ Preview"));
    a.resize(Size::new(60, 50));
    assert!(show(&a).contains("▾ Preview"));
    press(&mut a, "p");
    assert!(show(&a).contains("▸ Preview"));
}

#[test]
fn p_in_an_editor_is_text() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "n p enter");
    assert!(!show(&a).contains("▾ Preview"));
    let details = press(&mut a, "esc").unwrap().into_result().details;
    assert_eq!(details["answers"]["approach"]["optionNotes"]["safe"], "p");
}

#[test]
fn context_scrolls_with_alt_arrows_and_resets_on_tab_switch() {
    let mut a = app(plan(), 120, 40);
    let first = show(&a);
    // Too long for its viewport, the context shows its text without the blank row.
    assert!(first.contains("↓ 2 more"), "{first}");
    press(&mut a, "alt+down");
    let scrolled = show(&a);
    assert!(scrolled.contains("↑ 1 more  ↓ 1 more"), "{scrolled}");
    press(&mut a, "alt+down alt+down alt+down");
    assert!(show(&a).contains("↑ 2 more"), "stops at the end");
    press(&mut a, "tab shift+tab");
    assert_eq!(show(&a), first);
}

#[test]
fn a_long_prompt_shows_whole_when_it_fits_and_else_scrolls_with_the_context() {
    let prompt = (1..=60)
        .map(|i| format!("w{i:02}"))
        .collect::<Vec<_>>()
        .join(" ");
    let input =
        json!({"questions": [{"id": "a", "header": "A", "prompt": prompt, "type": "confirm"}]});
    let words = |a: &Shown| -> Vec<String> {
        screen(a)
            .iter()
            .flat_map(|r| r.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .filter(|w| w.starts_with('w'))
            .collect()
    };
    // 60 words of 3 letters: 7 rows at 36 columns, all shown when the panel has room.
    let a = app(input.clone(), 40, 30);
    assert_eq!(words(&a).len(), 60, "{}", show(&a));
    assert!(!show(&a).contains("more"), "{}", show(&a));
    // A panel too low: the last row counts the rows hidden, and alt+↓ brings them in.
    let mut a = app(input, 40, 8);
    let text = show(&a);
    assert!(text.contains("↓ 4 more") && words(&a).len() < 60, "{text}");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..10 {
        seen.extend(
            words(&a)
                .into_iter()
                .map(|w| w.trim_end_matches('…').to_string()),
        );
        press(&mut a, "alt+down");
    }
    assert!(show(&a).contains("↑ 4 more"), "{}", show(&a));
    let all: std::collections::BTreeSet<String> = (1..=60).map(|i| format!("w{i:02}")).collect();
    assert!(all.is_subset(&seen), "missing: {:?}", all.difference(&seen));
    press(&mut a, "alt+up");
    assert!(show(&a).contains("↑ 3 more  ↓ 1 more"), "{}", show(&a));
}

#[test]
fn the_star_gutter_exists_only_with_a_recommendation() {
    let a = app(plan(), 80, 40);
    let text = show(&a);
    assert!(text.contains("1. ( ) ★ Safe approach"), "{text}");
    assert!(text.contains("2. ( )   Fast approach"), "{text}");
    let mut a = app(plan(), 80, 40);
    press(&mut a, "tab");
    assert!(show(&a).contains("1. [ ] repo"));
}

#[test]
fn long_labels_wrap_with_a_hanging_indent() {
    let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Pick", "options": [
        {"value": "x", "label": "a label long enough to wrap over several rows at forty columns"}]}]});
    let a = app(input, 40, 30);
    let rows = screen(&a);
    let start = rows
        .iter()
        .position(|r| r.contains("1. ( ) a label"))
        .unwrap();
    let column = |row: &str, text: &str| width(&row[..row.find(text).unwrap()]);
    let label = column(&rows[start], "a label");
    assert_eq!(column(&rows[start + 1], "over"), label, "{}", show(&a));
    assert_eq!(column(&rows[start + 2], "columns"), label, "{}", show(&a));
}

#[test]
fn long_lists_window_by_whole_options() {
    let mut a = app(long_list(), 80, 24);
    assert!(show(&a).contains("1. [ ] Option number 1"));
    press(&mut a, "end");
    let text = show(&a);
    assert!(text.contains("31. [ ] Type something."), "{text}");
    assert!(text.contains("30. [ ] Option number 30"), "{text}");
    assert!(!text.contains("Option number 1 "), "{text}");
    // Descriptions come with their option or not at all.
    let rows = screen(&a);
    let first = rows
        .iter()
        .find(|r| r.contains("Option number") || r.contains("Description"))
        .unwrap();
    assert!(
        first.contains("Option number"),
        "a window starts at a whole option: {first}"
    );
    press(&mut a, "home");
    assert!(show(&a).contains(" 1. [ ] Option number 1"));
}

#[test]
fn tiny_terminals_keep_the_focused_label() {
    for (w, h) in [(20, 6), (30, 8), (12, 3), (8, 2), (5, 1), (1, 1)] {
        let mut a = app(plan(), w, h);
        press(&mut a, "down");
        assert_fits(&a);
        if w >= 20 {
            assert!(show(&a).contains("Fast"), "{w}x{h}\n{}", show(&a));
        }
    }
}

#[test]
fn a_very_long_focused_label_leaves_room_for_the_prompt() {
    let label = "Dual-write to the old tables and the new event stream for two weeks, then switch reads over";
    let input = json!({"questions": [{"id": "a", "header": "A", "prompt": "Which migration?",
        "options": [{"value": "x", "label": label}]}]});
    let a = app(input, 30, 8);
    let rows = screen(&a);
    assert!(show(&a).contains("Which migration?"), "{}", show(&a));
    // The focused label keeps its first rows, then the count of the hidden "Type something.".
    let cut = rows.iter().rev().find(|r| r.contains('…')).unwrap();
    assert!(cut.contains("event…"), "{}", show(&a));
    assert!(show(&a).contains("↓ 1 more"), "{}", show(&a));
    assert!(show(&a).contains("↑↓ move"));
}

#[test]
fn an_open_editor_keeps_its_borders_in_tiny_terminals() {
    let mut a = app(plan(), 30, 8);
    press(&mut a, "n");
    let text = show(&a);
    assert!(text.contains("── Note on"), "{text}");
    assert!(text.matches("────").count() >= 2, "{text}");
}

#[test]
fn single_questions_have_no_tabs_and_use_the_header_as_title() {
    let input = json!({"questions": [{"id": "a", "header": "Approach", "prompt": "Which?", "type": "confirm"}]});
    let a = app(input, 60, 20);
    let rows = screen(&a);
    assert!(rows[0].contains("Approach"));
    assert!(!show(&a).contains("answered"));
    assert!(!show(&a).contains("Review"));
}

#[test]
fn the_tab_bar_marks_answers_and_counts_progress() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "1");
    let bar = &screen(&a)[1];
    assert!(bar.contains("✓ Approach"), "{bar}");
    assert!(bar.contains("○ Scope"), "{bar}");
    assert!(bar.contains("1/3 answered"), "{bar}");
}

#[test]
fn review_summarises_answers_and_marks_required_ones() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, &format!("2 tab {} enter", typing("a b")));
    let text = show(&a);
    assert!(text.contains("✓ Approach  Fast approach"), "{text}");
    assert!(text.contains("○ Scope     unanswered · required"), "{text}");
    assert!(text.contains("✓ Format    “a b”"), "{text}");
    assert!(text.contains("› Submit"), "{text}");
}

#[test]
fn hostile_strings_never_reach_a_row() {
    for (w, h) in [(40, 12), (80, 24), (120, 40), (20, 6)] {
        let mut a = app(hostile(), w, h);
        for script in ["", "down", "p", "tab", "tab", "tab", "tab", "n"] {
            press(&mut a, script);
            assert_fits(&a);
        }
    }
}

#[test]
fn the_dock_line_fits_every_width() {
    let mut a = app(plan(), 80, 24);
    press(&mut a, "1 ctrl+]");
    let dock = a.lines()[0].plain_text();
    assert_eq!(
        dock,
        "◆ Implementation plan · Scope · 1/3 answered · ctrl+] expand"
    );
    for w in 0..100 {
        assert!(a.dock_line(w).width() <= w as usize);
    }
}

#[test]
fn review_windows_long_questionnaires_and_keeps_its_actions() {
    let questions: Vec<Value> = (1..=15)
        .map(|i| json!({"id": format!("q{i}"), "header": format!("Q{i}"), "prompt": "?", "type": "confirm"}))
        .collect();
    let mut a = app(json!({"questions": questions}), 80, 24);
    press(&mut a, "shift+tab");
    let text = show(&a);
    assert!(
        text.contains("○ Q1   unanswered") && text.contains("› Submit") && text.contains("Cancel"),
        "{text}"
    );
    assert!(!text.contains("Q15  unanswered"), "{text}");
    press(&mut a, "up");
    let text = show(&a);
    assert!(text.contains("› ○ Q15  unanswered"), "{text}");
    assert!(text.contains("Submit"), "{text}");
    press(&mut a, "enter");
    assert_eq!(a.tab(), 14);
}

/// A part of a frame and how to tell from the frame's rows that it shows whole.
type Part = (&'static str, fn(&[String]) -> bool);

fn has(rows: &[String], text: &str) -> bool {
    rows.iter().any(|row| row.contains(text))
}

/// Draws `shown` at every height of `heights` and asserts that each of `parts` (highest
/// priority first) shows only once every part before it shows whole, and shows at some height.
fn assert_rows_go_in_order(
    parts: &[Part],
    heights: RangeInclusive<u16>,
    shown: impl Fn(u16) -> Shown,
) {
    let mut seen = vec![false; parts.len()];
    for height in heights {
        let a = shown(height);
        assert_fits(&a);
        let rows = screen(&a);
        let whole: Vec<bool> = parts.iter().map(|(_, shows)| shows(&rows)).collect();
        for (i, (name, _)) in parts.iter().enumerate() {
            let before: Vec<&str> = parts[..i].iter().map(|(name, _)| *name).collect();
            let whole_before = whole[..i].iter().all(|&w| w);
            assert!(
                !whole[i] || whole_before,
                "{name} before {before:?}:\n{rows:#?}"
            );
            seen[i] |= whole[i];
        }
    }
    assert!(
        seen.iter().all(|&s| s),
        "every part shows at some height: {seen:?}"
    );
}

#[test]
fn tiny_question_tabs_give_rows_in_the_documented_order() {
    // docs/behaviour.md#tiny-terminals: the focused label, the list's count row, the tab bar,
    // the footer, the prompt, the context's first rows, the rest of the list, the rest of the
    // context, the dividers.
    let input = json!({"questions": [
        {"id": "store", "header": "Store", "prompt": "Where should sessions live?",
         "context": "Sessions are written **often**.\n\n- on login\n- on refresh\n- on logout\n- on expiry",
         "options": [
            {"value": "redis", "label": "Redis"},
            {"value": "pg", "label": "Postgres"},
            {"value": "memory", "label": "In memory"},
            {"value": "files", "label": "Files"}]},
        {"id": "ttl", "header": "TTL", "prompt": "How long?", "type": "number"}
    ]});
    let parts: [Part; 9] = [
        ("focused label", |rows| has(rows, "› 1. ( ) Redis")),
        ("count row", |rows| has(rows, "more") || has(rows, "Files")),
        ("tab bar", |rows| has(rows, "TTL  Review")),
        ("footer", |rows| has(rows, "enter select")),
        ("prompt", |rows| has(rows, "Where should sessions live?")),
        ("context head", |rows| has(rows, "written often")),
        ("list", |rows| {
            ["Postgres", "In memory", "Files"]
                .iter()
                .all(|o| has(rows, o))
        }),
        ("context", |rows| has(rows, "on expiry")),
        ("a divider", |rows| has(rows, "├")),
    ];
    assert_rows_go_in_order(&parts, 1..=30, |height| {
        app(input.clone(), 80, height).with(|a| a.with_height_limit(HeightLimit::FULL))
    });
}

#[test]
fn tiny_review_tabs_give_rows_in_the_documented_order() {
    // docs/behaviour.md#tiny-terminals: Submit and Cancel, the warning, the tab bar, the
    // footer, the heading, the questions, the dividers.
    let three: Value =
        serde_json::from_str(include_str!("../../../tests/fixtures/three.json")).unwrap();
    let parts: [Part; 7] = [
        ("actions", |rows| has(rows, "Submit") && has(rows, "Cancel")),
        ("warning", |rows| {
            has(rows, "unanswered.") && has(rows, "again")
        }),
        ("tab bar", |rows| has(rows, "Format  Review")),
        ("footer", |rows| has(rows, "enter select")),
        ("heading", |rows| has(rows, "Review your answers")),
        ("questions", |rows| {
            has(rows, "Approach  Safe") && has(rows, "Format    unanswered")
        }),
        ("a divider", |rows| has(rows, "├")),
    ];
    assert_rows_go_in_order(&parts, 1..=24, |height| {
        let mut a = app(three.clone(), 80, height);
        press(&mut a, "1 tab tab enter");
        a
    });
}

#[test]
fn the_headless_driver_draws_what_the_keys_did() {
    let mut driver = tea::driver::Driver::new(
        app(plan(), 80, 24).app,
        Size::new(80, 24),
        tea::Palette::no_color(),
    );
    for event in tea::input::parse_key_script("p").unwrap() {
        driver.send(&event);
    }
    let drawn: Vec<String> = driver
        .frame()
        .plain()
        .iter()
        .map(|r| r.trim_end().to_string())
        .collect();
    let expected: Vec<String> = (driver.program().lines(Size::new(80, 24)))
        .iter()
        .map(|r| r.plain_text())
        .map(|r| r.trim_end().to_string())
        .collect();
    assert_eq!(drawn, expected);
    assert!(drawn.iter().any(|r| r.contains("▾ Preview")));
    driver.resize(Size::new(120, 40));
    assert_eq!(
        driver.frame().plain().len(),
        driver.program().height(Size::new(120, 40))
    );
}

#[test]
fn the_view_draws_the_lines() {
    let a = app(plan(), 80, 24);
    let frame = tea::draw(&a.view(), a.size, &tea::Palette::no_color());
    let expected: Vec<String> = screen(&a);
    let drawn: Vec<String> = frame
        .plain()
        .iter()
        .map(|r| r.trim_end().to_string())
        .collect();
    let expected: Vec<String> = expected.iter().map(|r| r.trim_end().to_string()).collect();
    assert_eq!(drawn, expected);
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

const KEYS: &[&str] = &[
    "up",
    "down",
    "home",
    "end",
    "tab",
    "shift+tab",
    "left",
    "right",
    "enter",
    "space",
    "1",
    "2",
    "3",
    "9",
    "n",
    "N",
    "x",
    "delete",
    "p",
    "shift+up",
    "shift+down",
    "[",
    "]",
    "pageup",
    "pagedown",
    "alt+up",
    "alt+down",
    "esc",
    "a",
    "text:日本",
    "shift+enter",
    "backspace",
    "ctrl+w",
    "ctrl+u",
    "ctrl+k",
    "ctrl+a",
    "ctrl+e",
    "alt+b",
    "alt+f",
    "ctrl+]",
];

/// Keys that move the cursor or scroll.
const MOVES: &[&str] = &[
    "up",
    "down",
    "end",
    "alt+down",
    "alt+up",
    "shift+down",
    "]",
    "n",
];

fn fixtures() -> Vec<Value> {
    vec![plan(), hostile(), long_list()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_keys_at_random_sizes_never_break_the_frame(
        fixture in 0usize..3,
        width in 1u16..=300,
        height in 1u16..=100,
        keys in proptest::collection::vec(0usize..KEYS.len(), 0..60),
        resize_at in proptest::option::of((0usize..60, 1u16..=300, 1u16..=100)),
    ) {
        let mut a = app(fixtures()[fixture].clone(), width, height);
        assert_fits(&a);
        let mut expected_height = a.height();
        for (step, &key) in keys.iter().enumerate() {
            if let Some((at, w, h)) = resize_at && at == step {
                a.resize(Size::new(w, h));
                expected_height = a.height();
            }
            let events = tea::input::parse_key_script(KEYS[key]).unwrap();
            let mut quit = false;
            for event in events {
                if let Some(msg) = a.event(&event) {
                    let toggles = msg == Msg::TogglePreview;
                    quit |= a.update(msg).into_quit().is_some();
                    if toggles {
                        expected_height = a.height();
                    }
                }
            }
            assert_fits(&a);
            prop_assert_eq!(a.height(), expected_height, "height changed after {}", KEYS[key]);
            if quit {
                break;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// What tea's driver keeps between frames (windows, clamped scrolls) is what each key
    /// showed, whether a frame was drawn after every key (a person typing) or only at the end
    /// (a key replay, keys faster than frames).
    #[test]
    fn keys_draw_the_same_frame_whether_drawn_one_by_one_or_at_the_end(
        fixture in 0usize..3,
        width in 1u16..=160,
        height in 1u16..=50,
        keys in proptest::collection::vec(0usize..KEYS.len() + 3 * MOVES.len(), 0..40),
    ) {
        let size = Size::new(width, height);
        // Mostly moves and scrolls, which windows and scrolls follow.
        let key = |k: usize| KEYS.get(k).copied().unwrap_or_else(|| MOVES[(k - KEYS.len()) % MOVES.len()]);
        let script: Vec<&str> = keys.iter().map(|&k| key(k)).collect();
        let drawn = |each_key: bool| {
            let a = app(fixtures()[fixture].clone(), width, height);
            let mut driver = tea::driver::Driver::new(a.app, size, tea::Palette::no_color());
            for event in tea::input::parse_key_script(&script.join(" ")).unwrap() {
                if driver.send(&event).quits() {
                    break;
                }
                if each_key {
                    driver.frame_ref();
                }
            }
            driver.frame().plain()
        };
        prop_assert_eq!(drawn(true), drawn(false), "keys: {}", script.join(" "));
    }
}

#[test]
fn filtering_keeps_the_panel_height_at_every_size() {
    for (w, h) in [(120, 40), (80, 24), (40, 12), (20, 6), (12, 4), (1, 1)] {
        let mut a = app(long_list(), w, h);
        let height = a.height();
        for script in [
            "/",
            "text:1",
            "text:zzz",
            "backspace backspace backspace",
            "down",
        ] {
            press(&mut a, script);
            assert_eq!(a.height(), height, "{w}x{h} after {script:?}");
            assert_fits(&a);
        }
    }
}

#[test]
fn the_filter_line_and_the_focused_match_survive_tiny_panels() {
    let mut a = app(long_list(), 40, 7);
    press(&mut a, "/ text:2");
    let screen = show(&a);
    assert!(screen.contains("/ 2"), "{screen}");
    assert!(screen.contains("›"), "{screen}");
    press(&mut a, "text:qqq");
    let screen = show(&a);
    assert!(screen.contains("no matches"), "{screen}");
}

#[test]
fn rows_the_window_leaves_show_the_next_option_cut_not_blank() {
    // Tall labels: under the focused option, too few rows are left for the next one whole.
    let input = json!({"questions": [{"id": "a", "header": "Q1",
        "prompt": "The test suite takes eleven minutes on CI because every package rebuilds its fixtures from scratch. Which would you like me to set up first?",
        "options": [
            {"value": "shard", "label": "Shard the suite across four runners (no new infrastructure needed)"},
            {"value": "cache", "label": "Cache the fixtures keyed on the schema hash (needs a bucket)"},
            {"value": "both", "label": "Both: shard now, add the cache once the bucket exists"}]}]});
    let a = app(input.clone(), 40, 12);
    let text = show(&a);
    assert!(text.contains("2. ( ) Cache the fixtures"), "{text}");
    assert!(
        text.contains("(needs a…"),
        "the cut option ends with …\n{text}"
    );
    assert!(
        text.contains("↓ 2 more"),
        "the cut option shows its number: not counted\n{text}"
    );
    let bare = |row: &str| row.trim_matches(|c| c == '│' || c == ' ').to_string();
    for width in (30..=60).step_by(5) {
        for height in 6..=20 {
            let app = App::new(questionnaire(input.clone())).with_height_limit(HeightLimit::FULL);
            let mut a = Shown::new(app, Size::new(width, height));
            for _ in 0..5 {
                let rows: Vec<String> = screen(&a).iter().map(|r| bare(r)).collect();
                // While options are hidden below, the list fills its rows: nothing blank
                // follows its count.
                for (i, row) in rows.iter().enumerate() {
                    let counts_below =
                        (row.starts_with("↑ ") || row.starts_with("↓ ")) && row.contains("↓ ");
                    if counts_below && let Some(next) = rows.get(i + 1) {
                        assert!(
                            !next.is_empty(),
                            "{width}x{height}: a blank row under the list's count\n{}",
                            show(&a)
                        );
                    }
                }
                press(&mut a, "down");
            }
        }
    }
}

/// The rows a driver draws after the keys of `script`, drawing after each key or only at the
/// end.
fn drawn_after(script: &str, draw_each_key: bool) -> Vec<String> {
    let size = Size::new(80, 24);
    let mut driver =
        tea::driver::Driver::new(app(long_list(), 80, 24).app, size, tea::Palette::no_color());
    for event in tea::input::parse_key_script(script).unwrap() {
        driver.send(&event);
        if draw_each_key {
            driver.frame_ref();
        }
    }
    driver.frame().plain()
}

#[test]
fn a_window_stays_put_while_the_cursor_moves_back_inside_it() {
    for draw_each_key in [true, false] {
        let rows = drawn_after("end up up up", draw_each_key);
        let text = rows.join("\n");
        // The window the End key scrolled to stays: the last rows still show, the cursor
        // moved up inside it.
        assert!(text.contains("31. [ ] Type something."), "{text}");
        assert!(text.contains("› 28. [ ] Option number 28"), "{text}");
        assert_eq!(rows, drawn_after("end up up up", !draw_each_key));
    }
}
