//! Blocks: what draws into a box, the base of every component and of the view tree.
//!
//! A [`Block`] is given `width` × `height` cells and returns at most `height` [`Line`]s, each at
//! most `width` columns. An [`Element`] owns any block, so containers hold their children and a
//! view is one value. The leaf of rows laid out already ([`Rows`]) and the leaf drawn by a
//! function ([`Draw`]) join a tree here too. This module knows no component: containers (a panel, a stack) live above it.

use crate::style::Line;
use crate::text::{clip, cut, fitted};

/// One row as a container draws it: content, or a rule across the box that a
/// [`Panel`](crate::components::Panel) crosses its border with (`├───┤`).
#[derive(Debug, Clone, PartialEq)]
pub enum PanelRow {
    Content(Line),
    /// A rule across the box: `├───┤`.
    Divider,
}

/// Something that draws into a box: at most `height` lines, each at most `width` columns.
pub trait Block {
    fn lines(&self, width: usize, height: usize) -> Vec<Line>;

    /// The rows as a [`Panel`](crate::components::Panel) draws them: [`Block::lines`] as
    /// content, each exactly `width` columns (padded with spaces, or cut with "…"), except that
    /// a [`Stack`](crate::components::Stack)'s dividers stay dividers, so a panel crosses its
    /// border with them. Each row is measured once, where it is made whole: a container that
    /// overrides this returns rows of exactly `width` columns too, so the frame around them
    /// adds its borders without measuring them again.
    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        self.lines(width, height)
            .into_iter()
            .map(|line| PanelRow::Content(fitted(line, width)))
            .collect()
    }
}

/// A component drawn with state the model owns, as ratatui's `StatefulWidget`: the props say
/// what to draw, the state what the person did (a list's selection and scroll). Drawing reads
/// the state and never changes it, so a view stays a pure function of the model.
pub trait StatefulBlock {
    type State;

    /// At most `height` lines, each at most `width` columns, for `state`.
    fn lines_with(&self, state: &Self::State, width: usize, height: usize) -> Vec<Line>;

    /// The props and their state as one [`Block`], a node of a view tree.
    fn with_state<'s>(self, state: &'s Self::State) -> Stateful<'s, Self>
    where
        Self: Sized,
    {
        Stateful { block: self, state }
    }
}

/// A [`StatefulBlock`] with its state: a [`Block`] ([`StatefulBlock::with_state`]).
pub struct Stateful<'s, B: StatefulBlock> {
    pub block: B,
    pub state: &'s B::State,
}

impl<B: StatefulBlock> Block for Stateful<'_, B> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.block.lines_with(self.state, width, height)
    }
}

impl<B: Block + ?Sized> Block for &B {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        (**self).lines(width, height)
    }

    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        (**self).panel_rows(width, height)
    }
}

/// A node of the tree: any component, owned. Containers hold their children as elements, so a
/// view is one value the driver lays out when it draws.
pub struct Element<'a>(Box<dyn Block + 'a>);

impl<'a> Element<'a> {
    pub fn new(block: impl Block + 'a) -> Element<'a> {
        Element(Box::new(block))
    }
}

impl Block for Element<'_> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        self.0.lines(width, height)
    }

    fn panel_rows(&self, width: usize, height: usize) -> Vec<PanelRow> {
        self.0.panel_rows(width, height)
    }
}

/// The leaf of rows laid out already: the first `height`, never wrapped. A row wider than the
/// box is clipped at its edge (a wide character the edge cuts becomes blanks), or with
/// [`Rows::ellipsis`] cut with "…". This is how rows a program lays out itself (a cached
/// document, a transcript card, a status line) join the tree.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rows {
    lines: Vec<Line>,
    ellipsis: bool,
}

impl Rows {
    pub fn new(lines: Vec<Line>) -> Rows {
        Rows {
            lines,
            ellipsis: false,
        }
    }

    /// Rows wider than the box end in "…" where they are cut, so a reader sees that text is
    /// missing (labels, status lines); clipping suits drawings and code, where "…" would be
    /// mistaken for content.
    pub fn ellipsis(mut self) -> Rows {
        self.ellipsis = true;
        self
    }
}

impl Block for Rows {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let rows = self.lines.iter().take(height);
        if self.ellipsis {
            rows.map(|line| cut(line, width)).collect()
        } else {
            rows.map(|line| clip(line, width)).collect()
        }
    }
}

/// A leaf drawn by a function of the box it is given (`width`, `height`), for rows that
/// depend on the width but are no component of their own (a status row, a tab row with a
/// clock beside it). Like any block, it returns at most `height` lines within `width`.
pub struct Draw<F>(pub F);

impl<F: Fn(usize, usize) -> Vec<Line>> Block for Draw<F> {
    fn lines(&self, width: usize, height: usize) -> Vec<Line> {
        let mut lines = (self.0)(width, height);
        lines.truncate(height);
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::style::{Slot, Style};

    #[test]
    fn rows_are_clipped_not_ellipsized() {
        let rows = Rows::new(vec![
            Line::plain("abcdef"),
            Line::plain("ab"),
            Line::plain("c"),
        ]);
        let drawn: Vec<String> = rows.lines(4, 2).iter().map(Line::plain_text).collect();
        assert_eq!(drawn, ["abcd", "ab"]);
        let cut = rows.ellipsis();
        let drawn: Vec<String> = cut.lines(4, 2).iter().map(Line::plain_text).collect();
        assert_eq!(drawn, ["abc…", "ab"], "or cut with an ellipsis when asked");
    }

    #[test]
    fn a_wide_character_cut_by_the_edge_becomes_blanks_in_its_style() {
        let style = Style::fg(Slot::Accent);
        let rows = Rows::new(vec![Line::styled("ab中", style.clone())]);
        let line = &rows.lines(3, 1)[0];
        assert_eq!(line.plain_text(), "ab ");
        assert_eq!(line.spans[0].style, style);
    }

    #[test]
    fn a_drawn_leaf_gets_its_box() {
        let status =
            Draw(|width: usize, height: usize| vec![Line::plain(format!("{width}x{height}")); 3]);
        let drawn: Vec<String> = status.lines(7, 2).iter().map(Line::plain_text).collect();
        assert_eq!(drawn, ["7x2", "7x2"]);
    }
}
