//! The inbox drawn: a heading, one row per questionnaire (only the rows the window shows are
//! built), and a footer that is the keys' help, a notice, or the store's failure. With a
//! questionnaire open: a heading row naming it above the questionnaire's own frame.

use question::{Label, Labels};
use tea::components::list::{self, List};
use tea::components::{Block, Help, ListState, StatefulBlock};
use tea::view::{Draw, Element};
use tea::{Line, Program, Slot, Span, Style, View};

use super::model::Inbox;
use super::row::{self, Columns};

/// The key the driver keeps the list's window under.
const LIST_KEY: &str = "inbox list";

/// How to post here, for the empty list.
const HOW_TO_POST: &str = "Questionnaires asked with --inbox show up here.";

impl Inbox {
    pub(crate) fn view_tree(&self) -> View<'_> {
        match &self.open {
            Some(open) => {
                let inner = open.app.view();
                let heading = self.open_heading(&open.title);
                let cursor = inner.cursor.map(|mut cursor| {
                    if !cursor.on_caret {
                        cursor.y = cursor.y.saturating_add(1);
                    }
                    cursor
                });
                let mut view = View::new(Below {
                    heading,
                    body: inner.content,
                });
                view.cursor = cursor;
                view.mouse = inner.mouse;
                view
            }
            None if self.qr_open => {
                View::new(Draw(move |width, height| self.qr_lines(width, height)))
            }
            None => View::new(Draw(move |width, height| self.list_lines(width, height))),
        }
    }

    /// The page's link as a QR code, drawn as the questionnaire draws its own (Ctrl+R there).
    fn qr_lines(&self, width: usize, height: usize) -> Vec<Line> {
        let url = self.web.as_ref().map_or("", |web| web.url.as_str());
        let labels = Labels::english();
        questionnaire::qr_code_rows(
            url,
            width,
            height,
            self.light_background,
            labels.get(Label::QrTooSmall),
            labels.get(Label::QrClose),
        )
    }

    /// The list's rows at `width` × `height`: heading, rows, footer, as many as fit.
    pub(crate) fn list_lines(&self, width: usize, height: usize) -> Vec<Line> {
        if width == 0 || height == 0 {
            return Vec::new();
        }
        // The rows come first when space is short: the footer, then the heading, give way.
        let footer = height >= 2;
        let heading = height >= 3;
        let rows_height = height - usize::from(footer) - usize::from(heading);
        let mut lines = Vec::with_capacity(height);
        if heading {
            lines.push(self.heading(width));
        }
        if self.rows.is_empty() {
            let empty = [
                Line::styled("No questionnaires waiting", Style::fg(Slot::Text).bold()),
                Line::styled(HOW_TO_POST, Style::fg(Slot::Muted)),
            ];
            lines.extend(
                empty
                    .iter()
                    .take(rows_height)
                    .map(|line| tea::text::truncate_line(line, width)),
            );
        } else {
            lines.extend(self.row_lines(width, rows_height));
        }
        if footer {
            lines.push(self.footer(width));
        }
        lines
    }

    fn heading(&self, width: usize) -> Line {
        let waiting = self.rows.iter().filter(|row| row.ended.is_none()).count();
        let mut line = Line::styled("Inbox", Style::fg(Slot::Accent).bold());
        line.push(Span::styled(
            format!(" · {waiting} waiting"),
            Style::fg(Slot::Muted),
        ));
        tea::text::truncate_line(&line, width)
    }

    /// The rows the window shows, built for this drawing only.
    fn row_lines(&self, width: usize, height: usize) -> Vec<Line> {
        let heights = vec![1; self.rows.len()];
        let window = list::kept_window(LIST_KEY, &heights, self.list.selected, height);
        let shown = &self.rows[window.start..window.end];
        let cursor = "› ";
        let inner = width.saturating_sub(tea::text::width(cursor));
        let columns = Columns::fit(shown, self.now_ms, inner);
        let items: Vec<Vec<Line>> = shown
            .iter()
            .map(|row| vec![row::line(row, columns, self.now_ms, inner)])
            .collect();
        let state = ListState {
            selected: self.list.selected.saturating_sub(window.start),
            offset: 0,
        };
        List::new(&items)
            .cursor(cursor)
            .lines_with(&state, width, height)
    }

    fn footer(&self, width: usize) -> Line {
        let line = if let Some(error) = &self.error {
            Line::styled(
                format!("store: {} (retrying)", tea::text::sanitize_line(error)),
                Style::fg(Slot::Error),
            )
        } else if let Some(notice) = &self.notice {
            Line::styled(tea::text::sanitize_line(notice), Style::fg(Slot::Warning))
        } else {
            let entries = self.keymap.help(&self.context());
            Help::new(entries).line(width)
        };
        tea::text::truncate_line(&line, width)
    }

    fn open_heading(&self, title: &str) -> Line {
        let mut line = Line::styled("Inbox › ", Style::fg(Slot::Muted));
        line.push(Span::styled(
            title.to_string(),
            Style::fg(Slot::Accent).bold(),
        ));
        line.push(Span::styled(
            "  (esc: back to the list, kept)",
            Style::fg(Slot::Dim),
        ));
        line
    }
}

/// A heading row above a body.
struct Below<'a> {
    heading: Line,
    body: Element<'a>,
}

impl Block for Below<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        if height == 0 {
            return Vec::new();
        }
        let mut lines = vec![tea::text::truncate_line(&self.heading, width)];
        lines.extend(self.body.lines(width, height - 1));
        lines
    }
}
