//! Raw sequences (legacy, CSI and SS3, Kitty, modifyOtherKeys) decode to the keys they mean, however the reads split them.

use super::*;

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
        // Escape strings go whole, what they carry too: a hyperlink copied from a terminal
        // keeps its text, a title or an image nothing.
        (
            "\x1b[200~see \x1b]8;;http://x\x1b\\docs\x1b]8;;\x1b\\ now\x1b[201~",
            vec![paste("see docs now")],
        ),
        ("\x1b[200~a\x1b]0;title\x07b\x1b[201~", vec![paste("ab")]),
        ("\x1b[200~a\x1bPq#0;2\x1b\\b\x1b[201~", vec![paste("ab")]),
        (
            "\x1b[200~a\x1b_Gf=32;AAAA\x1b\\b\x1b[201~",
            vec![paste("ab")],
        ),
        ("\x1b[200~a\x1b]0;t\x1b[31mb\x1b[201~", vec![paste("ab")]),
        ("\x1b[200~a\x1b(0b\x1b#8c\x1b[201~", vec![paste("abc")]),
        // One whose end is not in the paste loses only its introducer: the rest is text.
        ("\x1b[200~a\x1b]no end\x1b[201~", vec![paste("ano end")]),
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
