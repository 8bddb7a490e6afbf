//! The keymap: one table per mode, all of them here as data, that turns input events into
//! [`Msg`]s and, read the other way, yields the hint footer. Each table is a
//! [`tea::keymap::Keymap`]: key strings, the footer's label and help, and when the hint is
//! worth its room. A key is bound in exactly one place, so the footer never advertises a key
//! that does something else.
//!
//! A binding's help text is the key of a [`Label`] (`Label::key`), so a questionnaire's own
//! labels name what the keys do when the footer is drawn.

use std::sync::OnceLock;

use question::{Label, Labels};
use tea::Line;
use tea::components::Help;
use tea::components::filter::FilterMsg;
use tea::components::textarea::{self, TextAreaMsg};
use tea::input::{KeyCode, KeyEventKind, KeyPress};
use tea::keymap::{Binding, HelpEntry, Keymap};

use crate::msg::Msg;

/// What the keyboard is talking to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// An option list (single, multi).
    List,
    /// The Yes/No list of a confirm question: `y` and `n` answer.
    YesNo,
    /// The filter line above an option list: typing goes to the query.
    Filter,
    /// The Review tab.
    Review,
    /// A note or "Type something." editor: Esc keeps the draft and returns to the list.
    Editor,
    /// The editor of a text question: Esc cancels the questionnaire.
    TextAnswer,
    /// The editor of a number question: as a text question's, with ↑/↓ stepping the number.
    NumberAnswer,
    /// Folded into the dock: only Ctrl+] is ours.
    Collapsed,
}

/// What decides which hints apply right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HintContext {
    /// Several questions: tabs exist.
    pub tabs: bool,
    /// The question is multi-select.
    pub multi: bool,
    /// The cursor is on an option (not on "Type something.").
    pub on_option: bool,
    /// A narrow terminal and the focused option has something to preview.
    pub narrow_preview: bool,
    /// A preview is shown and taller than its viewport.
    pub preview_scrolls: bool,
    /// The context is taller than its viewport.
    pub context_scrolls: bool,
    /// The prompt is taller than its rows.
    pub prompt_scrolls: bool,
    /// A host serves the questionnaire as a web page (its link can be shown as a QR code), and
    /// the footer's right end does not name the key already.
    pub web_link: bool,
}

/// One mode's table.
type Table = Keymap<HintContext, Msg>;

/// A binding of `keys` (key-script names, whitespace-separated) to `msg`.
fn bind(name: &str, keys: &str, msg: Msg) -> Binding<HintContext, Msg> {
    Binding::new(name, keys, msg).expect("the questionnaire's keys parse")
}

/// Help text naming `label` (see the module's docs).
fn says(label: Label) -> &'static str {
    label.key()
}

// The bindings several modes share.

fn collapse() -> Binding<HintContext, Msg> {
    bind("collapse", "ctrl+]", Msg::ToggleCollapse).help(says(Label::Collapse))
}

/// The key of the web link's QR code.
pub(crate) const QR_KEY: &str = "ctrl+r";

/// The web link's QR code: Ctrl+R, free in every mode (no editor, filter or list uses it, and
/// it types nothing). Any key closes it ([`crate::App`]'s `event`).
fn qr_code() -> Binding<HintContext, Msg> {
    bind("qr-code", QR_KEY, Msg::ShowQrCode)
        .help(says(Label::QrCode))
        .help_when(|c: &HintContext| c.web_link)
}

fn next_tab() -> Binding<HintContext, Msg> {
    bind("next-tab", "tab right", Msg::NextTab)
        .help(says(Label::SwitchTab))
        .help_when(|c: &HintContext| c.tabs)
}

fn prev_tab() -> Binding<HintContext, Msg> {
    bind("prev-tab", "shift+tab left", Msg::PrevTab)
}

/// Up, down, first, last.
fn moves() -> [Binding<HintContext, Msg>; 4] {
    [
        bind("move-up", "up k", Msg::MoveUp)
            .label("↑↓")
            .help(says(Label::Move))
            .repeats(),
        bind("move-down", "down j", Msg::MoveDown).repeats(),
        bind("move-first", "home", Msg::MoveFirst),
        bind("move-last", "end", Msg::MoveLast),
    ]
}

fn cancel() -> Binding<HintContext, Msg> {
    bind("cancel", "esc", Msg::Cancel).help(says(Label::CancelHint))
}

/// Enter: "select" on a single-choice question, "next" on a multi-select one.
fn activate() -> [Binding<HintContext, Msg>; 2] {
    [
        bind("activate", "enter", Msg::Activate)
            .help(says(Label::Select))
            .help_when(|c: &HintContext| !c.multi),
        Binding::help_only("activate-multi", "enter", Msg::Activate)
            .help(says(Label::Next))
            .help_when(|c: &HintContext| c.multi),
    ]
}

fn toggle() -> Binding<HintContext, Msg> {
    bind("toggle", "space", Msg::SelectWithoutAdvance)
        .help(says(Label::Toggle))
        .help_when(|c: &HintContext| c.multi)
}

fn pick_number() -> Binding<HintContext, Msg> {
    bind("pick", "1 2 3 4 5 6 7 8 9", Msg::PickNumber(1))
        .of_key(|key| match key.code {
            KeyCode::Char(digit) => Msg::PickNumber(digit.to_digit(10).unwrap_or(0) as u8),
            _ => Msg::PickNumber(0),
        })
        .label("1-9")
        .help(says(Label::Pick))
}

/// The preview's keys: show it on a narrow terminal, scroll it, page it; then the context's
/// (and the prompt's) scrolling.
fn scrolling() -> [Binding<HintContext, Msg>; 7] {
    [
        bind("toggle-preview", "p", Msg::TogglePreview)
            .help(says(Label::PreviewHint))
            .help_when(|c: &HintContext| c.narrow_preview),
        bind("scroll-preview-up", "shift+up", Msg::ScrollPreview(-1))
            .label("⇧↑↓")
            .help(says(Label::ScrollPreview))
            .help_when(|c: &HintContext| c.preview_scrolls)
            .repeats(),
        bind("scroll-preview-down", "shift+down", Msg::ScrollPreview(1)).repeats(),
        bind("page-preview-up", "[ pageup", Msg::PagePreview(-1)).repeats(),
        bind("page-preview-down", "] pagedown", Msg::PagePreview(1)).repeats(),
        bind("scroll-context-up", "alt+up", Msg::ScrollContext(-1))
            .label("alt+↑↓")
            .help(says(Label::ScrollContext))
            .help_when(|c: &HintContext| c.context_scrolls)
            .repeats(),
        // Without a context to scroll, the same keys scroll the prompt.
        bind("scroll-context-down", "alt+down", Msg::ScrollContext(1))
            .label("alt+↑↓")
            .help(says(Label::ScrollPrompt))
            .help_when(|c: &HintContext| c.prompt_scrolls && !c.context_scrolls)
            .repeats(),
    ]
}

fn question_note() -> Binding<HintContext, Msg> {
    bind("question-note", "N", Msg::OpenQuestionNote).help(says(Label::QuestionNote))
}

fn clear() -> Binding<HintContext, Msg> {
    bind("clear", "x delete", Msg::Clear).help(says(Label::Clear))
}

fn list() -> Table {
    let mut table = Vec::from(moves());
    table.extend(activate());
    table.extend([toggle(), pick_number(), next_tab(), prev_tab(), cancel()]);
    table.extend(scrolling());
    table.extend([
        bind("option-note", "n", Msg::OpenOptionNote)
            .help(says(Label::OptionNote))
            .help_when(|c: &HintContext| c.on_option),
        question_note(),
        clear(),
        bind("filter", "/", Msg::OpenFilter).help(says(Label::Filter)),
        qr_code(),
        collapse(),
    ]);
    Keymap::new(table)
}

// A confirm question: `y`/`n` answer (so `n` is not the option note here; notes on a yes/no
// question are the question note, `N`). Its two options need no filter.
fn yes_no() -> Table {
    let mut table = Vec::from(moves());
    table.extend([
        activate()[0].clone(),
        bind("yes", "y Y", Msg::AnswerYesNo(true))
            .label("y/n")
            .help(says(Label::Answer)),
        bind("no", "n", Msg::AnswerYesNo(false)),
        toggle(),
        pick_number(),
        next_tab(),
        prev_tab(),
        cancel(),
    ]);
    table.extend(scrolling());
    table.extend([question_note(), clear(), qr_code(), collapse()]);
    Keymap::new(table)
}

// While filtering, printable keys (Space included) are the query's and the filter's own keys
// move and erase (see [`crate::Keys::msg_for`]); these are the rest. Enter acts on the focused
// match; Esc clears and closes, never cancels.
fn filter() -> Table {
    Keymap::new(vec![
        Binding::help_only("filter-move", "↑↓", Msg::Filter(FilterMsg::Down))
            .help(says(Label::Move)),
        bind("accept-filter", "enter", Msg::AcceptFilter)
            .help(says(Label::Select))
            .help_when(|c: &HintContext| !c.multi),
        Binding::help_only("accept-filter-multi", "enter", Msg::AcceptFilter)
            .help(says(Label::Toggle))
            .help_when(|c: &HintContext| c.multi),
        bind("close-filter", "esc", Msg::CloseFilter).help(says(Label::ClearFilter)),
        qr_code(),
        collapse(),
    ])
}

fn review() -> Table {
    let mut table = Vec::from(moves());
    table.extend([
        bind("activate", "enter space", Msg::Activate).help(says(Label::Select)),
        next_tab(),
        prev_tab(),
        cancel(),
        qr_code(),
        collapse(),
    ]);
    Keymap::new(table)
}

/// The newline hint's keys: the one that works in every terminal. [`crate::Keys`] names
/// Shift+Enter instead where the terminal tells it from Enter, or a host's newline key.
pub(crate) const NEWLINE_KEYS: &str = "ctrl+j";

/// The bindings an editor's mode starts with: Enter saves, and the newline hint (the text
/// area's keys insert it: Shift+Enter, Ctrl+J, Alt+Enter).
fn save_and_newline() -> [Binding<HintContext, Msg>; 2] {
    [
        bind("save", "enter", Msg::SaveEditor).help(says(Label::Save)),
        Binding::help_only("newline", NEWLINE_KEYS, Msg::Edit(TextAreaMsg::Newline))
            .help(says(Label::Newline)),
    ]
}

/// Tab switches questions from an editor too; ← and → are the text's.
fn tabs_in_editor() -> [Binding<HintContext, Msg>; 2] {
    [
        bind("next-tab", "tab", Msg::NextTab)
            .help(says(Label::SwitchTab))
            .help_when(|c: &HintContext| c.tabs),
        bind("prev-tab", "shift+tab", Msg::PrevTab),
    ]
}

// Last in the editors' footers: it goes first when the footer is short of room.
fn external_editor() -> Binding<HintContext, Msg> {
    bind("external-editor", "ctrl+g", Msg::OpenExternalEditor).help(says(Label::ExternalEditor))
}

fn editor() -> Table {
    let mut table = Vec::from(save_and_newline());
    table.push(bind("leave-editor", "esc", Msg::LeaveEditor).help(says(Label::KeepDraft)));
    table.extend(tabs_in_editor());
    table.extend([qr_code(), collapse(), external_editor()]);
    Keymap::new(table)
}

fn text_answer() -> Table {
    let mut table = Vec::from(save_and_newline());
    table.extend(tabs_in_editor());
    table.extend([cancel(), qr_code(), collapse(), external_editor()]);
    Keymap::new(table)
}

fn number_answer() -> Table {
    let mut table = vec![
        save_and_newline()[0].clone(),
        bind("step-up", "up", Msg::StepNumber(1))
            .label("↑↓")
            .help(says(Label::Step))
            .repeats(),
        bind("step-down", "down", Msg::StepNumber(-1)).repeats(),
    ];
    table.extend(tabs_in_editor());
    table.extend([cancel(), qr_code(), collapse()]);
    Keymap::new(table)
}

fn collapsed() -> Table {
    Keymap::new(vec![
        bind("collapse", "ctrl+]", Msg::ToggleCollapse).help(says(Label::Expand)),
    ])
}

impl Mode {
    /// Every mode, in the order of their tables.
    pub const ALL: [Mode; 8] = [
        Mode::List,
        Mode::YesNo,
        Mode::Filter,
        Mode::Review,
        Mode::Editor,
        Mode::TextAnswer,
        Mode::NumberAnswer,
        Mode::Collapsed,
    ];
}

/// The table of a mode, most important hint first. In an editor the text area's keys come
/// after it (see [`crate::Keys::msg_for`]), so a mode's own bindings (Enter, Esc, Tab) win.
pub(crate) fn table(mode: Mode) -> &'static Table {
    static TABLES: OnceLock<[Table; 8]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        Mode::ALL.map(|mode| match mode {
            Mode::List => list(),
            Mode::YesNo => yes_no(),
            Mode::Filter => filter(),
            Mode::Review => review(),
            Mode::Editor => editor(),
            Mode::TextAnswer => text_answer(),
            Mode::NumberAnswer => number_answer(),
            Mode::Collapsed => collapsed(),
        })
    });
    &tables[Mode::ALL.iter().position(|m| *m == mode).unwrap_or(0)]
}

/// The message of the binding of `mode` that takes `press` (a press, or a repeat for the
/// bindings that repeat). The tables' conditions only decide the footer, so any context does.
pub(crate) fn bound(mode: Mode, press: KeyPress, kind: KeyEventKind) -> Option<Msg> {
    table(mode).bound(press, kind, &HintContext::default())
}

/// What `press` already does in the questionnaire, in words, if anything: a binding of some
/// mode, an editing key, or a character typed into an editor.
pub(crate) fn used_for(press: KeyPress) -> Option<String> {
    let modes = Mode::ALL.iter().filter(|mode| **mode != Mode::Collapsed);
    for mode in modes {
        for binding in table(*mode).bindings() {
            if binding.keys().contains(&press) {
                return Some(match Label::from_key(&binding.help) {
                    Some(label) => format!("the questionnaire's \"{}\" key", label.english()),
                    None => "one of the questionnaire's keys".into(),
                });
            }
        }
    }
    let event = press.event();
    if textarea::keymap().msg_for(&event, &()).is_some() {
        return Some("typed or an editing key in the questionnaire's editors".into());
    }
    None
}

/// The hint footer of `mode`: "key verb · key verb …", as many whole hints as fit in
/// `columns`, drawn by tea's help footer.
pub fn footer(mode: Mode, ctx: &HintContext, labels: &Labels, columns: usize) -> Line {
    footer_named(mode, ctx, labels, columns, &|keys| keys.to_string())
}

/// [`footer`] with each hint's keys named by `name` (a host's keys, see [`crate::Keys`]).
pub(crate) fn footer_named(
    mode: Mode,
    ctx: &HintContext,
    labels: &Labels,
    columns: usize,
    name: &dyn Fn(&str) -> String,
) -> Line {
    let entries: Vec<HelpEntry> = table(mode)
        .help(ctx)
        .into_iter()
        .map(|entry| HelpEntry {
            key: name(&entry.key),
            // The help footer sanitizes what it draws.
            text: Label::from_key(&entry.text)
                .map_or(entry.text, |label| labels.get(label).to_string()),
        })
        .collect();
    Help::new(&entries).without_ellipsis().line(columns)
}
