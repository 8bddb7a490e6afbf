//! What keys mean: no control character as text, shifted letters, releases and repeats, key scripts and their errors, crossterm events.

use super::*;

#[test]
fn no_control_character_becomes_text() {
    let controls = (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32);
    for c in controls {
        let typed = decode(&c.to_string());
        let pasted = decode(&format!("\x1b[200~a{c}b\x1b[201~"));
        let kitty = decode(&format!("\x1b[{}u", c as u32));
        let other_keys = decode(&format!("\x1b[27;1;{}~", c as u32));
        for event in typed.iter().chain(&kitty).chain(&other_keys) {
            if let Some(KeyCode::Char(ch)) = event.as_key().map(|key| key.code) {
                assert!(!ch.is_control(), "{c:?} became the text {ch:?}");
            }
        }
        let text = match &pasted[..] {
            [Event::Paste(text)] => text.clone(),
            [Event::Paste(a), ctrl_c, Event::Paste(b)] if c == '\x03' && *ctrl_c == k("ctrl+c") => {
                format!("{a}{b}")
            }
            other => panic!("{c:?} in a paste: {other:?}"),
        };
        assert!(
            text.chars()
                .all(|ch| !ch.is_control() || ch == '\n' || ch == '\t'),
            "{c:?} in a paste: {text:?}"
        );
    }
}

#[test]
fn shifted_letters_arrive_upper_case_from_every_protocol() {
    for raw in [
        "N",
        "\x1b[110;2u",
        "\x1b[110:78;2u",
        "\x1b[27;2;110~",
        "\x1b[78;2u",
    ] {
        let key = as_press(&decode(raw)[0]).unwrap();
        assert_eq!(key.code, KeyCode::Char('N'), "{raw:?}");
        assert_eq!(key.modifiers, KeyModifiers::SHIFT, "{raw:?}");
    }
}

#[test]
fn releases_and_repeats_are_not_presses() {
    let press = decode("\x1b[93;5u").remove(0);
    let rel = decode("\x1b[93;5:3u").remove(0);
    let rep = decode("\x1b[93;5:2u").remove(0);
    assert!(as_press(&press).is_some());
    assert_eq!(as_press(&rel), None);
    assert_eq!(as_press(&rep), None);
    assert_ne!(press, rel);
    assert_ne!(press, rep);
}

#[test]
fn key_scripts_parse_names_modifiers_and_text() {
    let cases: Vec<(&str, Vec<Event>)> = vec![
        ("enter", vec![key(KeyCode::Enter, KeyModifiers::NONE)]),
        (
            "ENTER Esc",
            vec![
                key(KeyCode::Enter, KeyModifiers::NONE),
                key(KeyCode::Esc, KeyModifiers::NONE),
            ],
        ),
        ("shift+tab", vec![key(KeyCode::Tab, KeyModifiers::SHIFT)]),
        ("Shift+Tab", vec![key(KeyCode::Tab, KeyModifiers::SHIFT)]),
        ("alt+down", vec![key(KeyCode::Down, KeyModifiers::ALT)]),
        ("ctrl+]", vec![key(KeyCode::Char(']'), KeyModifiers::CTRL)]),
        ("ctrl++", vec![key(KeyCode::Char('+'), KeyModifiers::CTRL)]),
        (
            "ctrl+shift+up",
            vec![key(KeyCode::Up, KeyModifiers::CTRL | KeyModifiers::SHIFT)],
        ),
        (
            "shift+enter",
            vec![key(KeyCode::Enter, KeyModifiers::SHIFT)],
        ),
        ("space", vec![key(KeyCode::Char(' '), KeyModifiers::NONE)]),
        (
            "f1 F12",
            vec![
                key(KeyCode::F(1), KeyModifiers::NONE),
                key(KeyCode::F(12), KeyModifiers::NONE),
            ],
        ),
        (
            "pageup pagedown home end",
            vec![
                key(KeyCode::PageUp, KeyModifiers::NONE),
                key(KeyCode::PageDown, KeyModifiers::NONE),
                key(KeyCode::Home, KeyModifiers::NONE),
                key(KeyCode::End, KeyModifiers::NONE),
            ],
        ),
        (
            "backspace delete",
            vec![
                key(KeyCode::Backspace, KeyModifiers::NONE),
                key(KeyCode::Delete, KeyModifiers::NONE),
            ],
        ),
        ("1", vec![ch('1')]),
        ("N", vec![key(KeyCode::Char('N'), KeyModifiers::SHIFT)]),
        ("[ ]", vec![ch('['), ch(']')]),
        ("hello", "hello".chars().map(ch).collect()),
        ("text:enter", "enter".chars().map(ch).collect()),
        (
            "TEXT:Hi!",
            vec![
                key(KeyCode::Char('H'), KeyModifiers::SHIFT),
                ch('i'),
                ch('!'),
            ],
        ),
        ("text:", vec![]),
        ("f13", "f13".chars().map(ch).collect()),
        ("  \n ", vec![]),
        (
            "x  space\ty",
            vec![
                ch('x'),
                key(KeyCode::Char(' '), KeyModifiers::NONE),
                ch('y'),
            ],
        ),
    ];
    for (script, expected) in cases {
        assert_eq!(parse_key_script(script).unwrap(), expected, "{script:?}");
    }
}

#[test]
fn key_script_errors_name_the_token() {
    let err = parse_key_script("down ctrl+foo enter").unwrap_err();
    assert_eq!(err.position, 2);
    assert_eq!(err.token, "ctrl+foo");
    let message = err.to_string();
    assert!(message.contains("token 2 `ctrl+foo`"), "{message}");
    assert!(message.contains("unknown key name `foo`"), "{message}");

    let err = parse_key_script("alt+").unwrap_err();
    assert_eq!(err.position, 1);
    assert!(err.message.contains("must follow"), "{}", err.message);

    assert!(parse_key_script("shift+f13").is_err());
    assert!(parse_key_script("ctrl+pgup2").is_err());
}

#[test]
fn crossterm_events_map_to_the_same_keys() {
    use crossterm::event::{
        Event as CEvent, KeyCode as CCode, KeyEvent as CKey, KeyModifiers as CMods,
    };
    let cases = [
        (
            CEvent::Key(CKey::new(CCode::BackTab, CMods::SHIFT)),
            k("shift+tab"),
        ),
        (
            CEvent::Key(CKey::new(CCode::Char('5'), CMods::CONTROL)),
            k("ctrl+]"),
        ),
        (
            CEvent::Key(CKey::new(CCode::Char(']'), CMods::CONTROL)),
            k("ctrl+]"),
        ),
        (
            CEvent::Key(CKey::new(CCode::Enter, CMods::SHIFT)),
            k("shift+enter"),
        ),
        (CEvent::Key(CKey::new(CCode::Up, CMods::ALT)), k("alt+up")),
        (CEvent::Paste("x\ny".into()), paste("x\ny")),
        (
            CEvent::Resize(80, 24),
            Event::Resize(tea::Size::new(80, 24)),
        ),
    ];
    for (ct, expected) in cases {
        assert_eq!(from_crossterm(ct.clone()), Some(expected), "{ct:?}");
    }
    let mut released = CKey::new(CCode::Char('a'), CMods::NONE);
    released.kind = crossterm::event::KeyEventKind::Release;
    assert_eq!(from_crossterm(CEvent::Key(released)), Some(release("a")));
}
