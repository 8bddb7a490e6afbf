//! The questionnaire's messages and what it hands back: [`Msg`] (what the user means) and
//! [`Outcome`] (how it ended). Kept apart from the model so the keymap can build messages
//! without knowing the model.

use question::ToolResult;
use tea::components::filter::FilterMsg;
use tea::components::textarea::TextAreaMsg;
use tea::input::Keyboard;

/// How the questionnaire ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Submitted(ToolResult),
    /// Esc (or Cancel on Review): every recorded answer is kept in the result.
    Cancelled(ToolResult),
    /// The host's time limit ran out before anyone pressed a key: cancelled + `timed_out`,
    /// with every answer and draft so far; nothing is chosen for the user.
    TimedOut(ToolResult),
}

impl Outcome {
    pub fn result(&self) -> &ToolResult {
        match self {
            Outcome::Submitted(result) | Outcome::Cancelled(result) | Outcome::TimedOut(result) => {
                result
            }
        }
    }

    pub fn into_result(self) -> ToolResult {
        match self {
            Outcome::Submitted(result) | Outcome::Cancelled(result) | Outcome::TimedOut(result) => {
                result
            }
        }
    }
}

/// What the user means. Keys become messages in [`crate::keymap`]; tests and hosts may send
/// messages directly. Editing keys are one variant, [`Msg::Edit`], carrying the text area's
/// own message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Msg {
    NextTab,
    PrevTab,
    MoveUp,
    MoveDown,
    MoveFirst,
    MoveLast,
    /// A click on a row of the option list (0-based, "Type something." after the options):
    /// focus it.
    FocusRow(usize),
    /// A click on a tab: show it (a question's index, or the questions' count for Review).
    ShowTab(usize),
    /// Pick the option with this 1-based number (1–9).
    PickNumber(u8),
    /// Enter: select and advance, confirm a multi set, open the free-text editor, or activate
    /// a Review row.
    Activate,
    /// Space: select without advancing (multi: toggle).
    SelectWithoutAdvance,
    /// `y`/`n` on a yes/no question: answer Yes (`true`) or No and move on.
    AnswerYesNo(bool),
    /// `/`: open the filter line above a single or multi list.
    OpenFilter,
    /// A change of the open filter (typing, Backspace, moving among the matches).
    Filter(FilterMsg),
    /// Enter while filtering: pick (single) or toggle (multi) the focused match, and close.
    AcceptFilter,
    /// Esc while filtering: clear and close the filter (it never cancels).
    CloseFilter,
    OpenOptionNote,
    OpenQuestionNote,
    /// Clear picks and free text, keep notes.
    Clear,
    /// Expand or collapse the preview below the list (narrow terminals).
    TogglePreview,
    /// Scroll the preview by rows.
    ScrollPreview(i32),
    /// Scroll the preview by half pages.
    PagePreview(i32),
    /// Scroll the context viewport by rows.
    ScrollContext(i32),
    /// Fold into the one-line dock, or unfold.
    ToggleCollapse,
    /// Cancel the questionnaire, keeping every recorded answer.
    Cancel,
    /// An edit of the open editor's draft (typing, moving, deleting, undo, yank…).
    Edit(TextAreaMsg),
    /// ↑/↓ in a number editor: add this many steps to the number (negative: subtract).
    StepNumber(i8),
    /// Enter in an editor: save the draft as the answer or note.
    SaveEditor,
    /// Esc in an editor: keep the draft, back to the list.
    LeaveEditor,
    /// Ctrl+G in an editor: edit the draft in the external editor.
    OpenExternalEditor,
    /// Show the web page's link as a QR code (only when there is a link).
    ShowQrCode,
    /// Any key while the QR code shows: back to the questionnaire.
    CloseQrCode,
    /// What the external editor gave back: the new draft, or why there is none.
    ExternalEdited(Result<String, String>),
    /// A second of the host's time limit passed (from the countdown's subscription).
    Tick,
    /// A key that means nothing here was pressed: the person is present, so the countdown
    /// stops (every other key stops it too).
    StopCountdown,
    /// The host found out what the terminal's keyboard tells apart: the footer names the
    /// newline key that works there.
    KeyboardKnown(Keyboard),
    /// The host draws for a light background (or, `false`, a dark one again): the QR code's
    /// dark modules are then the text's color.
    LightBackground(bool),
    /// A key pressed right after Enter saved an editor on a legacy terminal, before a pause:
    /// typing that was meant for the editor (Shift+Enter sends Enter there), so it does
    /// nothing, and the footer's row says which key makes a newline.
    TypedAfterSave,
    /// No key came for a moment after a save (the pause timer with this number): keys act
    /// again.
    TypingPaused(u32),
    /// No key came for a moment after the Enter that ends the questionnaire on a keyboard
    /// that may send Shift+Enter as Enter (the timer with this number): it ends now.
    EndingPaused(u32),
    /// The grammars of the questionnaire's code finished compiling in the background: draw
    /// its code colored from now on (see [`crate::App::highlighting_later`]).
    CodeHighlighted,
}

impl Msg {
    /// Whether the host's clock, size or terminal sent this, rather than the person.
    pub fn comes_from_the_host(&self) -> bool {
        matches!(
            self,
            Msg::Tick
                | Msg::CodeHighlighted
                | Msg::KeyboardKnown(_)
                | Msg::LightBackground(_)
                | Msg::TypingPaused(_)
                | Msg::EndingPaused(_)
        )
    }
}
