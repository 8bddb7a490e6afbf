//! `Cmd::Exec` in the inline runtime on a real pseudo-terminal: Ctrl+G hands the terminal to
//! the editor (`$VISUAL`, a small `sh` script here) in cooked mode with the region erased, then
//! takes it back, redraws the region where it was and gives the program the edited text.
//! Ctrl+C meanwhile is the editor's; SIGTERM ends the editor, then the run.

mod exec_support;
mod pty_support;

use exec_support::{Note, Scratch};
use pty_support::{CHILD_ENV, Launch, Terminal, report};
use tea::runtime::{InlineOptions, run_inline};
use tea::{Palette, Size};

/// The frame the note draws with `draft` after `edits` edits, at 40 columns.
fn frame(draft: &str, edits: u32) -> Vec<String> {
    let mut note = Note::new(draft);
    note.edits = edits;
    let _ = tea::Program::update(&mut note, exec_support::Msg::Resized(Size::new(40, 12)));
    note.lines().iter().map(tea::Line::plain_text).collect()
}

fn launch(scratch: &Scratch, editor_script: &str) -> Terminal {
    let editor = scratch.script("edit.sh", editor_script);
    Terminal::launch(Launch {
        scenario: "note",
        env: vec![("VISUAL".into(), editor), ("EDITOR".into(), "false".into())],
        ..Launch::default()
    })
}

#[test]
#[ignore = "runs only as the child process of the other tests here"]
fn child_process() {
    let scenario = std::env::var(CHILD_ENV).expect("started by a pty test with TEA_PTY_CHILD");
    assert_eq!(scenario, "note");
    let outcome = run_inline(
        Note::new("draft"),
        Palette::dark(),
        InlineOptions::default(),
    );
    match outcome {
        Ok(outcome) => println!(
            "REPORT {:?} error={:?} draft={:?}",
            outcome.ending, outcome.program.error, outcome.program.draft
        ),
        Err(err) => println!("REPORT error: {err}"),
    }
}

#[test]
fn a_full_screen_editor_gets_the_terminal_and_the_region_comes_back_where_it_was() {
    let scratch = Scratch::new("pty-full");
    let mut term = launch(
        &scratch,
        r#"printf '\033[?1049h\033[HFULL SCREEN EDITOR'
read -r line
printf '\033[?1049l'
printf ' %s' "$line" >> "$1""#,
    );
    let history = ["$ app".to_owned()];
    term.wait_for_lines(&[&history[..], &frame("draft", 0)].concat());
    assert!(!term.is_cooked());
    term.wait_until("mouse reports on", |_| term.mouse_reported());
    term.type_keys("\x07");
    term.wait_for_text("FULL SCREEN EDITOR");
    // The editor has the terminal as a shell left it: cooked, cursor shown, no mouse reports.
    assert!(term.is_cooked(), "cooked while the editor runs");
    assert!(!term.cursor_hidden());
    assert!(!term.mouse_reported());
    term.type_keys("typed words\r");
    // Back: the same rows at the same place, with the edited text.
    term.wait_for_lines(&[&history[..], &frame("draft typed words", 1)].concat());
    assert!(!term.is_cooked(), "raw mode again");
    assert!(term.cursor_hidden());
    term.wait_until("mouse reports on again", |_| term.mouse_reported());
    // Keys typed after the editor reach the program.
    term.type_keys("!\r");
    let (stdout, status, term) = term.finish();
    assert_eq!(
        report(&stdout),
        r#"Quit("draft typed words!") error=None draft="draft typed words!""#
    );
    assert!(status.success());
    assert!(term.is_cooked());
    assert!(!term.cursor_hidden());
    assert!(!term.mouse_reported());
}

#[test]
fn an_editor_on_the_main_screen_leaves_its_output_and_the_frame_follows_it() {
    let scratch = Scratch::new("pty-inline");
    let mut term = launch(
        &scratch,
        r#"echo 'editing…'
printf 'new text' > "$1""#,
    );
    term.wait_for_text("edits: 0");
    term.type_keys("\x07");
    term.wait_for_block(&[&["editing…".to_owned()][..], &frame("new text", 1)].concat());
    term.type_keys("\r");
    let (stdout, _, _) = term.finish();
    assert_eq!(
        report(&stdout),
        r#"Quit("new text") error=None draft="new text""#
    );
}

#[test]
fn ctrl_c_while_the_editor_runs_is_the_editors_and_the_draft_stays() {
    let scratch = Scratch::new("pty-ctrl-c");
    let mut term = launch(
        &scratch,
        r#"printf 'WAITING FOR A LINE\n'
read -r line
printf 'ruined' > "$1""#,
    );
    term.wait_for_text("edits: 0");
    term.type_keys("\x07");
    term.wait_for_text("WAITING FOR A LINE");
    term.type_keys("\x03");
    // The editor is interrupted; the program is not, and shows why its draft is unchanged.
    term.wait_for_text("! the editor `sh ");
    term.wait_for_text("note: draft");
    assert!(!term.is_cooked());
    term.type_keys("\r");
    let (stdout, status, _) = term.finish();
    let report = report(&stdout);
    assert!(
        report.starts_with(r#"Quit("draft") error=Some("the editor `sh "#),
        "{report}"
    );
    assert!(status.success(), "not killed by the SIGINT: {status:?}");
}

#[test]
fn sigterm_while_the_editor_runs_ends_the_editor_then_the_run_with_what_it_saved() {
    let scratch = Scratch::new("pty-term");
    let mut term = launch(
        &scratch,
        r#"printf 'saved so far' > "$1"
printf 'WAITING FOR A LINE\n'
read -r line"#,
    );
    term.wait_for_text("edits: 0");
    term.type_keys("\x07");
    term.wait_for_text("WAITING FOR A LINE");
    rustix::process::kill_process(
        rustix::process::Pid::from_child(&term.child),
        rustix::process::Signal::TERM,
    )
    .expect("signal the child");
    let (stdout, status, term) = term.finish();
    let report = report(&stdout);
    assert_eq!(report, r#"Signal(15) error=None draft="saved so far""#);
    assert!(status.success(), "{status:?}");
    assert!(term.is_cooked());
    assert!(!term.cursor_hidden());
}
