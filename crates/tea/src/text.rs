//! Text for terminals: display width by grapheme cluster, sanitizing untrusted strings, word
//! wrapping with styles, truncation with "…".
//!
//! Every function here measures in terminal columns, never in bytes or chars.

mod measure;

use unicode_segmentation::UnicodeSegmentation;

use crate::style::{Line, Span};

pub use measure::{agreed, char_width, is_disputed, is_invisible};

// Spans and lines are measured here, where widths are defined, so `style` needs nothing of
// this module.
impl Span {
    /// Display width in terminal columns.
    pub fn width(&self) -> usize {
        width(&self.text)
    }
}

impl Line {
    /// Display width in terminal columns.
    pub fn width(&self) -> usize {
        self.spans.iter().map(Span::width).sum()
    }
}

/// Columns a tab advances to: the next multiple of this.
pub const TAB_STOP: usize = 4;

/// Display width of one grapheme cluster: never less than any measure that draws our rows gives
/// it (see [`measure`]). Sanitized text holds no emoji sequences, so a cluster is its
/// characters' widths added up.
pub fn grapheme_width(g: &str) -> usize {
    measure::cluster_width(g)
}

/// Display width of a string of sanitized text.
pub fn width(s: &str) -> usize {
    if s.is_ascii() {
        return printable_ascii(s.as_bytes());
    }
    let mut columns = 0;
    for c in s.chars() {
        if (' '..='~').contains(&c) {
            columns += 1;
            continue;
        }
        if !is_standalone(c) {
            return s.graphemes(true).map(grapheme_width).sum();
        }
        // Each char so far is its own grapheme cluster: no segmentation (the common case).
        columns += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
    }
    columns
}

/// The printable bytes of ASCII text, a column each; counted in bytes, 255 at a time, which
/// lets the compiler count many at once (widths are measured more than anything in a frame).
fn printable_ascii(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|chunk| {
            let printable = chunk
                .iter()
                .fold(0u8, |n, &b| n + u8::from(b.wrapping_sub(0x20) < 0x5f));
            usize::from(printable)
        })
        .sum()
}

/// Whether `c` always forms a grapheme cluster by itself, whatever surrounds it: it neither
/// extends the previous cluster nor joins the next (no marks, joiners, selectors, emoji
/// modifiers, regional indicators, Hangul jamo, prepended or control characters). A
/// conservative list of common ranges: Latin, Greek, Cyrillic, general punctuation, CJK,
/// kana, Hangul syllables, full-width forms.
pub fn is_standalone(c: char) -> bool {
    matches!(c,
        '\u{20}'..='\u{7e}'
        | '\u{a0}'..='\u{ac}'
        | '\u{ae}'..='\u{2ff}'
        | '\u{370}'..='\u{482}'
        | '\u{48a}'..='\u{52f}'
        | '\u{2010}'..='\u{2027}'
        | '\u{2030}'..='\u{205e}'
        | '\u{2190}'..='\u{21ff}'
        | '\u{2500}'..='\u{25ff}'
        | '\u{3000}'..='\u{3029}'
        | '\u{3030}'..='\u{3098}'
        | '\u{309b}'..='\u{30ff}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{ff01}'..='\u{ff9d}'
    )
}

/// Makes untrusted text safe to draw: removes every escape sequence (CSI, OSC, DCS, APC, PM,
/// SOS, two-byte ESC forms and their 8-bit C1 forms), every other C0/C1 control character, and
/// the invisible characters measures disagree on ([`is_invisible`]: format characters, bidi
/// controls, variation selectors, skin-tone modifiers). Regional indicators are kept, so a flag
/// typed one letter at a time pairs up; the frame writer draws a lone one as its letter. Expands tabs
/// to [`TAB_STOP`]; turns `\r\n`, lone `\r` and the Unicode line and paragraph separators into
/// `\n`. Newlines are kept: callers that need one row split or wrap the result.
pub fn sanitize(input: &str) -> String {
    cleaned(input, false)
}

/// [`sanitize`] for text a person typed or pasted, which is kept as the answer: the invisible
/// characters stay (a joiner in an emoji or a Persian word, a skin tone, a variation selector,
/// a direction mark), since they are part of what was written. The frame writer draws each
/// cluster that holds them in the form every measure agrees on ([`agreed`]).
pub fn sanitize_typed(input: &str) -> String {
    cleaned(input, true)
}

fn cleaned(input: &str, keep_invisible: bool) -> String {
    if input.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return input.to_string();
    }
    let mut out = String::with_capacity(input.len());
    let mut column = 0usize;
    let mut chars = input.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                out.push('\n');
                column = 0;
            }
            '\r' => {
                if chars.peek() != Some(&'\n') {
                    out.push('\n');
                    column = 0;
                }
            }
            '\u{2028}' | '\u{2029}' => {
                out.push('\n');
                column = 0;
            }
            '\t' => {
                let spaces = TAB_STOP - column % TAB_STOP;
                out.extend(std::iter::repeat_n(' ', spaces));
                column += spaces;
            }
            '\x1b' => skip_escape(&mut chars),
            // 8-bit forms: CSI, OSC, DCS, SOS, PM, APC.
            '\u{9b}' => skip_csi(&mut chars),
            '\u{9d}' | '\u{90}' | '\u{98}' | '\u{9e}' | '\u{9f}' => skip_string(&mut chars),
            c if c.is_control() || (is_invisible(c) && !keep_invisible) => {}
            c => {
                out.push(c);
                column += char_width(c);
            }
        }
    }
    out
}

/// Sanitizes and folds every line break into a space, for text that must stay on one row.
pub fn sanitize_line(input: &str) -> String {
    sanitize(input).replace('\n', " ")
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

fn skip_escape(chars: &mut Chars) {
    match chars.next() {
        Some('[') => skip_csi(chars),
        Some(']') | Some('P') | Some('X') | Some('^') | Some('_') => skip_string(chars),
        // nF sequences (ESC, intermediates 0x20–0x2F, then one final byte), and every two-byte
        // ESC form: nothing after ESC belongs on screen.
        Some(c) if ('\x20'..='\x2f').contains(&c) => {
            while let Some(&n) = chars.peek() {
                chars.next();
                if !('\x20'..='\x2f').contains(&n) {
                    break;
                }
            }
        }
        _ => {}
    }
}

fn skip_csi(chars: &mut Chars) {
    // Parameters and intermediates run until a final byte in 0x40–0x7E.
    for c in chars.by_ref() {
        if ('\x40'..='\x7e').contains(&c) {
            break;
        }
        if !('\x20'..='\x3f').contains(&c) {
            break;
        }
    }
}

fn skip_string(chars: &mut Chars) {
    // Control strings end at BEL, ST (ESC \) or 8-bit ST.
    while let Some(c) = chars.next() {
        match c {
            '\x07' | '\u{9c}' => break,
            '\x1b' => {
                if chars.peek() == Some(&'\\') {
                    chars.next();
                }
                break;
            }
            _ => {}
        }
    }
}

/// Cuts `text` to at most `max` columns, ending with "…" when anything was cut.
pub fn truncate(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for g in text.graphemes(true) {
        let w = grapheme_width(g);
        if used + w > max - 1 {
            break;
        }
        out.push_str(g);
        used += w;
    }
    out.push('…');
    out
}

/// [`truncate`] for styled lines: the "…" takes the style of the span it cuts.
pub fn truncate_line(line: &Line, max: usize) -> Line {
    if line.width() <= max {
        return line.clone();
    }
    let mut out = Line {
        spans: Vec::new(),
        bg: line.bg,
    };
    if max == 0 {
        return out;
    }
    let mut used = 0;
    for span in &line.spans {
        let mut text = String::new();
        for g in span.text.graphemes(true) {
            let w = grapheme_width(g);
            if used + w > max - 1 {
                text.push('…');
                out.spans.push(Span::styled(text, span.style.clone()));
                return out;
            }
            text.push_str(g);
            used += w;
        }
        out.spans.push(Span::styled(text, span.style.clone()));
    }
    out
}

/// Pads a line with spaces on the right to exactly `columns` (truncating first if wider).
pub fn pad_line(line: &Line, columns: usize) -> Line {
    let mut out = truncate_line(line, columns);
    let w = out.width();
    if w < columns {
        out.spans.push(Span::plain(spaces(columns - w)));
    }
    out
}

/// Word-wraps plain text to `max` columns; `\n` forces a break. Always at least one row.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    wrap_spans(&[Span::plain(text)], max)
        .into_iter()
        .map(|spans| spans.into_iter().map(|s| s.text).collect())
        .collect()
}

/// Word-wraps styled text with a hanging indent: the first row has `max` columns, the rest
/// start with `hang` spaces. Every returned line is at most `max` wide.
pub fn wrap_hanging(spans: &[Span], max: usize, hang: usize) -> Vec<Line> {
    let hang = hang.min(max.saturating_sub(1));
    let first = wrap_spans(spans, max);
    let Some(head) = first.first() else {
        return vec![Line::default()];
    };
    if first.len() == 1 || hang == 0 {
        return first.into_iter().map(Line::new).collect();
    }
    // Rewrap what follows the first row at the narrower width.
    let head_len: usize = head.iter().map(|s| s.text.len()).sum();
    let rest = drop_prefix(spans, head_len);
    let mut lines = vec![Line::new(head.clone())];
    for row in wrap_spans(&trim_start(&rest), max - hang) {
        let mut line = Line::plain(" ".repeat(hang));
        line.spans.extend(row);
        lines.push(line);
    }
    lines
}

fn drop_prefix(spans: &[Span], mut bytes: usize) -> Vec<Span> {
    let mut out = Vec::new();
    for span in spans {
        if bytes >= span.text.len() {
            bytes -= span.text.len();
            continue;
        }
        out.push(Span::styled(&span.text[bytes..], span.style.clone()));
        bytes = 0;
    }
    out
}

fn trim_start(spans: &[Span]) -> Vec<Span> {
    let mut out = Vec::new();
    let mut leading = true;
    for span in spans {
        if leading {
            let t = span.text.trim_start_matches([' ', '\n']);
            if t.is_empty() {
                continue;
            }
            leading = false;
            out.push(Span::styled(t, span.style.clone()));
        } else {
            out.push(span.clone());
        }
    }
    out
}

struct Cell<'a> {
    g: &'a str,
    style: usize,
    width: usize,
}

/// Word-wraps styled spans to rows of at most `max` columns. Breaks at spaces, between
/// wide (CJK) characters, and inside words longer than a row; `\n` forces a break. Spaces at a
/// break are dropped; leading indentation is kept. Always returns at least one (maybe empty) row.
pub fn wrap_spans(spans: &[Span], max: usize) -> Vec<Vec<Span>> {
    let max = max.max(1);
    let cells: Vec<Cell> = spans
        .iter()
        .enumerate()
        .flat_map(|(i, s)| {
            s.text.graphemes(true).map(move |g| Cell {
                g,
                style: i,
                width: grapheme_width(g),
            })
        })
        .collect();
    let mut rows: Vec<Vec<&Cell>> = vec![Vec::new()];
    let mut row_width = 0usize;
    let mut i = 0;
    while i < cells.len() {
        let c = &cells[i];
        if c.g == "\n" || c.g == "\r\n" {
            rows.push(Vec::new());
            row_width = 0;
            i += 1;
            continue;
        }
        if c.g == " " {
            // A run of spaces: kept only if the word after it fits on this row.
            let start = i;
            while i < cells.len() && cells[i].g == " " {
                i += 1;
            }
            let spaces = i - start;
            let word_end = word_end(&cells, i);
            let word_width: usize = cells[i..word_end].iter().map(|c| c.width).sum();
            let at_row_start = rows.last().is_some_and(|r| r.is_empty());
            if at_row_start && rows.len() == 1 || row_width + spaces + word_width <= max {
                let fit = spaces.min(max - row_width);
                rows.last_mut()
                    .unwrap()
                    .extend(cells[start..start + fit].iter());
                row_width += fit;
            } else if word_end > i && !at_row_start {
                rows.push(Vec::new());
                row_width = 0;
            }
            continue;
        }
        let end = word_end(&cells, i);
        let word_width: usize = cells[i..end].iter().map(|c| c.width).sum();
        if row_width + word_width > max && row_width > 0 && word_width <= max {
            rows.push(Vec::new());
            row_width = 0;
        }
        for c in &cells[i..end] {
            if row_width + c.width > max && row_width > 0 {
                rows.push(Vec::new());
                row_width = 0;
            }
            if c.width > max {
                continue; // a double-width glyph in a one-column row cannot be drawn
            }
            rows.last_mut().unwrap().push(c);
            row_width += c.width;
        }
        i = end;
    }
    rows.into_iter()
        .map(|row| {
            let mut out: Vec<Span> = Vec::new();
            for c in row {
                match out.last_mut() {
                    Some(last) if last.style == spans[c.style].style => last.text.push_str(c.g),
                    _ => out.push(Span::styled(c.g, spans[c.style].style.clone())),
                }
            }
            out
        })
        .collect()
}

/// End of the word starting at `i`: a run of non-space graphemes, where each wide glyph but an
/// emoji is a word of its own (CJK text breaks between characters; emoji stay with their
/// neighbours, so the members of a joined emoji, which sanitizing leaves side by side, wrap
/// together).
fn word_end(cells: &[Cell], i: usize) -> usize {
    if i < cells.len() && breaks_alone(&cells[i]) {
        return i + 1;
    }
    let mut j = i;
    while j < cells.len() && cells[j].g != " " && cells[j].g != "\n" && !breaks_alone(&cells[j]) {
        j += 1;
    }
    j
}

/// A wide glyph a line may break before and after: CJK ideographs, kana, Hangul, full-width
/// forms; not emoji (pictographs, symbols, flags).
fn breaks_alone(cell: &Cell) -> bool {
    cell.width == 2 && !cell.g.starts_with(is_emoji)
}

fn is_emoji(c: char) -> bool {
    matches!(c, '\u{2300}'..='\u{2bff}' | '\u{1f000}'..='\u{1faff}')
}

/// `line` itself when it fits `width`, else cut with "…".
pub(crate) fn cut(line: &Line, width: usize) -> Line {
    if line.width() <= width {
        line.clone()
    } else {
        truncate_line(line, width)
    }
}

/// [`cut`] for a line the caller owns: moved, not copied, when it fits.
pub(crate) fn cut_owned(line: Line, width: usize) -> Line {
    if line.width() <= width {
        line
    } else {
        truncate_line(&line, width)
    }
}

/// `line` cut to `columns` if wider, then padded with spaces to exactly `columns`, with room
/// for the two borders a frame puts around it.
pub(crate) fn fitted(mut line: Line, columns: usize) -> Line {
    let width = line.width();
    if width > columns {
        return pad_line(&line, columns);
    }
    line.spans.reserve_exact(3);
    if width < columns {
        line.spans.push(Span::plain(spaces(columns - width)));
    }
    line
}

/// Appends the spans of `line`, cut to `columns` if wider, then padded with spaces to exactly
/// `columns`: containers put a row's spans between their borders or beside a divider without
/// allocating the row twice.
pub(crate) fn push_fitted(spans: &mut Vec<Span>, line: Line, columns: usize) {
    let width = line.width();
    if width > columns {
        spans.extend(pad_line(&line, columns).spans);
        return;
    }
    spans.extend(line.spans);
    if width < columns {
        spans.push(Span::plain(spaces(columns - width)));
    }
}

/// `n` spaces: padding is the most common text of a frame, so it is copied from a stock of
/// them rather than built a space at a time.
pub(crate) fn spaces(n: usize) -> String {
    let mut run = String::with_capacity(n);
    push_run(&mut run, ' ', n);
    run
}

/// Appends `n` times `c` to `text`, copied from a stock row for the characters frames repeat
/// (spaces and the border's rule).
pub(crate) fn push_run(text: &mut String, c: char, n: usize) {
    const SPACES: &str = stock(&[b' '; 256]);
    const RULE: &str = stock(&stock_of::<{ 3 * 256 }>("─"));
    let stock = match c {
        ' ' => SPACES,
        '─' => RULE,
        _ => "",
    };
    match stock.get(..n * c.len_utf8()) {
        Some(run) => text.push_str(run),
        None => text.extend(std::iter::repeat_n(c, n)),
    }
}

const fn stock(bytes: &'static [u8]) -> &'static str {
    match str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("a stock row is UTF-8"),
    }
}

/// A row of 256 copies of a three-byte character, made at compile time.
const fn stock_of<const N: usize>(c: &str) -> [u8; N] {
    let c = c.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = c[i % c.len()];
        i += 1;
    }
    out
}

/// `line` cut to `width` columns at a whole grapheme; a grapheme the edge cuts becomes blanks
/// in its style, as the frame writer draws it.
pub(crate) fn clip(line: &Line, width: usize) -> Line {
    if line.width() <= width {
        return line.clone();
    }
    let mut out = Line {
        spans: Vec::with_capacity(line.spans.len()),
        bg: line.bg,
    };
    let mut used = 0;
    for span in &line.spans {
        let mut text = String::new();
        let mut full = false;
        for g in span.text.graphemes(true) {
            let w = grapheme_width(g);
            if used + w > width {
                text.push_str(&" ".repeat(width - used));
                used = width;
                full = true;
                break;
            }
            text.push_str(g);
            used += w;
        }
        if !text.is_empty() {
            out.spans.push(Span::styled(text, span.style.clone()));
        }
        if full {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("日本"), 4);
        // Emoji sequences count their parts, as wcwidth does; sanitize splits them.
        assert_eq!(width("👨‍👩‍👧"), 6);
        assert_eq!(width(&sanitize("👨‍👩‍👧")), 6);
        assert_eq!(width("👍🏽"), 2);
        assert_eq!(width("e\u{301}"), 1);
        assert_eq!(width("🇯🇵"), 2);
    }

    #[test]
    fn sanitize_removes_escapes() {
        assert_eq!(sanitize("a\x1b[31mred\x1b[0m"), "ared");
        assert_eq!(
            sanitize("x\x1b]8;;http://e\x07link\x1b]8;;\x1b\\y"),
            "xlinky"
        );
        assert_eq!(sanitize("\x1bPq#0;2;0;0;0\x1b\\ok"), "ok");
        assert_eq!(sanitize("\x1b_Gi=1\x1b\\ok"), "ok");
        assert_eq!(sanitize("a\u{9b}2Jb"), "ab");
        assert_eq!(sanitize("a\tb"), "a   b");
        assert_eq!(sanitize("a\r\nb\rc"), "a\nb\nc");
        assert_eq!(sanitize("bell\x07\x00\x7f"), "bell");
        assert_eq!(sanitize("\x1b(Bx"), "x");
    }

    #[test]
    fn wraps_words() {
        assert_eq!(
            wrap("the quick brown fox", 10),
            vec!["the quick", "brown fox"]
        );
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a\nb", 10), vec!["a", "b"]);
        assert_eq!(
            wrap("日本語テキスト", 5),
            vec!["日本", "語テ", "キス", "ト"]
        );
        assert_eq!(wrap("", 5), vec![""]);
        // CJK breaks between characters; a joined emoji, drawn as its members, stays whole.
        assert_eq!(wrap("ab 日本", 5), vec!["ab 日", "本"]);
        assert_eq!(
            wrap(&sanitize("ab 👨\u{200d}👩\u{200d}👧"), 6),
            vec!["ab", "👨👩👧"]
        );
        assert_eq!(wrap("ab 🇯🇵🇯🇵", 5), vec!["ab", "🇯🇵🇯🇵"]);
        assert_eq!(wrap("  indented text", 20), vec!["  indented text"]);
    }

    #[test]
    fn hanging_indent() {
        let lines = wrap_hanging(&[Span::plain("1. a long label that wraps")], 12, 3);
        let plain: Vec<String> = lines.iter().map(Line::plain_text).collect();
        assert_eq!(plain, vec!["1. a long", "   label", "   that", "   wraps"]);
    }

    #[test]
    fn standalone_chars_measure_like_clusters() {
        // The fast path must agree with segmentation on every char it accepts.
        let ranges = [
            0x20..0x300u32,
            0x370..0x530,
            0x2010..0x2060,
            0x2190..0x2200,
            0x2500..0x2600,
            0x3000..0x3100,
            0x4e00..0x4f00,
            0xac00..0xac80,
            0xd780..0xd7b0,
            0xff00..0xffa0,
        ];
        for c in ranges.into_iter().flatten().filter_map(char::from_u32) {
            if !is_standalone(c) {
                continue;
            }
            for neighbour in [
                "a", "é", "日", "한", "ア", "—", "│", "Ж", "←", "ｱ", "、", "©",
            ] {
                for text in [format!("{c}{neighbour}"), format!("{neighbour}{c}")] {
                    assert_eq!(text.graphemes(true).count(), 2, "{text:?} is one cluster");
                }
            }
            let grapheme: usize = format!("{c}{c}").graphemes(true).map(grapheme_width).sum();
            assert_eq!(width(&format!("{c}{c}")), grapheme, "{c:?}");
        }
    }

    #[test]
    fn widths_of_ascii_count_printable_bytes() {
        assert_eq!(width(""), 0);
        assert_eq!(width("a\x00b\x7f\x1f~"), 3);
        assert_eq!(width(&"ab\x07".repeat(300)), 600);
    }

    #[test]
    fn runs_come_from_the_stock_or_are_built() {
        for n in [0, 1, 255, 256, 257, 600] {
            assert_eq!(spaces(n), " ".repeat(n));
            let mut rule = String::from("╭");
            push_run(&mut rule, '─', n);
            assert_eq!(rule, format!("╭{}", "─".repeat(n)));
        }
        let mut dots = String::new();
        push_run(&mut dots, '·', 3);
        assert_eq!(dots, "···");
    }

    #[test]
    fn truncates() {
        assert_eq!(truncate("hello world", 6), "hello…");
        assert_eq!(truncate("日本語", 4), "日…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(truncate("abc", 0), "");
    }
}
