//! Finds import circles between the modules of a crate.
//!
//! The rule it checks: **siblings form no circle.** The children of each module (the crate's
//! top-level modules, a module's submodules) are the nodes; one depends on another when code
//! anywhere under it names an item defined anywhere under the other (through `use`, a path in
//! code or in a macro's tokens). Every circle among siblings is reported with the lines that
//! make it. So `text` may be used by `view` and `view` by `components`, but then neither may use
//! `components` back. A module and its own children are one unit, as Rust's privacy makes them
//! (a child sees its parent's private items): they may use each other.
//!
//! `pub use` re-exports are not dependencies of the module that has them: a name used through a
//! re-export counts as a use of the module that defines it. Items under `#[cfg(test)]` are left
//! out; tests may reach anywhere.

mod graph;
mod parse;

use std::fmt;
use std::path::{Path, PathBuf};

pub use graph::Circle;

/// Why a crate could not be read.
#[derive(Debug)]
pub struct Error {
    pub file: PathBuf,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.message)
    }
}

impl std::error::Error for Error {}

/// The circles among the modules of the crate whose manifest directory is `crate_dir` (its
/// `src/lib.rs`, or `src/main.rs` when it has no library), in a stable order.
pub fn find(crate_dir: &Path) -> Result<Vec<Circle>, Error> {
    let src = crate_dir.join("src");
    let root = [src.join("lib.rs"), src.join("main.rs")]
        .into_iter()
        .find(|file| file.is_file())
        .ok_or_else(|| Error {
            file: src.clone(),
            message: "has neither lib.rs nor main.rs".into(),
        })?;
    let tree = parse::read_crate(&root, &src)?;
    Ok(graph::circles(&tree))
}

/// Every circle of the crate as one message, for a test's failure; empty when there is none.
pub fn report(crate_name: &str, circles: &[Circle]) -> String {
    circles
        .iter()
        .map(|circle| format!("import circle in {crate_name}: {circle}"))
        .collect::<Vec<_>>()
        .join("\n")
}
