//! What reaches the program from the keyboard: Kitty flags, bursts, pastes, releases and repeats, keys before the first frame, a lone Esc, control bytes never echoed.

use super::*;

#[test]
fn kitty_keyboard_flags_are_pushed_when_supported_and_popped_on_exit() {
    let mut term = Terminal::launch(Launch {
        kitty: true,
        ..Launch::default()
    });
    term.wait_for_text("7/7");
    // With the flags on, a Kitty terminal sends Enter as CSI 13 u.
    term.type_keys("\x1b[13u");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("apple"))"#);
    let raw = term.raw_since(0);
    let pushed = raw.find("\x1b[>1u").expect("flags pushed");
    let popped = raw.find("\x1b[<u").expect("flags popped");
    assert!(pushed < popped);
    // modifyOtherKeys, asked for in the probe, is put back before the Kitty flags go on.
    let asked = raw.find("\x1b[>4;2m").expect("modifyOtherKeys asked for");
    let reset = raw.find("\x1b[>4m").expect("modifyOtherKeys reset");
    assert!(asked < reset && reset < pushed, "{raw:?}");
}

#[test]
fn without_kitty_support_no_flags_are_pushed_and_modify_other_keys_is_reset_on_exit() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    // With modifyOtherKeys on, a capital letter may come as CSI 27;2;65~: it is the letter.
    term.type_keys("\x1b[27;2;65~\x7f\x1b");
    let (stdout, status, term) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    assert!(status.success());
    let raw = term.raw_since(0);
    assert!(
        !raw.contains("\x1b[>1u") && !raw.contains("\x1b[<u"),
        "{raw:?}"
    );
    let on = raw.rfind("\x1b[>4;2m").expect("modifyOtherKeys asked for");
    let off = raw.rfind("\x1b[>4m").expect("modifyOtherKeys reset");
    assert!(on < off, "{raw:?}");
    assert!(
        raw.contains("\x1b[?2004h") && raw.contains("\x1b[?2004l"),
        "bracketed paste on and off"
    );
}

#[test]
fn a_burst_longer_than_one_read_is_handled_in_full() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    // Over 2 KB in one write, no further input after it: nothing may be left unread.
    let burst = format!("{}{}ch", "z".repeat(1100), "\x7f".repeat(1100));
    term.type_keys(&burst);
    let filtered = picker_after(&[Type("ch".into())], (40, 12));
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&filtered, (40, 12)),
    ));
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("cherry"))"#);
}

#[test]
fn a_paste_arrives_as_one_event() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.type_keys("\x1b[200~rry\x1b[201~");
    term.wait_for_text("2/7");
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("cherry"))"#);
}

#[test]
fn key_releases_stay_out_of_the_keymap_and_repeats_reach_it() {
    let mut term = Terminal::launch(Launch {
        scenario: "effects-kitty",
        kitty: true,
        ..Launch::default()
    });
    term.wait_for_text("b c e q");
    let before = term.raw_len();
    // Kitty CSI-u: `b` pressed, repeated while held, released; then `q` pressed.
    term.type_keys("\x1b[98u\x1b[98;1:2u\x1b[98;1:3u\x1b[113u");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("done") collapsed: false"#);
    let bells = term.raw_since(before).matches('\x07').count();
    assert_eq!(
        bells, 2,
        "one bell for the press, one for the repeat, none for the release"
    );
}

#[test]
fn keys_typed_before_the_first_frame_are_not_lost() {
    let mut term = Terminal::launch(Launch::default());
    // Typed at once: the child may still be starting (the terminal, still cooked, echoes
    // them; the frame then starts below the echo) or waiting for the terminal's replies.
    term.type_keys("an\x1b[B");
    let moved = picker_after(&[Type("a".into()), Type("n".into()), MoveDown], (40, 12));
    term.wait_for_block(&expected_frame(&moved, (40, 12)));
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("cranberry"))"#);
}

#[test]
fn a_paste_split_across_reads_is_one_paste() {
    let paste = "\x1b[200~rry\x1b[201~";
    for cut in [2, 4, 6, 7, 8, 9, 10, 12, 14] {
        let mut term = Terminal::launch(Launch {
            scenario: "picker-patient",
            ..Launch::default()
        });
        term.wait_for_text("7/7");
        term.type_keys(&paste[..cut]);
        term.type_keys(&paste[cut..]);
        term.wait_for_text("2/7");
        term.type_keys("\r");
        let (stdout, _, _) = term.finish();
        assert_eq!(report(&stdout), r#"Quit(Picked("cherry"))"#, "cut at {cut}");
    }
}

#[test]
fn a_lone_esc_is_the_esc_key_once_the_escape_timeout_passes() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.type_keys("\x1b");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
}

#[test]
fn control_bytes_typed_or_pasted_are_never_written_back() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    let before = term.raw_len();
    term.type_keys("c\u{9b}2J\u{85}\x1b[155u");
    term.type_keys("\x1b[200~h\u{9b}31m\x0e\x1b[7me\x1b[201~");
    term.wait_for_text("c2Jh31me");
    term.type_keys("\x1b");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    let written = term.raw_since(before);
    let stray: Vec<char> = written
        .chars()
        .filter(|&c| c.is_control() && !matches!(c, '\x1b' | '\r' | '\n'))
        .collect();
    assert!(stray.is_empty(), "{stray:?} in {written:?}");
}
