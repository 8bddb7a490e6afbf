//! The markdown block in a tiny program: scrolled through its keymap in the headless driver,
//! compared with reviewed snapshots (`tests/snapshots/block/`) at 1x1, 10x3 and 80x24, and
//! kept within its box at every size. `UPDATE_SNAPSHOTS=1 cargo test -p tea-markdown --test
//! block` rewrites the files.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use tea::components::Block;
use tea::input::parse_key_script;
use tea::keymap::{Binding, Keymap};
use tea::snapshot::SnapshotSet;
use tea::{Cmd, Driver, Event, Line, Palette, Program, Size, Slot, Style};
use tea_markdown::{MarkdownBlock, MarkdownCache};

const FIXTURE: &str = include_str!("fixtures/everything.md");

#[derive(Debug, Clone)]
enum Msg {
    Scroll(isize),
    Resized(Size),
}

struct Reader {
    size: Size,
    scroll: usize,
    cache: RefCell<MarkdownCache>,
    keymap: Keymap<(), Msg>,
}

impl Reader {
    fn new() -> Reader {
        Reader {
            size: Size::default(),
            scroll: 0,
            cache: RefCell::new(MarkdownCache::new()),
            keymap: Keymap::new(vec![
                Binding::new("down", "down j", Msg::Scroll(1))
                    .unwrap()
                    .repeats(),
                Binding::new("up", "up k", Msg::Scroll(-1))
                    .unwrap()
                    .repeats(),
                Binding::new("page", "pagedown", Msg::Scroll(10)).unwrap(),
            ]),
        }
    }

    fn block(&self) -> MarkdownBlock<'_> {
        MarkdownBlock::new(FIXTURE)
            .cache(&self.cache)
            .scroll(self.scroll)
            .title(Line::styled("Preview", Style::fg(Slot::Accent)))
    }
}

impl Program for Reader {
    type Msg = Msg;
    type Output = ();

    fn update(&mut self, msg: Msg) -> Cmd<Msg> {
        match msg {
            Msg::Scroll(by) => {
                let width = usize::from(self.size.width);
                let rows = self.block().rendered(width);
                let viewport = tea::components::Viewport::new(&rows, 0).title(Line::default());
                let max = viewport.max_offset(usize::from(self.size.height));
                self.scroll = self.scroll.saturating_add_signed(by).min(max);
            }
            Msg::Resized(size) => self.size = size,
        }
        Cmd::None
    }

    fn view(&self) -> tea::View<'_> {
        tea::View::new(self.block())
    }

    fn event(&self, event: &Event) -> Option<Msg> {
        match *event {
            Event::Resize(size) => Some(Msg::Resized(size)),
            _ => self.keymap.msg_for(event, &()),
        }
    }
}

fn snapshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/block")
}

#[test]
fn the_scrolled_block_matches_its_snapshots() {
    let mut snapshots = SnapshotSet::new(snapshot_dir());
    for (case, keys) in [("top", ""), ("scrolled", "pagedown j j")] {
        for (width, height) in [(1, 1), (10, 3), (80, 24)] {
            let size = Size::new(width, height);
            let mut driver = Driver::new(Reader::new(), size, Palette::no_color());
            driver.send_all(&parse_key_script(keys).unwrap());
            let frame = driver.frame();
            let header = format!("# markdown block: {case}  keys: {keys:?}  size: {size}");
            snapshots.check(&format!("{case}@{size}"), &header, &frame, false);
        }
    }
    snapshots.finish();
}

#[test]
fn scrolling_stops_at_the_last_row() {
    let mut driver = Driver::new(Reader::new(), Size::new(60, 10), Palette::no_color());
    for _ in 0..100 {
        driver.send_all(&parse_key_script("pagedown").unwrap());
    }
    let rows = driver.frame().plain();
    let header = &rows[0];
    let (range, _) = header
        .trim_start_matches("Preview")
        .trim()
        .split_once('/')
        .unwrap();
    let total: usize = header
        .split('/')
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(range.ends_with(&format!("–{total}")), "{header}");
    assert!(!header.contains('↓'), "{header}");
}

#[test]
fn the_block_fits_every_size() {
    let cache = RefCell::new(MarkdownCache::new());
    for width in 1..=120 {
        for height in 1..=40 {
            for scroll in [None, Some(0), Some(7), Some(999)] {
                let mut block = MarkdownBlock::new(FIXTURE).cache(&cache);
                if let Some(offset) = scroll {
                    block = block.scroll(offset);
                }
                let lines = block.lines(width, height);
                assert!(lines.len() <= height, "{width}x{height} {scroll:?}");
                for line in &lines {
                    assert!(
                        line.width() <= width,
                        "{width}x{height} {scroll:?}: {line:?}"
                    );
                }
            }
        }
    }
}
