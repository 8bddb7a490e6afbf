//! `cargo run -p tea --example shopping`: the guide's program (docs/guide.md), running. Pick with space, quit
//! with `q`; prints what was picked.

mod model;

use std::process::ExitCode;

fn main() -> ExitCode {
    match tea::run(model::Shopping::new()) {
        Ok(picked) => {
            println!("{}", picked.join(", "));
            ExitCode::SUCCESS
        }
        Err(stopped) => {
            eprintln!("shopping: {stopped}");
            stopped.exit_code()
        }
    }
}
