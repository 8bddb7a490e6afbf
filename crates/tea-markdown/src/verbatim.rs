//! Text laid out by spaces (aligned columns, box drawing, ASCII art): found before parsing, and
//! drawn as written, one source line per row, never wrapped.
//!
//! Markdown would join such lines into one paragraph, squeeze runs of spaces and read `\_` or
//! `*` as markup. Which lines are "laid out" is a guess, so the guess is conservative: a group of
//! lines (a run of non-blank lines, as markdown's blocks are) is taken verbatim only when at
//! least two of its lines, and at least half of them, look drawn, and nothing in it reads as
//! markdown structure (a list item, heading, quote, table, fence, HTML, inline markup).
//!
//! A block wider than the width is cut into bands of columns, drawn one under the other: the
//! first columns of every line, then the next, and so on, so every character stays readable and
//! each band keeps the lines aligned. `›` at a row's right edge says the line goes on in the next
//! band, `‹` at its left edge that it comes from the band before.

use std::ops::Range;

use tea::text::grapheme_width;
use tea::{Line, Slot, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

/// A part of a (sanitized) source: markdown to parse, or lines to draw as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Part {
    Markdown(Range<usize>),
    Verbatim(Vec<String>),
}

/// Cuts `src` into markdown and verbatim parts, in order. Markdown parts end at a line end.
pub(crate) fn split(src: &str) -> Vec<Part> {
    let mut splitter = Splitter {
        group_ok: true,
        ..Splitter::default()
    };
    let mut fence: Option<&str> = None;
    let mut offset = 0;
    for line in src.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let text = trim_newline(line);
        if let Some(open) = fence {
            if closes(open, text.trim()) {
                fence = None;
            }
            continue;
        }
        let trimmed = text.trim_start();
        if indent(text) <= 3 && (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
            // A group touching a fence is markdown: the fence may belong to it.
            splitter.group_ok = false;
            splitter.finish_group();
            fence = Some(trimmed);
        } else if text.trim().is_empty() {
            splitter.finish_group();
            splitter.group_ok = true;
        } else {
            splitter.group.push((at, text));
        }
    }
    splitter.finish_group();
    let mut parts = splitter.parts;
    if splitter.markdown_start < src.len() || parts.is_empty() {
        parts.push(Part::Markdown(splitter.markdown_start..src.len()));
    }
    parts
}

#[derive(Default)]
struct Splitter<'a> {
    parts: Vec<Part>,
    /// Where the markdown not yet in `parts` starts.
    markdown_start: usize,
    /// The current run of non-blank lines, with their offsets.
    group: Vec<(usize, &'a str)>,
    /// False when something outside the group's lines makes it markdown (a fence next to it).
    group_ok: bool,
    /// Whether the last unindented group was a list, so an indented group continues it.
    in_list: bool,
}

impl Splitter<'_> {
    fn finish_group(&mut self) {
        let Some(&(start, first)) = self.group.first() else {
            return;
        };
        let indented = indent(first) >= 2;
        let lines: Vec<&str> = self.group.iter().map(|(_, l)| *l).collect();
        // Indented code, which markdown draws as written already: every line indented four
        // columns or more (outside a list). A drawing whose first line is indented that far but
        // whose other lines are not would be cut into code and a paragraph, so it is judged as
        // a whole like any other group.
        let code = !self.in_list && lines.iter().all(|l| indent(l) >= 4);
        if self.group.iter().any(|(_, line)| list_start(line)) {
            self.in_list = true;
        } else if !indented {
            self.in_list = false;
        }
        if self.group_ok && !code && !(self.in_list && indented) && is_drawn(&lines) {
            let (last_at, last) = self.group[self.group.len() - 1];
            if self.markdown_start < start {
                self.parts.push(Part::Markdown(self.markdown_start..start));
            }
            self.parts.push(Part::Verbatim(dedent(&lines)));
            self.markdown_start = last_at + last.len();
        }
        self.group.clear();
    }
}

fn trim_newline(line: &str) -> &str {
    line.strip_suffix('\n').unwrap_or(line)
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Whether `line` (trimmed) closes the fence opened by `open` (trimmed).
pub(crate) fn closes(open: &str, line: &str) -> bool {
    let marker = open.chars().next().unwrap_or('`');
    let length = open.chars().take_while(|&c| c == marker).count();
    line.chars().take_while(|&c| c == marker).count() >= length && line.chars().all(|c| c == marker)
}

/// Whether a group of lines is a drawing rather than markdown.
fn is_drawn(lines: &[&str]) -> bool {
    if lines.iter().any(|l| reads_as_markdown(l)) {
        return false;
    }
    // Markdown drops a paragraph line's indentation: indented well past the first line, it is
    // placed by its author (a `|` or `v` under a box in a flowchart).
    let first_indent = indent(lines[0]);
    let placed = |i: usize, line: &str| i > 0 && indent(line) >= first_indent + 4;
    let drawn = lines
        .iter()
        .enumerate()
        .filter(|&(i, l)| looks_drawn(l) || placed(i, l))
        .count();
    drawn >= 2 && drawn * 2 >= lines.len()
}

/// A line that starts markdown structure or carries inline markup.
fn reads_as_markdown(line: &str) -> bool {
    if indent(line) > 3 {
        return false;
    }
    let t = line.trim();
    // A quote says something; `> ^ <` draws.
    let quote = t.starts_with('>') && t.contains(char::is_alphanumeric);
    let html = t.starts_with('<')
        && t[1..].starts_with(|c: char| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '?'));
    list_start(line)
        || heading_start(t)
        || quote
        || html
        || is_table_delimiter(t)
        || has_inline_markup(t)
}

fn list_start(line: &str) -> bool {
    if indent(line) > 3 {
        return false;
    }
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let rest = if ["- ", "* ", "+ "].iter().any(|m| t.starts_with(m)) {
        &t[2..]
    } else if (1..=9).contains(&digits)
        && (t[digits..].starts_with(". ") || t[digits..].starts_with(") "))
    {
        &t[digits + 2..]
    } else {
        return false;
    };
    // An item says something; `*   .   *` (stars in a drawing) does not.
    rest.contains(|c: char| c.is_alphanumeric() || c == '`' || c == '[')
}

fn heading_start(t: &str) -> bool {
    let hashes = t.chars().take_while(|&c| c == '#').count();
    (1..=6).contains(&hashes) && (t.len() == hashes || t[hashes..].starts_with(' '))
}

/// `|---|:--:|`, `--- | ---`: a table's delimiter row.
fn is_table_delimiter(t: &str) -> bool {
    t.contains('-') && t.contains('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// Bold (`**word`), inline code (`` `x` `` on one line) or a link (`](`).
fn has_inline_markup(t: &str) -> bool {
    let bytes = t.as_bytes();
    let strong = bytes
        .windows(3)
        .any(|w| w[..2] == *b"**" && w[2].is_ascii_alphanumeric());
    let code = t.matches('`').count() >= 2 && {
        let mut spans = t.split('`').skip(1).step_by(2);
        spans.any(|inside| inside.starts_with(|c: char| c.is_alphanumeric()))
    };
    strong || code || t.contains("](")
}

/// A line that looks drawn: box drawing or block glyphs, columns set apart by runs of spaces,
/// an ASCII tree's branch (`|-- `, `` `-- ``, `+-- `), or mostly drawing punctuation (`/\_|`…).
/// Rules (`---`, `***`, `___`, `===`) alone do not
/// count: markdown gives them meaning.
fn looks_drawn(line: &str) -> bool {
    let t = line.trim();
    if is_rule(t) {
        return false;
    }
    if t.chars().any(|c| ('\u{2500}'..='\u{259f}').contains(&c)) {
        return true;
    }
    if t.contains("   ")
        || ["|--", "`--", "+--", "\\--"]
            .iter()
            .any(|b| t.starts_with(b))
    {
        return true;
    }
    let visible = t.chars().filter(|c| !c.is_whitespace()).count();
    let drawing = t.chars().filter(|c| DRAWING.contains(*c)).count();
    drawing >= 3 && drawing * 5 >= visible * 3
}

/// Punctuation ASCII drawings are made of.
const DRAWING: &str = "/\\_|-+=*#<>^()[]{}~.:'\"`,o";

fn is_rule(t: &str) -> bool {
    let Some(first) = t.chars().next() else {
        return false;
    };
    matches!(first, '-' | '*' | '_' | '=') && t.chars().all(|c| c == first || c == ' ')
}

/// The lines without trailing spaces and without the indentation they all share.
fn dedent(lines: &[&str]) -> Vec<String> {
    let common = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| indent(l))
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(common..).unwrap_or("").trim_end().to_string())
        .collect()
}

/// The rows of a verbatim block at `width`: the lines as written when they fit, else in bands
/// of columns (see the module's documentation).
pub(crate) fn layout(lines: &[String], width: usize) -> Vec<Line> {
    let cells: Vec<Vec<(&str, usize)>> = lines
        .iter()
        .map(|l| l.graphemes(true).map(|g| (g, grapheme_width(g))).collect())
        .collect();
    let widest = cells
        .iter()
        .map(|c| c.iter().map(|(_, w)| w).sum::<usize>())
        .max()
        .unwrap_or(0);
    if widest <= width {
        return lines.iter().map(|l| Line::plain(l.clone())).collect();
    }
    // Markers only where they leave room for a wide glyph.
    let markers = width >= 4;
    let mut next = vec![0usize; cells.len()];
    let mut out = Vec::new();
    let mut band = 0;
    while next.iter().zip(&cells).any(|(&at, line)| at < line.len()) {
        if band > 0 {
            out.push(Line::default());
        }
        let before: usize = next.iter().sum();
        for (line, at) in cells.iter().zip(next.iter_mut()) {
            out.push(band_row(line, at, band > 0 && markers, markers, width));
        }
        // Every row takes at least one cluster of a line not yet done (see `band_row`); should
        // that ever fail, stopping beats adding bands forever.
        let advanced = next.iter().sum::<usize>() > before;
        debug_assert!(advanced, "a band drew nothing at width {width}");
        if !advanced {
            break;
        }
        band += 1;
    }
    out
}

/// One line's row in a band: from grapheme `*at`, as much as fits; `*at` moves past it, by at
/// least one cluster while the line has any left.
fn band_row(
    line: &[(&str, usize)],
    at: &mut usize,
    left_marker: bool,
    markers: bool,
    width: usize,
) -> Line {
    // A glyph wider than the whole row cannot be drawn in any band (a wide one in one column).
    while line.get(*at).is_some_and(|&(_, w)| w > width) {
        *at += 1;
    }
    let Some(&(_, first)) = line.get(*at) else {
        return Line::default();
    };
    let marker = Style::fg(Slot::Muted);
    let rest: usize = line[*at..].iter().map(|(_, w)| w).sum();
    let mut left = left_marker;
    let mut right = markers && rest + usize::from(left) > width;
    // The markers make way for a cluster that fits the row but not beside them (a conjunct
    // three columns wide in four), else the row would take nothing and the bands never end.
    // The right one goes first: the next band's `‹` still says the line goes on.
    if usize::from(left) + first + usize::from(right) > width {
        right = false;
    }
    if usize::from(left) + first > width {
        left = false;
    }
    let mut spans = Vec::new();
    if left {
        spans.push(Span::styled("‹", marker.clone()));
    }
    let room = width - usize::from(left) - usize::from(right);
    let mut text = String::new();
    let mut used = 0;
    while let Some(&(g, w)) = line.get(*at) {
        if w > width {
            *at += 1;
            continue;
        }
        if used + w > room {
            break;
        }
        text.push_str(g);
        used += w;
        *at += 1;
    }
    spans.push(Span::plain(text.trim_end().to_string()));
    if *at < line.len() && right {
        let pad = room - tea::text::width(spans.last().map_or("", |s| &s.text));
        if pad > 0 {
            spans.push(Span::plain(" ".repeat(pad)));
        }
        spans.push(Span::styled("›", marker));
    }
    Line::new(spans)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verbatim(src: &str) -> Vec<Vec<String>> {
        split(src)
            .into_iter()
            .filter_map(|p| match p {
                Part::Verbatim(lines) => Some(lines),
                Part::Markdown(_) => None,
            })
            .collect()
    }

    #[test]
    fn drawn_groups_are_found() {
        let art = "PLANET VIEW          ISLAND VIEW\n  ___                 /\\  /\\___\n /   \\    click      /  \\/     \\";
        assert_eq!(verbatim(art).len(), 1);
        assert_eq!(
            verbatim("├── src\n│   └── main.rs\n└── Cargo.toml").len(),
            1
        );
        assert_eq!(verbatim("+-----+\n|  a  |\n+-----+").len(), 1);
        assert_eq!(
            verbatim("Option     Speed    Cost\nSQLite     fast     free").len(),
            1
        );
        assert_eq!(verbatim(" /\\_/\\\n( o.o )\n > ^ <").len(), 1);
        assert_eq!(verbatim("*   .   *\n  .   *   .").len(), 1);
        assert_eq!(
            verbatim("<--- back      next --->\n<===      ===>").len(),
            1
        );
        let flow =
            "[Client] --> [API] --> [DB]\n              |\n              v\n          [Cache]";
        assert_eq!(verbatim(flow).len(), 1);
        let header =
            "Name        Type     Default\n----------  -------  -------\nheight      int      auto";
        assert_eq!(verbatim(header).len(), 1);
    }

    #[test]
    fn markdown_is_left_alone() {
        for src in [
            "# Title\n\nSome prose.  Two spaces after a period.\nAnd a second line.",
            "| a    | b    |\n|------|------|\n| 1    | 2    |",
            "- `--height`   caps the rows\n- `--keys`     replays keys",
            "**Pros:**   fast\n**Cons:**   slow",
            "Title\n=====",
            "---\n\n***",
            "> quoted    text\n> more     text",
            "```\n/\\  /\\\n| |  | |\n```",
            "    indented   code\n    more      code",
            "- item\n\n  continued   text\n  more    text",
            "Steps:\n- item\n\n  continued   text\n  more    text",
            "A -> B -> C\nD -> E",
            "<div>\n  a    b\n  c    d\n</div>",
            "Some   text\n-----",
            "A paragraph\n    indented once",
            "    code first\nthen a paragraph",
        ] {
            assert!(verbatim(src).is_empty(), "{src:?}");
        }
    }

    #[test]
    fn a_drawing_whose_first_line_is_indented_is_a_drawing() {
        // A real preview: its first line alone would start indented code.
        let orbit = "      _____\n   __/     \\__     <- orbit & zoom\n  /  /\\  *   \\ \\\n  \\__\\_____/__/";
        assert_eq!(
            verbatim(orbit),
            [vec![
                "    _____".to_string(),
                " __/     \\__     <- orbit & zoom".to_string(),
                "/  /\\  *   \\ \\".to_string(),
                "\\__\\_____/__/".to_string(),
            ]]
        );
        let boxed = "     +-------+\n  +--|  api  |\n  |  +-------+\n  +-> db";
        assert_eq!(verbatim(boxed).len(), 1);
    }

    #[test]
    fn parts_cover_the_source_in_order() {
        let src = "# Plan\n\n+--+\n|  |   x\n+--+\n\nAfter.";
        let parts = split(src);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0], Part::Markdown(0..8));
        assert_eq!(
            parts[1],
            Part::Verbatim(vec!["+--+".into(), "|  |   x".into(), "+--+".into()])
        );
        assert_eq!(parts[2], Part::Markdown(src.len() - 8..src.len()));
    }

    fn rows(lines: &[&str], width: usize) -> Vec<String> {
        let lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        layout(&lines, width).iter().map(Line::plain_text).collect()
    }

    #[test]
    fn a_wide_block_is_drawn_in_bands() {
        assert_eq!(rows(&["ab  cd", "x"], 6), ["ab  cd", "x"]);
        assert_eq!(
            rows(&["abcdefghij", "xy"], 6),
            ["abcde›", "xy", "", "‹fghij", ""]
        );
        for width in 1..12 {
            for row in layout(&["日本語の絵 ab".to_string(), "   /\\".to_string()], width) {
                assert!(row.width() <= width, "{:?} at {width}", row.plain_text());
            }
        }
    }

    #[test]
    fn a_cluster_wider_than_the_room_beside_the_markers_still_moves_on() {
        // क्षि is three columns: in a four-column band it leaves no room for both markers, and
        // a row that took nothing made bands forever.
        assert_eq!(tea::text::grapheme_width("क्षि"), 3);
        let lines = ["M   p".to_string(), "tionक्षिapi-replabel   م".to_string()];
        for width in 0..12 {
            let rows = layout(&lines, width);
            for row in &rows {
                assert!(row.width() <= width, "{:?} at {width}", row.plain_text());
            }
            if width >= 3 {
                // Every cluster is drawn: line i's row of band b is row b * 3 + i.
                for (i, line) in lines.iter().enumerate() {
                    let shown: String = rows
                        .iter()
                        .skip(i)
                        .step_by(lines.len() + 1)
                        .map(|r| r.plain_text().replace(['‹', '›', ' '], ""))
                        .collect();
                    assert_eq!(shown, line.replace(' ', ""), "line {i} at {width}");
                }
            }
        }
        // The right marker makes way first; the next band's `‹` says the line goes on.
        assert_eq!(
            rows(&["ab", "xyक्षिz"], 4),
            ["ab", "xy ›", "", "", "‹क्षि", "", "", "‹z"]
        );
    }
}
