//! A filterable picker, the second program on tea: type to filter (fuzzy, best match first,
//! matched letters in bold: tea's list filter), ↑/↓ to move, Enter picks, Esc cancels. With the
//! mouse, as fzf has it: the wheel moves, a click highlights an entry and a click on the
//! highlighted one picks it. It knows nothing of terminals; `main.rs` runs it inline and the
//! tests drive it headless.

use std::sync::OnceLock;
use tea::components::filter::{self, FilterMsg, FilterState, Filtered, highlight};
use tea::components::{Stack, StackItem};

use tea::input::Event;
use tea::keymap::{Binding, Keymap};
use tea::mouse::{HitId, MouseMode, Zone, mark};
use tea::view::Draw;
use tea::{BgSlot, Cmd, Line, Program, Size, Slot, Span, Style, text};

/// The built-in list, when no items are piped in.
pub const FRUITS: &[&str] = &[
    "apple",
    "apricot",
    "banana",
    "blackberry",
    "blueberry",
    "cherry",
    "clementine",
    "coconut",
    "cranberry",
    "date",
    "dragon fruit",
    "fig",
    "grape",
    "grapefruit",
    "guava",
    "kiwi",
    "lemon",
    "lime",
    "lychee",
    "mango",
    "melon",
    "nectarine",
    "orange",
    "papaya",
    "passion fruit",
    "peach",
    "pear",
    "pineapple",
    "plum",
    "pomegranate",
    "raspberry",
    "strawberry",
    "watermelon",
];

/// The most list rows shown at once (like `fzf --height`).
pub const LIST_ROWS: usize = 8;

pub struct Picker {
    title: String,
    items: Vec<String>,
    /// The query, the matching entries best first, and the highlighted one among them.
    filter: FilterState,
    /// Position in the matches of the first visible entry.
    scroll: usize,
    size: Size,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Type(String),
    EraseChar,
    EraseQuery,
    MoveUp,
    MoveDown,
    Pick,
    Cancel,
    Resized(Size),
    /// A click on entry `item` (its index in the items).
    Clicked(usize),
    /// The wheel over the list: -1 up, 1 down.
    Wheel(i8),
}

/// The list's part of the view, around the entries (each is its item's index).
const LIST: HitId = HitId(u32::MAX);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Picked(String),
    Cancelled,
}

/// The picker's keys; the bindings with help make the footer, in this order.
fn keymap() -> &'static Keymap<(), Msg> {
    static KEYMAP: OnceLock<Keymap<(), Msg>> = OnceLock::new();
    KEYMAP.get_or_init(|| {
        let bind = |name: &str, keys: &str, msg: Msg| {
            Binding::new(name, keys, msg).expect("the picker's keys parse")
        };
        Keymap::new(vec![
            bind("up", "up ctrl+p", Msg::MoveUp)
                .label("↑↓")
                .help("move"),
            bind("down", "down ctrl+n", Msg::MoveDown),
            bind("pick", "enter", Msg::Pick).help("pick"),
            bind("cancel", "esc ctrl+c", Msg::Cancel).help("cancel"),
            bind("erase", "backspace", Msg::EraseChar),
            bind("clear", "ctrl+u", Msg::EraseQuery).help("clear"),
        ])
        .with_fallback(typed)
    })
}

/// What no key binds: what the filter types into its query (a paste, a character with no
/// modifier but Shift).
fn typed(event: &Event) -> Option<Msg> {
    match filter::keymap().msg_for(event, &())? {
        FilterMsg::Insert(text) => Some(Msg::Type(text)),
        _ => None,
    }
}

impl Picker {
    pub fn new(title: &str, items: impl IntoIterator<Item = String>, size: Size) -> Picker {
        let items: Vec<String> = items
            .into_iter()
            .map(|item| text::sanitize_line(&item))
            .collect();
        Picker {
            title: text::sanitize_line(title),
            filter: FilterState::new(items.iter().map(|item| (item.as_str(), ""))),
            items,
            scroll: 0,
            size,
        }
    }

    /// The highlighted entry.
    pub fn selected(&self) -> Option<&str> {
        self.filter.current().map(|i| self.items[i].as_str())
    }

    /// Passes a message to the filter: the bell when it changed nothing.
    fn filter(&mut self, msg: FilterMsg) -> Cmd<Msg, Outcome> {
        match self.filter.update(msg) {
            Filtered::Changed => {
                self.keep_cursor_visible();
                Cmd::None
            }
            // Backspace on an empty query: there is nothing to close, as with nothing to move.
            Filtered::Unchanged | Filtered::Close => Cmd::Bell,
        }
    }

    /// Rows for the list, given the terminal height: the prompt row and (when there is room)
    /// the footer come first.
    fn list_rows(&self) -> usize {
        let height = usize::from(self.size.height);
        let chrome = if height >= 3 { 2 } else { 1 };
        let wanted = self.filter.matches().len().clamp(1, LIST_ROWS);
        wanted.min(height.saturating_sub(chrome))
    }

    fn keep_cursor_visible(&mut self) {
        let rows = self.list_rows().max(1);
        let cursor = self.filter.cursor();
        if cursor < self.scroll {
            self.scroll = cursor;
        } else if cursor >= self.scroll + rows {
            self.scroll = cursor + 1 - rows;
        }
    }

    /// The list's rows at `width`, from the first entry scrolled to: the matches, or a row
    /// that says there are none.
    fn list_lines(&self, width: usize, height: usize) -> Vec<Line> {
        let matches = self.filter.matches();
        if matches.is_empty() {
            let none = Line::styled("  no matches", Style::fg(Slot::Dim));
            return vec![text::truncate_line(&none, width)];
        }
        let shown = matches.iter().enumerate().skip(self.scroll).take(height);
        shown
            .map(|(offset, found)| {
                let selected = offset == self.filter.cursor();
                self.item_line(found.item, &found.positions, selected, width)
            })
            .collect()
    }

    /// The title (when it fits beside the query), the query with a caret, and the match count
    /// at the right edge (when it fits). A query too long for the row shows its end.
    fn prompt_line(&self, width: usize) -> Line {
        const PROMPT: &str = "› ";
        const CARET: &str = "▏";
        let room = width.saturating_sub(text::width(PROMPT) + text::width(CARET));
        let query = tail(self.filter.query(), room);
        let title = format!("{} ", self.title);
        let mut line = Line::default();
        if text::width(&title) + text::width(PROMPT) + text::width(&query) < width {
            line.push(Span::styled(title, Style::fg(Slot::Accent).bold()));
        }
        line.push(Span::styled(PROMPT, Style::fg(Slot::Accent)));
        line.push(Span::plain(query));
        line.push(Span::styled(CARET, Style::fg(Slot::Accent)));
        let count = format!(" {}/{}", self.filter.matches().len(), self.items.len());
        let gap = width.saturating_sub(line.width() + text::width(&count));
        if gap > 0 {
            line.push(Span::plain(" ".repeat(gap)));
            line.push(Span::styled(count, Style::fg(Slot::Muted)));
        }
        line
    }

    /// An entry with its matched letters (`positions`) in bold.
    fn item_line(&self, item: usize, positions: &[u32], selected: bool, width: usize) -> Line {
        let marker = if selected { "▸ " } else { "  " };
        let base = if selected {
            Style::fg(Slot::Accent)
        } else {
            Style::default()
        };
        let mut spans = vec![Span::styled(marker, Style::fg(Slot::Accent))];
        let bold = base.clone().bold();
        spans.extend(highlight(&self.items[item], positions, &base, &bold));
        let mut line = text::truncate_line(&Line::new(spans), width);
        mark(&mut line, HitId(item as u32));
        if selected {
            line.with_bg(BgSlot::SelectedBg)
        } else {
            line
        }
    }
}

/// The end of `query` that fits in `room` columns, with "…" in front when cut.
fn tail(query: &str, room: usize) -> String {
    if text::width(query) <= room {
        return query.to_owned();
    }
    let mut kept = String::new();
    for c in query.chars().rev() {
        let candidate = format!("{c}{kept}");
        if text::width(&candidate) + 1 > room {
            break;
        }
        kept = candidate;
    }
    if room == 0 {
        String::new()
    } else {
        format!("…{kept}")
    }
}

fn footer(width: usize) -> Line {
    let hints: Vec<String> = keymap()
        .help(&())
        .iter()
        .map(|entry| format!("{} {}", entry.key, entry.text))
        .collect();
    text::truncate_line(
        &Line::styled(hints.join(" · "), Style::fg(Slot::Muted)),
        width,
    )
}

impl Program for Picker {
    type Msg = Msg;
    type Output = Outcome;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, Outcome> {
        match msg {
            // Typing nothing (a paste of control characters) or clearing an empty query is no
            // mistake worth a bell.
            Msg::Type(typed) => {
                let _ = self.filter(FilterMsg::Insert(typed));
            }
            Msg::EraseChar => return self.filter(FilterMsg::Backspace),
            Msg::EraseQuery => {
                let _ = self.filter(FilterMsg::Clear);
            }
            Msg::MoveUp => return self.filter(FilterMsg::Up),
            Msg::MoveDown => return self.filter(FilterMsg::Down),
            Msg::Pick => {
                return match self.selected() {
                    Some(item) => Cmd::Quit(Outcome::Picked(item.to_owned())),
                    None => Cmd::Bell,
                };
            }
            Msg::Cancel => return Cmd::Quit(Outcome::Cancelled),
            Msg::Resized(size) => {
                self.size = size;
                self.keep_cursor_visible();
            }
            Msg::Clicked(item) if self.filter.current() == Some(item) => {
                return self.update(Msg::Pick);
            }
            Msg::Clicked(item) => {
                if self.filter.focus_item(item) {
                    self.keep_cursor_visible();
                }
            }
            // The wheel at either end is no mistake worth a bell.
            Msg::Wheel(step) => {
                let _ = self.filter(if step < 0 {
                    FilterMsg::Up
                } else {
                    FilterMsg::Down
                });
            }
        }
        Cmd::None
    }

    /// The prompt row, the list and the footer; on a short terminal the footer goes first,
    /// then the list; the prompt stays.
    fn view(&self) -> tea::View<'_> {
        let prompt = Draw(|width: usize, _: usize| {
            vec![text::truncate_line(&self.prompt_line(width), width)]
        });
        let list = Zone::new(
            LIST,
            Draw(|width: usize, height: usize| self.list_lines(width, height)),
        );
        let footer = Draw(|width: usize, _: usize| vec![footer(width)]);
        // As many rows as there are entries from the scroll on (one says there are none), up
        // to `LIST_ROWS`.
        let entries = self.filter.matches().len().saturating_sub(self.scroll);
        tea::View::new(Stack::new(vec![
            StackItem::new(prompt, 1, 1).priority(2),
            StackItem::new(list, 1, entries.clamp(1, LIST_ROWS)).priority(1),
            StackItem::new(footer, 1, 1).priority(0),
        ]))
        .mouse(MouseMode::Clicks)
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match event {
            Event::Mouse(mouse) => {
                let id = mouse.hit_id()?;
                if let Some(step) = mouse.wheel() {
                    return Some(Msg::Wheel(step));
                }
                match id {
                    LIST => None,
                    HitId(item) if mouse.is_click() => Some(Msg::Clicked(item as usize)),
                    _ => None,
                }
            }
            &Event::Resize(size) => Some(Msg::Resized(size)),
            _ => keymap().msg_for(event, &()),
        }
    }
}
