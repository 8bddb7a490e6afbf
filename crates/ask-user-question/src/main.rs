//! `ask-user-question`: ask a human structured questions in a terminal and get JSON back.
//!
//! The default mode draws the questionnaire inline on the controlling terminal and prints the
//! result; `--keys` replays a key script with no terminal; `render` prints a frame; `validate`
//! reports every problem of an input; `schema` prints the JSON Schema of the input.

mod accessible;
mod host;
mod input;
mod web;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use question::Questionnaire;
use questionnaire::{App, HeightLimit, Keys, Outcome, parse_script};
use serde_json::Value;
use tea::headless::Driver;
use tea::input::Step;
use tea::runtime::{Attention, Ending, InlineOptions, run_inline};
use tea::{Palette, Size};

use crate::host::Hosted;
use crate::input::{Input, InputError};

/// Exit code for a questionnaire the user submitted.
const EXIT_SUBMITTED: u8 = 0;
/// Exit code for anything else that went wrong: no terminal, a terminal that failed mid-run.
pub(crate) const EXIT_FAILURE: u8 = 1;
/// Exit code for input that is unreadable, not JSON, or not a valid questionnaire, and for
/// bad arguments.
const EXIT_INVALID_INPUT: u8 = 2;
/// Exit code for a cancelled questionnaire (as for SIGINT: 128 + 2).
const EXIT_CANCELLED: u8 = 130;
/// Exit code for a questionnaire nobody answered within `--timeout` (as `timeout(1)`).
const EXIT_TIMED_OUT: u8 = 124;

/// The size of `--keys` replays and `render` frames when `--size` is not given.
const DEFAULT_SIZE: Size = Size::new(80, 24);

const AFTER_HELP: &str = "\
Input: FILE, or `-` for standard input. Without FILE, standard input is read when it is not a
terminal (`cat q.json | ask-user-question > answers.json`); in a terminal with no input, a demo
questionnaire runs.

The questionnaire is drawn below the cursor on the controlling terminal, even when stdin and
stdout are pipes; stdout carries only the result JSON {\"content\": …, \"details\": …}.

Keys: Tab/Shift+Tab or ←/→ switch questions, ↑/↓ move, 1–9 pick, Enter select/confirm,
Space toggle, n/N note, x clear, p preview, Esc cancel (answers kept).
In an editor, Enter saves; Ctrl+J, Alt+Enter or a \\ before Enter adds a line (Shift+Enter
too, where the terminal tells it from Enter). Ctrl+G opens the draft in $VISUAL, then $EDITOR,
then vi; the saved text comes back as the draft, to save with Enter (with --keys the editor
runs without a terminal, so a script can use a non-interactive VISUAL; with neither VISUAL nor
EDITOR set it has no editor). While the editor runs, Ctrl+C and Ctrl+\\ are the editor's;
SIGTERM or SIGHUP ends it too, and what it saved is kept as the draft. Undo Ctrl+-, redo
Alt+-, yank Ctrl+Y, yank-pop Alt+Y.
Ctrl+C cancels too, keeping every answer. Ctrl+] folds the questionnaire into one line (the
dock; --collapse-key picks another key) so more of the terminal shows; there is no editor to
hand the keys to, so the dock stays until the key again restores the questionnaire as it was
(Ctrl+C still cancels; other keys are ignored while docked).

Exit codes: 0 submitted, 130 cancelled, 2 invalid input or arguments, 124 timed out
(--timeout), 1 no terminal or a terminal failure. A signal (SIGINT, SIGTERM, SIGHUP; a terminal that hangs up counts as
SIGHUP) prints the cancelled result with every answer so far and exits 128 + the signal number
(130, 143, 129).

Time limit: --timeout 90s (or 5m, 1m30s) shows a countdown next to the progress and ends the
questionnaire as timed out, with every answer and draft so far, unless a key is pressed first;
the first key stops it for good. Nothing is ever chosen for the user.

Attention: the terminal bell rings once when the questionnaire first draws (--no-bell turns it
off); --notify also sends a desktop notification through the terminal (OSC 9 and OSC 777, in tmux
through its passthrough, which tmux 3.3+ allows with `set -g allow-passthrough on`).

Colors: --theme dark (default), light, or none; NO_COLOR (set and not empty) means none unless
--theme is given.";

#[derive(Debug, Parser)]
#[command(
    name = "ask-user-question",
    version,
    about = "Ask a human structured questions in a terminal and get the answers as JSON.",
    after_long_help = AFTER_HELP,
    // The default run mode (`ask-user-question [FILE|-]`) takes its own positional input and
    // flags beside these subcommands; the two never mix.
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// The questionnaire JSON file, or `-` for standard input [default: standard input when it
    /// is not a terminal, else the demo].
    #[arg(value_name = "FILE|-")]
    input: Option<Input>,
    /// Replay this key script with no terminal and print the result, e.g.
    /// "down enter text:hi enter tab enter" (`wait:2s` lets time pass). If the script ends
    /// first, the result is cancelled with what was recorded.
    #[arg(long, value_name = "SCRIPT")]
    keys: Option<String>,
    /// The terminal size the --keys replay lays out for [default: 80x24].
    #[arg(long, value_name = "WxH", requires = "keys", value_parser = parse_size)]
    size: Option<Size>,
    /// Ask line by line in plain text, for screen readers and terminals that cannot draw
    /// (also when TERM=dumb): numbered options, typed answers, no escape sequences.
    #[arg(long, conflicts_with = "keys")]
    accessible: bool,
    #[command(flatten)]
    theme: ThemeArg,
    /// Do not ring the terminal bell when the questionnaire first draws.
    #[arg(long)]
    no_bell: bool,
    /// Also send a desktop notification through the terminal when the questionnaire first draws
    /// (OSC 9 and OSC 777, through tmux's passthrough inside tmux): the title and the number of
    /// questions.
    #[arg(long)]
    notify: bool,
    /// End the questionnaire as timed out (exit 124, answers and drafts kept) when no key is
    /// pressed within DURATION, e.g. 90s, 5m, 1m30s. The first key stops the countdown.
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout, allow_hyphen_values = true)]
    timeout: Option<Duration>,
    #[command(flatten)]
    collapse: CollapseArg,
    #[command(flatten)]
    height: HeightArg,
    #[command(flatten)]
    web: web::WebArgs,
}

#[derive(Debug, Args)]
struct HeightArg {
    /// The most rows the questionnaire takes: a number of rows, or a percentage of the
    /// terminal's (at least 12 rows), like fzf's --height [default: the rows it needs, up to
    /// the terminal's height].
    #[arg(long, value_name = "N|N%", value_parser = parse_height)]
    height: Option<HeightLimit>,
}

impl HeightArg {
    fn limit(&self) -> HeightLimit {
        self.height.unwrap_or(HeightLimit::FULL)
    }
}

fn parse_height(text: &str) -> Result<HeightLimit, String> {
    text.parse()
}

#[derive(Debug, Args)]
struct CollapseArg {
    /// The key that folds the questionnaire into its one-line dock and back, as a key-script
    /// name (f2, ctrl+o, alt+c) [default: ctrl+]]. A key the questionnaire already uses is an
    /// error.
    #[arg(long, value_name = "KEY", value_parser = parse_collapse_key)]
    collapse_key: Option<Box<Keys>>,
}

impl CollapseArg {
    fn keys(&self) -> Keys {
        self.collapse_key.as_deref().cloned().unwrap_or_default()
    }
}

/// Boxed: the keys are large beside the other commands' arguments.
fn parse_collapse_key(text: &str) -> Result<Box<Keys>, String> {
    Keys::default().with_collapse(text).map(Box::new)
}

// Parsed once at start: the size of the larger variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Print the frame after a key script: exactly its rows, plain unless --ansi.
    Render {
        /// The questionnaire JSON file, or `-` for standard input.
        #[arg(value_name = "FILE|-")]
        input: Input,
        /// The terminal size to lay out for.
        #[arg(long, value_name = "WxH", default_value = "80x24", value_parser = parse_size)]
        size: Size,
        /// Keys to replay before the frame is taken, e.g. "tab down" or "ctrl+]" (the dock).
        #[arg(long, value_name = "SCRIPT", default_value = "")]
        keys: String,
        /// Keep the colors and attributes (SGR sequences only).
        #[arg(long)]
        ansi: bool,
        #[command(flatten)]
        theme: ThemeArg,
        #[command(flatten)]
        collapse: CollapseArg,
        /// A time limit, as for the questionnaire on a terminal, so the countdown shows in the
        /// frame; the keys' `wait:` steps run it down.
        #[arg(long, value_name = "DURATION", value_parser = parse_timeout, allow_hyphen_values = true)]
        timeout: Option<Duration>,
        #[command(flatten)]
        height: HeightArg,
    },
    /// Check a questionnaire: prints {"valid":true} (exit 0) or {"valid":false,"issues":[…]} (exit 2).
    Validate {
        /// The questionnaire JSON file, or `-` for standard input.
        #[arg(value_name = "FILE|-")]
        input: Input,
    },
    /// Print the JSON Schema of the questionnaire input.
    Schema,
}

#[derive(Debug, Args)]
struct ThemeArg {
    /// The colors [default: dark; none when NO_COLOR is set and not empty].
    #[arg(long, value_enum)]
    theme: Option<Theme>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Theme {
    /// For a dark terminal background.
    Dark,
    /// For a light terminal background.
    Light,
    /// No colors; bold, faint and reverse still mark what matters.
    None,
}

impl ThemeArg {
    /// The palette asked for, or the one `NO_COLOR` implies.
    fn palette(&self) -> Palette {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let theme = self
            .theme
            .unwrap_or(if no_color { Theme::None } else { Theme::Dark });
        match theme {
            Theme::Dark => Palette::dark(),
            Theme::Light => Palette::light(),
            Theme::None => Palette::no_color(),
        }
    }
}

/// `--timeout`: a duration longer than zero (`question::parse_duration`).
fn parse_timeout(text: &str) -> Result<Duration, String> {
    question::parse_duration(text).map_err(|error| error.to_string())
}

/// `WxH`, both at least 1.
fn parse_size(text: &str) -> Result<Size, String> {
    let invalid = || format!("expected WxH with both at least 1, such as 80x24; got `{text}`");
    let (width, height) = text.trim().split_once(['x', 'X']).ok_or_else(invalid)?;
    let width: u16 = width.parse().map_err(|_| invalid())?;
    let height: u16 = height.parse().map_err(|_| invalid())?;
    if width == 0 || height == 0 {
        return Err(invalid());
    }
    Ok(Size::new(width, height))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Validate { input }) => validate(&input),
        Some(Command::Schema) => print_json(&question::schema(), Layout::Pretty),
        Some(Command::Render {
            input,
            size,
            keys,
            ansi,
            theme,
            collapse,
            timeout,
            height,
        }) => render(
            &input,
            RenderArgs {
                size,
                script: &keys,
                ansi,
                palette: theme.palette(),
                bound: collapse.keys(),
                limit: timeout,
                height: height.limit(),
            },
        ),
        None => run(cli.run),
    }
}

/// Prints a diagnostic on stderr and returns `code`.
pub(crate) fn fail(code: u8, message: impl std::fmt::Display) -> ExitCode {
    note(message);
    ExitCode::from(code)
}

/// Prints a diagnostic on stderr. A failing stderr (a terminal that hung up) is no reason to
/// panic and lose the result, so errors are ignored.
fn note(message: impl std::fmt::Display) {
    let _ = writeln!(io::stderr(), "ask-user-question: {message}");
}

/// Reports input that is not a questionnaire: invalid input also gets its issues as JSON on
/// stderr, for scripts, before the lines for people.
fn input_failure(error: &InputError) -> ExitCode {
    if let InputError::Invalid { issues, .. } = error {
        let (problems, warnings) = input::split_warnings(issues);
        eprintln!("{}", input::verdict(&problems, &warnings));
    }
    fail(EXIT_INVALID_INPUT, error)
}

fn parse_keys(script: &str) -> Result<Vec<Step>, ExitCode> {
    parse_script(script).map_err(|error| fail(EXIT_INVALID_INPUT, format!("--keys: {error}")))
}

fn validate(input: &Input) -> ExitCode {
    let value = match input.read_json() {
        Ok(value) => value,
        Err(error) => return fail(EXIT_INVALID_INPUT, error),
    };
    let report = question::validate_report(&value, question::ValidateOptions::default());
    let warnings: Vec<&question::Issue> = report.ignored.iter().collect();
    match &report.questionnaire {
        Ok(_) => {
            if !warnings.is_empty() {
                let noun = if warnings.len() == 1 { "key" } else { "keys" };
                note(format!("{input}: {} {noun} ignored", warnings.len()));
                for warning in &warnings {
                    let _ = writeln!(io::stderr(), "  {warning}");
                }
            }
            print_json(&input::verdict(&[], &warnings), Layout::OneLine)
        }
        Err(problems) => {
            let mut issues = problems.clone();
            issues.extend(report.ignored.iter().cloned());
            note(InputError::Invalid {
                input: input.clone(),
                issues,
            });
            let problems: Vec<&question::Issue> = problems.iter().collect();
            print_json(&input::verdict(&problems, &warnings), Layout::OneLine);
            ExitCode::from(EXIT_INVALID_INPUT)
        }
    }
}

/// The default mode: the questionnaire on the terminal, or a `--keys` replay.
fn run(args: RunArgs) -> ExitCode {
    let keys = match args.keys.as_deref().map(parse_keys).transpose() {
        Ok(keys) => keys,
        Err(code) => return code,
    };
    let implicit_input = args.input.is_none();
    let input = match args.input {
        Some(input) => input,
        None if io::stdin().is_terminal() => Input::Demo,
        None => Input::Stdin,
    };
    // Line by line, answers may come from standard input when the questionnaire does not.
    let answers_on_stdin = !matches!(input, Input::Stdin) && !io::stdin().is_terminal();
    let questionnaire = match input.read_questionnaire() {
        Ok(questionnaire) => questionnaire,
        Err(InputError::Empty { .. }) if implicit_input => {
            let help = Cli::command().render_help();
            eprintln!("{help}");
            return fail(
                EXIT_INVALID_INPUT,
                "no questionnaire: standard input is empty; pass a FILE or pipe JSON in",
            );
        }
        Err(error) => return input_failure(&error),
    };
    let dumb_terminal = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
    let bound = args.collapse.keys();
    let limit = args.timeout;
    let height = args.height.limit();
    match keys {
        Some(keys) => replay(
            questionnaire,
            &keys,
            args.size.unwrap_or(DEFAULT_SIZE),
            bound,
            limit,
            height,
        ),
        None if args.web.only() => web::web_only(questionnaire, &args.web, limit),
        None if args.accessible || (dumb_terminal && !args.web.wanted()) => {
            line_by_line(questionnaire, answers_on_stdin)
        }
        None => {
            let page = match args.web.wanted() {
                true => match args.web.start(&questionnaire, limit) {
                    Ok(page) => Some(page),
                    Err(code) => return code,
                },
                false => None,
            };
            let attention = attention(&questionnaire, !args.no_bell, args.notify);
            interactive(
                page,
                questionnaire,
                args.theme.palette(),
                attention,
                bound,
                limit,
                height,
            )
        }
    }
}

/// The accessible mode: plain lines on the terminal (or answers piped in); the same result
/// and exit codes as the questionnaire.
fn line_by_line(questionnaire: Questionnaire, answers_on_stdin: bool) -> ExitCode {
    let wiring = if answers_on_stdin {
        accessible::Wiring::StdinAndStderr
    } else {
        accessible::Wiring::Terminal
    };
    let outcome = |result: question::ToolResult| {
        if result.is_cancelled() {
            Outcome::Cancelled(result)
        } else {
            Outcome::Submitted(result)
        }
    };
    match accessible::ask(questionnaire, wiring) {
        Ok(accessible::Ending::Finished(result)) => print_outcome(outcome(result)),
        Ok(accessible::Ending::Signal(signal, result)) => {
            print_outcome(outcome(result));
            note(format!(
                "stopped by signal {signal}; cancelled with what was recorded"
            ));
            ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
        }
        Err(error) => fail(
            EXIT_FAILURE,
            format!(
                "cannot ask line by line: {error}\n  it needs a terminal, or the answers piped to standard input with the questionnaire in a FILE"
            ),
        ),
    }
}

/// How a replay ended.
struct Replay {
    driver: Driver<Hosted>,
    /// The output and how many keys it took, if the questionnaire ended within the script.
    ended: Option<(Outcome, usize)>,
}

/// Feeds `keys` to the questionnaire at `size` until it ends or the keys run out.
fn replay_keys(app: App, keys: &[Step], size: Size, palette: Palette) -> Replay {
    // The external editor (Ctrl+G) runs too, with no terminal: $VISUAL, then $EDITOR; with
    // neither set the draft stays and the frame says why (no `vi` waiting for a terminal).
    let app = Hosted::new(app);
    let mut driver = Driver::new(app, size, palette);
    for (index, key) in keys.iter().enumerate() {
        if let Some(outcome) = driver.step(key).into_quit() {
            return Replay {
                driver,
                ended: Some((outcome, index + 1)),
            };
        }
    }
    Replay {
        driver,
        ended: None,
    }
}

fn note_unused_keys(ended_at: usize, keys: usize) {
    if ended_at < keys {
        eprintln!(
            "ask-user-question: the questionnaire ended at key {ended_at} of {keys}; the rest were not used"
        );
    }
}

/// `--keys`: the same keymap and update as on a terminal, with no terminal.
fn replay(
    questionnaire: Questionnaire,
    keys: &[Step],
    size: Size,
    bound: Keys,
    limit: Option<Duration>,
    height: HeightLimit,
) -> ExitCode {
    // `wait:` steps move the replay's virtual clock, so a time limit runs out as on a terminal.
    let app = App::new(questionnaire, size)
        .with_keys(bound)
        .with_height_limit(height);
    let app = with_limit(app, limit);
    // The palette does not change the result; no frame is drawn.
    let Replay { driver, ended } = replay_keys(app, keys, size, Palette::no_color());
    let outcome = match ended {
        Some((outcome, ended_at)) => {
            note_unused_keys(ended_at, keys.len());
            outcome
        }
        None => {
            eprintln!(
                "ask-user-question: the key script ended before the questionnaire; cancelled with what was recorded"
            );
            Outcome::Cancelled(driver.program().app().result(true))
        }
    };
    print_outcome(outcome)
}

/// What `render` draws: the size, the keys, the colors, the host's keys and time limit.
struct RenderArgs<'a> {
    size: Size,
    script: &'a str,
    ansi: bool,
    palette: Palette,
    bound: Keys,
    limit: Option<Duration>,
    height: HeightLimit,
}

/// `render`: the frame's rows after the keys, and nothing else on stdout.
fn render(input: &Input, args: RenderArgs<'_>) -> ExitCode {
    let RenderArgs {
        size,
        script,
        ansi,
        palette,
        bound,
        limit,
        height,
    } = args;
    let keys = match parse_keys(script) {
        Ok(keys) => keys,
        Err(code) => return code,
    };
    let questionnaire = match input.read_questionnaire() {
        Ok(questionnaire) => questionnaire,
        Err(error) => return input_failure(&error),
    };
    // Escape sequences only where asked for: no OSC 8 links in a frame printed for a look.
    let app = App::new(questionnaire, size)
        .with_keys(bound)
        .with_height_limit(height);
    let app = with_limit(app, limit);
    let Replay { mut driver, ended } = replay_keys(app, &keys, size, palette.with_links(false));
    if let Some((outcome, ended_at)) = ended {
        let how = match outcome {
            Outcome::Submitted(_) => "submitted",
            Outcome::Cancelled(_) => "cancelled",
            Outcome::TimedOut(_) => "timed out",
        };
        eprintln!(
            "ask-user-question: the questionnaire was {how} at key {ended_at}; this is its last frame"
        );
        note_unused_keys(ended_at, keys.len());
    }
    let frame = driver.frame_ref();
    let mut text = String::new();
    for row in &frame.rows {
        text.push_str(if ansi { &row.ansi } else { &row.plain });
        text.push('\n');
    }
    write_stdout(&text)
}

/// What is written once the questionnaire is on screen: the bell unless `--no-bell`, and with
/// `--notify` a desktop notification (wrapped for tmux when `TMUX` says it runs inside tmux).
fn attention(questionnaire: &Questionnaire, bell: bool, notify: bool) -> String {
    let mut attention = Attention::none().bell(bell);
    if notify {
        let notice = question::waiting_notice(questionnaire);
        let tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        attention = attention
            .notify(&notice.title, &notice.body)
            .through_tmux(tmux);
    }
    attention.bytes()
}

/// The app with the operator's time limit, if one was given.
fn with_limit(app: App, limit: Option<Duration>) -> App {
    match limit {
        Some(limit) => app.with_time_limit(limit),
        None => app,
    }
}

/// The questionnaire on the controlling terminal.
fn interactive(
    page: Option<ask_user_question_web::WebServer>,
    questionnaire: Questionnaire,
    palette: Palette,
    attention: String,
    bound: Keys,
    limit: Option<Duration>,
    height: HeightLimit,
) -> ExitCode {
    // Lay out for the terminal's size from the start, so the first frame is not measured twice
    // (the runtime tells the program its size before drawing; an equal size changes nothing).
    let size = crossterm::terminal::window_size()
        .ok()
        .filter(|s| s.columns > 0 && s.rows > 0)
        .map_or(DEFAULT_SIZE, |s| Size::new(s.columns, s.rows));
    // The first frame does not wait for syntax highlighting: code is colored once its
    // grammars compiled on a task, a moment later.
    let app = Hosted::new(with_limit(
        App::highlighting_later(questionnaire, size)
            .with_keys(bound)
            .with_height_limit(height),
        limit,
    ))
    .with_page(page.as_ref().map(|page| page.events()));
    let options = InlineOptions {
        after_first_frame: attention,
        ..InlineOptions::default()
    };
    let outcome = match run_inline(app, palette, options) {
        Ok(outcome) => outcome,
        Err(error) => {
            return fail(
                EXIT_FAILURE,
                format!(
                    "cannot show the questionnaire: {error}\n  it needs a terminal to draw on; use --keys to replay keys without one"
                ),
            );
        }
    };
    // The terminal is cooked again, so Ctrl+C is SIGINT from here on: the answers are printed
    // and the exit status is this run's, whatever signal comes now.
    outcome.signal_hold.keep_until_exit();
    let settle = |output| web::settle(page.as_ref(), &outcome.program, output);
    let cancelled = |hosted: &Hosted| settle(Outcome::Cancelled(hosted.app().result(true)));
    match outcome.ending {
        Ending::Quit(output) => print_outcome(settle(output)),
        // The result first: the terminal the notes go to may be gone.
        Ending::Signal(signal) => {
            print_outcome(cancelled(&outcome.program));
            note(format!(
                "stopped by signal {signal}; cancelled with what was recorded"
            ));
            ExitCode::from(128u8.saturating_add(u8::try_from(signal).unwrap_or(0)))
        }
        Ending::Failed(error) => {
            print_outcome(cancelled(&outcome.program));
            note(format!(
                "the terminal failed: {error}; cancelled with what was recorded"
            ));
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// Prints the result JSON; exit 0 when submitted, 130 when cancelled, 124 when timed out.
pub(crate) fn print_outcome(outcome: Outcome) -> ExitCode {
    let code = match outcome {
        Outcome::Submitted(_) => EXIT_SUBMITTED,
        Outcome::Cancelled(_) => EXIT_CANCELLED,
        Outcome::TimedOut(_) => EXIT_TIMED_OUT,
    };
    let printed = print_json(&outcome.into_result().into_json(), Layout::OneLine);
    if printed == ExitCode::SUCCESS {
        ExitCode::from(code)
    } else {
        printed
    }
}

/// How JSON is printed: results for scripts on one line, documents for people indented.
enum Layout {
    OneLine,
    Pretty,
}

/// Prints `value` on stdout, streamed: a result can hold megabytes of question text.
fn print_json(value: &Value, layout: Layout) -> ExitCode {
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = match layout {
        Layout::OneLine => serde_json::to_writer(&mut stdout, value),
        Layout::Pretty => serde_json::to_writer_pretty(&mut stdout, value),
    };
    let written = written
        .map_err(io::Error::from)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush());
    report_write(written)
}

/// Writes `text` to stdout.
fn write_stdout(text: &str) -> ExitCode {
    let mut stdout = io::stdout().lock();
    report_write(
        stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush()),
    )
}

/// A closed stdout (e.g. `| head`) is not worth a panic.
fn report_write(written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => fail(EXIT_FAILURE, format!("cannot write the output: {error}")),
    }
}
