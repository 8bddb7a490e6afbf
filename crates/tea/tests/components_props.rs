//! Every component at every size from 1x1 to 120x40 never panics, draws at most its height in
//! rows and keeps every row within its width; and the same for random content and state.

mod components_support;

use components_support::{ALL, Gallery, name};
use proptest::prelude::*;
use tea::components::{
    Block, Help, List, ListState, Panel, PanelRow, Rows, Split, Stack, StackItem, StatefulBlock,
    Tab, Tabs, Viewport,
};
use tea::keymap::HelpEntry;
use tea::{Line, Size};

fn check(what: &str, block: &dyn Block, width: usize, height: usize) -> Result<(), String> {
    let lines = block.lines(width, height);
    if lines.len() > height {
        return Err(format!("{what} at {width}x{height}: {} rows", lines.len()));
    }
    for line in &lines {
        if line.width() > width {
            return Err(format!(
                "{what} at {width}x{height}: row {:?} is {} wide",
                line.plain_text(),
                line.width()
            ));
        }
    }
    Ok(())
}

struct View<'a>(&'a Gallery);

impl Block for View<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.0.lines(width, height)
    }
}

#[test]
fn every_component_fits_every_size() {
    // One thread per component: the sweep is large for a debug build.
    std::thread::scope(|scope| {
        for which in ALL {
            scope.spawn(move || sweep(which));
        }
    });
}

/// The view at rest and with every piece of state past its end (the random cases below
/// cover the states between).
fn sweep(which: components_support::Which) {
    {
        let mut states = vec![Gallery::new(which)];
        let mut past = Gallery::new(which);
        past.list = ListState {
            selected: 99,
            offset: 99,
        };
        past.scroll = 999;
        past.tab = 99;
        states.push(past);
        for gallery in &mut states {
            gallery.size = Size::new(120, 40);
            for width in 1..=120 {
                for height in 1..=40 {
                    if let Err(e) = check(name(which), &View(gallery), width, height) {
                        panic!("{e}");
                    }
                }
            }
        }
    }
}

fn text() -> impl Strategy<Value = String> {
    // Wide, combining, emoji and plain text, and the empty string.
    proptest::collection::vec(
        prop_oneof![
            Just("a".to_string()),
            Just("word ".to_string()),
            Just("日本".to_string()),
            Just("e\u{301}".to_string()),
            Just("👩‍💻".to_string()),
            Just("…".to_string()),
            Just(" ".to_string()),
        ],
        0..12,
    )
    .prop_map(|parts| parts.concat())
}

fn lines() -> impl Strategy<Value = Vec<Line>> {
    proptest::collection::vec(text().prop_map(Line::plain), 0..30)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_content_and_state_fit(
        items in proptest::collection::vec(lines(), 0..10),
        doc in lines(),
        labels in proptest::collection::vec(text(), 0..8),
        title in text(),
        selected in 0usize..12,
        offset in 0usize..12,
        scroll in 0usize..40,
        active in 0usize..9,
        width in 1usize..=120,
        height in 1usize..=40,
        ratio in 0usize..=20,
        priority in -2i32..3,
    ) {
        let state = ListState { selected, offset };
        let tabs = Tabs::new(labels.iter().map(Tab::new).collect(), active)
            .note(Line::plain(title.clone()));
        let list = List::new(&items).cursor("› ").with_state(&state);
        let viewport = Viewport::new(&doc, scroll).title(Line::plain(title.clone()));
        let plain = Viewport::new(&doc, scroll);
        let entries: Vec<HelpEntry> = labels
            .iter()
            .map(|l| HelpEntry { key: l.clone(), text: title.clone() })
            .collect();
        let help = Help::new(&entries);
        let split = Split::new(&list, &viewport).ratio(ratio, 20).min_widths(ratio, 20 - ratio);
        let body: Vec<PanelRow> = doc
            .iter()
            .enumerate()
            .map(|(i, l)| if i % 4 == 3 { PanelRow::Divider } else { PanelRow::Content(l.clone()) })
            .collect();
        let frame = Panel::rows(body).title(title.clone());
        let stack = Stack::new(vec![
            StackItem::new(&tabs, 1, 1).priority(priority),
            StackItem::new(&split, 2, 30).priority(1),
            StackItem::new(&help, 0, 1),
        ]);
        let framed = Panel::around(&stack).title(title.clone());
        let raw = Rows::new(doc.clone()).ellipsis();
        let blocks: [(&str, &dyn Block); 10] = [
            ("tabs", &tabs), ("list", &list), ("viewport", &viewport), ("plain viewport", &plain),
            ("help", &help), ("split", &split), ("frame", &frame), ("stack", &stack),
            ("framed stack", &framed), ("lines", &raw),
        ];
        for (what, block) in blocks {
            if let Err(e) = check(what, block, width, height) {
                return Err(TestCaseError::fail(e));
            }
        }
        // Drawing shows the selection whenever there are rows for it, and the state it leaves
        // draws the same window.
        let heights: Vec<usize> = items.iter().map(Vec::len).collect();
        let window = state.window(&heights, height);
        if !items.is_empty() {
            let selected = selected.min(items.len() - 1);
            prop_assert!(window.start <= selected && selected < window.end);
        }
        prop_assert_eq!(state.scrolled(&heights, height).window(&heights, height), window);
    }
}
