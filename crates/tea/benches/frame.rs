//! Panel rendering cost: a 120x40 view of 40 styled rows, rendered to a `Panel`.
//! `cargo bench -p tea --bench frame [-- FILTER]` prints p50/p99 per stage.

mod support;

use support::measure;

use iocraft::ElementExt;
use tea::ink::{from_canvas, render};
use tea::{BgSlot, Line, Palette, Slot, Span, Style, frame, rows};

fn view_lines(width: usize) -> Vec<Line> {
    (0..40)
        .map(|i| {
            let mut line = Line::new(vec![
                Span::styled(format!("{:>3} ", i + 1), Style::fg(Slot::Dim)),
                Span::styled(
                    if i % 7 == 0 { "★ " } else { "  " },
                    Style::fg(Slot::Accent),
                ),
                Span::styled("let ", Style::fg(Slot::SyntaxKeyword).bold()),
                Span::styled(format!("value_{i}"), Style::fg(Slot::SyntaxVariable)),
                Span::plain(" = "),
                Span::styled(
                    format!("\"some text for row {i} — ünïcödé 日本\";"),
                    Style::fg(Slot::SyntaxString),
                ),
                Span::styled(
                    " // a comment that runs on for a while",
                    Style::fg(Slot::SyntaxComment).italic(),
                ),
            ]);
            let pad = width.saturating_sub(line.width());
            line.push(Span::plain(" ".repeat(pad)));
            if i == 5 {
                line.with_bg(BgSlot::SelectedBg)
            } else {
                line
            }
        })
        .collect()
}

fn main() {
    let width = 120u16;
    let lines = view_lines(usize::from(width));
    let palette = Palette::dark();
    let n = 3000;
    measure("build element (rows)", n, || {
        std::hint::black_box(rows(lines.clone(), width));
    });
    measure("element → iocraft canvas", n, || {
        let mut el = rows(lines.clone(), width);
        std::hint::black_box(el.render(Some(usize::from(width))));
    });
    measure("element → Panel (render, dark palette)", n, || {
        let mut el = rows(lines.clone(), width);
        std::hint::black_box(render(&mut el, width, &palette));
    });
    measure("lines → Panel (render_lines, no iocraft)", n, || {
        std::hint::black_box(frame::render_lines(&lines, width, &palette));
    });
    measure("iocraft floor: empty 120x40 View → canvas", n, || {
        let mut el =
            iocraft::element!(iocraft::components::View(width: 120u32, height: 40u32)).into_any();
        std::hint::black_box(el.render(Some(usize::from(width))));
    });
    let canvas = rows(lines.clone(), width).render(Some(usize::from(width)));
    measure("canvas → Panel (writer only)", n, || {
        std::hint::black_box(from_canvas(&canvas, width, &palette));
    });
    let f = render(&mut rows(lines.clone(), width), width, &palette);
    measure("Panel clone (a cached re-render)", n, || {
        std::hint::black_box(f.clone());
    });
    measure("Panel::tagged", n, || {
        std::hint::black_box(f.tagged());
    });
    components(&lines, width, &palette, n);
}

/// The same rows composed from components (a frame around tabs, a list beside a viewport, a
/// help footer), against drawing them as bare rows: what a component tree costs over its rows.
fn components(lines: &[Line], width: u16, palette: &Palette, n: usize) {
    use tea::HelpEntry;
    use tea::components::{
        Block, Help, List, ListState, Panel, Split, Stack, StackItem, StatefulBlock, Tab, Tabs,
        Viewport,
    };
    // Pre-wrapped for their columns, as a model keeps them (wrapped once per width).
    let column = |w: usize| -> Vec<Line> {
        lines
            .iter()
            .map(|l| tea::text::truncate_line(l, w))
            .collect()
    };
    let list_width = usize::from(width - 4) * 9 / 20;
    let items: Vec<Vec<Line>> = column(list_width - 2)
        .into_iter()
        .map(|l| vec![l])
        .collect();
    let doc = column(usize::from(width - 4) - list_width - 3);
    let lines = &doc[..];
    let tabs: Vec<Tab> = (1..=8).map(|i| Tab::new(format!("Question {i}"))).collect();
    let entries: Vec<HelpEntry> = ["↑↓ move", "enter select", "tab switch", "esc cancel"]
        .iter()
        .map(|e| {
            let (key, text) = e.split_once(' ').unwrap();
            HelpEntry {
                key: key.into(),
                text: text.into(),
            }
        })
        .collect();
    let panel = || {
        let tabs = Tabs::new(tabs.clone(), 3);
        let state = ListState {
            selected: 20,
            offset: 10,
        };
        let list = List::new(&items).cursor("› ").with_state(&state);
        let viewport = Viewport::new(lines, 5).title(Line::plain("Preview"));
        let help = Help::new(&entries);
        let split = Split::new(&list, &viewport);
        let stack = Stack::new(vec![
            StackItem::new(&tabs, 1, 1).priority(1),
            StackItem::new(&split, 1, 40).priority(2),
            StackItem::new(&help, 1, 1),
        ]);
        Panel::around(&stack)
            .title("Panel")
            .lines(usize::from(width), 40)
    };
    measure("components: panel → lines", n, || {
        std::hint::black_box(panel());
    });
    measure("components: panel → Panel (render)", n, || {
        let mut el = rows(panel(), width);
        std::hint::black_box(render(&mut el, width, palette));
    });
    let drawn = panel();
    measure("components: the panel's rows → Panel (render)", n, || {
        let mut el = rows(drawn.clone(), width);
        std::hint::black_box(render(&mut el, width, palette));
    });
}
