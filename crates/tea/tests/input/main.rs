//! Input: raw terminal bytes as Pi delivers them, key scripts, crossterm events.

use tea::input::{
    Decoder, Event, Held, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, as_press, decode,
    from_crossterm, parse_key_script,
};

/// The single key event a key-script token stands for.
fn k(token: &str) -> Event {
    let events = parse_key_script(token).unwrap();
    assert_eq!(events.len(), 1, "{token} is one key");
    events.into_iter().next().unwrap()
}

fn with_kind(event: Event, kind: KeyEventKind) -> Event {
    match event {
        Event::Key(key) => Event::Key(key.kind(kind)),
        other => other,
    }
}

fn release(token: &str) -> Event {
    with_kind(k(token), KeyEventKind::Release)
}

fn repeat(token: &str) -> Event {
    with_kind(k(token), KeyEventKind::Repeat)
}

fn paste(text: &str) -> Event {
    Event::Paste(text.to_string())
}

/// Feeds `parts` as separate reads, then flushes as the escape timeout does.
fn decode_in_reads(parts: &[&[u8]]) -> Vec<Event> {
    let mut decoder = Decoder::new();
    let mut events = Vec::new();
    for part in parts {
        events.extend(decoder.feed(part));
    }
    events.extend(decoder.flush());
    events
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code).modifiers(modifiers))
}

fn ch(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

mod arbitrary_input;
mod decoding;
mod keys;
mod reads;
