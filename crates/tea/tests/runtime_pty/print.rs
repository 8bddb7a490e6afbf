//! Printing above the region: the lines stay above it, wrapped to the width and with no escape
//! sequence from their text, the region drawn intact below them, after several prints and a
//! resize, and after the run.

use super::*;

/// A program that prints above its region: `p` prints a numbered line, `l` a line longer than
/// the terminal is wide, `x` one whose text holds escape sequences; other characters are typed
/// into its input, and enter quits with what was typed.
#[derive(Default)]
pub struct Printer {
    printed: u32,
    typed: String,
}

/// Twelve words, 59 columns: wider than the test's terminals.
const LONG: &str = "word word word word word word word word word word word word";

impl Program for Printer {
    type Msg = char;
    type Output = String;
    fn update(&mut self, key: char) -> Cmd<char, String> {
        match key {
            'p' => {
                self.printed += 1;
                Cmd::println(format!("printed {}", self.printed))
            }
            'l' => Cmd::println(LONG),
            'x' => Cmd::println("\x1b[2Jsafe\x1b]0;owned\x07 text\x1b[31m"),
            '\r' => Cmd::Quit(self.typed.clone()),
            c => {
                self.typed.push(c);
                Cmd::None
            }
        }
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![
            tea::Line::plain(format!("printer: {} printed", self.printed)),
            tea::Line::plain(format!("> {}", self.typed)),
        ])
    }
    fn event(&self, event: &tea::Event) -> Option<char> {
        match tea::input::as_press(event)?.code {
            tea::input::KeyCode::Char(c) => Some(c),
            tea::input::KeyCode::Enter => Some('\r'),
            _ => None,
        }
    }
}

pub fn child() {
    let outcome = run_inline(
        Printer::default(),
        Palette::dark(),
        InlineOptions::default(),
    )
    .expect("run");
    println!("REPORT {:?}", outcome.ending);
}

fn rows(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|s| s.to_string()).collect()
}

#[test]
fn printed_lines_stay_above_the_region_across_prints_and_a_resize() {
    let mut term = Terminal::launch(Launch {
        scenario: "printer",
        ..Launch::default()
    });
    term.wait_for_lines(&rows(&["$ app", "printer: 0 printed", ">"]));

    term.type_keys("p");
    term.wait_for_lines(&rows(&["$ app", "printed 1", "printer: 1 printed", ">"]));
    term.type_keys("ab");
    term.type_keys("p");
    term.type_keys("l");
    term.wait_for_lines(&rows(&[
        "$ app",
        "printed 1",
        "printed 2",
        "word word word word word word word word",
        "word word word word",
        "printer: 2 printed",
        "> ab",
    ]));

    set_size(term.master(), (30, 12));
    term.screen.lock().unwrap().parser.set_size(12, 30);
    term.type_keys("l");
    term.type_keys("p");
    term.wait_for_lines(&rows(&[
        "$ app",
        "printed 1",
        "printed 2",
        // Cut by the emulator's narrowing; the region below is drawn at the new width.
        "word word word word word word",
        "word word word word",
        "word word word word word word",
        "word word word word word word",
        "printed 3",
        "printer: 3 printed",
        "> ab",
    ]));

    let before = term.raw_len();
    term.type_keys("x");
    term.wait_for_text("safe text");
    let written = term.raw_since(before);
    assert!(
        !written.contains("\x1b[2J") && !written.contains("owned") && !written.contains('\x07'),
        "the print's own escapes reached the terminal: {written:?}"
    );
    assert!(
        written.contains("\x1b[?2026h"),
        "one synchronized update: {written:?}"
    );

    term.type_keys("c\r");
    let (stdout, status, term) = term.finish();
    assert!(status.success(), "{stdout}");
    assert_eq!(report(&stdout), r#"Quit("abc")"#);
    // The region is erased; what was printed stays, the cursor on the line below it.
    let lines = term.lines();
    assert_eq!(lines[7..10], rows(&["printed 3", "safe text", ""]));
    assert_eq!(term.cursor(), (9, 0));
    assert!(term.is_cooked());
}

#[test]
fn prints_past_the_bottom_scroll_the_screen_and_keep_the_region_whole() {
    let mut term = Terminal::launch(Launch {
        scenario: "printer",
        size: (40, 6),
        ..Launch::default()
    });
    term.wait_for_lines(&rows(&["$ app", "printer: 0 printed", ">"]));
    term.type_keys("z");
    term.type_keys(&"p".repeat(9));
    term.wait_for_lines(&rows(&[
        "printed 6",
        "printed 7",
        "printed 8",
        "printed 9",
        "printer: 9 printed",
        "> z",
    ]));
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(report(&stdout), r#"Quit("z")"#);
}
