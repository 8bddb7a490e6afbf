//! The terminal guard's process-wide half: while a runtime is active, a panic or a fatal signal
//! must put the terminal back (cooked mode, cursor shown, modes popped, cursor below the
//! frame) before anything else is printed.
//!
//! The runtime registers what to write on such an exit ([`Active::set_exit_bytes`] after each
//! draw). The panic hook writes it before the panic message prints. Signals (SIGINT, SIGTERM,
//! SIGHUP, SIGQUIT) are handed to the main loop, which ends the run in order; a loop that does not answer
//! within [`SIGNAL_GRACE`] gets the emergency restore and the signal's default action.
//!
//! An external editor started by the program ([`crate::process_group`]) is ended before such a
//! signal's default action, and the terminal's foreground taken back from it before the
//! terminal is restored. Replays (no run) install the same signal thread while their editor
//! runs, so a signal ends its editor and then the process as it would have.
//!
//! After a run, the terminal is cooked again, so a Ctrl+C typed then is a SIGINT. While a
//! [`SignalHold`] lives (from the start of the run until the host has printed its output), such
//! a late signal does not kill the process before it hands its output back.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, Once};
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

/// How long the main loop has to end the run after a signal before the signal thread restores
/// the terminal itself and lets the signal take its default action.
const SIGNAL_GRACE: Duration = Duration::from_secs(2);

struct Emergency {
    tty: File,
    exit_bytes: String,
    /// Wakes the main loop once a signal is recorded for it: the signal's own wake-up (written
    /// by the handler) can reach the loop before this thread has recorded the signal.
    wake: UnixStream,
}

static ACTIVE: Mutex<Option<Emergency>> = Mutex::new(None);
/// The signal waiting for the main loop (0 for none).
static PENDING_SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Counts runs, so a watchdog from an earlier run leaves a later one alone.
static RUN: AtomicU64 = AtomicU64::new(0);
static INSTALL: Once = Once::new();
/// Set once the current run's terminal hung up: a SIGHUP that follows announces what the run
/// already handles, and must not kill a process that still has answers to hand back.
static HUNG_UP: AtomicBool = AtomicBool::new(false);
/// How many [`SignalHold`]s live.
static HOLDS: AtomicUsize = AtomicUsize::new(0);
/// The first signal that came while no run was active but a hold lived (0 for none).
static LATE_SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Set while the run has handed the terminal to another program (an editor): a SIGINT then
/// comes from Ctrl+C typed for that program, and is its alone.
static HANDED_OVER: AtomicBool = AtomicBool::new(false);

fn active() -> MutexGuard<'static, Option<Emergency>> {
    ACTIVE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A registered run; dropping it unregisters without writing anything (the runtime restores
/// the terminal itself on the way out).
pub struct Active {
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Active {
    /// Registers a run on `tty`. `exit_bytes` restores the terminal's modes and puts the cursor
    /// below the frame; a byte on `wake` wakes the main loop. Fails if another run is active in
    /// this process.
    pub fn register(tty: File, exit_bytes: String, wake: UnixStream) -> io::Result<Active> {
        install_hooks()?;
        let mut active = active();
        if active.is_some() {
            return Err(io::Error::other(
                "an inline terminal runtime is already running in this process",
            ));
        }
        PENDING_SIGNAL.store(0, Ordering::SeqCst);
        HUNG_UP.store(false, Ordering::SeqCst);
        HANDED_OVER.store(false, Ordering::SeqCst);
        RUN.fetch_add(1, Ordering::SeqCst);
        *active = Some(Emergency {
            tty,
            exit_bytes,
            wake,
        });
        Ok(Active {
            _not_send: std::marker::PhantomData,
        })
    }

    /// What an emergency exit writes, as of the latest draw.
    pub fn set_exit_bytes(&self, bytes: String) {
        if let Some(emergency) = active().as_mut() {
            emergency.exit_bytes = bytes;
        }
    }

    /// Whether the terminal is handed to another program (see [`HANDED_OVER`]).
    pub fn set_handed_over(&self, handed_over: bool) {
        HANDED_OVER.store(handed_over, Ordering::SeqCst);
    }

    /// Whether a signal asked this run to end (left for [`Active::take_signal`]).
    #[cfg(feature = "editor")]
    pub fn signal_pending(&self) -> bool {
        PENDING_SIGNAL.load(Ordering::SeqCst) != 0
    }

    /// The signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that asked this run to end, if one came.
    pub fn take_signal(&self) -> Option<i32> {
        match PENDING_SIGNAL.swap(0, Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }
}

impl Drop for Active {
    fn drop(&mut self) {
        // Unwinding from a panic finds this already taken by the hook.
        active().take();
    }
}

/// Restores the terminal of the active run, if any: writes its exit bytes and leaves raw mode.
/// Safe to call more than once; only the first call does anything.
pub fn emergency_restore() {
    let taken = match ACTIVE.try_lock() {
        Ok(mut guard) => guard.take(),
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner().take(),
        // Held by a thread that is drawing; restoring now would interleave with its bytes.
        Err(std::sync::TryLockError::WouldBlock) => None,
    };
    if let Some(mut emergency) = taken {
        if HANDED_OVER.load(Ordering::SeqCst) {
            // Restoring the modes from a background group would stop this process.
            let _ = crate::process_group::take_foreground(emergency.tty.as_raw_fd());
        }
        let _ = emergency.tty.write_all(emergency.exit_bytes.as_bytes());
        let _ = emergency.tty.flush();
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// Keeps a signal that arrives after a run (outside raw mode Ctrl+C is SIGINT again) from
/// killing the process before its host has handed the run's output back.
///
/// While it lives, SIGINT, SIGTERM, SIGHUP and SIGQUIT with no run active are recorded
/// ([`late_signal`](SignalHold::late_signal)); should the process still be alive
/// two seconds later, the signal takes its default action then. Dropping the hold acts on
/// a recorded signal at once; [`keep_until_exit`](SignalHold::keep_until_exit) keeps the hold
/// for a process that is about to exit with an outcome of its own.
#[must_use = "dropping the hold acts on a late signal at once"]
pub struct SignalHold {
    _private: (),
}

impl SignalHold {
    pub(super) fn new() -> SignalHold {
        HOLDS.fetch_add(1, Ordering::SeqCst);
        SignalHold { _private: () }
    }

    /// The signal that arrived after the run, if one did.
    pub fn late_signal(&self) -> Option<i32> {
        match LATE_SIGNAL.load(Ordering::SeqCst) {
            0 => None,
            signal => Some(signal),
        }
    }

    /// Keeps holding for the rest of the process: it is about to print its output and exit
    /// with a status of its own, which a late signal must not replace.
    pub fn keep_until_exit(self) {
        std::mem::forget(self);
    }
}

impl Drop for SignalHold {
    fn drop(&mut self) {
        if HOLDS.fetch_sub(1, Ordering::SeqCst) == 1 {
            let signal = LATE_SIGNAL.swap(0, Ordering::SeqCst);
            if signal != 0 {
                die(signal);
            }
        }
    }
}

/// The panic hook and the signal thread, once per process.
pub(crate) fn install_hooks() -> io::Result<()> {
    let mut result = Ok(());
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            emergency_restore();
            previous(info);
        }));
        result = spawn_signal_thread();
    });
    result
}

fn spawn_signal_thread() -> io::Result<()> {
    // SIGQUIT too: `kill -QUIT`, or Ctrl+\ on a cooked terminal after the run, would end the
    // process without its answers.
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
    thread::Builder::new()
        .name("tea-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                on_signal(signal);
            }
        })?;
    Ok(())
}

/// Records that the terminal hung up (see [`HUNG_UP`]).
pub fn note_hang_up() {
    HUNG_UP.store(true, Ordering::SeqCst);
}

fn on_signal(signal: i32) {
    // A hang-up often brings two SIGHUPs (to the session leader and to the foreground process
    // group), and the loop may have seen it first: only the first one is news. A stuck loop is
    // still ended by the grace timer of that first one.
    if signal == SIGHUP && HUNG_UP.swap(true, Ordering::SeqCst) {
        return;
    }
    let active_run = active().is_some();
    if matches!(signal, SIGINT | SIGQUIT) && active_run && HANDED_OVER.load(Ordering::SeqCst) {
        return;
    }
    if !active_run {
        if HOLDS.load(Ordering::SeqCst) == 0 {
            // No run and no host finishing one: as if we had never installed a handler, but
            // the editor of a replay goes first.
            crate::process_group::end_running();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            return;
        }
        if LATE_SIGNAL
            .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            // A host that never exits does not make the signal disappear.
            thread::spawn(move || {
                thread::sleep(SIGNAL_GRACE);
                die(signal);
            });
        }
        return;
    }
    // The loop takes the first signal; another one before it does changes nothing (the
    // grace timer of the first still ends a stuck loop).
    if PENDING_SIGNAL
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_err()
    {
        return;
    }
    if let Some(emergency) = active().as_ref() {
        // Non-blocking; a full pipe already wakes the loop.
        let _ = (&emergency.wake).write(&[1]);
    }
    let run = RUN.load(Ordering::SeqCst);
    thread::spawn(move || {
        thread::sleep(SIGNAL_GRACE);
        if RUN.load(Ordering::SeqCst) == run && active().is_some() {
            die(signal);
        }
    });
}

fn die(signal: i32) {
    crate::process_group::end_running();
    emergency_restore();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
}
