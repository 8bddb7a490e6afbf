//! The keymap: one table per mode that turns input events into [`Msg`]s and, read the other
//! way, yields the hint footer. A key is bound in exactly one place, so the footer never
//! advertises a key that does something else.

use question::{Label, Labels};
use tea::Line;
use tea::components::Help;
use tea::components::filter::FilterMsg;
use tea::components::textarea::{TextAreaKeys, TextAreaMsg};
use tea::input::{KeyCode, KeyEventKind, KeyModifiers, KeyPress};
use tea::keymap::HelpEntry;

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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum When {
    Always,
    Tabs,
    SingleChoice,
    Multi,
    OnOption,
    NarrowPreview,
    PreviewScrolls,
    ContextScrolls,
    /// The prompt scrolls and the context does not.
    OnlyPromptScrolls,
}

impl When {
    fn holds(self, ctx: &HintContext) -> bool {
        match self {
            When::Always => true,
            When::Tabs => ctx.tabs,
            When::SingleChoice => !ctx.multi,
            When::Multi => ctx.multi,
            When::OnOption => ctx.on_option,
            When::NarrowPreview => ctx.narrow_preview,
            When::PreviewScrolls => ctx.preview_scrolls,
            When::ContextScrolls => ctx.context_scrolls,
            When::OnlyPromptScrolls => ctx.prompt_scrolls && !ctx.context_scrolls,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Hint {
    keys: &'static str,
    verb: Label,
    when: When,
}

#[derive(Debug, Clone, Copy)]
enum Key {
    Code(KeyCode, KeyModifiers),
    /// 1–9 without modifiers.
    Digit,
}

struct Binding {
    keys: &'static [Key],
    /// Builds the message; gets the typed character for [`Key::Digit`].
    msg: fn(char) -> Msg,
    /// Whether a held-down key (a repeat event) acts again. Toggles and actions never do.
    repeats: bool,
    hint: Option<Hint>,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;
const CTRL: KeyModifiers = KeyModifiers::CTRL;
const ALT: KeyModifiers = KeyModifiers::ALT;

const fn key(code: KeyCode) -> Key {
    Key::Code(code, NONE)
}
const fn shift(code: KeyCode) -> Key {
    Key::Code(code, SHIFT)
}
const fn ctrl(c: char) -> Key {
    Key::Code(KeyCode::Char(c), CTRL)
}
const fn alt(code: KeyCode) -> Key {
    Key::Code(code, ALT)
}
const fn ch(c: char) -> Key {
    Key::Code(KeyCode::Char(c), NONE)
}

const fn hint(keys: &'static str, verb: Label, when: When) -> Option<Hint> {
    Some(Hint { keys, verb, when })
}

const COLLAPSE: Binding = Binding {
    keys: &[ctrl(']')],
    msg: |_| Msg::ToggleCollapse,
    repeats: false,
    hint: hint("ctrl+]", Label::Collapse, When::Always),
};

const NEXT_TAB: Binding = Binding {
    keys: &[key(KeyCode::Tab), key(KeyCode::Right)],
    msg: |_| Msg::NextTab,
    repeats: false,
    hint: hint("tab", Label::SwitchTab, When::Tabs),
};

const PREV_TAB: Binding = Binding {
    keys: &[shift(KeyCode::Tab), key(KeyCode::Left)],
    msg: |_| Msg::PrevTab,
    repeats: false,
    hint: None,
};

const MOVE_UP: Binding = Binding {
    keys: &[key(KeyCode::Up), ch('k')],
    msg: |_| Msg::MoveUp,
    repeats: true,
    hint: hint("↑↓", Label::Move, When::Always),
};

const MOVE_DOWN: Binding = Binding {
    keys: &[key(KeyCode::Down), ch('j')],
    msg: |_| Msg::MoveDown,
    repeats: true,
    hint: None,
};

const MOVE_FIRST: Binding = Binding {
    keys: &[key(KeyCode::Home)],
    msg: |_| Msg::MoveFirst,
    repeats: false,
    hint: None,
};

const MOVE_LAST: Binding = Binding {
    keys: &[key(KeyCode::End)],
    msg: |_| Msg::MoveLast,
    repeats: false,
    hint: None,
};

const CANCEL: Binding = Binding {
    keys: &[key(KeyCode::Esc)],
    msg: |_| Msg::Cancel,
    repeats: false,
    hint: hint("esc", Label::CancelHint, When::Always),
};

const ACTIVATE: Binding = Binding {
    keys: &[key(KeyCode::Enter)],
    msg: |_| Msg::Activate,
    repeats: false,
    hint: hint("enter", Label::Select, When::SingleChoice),
};

// Enter's hint on a multi question ("next"); the binding above handles the key.
const ACTIVATE_MULTI_HINT: Binding = Binding {
    keys: &[],
    msg: |_| Msg::Activate,
    repeats: false,
    hint: hint("enter", Label::Next, When::Multi),
};

const TOGGLE: Binding = Binding {
    keys: &[key(KeyCode::Char(' '))],
    msg: |_| Msg::SelectWithoutAdvance,
    repeats: false,
    hint: hint("space", Label::Toggle, When::Multi),
};

const PICK_NUMBER: Binding = Binding {
    keys: &[Key::Digit],
    msg: |c| Msg::PickNumber(c.to_digit(10).unwrap_or(0) as u8),
    repeats: false,
    hint: hint("1-9", Label::Pick, When::Always),
};

const TOGGLE_PREVIEW: Binding = Binding {
    keys: &[ch('p')],
    msg: |_| Msg::TogglePreview,
    repeats: false,
    hint: hint("p", Label::PreviewHint, When::NarrowPreview),
};

const SCROLL_PREVIEW_UP: Binding = Binding {
    keys: &[shift(KeyCode::Up)],
    msg: |_| Msg::ScrollPreview(-1),
    repeats: true,
    hint: hint("⇧↑↓", Label::ScrollPreview, When::PreviewScrolls),
};

const SCROLL_PREVIEW_DOWN: Binding = Binding {
    keys: &[shift(KeyCode::Down)],
    msg: |_| Msg::ScrollPreview(1),
    repeats: true,
    hint: None,
};

const PAGE_PREVIEW_UP: Binding = Binding {
    keys: &[ch('['), key(KeyCode::PageUp)],
    msg: |_| Msg::PagePreview(-1),
    repeats: true,
    hint: None,
};

const PAGE_PREVIEW_DOWN: Binding = Binding {
    keys: &[ch(']'), key(KeyCode::PageDown)],
    msg: |_| Msg::PagePreview(1),
    repeats: true,
    hint: None,
};

const SCROLL_CONTEXT_UP: Binding = Binding {
    keys: &[alt(KeyCode::Up)],
    msg: |_| Msg::ScrollContext(-1),
    repeats: true,
    hint: hint("alt+↑↓", Label::ScrollContext, When::ContextScrolls),
};

const SCROLL_CONTEXT_DOWN: Binding = Binding {
    keys: &[alt(KeyCode::Down)],
    msg: |_| Msg::ScrollContext(1),
    repeats: true,
    hint: hint("alt+↑↓", Label::ScrollPrompt, When::OnlyPromptScrolls),
};

const QUESTION_NOTE: Binding = Binding {
    keys: &[ch('N')],
    msg: |_| Msg::OpenQuestionNote,
    repeats: false,
    hint: hint("N", Label::QuestionNote, When::Always),
};

const CLEAR: Binding = Binding {
    keys: &[ch('x'), key(KeyCode::Delete)],
    msg: |_| Msg::Clear,
    repeats: false,
    hint: hint("x", Label::Clear, When::Always),
};

static LIST: &[Binding] = &[
    MOVE_UP,
    MOVE_DOWN,
    MOVE_FIRST,
    MOVE_LAST,
    ACTIVATE,
    ACTIVATE_MULTI_HINT,
    TOGGLE,
    PICK_NUMBER,
    NEXT_TAB,
    PREV_TAB,
    CANCEL,
    TOGGLE_PREVIEW,
    SCROLL_PREVIEW_UP,
    SCROLL_PREVIEW_DOWN,
    PAGE_PREVIEW_UP,
    PAGE_PREVIEW_DOWN,
    SCROLL_CONTEXT_UP,
    SCROLL_CONTEXT_DOWN,
    Binding {
        keys: &[ch('n')],
        msg: |_| Msg::OpenOptionNote,
        repeats: false,
        hint: hint("n", Label::OptionNote, When::OnOption),
    },
    QUESTION_NOTE,
    CLEAR,
    Binding {
        keys: &[ch('/')],
        msg: |_| Msg::OpenFilter,
        repeats: false,
        hint: hint("/", Label::Filter, When::Always),
    },
    COLLAPSE,
];

// A confirm question: `y`/`n` answer (so `n` is not the option note here; notes on a yes/no
// question are the question note, `N`). Its two options need no filter.
static YES_NO: &[Binding] = &[
    MOVE_UP,
    MOVE_DOWN,
    MOVE_FIRST,
    MOVE_LAST,
    ACTIVATE,
    Binding {
        keys: &[ch('y'), ch('Y')],
        msg: |_| Msg::AnswerYesNo(true),
        repeats: false,
        hint: hint("y/n", Label::Answer, When::Always),
    },
    Binding {
        keys: &[ch('n')],
        msg: |_| Msg::AnswerYesNo(false),
        repeats: false,
        hint: None,
    },
    TOGGLE,
    PICK_NUMBER,
    NEXT_TAB,
    PREV_TAB,
    CANCEL,
    TOGGLE_PREVIEW,
    SCROLL_PREVIEW_UP,
    SCROLL_PREVIEW_DOWN,
    PAGE_PREVIEW_UP,
    PAGE_PREVIEW_DOWN,
    SCROLL_CONTEXT_UP,
    SCROLL_CONTEXT_DOWN,
    QUESTION_NOTE,
    CLEAR,
    COLLAPSE,
];

// While filtering, printable keys (Space included) are the query's (see [`msg_for`]); these
// are the rest. Enter acts on the focused match; Esc clears and closes, never cancels.
static FILTER: &[Binding] = &[
    Binding {
        keys: &[],
        msg: |_| Msg::Filter(FilterMsg::Down),
        repeats: true,
        hint: hint("↑↓", Label::Move, When::Always),
    },
    Binding {
        keys: &[key(KeyCode::Enter)],
        msg: |_| Msg::AcceptFilter,
        repeats: false,
        hint: hint("enter", Label::Select, When::SingleChoice),
    },
    Binding {
        keys: &[],
        msg: |_| Msg::AcceptFilter,
        repeats: false,
        hint: hint("enter", Label::Toggle, When::Multi),
    },
    Binding {
        keys: &[key(KeyCode::Esc)],
        msg: |_| Msg::CloseFilter,
        repeats: false,
        hint: hint("esc", Label::ClearFilter, When::Always),
    },
    COLLAPSE,
];

static REVIEW: &[Binding] = &[
    MOVE_UP,
    MOVE_DOWN,
    MOVE_FIRST,
    MOVE_LAST,
    Binding {
        keys: &[key(KeyCode::Enter), key(KeyCode::Char(' '))],
        msg: |_| Msg::Activate,
        repeats: false,
        hint: hint("enter", Label::Select, When::Always),
    },
    NEXT_TAB,
    PREV_TAB,
    CANCEL,
    COLLAPSE,
];

const SAVE: Binding = Binding {
    keys: &[key(KeyCode::Enter)],
    msg: |_| Msg::SaveEditor,
    repeats: false,
    hint: hint("enter", Label::Save, When::Always),
};

/// The newline hint's keys: the one that works in every terminal. [`crate::Keys`] names
/// Shift+Enter instead where the terminal tells it from Enter, or a host's newline key.
pub(crate) const NEWLINE_KEYS: &str = "ctrl+j";

// The newline hint; the text area's keys insert it (Shift+Enter, Ctrl+J, Alt+Enter).
const NEWLINE: Binding = Binding {
    keys: &[],
    msg: |_| Msg::Edit(TextAreaMsg::Newline),
    repeats: true,
    hint: hint(NEWLINE_KEYS, Label::Newline, When::Always),
};

// Last in the editors' footers: it goes first when the footer is short of room.
const EXTERNAL_EDITOR: Binding = Binding {
    keys: &[ctrl('g')],
    msg: |_| Msg::OpenExternalEditor,
    repeats: false,
    hint: hint("ctrl+g", Label::ExternalEditor, When::Always),
};

static EDITOR: &[Binding] = &[
    SAVE,
    NEWLINE,
    Binding {
        keys: &[key(KeyCode::Esc)],
        msg: |_| Msg::LeaveEditor,
        repeats: false,
        hint: hint("esc", Label::KeepDraft, When::Always),
    },
    NEXT_TAB_IN_EDITOR,
    PREV_TAB_IN_EDITOR,
    COLLAPSE,
    EXTERNAL_EDITOR,
];

static TEXT_ANSWER: &[Binding] = &[
    SAVE,
    NEWLINE,
    NEXT_TAB_IN_EDITOR,
    PREV_TAB_IN_EDITOR,
    CANCEL,
    COLLAPSE,
    EXTERNAL_EDITOR,
];

static NUMBER_ANSWER: &[Binding] = &[
    SAVE,
    STEP_UP,
    STEP_DOWN,
    NEXT_TAB_IN_EDITOR,
    PREV_TAB_IN_EDITOR,
    CANCEL,
    COLLAPSE,
];

const STEP_UP: Binding = Binding {
    keys: &[key(KeyCode::Up)],
    msg: |_| Msg::StepNumber(1),
    repeats: true,
    hint: hint("↑↓", Label::Step, When::Always),
};

const STEP_DOWN: Binding = Binding {
    keys: &[key(KeyCode::Down)],
    msg: |_| Msg::StepNumber(-1),
    repeats: true,
    hint: None,
};

const NEXT_TAB_IN_EDITOR: Binding = Binding {
    keys: &[key(KeyCode::Tab)],
    msg: |_| Msg::NextTab,
    repeats: false,
    hint: hint("tab", Label::SwitchTab, When::Tabs),
};

const PREV_TAB_IN_EDITOR: Binding = Binding {
    keys: &[shift(KeyCode::Tab)],
    msg: |_| Msg::PrevTab,
    repeats: false,
    hint: None,
};

static COLLAPSED: &[Binding] = &[Binding {
    keys: &[ctrl(']')],
    msg: |_| Msg::ToggleCollapse,
    repeats: false,
    hint: hint("ctrl+]", Label::Expand, When::Always),
}];

/// The bindings of a mode, most important hint first. In an editor the text area's keys come
/// after them (see [`msg_for`]), so a mode's own bindings (Enter, Esc, Tab) win.
fn table(mode: Mode) -> &'static [Binding] {
    match mode {
        Mode::List => LIST,
        Mode::YesNo => YES_NO,
        Mode::Filter => FILTER,
        Mode::Review => REVIEW,
        Mode::Editor => EDITOR,
        Mode::TextAnswer => TEXT_ANSWER,
        Mode::NumberAnswer => NUMBER_ANSWER,
        Mode::Collapsed => COLLAPSED,
    }
}

fn matches(pattern: &Key, code: KeyCode, mods: KeyModifiers) -> Option<char> {
    match (pattern, code) {
        (Key::Code(c, m), _) if *c == code && *m == mods => Some('\0'),
        (Key::Digit, KeyCode::Char(d @ '1'..='9')) if mods.is_empty() => Some(d),
        _ => None,
    }
}

/// The message of the binding of `mode` that takes `press` (a press, or a repeat for the
/// bindings that repeat).
pub(crate) fn bound(mode: Mode, press: KeyPress, kind: KeyEventKind) -> Option<Msg> {
    let KeyPress { code, modifiers } = press;
    table(mode).iter().find_map(|binding| {
        let c = binding
            .keys
            .iter()
            .find_map(|pattern| matches(pattern, code, modifiers))?;
        (kind == KeyEventKind::Press || binding.repeats).then(|| (binding.msg)(c))
    })
}

/// What `press` already does in the questionnaire, in words, if anything: a binding of some
/// mode, an editing key, or a character typed into an editor.
pub(crate) fn used_for(press: KeyPress) -> Option<String> {
    let modes = [
        Mode::List,
        Mode::YesNo,
        Mode::Filter,
        Mode::Review,
        Mode::Editor,
        Mode::TextAnswer,
        Mode::NumberAnswer,
    ];
    for mode in modes {
        for binding in table(mode) {
            let taken = binding
                .keys
                .iter()
                .any(|pattern| matches(pattern, press.code, press.modifiers).is_some());
            if taken {
                return Some(match binding.hint {
                    Some(hint) => format!("the questionnaire's \"{}\" key", hint.verb.english()),
                    None => "one of the questionnaire's keys".into(),
                });
            }
        }
    }
    let event = press.event();
    if TextAreaKeys::standard().msg_for(&event).is_some() {
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
        .iter()
        .filter_map(|b| b.hint)
        .filter(|h| h.when.holds(ctx))
        .map(|hint| HelpEntry {
            key: name(hint.keys),
            // The help footer sanitizes what it draws.
            text: labels.get(hint.verb).to_string(),
        })
        .collect();
    Help::new(&entries).without_ellipsis().line(columns)
}
