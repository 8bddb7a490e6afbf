//! Property tests: generated hostile text (CJK, emoji ZWJ sequences and skin tones, flags,
//! combining marks, controls, escape sequences, long words) at widths 1–200. Every wrapped,
//! truncated or rendered row fits its width, and nothing but our own SGR/OSC 8 sequences
//! reaches a rendered row.

use iocraft::ElementExt;
use proptest::prelude::*;
use tea::ink::{from_canvas, render};
use tea::text::{
    pad_line, sanitize, sanitize_line, truncate, truncate_line, width, wrap, wrap_hanging,
    wrap_spans,
};
use tea::{BgSlot, Line, Palette, Slot, Span, Style, frame, rows};

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9.,;:!?'\"()-]{1,10}",
        Just(" ".to_string()),
        Just("  ".to_string()),
        "[a-z]{20,120}",
        prop::sample::select(vec![
            "日本語",
            "中文字",
            "한국어",
            "ｶﾀｶﾅ",
            "テキスト",
            "👨‍👩‍👧",
            "👍🏽",
            "🧑🏿‍🚀",
            "🇯🇵",
            "❤️",
            "1️⃣",
            "😀",
            "e\u{301}",
            "Z\u{335}\u{336}",
            "\u{301}",
            "\u{200d}",
            "\u{fe0f}",
            "ﷺ",
            "\u{10fffd}",
            "\u{100000}",
            "\u{e000}",
            "\u{202e}",
            "\u{2066}",
        ])
        .prop_map(str::to_string),
        prop::sample::select(vec![
            "\x1b[31m",
            "\x1b[0m",
            "\x1b[2J",
            "\x1b[?1049h",
            "\x1b]8;;http://x\x07",
            "\x1b]0;title\x1b\\",
            "\x1bPq#0;2;0;0;0\x1b\\",
            "\x1b_Gi=1;AAAA\x1b\\",
            "\x1b^pm\x1b\\",
            "\x1bX sos \x1b\\",
            "\x1b(B",
            "\x1bc",
            "\x1b",
            "\x1b[",
            "\x1b]",
            "\u{9b}31m",
            "\u{9d}0;t\u{9c}",
            "\u{85}",
            "\x07",
            "\x08",
            "\t",
            "\n",
            "\r\n",
            "\r",
            "\x00",
            "\x7f",
            "\x0c",
        ])
        .prop_map(str::to_string),
    ]
}

fn hostile_text() -> impl Strategy<Value = String> {
    prop::collection::vec(piece(), 0..30).prop_map(|pieces| pieces.concat())
}

fn style() -> impl Strategy<Value = Style> {
    (
        prop::option::of(prop::sample::select(Slot::ALL.to_vec())),
        any::<(bool, bool, bool, bool, bool)>(),
        prop::option::of(Just("https://example.com/\x1b]evil".to_string())),
    )
        .prop_map(
            |(fg, (bold, italic, underline, strike, reverse), link)| Style {
                fg,
                bold,
                italic,
                underline,
                strikethrough: strike,
                reverse,
                link: link.map(Into::into),
                caret: false,
                hit: None,
            },
        )
}

fn spans() -> impl Strategy<Value = Vec<Span>> {
    prop::collection::vec((hostile_text(), style()), 0..5)
        .prop_map(|parts| parts.into_iter().map(|(t, s)| Span::styled(t, s)).collect())
}

fn is_unsafe(c: char) -> bool {
    c == '\x1b' || (c.is_control() && c != '\n')
}

/// Removes the sequences the frame writer may emit; anything else would survive and fail.
fn strip_ours(ansi: &str) -> String {
    let mut out = String::new();
    let mut rest = ansi;
    while let Some(i) = rest.find('\x1b') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        if let Some(sgr) = rest.strip_prefix("\x1b[") {
            let end = sgr.find('m').expect("an SGR sequence ends in m");
            assert!(
                sgr[..end].bytes().all(|b| b.is_ascii_digit() || b == b';'),
                "not SGR: {rest:?}"
            );
            rest = &sgr[end + 1..];
        } else if let Some(osc) = rest.strip_prefix("\x1b]8;;") {
            let end = osc.find("\x1b\\").expect("OSC 8 ends in ST");
            assert!(
                !osc[..end].chars().any(|c| c.is_control()),
                "control in a link: {rest:?}"
            );
            rest = &osc[end + 2..];
        } else {
            panic!("unexpected escape in a row: {rest:?}");
        }
    }
    out.push_str(rest);
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    #[test]
    fn sanitize_leaves_no_escape_or_control(text in hostile_text()) {
        let clean = sanitize(&text);
        prop_assert!(!clean.chars().any(is_unsafe), "{clean:?}");
        let line = sanitize_line(&text);
        prop_assert!(!line.contains('\n'));
        prop_assert!(!line.chars().any(is_unsafe));
        prop_assert_eq!(sanitize(&clean), clean.clone(), "sanitizing is idempotent");
    }

    #[test]
    fn wrapped_and_truncated_rows_fit(text in hostile_text(), w in 1usize..=200, hang in 0usize..8) {
        let clean = sanitize(&text);
        for row in wrap(&clean, w) {
            prop_assert!(width(&row) <= w, "wrap {w}: {row:?}");
            prop_assert!(!row.contains('\n'));
        }
        let t = truncate(&sanitize_line(&text), w);
        prop_assert!(width(&t) <= w, "truncate {w}: {t:?}");
        let spans = vec![Span::styled(clean.clone(), Style::fg(Slot::Accent)), Span::plain(clean)];
        for row in wrap_spans(&spans, w) {
            prop_assert!(row.iter().map(Span::width).sum::<usize>() <= w);
        }
        for line in wrap_hanging(&spans, w, hang) {
            prop_assert!(line.width() <= w, "hanging {w}/{hang}: {line:?}");
        }
    }

    #[test]
    fn line_helpers_fit(spans in spans(), w in 0usize..=200) {
        let clean: Vec<Span> = spans.iter().map(|s| Span::styled(sanitize_line(&s.text), s.style.clone())).collect();
        let line = Line::new(clean);
        prop_assert!(truncate_line(&line, w).width() <= w);
        prop_assert_eq!(pad_line(&line, w).width(), w);
    }

    #[test]
    fn rendered_rows_fit_and_carry_only_our_sequences(
        lines in prop::collection::vec((spans(), any::<bool>()), 1..6),
        w in 1u16..=200,
        links in any::<bool>(),
        sanitized in any::<bool>(),
    ) {
        let lines: Vec<Line> = lines.into_iter().map(|(spans, selected)| {
            let spans = spans.into_iter().map(|s| {
                // Rows must stay safe even when a view forgets to sanitize.
                let text = if sanitized { sanitize_line(&s.text) } else { s.text };
                Span::styled(text, s.style)
            }).collect();
            let line = Line::new(spans);
            if selected { line.with_bg(BgSlot::SelectedBg) } else { line }
        }).collect();
        let count = lines.len();
        let palette = Palette::dark().with_links(links);
        let captured = render(&mut rows(lines.clone(), w), w, &palette);
        let direct = frame::render_lines(&lines, w, &palette);
        prop_assert_eq!(&direct, &captured, "render_lines draws what rows draws");
        // The same rows painted on iocraft's canvas (outside `render`).
        let canvas = rows(lines, w).render(Some(usize::from(w)));
        let painted = from_canvas(&canvas, w, &palette);
        prop_assert_eq!(captured.rows.len(), count);
        prop_assert_eq!(painted.rows.len(), count);
        for row in captured.rows.iter().chain(&painted.rows) {
            prop_assert!(width(&row.plain) <= usize::from(w), "{} > {w}: {:?}", width(&row.plain), row.plain);
            prop_assert!(!row.plain.chars().any(is_unsafe), "{:?}", row.plain);
            prop_assert_eq!(strip_ours(&row.ansi), row.plain.clone());
            prop_assert!(!row.plain.chars().any(|c| ('\u{100000}'..='\u{10ffff}').contains(&c)), "placeholder leaked: {:?}", row.plain);
            let tagged = row.tagged();
            prop_assert!(!tagged.contains('\x1b'), "{tagged:?}");
        }
    }
}
