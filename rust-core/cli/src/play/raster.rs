//! A board rasterised for the terminal: each character cell shows two square-ish pixels, one above
//! the other (drawn as `▀`, foreground on top), and each pixel shows the tile under its centre.
//! Drawing and clicking both ask the core's [`Fit`], so what is clicked is what is drawn.

use kami_core::board::Board;
use kami_core::geometry::{Fit, Point};

/// The tile under every pixel of a `width × height`-cell area.
pub struct Raster<'a> {
    board: &'a Board,
    fit: Fit,
    width: u16,
    /// Row by row, `width × 2·height` of them; `None` off the board or on a hole.
    pixels: Vec<Option<usize>>,
}

impl<'a> Raster<'a> {
    /// Fits `board` into `width × height` cells (`width × 2·height` pixels); `None` for an empty area.
    pub fn new(board: &'a Board, width: u16, height: u16) -> Option<Raster<'a>> {
        let rows = 2 * height;
        let fit = Fit::new(board, f64::from(width), f64::from(rows))?;
        let pixels = (0..rows)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| fit.tile_at(board, Point { x: f64::from(x) + 0.5, y: f64::from(y) + 0.5 }))
            .collect();
        Some(Raster { board, fit, width, pixels })
    }

    /// The tiles drawn in cell `(x, y)`: top pixel, bottom pixel.
    pub fn cell(&self, x: u16, y: u16) -> [Option<usize>; 2] {
        let pixel = |row: usize| {
            if x >= self.width {
                return None;
            }
            self.pixels.get(row * usize::from(self.width) + usize::from(x)).copied().flatten()
        };
        [pixel(2 * usize::from(y)), pixel(2 * usize::from(y) + 1)]
    }

    /// The tile a click on cell `(x, y)` means: one of the two drawn there. A terminal reports
    /// only the cell, so when they differ the one under the cell's centre wins.
    pub fn click(&self, x: u16, y: u16) -> Option<usize> {
        let [top, bottom] = self.cell(x, y);
        let centre = Point { x: f64::from(x) + 0.5, y: 2.0 * f64::from(y) + 1.0 };
        let under = self.fit.tile_at(self.board, centre);
        under.filter(|&t| top == Some(t) || bottom == Some(t)).or(top).or(bottom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kami_core::board::{MAX_COLOURS, Tiling};

    fn full(tiling: Tiling, rows: usize, cols: usize) -> Board {
        Board::new(tiling, rows, cols, vec![Some(0); rows * cols], MAX_COLOURS).unwrap()
    }

    #[test]
    fn square_tiles_fill_their_pixels() {
        // 2 × 2 squares in 4 × 2 cells = 4 × 4 pixels: each tile is 2 × 2 pixels, one cell row tall.
        let board = Board::new(Tiling::Squares, 2, 2, vec![Some(0), Some(0), None, Some(0)], 2).unwrap();
        let raster = Raster::new(&board, 4, 2).unwrap();
        let cells: Vec<_> = (0..2).flat_map(|y| (0..4).map(move |x| (x, y))).map(|(x, y)| raster.cell(x, y)).collect();
        let both = |t| [Some(t), Some(t)];
        assert_eq!(cells, [both(0), both(0), both(1), both(1), [None; 2], [None; 2], both(3), both(3)]);
        assert_eq!(raster.cell(4, 0), [None; 2]);
        assert_eq!(raster.click(1, 1), None);
        assert_eq!(raster.click(2, 1), Some(3));
    }

    #[test]
    fn a_board_is_centred_and_an_empty_area_has_no_raster() {
        // A 1 × 2 strip in 6 × 1 cells (6 × 2 pixels): 2 × 2-pixel tiles with one blank column each side.
        let board = full(Tiling::Squares, 1, 2);
        let raster = Raster::new(&board, 6, 1).unwrap();
        let top: Vec<_> = (0..6).map(|x| raster.cell(x, 0)[0]).collect();
        assert_eq!(top, [None, Some(0), Some(0), Some(1), Some(1), None]);
        assert!(Raster::new(&board, 0, 5).is_none());
        assert!(Raster::new(&board, 5, 0).is_none());
    }

    #[test]
    fn a_click_where_two_triangles_meet_picks_one_drawn_there() {
        let board = full(Tiling::Triangles, 29, 10);
        let raster = Raster::new(&board, 60, 20).unwrap();
        let mut split = 0;
        for y in 0..20 {
            for x in 0..60 {
                let [top, bottom] = raster.cell(x, y);
                let clicked = raster.click(x, y);
                assert!(clicked == top || clicked == bottom, "({x}, {y})");
                assert_eq!(clicked.is_none(), top.is_none() && bottom.is_none());
                split += usize::from(top.is_some() && bottom.is_some() && top != bottom);
            }
        }
        assert!(split > 100, "the board should have many split cells, found {split}");
    }
}
