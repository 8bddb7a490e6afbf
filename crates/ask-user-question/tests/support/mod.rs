//! Running the built binary from tests.
#![allow(dead_code)] // each test file uses its own part of these helpers

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

pub mod editor;
pub mod pty;
pub mod tmux;

pub const BINARY: &str = env!("CARGO_BIN_EXE_ask-user-question");

pub fn binary() -> Command {
    let mut command = Command::new(BINARY);
    // The tests decide the theme; the environment they run in does not.
    command.env_remove("NO_COLOR");
    // Nothing a test asks reaches the inbox of whoever runs the tests; the inbox tests say
    // otherwise with a store of their own.
    command.env("ASK_USER_QUESTION_INBOX", "0");
    command
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

pub fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(name)
}

/// Runs the binary with `args` and no standard input.
pub fn run(args: &[&str]) -> Output {
    binary()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs the binary with `stdin` piped in.
pub fn run_with_stdin(args: &[&str], stdin: &str) -> Output {
    run_command_with_stdin(binary().args(args), stdin)
}

pub fn run_command_with_stdin(command: &mut Command, stdin: &str) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin takes the input");
    child.wait_with_output().expect("the binary finishes")
}

pub fn stdout_json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {:?}\nstderr: {}",
            String::from_utf8_lossy(&output.stdout),
            stderr(output)
        )
    })
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
