//! The page's QR code on a pseudo-terminal, read back through a terminal emulator (vt100) and
//! decoded with rqrr as a phone's camera would see the screen: dark modules on a light quiet
//! zone, whichever background the terminal has and however the palette was chosen (the
//! terminal's answer to the background query, or `--theme`).

mod support;

use support::fixture;
use support::pty::{Launch, Session, TerminalAnswers};

const SIZE: (u16, u16) = (80, 24);
const TRUECOLOR: &[(&str, &str)] = &[("TERM", "xterm-256color"), ("COLORTERM", "truecolor")];

/// A terminal's own colors: what it shows for the default foreground and background.
#[derive(Debug, Clone, Copy)]
struct Terminal {
    foreground: (u8, u8, u8),
    background: (u8, u8, u8),
    /// How it answers the background query.
    answer: &'static str,
}

const DARK: Terminal = Terminal {
    foreground: (229, 229, 229),
    background: (30, 30, 46),
    answer: "rgb:1e1e/1e1e/2e2e",
};
const LIGHT: Terminal = Terminal {
    foreground: (30, 30, 30),
    background: (255, 255, 255),
    answer: "rgb:ffff/ffff/ffff",
};

/// The binary with `--web` on `terminal`, its QR code shown (Ctrl+R): the link it printed,
/// and the screen.
fn qr_screen(terminal: Terminal, args: &'static [&'static str]) -> (String, vt100::Screen) {
    let launch = Launch {
        input: std::fs::read_to_string(fixture("release.json")).unwrap(),
        size: SIZE,
        kitty: false,
        args,
        env: TRUECOLOR,
    };
    let answers = TerminalAnswers::background(terminal.answer);
    let mut session = Session::start_on(launch, answers, |_| {});
    session.wait_for_text("Which channel should we release to?");
    let text = session.text();
    let link = text
        .split("answer in a browser: ")
        .nth(1)
        .and_then(|rest| rest.split(['\r', '\n']).next())
        .expect("the link on stderr")
        .to_string();
    session.write(b"\x12");
    session.wait_for_text("any key closes");
    let mut parser = vt100::Parser::new(SIZE.1, SIZE.0, 0);
    parser.process(&session.output());
    let screen = parser.screen().clone();
    session.write(b"\x03");
    assert_eq!(session.finish().code(), 130, "Ctrl+C cancels");
    (link, screen)
}

/// The RGB a cell's color shows as on `terminal`.
fn rgb(color: vt100::Color, default: (u8, u8, u8)) -> (u8, u8, u8) {
    match color {
        vt100::Color::Default => default,
        vt100::Color::Rgb(r, g, b) => (r, g, b),
        vt100::Color::Idx(n) => panic!("a truecolor terminal got color {n}"),
    }
}

fn is_dark((r, g, b): (u8, u8, u8)) -> bool {
    0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b) < 128.0
}

/// The screen as a camera sees it: each cell's upper and lower half, `true` where dark, in
/// the colors its half block gives them (any other character shows its background).
fn halves(screen: &vt100::Screen, terminal: Terminal) -> Vec<Vec<bool>> {
    let (rows, columns) = screen.size();
    let mut halves = vec![vec![false; usize::from(columns)]; 2 * usize::from(rows)];
    for row in 0..rows {
        for column in 0..columns {
            let cell = screen.cell(row, column).expect("a cell");
            let (mut fg, mut bg) = (
                rgb(cell.fgcolor(), terminal.foreground),
                rgb(cell.bgcolor(), terminal.background),
            );
            if cell.inverse() {
                std::mem::swap(&mut fg, &mut bg);
            }
            let (top, bottom) = match cell.contents().as_str() {
                "█" => (fg, fg),
                "▀" => (fg, bg),
                "▄" => (bg, fg),
                _ => (bg, bg),
            };
            let (y, x) = (2 * usize::from(row), usize::from(column));
            halves[y][x] = is_dark(top);
            halves[y + 1][x] = is_dark(bottom);
        }
    }
    halves
}

/// The text of the one QR code on the screen, photographed with each cell 4 pixels wide and
/// 8 tall.
fn decoded(screen: &vt100::Screen, terminal: Terminal) -> String {
    const SCALE: usize = 4;
    let halves = halves(screen, terminal);
    let (height, width) = (halves.len() * SCALE, halves[0].len() * SCALE);
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        if halves[y / SCALE][x / SCALE] { 0 } else { 255 }
    });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one code on\n{}", screen.contents());
    let (_, text) = grids[0].decode().expect("the code decodes");
    text
}

#[test]
fn on_a_dark_terminal_the_code_reads_as_the_link() {
    let (link, screen) = qr_screen(DARK, &["--web"]);
    assert_eq!(decoded(&screen, DARK), link);
}

#[test]
fn on_a_light_terminal_the_code_reads_as_the_link() {
    let (link, screen) = qr_screen(LIGHT, &["--web"]);
    assert_eq!(decoded(&screen, LIGHT), link);
}

#[test]
fn a_theme_given_draws_the_code_for_its_background() {
    let (link, screen) = qr_screen(LIGHT, &["--web", "--theme", "light"]);
    assert_eq!(decoded(&screen, LIGHT), link);
    let (link, screen) = qr_screen(DARK, &["--web", "--theme", "dark"]);
    assert_eq!(decoded(&screen, DARK), link);
}
