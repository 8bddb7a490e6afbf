//! The help footer: "key text · key text …" from a [`Keymap`](crate::keymap::Keymap)'s
//! entries for the current context, so a hint can never name a key the keymap does not bind.
//!
//! Whole entries are shown while they fit; when some do not, the row ends with "…". If not even
//! the first entry fits, it is cut with "…".
//!
//! ```
//! use tea::components::{Block, Help};
//! use tea::keymap::HelpEntry;
//!
//! let entries = vec![
//!     HelpEntry { key: "↑↓".into(), text: "move".into() },
//!     HelpEntry { key: "enter".into(), text: "select".into() },
//!     HelpEntry { key: "esc".into(), text: "cancel".into() },
//! ];
//! let footer = Help::new(&entries);
//! assert_eq!(footer.lines(40, 1)[0].plain_text(), "↑↓ move · enter select · esc cancel");
//! assert_eq!(footer.lines(24, 1)[0].plain_text(), "↑↓ move · enter select …");
//! ```

use std::borrow::Cow;

use super::{Block, cut};
use crate::keymap::HelpEntry;
use crate::style::{Line, Slot, Span, Style};
use crate::text::{sanitize_line, width};

/// The props of a help footer. It borrows the entries or owns them, so a view can put the
/// footer of `keymap.help(&ctx)` in its tree without keeping the entries elsewhere.
#[derive(Debug, Clone)]
pub struct Help<'a> {
    pub entries: Cow<'a, [HelpEntry]>,
    pub key_style: Style,
    pub text_style: Style,
    /// Whether a row that leaves entries out ends with " …".
    pub ellipsis: bool,
}

impl<'a> Help<'a> {
    pub fn new(entries: impl Into<Cow<'a, [HelpEntry]>>) -> Help<'a> {
        Help {
            entries: entries.into(),
            key_style: Style::fg(Slot::Muted).bold(),
            text_style: Style::fg(Slot::Dim),
            ellipsis: true,
        }
    }

    /// Leaves entries that do not fit out silently (no " …", no column kept for it).
    pub fn without_ellipsis(mut self) -> Help<'a> {
        self.ellipsis = false;
        self
    }

    /// The footer row at `columns`.
    pub fn line(&self, columns: usize) -> Line {
        let mut line = Line::default();
        let mut used = 0;
        for (i, entry) in self.entries.iter().enumerate() {
            let key = sanitize_line(&entry.key);
            let text = sanitize_line(&entry.text);
            let sep = if i == 0 { "" } else { " · " };
            let piece = width(sep) + width(&key) + 1 + width(&text);
            let last = i + 1 == self.entries.len();
            // Room for " …" after this entry unless it is the last.
            let reserve = if last || !self.ellipsis { 0 } else { 2 };
            if used + piece + reserve > columns {
                if i == 0 {
                    line.push(Span::styled(key, self.key_style.clone()));
                    line.push(Span::styled(format!(" {text}"), self.text_style.clone()));
                    return cut(&line, columns);
                }
                if self.ellipsis {
                    line.push(Span::styled(" …", self.text_style.clone()));
                }
                return line;
            }
            if !sep.is_empty() {
                line.push(Span::styled(sep, self.text_style.clone()));
            }
            line.push(Span::styled(key, self.key_style.clone()));
            line.push(Span::styled(format!(" {text}"), self.text_style.clone()));
            used += piece;
        }
        line
    }
}

impl Block for Help<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        if height == 0 || width == 0 || self.entries.is_empty() {
            return Vec::new();
        }
        vec![self.line(width)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<HelpEntry> {
        [("↑↓", "move"), ("enter", "select"), ("esc", "cancel")]
            .iter()
            .map(|(k, t)| HelpEntry {
                key: k.to_string(),
                text: t.to_string(),
            })
            .collect()
    }

    fn row(width: usize) -> String {
        let e = entries();
        Help::new(&e).line(width).plain_text()
    }

    #[test]
    fn whole_entries_joined_with_dots() {
        assert_eq!(row(35), "↑↓ move · enter select · esc cancel");
        assert_eq!(row(80), "↑↓ move · enter select · esc cancel");
    }

    #[test]
    fn entries_that_do_not_fit_become_an_ellipsis() {
        assert_eq!(row(34), "↑↓ move · enter select …");
        assert_eq!(row(10), "↑↓ move …");
        assert_eq!(row(8), "↑↓ move");
        assert_eq!(row(5), "↑↓ m…");
        assert_eq!(row(1), "…");
    }

    #[test]
    fn without_the_ellipsis_whole_entries_fill_the_row() {
        let e = entries();
        let help = Help::new(&e).without_ellipsis();
        assert_eq!(help.line(34).plain_text(), "↑↓ move · enter select");
        assert_eq!(help.line(22).plain_text(), "↑↓ move · enter select");
        assert_eq!(help.line(21).plain_text(), "↑↓ move");
        assert_eq!(help.line(5).plain_text(), "↑↓ m…");
    }

    #[test]
    fn keys_and_text_have_their_styles() {
        let e = entries();
        let line = Help::new(&e).line(80);
        assert_eq!(line.spans[0].style, Style::fg(Slot::Muted).bold());
        assert_eq!(line.spans[1].style, Style::fg(Slot::Dim));
    }

    #[test]
    fn nothing_to_draw() {
        assert!(Help::new(&[]).lines(20, 1).is_empty());
        assert!(Help::new(entries()).lines(20, 0).is_empty());
    }
}
