//! Prints the import circles of the crate in the directory given: `cargo run -p module-circles --example circles -- crates/tea`.
fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    match module_circles::find(std::path::Path::new(&dir)) {
        Ok(circles) if circles.is_empty() => println!("no import circle in {dir}"),
        Ok(circles) => {
            println!("{}", module_circles::report(&dir, &circles));
            std::process::exit(1);
        }
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    }
}
