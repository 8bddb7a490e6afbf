//! `--web` and `--web-only` from the command line: what is refused before anything is served.
//! The page itself is tested in a browser (tests/web).

mod support;

use support::{fixture, run, stderr};

#[test]
fn web_and_a_key_replay_do_not_mix() {
    let file = fixture("two_lines.json");
    for flag in ["--web", "--web-only"] {
        let output = run(&[file.to_str().unwrap(), flag, "--keys", "enter"]);
        assert_eq!(output.status.code(), Some(2), "{flag}: {}", stderr(&output));
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_bad_address_is_named() {
    let file = fixture("two_lines.json");
    let output = run(&[file.to_str().unwrap(), "--web=somewhere", "--web-only"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("expected `lan`, an IP address or IP:PORT"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn an_address_that_cannot_be_bound_fails_before_asking() {
    let file = fixture("two_lines.json");
    // TEST-NET-1 is never this machine's address.
    let output = run(&[file.to_str().unwrap(), "--web=192.0.2.1:9", "--web-only"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot serve the web page"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
}
