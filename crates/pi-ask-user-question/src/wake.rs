//! Wake-ups from the addon to the extension, so the extension never polls: a napi thread-safe
//! function that runs on pi's thread, called from a task's thread when background work is done
//! and from an [`Alarm`]'s thread when a deadline comes (the next second of a countdown, the end
//! of a time limit). The callback does not keep Node running.

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

use napi::bindgen_prelude::{Function, Result};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};

type WakeFn = ThreadsafeFunction<(), (), (), napi::Status, false, true>;

/// The extension's wake-up callback, shared with the threads that call it.
#[derive(Clone, Default)]
pub struct Waker(Arc<Mutex<Option<WakeFn>>>);

impl Waker {
    /// Takes `callback` (a weak thread-safe function), or lets go of the one held with `None`.
    pub fn set(&self, callback: Option<Function<(), ()>>) -> Result<()> {
        let callback = match callback {
            Some(callback) => Some(
                callback
                    .build_threadsafe_function::<()>()
                    .callee_handled::<false>()
                    .weak::<true>()
                    .build()?,
            ),
            None => None,
        };
        *lock(&self.0) = callback;
        Ok(())
    }

    /// Lets go of the callback.
    pub fn clear(&self) {
        *lock(&self.0) = None;
    }

    /// Queues a call of the callback on pi's thread, if there is one.
    pub fn wake(&self) {
        if let Some(callback) = &*lock(&self.0) {
            callback.call((), ThreadsafeFunctionCallMode::NonBlocking);
        }
    }
}

/// Calls `wake` when a deadline comes, from a thread that sleeps until then. A new deadline
/// replaces the last; the thread starts at the first deadline and ends once the alarm is dropped.
pub struct Alarm {
    shared: Arc<Shared>,
    wake: Option<Box<dyn FnOnce(Arc<Shared>) + Send>>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    due: Option<Instant>,
    dropped: bool,
}

impl Alarm {
    pub fn new(wake: impl Fn() + Send + 'static) -> Alarm {
        Alarm {
            shared: Arc::default(),
            wake: Some(Box::new(move |shared| ring_when_due(&shared, &wake))),
        }
    }

    /// Rings at `due` (none when `None`), instead of any deadline set before.
    pub fn set(&mut self, due: Option<Instant>) {
        {
            let mut state = lock(&self.shared.state);
            if state.due == due {
                return;
            }
            state.due = due;
        }
        self.shared.changed.notify_one();
        if due.is_some()
            && let Some(start) = self.wake.take()
        {
            let shared = self.shared.clone();
            // Without a thread nothing rings: the time then moves at pi's next render or key.
            let _ = std::thread::Builder::new()
                .name("ask-user-question-alarm".into())
                .spawn(move || start(shared));
        }
    }
}

#[cfg(test)]
impl Alarm {
    /// The deadline it rings at.
    pub fn due(&self) -> Option<Instant> {
        lock(&self.shared.state).due
    }
}

impl Drop for Alarm {
    fn drop(&mut self) {
        lock(&self.shared.state).dropped = true;
        self.shared.changed.notify_one();
    }
}

fn ring_when_due(shared: &Shared, wake: &dyn Fn()) {
    let mut state = lock(&shared.state);
    loop {
        if state.dropped {
            return;
        }
        match state.due {
            None => {
                state = shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(|e| e.into_inner())
            }
            Some(due) => {
                let now = Instant::now();
                if now >= due {
                    state.due = None;
                    drop(state);
                    wake();
                    state = lock(&shared.state);
                } else {
                    state = shared
                        .changed
                        .wait_timeout(state, due - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            }
        }
    }
}

/// A poisoned lock still holds a usable value here: a callback or a deadline.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn an_alarm_rings_once_at_its_deadline_and_not_after_it_is_replaced_or_dropped() {
        let (rang, rings) = mpsc::channel();
        let mut alarm = Alarm::new(move || {
            let _ = rang.send(Instant::now());
        });
        let due = Instant::now() + Duration::from_millis(20);
        alarm.set(Some(due));
        let at = rings.recv().expect("it rings");
        assert!(at >= due, "not before its deadline");

        alarm.set(Some(Instant::now() + Duration::from_secs(3600)));
        alarm.set(None);
        alarm.set(Some(Instant::now()));
        rings.recv().expect("the new deadline rings");
        alarm.set(Some(Instant::now() + Duration::from_secs(3600)));
        drop(alarm);
        assert_eq!(
            rings.recv(),
            Err(mpsc::RecvError),
            "a dropped alarm's thread ends without ringing, letting go of its callback"
        );
    }
}
