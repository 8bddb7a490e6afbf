//! A short seeded soak on a pseudo-terminal: random bytes, cut-off sequences, keys, pastes
//! (split, unterminated, with control bytes) and resize storms, then one of the ways out. Every
//! session must exit with the result JSON on stdout and the terminal as it was.
//!
//! A failure names its seed; `PTY_SOAK_SEED=N cargo test -p ask-user-question --test soak`
//! replays that one session, and `PTY_SOAK_SESSIONS=N` runs N sessions per test instead of the
//! small budget for CI. Seeds that once failed stay below as named cases.

mod support;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use serde_json::json;
use support::fixture;
use support::pty::{Ending, Launch, Session};

/// Sessions per soak test (two tests run in parallel) unless `PTY_SOAK_SESSIONS` says.
const SESSIONS: u64 = 12;

fn sessions() -> u64 {
    std::env::var("PTY_SOAK_SESSIONS")
        .ok()
        .map_or(SESSIONS, |n| {
            n.parse().expect("PTY_SOAK_SESSIONS is a number")
        })
}

/// splitmix64: small, seedable, the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `low..high`.
    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() as u64) as usize]
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.range(0, 100) < percent
    }
}

const PARTIALS: &[&[u8]] = &[
    b"\x1b",
    b"\x1b[",
    b"\x1b[1;",
    b"\x1b[1;5",
    b"\x1b[<0;12",
    b"\x1b[<35;80;",
    b"\x1b[200~",
    b"\x1b[20",
    b"\x1b[201",
    b"\x1bO",
    b"\x1b[99;",
    b"\x1b]0;title",
    b"\xe2\x82",
    b"\xf0\x9f",
];

const KEYS: &[&[u8]] = &[
    b"1",
    b"2",
    b"3",
    b"4",
    b"9",
    b"x",
    b" ",
    b"\r",
    b"\t",
    b"\x1b[Z",
    b"\x1b[A",
    b"\x1b[B",
    b"\x1b[C",
    b"\x1b[D",
    b"\x7f",
    b"\x1d",
    b"\x1b[93;5u",
    b"\x1b[13;2u",
    b"\x1b[27;2;13~",
    b"n",
    b"\n",
    b"\x1b[<0;10;5M",
    b"\x1b[5~",
    b"\x1b[6~",
];

/// Random bytes of any value but the two that would signal the binary should the terminal be
/// cooked again by then (the run may have ended by itself): Ctrl+C and Ctrl+\ (SIGQUIT), and
/// the flow-control pair, which would stop the terminal's output. The endings cover Ctrl+C.
fn random_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.range(1, 24);
    (0..len)
        .map(|_| rng.next() as u8)
        .filter(|b| !matches!(b, 0x03 | 0x1c | 0x11 | 0x13))
        .collect()
}

fn random_paste(rng: &mut Rng) -> Vec<u8> {
    let mut text = Vec::new();
    for _ in 0..rng.range(0, 40) {
        let piece: &[u8] = rng.pick::<&[u8]>(&[
            b"a",
            b"Z",
            b"7",
            b"2",
            b"\r",
            b"\n",
            b"\r\n",
            b"\t",
            b" ",
            b"\x07",
            b"\x1b[31m",
            "é".as_bytes(),
            "\u{9b}".as_bytes(),
            b"\x1b",
        ]);
        text.extend_from_slice(piece);
    }
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(text);
    if !rng.chance(15) {
        paste.extend_from_slice(b"\x1b[201~");
    }
    paste
}

/// One session from `seed`; panics (naming nothing: the caller adds the seed) on a failure.
fn session(seed: u64) {
    let mut rng = Rng(seed);
    let size = (rng.range(20, 140) as u16, rng.range(6, 50) as u16);
    let input = std::fs::read_to_string(fixture("release.json")).unwrap();
    let mut session = Session::start(Launch {
        input,
        size,
        kitty: rng.chance(50),
        args: &[],
        env: &[],
    });
    // Raw mode is on once the binary turns bracketed paste on.
    session.wait_for_output(b"\x1b[?2004h");
    for _ in 0..rng.range(3, 20) {
        if !session.running() {
            break;
        }
        match rng.range(0, 6) {
            0 => session.write(&random_bytes(&mut rng)),
            1 => session.write(rng.pick(PARTIALS)),
            2 => session.write(rng.pick(KEYS)),
            3 => {
                let paste = random_paste(&mut rng);
                let cut = rng.range(0, paste.len() as u64 + 1) as usize;
                session.write(&paste[..cut]);
                session.write(&paste[cut..]);
            }
            4 => {
                for _ in 0..rng.range(2, 10) {
                    session.resize((rng.range(1, 160) as u16, rng.range(1, 60) as u16));
                }
            }
            _ => std::thread::sleep(Duration::from_millis(rng.range(0, 80))),
        }
    }
    let ending = rng.pick(&Ending::ALL);
    session.end(ending);
    let finished = session.finish();
    let code = finished.code();
    eprintln!("session {seed}: {size:?}, ended by {ending:?} or earlier, exit {code}");
    assert!(
        [0, 130, 143, 129, 131].contains(&code),
        "exit {code} after {ending:?}"
    );
    let result = finished.result();
    assert!(result["details"]["answers"].is_object(), "{result}");
    assert_eq!(
        result["details"]["cancelled"],
        json!(code != 0),
        "exit {code} after {ending:?}"
    );
    let problems = finished.terminal_problems();
    assert!(problems.is_empty(), "after {ending:?}: {problems:?}");
}

/// Runs the sessions of `seeds` (or only `PTY_SOAK_SEED`), naming the seed of a failure.
fn soak(seeds: impl Iterator<Item = u64>) {
    let only: Option<u64> = std::env::var("PTY_SOAK_SEED")
        .ok()
        .map(|seed| seed.parse().expect("PTY_SOAK_SEED is a number"));
    for seed in seeds.filter(|seed| only.is_none_or(|only| only == *seed)) {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| session(seed))) {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("");
            panic!("soak session {seed} failed: {message}\nreplay: PTY_SOAK_SEED={seed}");
        }
    }
}

#[test]
fn soak_first_half() {
    soak(1..=sessions());
}

#[test]
fn soak_second_half() {
    soak(sessions() + 1..=2 * sessions());
}

/// Its cut-off sequence left crossterm's reader waiting for the rest: Ctrl+C did nothing and
/// the signal killed the process with no result.
#[test]
fn seed_1_a_cut_off_sequence_once_jammed_the_input() {
    soak(1..=1);
}
