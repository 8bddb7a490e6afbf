//! The default mode, `ask-user-question [FILE|-]`: the questionnaire on the terminal, a
//! `--keys` replay, or the accessible mode line by line.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, CommandFactory};
use question::Questionnaire;
use questionnaire::{App, HeightLimit, Keys, Outcome};
use tea::input::Step;
use tea::runtime::{Attention, Ending, InlineOptions, run_inline};
use tea::{ColorLevel, Palette, Size};

use crate::Cli;
use crate::accessible;
use crate::args::{
    CollapseArg, ColorArg, DEFAULT_SIZE, HeightArg, ThemeArg, parse_size, parse_timeout,
};
use crate::exit::{
    EXIT_FAILURE, EXIT_INVALID_INPUT, fail, input_failure, note, print_outcome, signalled,
};
use crate::host::Hosted;
use crate::inbox_host::{InboxArgs, PendingInbox, settle_outcome};
use crate::input::{Input, InputError};
use crate::replay::{Replay, note_unused_keys, parse_keys, replay_keys, with_limit};

#[derive(Debug, Args)]
pub struct RunArgs {
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
    #[command(flatten)]
    color: ColorArg,
    /// Do not ring the terminal bell when the questionnaire first draws.
    #[arg(long)]
    no_bell: bool,
    /// Also send a desktop notification through the terminal when the questionnaire first draws
    /// (OSC 9 and OSC 777, through tmux's passthrough inside tmux): the title and the number of
    /// questions.
    #[arg(long)]
    notify: bool,
    /// Use the mouse: the wheel scrolls the list, preview or context under the pointer, a
    /// click focuses an option and a second click picks it, a click on a tab shows it. Off by
    /// default, so the terminal selects text as usual (with it on, hold Shift to select).
    #[arg(long)]
    mouse: bool,
    /// End the questionnaire as timed out (exit 124, answers and drafts kept) when no key is
    /// pressed within DURATION, e.g. 90s, 5m, 1m30s. The first key stops the countdown.
    #[arg(long, value_name = "DURATION", value_parser = parse_timeout, allow_hyphen_values = true)]
    timeout: Option<Duration>,
    #[command(flatten)]
    collapse: CollapseArg,
    #[command(flatten)]
    height: HeightArg,
    #[command(flatten)]
    web: crate::web::WebArgs,
    #[command(flatten)]
    inbox: InboxArgs,
}

/// The default mode: the questionnaire on the terminal, or a `--keys` replay.
pub fn run(args: RunArgs) -> ExitCode {
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
    let dumb_terminal = std::env::var_os("TERM").is_some_and(|term| term == "dumb");
    let line_by_line_mode = keys.is_none()
        && !args.inbox.only()
        && (args.accessible || (dumb_terminal && !args.web.wanted()));
    // The modes that can take the inbox's answer while they ask: the terminal questionnaire
    // (and its replay), and the inbox alone. The line-by-line mode blocks on a read, and
    // `--web-only` is a page's own wait; they ask without the inbox. The replay and the inbox
    // alone post before they go on; the terminal questionnaire posts on a thread while it
    // draws (`PendingInbox`).
    let may_join = !line_by_line_mode && !args.web.only();
    let posts_first = keys.is_some() || args.inbox.only();
    let joined = match may_join && posts_first {
        true => args.inbox.open(),
        false => None,
    };
    let read = match may_join {
        true => input.read_validated().map(|(json, q)| (Some(json), q)),
        false => input.read_questionnaire().map(|q| (None, q)),
    };
    let (json, questionnaire) = match read {
        Ok(read) => read,
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
    // Caught before posting, so no instant is left where a signal kills a posted run.
    let signals = (args.inbox.only() && joined.is_some() && keys.is_none())
        .then(ask_user_question::signals::Caught::ending_signals);
    let (inbox, json) = match joined {
        Some(joined) => (
            json.as_ref()
                .and_then(|json| crate::inbox_host::post(joined, json)),
            None,
        ),
        None => (None, json),
    };
    let controls = Controls {
        keys: args.collapse.keys(),
        mouse: args.mouse,
    };
    let limit = args.timeout;
    let height = args.height.limit();
    if let Some(keys) = keys {
        let size = args.size.unwrap_or(DEFAULT_SIZE);
        let outcome = replay(questionnaire, &keys, size, controls, limit, height);
        return print_outcome(settle_outcome(inbox.as_ref(), outcome));
    }
    if args.inbox.only() {
        // Without the store there is nothing to wait on: the question is asked here.
        if let Some(inbox) = &inbox
            && let Some(signals) = &signals
            && let Some(waited) = crate::inbox_only::wait(inbox, &questionnaire, limit, signals)
        {
            return crate::inbox_only::print(waited);
        }
    }
    // The terminal questionnaire's post, made while it draws.
    let pending = match (may_join && !posts_first, json) {
        (true, Some(json)) => args.inbox.post_later(json),
        _ => None,
    };
    match () {
        () if args.web.only() => crate::web::web_only(questionnaire, &args.web, limit),
        () if line_by_line_mode => line_by_line(questionnaire, answers_on_stdin),
        () => {
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
                pending,
                questionnaire,
                colors(&args.theme, &args.color, dumb_terminal),
                attention,
                controls,
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
            signalled(signal)
        }
        Err(error) => fail(
            EXIT_FAILURE,
            format!(
                "cannot ask line by line: {error}\n  it needs a terminal, or the answers piped to standard input with the questionnaire in a FILE"
            ),
        ),
    }
}

/// What the person answers with: the keys (with the host's changes) and, when asked, the mouse.
struct Controls {
    keys: Keys,
    mouse: bool,
}

impl Controls {
    fn apply(self, app: App) -> App {
        let app = app.with_keys(self.keys);
        if self.mouse { app.with_mouse() } else { app }
    }
}

/// `--keys`: the same keymap and update as on a terminal, with no terminal.
fn replay(
    questionnaire: Questionnaire,
    keys: &[Step],
    size: Size,
    controls: Controls,
    limit: Option<Duration>,
    height: HeightLimit,
) -> Outcome {
    // `wait:` steps move the replay's virtual clock, so a time limit runs out as on a terminal.
    let app = controls
        .apply(App::new(questionnaire))
        .with_height_limit(height);
    let app = with_limit(app, limit);
    // The palette does not change the result; no frame is drawn.
    let Replay { driver, ended } = replay_keys(app, keys, size, Palette::no_color());
    match ended {
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
    }
}

/// What calls the person to the questionnaire: once it is on screen, the bell unless
/// `--no-bell`; with `--notify` a desktop notification then and again each time the terminal
/// loses focus while it waits (wrapped for tmux when `TMUX` says it runs inside tmux). The bell
/// rings only once.
struct Calls {
    at_open: String,
    on_focus_lost: String,
}

fn attention(questionnaire: &Questionnaire, bell: bool, notify: bool) -> Calls {
    let notification = notify.then(|| {
        let notice = question::waiting_notice(questionnaire);
        let tmux = std::env::var_os("TMUX").is_some_and(|v| !v.is_empty());
        Attention::none()
            .notify(&notice.title, &notice.body)
            .through_tmux(tmux)
    });
    let with_bell = notification
        .clone()
        .unwrap_or_else(Attention::none)
        .bell(bell);
    Calls {
        at_open: with_bell.bytes(),
        on_focus_lost: notification.map(|n| n.bytes()).unwrap_or_default(),
    }
}

/// The palette, the terminal's colors, and the palette for a light background when the
/// terminal is to be asked which it has.
struct Colors {
    palette: Palette,
    level: ColorLevel,
    light: Option<Palette>,
}

/// `--theme` when given; else dark, or light when the terminal reports a light background.
/// The terminal is not asked when it cannot answer (`TERM=dumb`) or nothing would be colored.
fn colors(theme: &ThemeArg, color: &ColorArg, dumb_terminal: bool) -> Colors {
    let level = color.level(theme);
    match theme.chosen() {
        Some(palette) => Colors {
            palette,
            level,
            light: None,
        },
        None => Colors {
            palette: Palette::dark(),
            level,
            light: (level != ColorLevel::NoColor && !dumb_terminal).then(Palette::light),
        },
    }
}

/// The questionnaire on the controlling terminal.
#[allow(clippy::too_many_arguments)]
fn interactive(
    page: Option<ask_user_question_web::WebServer>,
    pending: Option<PendingInbox>,
    questionnaire: Questionnaire,
    colors: Colors,
    attention: Calls,
    controls: Controls,
    limit: Option<Duration>,
    height: HeightLimit,
) -> ExitCode {
    // The first frame does not wait for syntax highlighting: code is colored once its
    // grammars compiled on a task, a moment later.
    let mut app = controls
        .apply(App::highlighting_later(questionnaire))
        .with_height_limit(height);
    if let Some(page) = &page {
        app = app.with_web_link(page.url().to_string());
    }
    let app = Hosted::new(with_limit(app, limit))
        .with_page(page.as_ref().map(|page| page.events()))
        .with_inbox(pending.clone());
    let options = InlineOptions {
        after_first_frame: attention.at_open,
        on_focus_lost: attention.on_focus_lost,
        color_level: Some(colors.level),
        light_palette: colors.light,
        ..InlineOptions::default()
    };
    let outcome = match run_inline(app, colors.palette, options) {
        Ok(outcome) => outcome,
        Err(error) => {
            if let Some(inbox) = pending.as_ref().and_then(PendingInbox::finish) {
                inbox.stop(&format!("{} stopped waiting", inbox.host()));
            }
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
    let inbox = pending.as_ref().and_then(PendingInbox::finish);
    let hosted = &outcome.program;
    let settle = |output| {
        if hosted.ended_in_inbox() {
            return crate::inbox_host::answered_in_inbox(page.as_ref(), output);
        }
        let output = crate::web::settle(page.as_ref(), hosted, output);
        settle_outcome(inbox.as_ref(), output)
    };
    // Nobody answered: the questionnaire leaves the inbox, unless the inbox answered just now.
    let stopped = |output: Outcome| {
        let output = crate::web::settle(page.as_ref(), hosted, output);
        crate::inbox_host::stop_outcome(inbox.as_ref(), output)
    };
    let cancelled = || stopped(Outcome::Cancelled(hosted.app().result(true)));
    let code = match outcome.ending {
        Ending::Quit(output) => print_outcome(settle(output)),
        // The result first: the terminal the notes go to may be gone.
        Ending::Signal(signal) => {
            print_outcome(cancelled());
            note(format!(
                "stopped by signal {signal}; cancelled with what was recorded"
            ));
            signalled(signal)
        }
        Ending::Failed(error) => {
            print_outcome(cancelled());
            note(format!(
                "the terminal failed: {error}; cancelled with what was recorded"
            ));
            ExitCode::from(EXIT_FAILURE)
        }
    };
    if outcome.tmux_extended_keys_off {
        // Once, after the result (as pi warns at its start).
        note(
            "tmux's extended-keys option is off, so Shift+Enter arrived as Enter (Ctrl+J \
             makes a new line there); `set -g extended-keys on` in ~/.tmux.conf lets it through",
        );
    }
    code
}
