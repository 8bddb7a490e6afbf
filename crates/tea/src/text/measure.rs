//! One width per character that every measure drawing our rows can live with.
//!
//! A row is measured by whoever draws it: JavaScript terminal UIs with string-width-style
//! measures (whose versions differ on spacing marks), terminals with their
//! `wcwidth` (glibc's for xterm and VTE), and we lay out with `unicode-width`. Where they disagree,
//! a row that is too wide by one of them wraps in a terminal or breaks the host's screen. So:
//!
//! - what is invisible or disputed is never drawn: `sanitize` drops [`is_invisible`]
//!   characters, and the frame writer draws every cluster in its [`agreed`] form (invisible
//!   characters dropped, a lone regional indicator as its letter);
//! - what stays is counted at the widest any measure gives it ([`char_width`]), so a row never
//!   overflows; the few characters where that matters are listed in [`WIDER`].

use std::borrow::Cow;

/// Width of one character: `unicode-width`'s, raised where string-width-style measures or glibc count it wider.
/// Invisible characters count 0 (they are dropped before drawing); a regional indicator counts
/// 2, as string-width-style measures count a lone one.
pub fn char_width(c: char) -> usize {
    if c.is_ascii() {
        return usize::from(!c.is_ascii_control());
    }
    if c < '\u{300}' {
        // Latin-1 and the Latin extensions: one column each, but C1 controls and the soft hyphen.
        return usize::from(c >= '\u{a0}' && c != '\u{ad}');
    }
    if is_invisible(c) {
        return 0;
    }
    if is_regional_indicator(c) {
        return 2;
    }
    let own = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    match WIDER.binary_search_by(|&(lo, hi, _)| range_order(c, lo, hi)) {
        Ok(i) => own.max(usize::from(WIDER[i].2)),
        Err(_) => own,
    }
}

fn range_order(c: char, lo: char, hi: char) -> std::cmp::Ordering {
    if hi < c {
        std::cmp::Ordering::Less
    } else if lo > c {
        std::cmp::Ordering::Greater
    } else {
        std::cmp::Ordering::Equal
    }
}

/// Width of one grapheme cluster: the sum of its characters' widths, which is what glibc's
/// `wcswidth` gives and never less than string-width-style measures count, with three exceptions that keep it from
/// counting more than the cluster draws: a flag (two regional indicators) is 2; Hangul vowel and
/// final jamo after the leading one add nothing; an emoji presentation selector makes it at
/// least 2.
pub fn cluster_width(g: &str) -> usize {
    let mut chars = g.chars().peekable();
    let Some(first) = chars.next() else {
        return 0;
    };
    let base = char_width(first);
    let mut total = base;
    if is_regional_indicator(first) && chars.next_if(|&c| is_regional_indicator(c)).is_some() {
        // A flag: two letters, one 2-column glyph, whatever marks follow.
        total = 2;
    }
    let mut emoji_presentation = false;
    for c in chars {
        emoji_presentation |= c == '\u{fe0f}';
        if !is_trailing_jamo(c) {
            total += char_width(c);
        }
    }
    // The selector widens a base it follows; after no base (a mark a caret split from its
    // letter) it is drawn as nothing.
    if emoji_presentation && base > 0 {
        total = total.max(2);
    }
    // A cluster led by a mark with no base (the start of a text): JavaScript measures take its
    // first spacing sign as the base and count it once more (THAI SARA AM, a halfwidth voiced
    // mark).
    if base == 0 && total > 0 {
        total += 1;
    }
    total
}

/// Characters with no agreed width, never drawn: format characters (soft hyphen, zero-width
/// space and joiners, bidi controls, Arabic number signs, tags), the rest of Unicode's default
/// ignorables (variation selectors, Hangul fillers), emoji skin-tone modifiers, and the line and
/// paragraph separators.
pub fn is_invisible(c: char) -> bool {
    // Most text is below the first range or between the big gaps; skip the search for it.
    if c < '\u{ad}' || ('\u{3165}'..'\u{fe00}').contains(&c) {
        return false;
    }
    INVISIBLE
        .binary_search_by(|&(lo, hi)| range_order(c, lo, hi))
        .is_ok()
}

/// The ranges of [`is_invisible`], sorted.
const INVISIBLE: &[(char, char)] = &[
    ('\u{ad}', '\u{ad}'),
    ('\u{34f}', '\u{34f}'),
    ('\u{600}', '\u{605}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{6dd}', '\u{6dd}'),
    ('\u{70f}', '\u{70f}'),
    ('\u{890}', '\u{891}'),
    ('\u{8e2}', '\u{8e2}'),
    ('\u{115f}', '\u{1160}'),
    ('\u{17b4}', '\u{17b5}'),
    ('\u{180b}', '\u{180f}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{2028}', '\u{202e}'),
    ('\u{2060}', '\u{206f}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{fe00}', '\u{fe0f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{ffa0}', '\u{ffa0}'),
    ('\u{fff0}', '\u{fffb}'),
    ('\u{110bd}', '\u{110bd}'),
    ('\u{110cd}', '\u{110cd}'),
    ('\u{13430}', '\u{1343f}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{1f3fb}', '\u{1f3ff}'),
    ('\u{e0000}', '\u{e0fff}'),
];

/// Regional indicator letters 🇦–🇿: two make a flag; one alone is drawn 1 or 2 wide depending
/// on who draws it.
pub fn is_regional_indicator(c: char) -> bool {
    ('\u{1f1e6}'..='\u{1f1ff}').contains(&c)
}

/// The letter a regional indicator stands for.
pub fn regional_letter(c: char) -> char {
    char::from(b'A' + (c as u32 - 0x1f1e6) as u8)
}

/// Hangul vowel and final jamo: they add nothing after a leading consonant in the same cluster,
/// though string-width-style measures count one that stands alone.
fn is_trailing_jamo(c: char) -> bool {
    matches!(c, '\u{1160}'..='\u{11ff}' | '\u{d7b0}'..='\u{d7ff}')
}

/// Whether a cluster must be redrawn as [`agreed`] before it reaches the screen.
pub fn is_disputed(g: &str) -> bool {
    let mut chars = g.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => is_invisible(c) || is_regional_indicator(c),
        _ => g.chars().any(is_invisible),
    }
}

/// `text` with invisible characters dropped and each lone regional indicator replaced by its
/// letter (a pair stays a flag). Never wider than `text` by [`cluster_width`].
pub fn agreed(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| is_invisible(c) || is_regional_indicator(c))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut pending: Option<char> = None; // a regional indicator waiting for its pair
    for c in text.chars() {
        if is_invisible(c) {
            continue;
        }
        if is_regional_indicator(c) {
            match pending.take() {
                Some(first) => {
                    out.push(first);
                    out.push(c);
                }
                None => pending = Some(c),
            }
            continue;
        }
        if let Some(lone) = pending.take() {
            out.push(regional_letter(lone));
        }
        out.push(c);
    }
    if let Some(lone) = pending {
        out.push(regional_letter(lone));
    }
    Cow::Owned(out)
}

/// Code points some measure counts wider than `unicode-width` does, with that width, sorted.
/// Found by measuring every code point with unicode-width, glibc's wcwidth and two versions of a
/// string-width-style measure (JavaScript terminal UIs): mostly spacing vowel signs and viramas that the newer one and glibc
/// count as a column, Hangul vowel/final jamo counted when alone, and a few symbols that
/// glibc draws wide. Also marks newer than the Unicode data a JavaScript runtime carries
/// (U+05C8, U+0B53, U+1AEC, U+1D250, …): unassigned there, so a column each.
const WIDER: &[(char, char, u8)] = &[
    ('\u{5c8}', '\u{5c9}', 1),
    ('\u{65f}', '\u{65f}', 1),
    ('\u{9be}', '\u{9be}', 1),
    ('\u{9d7}', '\u{9d7}', 1),
    ('\u{b3e}', '\u{b3e}', 1),
    ('\u{b53}', '\u{b54}', 1),
    ('\u{b57}', '\u{b57}', 1),
    ('\u{bbe}', '\u{bbe}', 1),
    ('\u{bd7}', '\u{bd7}', 1),
    ('\u{cc0}', '\u{cc0}', 1),
    ('\u{cc2}', '\u{cc2}', 1),
    ('\u{cc7}', '\u{cc8}', 1),
    ('\u{cca}', '\u{ccb}', 1),
    ('\u{cd5}', '\u{cd6}', 1),
    ('\u{d3e}', '\u{d3e}', 1),
    ('\u{d4e}', '\u{d4e}', 1),
    ('\u{d57}', '\u{d57}', 1),
    ('\u{dcf}', '\u{dcf}', 1),
    ('\u{ddf}', '\u{ddf}', 1),
    ('\u{1033}', '\u{1035}', 1),
    ('\u{103a}', '\u{103a}', 1),
    ('\u{103d}', '\u{103e}', 1),
    ('\u{1161}', '\u{11ff}', 1),
    ('\u{1715}', '\u{1715}', 1),
    ('\u{1734}', '\u{1734}', 1),
    ('\u{1ade}', '\u{1adf}', 1),
    ('\u{1aec}', '\u{1af0}', 1),
    ('\u{1b35}', '\u{1b35}', 1),
    ('\u{1b3b}', '\u{1b3b}', 1),
    ('\u{1b3d}', '\u{1b3d}', 1),
    ('\u{1b43}', '\u{1b44}', 1),
    ('\u{1baa}', '\u{1baa}', 1),
    ('\u{1bf2}', '\u{1bf3}', 1),
    ('\u{302e}', '\u{302f}', 2),
    ('\u{3248}', '\u{324f}', 2),
    ('\u{a8fa}', '\u{a8fa}', 1),
    ('\u{a953}', '\u{a953}', 1),
    ('\u{a9c0}', '\u{a9c0}', 1),
    ('\u{d7b0}', '\u{d7c6}', 1),
    ('\u{d7cb}', '\u{d7fb}', 1),
    ('\u{ff9e}', '\u{ff9f}', 1),
    ('\u{10ecb}', '\u{10ecf}', 1),
    ('\u{10ef0}', '\u{10ef9}', 1),
    ('\u{111c0}', '\u{111c0}', 1),
    ('\u{111c2}', '\u{111c3}', 1),
    ('\u{11235}', '\u{11235}', 1),
    ('\u{1133e}', '\u{1133e}', 1),
    ('\u{1134d}', '\u{1134d}', 1),
    ('\u{11357}', '\u{11357}', 1),
    ('\u{113b8}', '\u{113b8}', 1),
    ('\u{113c2}', '\u{113c2}', 1),
    ('\u{113c5}', '\u{113c5}', 1),
    ('\u{113c7}', '\u{113c9}', 1),
    ('\u{113cf}', '\u{113cf}', 1),
    ('\u{113d1}', '\u{113d1}', 1),
    ('\u{114b0}', '\u{114b0}', 1),
    ('\u{114bd}', '\u{114bd}', 1),
    ('\u{115af}', '\u{115af}', 1),
    ('\u{116b6}', '\u{116b6}', 1),
    ('\u{11930}', '\u{11930}', 1),
    ('\u{1193d}', '\u{1193d}', 1),
    ('\u{1193f}', '\u{1193f}', 1),
    ('\u{11941}', '\u{11941}', 1),
    ('\u{11a84}', '\u{11a89}', 1),
    ('\u{11d46}', '\u{11d46}', 1),
    ('\u{11df0}', '\u{11df0}', 1),
    ('\u{11f02}', '\u{11f02}', 1),
    ('\u{11f41}', '\u{11f41}', 1),
    ('\u{16ff0}', '\u{16ff1}', 2),
    ('\u{1d127}', '\u{1d128}', 1),
    ('\u{1d165}', '\u{1d166}', 1),
    ('\u{1d16d}', '\u{1d172}', 1),
    ('\u{1d250}', '\u{1d252}', 1),
    ('\u{1d25b}', '\u{1d25c}', 1),
    ('\u{1d25f}', '\u{1d25f}', 1),
    ('\u{1d280}', '\u{1d281}', 1),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_are_sorted_and_disjoint() {
        for pair in WIDER.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:?}");
        }
        for pair in INVISIBLE.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:?}");
        }
    }

    #[test]
    fn latin_widths_match_unicode_width() {
        for c in ('\u{80}'..'\u{300}').filter(|&c| c != '\u{ad}') {
            let own = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            assert_eq!(char_width(c), own, "{c:?}");
        }
    }

    #[test]
    fn widths_of_disputed_characters() {
        let cases = [
            ("\u{ad}", 0),           // soft hyphen: dropped
            ("🇺", 2),                // lone regional indicator: as string-width counts it
            ("🇺🇸", 2),               // a flag
            ("กำำำ", 4),             // Thai SARA AM keeps a column each
            ("कि", 2),               // Devanagari spacing vowel sign
            ("\u{1100}\u{1161}", 2), // conjoining jamo: one syllable
            ("\u{1161}", 1),         // a vowel jamo alone: string-width counts it
            ("❤\u{fe0f}", 2),        // emoji presentation
            ("\u{301}\u{fe0f}", 0),  // ... of no base
            ("\u{e49}\u{e33}", 2),   // a sign after a mark with no base counts twice
            ("\u{301}\u{ff9e}", 2),
            ("\u{5c8}", 1), // newer than a JavaScript runtime's data
            ("a\u{1aec}", 2),
            ("👍🏽", 2), // the skin tone is dropped
            ("e\u{301}", 1),
            ("日", 2),
        ];
        for (text, expected) in cases {
            assert_eq!(cluster_width(text), expected, "{text:?}");
        }
    }

    #[test]
    fn agreed_forms() {
        let cases = [
            ("a\u{ad}b", "ab"),
            ("🇺🇸", "🇺🇸"),
            ("🇺", "U"),
            ("🇺🇸🇫", "🇺🇸F"),
            ("x🇫y🇷", "xFyR"),
            ("👨\u{200d}👩\u{200d}👧", "👨👩👧"),
            ("👍🏽", "👍"),
            ("❤\u{fe0f}", "❤"),
            ("\u{202e}evil", "evil"),
            ("plain", "plain"),
        ];
        for (text, expected) in cases {
            assert_eq!(agreed(text), expected, "{text:?}");
        }
    }
}
