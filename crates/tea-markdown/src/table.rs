//! Tables in box borders. Columns start at their widest cell; while the table is wider than the
//! width, the widest column gives up a column (its cells wrap), down to two columns so a wide
//! glyph still fits. When even that would not fit, the table becomes a list of records
//! ("Header: value"), which always fits.

use pulldown_cmark::Alignment;
use tea::text::{width as text_width, wrap_spans};
use tea::{Line, Slot, Span, Style};

use crate::document::Table;

/// The narrowest text column a container (a table's cell, a quote, a list item) leaves its
/// content: two columns, so a wide (CJK, emoji) glyph still fits. Below that a container gives
/// up its border or indent instead.
pub(crate) const MIN_TEXT_WIDTH: usize = 2;

/// Columns taken by borders and padding: `│ ` before each cell, ` │` after the last, and ` `
/// before each inner `│`.
fn overhead(columns: usize) -> usize {
    3 * columns + 1
}

pub(crate) fn layout(table: &Table, width: usize) -> Vec<Line> {
    let columns = table
        .rows
        .iter()
        .map(Vec::len)
        .chain([table.head.len(), table.aligns.len()])
        .max()
        .unwrap_or(0);
    if columns == 0 {
        return Vec::new();
    }
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            std::iter::once(&table.head)
                .chain(&table.rows)
                .filter_map(|row| row.get(c))
                .map(|cell| spans_width(cell))
                .max()
                .unwrap_or(0)
                .max(1)
        })
        .collect();
    let narrowest: usize = widths.iter().map(|&w| w.min(MIN_TEXT_WIDTH)).sum();
    if overhead(columns) + narrowest > width {
        return records(table, columns, width);
    }
    let widths = shrink(&widths, width - overhead(columns));

    let mut out = vec![rule('┌', '┬', '┐', &widths)];
    let header = Style::default().bold();
    let head: Vec<Vec<Span>> = (0..columns)
        .map(|c| {
            table
                .head
                .get(c)
                .map(|cell| cell.iter().map(|s| emphasized(s, &header)).collect())
                .unwrap_or_default()
        })
        .collect();
    out.extend(row(&head, &table.aligns, &widths));
    out.push(rule('├', '┼', '┤', &widths));
    for cells in &table.rows {
        out.extend(row(cells, &table.aligns, &widths));
    }
    out.push(rule('└', '┴', '┘', &widths));
    out
}

/// Column widths that fit `available` columns, as if the widest column (the leftmost of equals)
/// gave up one column at a time until the sum fits. Computed directly, because cells of a
/// hostile table can be hundreds of thousands of columns wide: every column is capped at the
/// largest level that fits, and the columns left over go, one each, to the rightmost of the
/// capped columns.
fn shrink(natural: &[usize], available: usize) -> Vec<usize> {
    let fits = |cap: usize| natural.iter().map(|&w| w.min(cap)).sum::<usize>() <= available;
    if fits(usize::MAX) {
        return natural.to_vec();
    }
    // Binary search for the largest cap that fits (0 always does).
    let (mut low, mut high) = (0, natural.iter().copied().max().unwrap_or(0));
    while low < high {
        let mid = low + (high - low).div_ceil(2);
        if fits(mid) {
            low = mid;
        } else {
            high = mid - 1;
        }
    }
    let cap = low;
    let mut widths: Vec<usize> = natural.iter().map(|&w| w.min(cap)).collect();
    let mut spare = available - widths.iter().sum::<usize>();
    for c in (0..widths.len()).rev() {
        if spare == 0 {
            break;
        }
        if natural[c] > cap {
            widths[c] += 1;
            spare -= 1;
        }
    }
    widths
}

fn spans_width(spans: &[Span]) -> usize {
    spans.iter().map(|s| text_width(&s.text)).sum()
}

fn emphasized(span: &Span, header: &Style) -> Span {
    let mut span = span.clone();
    span.style.bold |= header.bold;
    span
}

fn border() -> Style {
    Style::fg(Slot::MdHr)
}

fn rule(left: char, middle: char, right: char, widths: &[usize]) -> Line {
    let mut text = String::new();
    text.push(left);
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            text.push(middle);
        }
        text.extend(std::iter::repeat_n('─', w + 2));
    }
    text.push(right);
    Line::styled(text, border())
}

/// One table row: each cell wrapped to its column, aligned, padded; as many rows as the
/// tallest cell needs.
fn row(cells: &[Vec<Span>], aligns: &[Alignment], widths: &[usize]) -> Vec<Line> {
    let wrapped: Vec<Vec<Vec<Span>>> = widths
        .iter()
        .enumerate()
        .map(|(c, &w)| wrap_spans(cells.get(c).map_or(&[][..], Vec::as_slice), w))
        .collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    (0..height)
        .map(|r| {
            let mut line = Line::default();
            for (c, &w) in widths.iter().enumerate() {
                let border_text = if c == 0 { "│ " } else { " │ " };
                line.push(Span::styled(border_text, border()));
                let content = wrapped[c].get(r).cloned().unwrap_or_default();
                let free = w.saturating_sub(spans_width(&content));
                let (before, after) = match aligns.get(c) {
                    Some(Alignment::Right) => (free, 0),
                    Some(Alignment::Center) => (free / 2, free - free / 2),
                    _ => (0, free),
                };
                if before > 0 {
                    line.push(Span::plain(" ".repeat(before)));
                }
                line.spans.extend(content);
                if after > 0 {
                    line.push(Span::plain(" ".repeat(after)));
                }
            }
            line.push(Span::styled(" │", border()));
            line
        })
        .collect()
}

/// The readable fallback for widths too small for borders: every body row as "Header: value"
/// lines, rows apart by a blank line; a table without body rows lists its headers.
fn records(table: &Table, columns: usize, width: usize) -> Vec<Line> {
    let header = Style::default().bold();
    let mut out = Vec::new();
    if table.rows.is_empty() {
        for cell in &table.head {
            let spans: Vec<Span> = cell.iter().map(|s| emphasized(s, &header)).collect();
            out.extend(wrap_spans(&spans, width).into_iter().map(Line::new));
        }
        return out;
    }
    for (r, cells) in table.rows.iter().enumerate() {
        if r > 0 {
            out.push(Line::default());
        }
        for c in 0..columns {
            let mut spans: Vec<Span> = table
                .head
                .get(c)
                .map(|cell| cell.iter().map(|s| emphasized(s, &header)).collect())
                .unwrap_or_default();
            spans.push(Span::styled(":", header.clone()));
            spans.push(Span::plain(" "));
            spans.extend(cells.get(c).cloned().unwrap_or_default());
            out.extend(wrap_spans(&spans, width).into_iter().map(Line::new));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::shrink;
    use proptest::prelude::*;

    /// The rule as stated: the widest column, the leftmost of equals, gives up one column.
    fn shrink_one_at_a_time(natural: &[usize], available: usize) -> Vec<usize> {
        let mut widths = natural.to_vec();
        while widths.iter().sum::<usize>() > available {
            let widest = (0..widths.len())
                .max_by_key(|&c| (widths[c], std::cmp::Reverse(c)))
                .expect("at least one column");
            widths[widest] -= 1;
        }
        widths
    }

    #[test]
    fn shrinking_takes_from_the_widest_columns() {
        assert_eq!(shrink(&[3, 10, 4], 30), vec![3, 10, 4]);
        assert_eq!(shrink(&[3, 10, 4], 12), vec![3, 5, 4]);
        assert_eq!(shrink(&[3, 10, 10], 12), vec![3, 4, 5]);
        assert_eq!(shrink(&[500_000, 400_000], 100), vec![50, 50]);
    }

    proptest! {
        #[test]
        fn shrinking_matches_the_one_at_a_time_rule(
            natural in prop::collection::vec(1usize..40, 1..8),
            available in 0usize..200,
        ) {
            let floor: usize = natural.iter().map(|&w| w.min(2)).sum();
            prop_assume!(available >= floor);
            prop_assert_eq!(shrink(&natural, available), shrink_one_at_a_time(&natural, available));
        }
    }
}
