//! Which keys the terminal tells apart, and the keyboard modes the run turns on for it.
//!
//! - The Kitty keyboard protocol, where the terminal answers its query.
//! - Otherwise xterm's modifyOtherKeys (level 2), turned on in the start-up probe: a terminal
//!   that reports it back (XTQMODKEYS, as xterm does) sends Shift+Enter as itself. It stays on
//!   where nothing answers, since a terminal may honour it without answering; the program is
//!   then told the keyboard is legacy until a modified key arrives encoded.
//! - Inside tmux, which answers neither query, tmux's `extended-keys` option says whether it
//!   forwards modified keys; it is read off the loop (`tmux show -gv extended-keys`), so the
//!   first frame does not wait for it.
//!
//! Every mode turned on here is turned off on every ending (see `modes_off`).

use std::io::Write;
use std::os::unix::net::UnixStream;
use std::process::{Command, Stdio};
use std::sync::mpsc;

use super::tty::{MODIFY_OTHER_KEYS_RESET, Probe};
use crate::input::Keyboard;

/// The keyboard modes a run has turned on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct KeyModes {
    /// The Kitty protocol's flags were pushed.
    pub kitty: bool,
    /// modifyOtherKeys was turned on (reset to the terminal's own setting when the run ends).
    pub modify_other_keys: bool,
}

impl KeyModes {
    /// What turns these modes off again.
    pub fn off(self) -> &'static str {
        match (self.kitty, self.modify_other_keys) {
            (true, true) => "\x1b[<u\x1b[>4m",
            (true, false) => "\x1b[<u",
            (false, true) => MODIFY_OTHER_KEYS_RESET,
            (false, false) => "",
        }
    }
}

/// What the probe found out about the keyboard: the modes to keep on, the keyboard the program
/// starts with, and whether tmux is still to be asked.
pub(super) struct Decided {
    pub modes: KeyModes,
    pub keyboard: Keyboard,
    pub ask_tmux: bool,
}

/// Decides from the probe's answers, `enhance` being whether the run may enhance the keyboard
/// at all, and `in_tmux` whether it runs inside tmux.
pub(super) fn decide(probe: &Probe, enhance: bool, in_tmux: bool) -> Decided {
    if !enhance {
        return Decided {
            modes: KeyModes::default(),
            keyboard: Keyboard::Legacy,
            ask_tmux: false,
        };
    }
    if probe.kitty_keyboard {
        return Decided {
            // modifyOtherKeys was asked for in the probe; the Kitty protocol takes its place.
            modes: KeyModes {
                kitty: true,
                modify_other_keys: false,
            },
            keyboard: Keyboard::Enhanced,
            ask_tmux: false,
        };
    }
    let confirmed = probe.modify_other_keys.is_some_and(|level| level >= 2);
    Decided {
        modes: KeyModes {
            kitty: false,
            modify_other_keys: true,
        },
        keyboard: if confirmed {
            Keyboard::Enhanced
        } else {
            Keyboard::Legacy
        },
        ask_tmux: !confirmed && in_tmux,
    }
}

/// The keyboard tmux's `extended-keys` option gives: `on` or `always` forwards modified keys
/// once asked for (as the probe did); `off` does not; `None` when tmux could not be asked.
pub(super) fn tmux_keyboard(option: Option<&str>) -> Option<Keyboard> {
    match option?.trim() {
        "on" | "always" => Some(Keyboard::Requested),
        "off" => Some(Keyboard::Legacy),
        _ => None,
    }
}

/// tmux's answer, read on a thread of its own; the loop is woken when it comes.
pub(super) struct TmuxCheck {
    answer: mpsc::Receiver<Option<String>>,
}

impl TmuxCheck {
    pub fn start(wake: UnixStream) -> TmuxCheck {
        let (tx, answer) = mpsc::channel();
        std::thread::spawn(move || {
            let shown = Command::new("tmux")
                .args(["show", "-gv", "extended-keys"])
                .stdin(Stdio::null())
                .stderr(Stdio::null())
                .output()
                .ok()
                .filter(|out| out.status.success())
                .map(|out| String::from_utf8_lossy(&out.stdout).into_owned());
            let _ = tx.send(shown);
            let _ = (&wake).write(&[1]);
        });
        TmuxCheck { answer }
    }

    /// The option's value once tmux answered (`Some(None)`: it could not be asked).
    pub fn poll(&self) -> Option<Option<String>> {
        self.answer.try_recv().ok()
    }
}

/// Whether `bytes` hold a modified key in an enhanced encoding (`CSI 27 ; mod ; code ~`, or
/// CSI-u with a modifier, as tmux forwards them): then the terminal tells such keys apart.
pub(super) fn shows_extended_keys(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    while let Some(at) = rest.windows(2).position(|w| w == b"\x1b[") {
        let params = &rest[at + 2..];
        let end = params
            .iter()
            .position(|b| !matches!(b, b'0'..=b'9' | b';' | b':'))
            .unwrap_or(params.len());
        let body = &params[..end];
        let fields = body.split(|&b| b == b';').count();
        match params.get(end) {
            Some(b'~') if body.starts_with(b"27;") && fields == 3 => return true,
            Some(b'u') if fields >= 2 && !body.starts_with(b";") => return true,
            _ => {}
        }
        rest = &rest[at + 2..];
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(kitty: bool, modify_other_keys: Option<u8>) -> Probe {
        Probe {
            kitty_keyboard: kitty,
            modify_other_keys,
            ..Probe::default()
        }
    }

    #[test]
    fn the_terminals_answers_decide_the_keyboard() {
        let kitty = decide(&probe(true, None), true, false);
        assert_eq!(
            (kitty.keyboard, kitty.modes.kitty),
            (Keyboard::Enhanced, true)
        );
        assert!(!kitty.modes.modify_other_keys);

        let xterm = decide(&probe(false, Some(2)), true, false);
        assert_eq!(xterm.keyboard, Keyboard::Enhanced);
        assert!(xterm.modes.modify_other_keys && !xterm.ask_tmux);

        let silent = decide(&probe(false, None), true, false);
        assert_eq!(silent.keyboard, Keyboard::Legacy);
        assert!(
            silent.modes.modify_other_keys,
            "on, in case it is honoured unannounced"
        );
        assert!(!silent.ask_tmux);

        assert!(decide(&probe(false, None), true, true).ask_tmux);
        assert!(decide(&probe(false, Some(0)), true, true).ask_tmux);

        let plain = decide(&probe(true, Some(2)), false, true);
        assert_eq!(plain.modes, KeyModes::default());
        assert_eq!(plain.keyboard, Keyboard::Legacy);
        assert!(!plain.ask_tmux);
    }

    #[test]
    fn tmuxs_option_decides_inside_tmux() {
        assert_eq!(tmux_keyboard(Some("on\n")), Some(Keyboard::Requested));
        assert_eq!(tmux_keyboard(Some("always")), Some(Keyboard::Requested));
        assert_eq!(tmux_keyboard(Some("off\n")), Some(Keyboard::Legacy));
        assert_eq!(tmux_keyboard(Some("")), None);
        assert_eq!(tmux_keyboard(None), None);
    }

    #[test]
    fn encoded_modified_keys_show_the_terminal_tells_them_apart() {
        assert!(shows_extended_keys(b"\x1b[27;2;13~"));
        assert!(shows_extended_keys(b"ab\x1b[13;2u"));
        assert!(shows_extended_keys(b"\x1b[27;5;106~x"));
        assert!(shows_extended_keys(b"\x1b[97;1:3u"));
        for plain in [
            &b"\r"[..],
            b"abc",
            b"\x1b[A",
            b"\x1b[1;2A",
            b"\x1b[200~text\x1b[201~",
            b"\x1b[?1u",
            b"\x1b[<0;3;4M",
            b"\x1b[27~",
            b"\x1b[I",
        ] {
            assert!(!shows_extended_keys(plain), "{plain:?}");
        }
    }

    #[test]
    fn modes_turned_on_are_turned_off() {
        let both = KeyModes {
            kitty: true,
            modify_other_keys: true,
        };
        assert_eq!(both.off(), "\x1b[<u\x1b[>4m");
        assert_eq!(KeyModes::default().off(), "");
    }
}
