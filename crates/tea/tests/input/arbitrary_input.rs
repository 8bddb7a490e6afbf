//! Arbitrary input: decoding never panics, and however the reads split it, it decodes the same.

use proptest::prelude::*;
use tea::input::{Decoder, Event, KeyCode, decode};

fn chunk() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        "[\\x00-\\x7f]{1,6}",
        Just("\x1b".to_string()),
        Just("\x1b[".to_string()),
        Just("\x1b[200~".to_string()),
        Just("\x1b[201~".to_string()),
        "[0-9;:]{0,8}[u~A-Z]",
        "\\PC{1,3}",
    ];
    prop::collection::vec(piece, 0..12).prop_map(|p| p.concat())
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        chunk().prop_map(String::into_bytes),
        prop::collection::vec(any::<u8>(), 0..6),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|p| p.concat())
}

fn text_only(event: &Event) -> bool {
    match event {
        Event::Key(key) => !matches!(key.code, KeyCode::Char(c) if c.is_control()),
        Event::Paste(text) => text
            .chars()
            .all(|c| !c.is_control() || c == '\n' || c == '\t'),
        _ => true,
    }
}

proptest! {
    /// Whatever arrives, decoding ends, never panics, and yields at most one event per byte.
    #[test]
    fn decoding_any_chunk_is_total(raw in chunk()) {
        let events = decode(&raw);
        prop_assert!(events.len() <= raw.len());
    }

    /// However the reads split any bytes, the events are the same, and no control
    /// character is ever text.
    #[test]
    fn reads_split_anywhere_decode_the_same(
        raw in bytes(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let mut whole = Decoder::new();
        let mut expected = whole.feed(&raw);
        expected.extend(whole.flush());

        let mut at: Vec<usize> = cuts.iter().map(|cut| cut.index(raw.len() + 1)).collect();
        at.sort_unstable();
        let mut decoder = Decoder::new();
        let mut events = Vec::new();
        let mut start = 0;
        for end in at.into_iter().chain([raw.len()]) {
            events.extend(decoder.feed(&raw[start..end]));
            start = end;
        }
        events.extend(decoder.flush());
        prop_assert_eq!(&events, &expected);
        prop_assert!(events.iter().all(text_only), "{:?}", events);
    }
}
