//! Input: raw terminal bytes as Pi delivers them, key scripts, crossterm events.

use tea::input::{
    Decoder, Event, Held, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, as_press, decode,
    from_crossterm, parse_key_script,
};

/// The single key event a key-script token stands for.
fn k(token: &str) -> Event {
    let events = parse_key_script(token).unwrap();
    assert_eq!(events.len(), 1, "{token} is one key");
    events.into_iter().next().unwrap()
}

fn with_kind(event: Event, kind: KeyEventKind) -> Event {
    match event {
        Event::Key(key) => Event::Key(key.kind(kind)),
        other => other,
    }
}

fn release(token: &str) -> Event {
    with_kind(k(token), KeyEventKind::Release)
}

fn repeat(token: &str) -> Event {
    with_kind(k(token), KeyEventKind::Repeat)
}

fn paste(text: &str) -> Event {
    Event::Paste(text.to_string())
}

/// (raw bytes, what they mean)
fn decoding_table() -> Vec<(&'static str, Vec<Event>)> {
    vec![
        // Legacy keys and control bytes.
        ("\t", vec![k("tab")]),
        ("\x1b[Z", vec![k("shift+tab")]),
        ("\x1b[C", vec![k("right")]),
        ("\x1b[D", vec![k("left")]),
        ("\x1b[A", vec![k("up")]),
        ("\x1b[B", vec![k("down")]),
        ("\x1bOA", vec![k("up")]),
        ("\x1bOB", vec![k("down")]),
        ("\x1bOC", vec![k("right")]),
        ("\x1bOD", vec![k("left")]),
        ("\x1b[H", vec![k("home")]),
        ("\x1b[F", vec![k("end")]),
        ("\x1bOH", vec![k("home")]),
        ("\x1bOF", vec![k("end")]),
        ("\x1b[1~", vec![k("home")]),
        ("\x1b[4~", vec![k("end")]),
        ("1", vec![k("1")]),
        ("9", vec![k("9")]),
        ("\r", vec![k("enter")]),
        (" ", vec![k("space")]),
        ("n", vec![k("n")]),
        ("N", vec![k("N")]),
        ("x", vec![k("x")]),
        ("p", vec![k("p")]),
        ("[", vec![k("[")]),
        ("]", vec![k("]")]),
        ("\x1b[3~", vec![k("delete")]),
        ("\x1b[1;2A", vec![k("shift+up")]),
        ("\x1b[1;2B", vec![k("shift+down")]),
        ("\x1b[5~", vec![k("pageup")]),
        ("\x1b[6~", vec![k("pagedown")]),
        ("\x1b[1;3A", vec![k("alt+up")]),
        ("\x1b[1;3B", vec![k("alt+down")]),
        ("\x1b\x1b[A", vec![k("alt+up")]),
        ("\x1b\x1b[B", vec![k("alt+down")]),
        ("\x1d", vec![k("ctrl+]")]),
        ("\x1b", vec![k("esc")]),
        ("\x7f", vec![k("backspace")]),
        ("\x08", vec![k("backspace")]),
        ("\x01", vec![k("ctrl+a")]),
        ("\x05", vec![k("ctrl+e")]),
        ("\x17", vec![k("ctrl+w")]),
        ("\x15", vec![k("ctrl+u")]),
        ("\x0b", vec![k("ctrl+k")]),
        ("\x1c", vec![k("ctrl+\\")]),
        ("\x1bb", vec![k("alt+b")]),
        ("\x1bf", vec![k("alt+f")]),
        ("\n", vec![k("shift+enter")]),
        ("\x1b\r", vec![k("alt+enter")]),
        // xterm's default meta sets the 8th bit: Alt+Enter is U+008D in a UTF-8 terminal.
        ("\u{8d}", vec![k("alt+enter")]),
        ("a\u{8d}b", vec![k("a"), k("alt+enter"), k("b")]),
        ("\x1b\x7f", vec![k("alt+backspace")]),
        ("\x1bOP", vec![k("f1")]),
        ("\x1b[15~", vec![k("f5")]),
        ("\x1b[24~", vec![k("f12")]),
        ("é", vec![k("é")]),
        // Kitty CSI-u.
        ("\x1b[9u", vec![k("tab")]),
        ("\x1b[9;2u", vec![k("shift+tab")]),
        ("\x1b[13u", vec![k("enter")]),
        ("\x1b[13;2u", vec![k("shift+enter")]),
        ("\x1b[13;3u", vec![k("alt+enter")]),
        ("\x1b[106;5u", vec![k("ctrl+j")]),
        ("\x1b[27;5;106~", vec![k("ctrl+j")]),
        ("\x1b[27u", vec![k("esc")]),
        ("\x1b[32u", vec![k("space")]),
        ("\x1b[127u", vec![k("backspace")]),
        ("\x1b[93;5u", vec![k("ctrl+]")]),
        ("\x1b[49u", vec![k("1")]),
        ("\x1b[110u", vec![k("n")]),
        ("\x1b[110;2u", vec![k("N")]),
        ("\x1b[120u", vec![k("x")]),
        ("\x1b[112u", vec![k("p")]),
        ("\x1b[91u", vec![k("[")]),
        ("\x1b[93u", vec![k("]")]),
        ("\x1b[97;5u", vec![k("ctrl+a")]),
        ("\x1b[98;3u", vec![k("alt+b")]),
        ("\x1b[110:78;2u", vec![k("N")]), // with the shifted key reported
        ("\x1b[49:33;2u", vec![k("!")]),
        ("\x1b[97;1;97u", vec![k("a")]), // with the text reported
        ("\x1b[97;65u", vec![k("a")]),   // Caps Lock reported: same key
        ("\x1b[97;129u", vec![k("a")]),  // Num Lock reported: same key
        // Kitty event types: releases and repeats keep their kind.
        ("\x1b[97;1:3u", vec![release("a")]),
        ("\x1b[97;1:2u", vec![repeat("a")]),
        ("\x1b[93;5:3u", vec![release("ctrl+]")]),
        ("\x1b[13;1:3u", vec![release("enter")]),
        ("\x1b[32;1:2u", vec![repeat("space")]),
        ("\x1b[1;1:3A", vec![release("up")]),
        ("\x1b[1;1:2B", vec![repeat("down")]),
        ("\x1b[3;1:3~", vec![release("delete")]),
        // xterm modifyOtherKeys (what tmux forwards).
        ("\x1b[27;2;13~", vec![k("shift+enter")]),
        ("\x1b[27;5;93~", vec![k("ctrl+]")]),
        ("\x1b[27;2;9~", vec![k("shift+tab")]),
        ("\x1b[27;5;97~", vec![k("ctrl+a")]),
        ("\x1b[27;3;98~", vec![k("alt+b")]),
        ("\x1b[27;5;13~", vec![k("ctrl+enter")]),
        ("\x1b[27;2;78~", vec![k("N")]),
        // Bracketed paste: one event of text, whatever it holds.
        (
            "\x1b[200~hello\nworld\x1b[201~",
            vec![paste("hello\nworld")],
        ),
        ("\x1b[200~a\rb\r\nc\td\x1b[201~", vec![paste("a\nb\nc\td")]),
        ("\x1b[200~a\x1b[31mb\x1b[201~", vec![paste("ab")]),
        (
            "\x1b[200~a\x07b\x7fc\u{9b}2Jd\x1b[201~",
            vec![paste("abc2Jd")],
        ),
        // A Ctrl+C inside a paste is the person's key, between the paste's text around it.
        (
            "\x1b[200~a\x03b\x1b[99;5uc\x1b[201~",
            vec![paste("a"), k("ctrl+c"), paste("b"), k("ctrl+c"), paste("c")],
        ),
        ("\x1b[200~\x03\x1b[201~", vec![k("ctrl+c")]),
        ("\x1b[200~1\r2\r\x1b[201~", vec![paste("1\n2\n")]),
        ("\x1b[200~\x1b[201~", vec![paste("")]),
        ("\x1b[200~unterminated", vec![paste("unterminated")]),
        // Chunks holding several keys.
        ("abc", vec![k("a"), k("b"), k("c")]),
        ("\x1b[A\x1b[B\r", vec![k("up"), k("down"), k("enter")]),
        ("j\x1b[93;5uk", vec![k("j"), k("ctrl+]"), k("k")]),
        ("\x1b[200~hi\x1b[201~\r", vec![paste("hi"), k("enter")]),
        ("日本", vec![k("日"), k("本")]),
        ("\x1b[97;1u\x1b[97;1:3u", vec![k("a"), release("a")]),
        // Not keys: terminal replies and unknown sequences are dropped.
        ("\x1b[?1u", vec![]),
        ("\x1b[?62;22c", vec![]),
        // Cut-off sequences name nothing, and the byte that cut them off is a key of its own.
        ("\x1b[", vec![]),
        ("\x1b[<0;12", vec![]),
        ("\x1b[\x03", vec![k("ctrl+c")]),
        ("\x1b[<0;12\x1b[99;5u", vec![k("ctrl+c")]),
        ("\x1bO\x03", vec![k("alt+O"), k("ctrl+c")]),
        ("\x1b\x03", vec![k("alt+ctrl+c")]),
        // Control characters are never text: C1 controls (8-bit CSI too) and code points that
        // Kitty or modifyOtherKeys name as characters.
        ("\u{9b}", vec![]),
        ("\u{85}", vec![]),
        ("\x1b[155u", vec![]),
        ("\x1b[3u", vec![]),
        ("\x1b[27;1;155~", vec![]),
        ("\x1b[27;5;3~", vec![]),
    ]
}

#[test]
fn raw_sequences_decode_to_the_keys_they_mean() {
    let table = decoding_table();
    assert!(table.len() >= 40);
    let mut failures = Vec::new();
    for (raw, expected) in table {
        let actual = decode(raw);
        if actual != expected {
            failures.push(format!("{raw:?}: got {actual:?}, expected {expected:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Feeds `parts` as separate reads, then flushes as the escape timeout does.
fn decode_in_reads(parts: &[&[u8]]) -> Vec<Event> {
    let mut decoder = Decoder::new();
    let mut events = Vec::new();
    for part in parts {
        events.extend(decoder.feed(part));
    }
    events.extend(decoder.flush());
    events
}

#[test]
fn xterm_meta_enter_is_alt_enter_as_a_raw_byte_too() {
    // Without UTF-8 encoding of meta keys, xterm sends the byte 0x8d itself.
    assert_eq!(
        decode_in_reads(&[b"x\x8dy"]),
        vec![k("x"), k("alt+enter"), k("y")]
    );
    // Inside a paste it is no key: pasted bytes are text, and this one is not UTF-8.
    assert_eq!(
        decode_in_reads(&[b"\x1b[200~a\x8db\x1b[201~"]),
        vec![paste("a\u{fffd}b")]
    );
}

#[test]
fn every_sequence_split_at_every_offset_decodes_the_same() {
    let mut failures = Vec::new();
    for (raw, expected) in decoding_table() {
        let bytes = raw.as_bytes();
        for at in 1..bytes.len() {
            let actual = decode_in_reads(&[&bytes[..at], &bytes[at..]]);
            if actual != expected {
                failures.push(format!("{raw:?} split at {at}: got {actual:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_paste_is_one_event_of_text_however_the_reads_split_it() {
    // Digits and line breaks would pick options and submit if any of it became key presses.
    let raw = "\x1b[200~1\r2\n3 x\ty\r\x1b[201~\r".as_bytes();
    let expected = vec![paste("1\n2\n3 x\ty\n"), k("enter")];
    for first in 1..raw.len() {
        for second in first..raw.len() {
            let parts = [&raw[..first], &raw[first..second], &raw[second..]];
            assert_eq!(
                decode_in_reads(&parts),
                expected,
                "split at {first} and {second}"
            );
        }
    }
    // Byte by byte, and with nothing decoded before the end marker arrives.
    let mut decoder = Decoder::new();
    let end = raw.len() - 1;
    for (i, byte) in raw[..end].iter().enumerate() {
        let events = decoder.feed(std::slice::from_ref(byte));
        if i + 1 < end {
            assert_eq!(events, vec![], "after byte {i}");
            assert!(decoder.is_pending());
        } else {
            assert_eq!(events, vec![paste("1\n2\n3 x\ty\n")]);
        }
    }
    assert_eq!(decoder.feed(b"\r"), vec![k("enter")]);
    assert!(!decoder.is_pending());
}

#[test]
fn a_paste_that_never_ends_is_delivered_when_the_timeout_flushes_it() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[200~12\r"), vec![]);
    assert_eq!(decoder.held(), Held::Paste);
    assert_eq!(decoder.flush(), vec![paste("12\n")]);
    assert_eq!(decoder.held(), Held::Nothing);
    assert_eq!(decoder.feed(b"3"), vec![k("3")], "after it, keys are keys");
}

#[test]
fn ctrl_c_in_a_paste_that_never_ends_acts_at_once_and_the_rest_stays_text() {
    let mut decoder = Decoder::new();
    assert_eq!(
        decoder.feed(b"\x1b[200~12\r\x03"),
        vec![paste("12\n"), k("ctrl+c")]
    );
    assert_eq!(decoder.feed(b"3\r"), vec![]);
    assert_eq!(decoder.held(), Held::Paste);
    assert_eq!(decoder.feed(b"\x1b[99;5u"), vec![paste("3\n"), k("ctrl+c")]);
    assert_eq!(decoder.flush(), vec![], "nothing after the last Ctrl+C");
}

#[test]
fn ctrl_c_after_any_partial_sequence_is_ctrl_c() {
    let partials: [&[u8]; 11] = [
        b"\x1b[200~ab\r",
        b"\x1b[200~ab\x1b[20",
        b"\x1b",
        b"\x1b[",
        b"\x1b[1;",
        b"\x1b[<0;12",
        b"\x1b[<0;12;5",
        b"\x1bO",
        b"\x1b\x1b",
        b"\x1b[20",
        b"\xe2\x82",
    ];
    let endings: [&[u8]; 2] = [b"\x03", b"\x1b[99;5u"];
    let is_ctrl_c = |event: &Event| {
        as_press(event).is_some_and(|key| {
            key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CTRL)
        })
    };
    for partial in partials {
        for ending in endings {
            // In the same read, in the next read, and after the escape timeout.
            let together = [partial, ending].concat();
            let mut after_timeout = Decoder::new();
            after_timeout.feed(partial);
            assert!(after_timeout.is_pending(), "{partial:?} waits for more");
            after_timeout.flush();
            for (how, events) in [
                ("one read", decode_in_reads(&[&together])),
                ("two reads", decode_in_reads(&[partial, ending])),
                ("after the timeout", after_timeout.feed(ending)),
            ] {
                assert!(
                    events.last().is_some_and(is_ctrl_c),
                    "{partial:?} then {ending:?} ({how}): {events:?}"
                );
            }
        }
    }
}

#[test]
fn a_lone_esc_waits_for_the_timeout_and_is_then_the_esc_key() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b"), vec![]);
    assert!(decoder.is_pending());
    assert_eq!(decoder.flush(), vec![k("esc")]);
    assert_eq!(decoder.feed(b"\x1b"), vec![]);
    assert_eq!(
        decoder.feed(b"[A"),
        vec![k("up")],
        "the next read finishes it"
    );
}

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
        (CEvent::Resize(80, 24), Event::Resize { cols: 80, rows: 24 }),
    ];
    for (ct, expected) in cases {
        assert_eq!(from_crossterm(ct.clone()), Some(expected), "{ct:?}");
    }
    let mut released = CKey::new(CCode::Char('a'), CMods::NONE);
    released.kind = crossterm::event::KeyEventKind::Release;
    assert_eq!(from_crossterm(CEvent::Key(released)), Some(release("a")));
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code).modifiers(modifiers))
}

fn ch(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

mod arbitrary_input {
    use proptest::prelude::*;
    use tea::input::{Decoder, Event, KeyCode, decode};

    fn chunk() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[\\x00-\\x7f]{1,6}",
            Just("\x1b".to_string()),
            Just("\x1b[".to_string()),
            Just("\x1b[200~".to_string()),
            Just("\x1b[201~".to_string()),
            "[0-9;:]{0,8}[u~A-Z]",
            "\\PC{1,3}",
        ];
        prop::collection::vec(piece, 0..12).prop_map(|p| p.concat())
    }

    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            chunk().prop_map(String::into_bytes),
            prop::collection::vec(any::<u8>(), 0..6),
        ];
        prop::collection::vec(piece, 0..8).prop_map(|p| p.concat())
    }

    fn text_only(event: &Event) -> bool {
        match event {
            Event::Key(key) => !matches!(key.code, KeyCode::Char(c) if c.is_control()),
            Event::Paste(text) => text
                .chars()
                .all(|c| !c.is_control() || c == '\n' || c == '\t'),
            _ => true,
        }
    }

    proptest! {
        /// Whatever arrives, decoding ends, never panics, and yields at most one event per byte.
        #[test]
        fn decoding_any_chunk_is_total(raw in chunk()) {
            let events = decode(&raw);
            prop_assert!(events.len() <= raw.len());
        }

        /// However the reads split any bytes, the events are the same, and no control
        /// character is ever text.
        #[test]
        fn reads_split_anywhere_decode_the_same(
            raw in bytes(),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        ) {
            let mut whole = Decoder::new();
            let mut expected = whole.feed(&raw);
            expected.extend(whole.flush());

            let mut at: Vec<usize> = cuts.iter().map(|cut| cut.index(raw.len() + 1)).collect();
            at.sort_unstable();
            let mut decoder = Decoder::new();
            let mut events = Vec::new();
            let mut start = 0;
            for end in at.into_iter().chain([raw.len()]) {
                events.extend(decoder.feed(&raw[start..end]));
                start = end;
            }
            events.extend(decoder.flush());
            prop_assert_eq!(&events, &expected);
            prop_assert!(events.iter().all(text_only), "{:?}", events);
        }
    }
}

#[test]
fn a_late_reply_to_a_terminal_query_is_no_input() {
    let background = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\";
    let mut with_keys = b"a".to_vec();
    with_keys.extend_from_slice(background);
    with_keys.extend_from_slice(b"\x1b]11;rgb:0/0/0\x07b");
    assert_eq!(decode_in_reads(&[&with_keys]), vec![k("a"), k("b")]);
    let (head, tail) = background.split_at(9);
    assert_eq!(
        decode_in_reads(&[head, tail, b"x"]),
        vec![k("x")],
        "split across reads"
    );
}

#[test]
fn alt_bracket_is_still_a_key() {
    assert_eq!(decode_in_reads(&[b"\x1b]"]), vec![k("alt+]")]);
    assert_eq!(decode_in_reads(&[b"\x1b]x"]), vec![k("alt+]"), k("x")]);
    assert_eq!(decode_in_reads(&[b"\x1b]1"]), vec![k("alt+]"), k("1")]);
}
