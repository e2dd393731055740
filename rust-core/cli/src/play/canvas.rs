//! A screenful of character cells, each with its colours: screens draw onto it, tests read it, and
//! only the terminal module writes it out.

use kami_core::level::Rgb;

/// How a cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// The glyph's colour.
    pub fg: Rgb,
    /// The colour behind the glyph.
    pub bg: Rgb,
    /// Whether the glyph is bold.
    pub bold: bool,
}

impl Style {
    /// `fg` on `bg`, not bold.
    pub fn new(fg: Rgb, bg: Rgb) -> Style {
        Style { fg, bg, bold: false }
    }

    /// The same colours, bold.
    pub fn bold(self) -> Style {
        Style { bold: true, ..self }
    }
}

/// One character cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The glyph.
    pub ch: char,
    /// Its colours.
    pub style: Style,
}

/// A grid of cells, row by row.
pub struct Canvas {
    width: u16,
    height: u16,
    cells: Vec<Cell>,
}

impl Canvas {
    /// A `width × height` canvas of blanks in `style`.
    pub fn new(width: u16, height: u16, style: Style) -> Canvas {
        Canvas { width, height, cells: vec![Cell { ch: ' ', style }; usize::from(width) * usize::from(height)] }
    }

    /// Width in cells.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// Sets one cell; a cell off the canvas is ignored.
    pub fn set(&mut self, x: u16, y: u16, ch: char, style: Style) {
        if x < self.width && y < self.height {
            self.cells[usize::from(y) * usize::from(self.width) + usize::from(x)] = Cell { ch, style };
        }
    }

    /// Writes `text` from `(x, y)` rightwards, clipped at the edge; returns the column after it.
    pub fn text(&mut self, x: u16, y: u16, text: &str, style: Style) -> u16 {
        let mut x = x;
        for ch in text.chars() {
            self.set(x, y, ch, style);
            x = x.saturating_add(1);
        }
        x
    }

    /// Writes `text` so that it ends at the right edge, one cell in.
    pub fn text_right(&mut self, y: u16, text: &str, style: Style) {
        let len = u16::try_from(text.chars().count()).unwrap_or(u16::MAX);
        self.text(self.width.saturating_sub(len.saturating_add(1)), y, text, style);
    }

    /// The cells of row `y` (empty below the canvas).
    pub fn row(&self, y: u16) -> &[Cell] {
        let width = usize::from(self.width);
        let start = usize::from(y) * width;
        self.cells.get(start..start + width).unwrap_or(&[])
    }

    /// The glyphs of row `y`.
    #[cfg(test)]
    pub fn line(&self, y: u16) -> String {
        self.row(y).iter().map(|c| c.ch).collect()
    }

    /// The cell at `(x, y)`, if on the canvas.
    #[cfg(test)]
    pub fn cell(&self, x: u16, y: u16) -> Option<Cell> {
        self.row(y).get(usize::from(x)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgb = Rgb { red: 0, green: 0, blue: 0 };
    const PAPER: Rgb = Rgb { red: 255, green: 255, blue: 255 };

    #[test]
    fn text_is_clipped_at_the_edges() {
        let style = Style::new(INK, PAPER);
        let mut canvas = Canvas::new(6, 2, style);
        assert_eq!(canvas.text(3, 0, "abcdef", style.bold()), 9);
        canvas.text(0, 5, "off", style);
        canvas.text_right(1, "xy", style);
        assert_eq!(canvas.line(0), "   abc");
        assert_eq!(canvas.line(1), "   xy ");
        assert!(canvas.cell(3, 0).unwrap().style.bold);
        assert_eq!(canvas.cell(6, 0), None);
        assert_eq!(canvas.line(2), "");
    }
}
