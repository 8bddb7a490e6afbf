//! The web page's link in the terminal (docs/behaviour.md#web-link): at the footer's right
//! where the hints keep enough room, and as a QR code in place of the questionnaire.

use question::Label;
use tea::text::{truncate, truncate_line, wrap};
use tea::{Line, Size, Slot, Span, Style};

use crate::keymap::QR_KEY;
use crate::model::App;
use crate::qr::{Ink, Modules};

/// The footer shows the link only when the hints keep at least this many columns.
const HINTS_KEPT: usize = 20;

/// What the footer's right end shows of the web page.
pub(crate) struct FooterLink {
    pub line: Line,
    /// It names the QR code's key (the link itself did not fit), so the hints need not.
    pub names_key: bool,
}

impl App {
    /// The link for the footer's right end in `room` columns: "answer on a phone: URL", or the
    /// URL alone; where even that leaves the hints too little, the QR code's key ("ctrl+r
    /// answer on a phone"), which shows the link whole. The URL is never cut: a cut link cannot
    /// be typed. `None` without a link or room.
    pub(crate) fn footer_link(&self, room: usize) -> Option<FooterLink> {
        let url = self.web_link.as_deref()?;
        let muted = Style::fg(Slot::Muted);
        let link = Span::styled(url, Style::fg(Slot::Accent).link(url));
        let label = self.label(Label::WebLink);
        let fits = |line: &Line| line.width() + 1 + HINTS_KEPT <= room;
        let links = [
            Line::new(vec![
                Span::styled(format!("{label}: "), muted.clone()),
                link.clone(),
            ]),
            Line::new(vec![link]),
        ];
        if let Some(line) = links.into_iter().find(fits) {
            return Some(FooterLink {
                line,
                names_key: false,
            });
        }
        let key = Line::new(vec![
            Span::styled(QR_KEY, muted.clone().bold()),
            Span::styled(format!(" {label}"), muted),
        ]);
        fits(&key).then_some(FooterLink {
            line: key,
            names_key: true,
        })
    }

    /// The QR code of the link with the link under it and how to close it, centred; at least
    /// the questionnaire's height, at most the terminal's. When it does not fit, one line says
    /// how big the terminal must be.
    pub(crate) fn qr_rows(&self, width: usize, height: usize) -> Vec<Line> {
        let panel = self.measured_at(Size::of_box(width, height)).height;
        let panel = panel.min(height);
        let url = self.web_link.as_deref().unwrap_or_default();
        let rows = qr_code_rows(
            url,
            width,
            height,
            self.light_background,
            &self.label(Label::QrTooSmall),
            &self.label(Label::QrClose),
        );
        pad(rows, panel)
    }
}

/// The QR code of `url` drawn for a terminal of `width` × `height` (docs/behaviour.md#web-link),
/// with the link (wrapped) under it and `close` (how to close it) under that, each row centred;
/// `light_background` draws the blocks as the dark modules. When it does not fit, one line
/// says so: `too_small` and the size it needs. Nothing for a text too long for any QR code.
/// The questionnaire's Ctrl+R draws it, and so does the inbox's.
pub fn qr_code_rows(
    url: &str,
    width: usize,
    height: usize,
    light_background: bool,
    too_small: &str,
    close: &str,
) -> Vec<Line> {
    let Some(modules) = Modules::of(url) else {
        return Vec::new();
    };
    // Too narrow for the code, the size it needs is the one at the code's width.
    let link_rows = wrap(url, width.max(modules.side));
    let needed = (modules.side, modules.rows() + link_rows.len().max(1) + 1);
    if needed.0 > width || needed.1 > height {
        // The size is what tells how big: the words are cut first.
        let size = format!(" {}×{}", needed.0, needed.1);
        let words = truncate(too_small, width.saturating_sub(tea::text::width(&size)));
        let line = Line::styled(format!("{words}{size}"), Style::fg(Slot::Warning));
        return vec![truncate_line(&line, width)];
    }
    let centred = |line: Line| {
        let indent = width.saturating_sub(line.width()) / 2;
        let mut row = Line::plain(" ".repeat(indent));
        row.spans.extend(line.spans);
        row
    };
    let ink = if light_background {
        Ink::Dark
    } else {
        Ink::Light
    };
    let mut rows: Vec<Line> = modules
        .half_blocks(ink)
        .into_iter()
        .map(|row| centred(Line::styled(row, Style::fg(Slot::Text))))
        .collect();
    let link = Style::fg(Slot::Accent).link(url);
    rows.extend(
        link_rows
            .into_iter()
            .map(|row| centred(Line::styled(row, link.clone()))),
    );
    rows.push(centred(Line::styled(
        truncate(close, width),
        Style::fg(Slot::Muted),
    )));
    rows
}

/// `rows`, with blank rows after them up to `height`.
fn pad(mut rows: Vec<Line>, height: usize) -> Vec<Line> {
    if rows.len() < height {
        rows.resize(height, Line::default());
    }
    rows
}
