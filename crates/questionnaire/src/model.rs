//! The model: the answers, what is shown and focused, the editors' drafts, and a cache of the
//! text measured at the last frame's size (no size of its own). `update` changes it, `view`
//! plans its rows and draws it.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use question::{
    Answer, AnswerState, Draft, Label, Question, Questionnaire, ResultOptions, ToolResult,
};
use tea::components::ListState;
use tea::components::filter::FilterState;
use tea::components::textarea::TextArea;
use tea::input::Keyboard;
use tea::text::sanitize_line;
use tea::{Line, Size, Slot, Style};
use tea_markdown::{Code, Kind, MarkdownCache};

use crate::clip::{wrap_head, wrap_head_after};
use crate::keymap::Mode;
use crate::keys::Keys;
use crate::kind::Traits;
use crate::layout::{HeightLimit, Measured};
use crate::measures::Measures;
use crate::memo::ViewMemo;
use crate::preview::{NO_PREVIEW, PreviewDoc, preview_source};

/// What an editor writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// "Type something." of a single/multi question, or a text question's answer.
    FreeText(usize),
    OptionNote(usize, usize),
    QuestionNote(usize),
}

impl Target {
    pub fn question(self) -> usize {
        match self {
            Target::FreeText(q) | Target::OptionNote(q, _) | Target::QuestionNote(q) => q,
        }
    }
}

/// The open filter of an option list (docs/behaviour.md#filter): the query, the matches and
/// the cursor among them, and the first shown match.
#[derive(Debug, Clone)]
pub(crate) struct ListFilter {
    /// The question whose options it filters.
    pub q: usize,
    pub state: FilterState,
}

/// The key under which tea's driver keeps what one questionnaire showed ([`crate::shown`]).
/// Each questionnaire has its own: a host that shows one after another in the same driver (the
/// inbox) starts each from its own top, not from where the last one was scrolled.
#[derive(Debug, Clone)]
pub(crate) struct ShownKey(pub String);

impl ShownKey {
    fn new() -> ShownKey {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        ShownKey(format!("questionnaire/{id}"))
    }
}

/// The questionnaire program.
pub struct App {
    pub(crate) state: AnswerState,
    /// The shown tab: a question index, or `questions.len()` for Review.
    pub(crate) tab: usize,
    /// Per question: the focused row (an option, or "Type something." after them) and the
    /// first shown one (whole-item windowing).
    pub(crate) lists: Vec<ListState>,
    /// The key under which tea's driver keeps what this questionnaire showed.
    pub(crate) shown_key: ShownKey,
    /// Review rows: the questions, then Submit, then Cancel.
    pub(crate) review: ListState,
    pub(crate) context_scroll: usize,
    pub(crate) preview_scroll: usize,
    /// The open note/free-text editor of an option question (text questions always edit).
    pub(crate) editor: Option<Target>,
    /// Unsaved drafts, kept when the editor closes with Esc or Tab.
    pub(crate) drafts: HashMap<Target, TextArea>,
    /// The filter line of the shown option list, while open.
    pub(crate) filter: Option<ListFilter>,
    pub(crate) previews_expanded: bool,
    /// The host's rule for the panel's height (docs/behaviour.md#height).
    pub(crate) height_limit: HeightLimit,
    pub(crate) collapsed: bool,
    /// Submit was pressed with unanswered questions; the next Submit sends.
    pub(crate) review_warning: bool,
    /// Esc was pressed once in a text question holding an unsaved draft; the next Esc
    /// cancels, any other key disarms it.
    pub(crate) esc_armed: bool,
    /// Time left of the host's limit while the countdown runs; `None` without a limit or
    /// once a key stopped it for good. Moved on by [`crate::Msg::Tick`] only.
    pub(crate) countdown: Option<Duration>,
    /// The text measured at the size of the last frame (the model keeps no size).
    pub(crate) measures: Measures,
    /// The keys, with a host's changes.
    pub(crate) keys: Keys,
    /// What the terminal's keyboard tells apart, as the host said; `None` until it does (a
    /// key replay has no terminal), which names keys as for a legacy one.
    pub(crate) keyboard: Option<Keyboard>,
    /// While keys typed right after Enter saved an editor are held off (a legacy terminal,
    /// where that Enter may have been Shift+Enter): the pause timer's number, which only the
    /// latest timer carries ([`crate::Msg::TypingPaused`]).
    pub(crate) typing_after_save: Option<u32>,
    /// The number the next pause timer gets.
    pub(crate) pause_timers: u32,
    /// Typing was held off since that save: every key is, until the pause.
    pub(crate) holding_typing: bool,
    /// While the Enter that ends the questionnaire waits for a pause (a keyboard that may send
    /// Shift+Enter as Enter): its timer's number ([`crate::Msg::EndingPaused`]).
    pub(crate) ending_held: Option<u32>,
    /// The editor whose draft is out in the external editor.
    pub(crate) external: Option<Target>,
    /// A message shown in place of the footer until the next key (the external editor failed).
    pub(crate) notice: Option<String>,
    /// The notice stays while the person goes on typing (it says what their typing did).
    pub(crate) notice_while_typing: bool,
    /// Code whose grammars compile on tasks before it is drawn colored, in batches in the order
    /// they compile (what the first frame shows first); empty once code is drawn colored.
    pub(crate) uncompiled: Vec<Vec<String>>,
    /// The link to the same questionnaire as a web page, when a host serves one.
    pub(crate) web_link: Option<String>,
    /// The link's QR code is shown in place of the questionnaire until the next key.
    pub(crate) qr_open: bool,
    /// The host draws for a light background (the text is darker than the background).
    pub(crate) light_background: bool,
    /// Rows the view keeps between frames (the tab bar, the footer), with what they show.
    pub(crate) memo: ViewMemo,
    /// The view asks for the mouse (docs/behaviour.md#keys): off unless the host turns it on.
    pub(crate) mouse: bool,
}

impl App {
    pub fn new(questionnaire: Questionnaire) -> App {
        App::with_code(questionnaire, Vec::new())
    }

    /// The questionnaire for a host whose first frame must not wait for syntax highlighting.
    /// When some of its code names a grammar this process has not compiled yet, code is drawn
    /// plain at first, [`Program::init`](tea::Program::init) compiles it on a task, and
    /// [`Msg::CodeHighlighted`](crate::Msg::CodeHighlighted) colors it. A driver that runs tasks
    /// inline draws the same frames as with [`App::new`].
    pub fn highlighting_later(questionnaire: Questionnaire) -> App {
        let uncompiled = uncompiled_code(&questionnaire);
        App::with_code(questionnaire, uncompiled)
    }

    /// Code is drawn plain while `uncompiled` holds any.
    fn with_code(questionnaire: Questionnaire, uncompiled: Vec<Vec<String>>) -> App {
        let count = questionnaire.questions.len();
        let mut markdown = MarkdownCache::default();
        if !uncompiled.is_empty() {
            markdown.set_code(Code::Plain);
        }
        let height_limit = HeightLimit::default();
        App {
            state: AnswerState::new(questionnaire),
            tab: 0,
            lists: vec![ListState::default(); count],
            shown_key: ShownKey::new(),
            review: ListState::default(),
            context_scroll: 0,
            preview_scroll: 0,
            editor: None,
            drafts: HashMap::new(),
            filter: None,
            previews_expanded: false,
            height_limit,
            collapsed: false,
            review_warning: false,
            esc_armed: false,
            countdown: None,
            measures: Measures::new(markdown),
            keys: Keys::default(),
            keyboard: None,
            typing_after_save: None,
            pause_timers: 0,
            holding_typing: false,
            ending_held: None,
            notice_while_typing: false,
            external: None,
            notice: None,
            uncompiled,
            web_link: None,
            qr_open: false,
            light_background: false,
            memo: ViewMemo::default(),
            mouse: false,
        }
    }

    /// The questionnaire with a host's rule for its height: pi's share of the terminal by
    /// default ([`HeightLimit::SHARE`]); the CLI's is the whole terminal.
    pub fn with_height_limit(mut self, limit: HeightLimit) -> App {
        self.height_limit = limit;
        self.remeasure();
        self
    }

    /// The questionnaire with the mouse on (docs/behaviour.md#keys): the wheel scrolls the
    /// part under the pointer, clicks focus and pick options and switch tabs. A host that owns
    /// the terminal's mouse (pi) leaves it off.
    pub fn with_mouse(mut self) -> App {
        self.mouse = true;
        self
    }

    /// The questionnaire with a host's keys (see [`Keys`]).
    pub fn with_keys(mut self, keys: Keys) -> App {
        self.set_keys(keys);
        self
    }

    /// The questionnaire with the link to its web page (docs/behaviour.md#web-link): the
    /// footer shows it where there is room, the dock marks it, and a key shows it as a QR code.
    /// Shown on one line with control characters removed.
    pub fn with_web_link(mut self, url: String) -> App {
        self.web_link = Some(sanitize_line(&url)).filter(|url| !url.is_empty());
        // The footer shows the link: the rows it kept from before are stale.
        self.memo = ViewMemo::default();
        self
    }

    /// The link to the web page, when there is one.
    pub fn web_link(&self) -> Option<&str> {
        self.web_link.as_deref()
    }

    /// Changes the keys (a host read its own keybindings).
    pub fn set_keys(&mut self, keys: Keys) {
        self.keys = keys;
        // The footer names the keys.
        self.memo = ViewMemo::default();
    }

    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    /// The label of the open editor ("Your answer", "Note on this question"…): the title a
    /// host's own editor dialog shows, with a long option label cut as the last frame's
    /// editor cut it (the dialog wraps what it is given).
    pub fn editor_title(&self) -> Option<String> {
        let columns = self.measures.message_size().width.into();
        self.open_editor()
            .map(|target| self.editor_props(target, columns).label)
    }

    /// The questionnaire ends as timed out after `limit` unless a key is pressed first
    /// (docs/behaviour.md#time-limit). Only a host sets it, never the questions' author.
    pub fn with_time_limit(mut self, limit: Duration) -> App {
        self.countdown = Some(limit).filter(|l| !l.is_zero());
        self
    }

    /// The time left while the countdown runs.
    pub fn countdown(&self) -> Option<Duration> {
        self.countdown
    }

    pub fn state(&self) -> &AnswerState {
        &self.state
    }

    /// The result as it stands: what a submit (`cancelled: false`) or a cancel or abort
    /// (`cancelled: true`) returns. Cancelling keeps every recorded answer.
    pub fn result(&self, cancelled: bool) -> ToolResult {
        let options = if cancelled {
            ResultOptions::cancelled()
        } else {
            ResultOptions::submitted()
        };
        self.result_with(options)
    }

    /// The result for `options` (e.g. an abort from the host), reporting every unsaved draft.
    /// Drafts the host brings in `options` (typed on a web page) are kept where the
    /// questionnaire has no draft of its own for the same field.
    pub fn result_with(&self, mut options: ResultOptions) -> ToolResult {
        let mut drafts = std::mem::take(&mut options.drafts);
        for (id, own) in self.unsaved_drafts() {
            drafts.entry(id).or_default().update(own);
        }
        self.state.build_result(options.with_drafts(drafts))
    }

    /// Drafts whose text differs from what is saved, by question id; blank ones are left out.
    pub fn unsaved_drafts(&self) -> BTreeMap<String, Draft> {
        let mut drafts: BTreeMap<String, Draft> = BTreeMap::new();
        for &target in self.drafts.keys() {
            let Some(text) = self.unsaved_draft(target) else {
                continue;
            };
            let question = &self.questions()[target.question()];
            let draft = drafts.entry(question.id.clone()).or_default();
            match target {
                Target::FreeText(_) => draft.text = Some(text.to_string()),
                Target::QuestionNote(_) => draft.note = Some(text.to_string()),
                Target::OptionNote(_, o) => {
                    let value = question.options[o].value.clone();
                    draft.option_notes.insert(value, text.to_string());
                }
            }
        }
        drafts
    }

    pub fn is_collapsed(&self) -> bool {
        self.collapsed
    }

    /// The shown tab: a question index, or the number of questions for Review.
    pub fn tab(&self) -> usize {
        self.tab
    }

    /// The panel height in a terminal of `size`, with the previews as they are (rows of
    /// [`App::lines`] while expanded).
    pub fn height(&self, size: Size) -> usize {
        self.measured_at(size).height
    }

    /// The keymap mode right now.
    pub fn mode(&self) -> Mode {
        if self.collapsed {
            return Mode::Collapsed;
        }
        if let Some(mode) = self
            .question()
            .and_then(|(_, q)| Traits::of(q.kind).answer_mode())
        {
            return mode;
        }
        match self.question() {
            None => Mode::Review,
            Some(_) if self.editor.is_some() => Mode::Editor,
            Some((q, _)) if self.filter_of(q).is_some() => Mode::Filter,
            Some((_, q)) if Traits::of(q.kind).yes_no => Mode::YesNo,
            Some(_) => Mode::List,
        }
    }

    pub(crate) fn questions(&self) -> &[Question] {
        &self.state.questionnaire().questions
    }

    pub(crate) fn has_tabs(&self) -> bool {
        self.questions().len() > 1
    }

    /// The question on the shown tab; `None` on Review.
    pub(crate) fn question(&self) -> Option<(usize, &Question)> {
        self.questions().get(self.tab).map(|q| (self.tab, q))
    }

    pub(crate) fn traits(&self, q: usize) -> Traits {
        Traits::of_question(&self.questions()[q])
    }

    pub(crate) fn answer(&self, q: usize) -> Option<&Answer> {
        self.state.answer(&self.questions()[q].id)
    }

    pub(crate) fn label(&self, label: Label) -> String {
        sanitize_line(self.state.questionnaire().labels.get(label))
    }

    /// The open filter of question `q`.
    pub(crate) fn filter_of(&self, q: usize) -> Option<&ListFilter> {
        self.filter.as_ref().filter(|f| f.q == q)
    }

    /// Question `q` is filtered and nothing matches: no row is focused, nothing previews.
    pub(crate) fn nothing_matches(&self, q: usize) -> bool {
        self.filter_of(q)
            .is_some_and(|f| f.state.matches().is_empty())
    }

    /// The focused row of question `q`.
    pub(crate) fn cursor(&self, q: usize) -> usize {
        self.lists[q].selected
    }

    /// Rows in a question's list: its options, then "Type something." when allowed.
    pub(crate) fn item_count(&self, q: usize) -> usize {
        let question = &self.questions()[q];
        question.options.len() + usize::from(Traits::of_question(question).free_text_row())
    }

    /// The editor shown on the current tab.
    pub(crate) fn open_editor(&self) -> Option<Target> {
        let (q, question) = self.question()?;
        if !Traits::of(question.kind).has_options() {
            return Some(Target::FreeText(q));
        }
        self.editor.filter(|t| t.question() == q)
    }

    /// The draft of `target`: unsaved edits, else the saved text.
    pub(crate) fn draft(&self, target: Target) -> Cow<'_, TextArea> {
        match self.drafts.get(&target) {
            Some(draft) => Cow::Borrowed(draft),
            None => Cow::Owned(TextArea::new(&self.saved_draft(target))),
        }
    }

    /// The draft of `target` when it holds text that is not blank and not what is saved.
    pub(crate) fn unsaved_draft(&self, target: Target) -> Option<&str> {
        let text = self.drafts.get(&target)?.text();
        (!text.trim().is_empty() && text != self.saved_draft(target)).then_some(text)
    }

    /// What the editor of `target` starts from: the saved text, or the saved number.
    pub(crate) fn saved_draft(&self, target: Target) -> Cow<'_, str> {
        let number = self.answer(target.question()).and_then(|a| a.number);
        match (target, number) {
            (Target::FreeText(_), Some(number)) => Cow::Owned(number.to_string()),
            _ => Cow::Borrowed(self.saved_text(target)),
        }
    }

    pub(crate) fn saved_text(&self, target: Target) -> &str {
        let Some(answer) = self.answer(target.question()) else {
            return "";
        };
        match target {
            Target::FreeText(_) => answer.custom_text.as_deref(),
            Target::QuestionNote(_) => answer.note.as_deref(),
            Target::OptionNote(q, o) => answer.option_note(&self.questions()[q].options[o].value),
        }
        .unwrap_or_default()
    }

    /// What a preview shows for `target`: the draft while its editor is open (so the preview
    /// follows the typing), else the saved text; `None` when blank.
    pub(crate) fn live_text(&self, target: Target) -> Option<&str> {
        let text = match self.drafts.get(&target) {
            Some(draft) if self.open_editor() == Some(target) => draft.text(),
            _ => self.saved_text(target),
        };
        Some(text).filter(|t| !t.trim().is_empty())
    }

    pub(crate) fn option_note(&self, q: usize, i: usize) -> Option<&str> {
        let value = &self.questions()[q].options.get(i)?.value;
        self.answer(q)?.option_note(value)
    }

    /// Whether row `i` of question `q` has something to preview that its list row does not
    /// show: a markdown preview, a note, or (beside the list, where the list may shorten it) a
    /// description.
    pub(crate) fn previewable(&self, measured: &Measured, q: usize, i: usize) -> bool {
        let question = &self.questions()[q];
        let Some(option) = question.options.get(i) else {
            return false;
        };
        let m = &measured.questions[q];
        let shows_more = match preview_source(option) {
            Some((Kind::Markdown, _)) => true,
            Some((Kind::Plain, _)) => m.beside,
            None => false,
        };
        !self.nothing_matches(q)
            && (shows_more && m.previews[i].has_content() || self.option_note(q, i).is_some())
    }

    /// The editor's columns: the list's when a preview sits beside it.
    pub(crate) fn editor_width(&self, measured: &Measured) -> usize {
        let geometry = &measured.geometry;
        match self.question() {
            Some((q, _)) if measured.questions[q].beside => geometry.list,
            _ => geometry.inner,
        }
        .max(1)
    }
}

impl App {
    /// What row `i` of question `q` previews (nothing while no filtered row matches).
    pub(crate) fn preview_doc<'a>(
        &'a self,
        measured: &'a Measured,
        q: usize,
        i: usize,
    ) -> PreviewDoc<'a> {
        if self.nothing_matches(q) {
            return PreviewDoc {
                base: &NO_PREVIEW,
                extra: Vec::new(),
                extra_complete: true,
            };
        }
        let preview_width = measured.geometry.preview;
        let muted = Style::fg(Slot::Muted);
        let question = &self.questions()[q];
        // Rows a preview may show: from the scroll position to a panel below it, and one more
        // to tell whether more follow.
        let wanted = self.preview_scroll + measured.height + 1;
        if i >= question.options.len() {
            let mut extra = vec![Line::styled(self.label(Label::TypeOwn), muted.clone())];
            extra.push(Line::default());
            let mut extra_complete = true;
            match self.live_text(Target::FreeText(q)) {
                Some(text) => {
                    let head = wrap_head(text, preview_width, wanted);
                    extra_complete = head.complete;
                    extra.extend(
                        head.rows
                            .into_iter()
                            .map(|row| Line::styled(row, Style::fg(Slot::Text))),
                    );
                }
                None => match self.unsaved_draft(Target::FreeText(q)) {
                    // Left with Esc or Tab: the draft, muted, so the pane never says that
                    // nothing was typed.
                    Some(draft) => {
                        let lead = format!("✎ {}: ", self.label(Label::Draft));
                        let head = wrap_head_after(&lead, draft, preview_width, wanted);
                        extra_complete = head.complete;
                        extra.extend(
                            head.rows
                                .into_iter()
                                .map(|row| Line::styled(row, muted.clone().italic())),
                        );
                    }
                    None => extra.push(Line::styled(self.label(Label::NoTextYet), muted)),
                },
            }
            return PreviewDoc {
                base: &NO_PREVIEW,
                extra,
                extra_complete,
            };
        }
        let base = &measured.questions[q].previews[i];
        let mut extra = Vec::new();
        let mut extra_complete = true;
        if let Some(note) = self.live_text(Target::OptionNote(q, i))
            && base.is_complete()
        {
            if base.len() > 0 {
                extra.push(Line::default());
            }
            let lead = format!("✎ {}: ", self.label(Label::Note));
            let rows = wanted.saturating_sub(base.len() + 1);
            let head = wrap_head_after(&lead, note, preview_width, rows);
            extra_complete = head.complete;
            extra.extend(
                head.rows
                    .into_iter()
                    .map(|row| Line::styled(row, Style::fg(Slot::Accent))),
            );
        }
        if base.len() == 0 && base.is_complete() && extra.is_empty() {
            extra.push(Line::styled(self.label(Label::NoDescription), muted));
        }
        PreviewDoc {
            base,
            extra,
            extra_complete,
        }
    }
}

/// The questionnaire's markdown whose code would compile a grammar, each text cut to what its
/// first frames show (past [`crate::preview::LONG_PREVIEW`] a preview renders piece by piece as
/// it is scrolled): first what the first frame shows (the first question's context and first
/// preview), then the rest; no batch when nothing is left to compile.
fn uncompiled_code(questionnaire: &Questionnaire) -> Vec<Vec<String>> {
    const ENOUGH: usize = 16 * 1024;
    let (mut shown, mut rest) = (Vec::new(), Vec::new());
    for (q, question) in questionnaire.questions.iter().enumerate() {
        let previews = question.options.iter().map(|o| o.preview.as_deref());
        let texts = std::iter::once(question.context.as_deref()).chain(previews);
        // Index 0 is the context, 1 the first option's preview.
        for (i, text) in texts.enumerate() {
            let Some(text) = text.filter(|text| !tea_markdown::code_is_ready(text)) else {
                continue;
            };
            let mut end = text.len().min(ENOUGH);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let batch = if q == 0 && i < 2 {
                &mut shown
            } else {
                &mut rest
            };
            batch.push(text[..end].to_string());
        }
    }
    [shown, rest]
        .into_iter()
        .filter(|batch| !batch.is_empty())
        .collect()
}
