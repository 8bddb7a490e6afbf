//! The list filter: fuzzy ranking, highlights, Unicode, the cursor among matches, the keys, and
//! the query row at every width.

use tea::components::filter::{
    self, Field, FilterLine, FilterMsg, FilterState, Filtered, highlight, highlight_line,
};
use tea::components::{Block, Help};
use tea::input::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, key, parse_key_script};
use tea::{Event, Line, Slot, Span, Style};

const FRUITS: &[(&str, &str)] = &[
    ("apple", "red or green"),
    ("banana", "yellow, curved"),
    ("cherry", "small and red"),
    ("dragon fruit", "pink skin"),
    ("grape", "grows in bunches"),
    ("grapefruit", "bitter citrus"),
    ("pineapple", "spiky"),
];

fn filter(items: &[(&str, &str)]) -> FilterState {
    FilterState::new(items.iter().copied())
}

fn typed(items: &[(&str, &str)], query: &str) -> FilterState {
    let mut state = filter(items);
    state.update(FilterMsg::Insert(query.into()));
    state
}

/// The labels of the matches, best first.
fn labels(state: &FilterState, items: &[(&str, &str)]) -> Vec<String> {
    state
        .matches()
        .iter()
        .map(|m| items[m.item].0.to_owned())
        .collect()
}

/// `text` with the highlighted graphemes in brackets.
fn marked(text: &str, positions: &[u32]) -> String {
    let hit = Style::fg(Slot::Accent).bold();
    highlight(text, positions, &Style::default(), &hit)
        .into_iter()
        .map(|span| {
            if span.style == hit {
                format!("[{}]", span.text)
            } else {
                span.text
            }
        })
        .collect()
}

#[test]
fn an_empty_query_matches_every_item_in_order() {
    let state = filter(FRUITS);
    assert_eq!(state.matches().len(), FRUITS.len());
    assert!(state.matches().iter().enumerate().all(|(i, m)| m.item == i));
    assert!(state.matches().iter().all(|m| m.positions.is_empty()));
    assert_eq!(state.current(), Some(0));
    // Spaces alone are no query either.
    assert_eq!(typed(FRUITS, "  ").matches().len(), FRUITS.len());
}

#[test]
fn the_best_match_comes_first() {
    assert_eq!(
        labels(&typed(FRUITS, "grape"), FRUITS),
        ["grape", "grapefruit"]
    );
    // A word start beats letters scattered inside another word.
    assert_eq!(labels(&typed(FRUITS, "ap"), FRUITS)[0], "apple");
    assert_eq!(labels(&typed(FRUITS, "fruit"), FRUITS)[0], "dragon fruit");
}

#[test]
fn letters_match_in_order_with_gaps_and_case_is_ignored() {
    assert_eq!(
        labels(&typed(FRUITS, "GRPFT"), FRUITS),
        Vec::<String>::new(),
        "a capital makes case count"
    );
    assert_eq!(labels(&typed(FRUITS, "grpft"), FRUITS), ["grapefruit"]);
    assert_eq!(
        labels(&typed(FRUITS, "Cherry"), FRUITS),
        Vec::<String>::new()
    );
    assert_eq!(labels(&typed(FRUITS, "cherry"), FRUITS), ["cherry"]);
}

#[test]
fn words_match_separately_in_any_order() {
    assert_eq!(
        labels(&typed(FRUITS, "fruit drag"), FRUITS),
        ["dragon fruit"]
    );
}

#[test]
fn equal_scores_keep_the_items_order() {
    let items = [("b one", ""), ("a one", ""), ("c one", "")];
    let state = typed(&items, "one");
    assert_eq!(labels(&state, &items), ["b one", "a one", "c one"]);
    let scores: Vec<u32> = state.matches().iter().map(|m| m.score).collect();
    assert!(scores.windows(2).all(|w| w[0] == w[1]), "{scores:?}");
}

#[test]
fn labels_rank_above_descriptions() {
    let state = typed(FRUITS, "red");
    // No label has "r…e…d" in order; three descriptions do, the scattered one last.
    assert_eq!(labels(&state, FRUITS), ["apple", "cherry", "banana"]);
    assert!(
        state
            .matches()
            .iter()
            .all(|m| m.field == Field::Description)
    );
    // "pink skin" matches as well as "pineapple", but every label match comes first, even a
    // scattered one.
    let state = typed(FRUITS, "pi");
    let found: Vec<(&str, Field)> = state
        .matches()
        .iter()
        .map(|m| (FRUITS[m.item].0, m.field))
        .collect();
    assert_eq!(
        found,
        [
            ("pineapple", Field::Label),
            ("grapefruit", Field::Label),
            ("dragon fruit", Field::Description)
        ]
    );
}

#[test]
fn no_matches_is_a_state_not_an_error() {
    let state = typed(FRUITS, "zzz");
    assert!(state.matches().is_empty());
    assert_eq!(state.current(), None);
    assert_eq!(state.cursor(), 0);
    let row = FilterLine::new("zzz")
        .count(0, FRUITS.len())
        .no_matches("no matches")
        .line(30);
    assert_eq!(row.plain_text(), "/ zzz▏              no matches");
}

#[test]
fn matched_positions_are_the_characters_to_highlight() {
    let state = typed(FRUITS, "grft");
    let m = &state.matches()[0];
    assert_eq!(FRUITS[m.item].0, "grapefruit");
    let positions = m.label_positions().expect("the label matched");
    assert_eq!(marked("grapefruit", positions), "[gr]ape[f]rui[t]");
    assert_eq!(m.description_positions(), None);
    let state = typed(FRUITS, "spky");
    let m = &state.matches()[0];
    let positions = m.description_positions().expect("the description matched");
    assert_eq!(marked(FRUITS[m.item].1, positions), "[sp]i[ky]");
}

#[test]
fn wide_and_combined_characters_are_matched_and_highlighted_whole() {
    let items = [
        ("東京タワー", ""),
        ("café crème", ""),
        ("e\u{301}clair", ""),
    ];
    let state = typed(&items, "京ワ");
    assert_eq!(labels(&state, &items), ["東京タワー"]);
    assert_eq!(
        marked("東京タワー", &state.matches()[0].positions),
        "東[京]タ[ワ]ー"
    );
    // Accents are ignored unless the query has one.
    let state = typed(&items, "creme");
    assert_eq!(labels(&state, &items), ["café crème"]);
    assert_eq!(
        marked("café crème", &state.matches()[0].positions),
        "café [crème]"
    );
    assert_eq!(labels(&typed(&items, "crème"), &items), ["café crème"]);
    assert!(typed(&items, "crême").matches().is_empty());
    // "e" + a combining accent is one grapheme: highlighted whole, never split.
    let state = typed(&items, "cl");
    let m = state.matches().iter().find(|m| m.item == 2).unwrap();
    assert_eq!(marked(items[2].0, &m.positions), "e\u{301}[cl]air");
    let state = typed(&items, "ecl");
    let m = state.matches().iter().find(|m| m.item == 2).unwrap();
    assert_eq!(marked(items[2].0, &m.positions), "[e\u{301}cl]air");
}

#[test]
fn highlights_keep_the_width_and_sanitize_their_input() {
    let line = highlight_line(
        "a\x1b[31mb\tc\u{7}東",
        &[0, 2, 5],
        &Style::fg(Slot::Text),
        &Style::fg(Slot::Accent),
    );
    assert_eq!(line.plain_text(), "ab  c東");
    assert_eq!(line.width(), tea::text::width("ab  c東"));
    assert_eq!(
        line.spans,
        [
            Span::styled("a", Style::fg(Slot::Accent)),
            Span::styled("b", Style::fg(Slot::Text)),
            Span::styled(" ", Style::fg(Slot::Accent)),
            Span::styled(" c", Style::fg(Slot::Text)),
            Span::styled("東", Style::fg(Slot::Accent)),
        ]
    );
    // The hit keeps the base's slot when it has none of its own, and positions past the end
    // are ignored.
    let line = highlight_line(
        "ab",
        &[1, 9],
        &Style::fg(Slot::Muted),
        &Style::default().bold(),
    );
    assert_eq!(
        line.spans[1],
        Span::styled("b", Style::fg(Slot::Muted).bold())
    );
    assert!(highlight("", &[0], &Style::default(), &Style::default()).is_empty());
}

#[test]
fn backspace_widens_and_on_an_empty_query_closes() {
    let mut state = typed(FRUITS, "grapef");
    assert_eq!(state.matches().len(), 1);
    assert_eq!(state.update(FilterMsg::Backspace), Filtered::Changed);
    assert_eq!(state.query(), "grape");
    assert_eq!(state.matches().len(), 2);
    assert_eq!(state.update(FilterMsg::Clear), Filtered::Changed);
    assert_eq!(state.matches().len(), FRUITS.len());
    assert_eq!(state.update(FilterMsg::Clear), Filtered::Unchanged);
    assert_eq!(state.update(FilterMsg::Backspace), Filtered::Close);
    assert_eq!(state.query(), "");
}

#[test]
fn a_grown_query_matches_what_a_fresh_one_does() {
    // Typing letter by letter searches only the previous matches; it must find the same.
    for query in ["gr", "grape f", "a p", "red", "pi sk", "e e"] {
        let mut stepwise = filter(FRUITS);
        for c in query.chars() {
            stepwise.update(FilterMsg::Insert(c.to_string()));
        }
        assert_eq!(stepwise, typed(FRUITS, query), "{query:?}");
    }
}

#[test]
fn the_cursor_moves_among_the_matches_and_stays_inside_them() {
    let mut state = filter(FRUITS);
    assert_eq!(state.update(FilterMsg::Up), Filtered::Unchanged);
    for _ in 0..5 {
        state.update(FilterMsg::Down);
    }
    assert_eq!(state.current(), Some(5));
    // Fewer matches than the cursor's position: it goes to the best one.
    state.update(FilterMsg::Insert("grape".into()));
    assert_eq!(state.cursor(), 0);
    assert_eq!(state.current(), Some(4));
    assert_eq!(state.update(FilterMsg::Down), Filtered::Changed);
    assert_eq!(state.current(), Some(5));
    assert_eq!(state.update(FilterMsg::Down), Filtered::Unchanged);
    assert_eq!(state.current(), Some(5));
    // Nothing matches: no current item, and moving changes nothing.
    state.update(FilterMsg::Insert("zz".into()));
    assert_eq!(state.current(), None);
    assert_eq!(state.update(FilterMsg::Down), Filtered::Unchanged);
    assert_eq!(state.update(FilterMsg::Up), Filtered::Unchanged);
    state.update(FilterMsg::Backspace);
    state.update(FilterMsg::Backspace);
    assert_eq!(state.current(), Some(4));
}

#[test]
fn the_cursor_can_start_on_a_given_item() {
    let mut state = filter(FRUITS);
    assert!(state.focus_item(3));
    assert_eq!(state.current(), Some(3));
    state.set_query("grape");
    assert!(!state.focus_item(3), "dragon fruit does not match");
    assert!(state.focus_item(5));
    assert_eq!(state.current(), Some(5));
    assert_eq!(state.match_of(4).map(|m| m.field), Some(Field::Label));
}

#[test]
fn keys_go_to_the_query_space_included() {
    let msgs: Vec<Option<FilterMsg>> =
        parse_key_script("g space F backspace up down ctrl+u ctrl+p ctrl+n enter esc ctrl+c")
            .unwrap()
            .iter()
            .map(|event| filter::keymap().msg_for(event, &()))
            .collect();
    assert_eq!(
        msgs,
        [
            Some(FilterMsg::Insert("g".into())),
            Some(FilterMsg::Insert(" ".into())),
            Some(FilterMsg::Insert("F".into())),
            Some(FilterMsg::Backspace),
            Some(FilterMsg::Up),
            Some(FilterMsg::Down),
            Some(FilterMsg::Clear),
            Some(FilterMsg::Up),
            Some(FilterMsg::Down),
            None,
            None,
            None,
        ]
    );
    assert_eq!(
        filter::keymap().msg_for(&Event::Paste("dragon\tfruit".into()), &()),
        Some(FilterMsg::Insert("dragon\tfruit".into()))
    );
    assert_eq!(
        filter::keymap().msg_for(&key(KeyCode::Char('a'), KeyModifiers::ALT), &()),
        None
    );
}

#[test]
fn filter_keys_act_once_per_keystroke_and_never_on_release() {
    let keys = filter::keymap();
    let held = |code, kind| Event::Key(KeyEvent::new(code).kind(kind));
    assert_eq!(
        keys.msg_for(&held(KeyCode::Up, KeyEventKind::Repeat), &()),
        None
    );
    assert_eq!(
        keys.msg_for(&held(KeyCode::Char('a'), KeyEventKind::Repeat), &()),
        None
    );
    assert_eq!(
        keys.msg_for(&held(KeyCode::Down, KeyEventKind::Release), &()),
        None
    );
    assert_eq!(
        keys.msg_for(&key(KeyCode::Up, KeyModifiers::SHIFT), &()),
        Some(FilterMsg::Up)
    );
}

#[test]
fn the_filter_keymap_draws_its_help_and_can_be_rebound() {
    let help =
        |keys: &tea::keymap::Keymap<(), FilterMsg>| Help::new(keys.help(&())).line(60).plain_text();
    assert_eq!(
        help(filter::keymap()),
        "↑↓ move · backspace erase · ctrl+u clear"
    );
    let mut keys = filter::keymap().clone();
    keys.rebind("clear", "ctrl+l").unwrap();
    assert_eq!(help(&keys), "↑↓ move · backspace erase · ctrl+l clear");
    let ctrl = |c| key(KeyCode::Char(c), KeyModifiers::CTRL);
    assert_eq!(keys.msg_for(&ctrl('l'), &()), Some(FilterMsg::Clear));
    assert_eq!(keys.msg_for(&ctrl('u'), &()), None, "the old key is free");
    // Typing still reaches the query.
    assert_eq!(
        keys.msg_for(&key(KeyCode::Char('l'), KeyModifiers::NONE), &()),
        Some(FilterMsg::Insert("l".into()))
    );
}

#[test]
fn typed_text_is_sanitized_to_one_row() {
    let mut state = filter(FRUITS);
    state.update(FilterMsg::Insert("dra\x1b[2Jgon\nfr".into()));
    assert_eq!(state.query(), "dragon fr");
    assert_eq!(labels(&state, FRUITS), ["dragon fruit"]);
    assert_eq!(
        state.update(FilterMsg::Insert("\x1b[A".into())),
        Filtered::Unchanged
    );
}

#[test]
fn the_query_row_fits_every_width() {
    let row = |line: FilterLine<'_>, width: usize| line.line(width).plain_text();
    let query = "a long query typed here";
    assert_eq!(
        row(FilterLine::new("gra").count(2, 7), 20),
        "/ gra▏           2/7"
    );
    assert_eq!(
        row(FilterLine::new("gra").count(2, 7), 8),
        "/ gra▏",
        "no room for the count"
    );
    assert_eq!(row(FilterLine::new(query), 12), "/ …ped here▏");
    assert_eq!(
        row(
            FilterLine::new("東京タワー").prompt("filter: ").caret("|"),
            14
        ),
        "filter: …ワー|"
    );
    assert_eq!(row(FilterLine::new("zz").count(0, 7), 12), "/ zz▏    0/7");
    for width in 0..40 {
        for line in [
            FilterLine::new(query)
                .count(0, 7)
                .no_matches("nothing matches"),
            FilterLine::new("東京タワー東京タワー").count(12, 345),
        ] {
            let rows = line.lines(width, 1);
            assert!(rows.iter().all(|r: &Line| r.width() <= width), "{width}");
            assert!(rows.len() <= 1);
        }
    }
    assert!(FilterLine::new("x").lines(10, 0).is_empty());
}

#[test]
fn the_query_row_is_styled_by_slots() {
    let line = FilterLine::new("zz")
        .count(0, 3)
        .no_matches("none")
        .line(20);
    let slots: Vec<(String, Option<Slot>)> = line
        .spans
        .iter()
        .filter(|s| !s.text.trim().is_empty())
        .map(|s| (s.text.clone(), s.style.fg))
        .collect();
    assert_eq!(
        slots,
        [
            ("/ ".to_owned(), Some(Slot::Accent)),
            ("zz".to_owned(), Some(Slot::Text)),
            ("▏".to_owned(), Some(Slot::Accent)),
            ("none".to_owned(), Some(Slot::Warning)),
        ]
    );
}
