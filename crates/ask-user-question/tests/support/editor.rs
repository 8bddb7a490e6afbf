//! Scripted external editors (Ctrl+G) and the questionnaire waiting for one.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use super::pty::{Launch, Session};

/// A temporary directory for an editor script and what it records, removed when dropped.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        // The editor is a shell command line: a plain path, no quoting needed.
        let dir = std::env::temp_dir().join(format!("ask-editor-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// The path of `name` in the directory.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// An executable shell script running `body`; its path.
    pub fn script(&self, body: &str) -> String {
        let path = self.0.join("editor.sh");
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path.to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// One text question, "notes".
pub const NOTES: &str = r#"{"questions": [{"id": "notes", "header": "Notes",
    "prompt": "What should the notes say?", "type": "text"}]}"#;

/// [`NOTES`] on a terminal of `size` with `visual` as the editor: "draft" typed, then Ctrl+G,
/// until the editor writes `EDITOR READY` on the terminal.
pub fn editor_open(visual: &str, size: (u16, u16)) -> Session {
    let mut session = Session::start_with(
        Launch {
            input: NOTES.into(),
            size,
            kitty: false,
            args: &[],
            env: &[],
        },
        |command| {
            command.env("VISUAL", visual).env_remove("EDITOR");
        },
    );
    session.wait_for_text("What should the notes say?");
    session.write(b"draft");
    session.wait_for_text("draft");
    session.write(b"\x07");
    session.wait_for_text("EDITOR READY");
    session
}
