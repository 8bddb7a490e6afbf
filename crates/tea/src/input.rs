//! Input: tea's one [`Event`] type, made from raw terminal bytes ([`decode`] for a chunk as a
//! host delivers it, a [`Decoder`] across reads as the inline runtime reads them), crossterm
//! events and key scripts (tests, `--keys`).
//!
//! Keymaps match on [`KeyEvent`]s. Repeats keep their [`KeyEventKind`]; use [`as_press`] in a
//! keymap so a key acts once per keystroke.

mod event;

pub use event::{Event, Size};
pub use terminput::{KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, Repeats};

/// A key press event.
pub fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code).modifiers(modifiers))
}

/// A key press of a character (Shift added for upper case, as terminals report it).
pub fn char_key(c: char) -> Event {
    let modifiers = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers)
}

/// The key of a press event; `None` for releases, repeats and non-key events.
pub fn as_press(event: &Event) -> Option<KeyEvent> {
    event.as_press()
}

// ---------------------------------------------------------------------------------------------
// Raw terminal bytes
// ---------------------------------------------------------------------------------------------

mod decoder;
mod script;

pub use decoder::{Decoder, Held, decode};
pub use script::{MAX_WAIT, Step, parse_duration, parse_script, parse_script_with};

/// Converts a crossterm event (the CLI runtime's input). Resize and key events map; so do
/// paste, focus and mouse. Keys are normalized as in [`decode`] (Ctrl+4–7 from a legacy
/// terminal become Ctrl+\ ] ^ _, lock state is dropped).
pub fn from_crossterm(event: crossterm::event::Event) -> Option<Event> {
    match terminput_crossterm::to_terminput(event).ok()? {
        terminput::Event::Key(k) => Some(Event::Key(decoder::normalize(k))),
        other => Some(Event::from_terminal(other)),
    }
}

// ---------------------------------------------------------------------------------------------
// Key scripts
// ---------------------------------------------------------------------------------------------

/// A key script token that names no key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyScriptError {
    /// 1-based position of the token in the script.
    pub position: usize,
    pub token: String,
    pub message: String,
}

impl std::fmt::Display for KeyScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "key script token {} `{}`: {}",
            self.position, self.token, self.message
        )
    }
}

impl std::error::Error for KeyScriptError {}

/// Key names a script understands (besides `f1`–`f12`).
pub const KEY_NAMES: &[&str] = &[
    "enter",
    "esc",
    "tab",
    "space",
    "backspace",
    "delete",
    "insert",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
];

fn named_key(name: &str) -> Option<KeyCode> {
    Some(match name {
        "enter" | "return" => KeyCode::Enter,
        "esc" | "escape" => KeyCode::Esc,
        "tab" => KeyCode::Tab,
        "space" => KeyCode::Char(' '),
        "backspace" => KeyCode::Backspace,
        "delete" | "del" => KeyCode::Delete,
        "insert" => KeyCode::Insert,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        "pageup" => KeyCode::PageUp,
        "pagedown" => KeyCode::PageDown,
        _ => {
            let n: u8 = name.strip_prefix('f')?.parse().ok()?;
            if !(1..=12).contains(&n) {
                return None;
            }
            KeyCode::F(n)
        }
    })
}

/// Parses a key script: whitespace-separated tokens, each a key name (case-insensitive:
/// `enter`, `esc`, `tab`, `space`, `backspace`, `delete`, arrows, `home`, `end`, `pageup`,
/// `pagedown`, `f1`–`f12`) with optional `shift+` / `ctrl+` / `alt+` modifiers (which also
/// take one character: `ctrl+]`, `alt+b`), or `text:REST` typing REST literally, or any other
/// token, typed character by character. A `wait:` token is an error here: time passes only in
/// a script for a driver ([`parse_script`]).
pub fn parse_key_script(script: &str) -> Result<Vec<Event>, KeyScriptError> {
    let mut events = Vec::new();
    for (index, token) in script.split_whitespace().enumerate() {
        let error = |message: String| KeyScriptError {
            position: index + 1,
            token: token.to_string(),
            message,
        };
        if let Some(text) = strip_prefix_ignore_case(token, "text:") {
            events.extend(text.chars().map(char_key));
            continue;
        }
        if strip_prefix_ignore_case(token, "wait:").is_some() {
            return Err(error(
                "a wait needs a clock: parse the script with parse_script".into(),
            ));
        }
        let (modifiers, name) = split_modifiers(token);
        let lower = name.to_lowercase();
        if let Some(code) = named_key(&lower) {
            events.push(key(code, modifiers));
            continue;
        }
        if modifiers.is_empty() {
            events.extend(token.chars().map(char_key));
            continue;
        }
        let mut chars = name.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => {
                let c = if modifiers.contains(KeyModifiers::SHIFT) {
                    c.to_uppercase().next().unwrap_or(c)
                } else {
                    c
                };
                events.push(key(KeyCode::Char(c), modifiers));
            }
            (None, _) => return Err(error("a key must follow the modifiers".into())),
            _ => {
                return Err(error(format!(
                    "unknown key name `{name}`; expected one of {}, f1–f12, or a single character",
                    KEY_NAMES.join(", ")
                )));
            }
        }
    }
    Ok(events)
}

/// One key: a code and its modifiers, as a key-script token names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeyPress {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

impl KeyPress {
    /// The press event of this key.
    pub fn event(self) -> Event {
        key(self.code, self.modifiers)
    }

    /// The key of an event in the form keymaps compare: Shift folded into printable characters
    /// (`N` is `N` however the terminal reports it), Ctrl+letter in lower case (Ctrl+Shift+K is
    /// Ctrl+K), Meta read as Alt, lock states ignored. Keys with Super or Hyper (the system's
    /// shortcuts, e.g. Cmd+C) are nobody's binding: `None`.
    pub fn of(k: &KeyEvent) -> Option<KeyPress> {
        KeyPress {
            code: k.code,
            modifiers: k.modifiers,
        }
        .normalized()
    }

    /// This key as [`KeyPress::of`] compares it.
    pub fn normalized(self) -> Option<KeyPress> {
        use KeyModifiers as M;
        if self.modifiers.intersects(M::SUPER | M::HYPER) {
            return None;
        }
        let mut modifiers = self.modifiers & (M::SHIFT | M::CTRL | M::ALT);
        if self.modifiers.contains(M::META) {
            modifiers |= M::ALT;
        }
        let (code, modifiers) = match self.code {
            KeyCode::Char(c) if modifiers.contains(M::CTRL) => {
                (KeyCode::Char(c.to_ascii_lowercase()), modifiers - M::SHIFT)
            }
            KeyCode::Char(c) if modifiers.contains(M::SHIFT) => (
                KeyCode::Char(c.to_uppercase().next().unwrap_or(c)),
                modifiers - M::SHIFT,
            ),
            code => (code, modifiers),
        };
        Some(KeyPress { code, modifiers })
    }
}

/// What the terminal's keyboard input tells apart, as a runtime finds out at start (the inline
/// runtime: whether the terminal answered the Kitty keyboard query or took xterm's
/// modifyOtherKeys; a host: its own terminal's state). Programs are told through
/// [`Event::Keyboard`], e.g. to name in their help a key that works
/// in this terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Keyboard {
    /// Legacy input: Enter, Tab, Backspace and Esc with Shift or Ctrl send the same bytes as
    /// the plain key (Shift+Tab aside), so Shift+Enter arrives as Enter. What a program assumes
    /// until it is told otherwise.
    #[default]
    Legacy,
    /// Modified keys were asked for but are not known to arrive (tmux with `extended-keys on`,
    /// whose own terminal may still send Shift+Enter as Enter): help names the modified keys,
    /// and a program still allows for an Enter that was meant as Shift+Enter.
    Requested,
    /// An enhanced encoding is on and the terminal said so (the Kitty protocol, or xterm's
    /// modifyOtherKeys): modified keys arrive as themselves.
    Enhanced,
}

impl Keyboard {
    /// Whether an Enter may have been typed as Shift+Enter (or another modified Enter) that the
    /// terminal sent as the plain key.
    pub fn may_merge_modified_keys(self) -> bool {
        self != Keyboard::Enhanced
    }

    /// Whether `press` reaches a program as itself with this keyboard, rather than as the plain
    /// key (Shift+Enter as Enter on a legacy terminal); [`Keyboard::Requested`] counts as
    /// telling them apart, for help that names the keys meant to work there.
    pub fn tells_apart(self, press: KeyPress) -> bool {
        let shift_or_ctrl = press
            .modifiers
            .intersects(KeyModifiers::SHIFT | KeyModifiers::CTRL);
        let lost = match press.code {
            KeyCode::Enter | KeyCode::Backspace | KeyCode::Esc => shift_or_ctrl,
            KeyCode::Tab => press.modifiers.contains(KeyModifiers::CTRL),
            _ => false,
        };
        self != Keyboard::Legacy || !lost
    }
}

/// Parses one key-script token naming a single key: a key name or one character, with
/// optional `shift+` / `ctrl+` / `alt+` modifiers (`"ctrl+]"`, `"shift+tab"`, `"j"`, `"N"`).
/// Unlike a script, a token never types several characters, so `"ctlr+g"` is an error.
///
/// ```
/// use tea::input::{KeyCode, KeyModifiers, parse_key};
///
/// let k = parse_key("ctrl+]").unwrap();
/// assert_eq!((k.code, k.modifiers), (KeyCode::Char(']'), KeyModifiers::CTRL));
/// assert!(parse_key("ctlr+g").unwrap_err().message.contains("unknown key"));
/// ```
pub fn parse_key(token: &str) -> Result<KeyPress, KeyScriptError> {
    let error = |message: String| KeyScriptError {
        position: 1,
        token: token.to_string(),
        message,
    };
    let (modifiers, name) = split_modifiers(token);
    if let Some(code) = named_key(&name.to_lowercase()) {
        return Ok(KeyPress { code, modifiers });
    }
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => {
            // As a script types it: Shift means the upper case, and a bare upper-case letter
            // has Shift (as terminals report it).
            let c = if modifiers.contains(KeyModifiers::SHIFT) {
                c.to_uppercase().next().unwrap_or(c)
            } else {
                c
            };
            let modifiers = if modifiers.is_empty() && c.is_uppercase() {
                KeyModifiers::SHIFT
            } else {
                modifiers
            };
            Ok(KeyPress {
                code: KeyCode::Char(c),
                modifiers,
            })
        }
        (None, _) if !modifiers.is_empty() => Err(error("a key must follow the modifiers".into())),
        (None, _) => Err(error("an empty key".into())),
        _ => Err(error(format!(
            "unknown key `{name}`; expected one of {}, f1–f12, or a single character",
            KEY_NAMES.join(", ")
        ))),
    }
}

fn strip_prefix_ignore_case<'a>(token: &'a str, prefix: &str) -> Option<&'a str> {
    let head = token.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &token[prefix.len()..])
}

/// Splits leading `shift+`, `ctrl+`, `alt+` (any case, any order) from a token.
fn split_modifiers(token: &str) -> (KeyModifiers, &str) {
    let mut modifiers = KeyModifiers::NONE;
    let mut rest = token;
    loop {
        let found = [
            ("shift+", KeyModifiers::SHIFT),
            ("ctrl+", KeyModifiers::CTRL),
            ("alt+", KeyModifiers::ALT),
        ]
        .into_iter()
        .find_map(|(prefix, m)| strip_prefix_ignore_case(rest, prefix).map(|r| (r, m)));
        match found {
            Some((r, m)) => {
                modifiers |= m;
                rest = r;
            }
            _ => return (modifiers, rest),
        }
    }
}
