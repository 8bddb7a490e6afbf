//! Calling the person back to the terminal: the bell, and a desktop notification that the
//! terminal raises (OSC 9, plus OSC 777 for terminals that read that one instead), wrapped in
//! tmux's passthrough when the program runs inside tmux.
//!
//! The bytes are plain data, so any host can write them through its own terminal: the inline
//! runtime writes them after its first frame (see
//! [`InlineOptions::after_first_frame`](crate::runtime::InlineOptions::after_first_frame));
//! other hosts write them where they draw.

use crate::text::{sanitize_line, truncate};

/// The widest a notification's title may be, in columns; longer ones are cut with "…".
pub const TITLE_MAX: usize = 60;
/// The widest a notification's body may be, in columns.
pub const BODY_MAX: usize = 120;

/// What to send to get the person's attention; [`Attention::bytes`] is what the terminal gets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attention {
    bell: bool,
    notification: Option<(String, String)>,
    tmux: bool,
}

impl Attention {
    /// Nothing at all.
    pub fn none() -> Attention {
        Attention::default()
    }

    /// With the bell (`BEL`) or without.
    pub fn bell(mut self, on: bool) -> Attention {
        self.bell = on;
        self
    }

    /// Also a desktop notification with this title and body. Both are untrusted text: escape
    /// sequences and control characters are removed, line breaks become spaces, `;` (the field
    /// separator of OSC 777, and what makes an OSC 9 text read as a subcommand in some
    /// terminals) becomes `,`, and each is cut to [`TITLE_MAX`] / [`BODY_MAX`] columns.
    pub fn notify(mut self, title: &str, body: &str) -> Attention {
        self.notification = Some((clean(title, TITLE_MAX), clean(body, BODY_MAX)));
        self
    }

    /// Wrap the notification in tmux's passthrough (`ESC P tmux; … ESC \`, inner ESCs doubled),
    /// so tmux hands it to the terminal outside (tmux 3.3+ needs `allow-passthrough on`). The
    /// bell is never wrapped: tmux takes it as the pane's bell and passes it on itself.
    pub fn through_tmux(mut self, tmux: bool) -> Attention {
        self.tmux = tmux;
        self
    }

    pub fn is_empty(&self) -> bool {
        !self.bell && self.notification.is_none()
    }

    /// The bytes to write: the bell, then OSC 9, then OSC 777, each OSC ended with ST.
    pub fn bytes(&self) -> String {
        let mut out = String::new();
        if self.bell {
            out.push('\x07');
        }
        if let Some((title, body)) = &self.notification {
            let text = match (title.is_empty(), body.is_empty()) {
                (true, _) => body.clone(),
                (false, true) => title.clone(),
                (false, false) => format!("{title}: {body}"),
            };
            for osc in [
                format!("\x1b]9;{text}\x1b\\"),
                format!("\x1b]777;notify;{title};{body}\x1b\\"),
            ] {
                if self.tmux {
                    out.push_str(&tmux_passthrough(&osc));
                } else {
                    out.push_str(&osc);
                }
            }
        }
        out
    }
}

/// `sequence` inside tmux's DCS passthrough.
fn tmux_passthrough(sequence: &str) -> String {
    format!("\x1bPtmux;{}\x1b\\", sequence.replace('\x1b', "\x1b\x1b"))
}

/// One row of text safe inside an OSC string, cut to `max` columns.
fn clean(text: &str, max: usize) -> String {
    let line = sanitize_line(text).replace(';', ",");
    let words: Vec<&str> = line.split_whitespace().collect();
    truncate(&words.join(" "), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_asked_is_nothing_written() {
        assert_eq!(Attention::none().bytes(), "");
        assert!(Attention::none().is_empty());
        assert!(Attention::none().through_tmux(true).is_empty());
    }

    #[test]
    fn the_bell_alone() {
        assert_eq!(Attention::none().bell(true).bytes(), "\x07");
        assert_eq!(
            Attention::none().bell(true).through_tmux(true).bytes(),
            "\x07"
        );
    }

    #[test]
    fn a_notification_is_osc_9_then_osc_777() {
        let bytes = Attention::none()
            .bell(true)
            .notify("Plan", "3 questions")
            .bytes();
        assert_eq!(
            bytes,
            "\x07\x1b]9;Plan: 3 questions\x1b\\\x1b]777;notify;Plan;3 questions\x1b\\"
        );
    }

    #[test]
    fn inside_tmux_each_notification_is_passed_through_with_escs_doubled() {
        let bytes = Attention::none()
            .notify("Plan", "3 questions")
            .through_tmux(true)
            .bytes();
        assert_eq!(
            bytes,
            "\x1bPtmux;\x1b\x1b]9;Plan: 3 questions\x1b\x1b\\\x1b\\\
             \x1bPtmux;\x1b\x1b]777;notify;Plan;3 questions\x1b\x1b\\\x1b\\"
        );
    }

    #[test]
    fn hostile_text_cannot_reach_the_terminal() {
        let title = "Ti\x1b]52;c;ZXZpbA==\x07tle\u{9b}31m; rm\r\n-rf\u{202e}\x00\x7f";
        let bytes = Attention::none().notify(title, "a;b\u{9c}c\tz").bytes();
        assert_eq!(
            bytes,
            "\x1b]9;Title, rm -rf: a,bc z\x1b\\\x1b]777;notify;Title, rm -rf;a,bc z\x1b\\"
        );
    }

    #[test]
    fn long_text_is_cut() {
        let long = "word ".repeat(100);
        let bytes = Attention::none().notify(&long, &long).bytes();
        let title = format!("{}…", "word ".repeat(12).trim_end());
        assert!(bytes.contains(&format!(";notify;{title};")), "{bytes}");
        let (_, body) = bytes.rsplit_once(';').unwrap();
        assert_eq!(
            crate::text::width(body.trim_end_matches("\x1b\\")),
            BODY_MAX
        );
    }

    #[test]
    fn an_empty_title_leaves_the_body() {
        assert_eq!(
            Attention::none().notify("\x1b[0m", "2 questions").bytes(),
            "\x1b]9;2 questions\x1b\\\x1b]777;notify;;2 questions\x1b\\"
        );
    }
}
