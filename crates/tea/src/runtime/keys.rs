//! The runtime's input decoding: tea's [`Decoder`] plus the escape timeout that resolves a
//! sequence the terminal never finishes.

use std::time::{Duration, Instant};

use crate::input::{Decoder, Event};

/// Decodes what the loop reads; an unfinished tail (a lone Esc, a cut-off sequence, a paste
/// whose end marker has not come) is resolved once no byte arrived for the escape timeout.
pub struct Keys {
    decoder: Decoder,
    escape_timeout: Duration,
    /// When the held tail is resolved, if one is held.
    deadline: Option<Instant>,
}

impl Keys {
    pub fn new(escape_timeout: Duration) -> Keys {
        Keys {
            decoder: Decoder::new(),
            escape_timeout,
            deadline: None,
        }
    }

    /// Decodes bytes read at `now`; a tail left held waits the escape timeout from now.
    pub fn feed(&mut self, bytes: &[u8], now: Instant) -> Vec<Event> {
        if bytes.is_empty() {
            return Vec::new();
        }
        let events = self.decoder.feed(bytes);
        self.deadline = self.decoder.is_pending().then(|| now + self.escape_timeout);
        events
    }

    /// How long the loop may wait for input: `longest`, or until the held tail is due.
    pub fn wait(&self, longest: Duration, now: Instant) -> Duration {
        match self.deadline {
            Some(deadline) => longest.min(deadline.saturating_duration_since(now)),
            None => longest,
        }
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
    use crate::input::{KeyCode, KeyModifiers, key};

    const TIMEOUT: Duration = Duration::from_millis(50);

    #[test]
    fn a_lone_esc_is_the_esc_key_once_the_timeout_passes() {
        let start = Instant::now();
        let mut keys = Keys::new(TIMEOUT);
        assert_eq!(keys.feed(b"\x1b", start), []);
        assert_eq!(keys.wait(Duration::from_secs(1), start), TIMEOUT);
        assert_eq!(keys.expire(start + TIMEOUT / 2), []);
        assert_eq!(
            keys.expire(start + TIMEOUT),
            [key(KeyCode::Esc, KeyModifiers::NONE)]
        );
        assert_eq!(
            keys.wait(Duration::from_secs(1), start),
            Duration::from_secs(1)
        );
    }

    #[test]
    fn bytes_that_complete_the_sequence_cancel_the_timeout() {
        let start = Instant::now();
        let mut keys = Keys::new(TIMEOUT);
        assert_eq!(keys.feed(b"\x1b[", start), []);
        assert_eq!(
            keys.feed(b"A", start + TIMEOUT / 2),
            [key(KeyCode::Up, KeyModifiers::NONE)]
        );
        assert_eq!(keys.expire(start + TIMEOUT * 10), []);
    }

    #[test]
    fn each_read_restarts_the_timeout_of_an_open_paste() {
        let start = Instant::now();
        let mut keys = Keys::new(TIMEOUT);
        assert_eq!(keys.feed(b"\x1b[200~one ", start), []);
        let later = start + TIMEOUT / 2 + TIMEOUT / 4;
        assert_eq!(keys.feed(b"two", later), []);
        assert_eq!(keys.expire(start + TIMEOUT), []);
        assert_eq!(
            keys.expire(later + TIMEOUT),
            [Event::Paste("one two".into())]
        );
    }
}
