//! Frames: rows drawn from pre-laid-out lines, palettes applied at render time, the tagged
//! form, and the width guarantee.

use iocraft::prelude::*;
use tea::ink::{from_canvas, render};
use tea::text::width;
use tea::theme::Color;
use tea::{BgSlot, Frame, Line, Palette, Slot, Span, Style, frame, rows};

fn render_lines(lines: Vec<Line>, w: u16, palette: &Palette) -> Frame {
    render(&mut rows(lines, w), w, palette)
}

/// The same lines straight to a frame, without iocraft.
fn direct(lines: &[Line], w: u16, palette: &Palette) -> Frame {
    frame::render_lines(lines, w, palette)
}

#[test]
fn plain_rows_are_the_text_with_trailing_blanks_dropped() {
    let f = render_lines(
        vec![Line::plain("hello"), Line::plain(""), Line::plain("  x  ")],
        10,
        &Palette::dark(),
    );
    assert_eq!(f.plain(), vec!["hello", "", "  x"]);
    assert_eq!(f.ansi(), vec!["hello", "", "  x"]);
}

#[test]
fn slots_resolve_through_the_palette() {
    let line = Line::new(vec![
        Span::styled("★", Style::fg(Slot::Accent)),
        Span::plain(" label"),
    ]);
    let mut palette = Palette::dark();
    palette.set_fg(Slot::Accent, Color::Rgb(1, 2, 3));
    let f = render_lines(vec![line.clone()], 20, &palette);
    assert_eq!(f.rows[0].ansi, "\x1b[0;38;2;1;2;3m★\x1b[0m label");
    assert_eq!(f.tagged(), vec!["[accent]★[/] label"]);

    let f = render_lines(vec![line], 20, &Palette::no_color());
    assert_eq!(
        f.rows[0].ansi, "\x1b[0;1m★\x1b[0m label",
        "accent is bold without colors"
    );
}

#[test]
fn a_programs_own_slots_take_the_colors_its_palette_gives_them() {
    let badge = Slot::own("badge");
    let line = Line::new(vec![
        Span::styled("new", Style::fg(badge)),
        Span::plain(" "),
        Span::styled("old", Style::fg(Slot::own("unset"))),
    ]);
    let palette = Palette::dark().with_fg(badge, Color::Rgb(1, 2, 3));
    let f = direct(std::slice::from_ref(&line), 20, &palette);
    assert_eq!(f.rows[0].ansi, "\x1b[0;38;2;1;2;3mnew\x1b[0m old");
    assert_eq!(f.tagged(), vec!["[badge]new[/] [unset]old[/]"]);

    // On a 256-color terminal the color is the nearest of the table; without colors the
    // attributes the program gave its slot stay.
    let at_256 = palette.at_level(tea::theme::ColorLevel::Ansi256);
    assert!(matches!(at_256.fg(badge), Color::Indexed(16..)));
    let mut bold = palette.clone();
    bold.set_fg_attrs(badge, tea::theme::Attrs::BOLD);
    let none = bold.at_level(tea::theme::ColorLevel::NoColor);
    let f = direct(&[line], 20, &none);
    assert_eq!(f.rows[0].ansi, "\x1b[0;1mnew\x1b[0m old");
}

#[test]
fn no_color_keeps_attributes() {
    let line = Line::new(vec![
        Span::styled("b", Style::fg(Slot::Success).bold()),
        Span::styled("r", Style::default().reverse()),
        Span::styled("u", Style::fg(Slot::Error).underline()),
        Span::styled("s", Style::default().strikethrough()),
    ]);
    let f = render_lines(vec![line], 10, &Palette::no_color());
    assert_eq!(
        f.rows[0].ansi,
        "\x1b[0;1mb\x1b[0;7mr\x1b[0;1;4mu\x1b[0;9ms\x1b[0m"
    );
    assert_eq!(
        f.tagged(),
        vec!["[success bold]b[/][reverse]r[/][error underline]u[/][strike]s[/]"]
    );
}

#[test]
fn a_line_background_fills_the_row() {
    let line = Line::styled("› pick", Style::fg(Slot::Accent)).with_bg(BgSlot::SelectedBg);
    let f = render_lines(vec![line], 8, &Palette::dark());
    assert_eq!(f.rows[0].plain, "› pick  ");
    assert_eq!(
        f.tagged(),
        vec!["[accent bg:selectedBg]› pick[/][bg:selectedBg]  [/]"]
    );
    assert!(f.rows[0].ansi.contains("48;2;58;58;74"));
}

#[test]
fn links_are_osc8_only_when_the_palette_enables_them() {
    let line = Line::new(vec![Span::styled(
        "docs",
        Style::fg(Slot::MdLink).link("https://example.com/a"),
    )]);
    let off = render_lines(vec![line.clone()], 10, &Palette::dark());
    assert!(!off.rows[0].ansi.contains("\x1b]8"));
    let on = render_lines(vec![line], 10, &Palette::dark().with_links(true));
    assert!(
        on.rows[0]
            .ansi
            .starts_with("\x1b]8;;https://example.com/a\x1b\\")
    );
    assert!(on.rows[0].ansi.ends_with("\x1b]8;;\x1b\\\x1b[0m"));
}

#[test]
fn long_lines_are_cut_at_the_width() {
    let f = render_lines(
        vec![Line::plain("abcdefghij"), Line::plain("日本語のテキスト")],
        5,
        &Palette::dark(),
    );
    assert_eq!(f.plain(), vec!["abcde", "日本"]);
}

#[test]
fn disputed_clusters_are_drawn_in_a_form_every_measure_agrees_on() {
    // (text, what the row shows): joiners, skin tones and presentation selectors are dropped,
    // keeping the columns the cluster was measured at; a lone regional indicator is its letter.
    let cases = [
        ("👨\u{200d}👩\u{200d}👧", "👨👩👧"),
        ("👍🏽", "👍"),
        ("🇯🇵", "🇯🇵"),
        ("🇯", "J "),
        ("❤\u{fe0f}", "❤ "),
        ("e\u{301}", "e\u{301}"),
        ("1\u{fe0f}\u{20e3}", "1\u{20e3} "),
        ("soft\u{ad}hyphen", "softhyphen"),
    ];
    for (sample, shown) in cases {
        let f = render_lines(
            vec![Line::plain(format!("a{sample}b"))],
            20,
            &Palette::dark(),
        );
        assert_eq!(f.rows[0].plain, format!("a{shown}b"), "{sample:?}");
        assert!(width(&f.rows[0].plain) <= 20);
    }
    // A family at the edge keeps the members that fit.
    let f = render_lines(
        vec![Line::plain("abc👨\u{200d}👩\u{200d}👧")],
        6,
        &Palette::dark(),
    );
    assert_eq!(f.rows[0].plain, "abc");
}

#[test]
fn stock_components_use_slot_colors() {
    let mut el = element! {
        View(width: 6u32, height: 3u32, border_style: BorderStyle::Round, border_color: tea::slot_color(Slot::Border)) {}
    }
    .into_any();
    let f = render(&mut el, 6, &Palette::dark());
    assert_eq!(f.tagged()[0], "[border]╭────╮[/]");
    assert_eq!(f.plain()[1], "│    │");
}

fn painted(lines: Vec<Line>, w: u16, palette: &Palette) -> Frame {
    // Outside `frame::render` the rows paint iocraft's canvas like any component.
    let canvas = rows(lines, w).render(Some(usize::from(w)));
    from_canvas(&canvas, w, palette)
}

#[test]
fn painted_and_captured_rows_agree() {
    let lines = vec![
        Line::new(vec![
            Span::styled("★", Style::fg(Slot::Accent).bold()),
            Span::plain(" 日本語 👨‍👩‍👧 e\u{301} "),
            Span::styled(
                "link",
                Style::fg(Slot::MdLink).underline().link("https://x.y"),
            ),
        ]),
        Line::styled("selected", Style::fg(Slot::Text)).with_bg(BgSlot::SelectedBg),
        Line::plain("a long line that does not fit in the width"),
        Line::new(vec![Span::styled("gone", Style::default().strikethrough())]),
    ];
    for w in [1, 5, 12, 30, 80] {
        let palette = Palette::light().with_links(true);
        let a = render_lines(lines.clone(), w, &palette);
        for (b, path) in [
            (painted(lines.clone(), w, &palette), "painted"),
            (direct(&lines, w, &palette), "direct"),
        ] {
            assert_eq!(a.plain(), b.plain(), "{path} at width {w}");
            assert_eq!(a.tagged(), b.tagged(), "{path} at width {w}");
            assert_eq!(a.ansi(), b.ansi(), "{path} at width {w}");
        }
    }
}

#[test]
fn rows_compose_with_stock_components() {
    let body = rows(
        vec![
            Line::styled("first row is long", Style::fg(Slot::Accent)),
            Line::plain("second"),
            Line::plain("third"),
        ],
        20,
    );
    let mut el = element! {
        View(width: 10u32, height: 4u32, border_style: BorderStyle::Single, border_color: tea::slot_color(Slot::Border), flex_direction: FlexDirection::Column) {
            View(overflow: Overflow::Hidden, flex_grow: 1.0, min_height: 0u32, min_width: 0u32) { #(body) }
            View(position: Position::Absolute, top: 0, left: 4) {
                Text(content: "!!", color: tea::slot_color(Slot::Error))
            }
        }
    }
    .into_any();
    let f = render(&mut el, 10, &Palette::dark());
    assert_eq!(
        f.plain(),
        vec!["┌────────┐", "│firs!!ro│", "│second  │", "└────────┘"]
    );
    assert_eq!(
        f.tagged()[1],
        "[border]│[/][accent]firs[/][error]!![/][accent]ro[/][border]│[/]"
    );
}

#[test]
fn a_parent_background_shows_through_rows() {
    let make = || {
        let body = rows(
            vec![
                Line::plain("ab"),
                Line::plain("cd").with_bg(BgSlot::ErrorBg),
            ],
            4,
        );
        element! {
            View(width: 5u32, background_color: tea::bg_color(BgSlot::PendingBg)) { #(body) }
        }
        .into_any()
    };
    let captured = render(&mut make(), 5, &Palette::dark());
    let canvas = make().render(Some(5));
    let painted = from_canvas(&canvas, 5, &Palette::dark());
    assert_eq!(
        captured.tagged(),
        vec![
            "[bg:pendingBg]ab   [/]",
            "[bg:errorBg]cd  [/][bg:pendingBg] [/]"
        ]
    );
    assert_eq!(captured, painted);
}

#[derive(Default, Props)]
struct BoomProps {}

/// A component whose drawing fails.
struct Boom;

impl Component for Boom {
    type Props<'a> = BoomProps;
    fn new(_props: &BoomProps) -> Self {
        Boom
    }
    fn draw(&mut self, _drawer: &mut ComponentDrawer<'_>) {
        panic!("boom");
    }
}

#[test]
fn a_panic_while_rendering_leaves_later_painting_intact() {
    let result = std::panic::catch_unwind(|| {
        let mut el = element! {
            View(flex_direction: FlexDirection::Column) {
                #(rows(vec![Line::plain("first")], 8))
                Boom
            }
        }
        .into_any();
        render(&mut el, 8, &Palette::dark())
    });
    assert!(result.is_err());
    // Same thread, outside `render`: rows paint the canvas again.
    let text = rows(vec![Line::plain("hi")], 4).to_string();
    assert_eq!(text.trim_end(), "hi");
}

#[test]
fn the_ansi_index_of_a_column_skips_the_sequences_before_its_cell() {
    let line = Line::new(vec![
        Span::styled("中", Style::fg(Slot::Accent).link("https://example.com")),
        Span::plain("ab"),
        Span::styled(" ", Style::default().reverse()),
    ]);
    let f = direct(&[line], 10, &Palette::dark().with_links(true));
    let row = &f.rows[0];
    let at = |column| row.ansi_index(column).map(|i| &row.ansi[i..]);
    assert!(at(0).is_some_and(|rest| rest.starts_with('中')));
    assert_eq!(at(1), None, "inside the wide character");
    assert!(at(2).is_some_and(|rest| rest.starts_with("ab")));
    assert!(at(4).is_some_and(|rest| rest.starts_with(' ')));
    assert_eq!(at(5), None, "past the row's text");
}

#[test]
fn a_cursor_on_the_caret_is_placed_in_the_drawn_frame() {
    use tea::components::Panel;
    use tea::view::{Cursor, Rows, View};
    let mut typed = Line::plain("中a");
    typed.push(Span::styled(" ", Style::default().reverse().caret()));
    let view = View::new(Panel::around(Rows::new(vec![Line::plain("label"), typed])))
        .cursor(Cursor::on_caret());
    let f = frame::draw(&view, tea::Size::new(20, 6), &Palette::no_color());
    assert!(f.plain()[2].starts_with("│ 中a "));
    let cursor = f.cursor.expect("on the caret");
    assert_eq!(
        (cursor.x, cursor.y),
        (5, 2),
        "after the border, 中 (2 columns) and a"
    );
    let hidden = View::rows(vec![Line::plain("no caret")]).cursor(Cursor::on_caret());
    assert_eq!(
        frame::draw(&hidden, tea::Size::new(12, 4), &Palette::no_color()).cursor,
        None
    );
}
