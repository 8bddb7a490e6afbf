//! The shown part of long text, without sanitizing or wrapping the rest: the first rows of a
//! wrapped text ([`wrap_head`]) and the start of a one-row text ([`line_head`]).
//!
//! Both work on a prefix of the source that grows (×4) until it yields what is asked for. The
//! sanitizer reads left to right, so a prefix's sanitized text is a prefix of the whole's; the
//! wrapper decides a row's end from at most the next word, so all rows but the last two of a
//! prefix's are the whole's. Text that stays invisible for very long (a megabyte of spaces or
//! escape sequences) stops the growth at [`MAX_PREFIX`]: what it yielded is shown.

use tea::text::{sanitize, sanitize_line, width, wrap, wrap_spans};
use tea::{Line, Style};

use crate::marks::marked_spans;

/// The longest prefix read for a few rows, whatever it yields.
pub const MAX_PREFIX: usize = 1 << 20;

/// The first rows of `wrap(sanitize(text), columns)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    pub rows: Vec<String>,
    /// Whether `rows` are all the rows; else the text has more.
    pub complete: bool,
}

/// Up to `rows` rows of `wrap(&sanitize(text), columns)`, exactly those, reading only what
/// they need.
pub fn wrap_head(text: &str, columns: usize, rows: usize) -> Head {
    wrap_head_after("", text, columns, rows)
}

/// [`wrap_head`] of `lead` followed by `text`, without copying more of `text` than is read.
pub fn wrap_head_after(lead: &str, text: &str, columns: usize, rows: usize) -> Head {
    let (rows, complete) = head_of(lead, text, columns, rows, |text| wrap(text, columns));
    Head { rows, complete }
}

/// [`wrap_head`] of text with markdown's inline marks ([`crate::marks`]), in `style`: the
/// rows, and whether they are all of them.
pub fn wrap_head_marked(
    text: &str,
    columns: usize,
    rows: usize,
    style: &Style,
) -> (Vec<Line>, bool) {
    head_of("", text, columns, rows, |text| {
        let spans = marked_spans(text, style);
        wrap_spans(&spans, columns)
            .into_iter()
            .map(Line::new)
            .collect()
    })
}

/// Up to `rows` of the rows `wrap` makes of `lead` and the sanitized `text`, reading only a
/// prefix of `text` that yields them; and whether they are all of them.
fn head_of<R>(
    lead: &str,
    text: &str,
    columns: usize,
    rows: usize,
    wrap: impl Fn(&str) -> Vec<R>,
) -> (Vec<R>, bool) {
    // Enough for rows of ASCII words at first; wider text takes another round or two.
    let mut take = (rows + 3).saturating_mul(columns + 8).max(512);
    loop {
        let whole = take >= text.len();
        let part = if whole {
            text
        } else {
            &text[..floor_boundary(text, take)]
        };
        let joined = if lead.is_empty() {
            sanitize(part)
        } else {
            sanitize(&format!("{lead}{part}"))
        };
        let mut head = wrap(&joined);
        if whole {
            let complete = head.len() <= rows;
            head.truncate(rows);
            return (head, complete);
        }
        // The last two rows may still change with what follows the cut.
        if head.len() >= rows + 3 || take >= MAX_PREFIX {
            head.truncate(head.len().saturating_sub(2).min(rows));
            return (head, false);
        }
        take = take.saturating_mul(4);
    }
}

/// `sanitize_line(text)`, or, for long text, a prefix of it that is more than `columns` wide:
/// cut to `columns` or fewer, both read the same.
pub fn line_head(text: &str, columns: usize) -> String {
    let mut take = columns.saturating_add(8).saturating_mul(4).max(256);
    loop {
        if take >= text.len() {
            return sanitize_line(text);
        }
        let head = sanitize_line(&text[..floor_boundary(text, take)]);
        // The last grapheme may be cut; two columns more keep it out of the shown part.
        if width(&head) > columns + 2 || take >= MAX_PREFIX {
            return head;
        }
        take = take.saturating_mul(4);
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn heads_are_the_start_of_the_whole(
            unit in "[a b日🎉\u{301}\t\r\n\u{1b}\u{9b}\\[m]{1,40}",
            repeat in 1usize..400,
            columns in 1usize..30,
            rows in 0usize..8,
        ) {
            let text = unit.repeat(repeat);
            let all = wrap(&sanitize(&text), columns);
            let head = wrap_head(&text, columns, rows);
            prop_assert_eq!(&head.rows[..], &all[..rows.min(all.len())]);
            prop_assert_eq!(head.complete, all.len() <= rows);
            let line = sanitize_line(&text);
            let short = line_head(&text, columns);
            for cut in [1, columns / 2, columns] {
                prop_assert_eq!(
                    tea::text::truncate(&short, cut),
                    tea::text::truncate(&line, cut)
                );
            }
        }
    }

    #[test]
    fn a_long_text_is_read_only_as_far_as_needed() {
        let text = "word ".repeat(2_000_000);
        let head = wrap_head(&text, 40, 3);
        assert_eq!(head.rows.len(), 3);
        assert!(!head.complete);
        assert_eq!(line_head(&text, 10).len(), 256);
    }

    #[test]
    fn invisible_text_stops_at_the_longest_prefix() {
        let text = format!("a{}b", "\u{1b}[0m".repeat(1_000_000));
        let head = wrap_head(&text, 10, 3);
        assert!(!head.complete);
        assert!(head.rows.len() <= 3);
    }
}
