//! One questionnaire as one row of the list, fitted to the width: who asks, the project, the
//! title, how many questions and how long it has waited. Columns give way as the width shrinks
//! (the count, then the project, then who asks), and whatever is left is cut to the width, so
//! a row never wraps. Every text here was sanitized when it was listed.

use tea::text::{grapheme_width, truncate, width};
use tea::{Line, Slot, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

use super::model::Row;

/// The widest the host column gets.
const HOST_MAX: usize = 14;
/// The widest the project column gets; longer paths lose their middle.
const PROJECT_MAX: usize = 28;
/// The title keeps at least this many columns before another column gives way.
const TITLE_MIN: usize = 12;
const GAP: &str = "  ";

/// The columns of the rows shown together, so they line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub host: usize,
    pub project: usize,
    /// Show "N questions".
    pub count: bool,
}

impl Columns {
    /// The columns for `rows` (those shown) in `width` columns.
    pub fn fit(rows: &[Row], now_ms: i64, width: usize) -> Columns {
        let widest = |f: &dyn Fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0);
        let mut columns = Columns {
            host: widest(&|row| tea::text::width(&row.host)).min(HOST_MAX),
            project: widest(&|row| tea::text::width(&row.project)).min(PROJECT_MAX),
            count: true,
        };
        let right = widest(&|row| tea::text::width(&right_text(row, now_ms, true)));
        let title_room = |c: &Columns| {
            let right = if c.count {
                right
            } else {
                widest(&|row| tea::text::width(&right_text(row, now_ms, false)))
            };
            let used = [c.host, c.project, right]
                .iter()
                .filter(|&&w| w > 0)
                .map(|w| w + GAP.len())
                .sum::<usize>();
            width.saturating_sub(used)
        };
        if title_room(&columns) < TITLE_MIN {
            columns.count = false;
        }
        if title_room(&columns) < TITLE_MIN {
            columns.project = 0;
        }
        if title_room(&columns) < TITLE_MIN {
            columns.host = 0;
        }
        columns
    }
}

/// How long something has waited: "12 s", "3 min", "2 h", "4 d".
pub fn waited(ms: i64) -> String {
    let seconds = (ms / 1000).max(0);
    match seconds {
        s if s < 60 => format!("{s} s"),
        s if s < 3600 => format!("{} min", s / 60),
        s if s < 86_400 => format!("{} h", s / 3600),
        s => format!("{} d", s / 86_400),
    }
}

/// "1 question", "3 questions".
pub fn count(questions: usize) -> String {
    match questions {
        1 => "1 question".to_string(),
        n => format!("{n} questions"),
    }
}

/// What the row's right end says: how many questions and how long it waited, or why it
/// stopped waiting.
fn right_text(row: &Row, now_ms: i64, with_count: bool) -> String {
    if let Some(why) = &row.ended {
        return why.clone();
    }
    let waited = waited(now_ms - row.posted_ms);
    match with_count {
        true => format!("{}{GAP}{waited}", count(row.questions)),
        false => waited,
    }
}

/// `text` in at most `max` columns, its middle replaced by "…" when it is longer: the start and
/// the end of a path say the most.
pub fn elide_middle(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    match max {
        0 => return String::new(),
        1 => return "…".to_string(),
        _ => {}
    }
    let keep = max - 1;
    let (head_room, tail_room) = (keep / 2, keep - keep / 2);
    let mut head = String::new();
    let mut used = 0;
    for g in text.graphemes(true) {
        let w = grapheme_width(g);
        if used + w > head_room {
            break;
        }
        head.push_str(g);
        used += w;
    }
    let mut tail = Vec::new();
    let mut used = 0;
    for g in text.graphemes(true).rev() {
        let w = grapheme_width(g);
        if used + w > tail_room {
            break;
        }
        tail.push(g);
        used += w;
    }
    tail.reverse();
    format!("{head}…{}", tail.concat())
}

/// `text` padded with spaces to `columns` (cut with "…" when wider).
fn padded(text: &str, columns: usize) -> String {
    let text = truncate(text, columns);
    let pad = columns.saturating_sub(width(&text));
    format!("{text}{}", " ".repeat(pad))
}

/// The row of `row` in `width` columns (a cursor mark goes before it), laid out as `columns`.
pub fn line(row: &Row, columns: Columns, now_ms: i64, width: usize) -> Line {
    let ended = row.ended.is_some();
    let style = |slot: Slot| {
        if ended {
            Style::fg(Slot::Dim)
        } else {
            Style::fg(slot)
        }
    };
    let right = right_text(row, now_ms, columns.count);
    let mut spans = Vec::new();
    let mut used = 0;
    if columns.host > 0 {
        spans.push(Span::styled(
            padded(&row.host, columns.host),
            style(Slot::Accent),
        ));
        spans.push(Span::plain(GAP));
        used += columns.host + GAP.len();
    }
    if columns.project > 0 {
        let project = elide_middle(&row.project, columns.project);
        spans.push(Span::styled(
            padded(&project, columns.project),
            style(Slot::Muted),
        ));
        spans.push(Span::plain(GAP));
        used += columns.project + GAP.len();
    }
    let right_width = tea::text::width(&right);
    let title_room = width.saturating_sub(used + right_width + GAP.len());
    let mut title_style = style(Slot::Text);
    if !ended {
        title_style = title_style.bold();
    }
    if title_room == 0 {
        // Too narrow for the right end: the title alone, cut below.
        spans.push(Span::styled(row.title.clone(), title_style));
        return tea::text::truncate_line(&Line::new(spans), width);
    }
    spans.push(Span::styled(padded(&row.title, title_room), title_style));
    spans.push(Span::plain(GAP));
    spans.push(Span::styled(right, style(Slot::Dim)));
    tea::text::truncate_line(&Line::new(spans), width)
}
