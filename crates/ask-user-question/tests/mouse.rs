//! The mouse on a pseudo-terminal (`--mouse`): SGR reporting is turned on while the
//! questionnaire runs and off after it; clicks and the wheel, sent as a terminal sends them at
//! the cells the screen (read back through vt100) shows an option or a tab on, pick and move,
//! also when the questionnaire starts mid-screen; without `--mouse` no mouse mode is ever
//! asked for.

mod support;

use std::thread;
use std::time::{Duration, Instant};

use support::fixture;
use support::pty::{Ending, Finished, Launch, PATIENCE, Session, TerminalAnswers};

const SIZE: (u16, u16) = (100, 30);
const MOUSE_ON: &[u8] = b"\x1b[?1000h\x1b[?1006h";
const MOUSE_OFF: &str = "\x1b[?1006l\x1b[?1000l";
const LEFT: u8 = 0;
const WHEEL_DOWN: u8 = 65;

/// The binary on a terminal whose screen has `above` rows of the shell's output over the
/// cursor when it starts.
struct Terminal {
    session: Session,
    above: u16,
}

impl Terminal {
    fn start(args: &'static [&'static str], above: u16) -> Terminal {
        let launch = Launch {
            input: std::fs::read_to_string(fixture("release.json")).unwrap(),
            size: SIZE,
            kitty: false,
            args,
            env: &[],
        };
        let session = Session::start_on(launch, TerminalAnswers::cursor_at_row(above), |_| {});
        let mut terminal = Terminal { session, above };
        terminal.wait_on_screen("Which channel should we release to?");
        terminal
    }

    /// The screen after everything the binary wrote so far.
    fn screen(&self) -> vt100::Screen {
        let mut parser = vt100::Parser::new(SIZE.1, SIZE.0, 0);
        parser.process("shell\r\n".repeat(usize::from(self.above)).as_bytes());
        parser.process(&self.session.output());
        parser.screen().clone()
    }

    /// Waits until the screen shows `text` (what was drawn and overwritten does not count).
    fn wait_on_screen(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let contents = self.screen().contents();
            if contents.contains(text) {
                return;
            }
            assert!(
                self.session.running(),
                "the binary ended before {text:?} showed"
            );
            assert!(
                Instant::now() < deadline,
                "gave up waiting for {text:?}; the screen:\n{contents}"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// The cell (column, row; 0-based) where `text` starts on the screen.
    fn cell_of(&self, text: &str) -> (u16, u16) {
        let screen = self.screen();
        for (row, line) in screen.rows(0, SIZE.0).enumerate() {
            if let Some(at) = line.find(text) {
                let column = tea::text::width(&line[..at]);
                return (column as u16, row as u16);
            }
        }
        panic!("{text:?} is not on the screen:\n{}", screen.contents());
    }

    /// An SGR mouse report of `button` at `cell`: pressed (`M`) or released (`m`).
    fn report(&mut self, button: u8, (column, row): (u16, u16), pressed: bool) {
        let end = if pressed { 'M' } else { 'm' };
        let report = format!("\x1b[<{button};{};{}{end}", column + 1, row + 1);
        self.session.write(report.as_bytes());
    }

    fn click(&mut self, cell: (u16, u16)) {
        self.report(LEFT, cell, true);
        self.report(LEFT, cell, false);
    }

    /// Ctrl+C; checks the channel answered and the terminal left as it was found.
    fn cancel_with_channel(mut self, channel: &str) -> Finished {
        self.session.end(Ending::CtrlC);
        let finished = self.session.finish();
        let answers = &finished.result()["details"]["answers"];
        assert_eq!(answers["channel"]["values"], serde_json::json!([channel]));
        assert_eq!(finished.terminal_problems(), Vec::<String>::new());
        finished
    }
}

#[test]
fn a_click_focuses_an_option_and_a_second_click_picks_it() {
    let mut terminal = Terminal::start(&["--mouse"], 0);
    terminal.session.wait_for_output(MOUSE_ON);
    let nightly = terminal.cell_of("Nightly");
    terminal.click(nightly);
    terminal.wait_on_screen("› 3. ( )   Nightly");
    terminal.click(nightly);
    terminal.wait_on_screen("Which targets do we build?");
    // The wheel over the list moves the focus: two steps down from Linux, then Space toggles.
    let linux = terminal.cell_of("Linux");
    terminal.report(WHEEL_DOWN, linux, true);
    terminal.report(WHEEL_DOWN, linux, true);
    terminal.session.write(b" ");
    terminal.wait_on_screen("[x] Windows");
    // A click on a tab shows it.
    let review = terminal.cell_of(" Review ");
    terminal.click((review.0 + 1, review.1));
    terminal.wait_on_screen("Submit");
    let finished = terminal.cancel_with_channel("nightly");
    let answers = &finished.result()["details"]["answers"];
    assert_eq!(answers["targets"]["values"], serde_json::json!(["windows"]));
    let output = String::from_utf8_lossy(&finished.output);
    let on = output.rfind("\x1b[?1000h").expect("turned on");
    let off = output.rfind(MOUSE_OFF).expect("turned off at the end");
    assert!(off > on, "off after on");
    assert!(!output.contains("\x1b[?1002h") && !output.contains("\x1b[?1003h"));
}

#[test]
fn a_region_that_starts_mid_screen_gets_clicks_at_its_own_rows() {
    const ABOVE: u16 = 6;
    let mut terminal = Terminal::start(&["--mouse", "--height", "15"], ABOVE);
    terminal.session.wait_for_output(MOUSE_ON);
    let beta = terminal.cell_of("Beta");
    assert!(beta.1 > ABOVE, "drawn below the shell's rows: {beta:?}");
    terminal.click(beta);
    terminal.click(beta);
    terminal.wait_on_screen("Which targets do we build?");
    terminal.cancel_with_channel("beta");
}

#[test]
fn a_click_outside_the_region_or_on_no_option_changes_nothing() {
    let mut terminal = Terminal::start(&["--mouse", "--height", "15"], 0);
    terminal.session.wait_for_output(MOUSE_ON);
    terminal.click((0, SIZE.1 - 1));
    let prompt = terminal.cell_of("Which channel");
    terminal.click(prompt);
    terminal.session.write(b"2");
    terminal.wait_on_screen("Which targets do we build?");
    terminal.cancel_with_channel("beta");
}

#[test]
fn without_the_flag_no_mouse_mode_is_asked_for_and_reports_do_nothing() {
    let mut terminal = Terminal::start(&[], 0);
    let nightly = terminal.cell_of("Nightly");
    terminal.click(nightly);
    terminal.click(nightly);
    terminal.session.write(b"1");
    terminal.wait_on_screen("Which targets do we build?");
    let finished = terminal.cancel_with_channel("stable");
    let output = String::from_utf8_lossy(&finished.output);
    for mode in ["1000", "1002", "1003", "1006"] {
        for end in ['h', 'l'] {
            let sequence = format!("\x1b[?{mode}{end}");
            assert!(!output.contains(&sequence), "{sequence:?} written");
        }
    }
}
