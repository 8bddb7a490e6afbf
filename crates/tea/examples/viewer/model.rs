//! A tabbed markdown viewer, bubbletea's `pager` and `tabs` examples on tea: a few embedded
//! documents, one per tab, each rendered by tea-markdown at the view's width and scrolled in
//! a viewport with a range header. Each tab keeps its own scroll offset.

use std::cell::RefCell;

use tea::components::{Help, Panel, Stack, StackItem, Tab, Tabs, Viewport};
use tea::keymap::{Binding, HelpEntry, Keymap};
use tea::{Cmd, Event, Program, Size, View};
use tea_markdown::{MarkdownBlock, MarkdownCache};

/// The documents: a tab label and its markdown.
pub const DOCS: &[(&str, &str)] = &[
    ("tea", include_str!("docs/tea.md")),
    ("Keys", include_str!("docs/keys.md")),
    ("Testing", include_str!("docs/testing.md")),
];

/// The most rows the view takes.
pub const ROWS: usize = 24;

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    NextTab,
    PrevTab,
    Scroll(isize),
    Top,
    Bottom,
    Quit,
    Resized(Size),
}

pub struct Viewer {
    tab: usize,
    /// Each tab's first row shown.
    scroll: Vec<usize>,
    size: Size,
    /// Rendered documents by width: a view only looks them up (memoized, not state).
    cache: RefCell<MarkdownCache>,
    keymap: Keymap<(), Msg>,
}

fn keymap() -> Keymap<(), Msg> {
    let binding = |name, keys, msg| Binding::new(name, keys, msg).expect("valid keys");
    Keymap::new(vec![
        binding("next", "tab right l", Msg::NextTab)
            .label("tab")
            .help("next doc"),
        binding("prev", "shift+tab left h", Msg::PrevTab),
        binding("down", "down j", Msg::Scroll(1))
            .label("↑↓")
            .help("scroll")
            .repeats(),
        binding("up", "up k", Msg::Scroll(-1)).repeats(),
        binding("page-down", "pagedown space", Msg::Scroll(10))
            .label("pgdn")
            .help("page")
            .repeats(),
        binding("page-up", "pageup b", Msg::Scroll(-10)).repeats(),
        binding("top", "home g", Msg::Top).help("top"),
        binding("bottom", "end G", Msg::Bottom).help("bottom"),
        binding("quit", "q esc ctrl+c", Msg::Quit).help("quit"),
    ])
}

impl Viewer {
    pub fn new() -> Viewer {
        Viewer {
            tab: 0,
            scroll: vec![0; DOCS.len()],
            size: Size::default(),
            cache: RefCell::new(MarkdownCache::new()),
            keymap: keymap(),
        }
    }

    pub fn tab(&self) -> usize {
        self.tab
    }

    pub fn scroll(&self) -> usize {
        self.scroll[self.tab]
    }

    pub fn help(&self) -> Vec<HelpEntry> {
        self.keymap.help(&())
    }

    fn document(&self) -> MarkdownBlock<'_> {
        MarkdownBlock::new(DOCS[self.tab].1)
            .cache(&self.cache)
            .scroll(self.scroll[self.tab])
    }

    fn tabs(&self) -> Tabs {
        let tabs = DOCS.iter().map(|(label, _)| Tab::new(*label)).collect();
        Tabs::new(tabs, self.tab)
    }

    /// Tabs over the document over the footer; when rows run out the document keeps one row
    /// longest, then the tabs, then the footer.
    fn body(&self) -> Stack<'_> {
        Stack::new(vec![
            StackItem::new(self.tabs(), 1, 1).priority(2),
            StackItem::new(self.document(), 1, ROWS).priority(3),
            StackItem::new(Help::new(self.help()), 1, 1).priority(1),
        ])
    }

    fn frame() -> Panel {
        Panel::rows(Vec::new()).title("Viewer")
    }

    /// The document's box at the current size: its width and rows.
    fn document_box(&self) -> (usize, usize) {
        let height = usize::from(self.size.height).min(ROWS);
        let (width, height) = Viewer::frame().inner(self.size.width.into(), height);
        (width, self.body().allocation(height)[1])
    }

    /// The furthest the current document scrolls at the current size.
    fn max_scroll(&self) -> usize {
        let (width, rows) = self.document_box();
        let rendered = self.document().rendered(width.max(1));
        Viewport::new(&rendered, 0).max_offset(rows)
    }
}

impl Default for Viewer {
    fn default() -> Viewer {
        Viewer::new()
    }
}

impl Program for Viewer {
    type Msg = Msg;
    /// The tab open when quitting.
    type Output = usize;

    fn update(&mut self, msg: Msg) -> Cmd<Msg, usize> {
        let scroll = self.scroll[self.tab];
        self.scroll[self.tab] = match msg {
            Msg::NextTab => {
                self.tab = (self.tab + 1) % DOCS.len();
                return Cmd::None;
            }
            Msg::PrevTab => {
                self.tab = (self.tab + DOCS.len() - 1) % DOCS.len();
                return Cmd::None;
            }
            Msg::Scroll(by) => scroll.saturating_add_signed(by).min(self.max_scroll()),
            Msg::Top => 0,
            Msg::Bottom => self.max_scroll(),
            Msg::Quit => return Cmd::Quit(self.tab),
            Msg::Resized(size) => {
                self.size = size;
                // A wider view has fewer rows: keep every tab within its end.
                for tab in 0..DOCS.len() {
                    let current = std::mem::replace(&mut self.tab, tab);
                    let max = self.max_scroll();
                    self.scroll[tab] = self.scroll[tab].min(max);
                    self.tab = current;
                }
                return Cmd::None;
            }
        };
        Cmd::None
    }

    fn view(&self) -> View<'_> {
        let viewer = Panel::around(self.body()).title(Viewer::frame().title);
        // No taller than `ROWS`: the rest of a tall terminal stays the shell's.
        View::new(Stack::new(vec![StackItem::new(viewer, 1, ROWS)]))
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => self.keymap.msg_for(event, &()),
        }
    }
}
