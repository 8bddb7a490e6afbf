//! The text area, driven by key scripts through its standard key table: each message, undo
//! grouping, the kill ring, pastes, sanitizing, the view, overriding keys, and random messages.

use proptest::prelude::*;
use tea::components::Help;
use tea::components::textarea::{self, TextArea, TextAreaMsg};
use tea::input::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, parse_key_script};
use tea::{Palette, frame::render_lines, text};
use unicode_segmentation::UnicodeSegmentation;

/// The message `event` means to the standard keymap.
fn standard(event: &Event) -> Option<TextAreaMsg> {
    textarea::keymap().msg_for(event, &())
}

/// Plays `script` (key-script tokens) into `area` through the standard keys.
fn play(area: &mut TextArea, script: &str) {
    for event in parse_key_script(script).expect("valid key script") {
        if let Some(msg) = textarea::keymap().msg_for(&event, &()) {
            area.update(msg);
        }
    }
}

/// The text after typing `script` into an empty area 40 columns wide.
fn typed(script: &str) -> String {
    let mut area = TextArea::new("");
    area.lay_out(40);
    play(&mut area, script);
    area.text().to_string()
}

/// The text with the caret shown as `|`.
fn with_caret(area: &TextArea) -> String {
    let mut text = area.text().to_string();
    text.insert(area.cursor(), '|');
    text
}

#[test]
fn each_message_edits_or_moves() {
    let cases: &[(&str, &str)] = &[
        // Insert, newline.
        ("text:abc", "abc|"),
        ("a shift+enter b", "a\nb|"),
        ("a alt+enter b", "a\nb|"),
        ("a ctrl+j b", "a\nb|"),
        // Left, right (Ctrl+B/F too), home, end (Ctrl+A/E too).
        ("text:abc left left x", "ax|bc"),
        ("text:abc ctrl+b ctrl+b ctrl+f", "ab|c"),
        ("text:abc home", "|abc"),
        ("text:abc ctrl+a ctrl+e", "abc|"),
        // Up and down keep the column.
        ("text:abcd shift+enter text:xy up", "ab|cd\nxy"),
        ("text:abcd shift+enter text:xy up up", "|abcd\nxy"),
        ("text:ab shift+enter text:xyz home up down down", "ab\nxyz|"),
        // Words.
        ("text:one space text:two alt+b", "one |two"),
        ("text:one space text:two ctrl+left ctrl+left", "|one two"),
        ("text:one space text:two home alt+f", "one| two"),
        (
            "text:one space text:two home ctrl+right ctrl+right",
            "one two|",
        ),
        // Deleting.
        ("text:abc backspace", "ab|"),
        ("text:abc home delete", "|bc"),
        ("text:abc home ctrl+d", "|bc"),
        ("text:one space text:two ctrl+w", "one |"),
        ("text:one space text:two alt+backspace", "one |"),
        // Kills to the line's end and start; at its edge they join lines.
        ("text:one space text:two left left left ctrl+k", "one |"),
        ("text:one space text:two left left left ctrl+u", "|two"),
        ("a shift+enter b home ctrl+u", "a|b"),
        ("text:ab shift+enter text:cd up ctrl+k", "ab|cd"),
        ("text:ab shift+enter text:cd up ctrl+k ctrl+k", "ab|"),
    ];
    for (script, expected) in cases {
        let mut area = TextArea::new("");
        area.lay_out(40);
        play(&mut area, script);
        assert_eq!(with_caret(&area), *expected, "{script}");
    }
}

#[test]
fn undo_takes_back_a_word_at_a_time() {
    let cases: &[(&str, &str)] = &[
        // Typing a word and the spaces after it is one step.
        ("text:one space text:two ctrl+-", "one "),
        ("text:one space text:two ctrl+- ctrl+-", ""),
        // Legacy terminals send Ctrl+_ for Ctrl+-.
        ("text:one space text:two ctrl+_", "one "),
        // A move closes the step.
        ("text:ab left right text:cd ctrl+-", "ab"),
        // A run of Backspace is one step, so is a run of Delete.
        ("text:abcdef backspace backspace backspace ctrl+-", "abcdef"),
        ("text:abcdef home delete delete ctrl+-", "abcdef"),
        // A newline is a step of its own.
        ("text:ab shift+enter ctrl+-", "ab"),
        // Redo brings back what undo took, in order; a new edit drops the rest.
        ("text:one space text:two ctrl+- ctrl+- alt+-", "one "),
        (
            "text:one space text:two ctrl+- ctrl+- alt+- alt+-",
            "one two",
        ),
        ("text:one space text:two ctrl+- ctrl+- x alt+-", "x"),
        // Undo with nothing to undo and redo with nothing to redo do nothing.
        ("ctrl+- alt+- text:a", "a"),
        // Kills and yanks are steps.
        ("text:ab home ctrl+k ctrl+-", "ab"),
        ("text:ab home ctrl+k ctrl+y ctrl+y ctrl+-", "ab"),
    ];
    for (script, expected) in cases {
        assert_eq!(typed(script), *expected, "{script}");
    }
}

#[test]
fn undo_puts_the_caret_back() {
    let mut area = TextArea::new("");
    play(&mut area, "text:abc home ctrl+k");
    assert_eq!(with_caret(&area), "|");
    play(&mut area, "ctrl+-");
    assert_eq!(with_caret(&area), "|abc");
    play(&mut area, "alt+-");
    assert_eq!(with_caret(&area), "|");
}

#[test]
fn kills_yank_and_yank_pop() {
    let cases: &[(&str, &str)] = &[
        // Yank inserts the newest kill, as often as asked.
        ("text:one space text:two ctrl+w ctrl+y ctrl+y", "one twotwo"),
        // Consecutive kills are one entry: forward kills append, backward kills prepend.
        (
            "text:ab shift+enter text:cd up home ctrl+k ctrl+k ctrl+k ctrl+y",
            "ab\ncd",
        ),
        ("text:one space text:two ctrl+w ctrl+w ctrl+y", "one two"),
        // Yank-pop right after a yank replaces it with the kill before, cycling.
        (
            "text:one space text:two ctrl+w left ctrl+w text:x ctrl+y",
            "xone ",
        ),
        (
            "text:one space text:two ctrl+w left ctrl+w text:x ctrl+y alt+y",
            "xtwo ",
        ),
        (
            "text:one space text:two ctrl+w left ctrl+w text:x ctrl+y alt+y alt+y",
            "xone ",
        ),
        // Yank-pop after anything but a yank does nothing; so does yank with an empty ring.
        ("text:ab ctrl+w text:x alt+y", "x"),
        ("text:ab ctrl+y", "ab"),
        // Undo after a yank-pop takes back the yank.
        (
            "text:one space text:two ctrl+w left ctrl+w text:x ctrl+y alt+y ctrl+-",
            "x ",
        ),
    ];
    for (script, expected) in cases {
        assert_eq!(typed(script), *expected, "{script}");
    }
}

#[test]
fn paste_keeps_newlines_and_is_one_step() {
    let mut area = TextArea::new("ab");
    play(&mut area, "left");
    area.update(TextAreaMsg::Paste("one\r\ntwo\tx\x1b[31m".into()));
    // The tab expands to the next stop.
    assert_eq!(area.text(), "aone\ntwo xb");
    assert_eq!(area.cursor(), "aone\ntwo x".len());
    assert_eq!(
        standard(&Event::Paste("p\nq".into())),
        Some(TextAreaMsg::Paste("p\nq".into()))
    );
    area.update(TextAreaMsg::Undo);
    assert_eq!(area.text(), "ab");
}

#[test]
fn control_characters_are_never_stored() {
    let mut area = TextArea::new("a\u{9b}31mb\x1b[2Jc\x07\u{85}d\re");
    for text in [
        "\x1b]0;title\x07x\u{9b}y\x7fz\u{1}\t\r\n",
        "\u{1b}",
        "\u{9b}",
        "\u{9c}\u{90}",
    ] {
        area.update(TextAreaMsg::Insert(text.into()));
        area.update(TextAreaMsg::Paste(text.into()));
    }
    play(&mut area, "home ctrl+k ctrl+y ctrl+y ctrl+- alt+-");
    assert!(
        area.text().chars().all(|c| c == '\n' || !c.is_control()),
        "{:?}",
        area.text()
    );
}

#[test]
fn what_is_written_is_kept_whole_and_drawn_in_a_form_every_terminal_agrees_on() {
    // A skin tone, a Persian word's zero-width non-joiner, an emoji joined by ZWJ, a heart in
    // emoji presentation, a right-to-left mark: part of the answer, typed or pasted.
    let written = "👍🏽 می\u{200c}خواهم 👨\u{200d}💻 ❤\u{fe0f} \u{200f}שלום";
    let mut area = TextArea::new("");
    area.update(TextAreaMsg::Insert(written.into()));
    area.update(TextAreaMsg::Paste(format!("\n{written}")));
    assert_eq!(area.text(), format!("{written}\n{written}"));
    // Drawn, the rows fit and hold none of the characters terminals measure differently.
    for width in [4, 9, 20, 60] {
        let frame = render_lines(area.view(width, 6, true), width as u16, &Palette::dark());
        for row in &frame.rows {
            assert!(
                text::width(&row.plain) <= width,
                "{:?} at {width}",
                row.plain
            );
            assert!(
                !row.plain
                    .contains(['\u{200c}', '\u{200d}', '\u{1f3fd}', '\u{fe0f}', '\u{200f}']),
                "{:?}",
                row.plain
            );
        }
    }
}

#[test]
fn the_view_scrolls_to_the_caret_and_draws_it() {
    let mut area = TextArea::new("one\ntwo\nthree\nfour\nfive");
    area.lay_out(10);
    let plain = |area: &TextArea| -> Vec<String> {
        area.view(10, 2, true)
            .iter()
            .map(|l| l.plain_text())
            .collect()
    };
    assert_eq!(plain(&area), vec!["four", "five "]);
    play(&mut area, "up up up up");
    assert_eq!(plain(&area), vec!["one ", "two"]);
    // The caret is one reversed cell; unfocused, none.
    let line = &area.view(10, 2, true)[0];
    assert!(line.spans.iter().any(|s| s.style.reverse));
    assert!(
        area.view(10, 2, false)
            .iter()
            .all(|l| l.spans.iter().all(|s| !s.style.reverse))
    );
    // Soft-wrapped rows leave a column for the caret.
    let area = TextArea::new("hello world again");
    let rows: Vec<String> = area
        .view(8, 5, false)
        .iter()
        .map(|l| l.plain_text())
        .collect();
    assert_eq!(rows, vec!["hello ", "world ", "again"]);
    assert_eq!(area.row_count(8), 3);
    assert!(area.view(0, 5, true).is_empty());
    assert!(area.view(5, 0, true).is_empty());
}

#[test]
fn releases_never_act_and_repeats_only_where_they_should() {
    let event =
        |code, modifiers, kind| Event::Key(KeyEvent::new(code).modifiers(modifiers).kind(kind));
    let none = KeyModifiers::NONE;
    let ctrl = KeyModifiers::CTRL;
    assert_eq!(
        standard(&event(KeyCode::Char('a'), none, KeyEventKind::Release)),
        None
    );
    assert_eq!(
        standard(&event(KeyCode::Char('a'), none, KeyEventKind::Repeat)),
        Some(TextAreaMsg::Insert("a".into()))
    );
    assert_eq!(
        standard(&event(KeyCode::Backspace, none, KeyEventKind::Repeat)),
        Some(TextAreaMsg::DeleteBack)
    );
    assert_eq!(
        standard(&event(KeyCode::Char('k'), ctrl, KeyEventKind::Repeat)),
        None
    );
    assert_eq!(
        standard(&event(KeyCode::Char('y'), ctrl, KeyEventKind::Repeat)),
        None
    );
    // Ctrl+Shift+K is Ctrl+K; Meta reads as Alt; Super is the system's.
    assert_eq!(
        standard(&event(
            KeyCode::Char('K'),
            ctrl | KeyModifiers::SHIFT,
            KeyEventKind::Press
        )),
        Some(TextAreaMsg::KillToEnd)
    );
    assert_eq!(
        standard(&event(
            KeyCode::Char('y'),
            KeyModifiers::META,
            KeyEventKind::Press
        )),
        Some(TextAreaMsg::YankPop)
    );
    assert_eq!(
        standard(&event(
            KeyCode::Char('c'),
            KeyModifiers::SUPER,
            KeyEventKind::Press
        )),
        None
    );
    // Unbound keys with Ctrl or Alt are not text.
    assert_eq!(
        standard(&event(KeyCode::Char('q'), ctrl, KeyEventKind::Press)),
        None
    );
    assert_eq!(standard(&Event::FocusGained), None);
}

#[test]
fn keys_can_be_rebound_and_the_help_follows() {
    let mut keys = textarea::keymap().clone();
    keys.bind_key("ctrl+z", TextAreaMsg::Undo).unwrap();
    keys.bind_key("ctrl+y", TextAreaMsg::Redo).unwrap();
    keys.unbind_key("ctrl+k").unwrap();
    keys.rebind("home", "f5").unwrap();
    let mut area = TextArea::new("");
    for event in parse_key_script("text:ab ctrl+z ctrl+y ctrl+k f5 text:c ctrl+a").unwrap() {
        if let Some(msg) = keys.msg_for(&event, &()) {
            area.update(msg);
        }
    }
    // Undone, redone, nothing killed; F5 went home, Ctrl+A no longer does (it types nothing).
    assert_eq!(area.text(), "cab");
    let help = keys.help(&());
    let entry = |text: &str| help.iter().find(|e| e.text == text).map(|e| e.key.as_str());
    assert_eq!(entry("undo"), Some("ctrl+-"));
    assert_eq!(entry("redo"), Some("alt+-"));
    assert_eq!(
        entry("line start"),
        Some("f5"),
        "the help names the new key"
    );
    assert_eq!(
        entry("kill to line end"),
        None,
        "a binding without keys is not listed"
    );
    assert_eq!(entry("yank"), None);
    // The help component draws the text area's help like any other.
    let footer = Help::new(&help[..2]).line(40).plain_text();
    assert_eq!(footer, "left move left · right move right");

    let error = keys.bind_key("ctrl+nope", TextAreaMsg::Undo).unwrap_err();
    assert_eq!(
        error.to_string(),
        "binding 'ctrl+nope': unknown key 'ctrl+nope' (token 1)"
    );
    assert!(keys.bind_key("", TextAreaMsg::Undo).is_err());
    assert!(keys.bind_key("ctrl+a ctrl+b", TextAreaMsg::Undo).is_err());
    assert_eq!(
        keys.rebind("left", "left ab").unwrap_err().to_string(),
        "binding 'left': unknown key 'ab' (token 2)"
    );
}

#[test]
fn a_megabyte_draft_keeps_its_rows_through_edits() {
    // A key on a 1 MB draft is patched, not rewrapped: the kept rows stay exactly what
    // wrapping afresh gives, and undo/redo of a large paste too.
    let line = "lorem ipsum dolor sit amet ".repeat(40_000);
    let mut area = TextArea::new(&line);
    area.lay_out(80);
    play(
        &mut area,
        "home text:abc space backspace ctrl+w ctrl+y ctrl+- ctrl+- alt+-",
    );
    area.update(TextAreaMsg::Paste(line.clone()));
    play(&mut area, "ctrl+- down up alt+-");
    area.lay_out(80);
    let fresh = {
        let mut fresh = TextArea::new(area.text());
        fresh.set_cursor(area.cursor());
        fresh
    };
    assert_eq!(area.view(80, 10, true), fresh.view(80, 10, true));
}

fn msg() -> impl Strategy<Value = TextAreaMsg> {
    prop_oneof![
        "[a b日🎉\u{301}\u{200d}\u{1f3fd}\u{fe0f}\u{202e}\n\x1b\x07\t]{1,6}"
            .prop_map(TextAreaMsg::Insert),
        "[ab \n\r]{0,40}".prop_map(TextAreaMsg::Paste),
        prop::sample::select(vec![
            TextAreaMsg::Newline,
            TextAreaMsg::Left,
            TextAreaMsg::Right,
            TextAreaMsg::Up,
            TextAreaMsg::Down,
            TextAreaMsg::WordLeft,
            TextAreaMsg::WordRight,
            TextAreaMsg::Home,
            TextAreaMsg::End,
            TextAreaMsg::DeleteBack,
            TextAreaMsg::DeleteForward,
            TextAreaMsg::DeleteWordBack,
            TextAreaMsg::KillToEnd,
            TextAreaMsg::KillToStart,
            TextAreaMsg::Undo,
            TextAreaMsg::Redo,
            TextAreaMsg::Yank,
            TextAreaMsg::YankPop,
        ]),
    ]
}

proptest! {
    #[test]
    fn random_messages_keep_the_caret_inside_and_rows_inside_the_width(
        start in "[a b\n日]{0,30}",
        width in 1usize..14,
        height in 1usize..6,
        msgs in proptest::collection::vec(msg(), 1..60),
    ) {
        let mut area = TextArea::new(&start);
        area.lay_out(width);
        for msg in msgs {
            area.update(msg);
            area.lay_out(width);
            let text = area.text();
            prop_assert!(area.cursor() <= text.len());
            prop_assert!(text.is_char_boundary(area.cursor()));
            prop_assert!(text.chars().all(|c| c == '\n' || !c.is_control()));
            let view = area.view(width, height, true);
            prop_assert!(view.len() <= height);
            // One column stays free for the caret, so even the caret's row fits. The exception
            // is a row of one cluster wider than the area (a wide glyph in one column, an emoji
            // sequence joined by ZWJ), which no wrapping can split; the frame cuts it.
            for line in &view {
                let lone_cluster = line.plain_text().trim_end().graphemes(true).count() <= 1;
                prop_assert!(
                    lone_cluster || line.width() <= width.max(3),
                    "{:?}",
                    line.plain_text()
                );
            }
            // The caret is always drawn.
            prop_assert!(view.iter().any(|l| l.spans.iter().any(|s| s.style.reverse)));
        }
    }

    #[test]
    fn undo_all_then_redo_all_round_trips(
        msgs in proptest::collection::vec(msg(), 1..40),
    ) {
        let mut area = TextArea::new("seed");
        let steps = msgs.len();
        for msg in msgs {
            // Undo and redo are what this checks; here they would leave steps to redo.
            if !matches!(msg, TextAreaMsg::Undo | TextAreaMsg::Redo) {
                area.update(msg);
            }
        }
        let last = area.text().to_string();
        for _ in 0..steps {
            area.update(TextAreaMsg::Undo);
        }
        prop_assert_eq!(area.text(), "seed");
        for _ in 0..steps {
            area.update(TextAreaMsg::Redo);
        }
        prop_assert_eq!(area.text(), last);
    }
}
