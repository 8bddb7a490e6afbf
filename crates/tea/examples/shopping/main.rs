//! `cargo run -p tea --example shopping`: the README's guide, running. Pick with space, quit
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
