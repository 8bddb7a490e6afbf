//! Subscriptions: the timers a model wants, declared from the model after every update (as in
//! Elm), so a timer runs exactly while the model asks for it.
//!
//! [`Subs::every`] names a repeating timer by a key:
//! - it first fires one `interval` after it appears, then every `interval`, keeping its phase
//!   while the model keeps asking for it (a key press in between does not restart it);
//! - the message may change from update to update (the latest one is delivered);
//! - it stops when the model stops asking for it, and starts afresh (a full `interval`) when
//!   asked for again; a changed interval restarts it too.
//!
//! Time is the driver's clock: virtual in tests and key scripts (`wait:2s`), real in the
//! terminal runtime.

use std::borrow::Cow;
use std::time::Duration;

/// The shortest interval: an `every` of zero would fire forever at one instant.
pub const MIN_INTERVAL: Duration = Duration::from_millis(1);

/// The subscriptions a model wants now.
#[derive(Debug, Clone, PartialEq)]
pub struct Subs<M> {
    pub(crate) every: Vec<Every<M>>,
}

/// A repeating timer (see [`Subs::every`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Every<M> {
    pub key: Cow<'static, str>,
    pub interval: Duration,
    pub msg: M,
}

impl<M> Subs<M> {
    pub fn none() -> Subs<M> {
        Subs { every: Vec::new() }
    }

    /// A repeating timer named `key` that delivers `msg` every `interval` (at least
    /// [`MIN_INTERVAL`]). A second timer with the same key replaces the first.
    pub fn every(key: impl Into<Cow<'static, str>>, interval: Duration, msg: M) -> Subs<M> {
        Subs::none().and_every(key, interval, msg)
    }

    /// These subscriptions and a repeating timer.
    pub fn and_every(
        mut self,
        key: impl Into<Cow<'static, str>>,
        interval: Duration,
        msg: M,
    ) -> Subs<M> {
        let key = key.into();
        self.every.retain(|e| e.key != key);
        self.every.push(Every {
            key,
            interval: interval.max(MIN_INTERVAL),
            msg,
        });
        self
    }

    /// Both sets (a parent's and a child's); a key in both keeps `other`'s timer.
    pub fn and(mut self, other: Subs<M>) -> Subs<M> {
        for e in other.every {
            self = self.and_every(e.key, e.interval, e.msg);
        }
        self
    }

    /// The messages converted (a child's subscriptions in its parent).
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Subs<N> {
        Subs {
            every: self
                .every
                .into_iter()
                .map(|e| Every {
                    key: e.key,
                    interval: e.interval,
                    msg: f(e.msg),
                })
                .collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.every.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Every<M>> {
        self.every.iter()
    }
}

impl<M> Default for Subs<M> {
    fn default() -> Self {
        Subs::none()
    }
}

/// What a timer delivers when it fires.
pub(crate) enum Kind<M> {
    /// A subscription's timer; it fires again one interval later.
    Every(Every<M>),
    /// A [`Cmd::After`](crate::Cmd::After), part of the sequence `group` if any.
    Once { msg: M, group: Option<u64> },
}

pub(crate) struct Timer<M> {
    pub(crate) due: Duration,
    /// Timers due at the same instant fire in the order they were set for it.
    pub(crate) order: u64,
    pub(crate) kind: Kind<M>,
}

/// The driver's timers, on its clock.
pub(crate) struct Timers<M> {
    timers: Vec<Timer<M>>,
    made: u64,
}

impl<M: Clone> Timers<M> {
    pub(crate) fn new() -> Timers<M> {
        Timers {
            timers: Vec::new(),
            made: 0,
        }
    }

    pub(crate) fn once(&mut self, due: Duration, msg: M, group: Option<u64>) {
        self.push(due, Kind::Once { msg, group });
    }

    fn push(&mut self, due: Duration, kind: Kind<M>) {
        self.made += 1;
        self.timers.push(Timer {
            due,
            order: self.made,
            kind,
        });
    }

    /// Follows the model's subscriptions at `now`: keeps the phase of timers it still wants,
    /// drops the ones it no longer wants, starts new ones.
    pub(crate) fn subscribe(&mut self, subs: Subs<M>, now: Duration) {
        if subs.every.is_empty()
            && self
                .timers
                .iter()
                .all(|t| matches!(t.kind, Kind::Once { .. }))
        {
            return;
        }
        let mut wanted = subs.every;
        self.timers.retain_mut(|timer| {
            let Kind::Every(current) = &mut timer.kind else {
                return true;
            };
            let Some(at) = wanted.iter().position(|e| e.key == current.key) else {
                return false;
            };
            let new = wanted.swap_remove(at);
            if new.interval != current.interval {
                timer.due = now.saturating_add(new.interval);
            }
            *current = new;
            true
        });
        for every in wanted {
            self.push(now.saturating_add(every.interval), Kind::Every(every));
        }
    }

    /// When the next timer is due.
    pub(crate) fn next_due(&self) -> Option<Duration> {
        self.timers.iter().map(|t| t.due).min()
    }

    /// The first timer due at or before `until`, fired: its message and (for a one-shot timer)
    /// its sequence group, with the instant it was due. A repeating timer stays, due one
    /// interval later.
    pub(crate) fn fire(&mut self, until: Duration) -> Option<(Duration, M, Option<u64>)> {
        let at = (0..self.timers.len())
            .filter(|&i| self.timers[i].due <= until)
            .min_by_key(|&i| (self.timers[i].due, self.timers[i].order))?;
        let due = self.timers[at].due;
        match &mut self.timers[at].kind {
            Kind::Every(every) => {
                let msg = every.msg.clone();
                let interval = every.interval;
                // Due again: after the timers already set for that instant.
                self.made += 1;
                self.timers[at].due = due.saturating_add(interval);
                self.timers[at].order = self.made;
                Some((due, msg, None))
            }
            Kind::Once { .. } => match self.timers.swap_remove(at).kind {
                Kind::Once { msg, group } => Some((due, msg, group)),
                Kind::Every(_) => None,
            },
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.timers.len()
    }
}
