//! The web page's link as a QR code drawn with half blocks (docs/behaviour.md#web-link): two
//! modules per cell row, inside a quiet zone of [`QUIET_ZONE`] modules. A scanner reads dark
//! modules on light, so the blocks, drawn in the text's colour, are the light modules on a
//! dark terminal and the dark modules on a light one ([`Ink`]); the rest is the background.

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code: scanners need a margin to find it. The standard asks for
/// four; two read well on a screen and keep the code small enough for a laptop's terminal.
pub const QUIET_ZONE: usize = 2;

/// Which of the terminal's two colours the text, and so the drawn blocks, has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    /// Lighter than the background (a dark terminal): the blocks are the light modules and
    /// the quiet zone; the dark modules are the background.
    Light,
    /// Darker than the background (a light terminal): the blocks are the dark modules; the
    /// light modules and the quiet zone are the background.
    Dark,
}

/// A QR code's modules, quiet zone included: `true` is dark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modules {
    /// Modules per side.
    pub side: usize,
    dark: Vec<bool>,
}

impl Modules {
    /// The code of `text` at the lowest error correction (the largest modules for the
    /// terminal's rows; a screen is not a crumpled label), with the quiet zone; `None` when
    /// `text` is too long for any QR code.
    pub fn of(text: &str) -> Option<Modules> {
        let code = QrCode::with_error_correction_level(text, EcLevel::L).ok()?;
        let width = code.width();
        let side = width + 2 * QUIET_ZONE;
        let mut dark = vec![false; side * side];
        for (i, color) in code.to_colors().into_iter().enumerate() {
            let (y, x) = (i / width + QUIET_ZONE, i % width + QUIET_ZONE);
            dark[y * side + x] = color == Color::Dark;
        }
        Some(Modules { side, dark })
    }

    /// Whether the module at column `x`, row `y` is dark (outside the code: light).
    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.side && y < self.side && self.dark[y * self.side + x]
    }

    /// The rows it takes in a terminal: two modules per row.
    pub fn rows(&self) -> usize {
        self.side.div_ceil(2)
    }

    /// The code as text rows of `side` columns for text of `ink`: each cell is the module
    /// above (its upper half) and the one below; the half is a block where the module has the
    /// ink's colour, the background where not.
    pub fn half_blocks(&self, ink: Ink) -> Vec<String> {
        let inked = |x: usize, y: usize| {
            // Below the last module row (an odd side) is the quiet zone's light.
            let dark = y < self.side && self.is_dark(x, y);
            dark == (ink == Ink::Dark)
        };
        (0..self.rows())
            .map(|row| {
                (0..self.side)
                    .map(|x| match (inked(x, 2 * row), inked(x, 2 * row + 1)) {
                        (true, true) => '█',
                        (true, false) => '▀',
                        (false, true) => '▄',
                        (false, false) => ' ',
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str = "http://127.0.0.1:41234/0123456789abcdef0123456789abcdef/";

    /// Reads half-block rows drawn in `ink` back into modules (`true` dark), as a camera
    /// would see the cells.
    fn modules_of(rows: &[String], ink: Ink) -> Vec<Vec<bool>> {
        let mut modules = Vec::new();
        for row in rows {
            let (mut top, mut bottom) = (Vec::new(), Vec::new());
            for cell in row.chars() {
                let (top_inked, bottom_inked) = match cell {
                    '█' => (true, true),
                    '▀' => (true, false),
                    '▄' => (false, true),
                    ' ' => (false, false),
                    other => panic!("not a half block: {other:?}"),
                };
                let dark = |inked: bool| inked == (ink == Ink::Dark);
                top.push(dark(top_inked));
                bottom.push(dark(bottom_inked));
            }
            modules.push(top);
            modules.push(bottom);
        }
        modules
    }

    #[test]
    fn a_link_is_a_version_3_code_with_a_quiet_zone_of_two() {
        let modules = Modules::of(LINK).unwrap();
        // Version 3 is 29 modules a side: the link's digits pack tighter than bytes.
        assert_eq!(modules.side, 29 + 2 * QUIET_ZONE);
        assert_eq!(modules.rows(), 17);
        for ink in [Ink::Light, Ink::Dark] {
            let rows = modules.half_blocks(ink);
            assert_eq!(rows.len(), 17);
            assert!(rows.iter().all(|row| row.chars().count() == modules.side));
            every_module_reads_back(&modules, &modules_of(&rows, ink));
        }
        // The finder pattern's corner starts right inside the quiet zone.
        assert!(modules.is_dark(QUIET_ZONE, QUIET_ZONE));
    }

    fn every_module_reads_back(modules: &Modules, read: &[Vec<bool>]) {
        for (y, row) in read.iter().enumerate().take(modules.side) {
            for (x, dark) in row.iter().enumerate() {
                let in_zone = x < QUIET_ZONE
                    || y < QUIET_ZONE
                    || x >= modules.side - QUIET_ZONE
                    || y >= modules.side - QUIET_ZONE;
                if in_zone {
                    assert!(!dark, "quiet zone module {x},{y} is dark");
                }
                assert_eq!(*dark, modules.is_dark(x, y), "module {x},{y}");
            }
        }
    }

    #[test]
    fn the_drawn_code_decodes_to_the_link_in_either_ink() {
        let modules = Modules::of(LINK).unwrap();
        for ink in [Ink::Light, Ink::Dark] {
            let read = modules_of(&modules.half_blocks(ink), ink);
            // Each module as a 4×4 block of pixels, as a photo of the screen would hold it.
            const SCALE: usize = 4;
            let side = modules.side * SCALE;
            let mut image = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
                if read[y / SCALE][x / SCALE] { 0 } else { 255 }
            });
            let grids = image.detect_grids();
            assert_eq!(grids.len(), 1, "{ink:?}");
            let (_, text) = grids[0].decode().unwrap();
            assert_eq!(text, LINK);
        }
    }

    #[test]
    fn text_too_long_for_any_code_has_none() {
        assert_eq!(Modules::of(&"x".repeat(8000)), None);
    }
}
