//! Every crate of the workspace is layered one way: no two sibling modules use each other,
//! directly or around a ring (`module-circles` says exactly what counts). A circle fails with
//! the lines that make it.

use std::path::Path;

#[test]
fn no_crate_has_an_import_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut checked = Vec::new();
    let mut report = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.join("Cargo.toml").is_file() {
            continue;
        }
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        let circles = module_circles::find(&dir).unwrap_or_else(|error| panic!("{error}"));
        report.push(module_circles::report(&name, &circles));
        checked.push(name);
    }
    for layered in ["tea", "questionnaire", "question", "ask-user-question"] {
        assert!(
            checked.iter().any(|name| name == layered),
            "{layered} not found in {checked:?}"
        );
    }
    let report: Vec<String> = report.into_iter().filter(|r| !r.is_empty()).collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}
