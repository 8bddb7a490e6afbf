//! `ask-user-question`: ask a human structured questions in a terminal and get JSON back.
//!
//! The default mode draws the questionnaire inline on the controlling terminal and prints the
//! result; `--keys` replays a key script with no terminal; `render` prints a frame; `validate`
//! reports every problem of an input; `schema` prints the JSON Schema of the input.
//!
//! Each command is a module with its arguments (`clap::Args`) and the function that runs them;
//! argument groups several commands share are in `args`. A new subcommand is a module, a
//! variant of [`Command`] and its arm in `main`; a new flag of the default mode is a field of
//! [`ask::RunArgs`] (or a flattened group of its own).

mod accessible;
mod args;
mod ask;
mod exit;
mod history;
mod host;
mod inbox_host;
mod inbox_only;
mod input;
mod mcp;
mod render;
mod replay;
mod validate;
mod web;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::exit::{Layout, print_json};

/// A frame allocates a few hundred small strings and vectors; mimalloc serves them faster than
/// the system allocator (docs/architecture.md, "Speed in pi").
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
(--timeout), 1 no terminal or a terminal failure. A signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT; a
terminal that hangs up counts as SIGHUP) prints the cancelled result with every answer so far and
exits 128 + the signal number (130, 143, 129, 131).

Time limit: --timeout 90s (or 5m, 1m30s) shows a countdown next to the progress and ends the
questionnaire as timed out, with every answer and draft so far, unless a key is pressed first;
the first key stops it for good. Nothing is ever chosen for the user.

Attention: the terminal bell rings once when the questionnaire first draws (--no-bell turns it
off); --notify also sends a desktop notification through the terminal (OSC 9 and OSC 777, in tmux
through its passthrough, which tmux 3.3+ allows with `set -g allow-passthrough on`).

Colors: --theme dark, light, or none; without it the terminal is asked for its background
color (OSC 11) and a light one gets the light theme, else dark. NO_COLOR (set and not empty)
means none unless --theme is given. --color auto (default) uses as many colors as the terminal
shows (COLORTERM, TERM, TERM_PROGRAM; FORCE_COLOR and CLICOLOR_FORCE raise it), always every
color, never none.";

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
    run: ask::RunArgs,
}

// Parsed once at start: the size of the larger variant costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
enum Command {
    /// Print the frame after a key script: exactly its rows, plain unless --ansi.
    Render(render::RenderArgs),
    /// Check a questionnaire: prints {"valid":true} (exit 0) or {"valid":false,"issues":[…]} (exit 2).
    Validate(validate::ValidateArgs),
    /// Print the JSON Schema of the questionnaire input.
    Schema,
    /// Serve the `ask_user_question` tool over MCP on standard input and output.
    Mcp(mcp::McpArgs),
    /// Every questionnaire waiting for you, live; Enter answers one (q quits); --web also as a
    /// web page, for a phone.
    Inbox(ask_user_question::inbox::InboxArgs),
    /// The questionnaires answered and abandoned, newest first (--json, --project, --prune).
    History(history::HistoryArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Validate(args)) => validate::validate(&args),
        Some(Command::Schema) => print_json(&question::schema(), Layout::Pretty),
        Some(Command::Render(args)) => render::render(&args),
        Some(Command::Mcp(args)) => mcp::serve(args),
        Some(Command::Inbox(args)) => ask_user_question::inbox::run(args),
        Some(Command::History(args)) => history::history(&args),
        None => ask::run(cli.run),
    }
}
