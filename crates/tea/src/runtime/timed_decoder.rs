//! The runtime's input decoding: tea's [`Decoder`] plus the timeouts that resolve a sequence or
//! a paste the terminal never finishes.

use std::time::{Duration, Instant};

use crate::input::{Decoder, Event, Held};

/// Decodes what the loop reads; an unfinished tail is resolved once no byte arrived for its
/// timeout: the escape timeout for a lone Esc or a cut-off sequence, the (longer) paste timeout
/// for a paste whose end marker has not come.
pub struct TimedDecoder {
    decoder: Decoder,
    escape_timeout: Duration,
    paste_timeout: Duration,
    /// When the held tail is resolved, if one is held.
    deadline: Option<Instant>,
}

impl TimedDecoder {
    pub fn new(escape_timeout: Duration, paste_timeout: Duration) -> TimedDecoder {
        TimedDecoder {
            decoder: Decoder::new(),
            escape_timeout,
            paste_timeout,
            deadline: None,
        }
    }

    /// Decodes bytes read at `now`; a tail left held waits its timeout from now.
    pub fn feed(&mut self, bytes: &[u8], now: Instant) -> Vec<Event> {
        if bytes.is_empty() {
            return Vec::new();
        }
        let events = self.decoder.feed(bytes);
        self.deadline = match self.decoder.held() {
            Held::Nothing => None,
            Held::Sequence => Some(now + self.escape_timeout),
            Held::Paste => Some(now + self.paste_timeout),
        };
        events
    }

    /// How long the loop may wait for input: `longest`, or until the held tail is due.
    pub fn wait(&self, longest: Duration, now: Instant) -> Duration {
        match self.deadline {
            Some(deadline) => longest.min(deadline.saturating_duration_since(now)),
            None => longest,
        }
    }

    /// The held tail resolved now, as its timeout would (before the terminal is handed to
    /// another program, whose input the tail is not).
    pub fn flush(&mut self) -> Vec<Event> {
        self.deadline = None;
        self.decoder.flush()
    }

    /// The held tail resolved, once its timeout has passed at `now`.
    pub fn expire(&mut self, now: Instant) -> Vec<Event> {
        match self.deadline {
            Some(deadline) if now >= deadline => {
                self.deadline = None;
                self.decoder.flush()
            }
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{KeyCode, KeyModifiers, char_key, key};

    const TIMEOUT: Duration = Duration::from_millis(50);
    const PASTE_TIMEOUT: Duration = Duration::from_millis(400);
    const LONGEST: Duration = Duration::from_secs(1);

    fn keys() -> TimedDecoder {
        TimedDecoder::new(TIMEOUT, PASTE_TIMEOUT)
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_once_the_timeout_passes() {
        let start = Instant::now();
        let mut keys = keys();
        assert_eq!(keys.feed(b"\x1b", start), []);
        assert_eq!(keys.wait(LONGEST, start), TIMEOUT);
        assert_eq!(keys.expire(start + TIMEOUT / 2), []);
        assert_eq!(
            keys.expire(start + TIMEOUT),
            [key(KeyCode::Esc, KeyModifiers::NONE)]
        );
        assert_eq!(keys.wait(LONGEST, start), LONGEST);
    }

    #[test]
    fn bytes_that_complete_the_sequence_cancel_the_timeout() {
        let start = Instant::now();
        let mut keys = keys();
        assert_eq!(keys.feed(b"\x1b[", start), []);
        assert_eq!(
            keys.feed(b"A", start + TIMEOUT / 2),
            [key(KeyCode::Up, KeyModifiers::NONE)]
        );
        assert_eq!(keys.wait(LONGEST, start), LONGEST);
        assert_eq!(keys.expire(start + TIMEOUT * 10), []);
    }

    #[test]
    fn an_open_paste_waits_the_paste_timeout_from_its_last_read() {
        let start = Instant::now();
        let mut keys = keys();
        assert_eq!(keys.feed(b"\x1b[200~one ", start), []);
        assert_eq!(keys.wait(LONGEST, start), PASTE_TIMEOUT);
        let later = start + PASTE_TIMEOUT / 2;
        assert_eq!(keys.feed(b"two", later), []);
        assert_eq!(keys.expire(start + PASTE_TIMEOUT), []);
        assert_eq!(
            keys.expire(later + PASTE_TIMEOUT),
            [Event::Paste("one two".into())]
        );
    }

    #[test]
    fn a_flush_resolves_the_held_tail_at_once_as_its_timeout_would() {
        let start = Instant::now();
        let mut keys = keys();
        assert_eq!(keys.feed(b"a\x1b", start), [char_key('a')]);
        assert_eq!(keys.flush(), [key(KeyCode::Esc, KeyModifiers::NONE)]);
        assert_eq!(
            keys.wait(LONGEST, start),
            LONGEST,
            "nothing left to time out"
        );
        assert_eq!(keys.feed(b"\x1b[200~half a pa", start), []);
        assert_eq!(keys.flush(), [Event::Paste("half a pa".into())]);
        // What comes after is read afresh: the rest of the paste is text, never a paste's end.
        assert_eq!(keys.feed(b"b", start), [char_key('b')]);
        assert_eq!(keys.flush(), []);
    }

    #[test]
    fn a_ctrl_c_in_an_open_paste_acts_at_once() {
        let start = Instant::now();
        let mut keys = keys();
        assert_eq!(keys.feed(b"\x1b[200~one", start), []);
        assert_eq!(
            keys.feed(b"\x03", start),
            [
                Event::Paste("one".into()),
                key(KeyCode::Char('c'), KeyModifiers::CTRL)
            ]
        );
        // What follows is still the paste's text, until its end or its timeout.
        assert_eq!(keys.wait(LONGEST, start), PASTE_TIMEOUT);
    }
}
