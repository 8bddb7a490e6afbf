//! Blocks to rows at a width. Containers (quotes, list items) lay their children out at the
//! width left after their prefix, then put the prefix in front; leaves wrap or hard-break their
//! text. Every row this module returns is at most the width it was asked for.

use tea::text::{grapheme_width, truncate, wrap_spans};
use tea::{Line, Slot, Span, Style};
use unicode_segmentation::UnicodeSegmentation;

use crate::document::{Block, List};
use crate::table::{self, MIN_TEXT_WIDTH};
use crate::verbatim;

/// Lays out a sequence of sibling blocks, a blank row between them unless `tight`.
pub(crate) fn blocks(blocks: &[Block], width: usize, depth: usize, tight: bool) -> Vec<Line> {
    let mut out = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        let separate = i > 0 && !(tight && matches!(block, Block::List(_)));
        if separate {
            out.push(Line::default());
        }
        out.extend(self::block(block, width, depth));
    }
    out
}

fn block(block: &Block, width: usize, depth: usize) -> Vec<Line> {
    match block {
        Block::Paragraph(spans) => wrap(spans, width),
        Block::Heading { level, spans } => heading(*level, spans, width),
        Block::Code {
            info,
            fenced: true,
            rows,
        } => code_block(info.as_deref(), rows, width),
        Block::Code {
            fenced: false,
            rows,
            ..
        } => rows.iter().flat_map(|row| hard_wrap(row, width)).collect(),
        Block::Verbatim(lines) => verbatim::layout(lines, width),
        Block::Quote(children) => quote(children, width, depth),
        Block::List(list) => self::list(list, width, depth),
        Block::Table(t) => table::layout(t, width),
        Block::Rule => vec![Line::styled("─".repeat(width), Style::fg(Slot::MdHr))],
    }
}

fn wrap(spans: &[Span], width: usize) -> Vec<Line> {
    wrap_spans(spans, width)
        .into_iter()
        .map(Line::new)
        .collect()
}

/// H1 is bold and underlined, H2 bold, deeper levels keep their `###` so they stay apart.
fn heading(level: u8, spans: &[Span], width: usize) -> Vec<Line> {
    if level <= 2 {
        return wrap(spans, width);
    }
    let marker = Style::fg(Slot::MdHeading).bold();
    let mut all = vec![Span::styled(
        format!("{} ", "#".repeat(level.into())),
        marker,
    )];
    all.extend(spans.iter().cloned());
    wrap(&all, width)
}

fn quote(children: &[Block], width: usize, depth: usize) -> Vec<Line> {
    const BORDER: &str = "│ ";
    const BORDER_WIDTH: usize = 2;
    if width < BORDER_WIDTH + MIN_TEXT_WIDTH {
        // No room for the border: the text matters more.
        return blocks(children, width, depth, false);
    }
    let border = Style::fg(Slot::MdQuoteBorder);
    blocks(children, width - BORDER_WIDTH, depth, false)
        .into_iter()
        .map(|line| {
            let mut spans = vec![Span::styled(
                if line.spans.is_empty() { "│" } else { BORDER },
                border.clone(),
            )];
            spans.extend(line.spans.into_iter().map(quoted));
            Line::new(spans)
        })
        .collect()
}

/// Quote text takes the quote slot unless it already means something else (code, links).
fn quoted(mut span: Span) -> Span {
    if span.style.fg.is_none() {
        span.style.fg = Some(Slot::MdQuote);
        span.style.italic = true;
    }
    span
}

fn list(list: &List, width: usize, depth: usize) -> Vec<Line> {
    // Numbers are right-aligned so every item's text starts in the same column.
    let last_number = list
        .start
        .map(|n| n.saturating_add(list.items.len().saturating_sub(1) as u64));
    let number_width = last_number.map_or(0, |n| n.to_string().len());
    let mut out = Vec::new();
    for (i, item) in list.items.iter().enumerate() {
        if i > 0 && !list.tight {
            out.push(Line::default());
        }
        let marker = match (item.task, list.start) {
            (Some(true), _) => "[x] ".to_string(),
            (Some(false), _) => "[ ] ".to_string(),
            (None, Some(start)) => {
                let n = start.saturating_add(i as u64);
                format!("{n:>number_width$}. ")
            }
            (None, None) => format!("{} ", bullet(depth)),
        };
        let marker_width = tea::text::width(&marker);
        if width < marker_width + MIN_TEXT_WIDTH {
            // Too narrow for a marker and text side by side: the marker gets its own row.
            out.push(Line::styled(
                truncate(marker.trim_end(), width),
                bullet_style(),
            ));
            out.extend(blocks(&item.blocks, width, depth + 1, list.tight));
            continue;
        }
        let body = blocks(&item.blocks, width - marker_width, depth + 1, list.tight);
        if body.is_empty() {
            out.push(Line::styled(marker.trim_end(), bullet_style()));
            continue;
        }
        for (row, line) in body.into_iter().enumerate() {
            let lead = if row == 0 {
                Span::styled(marker.clone(), bullet_style())
            } else if line.spans.is_empty() {
                out.push(line);
                continue;
            } else {
                Span::plain(" ".repeat(marker_width))
            };
            let mut spans = vec![lead];
            spans.extend(line.spans);
            out.push(Line::new(spans));
        }
    }
    out
}

fn bullet(depth: usize) -> &'static str {
    ["•", "◦", "▪"][depth % 3]
}

fn bullet_style() -> Style {
    Style::fg(Slot::MdListBullet)
}

/// A fenced code block between ``` rules. Rows longer than the width are
/// hard-wrapped (never truncated): code loses no characters, and a wrapped row starts at the
/// left edge, which reads as a continuation.
fn code_block(info: Option<&str>, rows: &[Vec<Span>], width: usize) -> Vec<Line> {
    let border = Style::fg(Slot::MdCodeBlockBorder);
    let opening = format!("```{}", info.unwrap_or(""));
    let mut out = vec![Line::styled(truncate(&opening, width), border.clone())];
    for row in rows {
        out.extend(hard_wrap(row, width));
    }
    out.push(Line::styled(truncate("```", width), border));
    out
}

/// Breaks a row of spans into rows of at most `width` columns at any grapheme.
fn hard_wrap(spans: &[Span], width: usize) -> Vec<Line> {
    use tea::text::width as text_width;
    if spans.iter().map(|s| text_width(&s.text)).sum::<usize>() <= width {
        return vec![Line::new(spans.to_vec())];
    }
    let mut rows = vec![Line::default()];
    let mut used = 0;
    for span in spans {
        let mut piece = String::new();
        for g in span.text.graphemes(true) {
            let w = grapheme_width(g);
            if w > width {
                continue; // a wide glyph cannot be drawn in a one-column row
            }
            if used + w > width {
                if !piece.is_empty() {
                    rows.last_mut()
                        .expect("rows is never empty")
                        .push(Span::styled(std::mem::take(&mut piece), span.style.clone()));
                }
                rows.push(Line::default());
                used = 0;
            }
            piece.push_str(g);
            used += w;
        }
        if !piece.is_empty() {
            rows.last_mut()
                .expect("rows is never empty")
                .push(Span::styled(piece, span.style.clone()));
        }
    }
    rows
}
