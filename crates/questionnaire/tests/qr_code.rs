//! The web link's QR code (Ctrl+R) through tea's driver: drawn for the palette's background
//! (decoded from the frame's rows as the terminal shows them), and at every size either the
//! whole code or one line saying how big the terminal must be, every row within the width.

mod common;

use common::questionnaire;
use questionnaire::App;
use serde_json::json;
use tea::driver::Driver;
use tea::input::parse_key_script;
use tea::{Palette, Size};

const LINK: &str = "http://127.0.0.1:41234/0123456789abcdef0123456789abcdef/";

fn driver(size: Size, palette: Palette) -> Driver<App> {
    let input = json!({"questions": [{"id": "db", "header": "DB", "prompt": "Which database?",
        "options": [{"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]}]});
    let app = App::new(questionnaire(input)).with_web_link(LINK.to_string());
    let mut driver = Driver::new(app, size, palette);
    for event in parse_key_script("ctrl+r").unwrap() {
        driver.send(&event);
    }
    driver
}

fn rows(driver: &mut Driver<App>) -> Vec<String> {
    driver
        .frame_ref()
        .rows
        .iter()
        .map(|row| row.plain.clone())
        .collect()
}

/// The code's rows read as a screen shows them: the blocks in the text's color, which is
/// light on a dark terminal and dark on a light one; decoded as a camera would.
fn decode(rows: &[String], light_terminal: bool) -> Option<String> {
    const SCALE: usize = 4;
    let columns = rows.iter().map(|r| r.chars().count()).max()?;
    let mut halves = vec![vec![false; columns]; 2 * rows.len()];
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.chars().enumerate() {
            let (top, bottom) = match cell {
                '█' => (true, true),
                '▀' => (true, false),
                '▄' => (false, true),
                _ => (false, false),
            };
            // A drawn half is dark where the text is.
            halves[2 * y][x] = top == light_terminal;
            halves[2 * y + 1][x] = bottom == light_terminal;
        }
    }
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(
        columns * SCALE,
        2 * rows.len() * SCALE,
        |x, y| if halves[y / SCALE][x / SCALE] { 0 } else { 255 },
    );
    let grids = image.detect_grids();
    let (_, text) = grids.first()?.decode().ok()?;
    Some(text)
}

#[test]
fn the_dark_palette_draws_the_light_modules() {
    let mut driver = driver(Size::new(80, 24), Palette::dark());
    let rows = rows(&mut driver);
    assert_eq!(decode(&rows, false).as_deref(), Some(LINK));
    // Drawn for the other background, it is the negative, which scanners do not read.
    assert_eq!(decode(&rows, true), None);
}

#[test]
fn the_light_palette_draws_the_dark_modules() {
    let mut driver = driver(Size::new(80, 24), Palette::light());
    let rows = rows(&mut driver);
    assert_eq!(decode(&rows, true).as_deref(), Some(LINK));
    assert_eq!(decode(&rows, false), None);
}

#[test]
fn a_new_palette_redraws_the_code_for_its_background() {
    let mut driver = driver(Size::new(80, 24), Palette::dark());
    driver.set_palette(Palette::light());
    assert_eq!(decode(&rows(&mut driver), true).as_deref(), Some(LINK));
    driver.set_palette(Palette::dark());
    assert_eq!(decode(&rows(&mut driver), false).as_deref(), Some(LINK));
}

#[test]
fn at_every_size_the_whole_code_or_how_big_the_terminal_must_be() {
    // The local link's code: 33 modules a side, 17 rows, then the link and how to close it.
    for width in 1..=60u16 {
        for height in 1..=26u16 {
            let size = Size::new(width, height);
            let mut driver = driver(size, Palette::light());
            let rows = rows(&mut driver);
            assert!(rows.len() <= usize::from(height), "{size}: {rows:#?}");
            for row in &rows {
                assert!(
                    tea::text::width(row) <= usize::from(width),
                    "{size}: {row:?}"
                );
            }
            // Under the code the link is wrapped; too narrow, the size needed is at 33 columns.
            let link_rows = LINK.len().div_ceil(usize::from(width.max(33)));
            if width >= 33 && usize::from(height) > 17 + link_rows {
                assert!(rows.iter().any(|r| r.contains("any key closes")), "{size}");
                // Decoding costs; the code is the same at every height it fits.
                if height == 26 {
                    assert_eq!(decode(&rows, true).as_deref(), Some(LINK), "{size}");
                }
            } else {
                let says = rows.iter().find(|r| !r.trim().is_empty()).expect("a line");
                let needs = format!("33×{}", 17 + link_rows + 1);
                if width >= 40 {
                    assert!(
                        says.starts_with("make the terminal bigger"),
                        "{size}: {says}"
                    );
                }
                if usize::from(width) > needs.chars().count() {
                    assert!(says.ends_with(&needs), "{size}: {says}");
                }
            }
        }
    }
}
