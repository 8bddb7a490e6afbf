//! What the terminal shows: the frame after each diff, the attention bytes, pipes, the final frame, scrolling, resizes, the region's height and start.

use super::*;

#[test]
fn typing_filters_and_the_screen_matches_a_full_render_after_each_diff() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&picker_after(&[], (40, 12)), (40, 12)),
    ));
    assert!(term.cursor_hidden());
    assert!(!term.is_cooked(), "raw mode while the program runs");

    term.type_keys("an");
    let filtered = picker_after(&[Type("a".into()), Type("n".into())], (40, 12));
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&filtered, (40, 12)),
    ));

    let before = term.raw_len();
    term.type_keys("\x1b[B");
    let moved = picker_after(&[Type("a".into()), Type("n".into()), MoveDown], (40, 12));
    term.wait_for_lines(&with_history(&["$ app"], expected_frame(&moved, (40, 12))));
    let written = without_escapes(&term.raw_since(before));
    assert!(
        written.contains("banana") && written.contains("cranberry"),
        "{written:?}"
    );
    for unchanged in ["fruit", "mango", "orange", "move"] {
        assert!(
            !written.contains(unchanged),
            "unchanged row rewritten: {written:?}"
        );
    }

    term.type_keys("\r");
    let (stdout, status, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("cranberry"))"#);
    assert!(status.success());
    assert!(term.is_cooked());
    assert!(!term.cursor_hidden());
    // The region is erased and the cursor is back where the program started.
    assert_eq!(term.lines()[..3], ["$ app", "", ""]);
    assert_eq!(term.cursor(), (1, 0));
}

#[test]
fn the_attention_bytes_follow_the_first_frame_once() {
    let mut term = Terminal::launch(Launch {
        scenario: "picker-attention",
        ..Launch::default()
    });
    term.wait_for_text("7/7");
    term.type_keys("pea");
    term.wait_for_text("1/7");
    term.type_keys("\r");
    let (stdout, status, term) = term.finish();
    assert!(status.success(), "{stdout}");
    let raw = term.raw_since(0);
    let notification = "\x1b]9;fruit: pick one\x1b\\\x1b]777;notify;fruit;pick one\x1b\\";
    assert_eq!(raw.matches('\x07').count(), 1, "one bell: {raw:?}");
    assert_eq!(raw.matches(notification).count(), 1, "{raw:?}");
    let bell = raw.find('\x07').unwrap();
    assert!(
        raw.find("7/7").unwrap() < bell,
        "the frame is drawn before the bell"
    );
    assert_eq!(raw.find(notification), Some(bell + 1));
}

#[test]
fn stdin_and_stdout_can_be_pipes() {
    let mut term = Terminal::launch(Launch {
        scenario: "picker-stdin",
        stdin: Some("north\nsouth\neast\nwest\n"),
        ..Launch::default()
    });
    term.wait_for_text("4/4");
    term.type_keys("est");
    term.wait_for_text("2/4");
    term.type_keys("\x1b[B\r");
    let (stdout, status, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("west"))"#);
    assert!(status.success());
    assert!(
        !stdout.contains('\x1b'),
        "the UI went to stdout: {stdout:?}"
    );
    assert!(
        !term.raw_since(0).contains("REPORT"),
        "stdout went to the terminal"
    );
}

#[test]
fn the_final_frame_can_stay_on_screen_with_the_cursor_below_it() {
    let mut term = Terminal::launch(Launch {
        scenario: "picker-keep",
        ..Launch::default()
    });
    term.wait_for_text("7/7");
    term.type_keys("pe\r");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("pear"))"#);
    let frame = expected_frame(&picker_after(&[Type("pe".into())], (40, 12)), (40, 12));
    let lines = term.lines();
    assert_eq!(
        lines[1..1 + frame.len()]
            .iter()
            .map(|l| l.trim_end())
            .collect::<Vec<_>>(),
        frame.iter().map(|l| l.trim_end()).collect::<Vec<_>>()
    );
    assert_eq!(term.cursor(), (1 + frame.len() as u16, 0));
    assert!(term.is_cooked());
}

#[test]
fn near_the_bottom_the_terminal_scrolls_to_make_room() {
    let history = "h1\r\nh2\r\nh3\r\nh4\r\nh5\r\nh6\r\nh7\r\nh8\r\nh9\r\nh10\r\n";
    let mut term = Terminal::launch(Launch {
        history,
        ..Launch::default()
    });
    let frame = expected_frame(&picker_after(&[], (40, 12)), (40, 12));
    assert_eq!(frame.len(), 9);
    // 10 history rows + 9 frame rows on a 12-row screen: the top 7 rows scrolled away.
    let mut expected: Vec<String> = ["h8", "h9", "h10"].iter().map(|s| s.to_string()).collect();
    expected.extend(frame);
    term.wait_for_lines(&expected);
    term.type_keys("\x1b");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    assert_eq!(term.lines()[..4], ["h8", "h9", "h10", ""]);
}

#[test]
fn a_resize_redraws_the_frame_at_the_new_width() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    set_size(term.master(), (30, 12));
    term.screen.lock().unwrap().parser.set_size(12, 30);
    let narrow = expected_frame(&picker_after(&[], (30, 12)), (30, 12));
    assert!(narrow[0].trim_end().ends_with("7/7") && narrow[0].chars().count() <= 30);
    term.wait_for_lines(&with_history(&["$ app"], narrow));
    term.type_keys("ch");
    let filtered = picker_after(&[Type("ch".into())], (30, 12));
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&filtered, (30, 12)),
    ));
    term.type_keys("\x1b");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
}

#[test]
fn a_second_run_in_the_same_process_starts_without_waiting_for_a_key() {
    let mut term = Terminal::launch(Launch {
        scenario: "picker-twice",
        ..Launch::default()
    });
    term.wait_for_text("7/7");
    term.type_keys("\r");
    term.wait_for_text("2/2");
    term.type_keys("\x1b[B\r");
    let (stdout, _, _) = term.finish();
    let reports: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split_once("REPORT ").map(|(_, report)| report))
        .collect();
    assert_eq!(
        reports,
        [r#"Quit(Picked("apple"))"#, r#"Quit(Picked("run"))"#]
    );
}

#[test]
fn max_height_caps_the_region() {
    let mut term = Terminal::launch(Launch {
        scenario: "picker-short",
        ..Launch::default()
    });
    let frame = expected_frame(&picker_after(&[], (40, 4)), (40, 4));
    assert_eq!(frame.len(), 4);
    term.wait_for_lines(&with_history(&["$ app"], frame));
    assert_eq!(term.lines()[5..], vec![String::new(); 7]);
    term.type_keys("\x1b");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
}

#[test]
fn a_cursor_left_after_text_starts_the_region_on_the_next_line() {
    let mut term = Terminal::launch(Launch {
        history: "$ printf partial; app\r\npartial",
        ..Launch::default()
    });
    let frame = expected_frame(&picker_after(&[], (40, 12)), (40, 12));
    term.wait_for_lines(&with_history(&["$ printf partial; app", "partial"], frame));
    term.type_keys("\x1b");
    let (_, _, term) = term.finish();
    assert_eq!(term.lines()[..3], ["$ printf partial; app", "partial", ""]);
}
