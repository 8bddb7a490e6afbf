//! Secret answers (Codex's `isSecret`, docs/behaviour.md#editor): what is typed shows as one
//! `•` per character in its editor, and anywhere else as a mask that does not tell its length.
//! Only what is drawn changes; the answer itself is kept and reported as typed.

use std::borrow::Cow;

use question::Question;
use tea::components::textarea::TextArea;
use unicode_segmentation::UnicodeSegmentation;

/// The mask drawn for a secret answer outside its editor.
pub const HIDDEN: &str = "••••••••";

/// The mask of one typed character.
const DOT: char = '•';

/// `text` as the Type something. row, the Review tab and the cards show it: [`HIDDEN`] for a
/// secret question's answer.
pub fn shown<'a>(question: &Question, text: &'a str) -> Cow<'a, str> {
    if question.secret {
        Cow::Borrowed(HIDDEN)
    } else {
        Cow::Borrowed(text)
    }
}

/// The draft as its editor draws it: a dot per character (line breaks kept, so the rows and
/// the caret move as they would), the caret on the same character.
pub fn masked(draft: &TextArea) -> TextArea {
    let text = draft.text();
    let mut mask = String::with_capacity(text.len());
    let mut cursor = 0;
    for (at, grapheme) in text.grapheme_indices(true) {
        if at == draft.cursor() {
            cursor = mask.len();
        }
        mask.push(if grapheme == "\n" { '\n' } else { DOT });
    }
    if draft.cursor() >= text.len() {
        cursor = mask.len();
    }
    let mut masked = TextArea::new(&mask);
    masked.set_cursor(cursor);
    masked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caret(area: &TextArea) -> usize {
        area.text()[..area.cursor()].chars().count()
    }

    #[test]
    fn every_character_is_a_dot_and_the_caret_stays_on_its_character() {
        let mut draft = TextArea::new("pä$$\nwörd");
        let masked_end = masked(&draft);
        assert_eq!(masked_end.text(), "••••\n••••");
        assert_eq!(caret(&masked_end), 9);
        draft.set_cursor("pä".len());
        assert_eq!(caret(&masked(&draft)), 2);
        draft.set_cursor(0);
        assert_eq!(caret(&masked(&draft)), 0);
    }

    #[test]
    fn a_character_of_several_code_points_is_one_dot() {
        assert_eq!(masked(&TextArea::new("e\u{301}👍🏽")).text(), "••");
    }
}
