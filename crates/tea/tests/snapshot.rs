//! The snapshot kit: file format, mismatch and missing files, updating, CI refusal, orphans.

use std::path::{Path, PathBuf};

use tea::snapshot::{UpdateMode, check_snapshot_with, format_snapshot, orphan_snapshots};

const CHECK: UpdateMode = UpdateMode {
    update: false,
    ci: false,
};
const UPDATE: UpdateMode = UpdateMode {
    update: true,
    ci: false,
};
const UPDATE_IN_CI: UpdateMode = UpdateMode {
    update: true,
    ci: true,
};

/// A fresh directory for one test (tests run in parallel), removed when the test ends, also
/// when it panics as it means to.
fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("tea-snapshot-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn rows(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn rows_sit_between_edge_markers_padded_to_the_width() {
    let text = format_snapshot("# case: demo  size: 6x2", &rows(&["ab", "日本語"]), 8);
    assert_eq!(text, "# case: demo  size: 6x2\n│ab      │\n│日本語  │\n");
}

#[test]
fn a_matching_file_passes() {
    let dir = temp_dir("match");
    let path = dir.join("case@4x1.txt");
    std::fs::write(&path, "# header\n│ok  │\n").unwrap();
    check_snapshot_with(&path, "# header", &rows(&["ok"]), 4, CHECK).unwrap();
}

#[test]
fn a_mismatch_fails_with_a_diff_and_leaves_the_file() {
    let dir = temp_dir("mismatch");
    let path = dir.join("case@4x1.txt");
    std::fs::write(&path, "# header\n│old │\n").unwrap();
    let err = check_snapshot_with(&path, "# header", &rows(&["new"]), 4, CHECK).unwrap_err();
    assert!(err.contains("differs"), "{err}");
    assert!(err.contains("old") && err.contains("new"), "{err}");
    assert!(err.contains("UPDATE_SNAPSHOTS=1"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# header\n│old │\n"
    );
}

#[test]
fn a_missing_file_fails_and_prints_the_frame() {
    let dir = temp_dir("missing");
    let path = dir.join("nothing@4x1.txt");
    let err = check_snapshot_with(&path, "# header", &rows(&["frame"]), 4, CHECK).unwrap_err();
    assert!(err.contains("missing"), "{err}");
    assert!(err.contains("│frame│"), "{err}");
    assert!(!path.exists());
}

#[test]
fn update_mode_writes_missing_and_changed_files() {
    let dir = temp_dir("update");
    let path = dir.join("sub").join("case@4x1.txt");
    check_snapshot_with(&path, "# h", &rows(&["v1"]), 4, UPDATE).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "# h\n│v1  │\n");
    check_snapshot_with(&path, "# h", &rows(&["v2"]), 4, UPDATE).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "# h\n│v2  │\n");
    check_snapshot_with(&path, "# h", &rows(&["v2"]), 4, CHECK).unwrap();
}

#[test]
fn update_is_refused_under_ci() {
    let dir = temp_dir("ci");
    let path = dir.join("case@4x1.txt");
    let err = check_snapshot_with(&path, "# h", &rows(&["x"]), 4, UPDATE_IN_CI).unwrap_err();
    assert!(err.contains("CI"), "{err}");
    assert!(!path.exists());
    std::fs::write(&path, "# h\n│y   │\n").unwrap();
    assert!(check_snapshot_with(&path, "# h", &rows(&["x"]), 4, UPDATE_IN_CI).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "# h\n│y   │\n");
}

#[test]
fn files_with_crlf_line_ends_still_match() {
    let dir = temp_dir("crlf");
    let path = dir.join("case@2x1.txt");
    std::fs::write(&path, "# h\r\n│ab│\r\n").unwrap();
    check_snapshot_with(&path, "# h", &rows(&["ab"]), 2, CHECK).unwrap();
}

#[test]
fn orphans_are_snapshot_files_no_case_produced() {
    let dir = temp_dir("orphans");
    for name in ["a@40x12.txt", "b@40x12.txt", "stale@80x24.txt", "notes.md"] {
        std::fs::write(dir.join(name), "x").unwrap();
    }
    let produced = [dir.join("a@40x12.txt"), dir.join("b@40x12.txt")];
    assert_eq!(
        orphan_snapshots(&dir, &produced),
        vec![dir.join("stale@80x24.txt")]
    );
    assert_eq!(
        orphan_snapshots(Path::new("/nonexistent/snapshots"), &produced),
        Vec::<PathBuf>::new()
    );
}
