//! The keymap per mode, key kinds (press/repeat/release), and the footer drawn from the same
//! tables.

mod common;

use common::*;
use question::{Label, Labels};
use questionnaire::Keys;
use questionnaire::keymap::{HintContext, footer};
use questionnaire::{Mode, Msg};
use serde_json::json;
use tea::Program;
use tea::components::filter::FilterMsg;
use tea::components::textarea::TextAreaMsg;
use tea::input::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, decode};

/// What `event` means in `mode` with the questionnaire's own keys (no host changes).
fn msg_for(mode: Mode, event: &Event) -> Option<Msg> {
    Keys::default().msg_for(mode, event)
}

fn key(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
    let mut event = KeyEvent::new(code).modifiers(modifiers);
    event.kind = kind;
    Event::Key(event)
}

fn press(code: KeyCode) -> Event {
    key(code, KeyModifiers::NONE, KeyEventKind::Press)
}

#[test]
fn list_keys_mean_list_intents() {
    let cases = [
        (press(KeyCode::Up), Msg::MoveUp),
        (press(KeyCode::Down), Msg::MoveDown),
        (press(KeyCode::Home), Msg::MoveFirst),
        (press(KeyCode::End), Msg::MoveLast),
        (press(KeyCode::Tab), Msg::NextTab),
        (press(KeyCode::Right), Msg::NextTab),
        (press(KeyCode::Left), Msg::PrevTab),
        (press(KeyCode::Enter), Msg::Activate),
        (press(KeyCode::Char(' ')), Msg::SelectWithoutAdvance),
        (press(KeyCode::Char('7')), Msg::PickNumber(7)),
        (press(KeyCode::Char('n')), Msg::OpenOptionNote),
        (press(KeyCode::Char('x')), Msg::Clear),
        (press(KeyCode::Delete), Msg::Clear),
        (press(KeyCode::Char('p')), Msg::TogglePreview),
        (press(KeyCode::Char('[')), Msg::PagePreview(-1)),
        (press(KeyCode::Char(']')), Msg::PagePreview(1)),
        (press(KeyCode::PageDown), Msg::PagePreview(1)),
        (press(KeyCode::Esc), Msg::Cancel),
    ];
    for (event, msg) in cases {
        assert_eq!(msg_for(Mode::List, &event), Some(msg), "{event:?}");
    }
    let shift_tab = key(KeyCode::Tab, KeyModifiers::SHIFT, KeyEventKind::Press);
    assert_eq!(msg_for(Mode::List, &shift_tab), Some(Msg::PrevTab));
    let shift_down = key(KeyCode::Down, KeyModifiers::SHIFT, KeyEventKind::Press);
    assert_eq!(
        msg_for(Mode::List, &shift_down),
        Some(Msg::ScrollPreview(1))
    );
    let alt_up = key(KeyCode::Up, KeyModifiers::ALT, KeyEventKind::Press);
    assert_eq!(msg_for(Mode::List, &alt_up), Some(Msg::ScrollContext(-1)));
    assert_eq!(msg_for(Mode::List, &press(KeyCode::Char('0'))), None);
}

#[test]
fn capital_n_is_the_question_note_however_shift_is_reported() {
    for event in [
        key(KeyCode::Char('N'), KeyModifiers::SHIFT, KeyEventKind::Press),
        key(KeyCode::Char('N'), KeyModifiers::NONE, KeyEventKind::Press),
        key(KeyCode::Char('n'), KeyModifiers::SHIFT, KeyEventKind::Press),
    ] {
        assert_eq!(msg_for(Mode::List, &event), Some(Msg::OpenQuestionNote));
    }
}

#[test]
fn ctrl_bracket_collapses_from_raw_bytes_and_in_every_mode() {
    let events = decode("\x1d");
    for mode in Mode::ALL {
        assert_eq!(
            msg_for(mode, &events[0]),
            Some(Msg::ToggleCollapse),
            "{mode:?}"
        );
    }
}

#[test]
fn releases_never_act_and_repeats_only_move_scroll_or_type() {
    let release = key(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Release);
    assert_eq!(msg_for(Mode::List, &release), None);
    let repeat = |code, mods| key(code, mods, KeyEventKind::Repeat);
    assert_eq!(
        msg_for(Mode::List, &repeat(KeyCode::Down, KeyModifiers::NONE)),
        Some(Msg::MoveDown)
    );
    assert_eq!(
        msg_for(Mode::List, &repeat(KeyCode::Down, KeyModifiers::SHIFT)),
        Some(Msg::ScrollPreview(1))
    );
    for code in [
        KeyCode::Char(' '),
        KeyCode::Enter,
        KeyCode::Char('p'),
        KeyCode::Char('x'),
        KeyCode::Char('2'),
        KeyCode::Esc,
    ] {
        assert_eq!(
            msg_for(Mode::List, &repeat(code, KeyModifiers::NONE)),
            None,
            "{code:?}"
        );
    }
    assert_eq!(
        msg_for(Mode::List, &repeat(KeyCode::Char(']'), KeyModifiers::CTRL)),
        None
    );
    assert_eq!(
        msg_for(
            Mode::Editor,
            &repeat(KeyCode::Char('a'), KeyModifiers::NONE)
        ),
        Some(Msg::Edit(TextAreaMsg::Insert("a".into())))
    );
    assert_eq!(
        msg_for(
            Mode::Editor,
            &repeat(KeyCode::Backspace, KeyModifiers::NONE)
        ),
        Some(Msg::Edit(TextAreaMsg::DeleteBack))
    );
    assert_eq!(
        msg_for(Mode::Editor, &repeat(KeyCode::Enter, KeyModifiers::NONE)),
        None
    );
}

#[test]
fn editor_keys_edit_and_letters_are_text() {
    let ctrl = |c| key(KeyCode::Char(c), KeyModifiers::CTRL, KeyEventKind::Press);
    let alt = |c| key(KeyCode::Char(c), KeyModifiers::ALT, KeyEventKind::Press);
    let cases = [
        (press(KeyCode::Enter), Msg::SaveEditor),
        (
            key(KeyCode::Enter, KeyModifiers::SHIFT, KeyEventKind::Press),
            Msg::Edit(TextAreaMsg::Newline),
        ),
        (press(KeyCode::Esc), Msg::LeaveEditor),
        (press(KeyCode::Tab), Msg::NextTab),
        (press(KeyCode::Left), Msg::Edit(TextAreaMsg::Left)),
        (press(KeyCode::Right), Msg::Edit(TextAreaMsg::Right)),
        (press(KeyCode::Up), Msg::Edit(TextAreaMsg::Up)),
        (press(KeyCode::Down), Msg::Edit(TextAreaMsg::Down)),
        (press(KeyCode::Home), Msg::Edit(TextAreaMsg::Home)),
        (press(KeyCode::End), Msg::Edit(TextAreaMsg::End)),
        (ctrl('a'), Msg::Edit(TextAreaMsg::Home)),
        (ctrl('e'), Msg::Edit(TextAreaMsg::End)),
        (alt('b'), Msg::Edit(TextAreaMsg::WordLeft)),
        (alt('f'), Msg::Edit(TextAreaMsg::WordRight)),
        (ctrl('w'), Msg::Edit(TextAreaMsg::DeleteWordBack)),
        (ctrl('u'), Msg::Edit(TextAreaMsg::KillToStart)),
        (ctrl('k'), Msg::Edit(TextAreaMsg::KillToEnd)),
        (
            press(KeyCode::Backspace),
            Msg::Edit(TextAreaMsg::DeleteBack),
        ),
        (
            press(KeyCode::Delete),
            Msg::Edit(TextAreaMsg::DeleteForward),
        ),
        (
            press(KeyCode::Char('p')),
            Msg::Edit(TextAreaMsg::Insert("p".into())),
        ),
        (
            press(KeyCode::Char('x')),
            Msg::Edit(TextAreaMsg::Insert("x".into())),
        ),
        (
            press(KeyCode::Char('1')),
            Msg::Edit(TextAreaMsg::Insert("1".into())),
        ),
        (
            press(KeyCode::Char(' ')),
            Msg::Edit(TextAreaMsg::Insert(" ".into())),
        ),
        (
            Event::Paste("pasted\ntext".into()),
            Msg::Edit(TextAreaMsg::Paste("pasted\ntext".into())),
        ),
    ];
    for (event, msg) in cases {
        assert_eq!(msg_for(Mode::Editor, &event), Some(msg), "{event:?}");
    }
    // Left/Right switch tabs only outside editors; in a text answer Esc cancels.
    assert_eq!(
        msg_for(Mode::TextAnswer, &press(KeyCode::Esc)),
        Some(Msg::Cancel)
    );
    assert_eq!(
        msg_for(Mode::TextAnswer, &press(KeyCode::Left)),
        Some(Msg::Edit(TextAreaMsg::Left))
    );
    assert_eq!(msg_for(Mode::List, &Event::Paste("x".into())), None);
}

#[test]
fn system_shortcuts_are_not_ours() {
    let cmd_c = key(KeyCode::Char('c'), KeyModifiers::SUPER, KeyEventKind::Press);
    assert_eq!(msg_for(Mode::Editor, &cmd_c), None);
    let hyper_x = key(KeyCode::Char('x'), KeyModifiers::HYPER, KeyEventKind::Press);
    assert_eq!(msg_for(Mode::List, &hyper_x), None);
    let meta_b = key(KeyCode::Char('b'), KeyModifiers::META, KeyEventKind::Press);
    assert_eq!(
        msg_for(Mode::Editor, &meta_b),
        Some(Msg::Edit(TextAreaMsg::WordLeft)),
        "Meta reads as Alt"
    );
}

#[test]
fn only_ctrl_bracket_is_ours_while_collapsed() {
    for event in [
        press(KeyCode::Esc),
        press(KeyCode::Enter),
        press(KeyCode::Char('x')),
        Event::Paste("a".into()),
    ] {
        assert_eq!(msg_for(Mode::Collapsed, &event), None, "{event:?}");
    }
}

#[test]
fn j_and_k_move_in_lists_and_the_review_but_type_in_editors_and_the_filter() {
    for mode in [Mode::List, Mode::YesNo, Mode::Review] {
        assert_eq!(
            msg_for(mode, &press(KeyCode::Char('j'))),
            Some(Msg::MoveDown)
        );
        assert_eq!(msg_for(mode, &press(KeyCode::Char('k'))), Some(Msg::MoveUp));
    }
    for mode in [Mode::Editor, Mode::TextAnswer] {
        assert!(matches!(
            msg_for(mode, &press(KeyCode::Char('j'))),
            Some(Msg::Edit(_))
        ));
    }
    assert_eq!(
        msg_for(Mode::Filter, &press(KeyCode::Char('j'))),
        Some(Msg::Filter(FilterMsg::Insert("j".into())))
    );
}

#[test]
fn y_and_n_answer_only_a_yes_no_question() {
    assert_eq!(
        msg_for(Mode::YesNo, &press(KeyCode::Char('y'))),
        Some(Msg::AnswerYesNo(true))
    );
    assert_eq!(
        msg_for(Mode::YesNo, &press(KeyCode::Char('n'))),
        Some(Msg::AnswerYesNo(false))
    );
    assert_eq!(
        msg_for(Mode::YesNo, &press(KeyCode::Char('N'))),
        Some(Msg::OpenQuestionNote)
    );
    assert_eq!(
        msg_for(Mode::List, &press(KeyCode::Char('n'))),
        Some(Msg::OpenOptionNote)
    );
    assert_eq!(msg_for(Mode::List, &press(KeyCode::Char('y'))), None);
    // Space still selects without advancing.
    assert_eq!(
        msg_for(Mode::YesNo, &press(KeyCode::Char(' '))),
        Some(Msg::SelectWithoutAdvance)
    );
    // No filter on two options.
    assert_eq!(msg_for(Mode::YesNo, &press(KeyCode::Char('/'))), None);
}

#[test]
fn while_filtering_keys_go_to_the_filter_and_esc_never_cancels() {
    assert_eq!(
        msg_for(Mode::List, &press(KeyCode::Char('/'))),
        Some(Msg::OpenFilter)
    );
    for (event, msg) in [
        (
            press(KeyCode::Char(' ')),
            Msg::Filter(FilterMsg::Insert(" ".into())),
        ),
        (
            press(KeyCode::Char('x')),
            Msg::Filter(FilterMsg::Insert("x".into())),
        ),
        (
            press(KeyCode::Char('1')),
            Msg::Filter(FilterMsg::Insert("1".into())),
        ),
        (press(KeyCode::Up), Msg::Filter(FilterMsg::Up)),
        (press(KeyCode::Down), Msg::Filter(FilterMsg::Down)),
        (press(KeyCode::Backspace), Msg::Filter(FilterMsg::Backspace)),
        (press(KeyCode::Enter), Msg::AcceptFilter),
        (press(KeyCode::Esc), Msg::CloseFilter),
        (
            Event::Paste("go".into()),
            Msg::Filter(FilterMsg::Insert("go".into())),
        ),
    ] {
        assert_eq!(msg_for(Mode::Filter, &event), Some(msg), "{event:?}");
    }
    assert_eq!(msg_for(Mode::Filter, &press(KeyCode::Tab)), None);
}

#[test]
fn the_app_picks_the_mode() {
    let mut a = app(plan(), 80, 24);
    assert_eq!(a.mode(), Mode::List);
    common::press(&mut a, "/");
    assert_eq!(a.mode(), Mode::Filter);
    common::press(&mut a, "esc n");
    assert_eq!(a.mode(), Mode::Editor);
    common::press(&mut a, "esc tab tab");
    assert_eq!(a.mode(), Mode::TextAnswer);
    common::press(&mut a, "tab");
    assert_eq!(a.mode(), Mode::Review);
    common::press(&mut a, "ctrl+]");
    assert_eq!(a.mode(), Mode::Collapsed);
    assert_eq!(a.event(&press(KeyCode::Esc)), None);
}

fn footer_text(mode: Mode, ctx: HintContext, labels: &Labels, width: usize) -> String {
    footer(mode, &ctx, labels, width).plain_text()
}

#[test]
fn the_footer_lists_the_hints_of_the_mode() {
    let english = Labels::english();
    let single = HintContext {
        tabs: true,
        on_option: true,
        ..HintContext::default()
    };
    assert_eq!(
        footer_text(Mode::List, single, &english, 200),
        "↑↓ move · enter select · 1-9 pick · tab switch tab · esc cancel · n option note · N question note · x clear · / filter · ctrl+] collapse"
    );
    assert_eq!(
        footer_text(Mode::YesNo, single, &english, 200),
        "↑↓ move · enter select · y/n answer · 1-9 pick · tab switch tab · esc cancel · N question note · x clear · ctrl+] collapse"
    );
    assert_eq!(
        footer_text(Mode::Filter, single, &english, 200),
        "↑↓ move · enter select · esc clear filter · ctrl+] collapse"
    );
    let multi_filter = HintContext {
        multi: true,
        ..single
    };
    assert_eq!(
        footer_text(Mode::Filter, multi_filter, &english, 200),
        "↑↓ move · enter toggle · esc clear filter · ctrl+] collapse"
    );
    let multi = HintContext {
        multi: true,
        ..single
    };
    let text = footer_text(Mode::List, multi, &english, 200);
    assert!(
        text.starts_with("↑↓ move · enter next · space toggle · 1-9 pick"),
        "{text}"
    );
    let one_question = HintContext {
        tabs: false,
        ..single
    };
    assert!(!footer_text(Mode::List, one_question, &english, 200).contains("switch tab"));
    assert_eq!(
        footer_text(Mode::Editor, single, &english, 200),
        "enter save · ctrl+j newline · esc keep draft · tab switch tab · ctrl+] collapse · ctrl+g editor"
    );
    assert_eq!(
        footer_text(Mode::TextAnswer, one_question, &english, 200),
        "enter save · ctrl+j newline · esc cancel · ctrl+] collapse · ctrl+g editor"
    );
    assert_eq!(
        footer_text(Mode::Collapsed, single, &english, 200),
        "ctrl+] expand"
    );
}

#[test]
fn conditional_hints_appear_only_when_they_apply() {
    let english = Labels::english();
    let base = HintContext {
        on_option: true,
        ..HintContext::default()
    };
    let plain = footer_text(Mode::List, base, &english, 300);
    assert!(
        !plain.contains("scroll context")
            && !plain.contains("scroll preview")
            && !plain.contains("p preview")
    );
    let all = HintContext {
        context_scrolls: true,
        preview_scrolls: true,
        narrow_preview: true,
        ..base
    };
    let text = footer_text(Mode::List, all, &english, 300);
    assert!(text.contains("alt+↑↓ scroll context"), "{text}");
    assert!(text.contains("⇧↑↓ scroll preview"), "{text}");
    assert!(text.contains("p preview"), "{text}");
    let on_free_text = HintContext {
        on_option: false,
        ..base
    };
    assert!(!footer_text(Mode::List, on_free_text, &english, 300).contains("option note"));
}

#[test]
fn the_footer_uses_the_call_labels_and_clips_to_whole_hints() {
    let spanish = Labels::with_overrides([
        (Label::Move, "mover"),
        (Label::Select, "elegir"),
        (Label::CancelHint, "cancelar"),
    ]);
    let ctx = HintContext::default();
    let text = footer_text(Mode::List, ctx, &spanish, 200);
    assert!(text.starts_with("↑↓ mover · enter elegir"), "{text}");
    assert_eq!(
        footer_text(Mode::List, ctx, &spanish, 30),
        "↑↓ mover · enter elegir"
    );
    for width in 0..120 {
        assert!(footer(Mode::List, &ctx, &spanish, width).width() <= width);
    }
    let hostile = Labels::with_overrides([(Label::Move, "\u{1b}[31mred\u{7}")]);
    assert!(footer_text(Mode::List, ctx, &hostile, 80).starts_with("↑↓ red ·"));
}

#[test]
fn spanish_labels_reach_the_screen() {
    let input = json!({
        "labels": {"typeSomething": "Escribe algo.", "submit": "Enviar", "review": "Revisar", "answered": "respondidas", "move": "mover"},
        "questions": [
            {"id": "a", "header": "Uno", "prompt": "¿Cuál?", "options": [{"value": "x", "label": "Equis"}]},
            {"id": "b", "header": "Dos", "prompt": "¿Y?", "type": "confirm", "options": []}
        ]
    });
    let mut a = app(input, 80, 24);
    let text = show(&a);
    assert!(text.contains("2. ( ) Escribe algo."), "{text}");
    assert!(text.contains("Revisar"), "{text}");
    assert!(text.contains("0/2 respondidas"), "{text}");
    assert!(text.contains("↑↓ mover"), "{text}");
    common::press(&mut a, "shift+tab");
    assert!(show(&a).contains("› Enviar"));
}

#[test]
fn the_spanish_example_translates_every_label_and_every_hint() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../assets/examples/spanish.json"
    );
    let text = std::fs::read_to_string(path).expect("the example exists");
    let input: serde_json::Value = serde_json::from_str(&text).expect("the example is JSON");
    let labels = input["labels"].as_object().expect("the example has labels");
    let missing: Vec<&str> = Label::ALL
        .iter()
        .map(|l| l.key())
        .filter(|key| !labels.contains_key(*key))
        .collect();
    assert!(missing.is_empty(), "not translated: {missing:?}");
    let english = [
        "move", "pick", "select", "toggle", "next", "cancel", "clear", "filter", "collapse",
        "save", "newline", "keep", "switch", "answer", "note", "preview", "scroll", "more",
    ];
    let mut a = app(input, 80, 24);
    // The single list, the yes/no list, the text question's editor, the Review tab.
    for step in ["", "tab", "tab", "tab"] {
        common::press(&mut a, step);
        let screen = show(&a);
        let words: Vec<&str> = screen.split(|c: char| !c.is_alphabetic()).collect();
        for word in english {
            assert!(
                !words.contains(&word),
                "{word:?} in English after {step:?}:\n{screen}"
            );
        }
    }
}
