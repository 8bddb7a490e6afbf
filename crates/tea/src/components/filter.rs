//! Fuzzy filtering for lists: a query narrows items, best match first, with the matched
//! characters to highlight.
//!
//! The model owns a [`FilterState`] built from its items' labels and descriptions and feeds it
//! [`FilterMsg`]s (from the filter's [`keymap`], with its own keys first); the view draws the query with
//! [`FilterLine`] and each match's label with [`highlight`].
//!
//! - **Matching** is [`nucleo_matcher`]'s (helix's matcher): the query is split at spaces into
//!   words, each matched fuzzily (its characters in order, gaps allowed), and an item matches
//!   when every word does. No operator syntax: `!`, `^`, `$` and `'` are plain characters.
//!   Case is ignored unless the query has a capital; accents are ignored unless it has one.
//! - **Label first, then description:** an item matches on its label when the whole query does;
//!   otherwise on its description. Label matches rank above description matches; within each,
//!   the higher score comes first, and equal scores keep the items' order. An empty query
//!   matches every item, in order.
//! - **Positions** are grapheme-cluster indices into the sanitized one-row text
//!   ([`crate::text::sanitize_line`]) of the label or description that matched, which is what
//!   [`highlight`] takes.
//! - **Cheap:** items are converted for the matcher once; matching runs only when the query
//!   changes, and a query that only grew searches the previous matches alone. The matcher's
//!   buffers (allocated with the first query, so a filter never opened costs little) and the
//!   result vectors are reused.
//! - **The cursor** is a position among the matches. A new query puts it on the best match (as
//!   fzf and helix do), so Enter after typing takes what is shown first; with no matches there is
//!   no current item.
//!
//! ```
//! use tea::components::filter::{FilterMsg, FilterState, Filtered};
//!
//! let mut filter = FilterState::new([("apple", ""), ("banana", "yellow"), ("grape", "")]);
//! assert_eq!(filter.update(FilterMsg::Insert("ap".into())), Filtered::Changed);
//! let labels: Vec<usize> = filter.matches().iter().map(|m| m.item).collect();
//! assert_eq!(labels, [0, 2]); // "apple" starts with "ap"; "grape" has it inside
//! assert_eq!(filter.current(), Some(0));
//! assert_eq!(filter.matches()[0].label_positions(), Some(&[0, 1][..]));
//! filter.update(FilterMsg::Clear);
//! assert_eq!(filter.update(FilterMsg::Backspace), Filtered::Close);
//! ```

use std::cmp::Reverse;

use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};
use unicode_segmentation::UnicodeSegmentation;

use super::Block;
use std::sync::OnceLock;

use crate::input::{Event, KeyCode, KeyModifiers, as_press};
use crate::keymap::{Binding, Keymap};
use crate::style::{Line, Slot, Span, Style};
use crate::text;

/// What changes a filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterMsg {
    /// Text typed or pasted at the end of the query (Space included); sanitized to one row.
    Insert(String),
    /// Removes the query's last character; on an empty query it asks to close the filter.
    Backspace,
    /// Empties the query.
    Clear,
    /// The previous match.
    Up,
    /// The next match.
    Down,
}

/// The filter's keymap, parsed once (clone it to rebind keys): ↑/↓ (and Ctrl+P/Ctrl+N) move,
/// Backspace erases, Ctrl+U clears; printable characters (Space included) and pastes go to the
/// query. Enter and Esc are the caller's. Its keys act once per keystroke: a held key does not
/// repeat.
pub fn keymap() -> &'static Keymap<(), FilterMsg> {
    static STANDARD: OnceLock<Keymap<(), FilterMsg>> = OnceLock::new();
    STANDARD.get_or_init(|| {
        let bind = |name: &str, keys: &str, msg: FilterMsg| {
            Binding::new(name, keys, msg).expect("the filter's keys parse")
        };
        Keymap::new(vec![
            bind("up", "up shift+up ctrl+p", FilterMsg::Up)
                .label("↑↓")
                .help("move"),
            bind("down", "down shift+down ctrl+n", FilterMsg::Down),
            bind("erase", "backspace shift+backspace", FilterMsg::Backspace).help("erase"),
            bind("clear", "ctrl+u", FilterMsg::Clear).help("clear"),
        ])
        .with_fallback(typed)
    })
}

/// What no binding takes: a paste, or a character typed with no modifier but Shift, goes to
/// the query.
fn typed(event: &Event) -> Option<FilterMsg> {
    if let Some(pasted) = event.as_paste() {
        return Some(FilterMsg::Insert(pasted.to_owned()));
    }
    let key = as_press(event)?;
    match key.code {
        KeyCode::Char(c) if (key.modifiers - KeyModifiers::SHIFT).is_empty() => {
            Some(FilterMsg::Insert(c.to_string()))
        }
        _ => None,
    }
}

/// What a [`FilterMsg`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filtered {
    /// The query or the cursor changed.
    Changed,
    /// Nothing changed (the cursor at an end, an empty insert): a caller may ring the bell.
    Unchanged,
    /// Backspace on an empty query: the caller closes the filter.
    Close,
}

/// Where a match was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Label,
    Description,
}

/// One item that matches the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterMatch {
    /// The item's index in the list the filter was built from.
    pub item: usize,
    /// The matcher's score (0 for an empty query); higher is better.
    pub score: u32,
    /// Where the query matched.
    pub field: Field,
    /// The matched grapheme positions, sorted, in the field that matched.
    pub positions: Vec<u32>,
}

impl FilterMatch {
    /// The positions to highlight in the label, when the label matched.
    pub fn label_positions(&self) -> Option<&[u32]> {
        (self.field == Field::Label).then_some(&self.positions[..])
    }

    /// The positions to highlight in the description, when the description matched.
    pub fn description_positions(&self) -> Option<&[u32]> {
        (self.field == Field::Description).then_some(&self.positions[..])
    }
}

/// An item as the matcher reads it.
#[derive(Clone)]
struct Haystack {
    label: Utf32String,
    description: Utf32String,
}

/// A filter over a fixed list of items: the query, the matches, best first, and the cursor
/// among them. Owned by the model.
#[derive(Clone)]
pub struct FilterState {
    items: Vec<Haystack>,
    query: String,
    /// The query the matches were computed for.
    matched_query: String,
    matches: Vec<FilterMatch>,
    cursor: usize,
    /// Allocated with the first query (the matcher's buffers take about 135 KB), then reused.
    matcher: Option<Box<Matcher>>,
    /// Position vectors of earlier matches, reused by the next search.
    spare: Vec<Vec<u32>>,
}

impl std::fmt::Debug for FilterState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilterState")
            .field("items", &self.items.len())
            .field("query", &self.query)
            .field("matches", &self.matches)
            .field("cursor", &self.cursor)
            .finish_non_exhaustive()
    }
}

impl PartialEq for FilterState {
    fn eq(&self, other: &Self) -> bool {
        self.query == other.query
            && self.matches == other.matches
            && self.cursor == other.cursor
            && self.items.len() == other.items.len()
            && self
                .items
                .iter()
                .zip(&other.items)
                .all(|(a, b)| a.label == b.label && a.description == b.description)
    }
}

impl FilterState {
    /// A filter over items given as (label, description); an empty description is none. The
    /// texts are sanitized to one row, as [`highlight`] draws them.
    pub fn new<L: AsRef<str>, D: AsRef<str>>(items: impl IntoIterator<Item = (L, D)>) -> Self {
        let items: Vec<Haystack> = items
            .into_iter()
            .map(|(label, description)| Haystack {
                label: Utf32String::from(text::sanitize_line(label.as_ref())),
                description: Utf32String::from(text::sanitize_line(description.as_ref())),
            })
            .collect();
        let mut state = FilterState {
            items,
            query: String::new(),
            matched_query: String::new(),
            matches: Vec::new(),
            cursor: 0,
            matcher: None,
            spare: Vec::new(),
        };
        state.rematch();
        state
    }

    pub fn update(&mut self, msg: FilterMsg) -> Filtered {
        match msg {
            FilterMsg::Insert(typed) => {
                let typed = text::sanitize_line(&typed);
                if typed.is_empty() {
                    return Filtered::Unchanged;
                }
                self.query.push_str(&typed);
                self.rematch();
            }
            FilterMsg::Backspace => {
                if self.query.pop().is_none() {
                    return Filtered::Close;
                }
                self.rematch();
            }
            FilterMsg::Clear => {
                if self.query.is_empty() {
                    return Filtered::Unchanged;
                }
                self.query.clear();
                self.rematch();
            }
            FilterMsg::Up => {
                if self.cursor == 0 {
                    return Filtered::Unchanged;
                }
                self.cursor -= 1;
            }
            FilterMsg::Down => {
                if self.cursor + 1 >= self.matches.len() {
                    return Filtered::Unchanged;
                }
                self.cursor += 1;
            }
        }
        Filtered::Changed
    }

    /// Sets the query (e.g. restoring a model); matches again only when it differs.
    pub fn set_query(&mut self, query: &str) {
        let query = text::sanitize_line(query);
        if query != self.query {
            self.query = query;
            self.rematch();
        }
    }

    pub fn query(&self) -> &str {
        &self.query
    }

    /// The matches, best first.
    pub fn matches(&self) -> &[FilterMatch] {
        &self.matches
    }

    /// How many items the filter was built from.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The cursor's position among the matches (0 when there are none).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The item under the cursor; `None` when nothing matches.
    pub fn current(&self) -> Option<usize> {
        self.matches.get(self.cursor).map(|m| m.item)
    }

    /// The match of item `item`, if it matches.
    pub fn match_of(&self, item: usize) -> Option<&FilterMatch> {
        self.matches.iter().find(|m| m.item == item)
    }

    /// Puts the cursor on item `item` when it matches (e.g. the list's selection when the
    /// filter opens); whether it does.
    pub fn focus_item(&mut self, item: usize) -> bool {
        match self.matches.iter().position(|m| m.item == item) {
            Some(position) => {
                self.cursor = position;
                true
            }
            None => false,
        }
    }

    /// Matches the query against the items (or, when the query only grew, against the previous
    /// matches: a longer query never matches more) and puts the cursor on the best match.
    fn rematch(&mut self) {
        self.cursor = 0;
        let grew = !self.matched_query.is_empty() && self.query.starts_with(&self.matched_query);
        self.matched_query.clone_from(&self.query);
        let previous = std::mem::take(&mut self.matches);
        let candidates: Vec<usize> = if grew {
            // In item order, so ties rank as in a fresh search.
            let mut items: Vec<usize> = previous.iter().map(|m| m.item).collect();
            items.sort_unstable();
            items
        } else {
            (0..self.items.len()).collect()
        };
        self.spare.extend(previous.into_iter().map(|m| m.positions));
        let mut spare = std::mem::take(&mut self.spare);
        let mut fresh = || {
            let mut positions = spare.pop().unwrap_or_default();
            positions.clear();
            positions
        };
        if self.query.trim().is_empty() {
            self.matches = candidates
                .into_iter()
                .map(|item| FilterMatch {
                    item,
                    score: 0,
                    field: Field::Label,
                    positions: fresh(),
                })
                .collect();
            self.spare = spare;
            return;
        }
        let pattern = Pattern::new(
            &self.query,
            CaseMatching::Smart,
            Normalization::Smart,
            AtomKind::Fuzzy,
        );
        let matcher = self
            .matcher
            .get_or_insert_with(|| Box::new(Matcher::new(Config::DEFAULT)));
        let mut positions = fresh();
        for item in candidates {
            let haystack = &self.items[item];
            for (field, text) in [
                (Field::Label, &haystack.label),
                (Field::Description, &haystack.description),
            ] {
                if text.is_empty() {
                    continue;
                }
                positions.clear();
                // One pass gives the score and the positions (the matcher rejects a
                // non-match early either way).
                if let Some(score) = pattern.indices(text.slice(..), matcher, &mut positions) {
                    positions.sort_unstable();
                    positions.dedup();
                    let positions = std::mem::replace(&mut positions, fresh());
                    self.matches.push(FilterMatch {
                        item,
                        score,
                        field,
                        positions,
                    });
                    break;
                }
            }
        }
        spare.push(positions);
        self.spare = spare;
        // Label matches first, then by score; the sort is stable, so ties keep the item order.
        self.matches
            .sort_by_key(|m| (m.field == Field::Description, Reverse(m.score)));
    }
}

/// `text` (sanitized to one row) as spans in `base`, with the grapheme clusters at `positions`
/// (as [`FilterMatch::positions`] gives them) in `base` patched by `hit`: its slot when it has
/// one, and its attributes added. Positions past the end are ignored.
pub fn highlight(text: &str, positions: &[u32], base: &Style, hit: &Style) -> Vec<Span> {
    let text = text::sanitize_line(text);
    let marked = patch(base, hit);
    if positions.is_empty() {
        return if text.is_empty() {
            Vec::new()
        } else {
            vec![Span::styled(text, base.clone())]
        };
    }
    let mut spans: Vec<Span> = Vec::new();
    let mut run = String::new();
    let mut run_hit = false;
    let mut next = positions.iter().copied().peekable();
    for (index, grapheme) in text.graphemes(true).enumerate() {
        while next.next_if(|&p| (p as usize) < index).is_some() {}
        let is_hit = next.peek().is_some_and(|&p| p as usize == index);
        if is_hit != run_hit && !run.is_empty() {
            let style = if run_hit { &marked } else { base };
            spans.push(Span::styled(std::mem::take(&mut run), style.clone()));
        }
        run_hit = is_hit;
        run.push_str(grapheme);
    }
    if !run.is_empty() {
        let style = if run_hit { &marked } else { base };
        spans.push(Span::styled(run, style.clone()));
    }
    spans
}

/// [`highlight`] as a line.
pub fn highlight_line(text: &str, positions: &[u32], base: &Style, hit: &Style) -> Line {
    Line::new(highlight(text, positions, base, hit))
}

fn patch(base: &Style, hit: &Style) -> Style {
    Style {
        fg: hit.fg.or(base.fg),
        bold: base.bold || hit.bold,
        italic: base.italic || hit.italic,
        underline: base.underline || hit.underline,
        strikethrough: base.strikethrough || hit.strikethrough,
        reverse: base.reverse || hit.reverse,
        link: base.link.clone(),
        caret: base.caret,
        hit: base.hit,
    }
}

/// The filter's input row: a prompt, the query and a caret, and at the right edge either the
/// count of matches or, when nothing matches, the "no matches" text. Every text is the
/// caller's, so it can be localized. A query too long for the row shows its end after "…".
#[derive(Debug, Clone)]
pub struct FilterLine<'a> {
    pub prompt: &'a str,
    pub query: &'a str,
    pub caret: &'a str,
    /// (matches, items), drawn as "3/30" when it fits.
    pub count: Option<(usize, usize)>,
    /// Shown instead of the count when the count is 0 matches.
    pub no_matches: Option<&'a str>,
    /// Whether typing goes to the query: then its caret is marked as the caret
    /// ([`Style::caret`](crate::Style::caret)) for the terminal's cursor.
    pub focused: bool,
}

impl<'a> FilterLine<'a> {
    /// `/ query▏` with no count.
    pub fn new(query: &'a str) -> FilterLine<'a> {
        FilterLine {
            prompt: "/ ",
            query,
            caret: "▏",
            count: None,
            no_matches: None,
            focused: true,
        }
    }

    pub fn prompt(mut self, prompt: &'a str) -> Self {
        self.prompt = prompt;
        self
    }

    pub fn caret(mut self, caret: &'a str) -> Self {
        self.caret = caret;
        self
    }

    pub fn count(mut self, matches: usize, items: usize) -> Self {
        self.count = Some((matches, items));
        self
    }

    pub fn no_matches(mut self, text: &'a str) -> Self {
        self.no_matches = Some(text);
        self
    }

    pub fn focused(mut self, focused: bool) -> Self {
        self.focused = focused;
        self
    }

    /// The row at `width` columns.
    pub fn line(&self, width: usize) -> Line {
        let prompt = text::sanitize_line(self.prompt);
        let caret = text::sanitize_line(self.caret);
        let query = text::sanitize_line(self.query);
        let nothing = self.count.is_some_and(|(matches, _)| matches == 0);
        let (right, right_style) = match (nothing, self.no_matches, self.count) {
            (true, Some(text), _) => (text::sanitize_line(text), Style::fg(Slot::Warning)),
            (_, _, Some((matches, items))) => {
                (format!("{matches}/{items}"), Style::fg(Slot::Muted))
            }
            _ => (String::new(), Style::default()),
        };
        let room = width.saturating_sub(text::width(&prompt) + text::width(&caret));
        let mut line = Line::default();
        line.push(Span::styled(prompt, Style::fg(Slot::Accent)));
        line.push(Span::styled(tail(&query, room), Style::fg(Slot::Text)));
        let caret_style = Style::fg(Slot::Accent);
        let caret_style = if self.focused {
            caret_style.caret()
        } else {
            caret_style
        };
        line.push(Span::styled(caret, caret_style));
        let right_width = text::width(&right);
        if !right.is_empty() && line.width() + 1 + right_width <= width {
            line.push(Span::plain(" ".repeat(width - line.width() - right_width)));
            line.push(Span::styled(right, right_style));
        }
        super::cut_owned(line, width)
    }
}

impl Block for FilterLine<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        if height == 0 || width == 0 {
            return Vec::new();
        }
        vec![self.line(width)]
    }
}

/// The end of `query` that fits in `room` columns, with "…" in front when cut.
fn tail(query: &str, room: usize) -> String {
    if text::width(query) <= room {
        return query.to_owned();
    }
    if room == 0 {
        return String::new();
    }
    let mut kept: Vec<&str> = Vec::new();
    let mut used = 1; // the "…"
    for grapheme in query.graphemes(true).rev() {
        let w = text::grapheme_width(grapheme);
        if used + w > room {
            break;
        }
        used += w;
        kept.push(grapheme);
    }
    kept.reverse();
    format!("…{}", kept.concat())
}
