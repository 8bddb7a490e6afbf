//! Input events: one type ([`Event`], from `terminput`) for raw terminal bytes (as a host like
//! Pi delivers them), crossterm events (the CLI's runtime) and key scripts (tests, `--keys`).
//!
//! Keymaps match on [`KeyEvent`]s. Releases and repeats keep their [`KeyEventKind`]; use
//! [`as_press`] in a keymap so a key acts once per keystroke.

pub use terminput::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers, MouseEvent, Repeats,
};

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
    event.as_key().filter(|k| k.kind == KeyEventKind::Press)
}

// ---------------------------------------------------------------------------------------------
// Raw terminal bytes
// ---------------------------------------------------------------------------------------------

const PASTE_START: &str = "\x1b[200~";
const PASTE_END: &str = "\x1b[201~";

/// Decodes a chunk of raw terminal input into events, in order: legacy keys and control
/// bytes, CSI/SS3 sequences with modifiers, Kitty CSI-u (with release/repeat kinds), xterm
/// modifyOtherKeys (`CSI 27 ; mod ; code ~`), bracketed paste (one [`Event::Paste`]), Alt as an
/// ESC prefix. Sequences that name no key (terminal replies, unknown CSI) are dropped.
///
/// Legacy control bytes follow the terminal convention rather than terminput's: `0x1c`–`0x1f`
/// are Ctrl+`\` `]` `^` `_` (terminput says Ctrl+4–7), `0x08` is Backspace, and a bare `\n`
/// is Shift+Enter (what terminals configured for Pi send for it).
pub fn decode(raw: &str) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rest = raw;
    while !rest.is_empty() {
        let (event, used) = next_event(rest);
        events.extend(event);
        rest = &rest[used..];
    }
    events
}

/// Decodes the event at the start of `input`: (event, bytes used, at least 1).
fn next_event(input: &str) -> (Option<Event>, usize) {
    if let Some(body) = input.strip_prefix(PASTE_START) {
        // A paste without its end marker runs to the end of the chunk.
        let len = body.find(PASTE_END).unwrap_or(body.len());
        let used = PASTE_START.len() + (len + PASTE_END.len()).min(body.len());
        return (Some(Event::Paste(body[..len].to_string())), used);
    }
    if input.starts_with('\x1b') {
        return escape_event(input);
    }
    let c = input.chars().next().unwrap_or(' ');
    (char_event(c).map(Event::Key), c.len_utf8())
}

fn escape_event(input: &str) -> (Option<Event>, usize) {
    let bytes = input.as_bytes();
    match bytes.get(1) {
        None => (Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
        Some(b'[') => match csi_len(bytes) {
            Some(len) => (csi_event(&input[..len]), len),
            // An unfinished CSI: nothing in it is a key.
            None => (None, input.len()),
        },
        Some(b'O') if bytes.len() >= 3 && bytes[2].is_ascii() => {
            (parse_with_terminput(&input[..3]), 3)
        }
        Some(b'\x1b') if input[1..].starts_with(PASTE_START) => {
            (Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1)
        }
        Some(_) => {
            // ESC before a key is Alt+key (ESC ESC is Alt+Esc).
            let (inner, used) = if bytes[1] == b'\x1b' {
                match bytes.get(2) {
                    Some(b'[') | Some(b'O') => escape_event(&input[1..]),
                    _ => (Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
                }
            } else {
                next_event(&input[1..])
            };
            let event = inner.map(|event| match event {
                Event::Key(mut k) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Event::Key(k)
                }
                other => other,
            });
            (event, 1 + used)
        }
    }
}

/// Length of the CSI sequence at the start of `bytes` (`ESC [` params intermediates final).
fn csi_len(bytes: &[u8]) -> Option<usize> {
    let mut i = 2;
    while i < bytes.len() {
        match bytes[i] {
            0x20..=0x3f => i += 1,
            0x40..=0x7e => return Some(i + 1),
            _ => return Some(i), // malformed: stop before the stray byte
        }
    }
    None
}

fn csi_event(seq: &str) -> Option<Event> {
    if let Some(event) = modify_other_keys(seq) {
        return Some(event);
    }
    parse_with_terminput(seq)
}

fn parse_with_terminput(seq: &str) -> Option<Event> {
    match Event::parse_from(seq.as_bytes()) {
        Ok(Some(Event::Key(k))) => Some(Event::Key(normalize(k))),
        Ok(Some(event @ (Event::Paste(_) | Event::FocusGained | Event::FocusLost))) => Some(event),
        Ok(Some(Event::Mouse(m))) => Some(Event::Mouse(m)),
        _ => None,
    }
}

/// xterm's modifyOtherKeys form `CSI 27 ; modifiers ; codepoint ~` (terminput rejects it).
fn modify_other_keys(seq: &str) -> Option<Event> {
    let params = seq.strip_prefix("\x1b[27;")?.strip_suffix('~')?;
    let (mods, code) = params.split_once(';')?;
    let mods: u8 = mods.parse().ok()?;
    let code: u32 = code.parse().ok()?;
    let modifiers = modifier_bits(mods);
    let key_code = match code {
        13 => KeyCode::Enter,
        9 => KeyCode::Tab,
        27 => KeyCode::Esc,
        8 | 127 => KeyCode::Backspace,
        _ => KeyCode::Char(char::from_u32(code)?),
    };
    Some(Event::Key(normalize(
        KeyEvent::new(key_code).modifiers(modifiers),
    )))
}

/// The xterm modifier parameter (1 + bits) as modifiers.
fn modifier_bits(param: u8) -> KeyModifiers {
    let bits = param.saturating_sub(1);
    let mut m = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CTRL),
        (8, KeyModifiers::SUPER),
    ] {
        if bits & bit != 0 {
            m |= modifier;
        }
    }
    m
}

/// The key for one character of legacy input.
fn char_event(c: char) -> Option<KeyEvent> {
    let ctrl = |c: char| Some(KeyEvent::new(KeyCode::Char(c)).modifiers(KeyModifiers::CTRL));
    match c {
        '\r' => Some(KeyEvent::new(KeyCode::Enter)),
        '\n' => Some(KeyEvent::new(KeyCode::Enter).modifiers(KeyModifiers::SHIFT)),
        '\t' => Some(KeyEvent::new(KeyCode::Tab)),
        '\x7f' | '\x08' => Some(KeyEvent::new(KeyCode::Backspace)),
        '\0' => ctrl(' '),
        '\x01'..='\x1a' => ctrl((b'a' + (c as u8 - 1)) as char),
        '\x1c' => ctrl('\\'),
        '\x1d' => ctrl(']'),
        '\x1e' => ctrl('^'),
        '\x1f' => ctrl('_'),
        c if c.is_control() => None,
        c => match char_key(c) {
            Event::Key(k) => Some(k),
            _ => None,
        },
    }
}

/// One form per key for keymaps: lock and keypad state dropped (Caps Lock must not change
/// what a key means), Shift+letter as the upper-case letter with Shift (so a keymap can match
/// `KeyCode::Char('N')` whichever protocol sent it), legacy Ctrl+4–7 as their punctuation.
fn normalize(k: KeyEvent) -> KeyEvent {
    fix_legacy_ctrl(k.state(KeyEventState::NONE).normalize_case())
}

/// Legacy terminals send Ctrl+\ ] ^ _ as the bytes 0x1c–0x1f, which crossterm and terminput
/// report as Ctrl+4–7 (the keys that produce the same bytes on xterm). The punctuation is the
/// meaning every keymap wants.
fn fix_legacy_ctrl(mut k: KeyEvent) -> KeyEvent {
    if k.modifiers.contains(KeyModifiers::CTRL)
        && let KeyCode::Char(c @ '4'..='7') = k.code
    {
        k.code = KeyCode::Char(match c {
            '4' => '\\',
            '5' => ']',
            '6' => '^',
            _ => '_',
        });
    }
    k
}

/// Converts a crossterm event (the CLI runtime's input). Resize and key events map; so do
/// paste, focus and mouse. Keys are normalized as in [`decode`] (Ctrl+4–7 from a legacy
/// terminal become Ctrl+\ ] ^ _, lock state is dropped).
pub fn from_crossterm(event: crossterm::event::Event) -> Option<Event> {
    match terminput_crossterm::to_terminput(event).ok()? {
        Event::Key(k) => Some(Event::Key(normalize(k))),
        other => Some(other),
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
/// token, typed character by character.
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
