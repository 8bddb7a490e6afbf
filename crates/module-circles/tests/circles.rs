//! The circle finder on small crates written for each case: what it reports, and what it
//! leaves alone.

use std::fs;
use std::path::{Path, PathBuf};

/// A crate in a scratch folder of its own, removed when dropped.
struct Crate(PathBuf);

impl Crate {
    fn new(case: &str, files: &[(&str, &str)]) -> Crate {
        let dir =
            std::env::temp_dir().join(format!("module-circles-{case}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for (path, text) in files {
            let file = dir.join("src").join(path);
            fs::create_dir_all(file.parent().unwrap()).unwrap();
            fs::write(file, text).unwrap();
        }
        Crate(dir)
    }

    fn circles(&self) -> Vec<String> {
        module_circles::find(&self.0)
            .unwrap()
            .iter()
            .map(|circle| circle.to_string())
            .collect()
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Crate {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn two_modules_that_use_each_other_are_a_circle_with_both_lines() {
    let krate = Crate::new(
        "pair",
        &[
            ("lib.rs", "mod model;\nmod view;\n"),
            (
                "model.rs",
                "use crate::view::Memo;\npub struct App(Memo);\n",
            ),
            (
                "view.rs",
                "pub struct Memo;\n\nfn draw(app: &crate::model::App) {}\n",
            ),
        ],
    );
    assert_eq!(
        krate.circles(),
        [
            "model -> view -> model\n  model.rs:1 names crate::view::Memo\n  view.rs:3 names crate::model::App"
        ]
    );
}

#[test]
fn layers_that_only_use_the_ones_below_are_no_circle() {
    let krate = Crate::new(
        "layers",
        &[
            ("lib.rs", "mod text;\nmod block;\nmod view;\n"),
            ("text.rs", "pub fn cut() {}\n"),
            ("block.rs", "use crate::text::cut;\npub trait Block {}\n"),
            (
                "view.rs",
                "use crate::block::Block;\nfn f() { crate::text::cut() }\n",
            ),
        ],
    );
    assert!(krate.circles().is_empty());
}

#[test]
fn a_ring_of_three_is_reported_once_in_ring_order() {
    let krate = Crate::new(
        "ring",
        &[
            ("lib.rs", "mod a;\nmod b;\nmod c;\n"),
            ("a.rs", "pub struct A(crate::b::B);\n"),
            ("b.rs", "pub struct B(crate::c::C);\n"),
            ("c.rs", "pub struct C(Box<crate::a::A>);\n"),
        ],
    );
    let circles = krate.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(
        circles[0].starts_with("a -> b -> c -> a\n"),
        "{}",
        circles[0]
    );
}

#[test]
fn a_circle_through_submodules_is_one_between_their_top_level_modules() {
    let krate = Crate::new(
        "nested",
        &[
            ("lib.rs", "mod components;\nmod mouse;\n"),
            ("components/mod.rs", "mod panel;\npub use panel::Panel;\n"),
            (
                "components/panel.rs",
                "pub struct Panel(crate::mouse::HitId);\n",
            ),
            (
                "mouse.rs",
                "pub struct HitId;\nfn hits(panel: &crate::components::Panel) {}\n",
            ),
        ],
    );
    let circles = krate.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(
        circles[0].starts_with("components -> mouse -> components\n"),
        "{}",
        circles[0]
    );
    // The name used through a re-export counts for the module that defines it.
    assert!(
        circles[0].contains("components/panel.rs:1 names crate::mouse::HitId"),
        "{}",
        circles[0]
    );
}

#[test]
fn a_module_and_its_own_children_may_use_each_other() {
    let krate = Crate::new(
        "children",
        &[
            ("lib.rs", "mod view;\n"),
            (
                "view/mod.rs",
                "mod memo;\npub struct View;\nfn f(_: memo::Memo) {}\n",
            ),
            ("view/memo.rs", "pub struct Memo(super::View);\n"),
        ],
    );
    assert!(krate.circles().is_empty());
}

#[test]
fn a_re_export_alone_is_no_dependency() {
    let krate = Crate::new(
        "reexport",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            ("a.rs", "pub use crate::b::B;\npub struct A;\n"),
            ("b.rs", "pub struct B(crate::a::A);\n"),
        ],
    );
    assert!(krate.circles().is_empty());
}

#[test]
fn tests_may_reach_anywhere() {
    let krate = Crate::new(
        "tests",
        &[
            ("lib.rs", "mod a;\nmod b;\n"),
            (
                "a.rs",
                "pub struct A;\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n",
            ),
            ("b.rs", "pub struct B(crate::a::A);\n"),
        ],
    );
    assert!(krate.circles().is_empty());
}

#[test]
fn a_missing_module_file_is_an_error_naming_the_file() {
    let krate = Crate::new("missing", &[("lib.rs", "mod gone;\n")]);
    let error = module_circles::find(krate.path()).unwrap_err();
    assert!(error.file.ends_with("lib.rs"), "{error}");
    assert!(error.message.contains("mod gone;"), "{error}");
}
