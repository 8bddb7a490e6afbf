//! `Cmd::Exec` in the headless driver: key replays run the editor command with no terminal, so
//! a scripted editor drives it; a failing editor leaves the draft and says why; a host with an
//! editor of its own gets the request and answers it.

mod exec_support;

use exec_support::{Note, Scratch};
use tea::input::parse_script;
use tea::{Cmd, Driver, Editor, Effect, ExecPolicy, ExecRequest, Palette, Size};

fn note_driver(draft: &str, editor: Editor) -> Driver<Note> {
    Driver::with_policies(
        Note::new(draft),
        Size::new(60, 4),
        Palette::no_color(),
        Default::default(),
        ExecPolicy::Run(editor),
    )
}

fn replay(driver: &mut Driver<Note>, script: &str) -> Vec<Effect<String>> {
    let mut effects = Vec::new();
    for step in parse_script(script).expect("a valid script") {
        effects.extend(driver.step(&step));
    }
    effects
}

#[test]
fn a_scripted_editor_edits_the_draft_through_a_key_replay() {
    let scratch = Scratch::new("append");
    let editor = scratch.script("edit.sh", r#"printf ' and more\nsecond line\n' >> "$1""#);
    let mut driver = note_driver("first", Editor::Command(editor));
    let effects = replay(&mut driver, "text:! ctrl+g");
    assert!(effects.is_empty(), "{effects:?}");
    // The editor's final newline is dropped; the others are the text's.
    assert_eq!(driver.program().draft, "first! and more\nsecond line");
    assert_eq!(driver.program().error, None);
    assert_eq!(
        driver.frame().plain()[..2],
        ["note: first! and more⏎second line", "edits: 1"]
    );
    assert_eq!(
        replay(&mut driver, "enter"),
        [Effect::Quit("first! and more\nsecond line".to_owned())]
    );
}

#[test]
fn the_editor_command_may_carry_arguments_and_gets_the_suffix() {
    let scratch = Scratch::new("args");
    let editor = scratch.script("edit.sh", r#"printf '%s|%s' "$1" "${2##*.}" > "$2""#);
    let mut driver = note_driver("x", Editor::Command(format!("{editor} --flag")));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "--flag|md");
    // An editor that keeps no final newline and a text that had one: both kept as written.
    let editor = scratch.script("keep.sh", r#"printf 'two\n\n' > "$1""#);
    let mut driver = note_driver("one\n", Editor::Command(editor));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "two\n\n");
}

#[test]
fn the_editor_has_no_terminal_in_a_replay() {
    let scratch = Scratch::new("stdin");
    // Reading stdin gets nothing at once (not a terminal, nothing to wait for).
    let editor = scratch.script(
        "edit.sh",
        r#"if [ -t 0 ]; then t=tty; else t=none; fi; read -r line; printf '%s:%s' "$t" "$line" > "$1""#,
    );
    let mut driver = note_driver("", Editor::Command(editor));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "none:");
    // Nor a controlling terminal to open and wait on.
    let editor = scratch.script(
        "tty.sh",
        r#"if (exec 3</dev/tty) 2>/dev/null; then t=tty; else t=none; fi; printf '%s' "$t" > "$1""#,
    );
    let mut driver = note_driver("", Editor::Command(editor));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "none");
}

#[test]
fn the_editor_replaces_the_shell_that_starts_it() {
    // Its parent is the program: no shell in between to die of a signal the editor ignores.
    let scratch = Scratch::new("exec");
    let editor = scratch.script("edit.sh", r#"printf '%s' "$PPID" > "$1""#);
    let mut driver = note_driver("", Editor::Command(editor));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, std::process::id().to_string());
}

#[test]
fn a_failing_editor_keeps_the_draft_and_says_why() {
    let scratch = Scratch::new("fail");
    let editor = scratch.script(
        "edit.sh",
        r#"echo 'ruined' > "$1"; echo 'edit.sh: cannot work' >&2; exit 3"#,
    );
    let mut driver = note_driver("kept", Editor::Command(editor.clone()));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "kept");
    assert_eq!(
        driver.program().error.as_deref(),
        Some(format!("the editor `{editor}` exited with status 3: edit.sh: cannot work").as_str())
    );
    assert_eq!(driver.program().edits, 0);
    assert!(driver.frame().plain()[1].starts_with("! the editor `sh "));
}

#[test]
fn a_missing_editor_or_a_removed_file_is_an_error() {
    let mut driver = note_driver(
        "kept",
        Editor::Command("tea-no-such-editor-anywhere".into()),
    );
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "kept");
    let error = driver.program().error.clone().unwrap_or_default();
    assert!(
        error.starts_with("the editor `tea-no-such-editor-anywhere` was not found"),
        "{error}"
    );
    let mut driver = note_driver("kept", Editor::Command("rm".into()));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "kept");
    let error = driver.program().error.clone().unwrap_or_default();
    assert!(
        error.starts_with("could not read the edited text back"),
        "{error}"
    );
    let mut driver = note_driver("kept", Editor::Command("kill -9 $$; :".into()));
    replay(&mut driver, "ctrl+g");
    assert_eq!(
        driver.program().error.as_deref(),
        Some("the editor `kill -9 $$; :` was ended by signal 9")
    );
}

#[test]
fn the_temporary_file_is_removed_and_private() {
    let scratch = Scratch::new("file");
    let log = scratch.dir.join("log");
    let editor = scratch.script(
        "edit.sh",
        &format!(
            r#"stat -c %a "$1" > {log}; echo "$1" >> {log}"#,
            log = exec_support::quote(&log)
        ),
    );
    let mut driver = note_driver("secret", Editor::Command(editor));
    replay(&mut driver, "ctrl+g");
    assert_eq!(driver.program().draft, "secret");
    let log = std::fs::read_to_string(&log).expect("the script's log");
    let mut lines = log.lines();
    assert_eq!(lines.next(), Some("600"));
    let path = lines.next().expect("the file's path");
    assert!(path.ends_with(".md"), "{path}");
    assert!(
        !std::path::Path::new(path).exists(),
        "{path} is left behind"
    );
}

#[test]
fn a_host_with_an_editor_of_its_own_gets_the_request() {
    let mut driver = Driver::with_policies(
        Note::new("draft"),
        Size::new(40, 3),
        Palette::no_color(),
        Default::default(),
        ExecPolicy::Host,
    );
    let effects = replay(&mut driver, "ctrl+g");
    let request = ExecRequest {
        text: "draft".into(),
        suffix: ".md".into(),
    };
    assert_eq!(effects, [Effect::Exec(request)]);
    assert_eq!(driver.pending_execs(), 1);
    // Keys meanwhile still reach the program; the answer comes when the host has it.
    replay(&mut driver, "text:!");
    assert!(driver.exec_done(Ok("from the host".into())).is_empty());
    assert_eq!(driver.program().draft, "from the host");
    assert_eq!(driver.pending_execs(), 0);
    assert!(driver.exec_done(Ok("nothing asked".into())).is_empty());
    assert_eq!(driver.program().draft, "from the host");
    replay(&mut driver, "ctrl+g");
    driver.exec_done(Err("cancelled".into()));
    assert_eq!(driver.program().draft, "from the host");
    assert_eq!(driver.program().error.as_deref(), Some("cancelled"));
}

#[test]
fn a_sequence_waits_for_the_editor_run() {
    // `init` asks for the editor, then a quit with whatever the text is then.
    let sequence = Sequenced::default();
    let mut driver = Driver::with_policies(
        sequence,
        Size::new(40, 3),
        Palette::no_color(),
        Default::default(),
        ExecPolicy::Host,
    );
    let effects = driver.take_effects();
    assert_eq!(
        effects.0.len(),
        1,
        "only the editor request so far: {effects:?}"
    );
    assert_eq!(
        driver.exec_done(Ok("edited".into())),
        vec![Effect::Quit("edited".to_owned())]
    );
}

/// Asks for the editor and then quits with its text, in one sequence from `init`.
#[derive(Default)]
struct Sequenced {
    text: String,
}

impl tea::Program for Sequenced {
    type Msg = Option<String>;
    type Output = String;
    fn init(&self) -> Cmd<Option<String>, String> {
        Cmd::sequence([
            Cmd::Exec(tea::Exec::editor("", |r: Result<String, String>| r.ok())),
            Cmd::Msg(None),
        ])
    }
    fn update(&mut self, msg: Option<String>) -> Cmd<Option<String>, String> {
        match msg {
            Some(text) => {
                self.text = text;
                Cmd::None
            }
            None => Cmd::Quit(self.text.clone()),
        }
    }
    fn view(&self) -> tea::View<'_> {
        tea::View::rows(vec![])
    }
}

#[test]
#[ignore = "runs only as the child process of the test below"]
fn print_the_editor_from_the_environment() {
    println!(
        "EDITOR-IS [{}] ON-A-TERMINAL [{}]",
        Editor::FromEnv.command().unwrap_or_default(),
        Editor::FromEnv.terminal_command()
    );
    // With no terminal and nothing set there is no editor: the run fails at once, saying so.
    let mut driver = note_driver("kept", Editor::FromEnv);
    replay(&mut driver, "ctrl+g");
    println!(
        "ERROR [{}]",
        driver.program().error.clone().unwrap_or_default()
    );
}

#[test]
fn the_editor_is_visual_then_editor_and_vi_only_on_a_terminal() {
    let no_editor = tea::exec::NO_EDITOR_WITHOUT_TERMINAL;
    let cases: [(Option<&str>, Option<&str>, &str); 5] = [
        (
            Some("code -w"),
            Some("nano"),
            "[code -w] ON-A-TERMINAL [code -w]",
        ),
        (None, Some("nano"), "[nano] ON-A-TERMINAL [nano]"),
        (Some("  "), Some("nano"), "[nano] ON-A-TERMINAL [nano]"),
        (Some(" hx "), None, "[hx] ON-A-TERMINAL [hx]"),
        (None, None, "[] ON-A-TERMINAL [vi]"),
    ];
    for (visual, editor, expected) in cases {
        let mut child = std::process::Command::new(std::env::current_exe().unwrap());
        child.args([
            "print_the_editor_from_the_environment",
            "--exact",
            "--ignored",
            "--nocapture",
        ]);
        child.env_remove("VISUAL").env_remove("EDITOR");
        if let Some(visual) = visual {
            child.env("VISUAL", visual);
        }
        if let Some(editor) = editor {
            child.env("EDITOR", editor);
        }
        let output = child.output().expect("run the test binary");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            stdout.contains(&format!("EDITOR-IS {expected}")),
            "VISUAL={visual:?} EDITOR={editor:?}: {stdout}"
        );
        if visual.is_none() && editor.is_none() {
            assert!(stdout.contains(&format!("ERROR [{no_editor}]")), "{stdout}");
        }
    }
}
