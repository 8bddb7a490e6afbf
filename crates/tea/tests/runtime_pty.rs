//! The inline runtime on a real pseudo-terminal, read back through a terminal emulator (vt100).
//!
//! Each case re-runs this test binary as a child process (the ignored `child_process` test,
//! picked by `TEA_PTY_CHILD`) in a new session whose controlling terminal is the pty's slave;
//! this process plays the terminal: it feeds the child's output to vt100, answers the start-up
//! queries, types keys, resizes, and inspects the slave's termios. Waits are bounded by
//! [`PATIENCE`] and only fail when the expected screen never shows up.

// The cases use a short list of their own, not the example's built-in one.
#[allow(dead_code)]
#[path = "../examples/picker/model.rs"]
mod picker;
mod pty_support;

use std::os::unix::process::ExitStatusExt;
use std::thread;
use std::time::Duration;

use picker::Picker;
use pty_support::*;
use tea::runtime::{Attention, InlineOptions, run_inline};
use tea::{Cmd, Palette, Program, Size};

/// The longest a case waits for the child to show something.
const ITEMS: &[&str] = &[
    "apple",
    "banana",
    "cherry",
    "cranberry",
    "mango",
    "orange",
    "pear",
];

// ---------------------------------------------------------------------------------------------
// The terminal side
// ---------------------------------------------------------------------------------------------

/// The picker's frame as the headless renderer draws it: what the screen must show.
fn expected_frame(picker: &Picker, width: u16) -> Vec<String> {
    tea::draw(
        &picker.view(),
        tea::Size::new(width, 24),
        &Palette::no_color(),
    )
    .plain()
}

fn picker_after(msgs: &[picker::Msg], size: (u16, u16)) -> Picker {
    let size = Size::new(size.0, size.1);
    let mut picker = Picker::new("fruit", ITEMS.iter().map(|s| s.to_string()), size);
    for msg in msgs {
        let _ = picker.update(msg.clone());
    }
    picker
}

/// Text with CSI sequences removed (what the bytes say, not how they style it).
fn without_escapes(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.next() == Some('[') {
                for c in chars.by_ref() {
                    if ('@'..='~').contains(&c) {
                        break;
                    }
                }
            }
        } else if !c.is_control() {
            out.push(c);
        }
    }
    out
}

fn with_history(history: &[&str], frame: Vec<String>) -> Vec<String> {
    history.iter().map(|s| s.to_string()).chain(frame).collect()
}

// ---------------------------------------------------------------------------------------------
// The child side
// ---------------------------------------------------------------------------------------------

/// A program that draws one line and panics on its first key.
struct Bomb;

/// Whether a key was pressed (a resize is not).
type KeyPressed = bool;

impl Program for Bomb {
    type Msg = KeyPressed;
    type Output = ();
    type Host = tea::NoHost;
    fn update(&mut self, key_pressed: KeyPressed) -> Cmd<KeyPressed> {
        assert!(!key_pressed, "the bomb went off");
        Cmd::None
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![tea::Line::plain("bomb: press a key")])
    }
    fn msg_for(&self, event: &tea::Event) -> Option<KeyPressed> {
        tea::input::as_press(event).map(|_| true)
    }
}

/// A program that asks for every effect: `b` rings the bell, `c`/`e` collapse/expand (its own
/// view shows the state), `t` ticks three times on a 10 ms subscription, `w` runs a task, `q`
/// quits. Its keymap takes keys of every kind, so what reaches it is what the runtime lets
/// through.
#[derive(Default)]
struct Effects {
    collapsed: bool,
    ticking: bool,
    ticks: u32,
    worked: bool,
}

/// The effects' host effects.
#[derive(Debug, Clone, PartialEq)]
enum Dock {
    Collapse,
    Expand,
}

impl Program for Effects {
    type Msg = char;
    type Output = &'static str;
    type Host = Dock;
    fn update(&mut self, key: char) -> Cmd<char, &'static str, Dock> {
        match key {
            'b' => Cmd::Bell,
            'c' => {
                self.collapsed = true;
                Cmd::Host(Dock::Collapse)
            }
            'e' => {
                self.collapsed = false;
                Cmd::Host(Dock::Expand)
            }
            'q' => Cmd::batch([Cmd::Quit("done"), Cmd::Bell]),
            't' => {
                self.ticking = true;
                Cmd::None
            }
            '+' => {
                self.ticks += 1;
                self.ticking = self.ticks < 3;
                Cmd::None
            }
            'w' => Cmd::task("work", || '!'),
            '!' => {
                self.worked = true;
                Cmd::None
            }
            _ => Cmd::None,
        }
    }
    fn subscriptions(&self) -> tea::Subs<char> {
        if self.ticking {
            tea::Subs::every("tick", Duration::from_millis(10), '+')
        } else {
            tea::Subs::none()
        }
    }
    fn view(&self) -> tea::View<'_> {
        let lines = if self.collapsed {
            vec![tea::Line::plain("docked · e to expand")]
        } else {
            let mut lines = vec![tea::Line::plain("effects"), tea::Line::plain("b c e q")];
            if self.ticks > 0 || self.worked {
                let worked = if self.worked { " worked" } else { "" };
                lines.push(tea::Line::plain(format!("ticks {}{worked}", self.ticks)));
            }
            lines
        };
        tea::View::rows(lines)
    }
    fn msg_for(&self, event: &tea::Event) -> Option<char> {
        match event.as_key()?.code {
            tea::input::KeyCode::Char(c) => Some(c),
            _ => None,
        }
    }
}

/// A program that hangs in `update` on its first key, as a buggy program might.
struct Stuck;

impl Program for Stuck {
    type Msg = KeyPressed;
    type Output = ();
    type Host = tea::NoHost;
    fn update(&mut self, key_pressed: KeyPressed) -> Cmd<KeyPressed> {
        if key_pressed {
            // Tell the test (on the terminal, via stderr) that the hang has begun.
            eprint!("hanging");
            loop {
                thread::park();
            }
        }
        Cmd::None
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![tea::Line::plain("stuck: press a key")])
    }
    fn msg_for(&self, event: &tea::Event) -> Option<KeyPressed> {
        tea::input::as_press(event).map(|_| true)
    }
}

fn run_picker_child(items: Vec<String>, keep: bool) {
    let picker = Picker::new("fruit", items, Size::new(80, 24));
    let opts = InlineOptions {
        keep_final_frame: keep,
        ..InlineOptions::default()
    };
    match run_inline(picker, Palette::dark(), opts) {
        Ok(outcome) => println!("REPORT {:?}", outcome.ending),
        Err(err) => println!("REPORT error: {err}"),
    }
}

#[test]
#[ignore = "runs only as the child process of the other tests here"]
fn child_process() {
    let scenario = std::env::var(CHILD_ENV).expect("started by a pty test with TEA_PTY_CHILD");
    let fixed_items = || ITEMS.iter().map(|s| s.to_string()).collect();
    match scenario.as_str() {
        "picker" | "no-terminal" => run_picker_child(fixed_items(), false),
        "picker-keep" => run_picker_child(fixed_items(), true),
        "picker-twice" => {
            run_picker_child(fixed_items(), false);
            run_picker_child(vec!["second".into(), "run".into()], false);
        }
        "picker-attention" => {
            let picker = Picker::new("fruit", fixed_items(), Size::new(80, 24));
            let opts = InlineOptions {
                after_first_frame: Attention::none()
                    .bell(true)
                    .notify("fruit", "pick one")
                    .bytes(),
                ..InlineOptions::default()
            };
            let outcome = run_inline(picker, Palette::dark(), opts).expect("run");
            println!("REPORT {:?}", outcome.ending);
        }
        "picker-short" => {
            let picker = Picker::new("fruit", fixed_items(), Size::new(80, 24));
            let opts = InlineOptions {
                max_height: Some(4),
                ..InlineOptions::default()
            };
            let outcome = run_inline(picker, Palette::dark(), opts).expect("run");
            println!("REPORT {:?}", outcome.ending);
        }
        "picker-patient" => {
            // Timeouts no scheduling delay between a test's writes can reach, so a split the
            // test makes is one the decoder must join.
            let picker = Picker::new("fruit", fixed_items(), Size::new(80, 24));
            let opts = InlineOptions {
                escape_timeout: Duration::from_secs(30),
                paste_timeout: Duration::from_secs(30),
                ..InlineOptions::default()
            };
            let outcome = run_inline(picker, Palette::dark(), opts).expect("run");
            println!("REPORT {:?}", outcome.ending);
        }
        "late-signal" | "late-signal-dropped" => {
            let picker = Picker::new("fruit", fixed_items(), Size::new(80, 24));
            let outcome =
                run_inline(picker, Palette::dark(), InlineOptions::default()).expect("run");
            println!("REPORT {:?}", outcome.ending);
            // Tell the test (on the terminal) that the run is over, then wait for its signal.
            eprint!("run over");
            while outcome.signal_hold.late_signal().is_none() {
                thread::sleep(Duration::from_millis(5));
            }
            println!("LATE {:?}", outcome.signal_hold.late_signal());
            if scenario == "late-signal" {
                outcome.signal_hold.keep_until_exit();
            } else {
                drop(outcome.signal_hold);
                thread::sleep(PATIENCE);
                println!("survived");
            }
        }
        "picker-stdin" => {
            let items = std::io::stdin().lines().map_while(Result::ok).collect();
            run_picker_child(items, false);
        }
        "stuck" => {
            let _ = run_inline(Stuck, Palette::dark(), InlineOptions::default());
        }
        "panic" => {
            let _ = run_inline(Bomb, Palette::dark(), InlineOptions::default());
        }
        "effects" | "effects-kitty" => {
            let outcome =
                run_inline(Effects::default(), Palette::dark(), Default::default()).expect("run");
            println!("REPORT {:?} {:?}", outcome.ending, outcome.host_effects);
        }
        other => panic!("unknown scenario {other}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

use picker::Msg::{MoveDown, Type};

#[test]
fn typing_filters_and_the_screen_matches_a_full_render_after_each_diff() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_lines(&with_history(
        &["$ app"],
        expected_frame(&picker_after(&[], (40, 12)), 40),
    ));
    assert!(term.cursor_hidden());
    assert!(!term.is_cooked(), "raw mode while the program runs");

    term.type_keys("an");
    let filtered = picker_after(&[Type("a".into()), Type("n".into())], (40, 12));
    term.wait_for_lines(&with_history(&["$ app"], expected_frame(&filtered, 40)));

    let before = term.raw_len();
    term.type_keys("\x1b[B");
    let moved = picker_after(&[Type("a".into()), Type("n".into()), MoveDown], (40, 12));
    term.wait_for_lines(&with_history(&["$ app"], expected_frame(&moved, 40)));
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
    let frame = expected_frame(&picker_after(&[Type("pe".into())], (40, 12)), 40);
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
    let frame = expected_frame(&picker_after(&[], (40, 12)), 40);
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
    let narrow = expected_frame(&picker_after(&[], (30, 12)), 30);
    assert!(narrow[0].trim_end().ends_with("7/7") && narrow[0].chars().count() <= 30);
    term.wait_for_lines(&with_history(&["$ app"], narrow));
    term.type_keys("ch");
    let filtered = picker_after(&[Type("ch".into())], (30, 12));
    term.wait_for_lines(&with_history(&["$ app"], expected_frame(&filtered, 30)));
    term.type_keys("\x1b");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
}

#[test]
fn raw_mode_is_restored_after_a_panic_before_the_message_prints() {
    let mut term = Terminal::launch(Launch {
        scenario: "panic",
        size: (100, 12),
        ..Launch::default()
    });
    term.wait_for_text("bomb: press a key");
    assert!(!term.is_cooked());
    term.type_keys("x");
    let (_, status, term) = term.finish();
    assert!(!status.success());
    assert!(
        term.is_cooked(),
        "termios after the panic: {:?}",
        term.local_modes()
    );
    assert!(!term.cursor_hidden());
    let lines = term.lines();
    // Printed in cooked mode below the frame: each line starts at column 0 (in raw mode a
    // newline does not return the carriage, so the lines would step to the right).
    let frame_row = lines.iter().position(|l| l == "bomb: press a key");
    let message_row = lines
        .iter()
        .position(|l| l.starts_with("the bomb went off"));
    let hint_row = lines
        .iter()
        .position(|l| l.starts_with("note: run with `RUST_BACKTRACE=1`"));
    assert!(
        frame_row.is_some() && frame_row < message_row && message_row < hint_row,
        "{lines:#?}"
    );
}

#[test]
fn sigint_sigterm_and_sighup_end_the_run_with_a_restored_terminal() {
    use rustix::process::Signal;
    for (signal, number) in [(Signal::INT, 2), (Signal::TERM, 15), (Signal::HUP, 1)] {
        let term = Terminal::launch(Launch::default());
        term.wait_for_text("7/7");
        rustix::process::kill_process(rustix::process::Pid::from_child(&term.child), signal)
            .expect("signal the child");
        let (stdout, _, term) = term.finish();
        assert_eq!(report(&stdout), format!("Signal({number})"));
        assert!(term.is_cooked(), "after signal {number}");
        assert!(!term.cursor_hidden(), "after signal {number}");
        assert_eq!(term.lines()[..2], ["$ app", ""], "after signal {number}");
    }
}

#[test]
fn a_program_that_hangs_still_gets_its_terminal_restored_on_sigterm() {
    let mut term = Terminal::launch(Launch {
        scenario: "stuck",
        ..Launch::default()
    });
    term.wait_for_text("stuck: press a key");
    term.type_keys("x");
    term.wait_for_text("hanging");
    // The loop is stuck in `update` and never sees the signal; the signal thread restores
    // the terminal after its grace period and lets SIGTERM take its default action.
    rustix::process::kill_process(
        rustix::process::Pid::from_child(&term.child),
        rustix::process::Signal::TERM,
    )
    .expect("signal the child");
    let (_, status, term) = term.finish();
    assert_eq!(status.signal(), Some(15), "{status:?}");
    assert!(term.is_cooked());
    assert!(!term.cursor_hidden());
}

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
}

#[test]
fn without_kitty_support_no_flags_are_pushed() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.type_keys("\x1b");
    let (stdout, status, term) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    assert!(status.success());
    let raw = term.raw_since(0);
    assert!(
        !raw.contains("\x1b[>") && !raw.contains("\x1b[<u"),
        "{raw:?}"
    );
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
    term.wait_for_lines(&with_history(&["$ app"], expected_frame(&filtered, 40)));
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
fn bell_collapse_and_expand_are_performed_or_recorded() {
    let mut term = Terminal::launch(Launch {
        scenario: "effects",
        ..Launch::default()
    });
    term.wait_for_text("b c e q");
    let before = term.raw_len();
    term.type_keys("b");
    term.wait_until("the bell", |_| term.raw_since(before).contains('\x07'));
    term.type_keys("c");
    term.wait_for_lines(&with_history(
        &["$ app"],
        vec!["docked · e to expand".into(), String::new()],
    ));
    term.type_keys("e");
    term.wait_for_text("b c e q");
    term.type_keys("q");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("done") [Collapse, Expand]"#);
}

#[test]
fn subscriptions_tick_and_tasks_return_on_the_real_clock() {
    let mut term = Terminal::launch(Launch {
        scenario: "effects",
        ..Launch::default()
    });
    term.wait_for_text("b c e q");
    // The loop wakes for the timer with no input coming, and stops once the model stops asking.
    term.type_keys("t");
    term.wait_for_text("ticks 3");
    // A task runs on a thread; its result wakes the loop.
    term.type_keys("w");
    term.wait_for_text("ticks 3 worked");
    term.type_keys("q");
    let (stdout, _, term) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("done") []"#);
    assert!(!term.raw_since(0).contains("ticks 4"));
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
    assert_eq!(report(&stdout), r#"Quit("done") []"#);
    let bells = term.raw_since(before).matches('\x07').count();
    assert_eq!(
        bells, 2,
        "one bell for the press, one for the repeat, none for the release"
    );
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
    let frame = expected_frame(&picker_after(&[], (40, 4)), 40);
    assert_eq!(frame.len(), 4);
    term.wait_for_lines(&with_history(&["$ app"], frame));
    assert_eq!(term.lines()[5..], vec![String::new(); 7]);
    term.type_keys("\x1b");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
}

#[test]
fn keys_typed_before_the_first_frame_are_not_lost() {
    let mut term = Terminal::launch(Launch::default());
    // Typed at once: the child may still be starting (the terminal, still cooked, echoes
    // them; the frame then starts below the echo) or waiting for the terminal's replies.
    term.type_keys("an\x1b[B");
    let moved = picker_after(&[Type("a".into()), Type("n".into()), MoveDown], (40, 12));
    term.wait_for_block(&expected_frame(&moved, 40));
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit(Picked("cranberry"))"#);
}

#[test]
fn a_cursor_left_after_text_starts_the_region_on_the_next_line() {
    let mut term = Terminal::launch(Launch {
        history: "$ printf partial; app\r\npartial",
        ..Launch::default()
    });
    let frame = expected_frame(&picker_after(&[], (40, 12)), 40);
    term.wait_for_lines(&with_history(&["$ printf partial; app", "partial"], frame));
    term.type_keys("\x1b");
    let (_, _, term) = term.finish();
    assert_eq!(term.lines()[..3], ["$ printf partial; app", "partial", ""]);
}

#[test]
fn a_closed_terminal_ends_the_run_and_the_program_survives() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.hang_up();
    let (stdout, status, _) = term.finish();
    assert!(
        stdout.contains("REPORT "),
        "the child ended without its report ({status:?}): {stdout:?}"
    );
    // The kernel sends SIGHUP and the terminal reads as hung up; whichever the loop sees first
    // ends the run as SIGHUP, with the program handed back.
    assert_eq!(report(&stdout), "Signal(1)");
}

#[test]
fn ctrl_c_is_a_key_for_the_program_not_a_signal() {
    let mut term = Terminal::launch(Launch::default());
    term.wait_for_text("7/7");
    term.type_keys("\x03");
    let (stdout, status, _) = term.finish();
    assert_eq!(report(&stdout), "Quit(Cancelled)");
    assert!(
        status.success(),
        "the child was not killed by SIGINT: {status:?}"
    );
}

#[test]
fn without_a_controlling_terminal_the_run_fails_with_a_clear_error() {
    let term = Terminal::launch(Launch {
        scenario: "no-terminal",
        stdin: Some(""),
        ..Launch::default()
    });
    let (stdout, _, _) = term.finish();
    assert!(
        report(&stdout).starts_with("error: no controlling terminal"),
        "{stdout:?}"
    );
}

/// The ways out of a run, as the terminal sends them, and what the picker reports for each.
const ENDINGS: [(&str, &str); 5] = [
    ("Ctrl+C", "Quit(Cancelled)"),
    ("Kitty Ctrl+C", "Quit(Cancelled)"),
    ("SIGINT", "Signal(2)"),
    ("SIGTERM", "Signal(15)"),
    ("SIGHUP", "Signal(1)"),
];

fn end(term: &mut Terminal, ending: &str) {
    use rustix::process::{Pid, Signal, kill_process};
    let signal = match ending {
        "Ctrl+C" => return term.type_keys("\x03"),
        "Kitty Ctrl+C" => return term.type_keys("\x1b[99;5u"),
        "SIGINT" => Signal::INT,
        "SIGTERM" => Signal::TERM,
        _ => Signal::HUP,
    };
    kill_process(Pid::from_child(&term.child), signal).expect("signal the child");
}

#[test]
fn every_ending_works_whatever_sequence_was_cut_off() {
    for partial in ["\x1b[", "\x1b[<0;12", "\x1b[1;5", "\x1b[200~rr"] {
        for (ending, expected) in ENDINGS {
            let mut term = Terminal::launch(Launch::default());
            term.wait_for_text("7/7");
            term.type_keys(partial);
            end(&mut term, ending);
            let (stdout, status, term) = term.finish();
            let case = format!("{partial:?} then {ending}");
            assert_eq!(report(&stdout), expected, "{case}");
            assert!(status.success(), "{case}: {status:?}");
            assert!(term.is_cooked(), "{case}");
            assert!(!term.cursor_hidden(), "{case}");
            let raw = term.raw_since(0);
            assert!(
                raw.ends_with("\x1b[?2004l\x1b[?7h\x1b[?25h"),
                "{case}: {raw:?}"
            );
        }
    }
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

#[test]
fn a_signal_after_the_run_waits_for_the_host_while_it_holds_it() {
    for (scenario, survives) in [("late-signal", true), ("late-signal-dropped", false)] {
        let mut term = Terminal::launch(Launch {
            scenario,
            ..Launch::default()
        });
        term.wait_for_text("7/7");
        term.type_keys("\x1b");
        term.wait_for_text("run over");
        rustix::process::kill_process(
            rustix::process::Pid::from_child(&term.child),
            rustix::process::Signal::INT,
        )
        .expect("signal the child");
        let (stdout, status, _) = term.finish();
        assert_eq!(report(&stdout), "Quit(Cancelled)", "{scenario}");
        assert!(stdout.contains("LATE Some(2)"), "{scenario}: {stdout:?}");
        if survives {
            assert!(status.success(), "{scenario}: {status:?}");
        } else {
            // Let go of, the hold lets the signal take its default action at once.
            assert_eq!(status.signal(), Some(2), "{scenario}: {status:?}");
            assert!(!stdout.contains("survived"), "{scenario}");
        }
    }
}
