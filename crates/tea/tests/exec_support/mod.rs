//! A one-line note whose draft Ctrl+G hands to the external editor, as a questionnaire's
//! editor will: the edited text replaces the draft; a failed editor leaves it and shows why.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use tea::input::{KeyCode, KeyModifiers, as_press};
use tea::{Cmd, Event, Exec, Line, Program, Size, Slot, Style};

#[derive(Debug, Default)]
pub struct Note {
    pub draft: String,
    pub error: Option<String>,
    pub edits: u32,
    size: Size,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Type(String),
    OpenEditor,
    Edited(Result<String, String>),
    Done,
    Resized(Size),
}

impl Note {
    pub fn new(draft: &str) -> Note {
        Note {
            draft: draft.to_owned(),
            ..Note::default()
        }
    }

    /// The frame's rows, as the runtime draws them.
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = vec![Line::plain(format!(
            "note: {}",
            self.draft.replace('\n', "⏎")
        ))];
        match &self.error {
            Some(error) => lines.push(Line::styled(format!("! {error}"), Style::fg(Slot::Error))),
            None => lines.push(Line::styled(
                format!("edits: {}", self.edits),
                Style::fg(Slot::Muted),
            )),
        }
        lines.push(Line::styled(
            "ctrl+g edit · enter done",
            Style::fg(Slot::Dim),
        ));
        lines
            .iter()
            .map(|line| tea::text::truncate_line(line, usize::from(self.size.width)))
            .collect()
    }
}

impl Program for Note {
    type Msg = Msg;
    type Output = String;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, String> {
        match msg {
            Msg::Type(text) => self.draft.push_str(&text),
            Msg::OpenEditor => {
                return Cmd::Exec(Exec::editor(self.draft.clone(), Msg::Edited).suffix(".md"));
            }
            Msg::Edited(Ok(text)) => {
                self.draft = text;
                self.error = None;
                self.edits += 1;
            }
            Msg::Edited(Err(error)) => self.error = Some(error),
            Msg::Done => return Cmd::Quit(self.draft.clone()),
            Msg::Resized(size) => self.size = size,
        }
        Cmd::None
    }

    /// Asks for the mouse, so the tests see it handed to the editor with the terminal.
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(self.lines()).mouse(tea::MouseMode::Clicks)
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => {
                let key = as_press(event)?;
                match key.code {
                    KeyCode::Char('g') if key.modifiers == KeyModifiers::CTRL => {
                        Some(Msg::OpenEditor)
                    }
                    KeyCode::Char('c') if key.modifiers == KeyModifiers::CTRL => Some(Msg::Done),
                    KeyCode::Enter => Some(Msg::Done),
                    KeyCode::Char(c) if (key.modifiers - KeyModifiers::SHIFT).is_empty() => {
                        Some(Msg::Type(c.to_string()))
                    }
                    _ => None,
                }
            }
        }
    }
}

/// A directory of its own under the system's temporary directory, removed on drop.
pub struct Scratch {
    pub dir: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "tea-exec-test-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        std::fs::create_dir_all(&dir).expect("create a scratch directory");
        Scratch { dir }
    }

    /// Writes a shell script and returns the command line that runs it.
    pub fn script(&self, name: &str, body: &str) -> String {
        let path = self.dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write the script");
        format!("sh {}", quote(&path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `path` quoted for `sh`.
pub fn quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}
