//! `render`: the frame's rows after a key script, and nothing else on stdout.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use questionnaire::{App, Outcome};
use tea::Size;

use crate::args::{CollapseArg, HeightArg, ThemeArg, parse_size, parse_timeout};
use crate::exit::{input_failure, write_stdout};
use crate::input::Input;
use crate::replay::{Replay, note_unused_keys, parse_keys, replay_keys, with_limit};

#[derive(Debug, Args)]
pub struct RenderArgs {
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
}

pub fn render(args: &RenderArgs) -> ExitCode {
    let keys = match parse_keys(&args.keys) {
        Ok(keys) => keys,
        Err(code) => return code,
    };
    let questionnaire = match args.input.read_questionnaire() {
        Ok(questionnaire) => questionnaire,
        Err(error) => return input_failure(&error),
    };
    let size = args.size;
    let app = App::new(questionnaire)
        .with_keys(args.collapse.keys())
        .with_height_limit(args.height.limit());
    let app = with_limit(app, args.timeout);
    // Escape sequences only where asked for: no OSC 8 links in a frame printed for a look.
    let palette = args.theme.palette().with_links(false);
    let Replay { mut driver, ended } = replay_keys(app, &keys, size, palette);
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
        text.push_str(if args.ansi { &row.ansi } else { &row.plain });
        text.push('\n');
    }
    write_stdout(&text)
}
