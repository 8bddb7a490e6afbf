//! The inline runtime on a real pseudo-terminal, read back through a terminal emulator (vt100).
//!
//! Each case re-runs this test binary as a child process (the ignored `child_process` test,
//! picked by `TEA_PTY_CHILD`) in a new session whose controlling terminal is the pty's slave;
//! this process plays the terminal: it feeds the child's output to vt100, answers the start-up
//! queries, types keys, resizes, and inspects the slave's termios. Waits are bounded by
//! [`PATIENCE`] and only fail when the expected screen never shows up.

// The cases use a short list of their own, not the example's built-in one.
#[allow(dead_code)]
#[path = "../../examples/picker/model.rs"]
mod picker;
#[path = "../pty_support/mod.rs"]
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

/// The picker's frame as the headless renderer draws it at `size` (the size the picker was
/// made for, as the runtime draws it): what the screen must show.
fn expected_frame(picker: &Picker, size: (u16, u16)) -> Vec<String> {
    let size = Size::new(size.0, size.1);
    tea::draw(&picker.view(), size, &Palette::no_color()).plain()
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
    fn update(&mut self, key_pressed: KeyPressed) -> Cmd<KeyPressed> {
        assert!(!key_pressed, "the bomb went off");
        Cmd::None
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![tea::Line::plain("bomb: press a key")])
    }
    fn event(&self, event: &tea::Event) -> Option<KeyPressed> {
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

impl Program for Effects {
    type Msg = char;
    type Output = &'static str;
    fn update(&mut self, key: char) -> Cmd<char, &'static str> {
        match key {
            'b' => Cmd::Bell,
            'c' => {
                self.collapsed = true;
                Cmd::None
            }
            'e' => {
                self.collapsed = false;
                Cmd::None
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
    fn event(&self, event: &tea::Event) -> Option<char> {
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
    fn event(&self, event: &tea::Event) -> Option<KeyPressed> {
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
            println!(
                "REPORT {:?} collapsed: {}",
                outcome.ending, outcome.program.collapsed
            );
        }
        "run" => {
            let picker = Picker::new("fruit", fixed_items(), Size::new(80, 24));
            match tea::run(picker) {
                Ok(output) => println!("REPORT Ok({output:?})"),
                Err(stopped) => println!("REPORT Err({stopped}, {:?})", stopped.exit_code()),
            }
        }
        "printer" => print::child(),
        "job-shell" => stop::shell(),
        other => panic!("unknown scenario {other}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

use picker::Msg::{MoveDown, Type};

mod effects;
mod endings;
mod keys;
mod print;
mod screen;
mod stop;
