//! The accessible mode (`--accessible`, or `TERM=dumb`): the questions asked line by line, for
//! screen readers and terminals that cannot draw. Plain lines only: no escape sequence, no cursor
//! movement, no box drawing, no colour; answers are typed lines (the terminal stays cooked).
//!
//! The flow is `question::Dialogs`, the state machine of the dialog fallback, fed typed lines;
//! this module only writes its questions and reads the replies.

mod plain;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::sync::mpsc;
use std::thread;

use question::{
    AnswerShape, DialogView, Dialogs, Label, NotUnderstood, OptionSource, Question, Questionnaire,
};
use question::{Labels, ToolResult};
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;

use self::plain::{clean, markdown_lines};

/// Where the questions are written and the answers read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wiring {
    /// Both on the controlling terminal, whatever stdin and stdout are.
    Terminal,
    /// Answers from standard input (a pipe or a file), questions on standard error.
    StdinAndStderr,
}

/// How the mode ended.
pub enum Ending {
    /// Submitted, or cancelled by the end of the input; the result says which.
    Finished(ToolResult),
    /// Stopped by this signal: cancelled, with what was recorded.
    Signal(i32, ToolResult),
}

/// What the main loop waits for.
enum Event {
    Line(String),
    /// The input ended (Ctrl+D, end of a pipe) or failed (a terminal that hung up).
    End,
    Signal(i32),
}

/// Asks every question of `questionnaire` line by line. Fails only when the terminal (or the
/// signal handlers) cannot be set up; nothing has been asked then.
pub fn ask(questionnaire: Questionnaire, wiring: Wiring) -> io::Result<Ending> {
    let (events, received) = mpsc::channel();
    // Before anything is asked, so no signal can end the run without the answers.
    let mut signals = Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT])?;
    let reader: Box<dyn BufRead + Send>;
    let writer: Box<dyn Write>;
    match wiring {
        Wiring::Terminal => {
            let tty = File::options().read(true).write(true).open("/dev/tty")?;
            reader = Box::new(BufReader::new(tty.try_clone()?));
            writer = Box::new(tty);
        }
        Wiring::StdinAndStderr => {
            reader = Box::new(BufReader::new(io::stdin()));
            writer = Box::new(io::stderr());
        }
    }
    {
        let events = events.clone();
        thread::spawn(move || {
            for signal in signals.forever() {
                if events.send(Event::Signal(signal)).is_err() {
                    break;
                }
            }
        });
    }
    thread::spawn(move || read_lines(reader, &events));

    let mut dialogs = Dialogs::with_review(questionnaire);
    let mut out = Out {
        writer,
        labels: dialogs.state().questionnaire().labels.clone(),
        // A pipe does not echo the typed line, so the next line would follow the prompt.
        newline_after_reply: wiring == Wiring::StdinAndStderr,
    };
    if let Some(title) = &dialogs.state().questionnaire().title {
        out.say(title);
    }
    let mut refused: Option<NotUnderstood> = None;
    loop {
        match dialogs.view() {
            DialogView::Finished(result) => return Ok(Ending::Finished(result.clone())),
            view => match refused.take() {
                // Only the explanation and the hint: the question is still on the screen.
                Some(NotUnderstood(part)) => {
                    let label = out.label(Label::NotUnderstood);
                    out.say(&format!("{label}: {part}"));
                    out.say(&out.label(hint(view)));
                }
                None => out.show(&dialogs, view),
            },
        }
        out.prompt();
        match received.recv() {
            Ok(Event::Line(line)) => {
                out.replied();
                refused = dialogs.answer_line(&line).err();
            }
            Ok(Event::End) | Err(_) => {
                out.ended();
                return Ok(Ending::Finished(dialogs.cancel()));
            }
            Ok(Event::Signal(signal)) => {
                out.ended();
                return Ok(Ending::Signal(signal, dialogs.cancel()));
            }
        }
    }
}

/// Sends each line of `reader` (as UTF-8, invalid bytes replaced), then the end.
fn read_lines(mut reader: Box<dyn BufRead + Send>, events: &mpsc::Sender<Event>) {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        let event = match reader.read_until(b'\n', &mut bytes) {
            Ok(1..) => Event::Line(String::from_utf8_lossy(&bytes).into_owned()),
            Ok(0) | Err(_) => Event::End,
        };
        let end = matches!(event, Event::End);
        if events.send(event).is_err() || end {
            return;
        }
    }
}

/// The hint that says what to type for `view`.
fn hint(view: DialogView<'_>) -> Label {
    match view {
        DialogView::Choose { question, .. } => match question.kind.answer() {
            AnswerShape::Picks => Label::LineChooseMany,
            _ if question.kind.options() == OptionSource::YesNo => Label::LineConfirm,
            _ => Label::LineChoose,
        },
        DialogView::Type { .. } => Label::LineType,
        DialogView::Review | DialogView::Finished(_) => Label::LineReview,
    }
}

/// The writing side. Everything written passes [`Out::say`], which removes control characters:
/// no byte 0x1b is ever written, whatever the call's strings hold.
struct Out {
    writer: Box<dyn Write>,
    labels: Labels,
    newline_after_reply: bool,
}

impl Out {
    /// Writes `text` as lines. A terminal that went away is no reason to stop: the answers
    /// still end up in the result.
    fn say(&mut self, text: &str) {
        let mut lines = String::new();
        for line in text.split('\n') {
            lines.push_str(clean(line).trim_end());
            lines.push('\n');
        }
        let _ = self.writer.write_all(lines.as_bytes());
        let _ = self.writer.flush();
    }

    fn prompt(&mut self) {
        let _ = self.writer.write_all(b"> ");
        let _ = self.writer.flush();
    }

    fn replied(&mut self) {
        if self.newline_after_reply {
            self.say("");
        }
    }

    /// After the end of the input or a signal: the reply line is unfinished.
    fn ended(&mut self) {
        let text = format!("\n{}", self.label(Label::CancelledKept));
        self.say(&text);
    }

    fn label(&self, label: Label) -> String {
        self.labels.get(label).to_string()
    }

    fn show(&mut self, dialogs: &Dialogs, view: DialogView<'_>) {
        let count = dialogs.state().questionnaire().questions.len();
        match view {
            DialogView::Choose { position, question } => {
                self.question(dialogs, position, count, question);
                let recommended = self.label(Label::Recommended);
                for (index, option) in question.options.iter().enumerate() {
                    let mut line = format!("  {}. {}", index + 1, one_line(&option.label));
                    if let Some(description) = &option.description {
                        line.push_str(&format!(" - {}", one_line(description)));
                    }
                    if option.recommended && !option.label_says_recommended() {
                        line.push_str(&format!(" ({recommended})"));
                    }
                    self.say(&line);
                }
                if question.kind.allows_custom_text() {
                    let number = question.options.len() + 1;
                    let text = format!("  {number}. {}", self.label(Label::TypeSomething));
                    self.say(&text);
                }
            }
            DialogView::Type { position, question }
                if question.kind.options() == OptionSource::None =>
            {
                self.question(dialogs, position, count, question);
                if let Some(number) = &question.number {
                    self.say(&number.describe());
                }
                if let Some(placeholder) = &question.placeholder {
                    self.say(&format!("({})", one_line(placeholder)));
                }
            }
            // "Type something." was chosen; the question is on the screen.
            DialogView::Type { .. } => {}
            DialogView::Review => {
                self.say("");
                self.say(&self.label(Label::ReviewHeading));
                let skipped = self.label(Label::Skipped);
                for (index, question) in
                    dialogs.state().questionnaire().questions.iter().enumerate()
                {
                    let answer = dialogs.summary(question).unwrap_or_else(|| skipped.clone());
                    let line = format!("  {}. {}: {answer}", index + 1, one_line(&question.header));
                    self.say(&line);
                }
            }
            DialogView::Finished(_) => return,
        }
        self.say(&self.label(hint(view)));
    }

    /// The heading ("Question 2/3: Header (required)"), the prompt, the context as plain
    /// text, and the answer so far when the question is asked again.
    fn question(&mut self, dialogs: &Dialogs, position: usize, count: usize, question: &Question) {
        let mut heading = self.label(Label::AskUser);
        if count > 1 {
            heading.push_str(&format!(" {}/{count}", position + 1));
        }
        heading.push_str(&format!(": {}", one_line(&question.header)));
        if question.required {
            heading.push_str(&format!(" ({})", self.label(Label::Required)));
        }
        self.say("");
        self.say(&heading);
        self.say(&question.prompt);
        if let Some(context) = &question.context {
            self.say(&markdown_lines(context).join("\n"));
        }
        if let Some(answer) = dialogs.summary(question) {
            let text = format!("{}: {answer}", self.label(Label::YourAnswer));
            self.say(&text);
        }
    }
}

/// A label or description on one line.
fn one_line(text: &str) -> String {
    text.split(['\n', '\r'])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
