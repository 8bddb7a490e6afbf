//! Reads over time: pastes, the paste and escape timeouts, Ctrl+C cutting a sequence short.

use super::*;

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
