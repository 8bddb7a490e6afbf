//! Raw terminal bytes to [`Event`]s, across reads.
//!
//! A terminal delivers its bytes in reads of whatever size the kernel hands over: an escape
//! sequence, a UTF-8 character or a bracketed paste can be split anywhere. The [`Decoder`] keeps
//! an unfinished tail until the next read completes it; when no more bytes come within the
//! runtime's timeout, [`Decoder::flush`] resolves it as terminals and readline do (a lone Esc is
//! the Esc key, an unfinished sequence is dropped, an open paste ends there).
//!
//! Control bytes never become text: C0 and C1 controls are keys (Ctrl+letter, Enter, Tab, …) or
//! nothing, and a paste's text keeps only line breaks and tabs of them. Terminals strip control
//! characters from what they paste, so a Ctrl+C inside a paste (`0x03`, or a Kitty or
//! modifyOtherKeys Ctrl+C) is the person's: it arrives as the key at once, between the paste's
//! text before and after it (a paste whose end never comes must not swallow it).

use super::{Event, KeyCode, KeyEvent, KeyEventState, KeyModifiers, char_key, key};

const ESC: u8 = 0x1b;
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";
/// A CSI sequence longer than this without its final byte is garbage, not a key still arriving.
const MAX_CSI: usize = 256;

/// Decodes a chunk of raw terminal input into events, in order, as if nothing followed it: legacy
/// keys and control bytes, CSI/SS3 sequences with modifiers, Kitty CSI-u (with release/repeat
/// kinds), xterm modifyOtherKeys (`CSI 27 ; mod ; code ~`), bracketed paste (one
/// [`Event::Paste`] of text), Alt as an ESC prefix. Sequences that name no key (terminal replies,
/// unknown CSI) are dropped. Input arriving in several reads belongs in a [`Decoder`].
///
/// Legacy control bytes follow the terminal convention rather than terminput's: `0x1c`–`0x1f`
/// are Ctrl+`\` `]` `^` `_` (terminput says Ctrl+4–7), `0x08` is Backspace, a bare `\n`
/// is Shift+Enter (Ctrl+J, and what terminals configured for coding agents send for
/// Shift+Enter: an editor's newline either way), and Enter with the 8th bit set is Alt+Enter
/// (xterm's default meta encoding: the byte `0x8d`, or U+008D where xterm encodes it as UTF-8).
pub fn decode(raw: &str) -> Vec<Event> {
    let mut decoder = Decoder::new();
    let mut events = decoder.feed(raw.as_bytes());
    events.extend(decoder.flush());
    events
}

/// A stateful decoder of raw terminal bytes (see the module docs): feed it every read, and
/// [`flush`](Decoder::flush) it when it holds something ([`held`](Decoder::held)) and no byte
/// came for the timeout of that (the inline runtime waits 50 ms for a sequence, 500 ms for a
/// paste).
#[derive(Debug, Default, Clone)]
pub struct Decoder {
    /// Bytes read but not decoded yet: the start of a sequence or character.
    held: Vec<u8>,
    /// A bracketed paste whose end marker has not arrived.
    paste: Option<Paste>,
}

#[derive(Debug, Default, Clone)]
struct Paste {
    /// The raw content since the start marker or the last Ctrl+C in it.
    raw: Vec<u8>,
    /// A Ctrl+C came inside it: its text so far went out then, and an empty rest is nothing.
    interrupted: bool,
}

impl Decoder {
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Decodes what `bytes` complete; an unfinished tail waits for the next read.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<Event> {
        self.held.extend_from_slice(bytes);
        self.run(false)
    }

    /// Whether the decoder holds the start of a sequence, a character or a paste that the next
    /// read may complete.
    pub fn is_pending(&self) -> bool {
        self.held() != Held::Nothing
    }

    /// What the decoder holds for the next read to complete.
    pub fn held(&self) -> Held {
        if self.paste.is_some() {
            Held::Paste
        } else if self.held.is_empty() {
            Held::Nothing
        } else {
            Held::Sequence
        }
    }

    /// Nothing more is coming: resolves what is held. A lone Esc is the Esc key, an unfinished
    /// sequence or character is dropped, an open paste ends with what arrived.
    pub fn flush(&mut self) -> Vec<Event> {
        self.run(true)
    }

    fn run(&mut self, end: bool) -> Vec<Event> {
        let mut events = Vec::new();
        let mut at = 0;
        loop {
            let rest = &self.held[at..];
            if let Some(paste) = &mut self.paste {
                match paste_stop(rest) {
                    PasteStop::Interrupt(len, key_len) => {
                        paste.raw.extend_from_slice(&rest[..len]);
                        if !paste.raw.is_empty() {
                            events.push(Event::Paste(paste_text(&paste.raw)));
                        }
                        if let Step::Done(key, _) = step(&rest[len..len + key_len], true) {
                            events.extend(key);
                        }
                        *paste = Paste {
                            raw: Vec::new(),
                            interrupted: true,
                        };
                        at += len + key_len;
                        continue;
                    }
                    PasteStop::End(len) => {
                        paste.raw.extend_from_slice(&rest[..len]);
                        at += len + PASTE_END.len();
                    }
                    PasteStop::Open { .. } if end => {
                        paste.raw.extend_from_slice(rest);
                        at += rest.len();
                    }
                    // All but a tail that may start the end marker or a Ctrl+C.
                    PasteStop::Open { keep } => {
                        paste.raw.extend_from_slice(&rest[..rest.len() - keep]);
                        at += rest.len() - keep;
                        break;
                    }
                }
                if !paste.raw.is_empty() || !paste.interrupted {
                    events.push(Event::Paste(paste_text(&paste.raw)));
                }
                self.paste = None;
                continue;
            }
            if rest.is_empty() {
                break;
            }
            if rest.starts_with(PASTE_START) {
                self.paste = Some(Paste::default());
                at += PASTE_START.len();
                continue;
            }
            match step(rest, end) {
                Step::Done(event, used) => {
                    events.extend(event);
                    at += used;
                }
                Step::More => break,
            }
        }
        self.held.drain(..at);
        events
    }
}

/// What a [`Decoder`] holds for the next read to complete; the runtime waits longer for a
/// paste than for a sequence (a paste may come in many reads, over a slow link too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    Nothing,
    /// The start of an escape sequence or a UTF-8 character.
    Sequence,
    /// A bracketed paste whose end marker has not arrived.
    Paste,
}

/// Where the content of an open paste stops.
enum PasteStop {
    /// At the end marker, after this many bytes.
    End(usize),
    /// At a Ctrl+C after this many bytes, itself this long.
    Interrupt(usize, usize),
    /// Not in these bytes; the last `keep` of them may start a marker or a Ctrl+C sequence.
    Open { keep: usize },
}

fn paste_stop(bytes: &[u8]) -> PasteStop {
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            0x03 => return PasteStop::Interrupt(i, 1),
            ESC => {
                let rest = &bytes[i..];
                if rest.starts_with(PASTE_END) {
                    return PasteStop::End(i);
                }
                if rest.len() == 1 {
                    return PasteStop::Open { keep: 1 };
                }
                if rest[1] != b'[' {
                    i += 1;
                    continue;
                }
                match csi_len(rest) {
                    Csi::Complete(len) if is_ctrl_c(csi_event(&rest[..len])) => {
                        return PasteStop::Interrupt(i, len);
                    }
                    Csi::Complete(len) | Csi::Malformed(len) => i += len,
                    Csi::Unfinished if rest.len() <= MAX_CSI => {
                        return PasteStop::Open { keep: rest.len() };
                    }
                    Csi::Unfinished => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    PasteStop::Open { keep: 0 }
}

fn is_ctrl_c(event: Option<Event>) -> bool {
    event.as_ref().and_then(Event::as_key).is_some_and(|k| {
        k.code == KeyCode::Char('c')
            && k.modifiers.contains(KeyModifiers::CTRL)
            && k.kind != super::KeyEventKind::Release
    })
}

/// What the bytes at the start of the input are.
enum Step {
    /// An event (or nothing: an unknown or malformed sequence) and the bytes it used, at least 1.
    Done(Option<Event>, usize),
    /// The start of something the next read may complete.
    More,
}

/// The next event at the start of `input` (not empty). With `end`, nothing more is coming.
fn step(input: &[u8], end: bool) -> Step {
    if input[0] == ESC {
        escape_step(input, end)
    } else {
        char_step(input, end)
    }
}

fn escape_step(input: &[u8], end: bool) -> Step {
    let more = |resolved: Step| if end { resolved } else { Step::More };
    match input.get(1) {
        None => more(Step::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1)),
        Some(b'[') => match csi_len(input) {
            Csi::Complete(len) => Step::Done(csi_event(&input[..len]), len),
            Csi::Malformed(len) => Step::Done(None, len),
            // An unfinished CSI: nothing in it is a key.
            Csi::Unfinished if input.len() > MAX_CSI => Step::Done(None, input.len()),
            Csi::Unfinished => more(Step::Done(None, input.len())),
        },
        Some(b'O') => match input.get(2) {
            Some(0x40..=0x7e) => Step::Done(parse_with_terminput(&input[..3]), 3),
            None if !end => Step::More,
            _ => alt(input, end),
        },
        Some(&ESC) if input[1..].starts_with(PASTE_START) => {
            Step::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1)
        }
        // ESC ESC [ … may still become Esc followed by a paste.
        Some(&ESC) if !end && PASTE_START.starts_with(&input[1..]) => Step::More,
        Some(b']') => match osc_reply(&input[2..]) {
            OscReply::Complete(len) => Step::Done(None, 2 + len),
            OscReply::Unfinished if !end => Step::More,
            OscReply::Unfinished | OscReply::NotOne => alt(input, end),
        },
        Some(_) => alt(input, end),
    }
}

/// What follows `ESC ]`: a terminal's reply to a query (`digits ; text`, ended by BEL or
/// ST), such as the background color when it comes after the start-up probe stopped waiting.
/// It names no key, so it is dropped whole instead of arriving as Alt+] and typed text.
enum OscReply {
    /// The reply and its terminator are this long.
    Complete(usize),
    /// It may still become one.
    Unfinished,
    /// Alt+] and whatever follows.
    NotOne,
}

/// The longest reply waited for before `ESC ]` counts as Alt+].
const MAX_OSC_REPLY: usize = 256;

fn osc_reply(body: &[u8]) -> OscReply {
    let digits = body.iter().take_while(|b| b.is_ascii_digit()).count();
    match body.get(digits) {
        None if digits < 4 => return OscReply::Unfinished,
        Some(b';') if digits > 0 => {}
        _ => return OscReply::NotOne,
    }
    for (i, &b) in body.iter().enumerate().skip(digits + 1).take(MAX_OSC_REPLY) {
        match b {
            0x07 => return OscReply::Complete(i + 1),
            ESC => {
                return match body.get(i + 1) {
                    Some(b'\\') => OscReply::Complete(i + 2),
                    Some(_) => OscReply::NotOne,
                    None => OscReply::Unfinished,
                };
            }
            0x20..=0x7e => {}
            _ => return OscReply::NotOne,
        }
    }
    if body.len() > digits + 1 + MAX_OSC_REPLY {
        OscReply::NotOne
    } else {
        OscReply::Unfinished
    }
}

/// ESC before a key is Alt+key (ESC ESC is Alt+Esc).
fn alt(input: &[u8], end: bool) -> Step {
    let inner = if input[1] == ESC {
        match input.get(2) {
            Some(b'[') | Some(b'O') => escape_step(&input[1..], end),
            _ => Step::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
        }
    } else {
        char_step(&input[1..], end)
    };
    match inner {
        Step::More => Step::More,
        Step::Done(event, used) => {
            let event = event.map(|event| match event {
                Event::Key(mut k) => {
                    k.modifiers |= KeyModifiers::ALT;
                    Event::Key(k)
                }
                other => other,
            });
            Step::Done(event, 1 + used)
        }
    }
}

/// One UTF-8 character of legacy input; an invalid byte is skipped alone.
fn char_step(input: &[u8], end: bool) -> Step {
    let len = match input[0] {
        // Not UTF-8: xterm's 8-bit meta Enter in a terminal that does not encode it.
        META_ENTER => return Step::Done(Some(Event::Key(alt_enter())), 1),
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Step::Done(None, 1),
    };
    let available = &input[..len.min(input.len())];
    if available[1..].iter().any(|&b| !(0x80..=0xbf).contains(&b)) {
        return Step::Done(None, 1);
    }
    if available.len() < len {
        return if end {
            Step::Done(None, available.len())
        } else {
            Step::More
        };
    }
    match std::str::from_utf8(available)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) => Step::Done(char_event(c).map(Event::Key), len),
        None => Step::Done(None, 1),
    }
}

enum Csi {
    /// The sequence is this long.
    Complete(usize),
    /// A stray byte ends the sequence after this many bytes; they name nothing.
    Malformed(usize),
    Unfinished,
}

/// The CSI sequence at the start of `bytes` (`ESC [` params intermediates final).
fn csi_len(bytes: &[u8]) -> Csi {
    for (i, &b) in bytes.iter().enumerate().skip(2) {
        match b {
            0x20..=0x3f => {}
            0x40..=0x7e => return Csi::Complete(i + 1),
            // Stop before the stray byte: it may be a key of its own (Ctrl+C after a cut-off
            // sequence).
            _ => return Csi::Malformed(i),
        }
    }
    Csi::Unfinished
}

fn csi_event(seq: &[u8]) -> Option<Event> {
    if let Some(event) = std::str::from_utf8(seq).ok().and_then(modify_other_keys) {
        return Some(event);
    }
    parse_with_terminput(seq)
}

fn parse_with_terminput(seq: &[u8]) -> Option<Event> {
    match terminput::Event::parse_from(seq) {
        Ok(Some(terminput::Event::Key(k))) => text_safe(normalize(k)).map(Event::Key),
        Ok(Some(
            event @ (terminput::Event::FocusGained
            | terminput::Event::FocusLost
            | terminput::Event::Mouse(_)),
        )) => Some(Event::from_terminal(event)),
        _ => None,
    }
}

/// A key whose character is a control character (Kitty and modifyOtherKeys can name any code
/// point, U+009B included) names no key: it must never reach an editor as text.
fn text_safe(k: KeyEvent) -> Option<KeyEvent> {
    match k.code {
        KeyCode::Char(c) if c.is_control() => None,
        _ => Some(k),
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
    text_safe(normalize(KeyEvent::new(key_code).modifiers(modifiers))).map(Event::Key)
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

/// Alt+CR with the 8th bit for Alt, as xterm sends Alt+Enter unless `metaSendsEscape` is set.
const META_ENTER: u8 = 0x8d;

fn alt_enter() -> KeyEvent {
    KeyEvent::new(KeyCode::Enter).modifiers(KeyModifiers::ALT)
}

/// The key for one character of legacy input.
fn char_event(c: char) -> Option<KeyEvent> {
    let ctrl = |c: char| Some(KeyEvent::new(KeyCode::Char(c)).modifiers(KeyModifiers::CTRL));
    match c {
        // xterm's 8-bit meta Enter, encoded as UTF-8; the other C1 controls name no key.
        '\u{8d}' => Some(alt_enter()),
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
        // C1 controls (U+0080–U+009F, the 8-bit CSI among them) are not text.
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
pub(super) fn normalize(k: KeyEvent) -> KeyEvent {
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

/// A paste's raw bytes as text: line breaks (CR LF and lone CR, as terminals send them) become
/// `\n`, tabs stay, escape sequences and every other control character are dropped, invalid
/// UTF-8 becomes U+FFFD.
fn paste_text(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\n' | '\t' => out.push(c),
            '\x1b' => skip_escape(&mut chars),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Skips the rest of an escape sequence inside a paste: a CSI up to its final byte; a control
/// string (OSC, DCS, SOS, PM, APC: a hyperlink's target, a title, an image) up to its end (BEL,
/// ST, or the ESC of the next sequence), or only its introducer when its end is not in the paste,
/// so the text after it is kept; an nF sequence (`ESC ( 0`) with its final byte; else the one
/// character after ESC.
fn skip_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) {
    match chars.next() {
        Some('[') => {
            while chars.next_if(|c| ('\x20'..='\x3f').contains(c)).is_some() {}
            chars.next_if(|c| ('\x40'..='\x7e').contains(c));
        }
        Some(']' | 'P' | 'X' | '^' | '_') => {
            let mut rest = chars.clone();
            loop {
                let before = rest.clone();
                match rest.next() {
                    None => return,
                    Some('\x07' | '\u{9c}') => break,
                    Some('\x1b') if rest.peek() == Some(&'\\') => {
                        rest.next();
                        break;
                    }
                    // The ESC of the next sequence, which the caller reads.
                    Some('\x1b') => {
                        rest = before;
                        break;
                    }
                    Some(_) => {}
                }
            }
            *chars = rest;
        }
        Some('\x20'..='\x2f') => {
            while chars.next_if(|c| ('\x20'..='\x2f').contains(c)).is_some() {}
            chars.next_if(|c| ('\x30'..='\x7e').contains(c));
        }
        _ => {}
    }
}
