//! The README's test drives the README's program: its hidden lines (`# …`) are the program's
//! model, which must stay the one shown above it, to the letter. The blocks themselves are
//! compiled and run as doctests (`lib.rs`).

use std::path::Path;

/// The Rust code blocks of `text`, in order.
fn rust_blocks(text: &str) -> Vec<Vec<&str>> {
    let mut blocks = Vec::new();
    let mut open: Option<Vec<&str>> = None;
    for line in text.lines() {
        match open.take() {
            None if line.starts_with("```rust") => open = Some(Vec::new()),
            None => {}
            Some(block) if line == "```" => blocks.push(block),
            Some(mut block) => {
                block.push(line);
                open = Some(block);
            }
        }
    }
    blocks
}

#[test]
fn the_test_runs_the_program_the_readme_shows() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("tea's README");
    let blocks = rust_blocks(&readme);
    assert!(
        blocks.len() >= 2,
        "the program and its test: {} blocks",
        blocks.len()
    );
    let (program, test) = (&blocks[0], &blocks[1]);
    let main = program
        .iter()
        .position(|line| line.starts_with("fn main("))
        .expect("the program has a main");
    let shown: Vec<&str> = program[..main].to_vec();
    let hidden: Vec<&str> = test
        .iter()
        .filter_map(|line| match *line {
            "#" => Some(""),
            other => other.strip_prefix("# "),
        })
        .collect();
    let trim = |lines: &[&str]| lines.join("\n").trim_end().to_string();
    assert_eq!(
        trim(&hidden),
        trim(&shown),
        "the README's test must drive the model its program shows"
    );
}
