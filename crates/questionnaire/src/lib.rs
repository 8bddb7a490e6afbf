//! The ask_user_question questionnaire: one Elm program ([`App`]) on `tea`, the one-line
//! collapse dock ([`App::dock_line`]) and the transcript cards ([`cards`]).
//!
//! ```text
//! input Event ──keymap::msg_for(mode)──▶ Msg ──App::update──▶ Cmd<Msg, Outcome, Host>
//!                                                  │ (settle: clamp scrolls, draw the frame)
//!                                                  ▼
//!                                 App::lines() / App::view() = tea rows
//! ```
//!
//! Modules: [`keymap`] (one table per [`Mode`], which also yields the hint footer), `layout`
//! (the height formula, text measured once per size, the row budget, whole-item windowing,
//! the frame), `clip` (the shown part of long text),
//! `preview` (an option's preview, rendered as far as shown),
//! [`cards`].
//!
//! # Decisions where SPEC §6/§7 is silent
//!
//! - **Enter on a multi question** confirms the set and advances even when nothing is picked
//!   (the question stays skipped); with a single question that submits, as §6 says answering
//!   does. Space toggles.
//! - **Free text.** "Type something." is the last numbered row; Enter, Space or its number
//!   opens its editor. Saving non-blank text advances a single or text question (or submits a
//!   lone question); in a multi question it stays on the list, like a toggle. Saving blank
//!   text removes the free text and does not advance, except in a text question among others:
//!   there it is a skip and moves on (as a blank input does in the dialog fallback); a lone text
//!   question stays, so an empty Enter never submits. The row shows the saved text, quoted and
//!   cut to one row, so answers never change the panel's height.
//! - **Notes.** `n` on "Type something." rings the bell (there is no option to note). A noted
//!   option shows "✎" after its label; the note also ends its preview. A text question's
//!   editor is always open, so `N` is text there and such questions take no question note.
//! - **Previews.** `p` does nothing at 100+ columns (previews are always beside the list
//!   there); the expansion choice holds across tabs and resizes. The preview scroll resets
//!   when the focused option or the tab changes. The free-text row previews its text; while an editor is open its preview follows the draft.
//! - **Review.** The partial-submit warning clears when the user leaves the Review tab, so a
//!   later Submit warns again. The Cancel row cancels exactly as Esc does.
//! - **Key kinds.** Releases never act. Repeats act for keys that move, scroll, type or delete;
//!   toggles and actions (Enter, Space, digits, `p`, `x`, `n`/`N`, Tab, Esc, Ctrl+]) ignore
//!   them. Alt+Enter also inserts a newline, for terminals that cannot report Shift+Enter.
//!   Keys with Super or Hyper (system shortcuts such as Cmd+C) are left to the host; Meta
//!   reads as Alt.
//! - **Editor.** It sits under the list (in the list's column when the preview is beside it,
//!   so the preview stays visible) with its label in its top border. ↑/↓ move by wrapped row
//!   and, past the first or last row, to the start or end. Ctrl+U at a line start and Ctrl+K
//!   at a line end join lines. Ctrl+W, Alt+Backspace and Ctrl+Backspace delete a word; Ctrl+B/F
//!   and Ctrl+D work as in readline. Tab/Shift+Tab in a lone question's editor do nothing.
//!   The editor is tea's text area (`tea::components::textarea`) with its standard keys, so
//!   it also has undo (`ctrl+-`), redo (`alt+-`), yank (`ctrl+y`) and yank-pop (`alt+y`).
//! - **Height reservation.** `need` reserves an editor of 3 rows (borders and one text row)
//!   under an option list and 5 (three text rows) for a text question; the "▸ Preview · p"
//!   row shares that reservation. Expanded narrow previews reserve a header and the tallest
//!   preview; wide previews need a header and the tallest preview beside the list.
//! - **Tiny terminals.** Rows are granted in this order: the focused option's label (all of it
//!   up to half the panel, at least two rows; a cut option ends with "…") — §6's "selected labels" read as the focused
//!   option's —, the editor's borders and cursor row, the tab bar, the footer, the prompt,
//!   context (its first row, the counter when it overflows, and three more), an expanded
//!   preview's header and two rows, the rest of the list (whole options), the "▸ Preview" row,
//!   more editor rows, the rest of the context, the rest of an expanded preview, and last the
//!   dividers. Rows left over stay blank at the bottom of the body (a wide preview uses them).
//!   The border needs 5 rows and 8 columns; without it rows use the full width.
//! - **Tab bar.** When the tabs do not fit, they window around the active one with ‹ ›; the
//!   "N/M answered" progress goes first. Headers are cut at 24 columns there.
//! - **Title.** The questionnaire's title, else the header of a lone question, else the
//!   `askUser` label.
//! - **Dock.** "◆ title · header · N/M answered · ctrl+] expand", labels localized.
//! - **Cards.** Every row starts with a bar in the card's [`cards::Tone`] (neutral, success,
//!   error), which the call and the result share.
//!
//! # Performance
//!
//! Text is wrapped once per terminal size (`layout::Measured`); markdown previews are rendered
//! only when shown (the panel height stays exact: previews are rendered in order until the
//! height reaches its cap). `update` ends by drawing the frame into the model, so `view()` and
//! `lines()` only hand it out.
//!
//! Memory and time follow what is shown, not the input's length (`clip`): the prompt is wrapped
//! as far as its three rows and one more, labels and descriptions as far as the terminal is
//! high, one-row texts (saved answers, headers, titles) from a prefix. A preview source longer
//! than 64 KB renders piece by piece as it is scrolled ([`tea_markdown::Paged`]); until its
//! last piece is rendered its range counts the rows so far ("1–12/551+  ↓ 539+ more"). An
//! editor's text area keeps its draft's wrapped rows and patches them per key, so a key costs
//! what it changes, not the draft's length.

mod app;
pub mod cards;
mod clip;
pub mod keymap;
mod layout;
mod preview;

pub use app::{App, Host, Msg, Outcome};
pub use keymap::Mode;
pub use layout::{WIDE_MIN_COLUMNS, panel_height};
