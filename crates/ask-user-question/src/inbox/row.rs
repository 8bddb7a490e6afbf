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
/// The narrowest a host column gets before it gives way.
const HOST_MIN: usize = 8;
/// The widest the project column gets; longer paths lose their middle.
const PROJECT_MAX: usize = 28;
/// The narrowest a project column gets before it gives way.
const PROJECT_MIN: usize = 16;
/// The title keeps at least this many columns before another column gives way.
const TITLE_MIN: usize = 20;
const GAP: &str = "  ";

/// The columns of the rows shown together, so they line up; 0 is a column left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    pub host: usize,
    pub project: usize,
    /// "N questions".
    pub count: usize,
    /// How long it waited, right-aligned.
    pub waited: usize,
}

impl Columns {
    /// The columns for `rows` (those shown) in `width` columns: the title keeps
    /// [`TITLE_MIN`] while the project narrows, then the count, the project and who asks give
    /// way in that order.
    pub fn fit(rows: &[Row], now_ms: i64, width: usize) -> Columns {
        let widest = |f: &dyn Fn(&Row) -> usize| rows.iter().map(f).max().unwrap_or(0);
        let waiting = |f: &dyn Fn(&Row) -> usize| {
            rows.iter()
                .filter(|row| row.ended.is_none())
                .map(f)
                .max()
                .unwrap_or(0)
        };
        let mut columns = Columns {
            host: widest(&|row| tea::text::width(&row.host)).min(HOST_MAX),
            project: widest(&|row| tea::text::width(&row.project)).min(PROJECT_MAX),
            count: waiting(&|row| count(row.questions).len()),
            waited: waiting(&|row| waited(now_ms - row.posted_ms).len()),
        };
        let steps: [fn(&mut Columns); 5] = [
            |c| c.project = c.project.min(PROJECT_MIN),
            |c| c.count = 0,
            |c| c.project = 0,
            |c| c.host = c.host.min(HOST_MIN),
            |c| c.host = 0,
        ];
        for step in steps {
            if columns.title(width) >= TITLE_MIN {
                break;
            }
            step(&mut columns);
        }
        columns
    }

    /// The columns before the title, with their gaps.
    fn lead(&self) -> usize {
        [self.host, self.project]
            .iter()
            .filter(|&&w| w > 0)
            .map(|w| w + GAP.len())
            .sum()
    }

    /// The columns after the title (count and wait), with the gaps before them.
    fn tail(&self) -> usize {
        [self.count, self.waited]
            .iter()
            .filter(|&&w| w > 0)
            .map(|w| w + GAP.len())
            .sum()
    }

    /// What is left for the title in `width` columns.
    fn title(&self, width: usize) -> usize {
        width.saturating_sub(self.lead() + self.tail())
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
    let head_room = keep / 2;
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
    // What a wide character left of the head's share goes to the tail.
    let tail_room = keep - used;
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

/// `text` right-aligned in `columns`.
fn right_aligned(text: &str, columns: usize) -> String {
    let text = truncate(text, columns);
    let pad = columns.saturating_sub(width(&text));
    format!("{}{text}", " ".repeat(pad))
}

/// The row of `row` in `width` columns (a cursor mark goes before it), laid out as `columns`.
/// One that stopped waiting is dimmed, its reason in place of the count and the wait.
pub fn line(row: &Row, columns: Columns, now_ms: i64, width: usize) -> Line {
    let ended = row.ended.is_some();
    let style = |slot: Slot| Style::fg(if ended { Slot::Dim } else { slot });
    let mut spans = Vec::new();
    if columns.host > 0 {
        spans.push(Span::styled(
            padded(&row.host, columns.host),
            style(Slot::Accent),
        ));
        spans.push(Span::plain(GAP));
    }
    if columns.project > 0 {
        let project = elide_middle(&row.project, columns.project);
        spans.push(Span::styled(
            padded(&project, columns.project),
            style(Slot::Muted),
        ));
        spans.push(Span::plain(GAP));
    }
    let title_style = if ended {
        style(Slot::Text)
    } else {
        Style::fg(Slot::Text).bold()
    };
    let mut tail = Vec::new();
    let mut tail_width = columns.tail();
    match &row.ended {
        Some(why) => {
            tail_width = tail_width.max(tea::text::width(why) + GAP.len());
            tail.push(Span::plain(GAP));
            tail.push(Span::styled(
                right_aligned(why, tail_width - GAP.len()),
                style(Slot::Dim),
            ));
        }
        None => {
            if columns.count > 0 {
                tail.push(Span::plain(GAP));
                tail.push(Span::styled(
                    padded(&count(row.questions), columns.count),
                    style(Slot::Muted),
                ));
            }
            tail.push(Span::plain(GAP));
            tail.push(Span::styled(
                right_aligned(&waited(now_ms - row.posted_ms), columns.waited),
                style(Slot::Dim),
            ));
        }
    }
    let title_room = width.saturating_sub(columns.lead() + tail_width);
    if title_room == 0 {
        // No room beside the title: the title alone, cut below.
        spans.push(Span::styled(row.title.clone(), title_style));
    } else {
        spans.push(Span::styled(padded(&row.title, title_room), title_style));
        spans.extend(tail);
    }
    tea::text::truncate_line(&Line::new(spans), width)
}
