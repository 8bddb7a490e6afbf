//! Every fixed UI string, with its English default and the key a call uses to override it
//! (`docs/behaviour.md#labels`).

use serde_json::{Map, Value};

macro_rules! label_table {
    ($($variant:ident => $key:literal, $english:literal;)*) => {
        /// One fixed UI string. `labels.<key>` in the input overrides its English default.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Label { $($variant),* }

        impl Label {
            /// Every label, in the order `docs/behaviour.md#labels` lists them.
            pub const ALL: &'static [Label] = &[$(Label::$variant),*];

            /// The key of this label in the input's `labels` object.
            pub fn key(self) -> &'static str {
                match self { $(Label::$variant => $key),* }
            }

            /// The English default.
            pub fn english(self) -> &'static str {
                match self { $(Label::$variant => $english),* }
            }

            /// The label a `labels` key names, if any.
            pub fn from_key(key: &str) -> Option<Label> {
                match key { $($key => Some(Label::$variant),)* _ => None }
            }
        }
    };
}

label_table! {
    AskUser => "askUser", "Question";
    Yes => "yes", "Yes";
    No => "no", "No";
    TypeSomething => "typeSomething", "Type something.";
    YourAnswer => "yourAnswer", "Your answer";
    Submit => "submit", "Submit";
    BackToEdit => "backToEdit", "Back to questions";
    Cancel => "cancel", "Cancel";
    Review => "review", "Review";
    ReviewHeading => "reviewHeading", "Review your answers";
    Required => "required", "required";
    Unanswered => "unanswered", "unanswered";
    RequiredPending => "requiredPending", "Some questions are unanswered. Submit again to send anyway.";
    Skipped => "skipped", "skipped";
    Skip => "skip", "Skip";
    Done => "done", "Done";
    LineChoose => "lineChoose", "Type a number and press Enter; Enter alone skips.";
    LineChooseMany => "lineChooseMany", "Type numbers separated by commas; Enter alone skips.";
    LineConfirm => "lineConfirm", "Type y or n (or a number); Enter alone skips.";
    LineType => "lineType", "Type your answer and press Enter; Enter alone skips.";
    LineReview => "lineReview", "Press Enter to submit, or type a question number to change its answer.";
    NotUnderstood => "notUnderstood", "Not understood";
    Recommended => "recommended", "Recommended";
    Preview => "preview", "Preview";
    NoDescription => "noDescription", "No description";
    TypeOwn => "typeOwn", "Type your own answer";
    NoTextYet => "noTextYet", "Nothing typed yet";
    Note => "note", "Note";
    NoteForQuestion => "noteForQuestion", "Note on this question";
    NoteFor => "noteFor", "Note on";
    Cancelled => "cancelled", "Cancelled";
    CancelledKept => "cancelledKept", "Cancelled · answers kept";
    Error => "error", "Error";
    Answered => "answered", "answered";
    Move => "move", "move";
    Pick => "pick", "pick";
    Select => "select", "select";
    Toggle => "toggle", "toggle";
    Next => "next", "next";
    OptionNote => "optionNote", "option note";
    QuestionNote => "questionNote", "question note";
    Clear => "clear", "clear";
    ScrollPreview => "scrollPreview", "scroll preview";
    ScrollPrompt => "scrollPrompt", "scroll prompt";
    ScrollContext => "scrollContext", "scroll context";
    More => "more", "more";
    SwitchTab => "switchTab", "switch tab";
    Save => "save", "save";
    Newline => "newline", "newline";
    KeepDraft => "keepDraft", "keep draft";
    Filter => "filter", "filter";
    ClearFilter => "clearFilter", "clear filter";
    NoMatches => "noMatches", "no matches";
    Answer => "answer", "answer";
    Collapse => "collapse", "collapse";
    Expand => "expand", "expand";
    ExternalEditor => "externalEditor", "editor";
    EscAgain => "escAgain", "Esc again cancels; the draft is kept";
    Draft => "draft", "draft";
    TimedOut => "timedOut", "Timed out · answers kept";
    CancelHint => "cancelHint", "cancel";
    PreviewHint => "previewHint", "preview";
    TypedAfterSave => "typedAfterSave", "Saved with Enter; keys typed right after it did nothing";
    TypedAfterEnter => "typedAfterEnter", "Typed right after Enter, so kept as a new line";
    Step => "step", "step";
    WebLink => "webLink", "answer on a phone";
    WebMarker => "webMarker", "web";
    QrCode => "qrCode", "QR code";
    QrClose => "qrClose", "any key closes";
    QrTooSmall => "qrTooSmall", "make the terminal bigger to show the QR code: needs";
    PageAnswered => "pageAnswered", "Answered. You can close this page.";
    PageCancelled => "pageCancelled", "Cancelled. You can close this page.";
    PageAnsweredInTerminal => "pageAnsweredInTerminal", "Answered in the terminal. This page is closed.";
    PageAnsweredInInbox => "pageAnsweredInInbox", "Answered in the inbox. This page is closed.";
    PageCancelledElsewhere => "pageCancelledElsewhere", "The questionnaire was cancelled. This page is closed.";
    PageTimedOut => "pageTimedOut", "No one answered in time. This page is closed.";
    PageClosed => "pageClosed", "This questionnaire is closed.";
}

/// The active UI strings of one call: English defaults plus the call's overrides.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Labels {
    /// The call's valid overrides of known keys, in input order; `None` when the call sent no `labels`.
    supplied: Option<Map<String, Value>>,
}

impl Labels {
    /// English defaults only, as when a call sends no `labels`.
    pub fn english() -> Labels {
        Labels::default()
    }

    /// Defaults overridden by `overrides` (as if the call had sent them as `labels`).
    pub fn with_overrides<'a>(overrides: impl IntoIterator<Item = (Label, &'a str)>) -> Labels {
        let supplied = overrides
            .into_iter()
            .map(|(label, text)| (label.key().to_string(), Value::String(text.to_string())))
            .collect();
        Labels {
            supplied: Some(supplied),
        }
    }

    /// The text to show for `label`.
    pub fn get(&self, label: Label) -> &str {
        self.supplied
            .as_ref()
            .and_then(|map| map.get(label.key()))
            .and_then(Value::as_str)
            .unwrap_or(label.english())
    }

    /// The overrides the call supplied (known keys only), for echoing in `details.labels`;
    /// `None` when the call sent no `labels` object.
    pub fn supplied(&self) -> Option<&Map<String, Value>> {
        self.supplied.as_ref()
    }

    /// Built by validation from the checked overrides (`None`: no `labels` in the input).
    pub(crate) fn from_checked(supplied: Option<Map<String, Value>>) -> Labels {
        Labels { supplied }
    }
}
