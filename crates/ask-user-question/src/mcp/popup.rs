//! The terminal questionnaire in a tmux popup: `tmux display-popup -E` runs this program on
//! the questionnaire, sized to what it needs on the client's terminal, and its result JSON comes
//! back through a file in a scratch directory.
//!
//! The program in the popup is the CLI itself, so a call gets every key, the editor, the time
//! limit and the signals' handling of a terminal run. Closing a popup is ending that program
//! with SIGTERM: it prints the cancelled result with every answer and draft, exits, and
//! `-E` closes the popup.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use question::{Questionnaire, ToolResult};
use questionnaire::App;
use serde_json::{Value, json};
use tea::Size;
use tokio::process::Command;
use tokio_util::sync::CancellationToken;

/// The widest popup: wider only stretches the rows.
const MAX_WIDTH: u16 = 120;
/// How long a closed questionnaire may take to print its result and exit.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// How long a popup just opened may take to write its process id, when the server exits.
const START_GRACE: Duration = Duration::from_secs(1);

/// The processes of the popups open now, and the pid files of those still starting, so that a
/// server that exits closes them all.
#[derive(Debug, Clone, Default)]
pub struct OpenPopups {
    pids: Arc<Mutex<BTreeSet<i32>>>,
    starting: Arc<Mutex<BTreeSet<PathBuf>>>,
}

impl OpenPopups {
    fn starting(&self, pid_file: &Path) {
        self.starting
            .lock()
            .expect("popup list")
            .insert(pid_file.to_path_buf());
    }

    fn add(&self, pid_file: &Path, pid: i32) {
        self.starting.lock().expect("popup list").remove(pid_file);
        self.pids.lock().expect("popup list").insert(pid);
    }

    fn remove(&self, pid_file: &Path, pid: Option<i32>) {
        self.starting.lock().expect("popup list").remove(pid_file);
        if let Some(pid) = pid {
            self.pids.lock().expect("popup list").remove(&pid);
        }
    }

    /// Ends every open questionnaire (each prints its result and its popup closes), those still
    /// starting once they say their process, and waits a moment for them to go.
    pub fn close_all(&self) {
        let mut pids: Vec<i32> = self
            .pids
            .lock()
            .expect("popup list")
            .iter()
            .copied()
            .collect();
        let mut starting: Vec<PathBuf> = self
            .starting
            .lock()
            .expect("popup list")
            .iter()
            .cloned()
            .collect();
        let started = std::time::Instant::now() + START_GRACE;
        while !starting.is_empty() && std::time::Instant::now() < started {
            starting.retain(|pid_file| match read_pid(pid_file) {
                Some(pid) => {
                    pids.push(pid);
                    false
                }
                None => true,
            });
            if !starting.is_empty() {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        for &pid in &pids {
            terminate(pid);
        }
        let deadline = std::time::Instant::now() + CLOSE_GRACE;
        while pids.iter().any(|&pid| alive(pid)) && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The CLI's arguments the popup's questionnaire runs with (theme, time limit, keys…).
pub type CliArgs = Vec<String>;

/// Asks `input` in a popup on the tmux client the server runs under; the questionnaire's
/// result, or why no popup opened. `cancel` closes the popup and returns the cancelled result.
pub async fn ask(
    input: &Value,
    questionnaire: &Questionnaire,
    args: &CliArgs,
    open: &OpenPopups,
    cancel: &CancellationToken,
) -> Result<ToolResult, String> {
    let scratch =
        Scratch::new().map_err(|error| format!("cannot make a scratch directory: {error}"))?;
    std::fs::write(scratch.path("input.json"), input.to_string())
        .map_err(|error| format!("cannot write the questionnaire: {error}"))?;
    let client = client_size().await?;
    let (width, height) = popup_size(questionnaire, client);
    let exe = std::env::current_exe()
        .map_err(|error| format!("cannot find this program to run in the popup: {error}"))?;
    let mut command = vec![
        exe.display().to_string(),
        scratch.path("input.json").display().to_string(),
    ];
    command.extend(args.iter().cloned());
    let script = format!(
        "echo $$ > {pid}; exec {command} > {result}",
        pid = quote(&scratch.path("pid").display().to_string()),
        command = command
            .iter()
            .map(|a| quote(a))
            .collect::<Vec<_>>()
            .join(" "),
        result = quote(&scratch.path("result.json").display().to_string()),
    );
    let mut popup = Command::new("tmux")
        // No border of tmux's: the questionnaire draws its own frame with its title.
        .args([
            "display-popup",
            "-E",
            "-B",
            "-w",
            &width.to_string(),
            "-h",
            &height.to_string(),
        ])
        .arg(&script)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|error| format!("cannot run tmux: {error}"))?;
    let mut stderr = popup.stderr.take();
    let pid_file = scratch.path("pid");
    open.starting(&pid_file);
    let mut pid = None;
    let status = loop {
        if pid.is_none() {
            pid = read_pid(&pid_file);
            if let Some(pid) = pid {
                open.add(&pid_file, pid);
            }
        }
        tokio::select! {
            status = popup.wait() => break status,
            () = cancel.cancelled() => {
                // A popup just opened may not have said its process yet.
                let said = async {
                    loop {
                        if let Some(pid) = read_pid(&pid_file) {
                            return pid;
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                };
                let pid = match pid {
                    Some(pid) => Some(pid),
                    None => tokio::time::timeout(START_GRACE, said).await.ok(),
                };
                if let Some(pid) = pid {
                    terminate(pid);
                }
                let _ = tokio::time::timeout(CLOSE_GRACE, popup.wait()).await;
                break Ok(std::process::ExitStatus::default());
            }
            () = tokio::time::sleep(Duration::from_millis(50)), if pid.is_none() => {}
        }
    };
    open.remove(&pid_file, pid);
    let printed = std::fs::read_to_string(scratch.path("result.json")).unwrap_or_default();
    match serde_json::from_str::<Value>(&printed) {
        Ok(mut result) => {
            result["details"]["via"] = json!("tmux");
            Ok(ToolResult {
                content: result["content"].as_str().unwrap_or_default().to_string(),
                details: result["details"].take(),
            })
        }
        Err(_) => {
            let mut why = String::new();
            if let Some(stderr) = stderr.as_mut() {
                use tokio::io::AsyncReadExt;
                let _ = stderr.read_to_string(&mut why).await;
            }
            let status = status.map_or_else(|e| e.to_string(), |s| s.to_string());
            Err(format!(
                "the tmux popup gave no answers ({status}): {}",
                why.trim()
            ))
        }
    }
}

/// The client's terminal size, from tmux.
async fn client_size() -> Result<Size, String> {
    let output = Command::new("tmux")
        .args(["display-message", "-p", "#{client_width}x#{client_height}"])
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .map_err(|error| format!("cannot run tmux: {error}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let parsed = text
        .trim()
        .split_once('x')
        .and_then(|(w, h)| Some(Size::new(w.parse().ok()?, h.parse().ok()?)))
        .filter(|size| output.status.success() && size.width > 0 && size.height > 0);
    parsed.ok_or_else(|| {
        format!(
            "tmux has no client to show a popup on: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )
    })
}

/// The popup's size on a client of `client` cells: as wide as the client up to 120 columns, and
/// as high as the questionnaire needs at that width, up to the client's height.
fn popup_size(questionnaire: &Questionnaire, client: Size) -> (u16, u16) {
    let width = client.width.min(MAX_WIDTH);
    let need = App::new(questionnaire.clone()).height(Size::new(width, client.height));
    let height = u16::try_from(need).unwrap_or(u16::MAX).min(client.height);
    (width, height)
}

fn read_pid(path: &Path) -> Option<i32> {
    std::fs::read_to_string(path).ok()?.trim().parse().ok()
}

fn terminate(pid: i32) {
    // SAFETY: kill(2) with a pid this server's popup wrote; no memory is touched.
    unsafe {
        libc::kill(pid, libc::SIGTERM);
    }
}

fn alive(pid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the process exists.
    unsafe { libc::kill(pid, 0) == 0 }
}

/// `text` as one word for the shell.
fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A scratch directory for one popup, removed when dropped.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new() -> std::io::Result<Scratch> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ask-user-question-mcp-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch { dir })
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_keeps_one_word() {
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
    }

    #[test]
    fn the_popup_is_as_high_as_the_questionnaire_needs() {
        let questionnaire = question::validate(&json!({"questions": [
            {"id": "a", "header": "A", "prompt": "Pick?", "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}
        ]}))
        .unwrap();
        let (width, height) = popup_size(&questionnaire, Size::new(200, 60));
        assert_eq!(width, MAX_WIDTH);
        assert!(height < 60, "{height}");
        let (width, height) = popup_size(&questionnaire, Size::new(40, 8));
        assert_eq!((width, height), (40, 8));
    }
}
