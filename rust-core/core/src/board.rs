//! The board: its tiling, which tiles exist, which of them share an edge, and the colour each holds.
//!
//! Tiles are numbered row by row: tile `row * cols + col`. Rules, solver and drawing only ever
//! ask a board for its tiles and their neighbours, so they never care which tiling it uses.

use std::collections::VecDeque;
use std::fmt;

/// Largest number of rows, and of columns, a board may have.
pub const MAX_SIDE: usize = 64;
/// Largest number of colours a palette may hold.
pub const MAX_COLOURS: usize = 6;

/// A palette index.
pub type Colour = u8;

/// How tiles are shaped and which of them share an edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiling {
    /// KAMI 2: columns of equilateral triangles pointing alternately left and right (≤ 3 neighbours).
    Triangles,
    /// The first KAMI: a grid of squares (≤ 4 neighbours).
    Squares,
}

impl Tiling {
    /// The grid positions sharing an edge with `(row, col)` on a `rows × cols` grid.
    fn adjacent(self, rows: usize, cols: usize, row: usize, col: usize) -> [Option<(usize, usize)>; 4] {
        let up = row.checked_sub(1).map(|r| (r, col));
        let down = (row + 1 < rows).then_some((row + 1, col));
        let left = col.checked_sub(1).map(|c| (row, c));
        let right = (col + 1 < cols).then_some((row, col + 1));
        match self {
            Tiling::Squares => [up, down, left, right],
            // A left-pointing triangle's vertical edge is on its right, and the other way round.
            Tiling::Triangles if points_left(row, col) => [up, down, right, None],
            Tiling::Triangles => [up, down, left, None],
        }
    }
}

/// A symmetry of the grid: a mirror image, the half turn, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// None.
    None,
    /// Mirrored left to right (triangle boards need an even number of columns).
    LeftRight,
    /// Mirrored top to bottom (triangle boards need an odd number of rows).
    TopBottom,
    /// Turned half a circle (triangle boards need rows + columns odd).
    Rotational,
}

impl Symmetry {
    /// The tile of a `rows × cols` grid that this symmetry maps `tile` to. It maps neighbours to
    /// neighbours only where it [fits](Symmetry::fits) the grid.
    pub fn image(self, rows: usize, cols: usize, tile: usize) -> usize {
        let (r, c) = (tile / cols, tile % cols);
        let (r, c) = match self {
            Symmetry::None => (r, c),
            Symmetry::LeftRight => (r, cols - 1 - c),
            Symmetry::TopBottom => (rows - 1 - r, c),
            Symmetry::Rotational => (rows - 1 - r, cols - 1 - c),
        };
        r * cols + c
    }

    /// Whether this symmetry maps a `rows × cols` grid of `tiling` onto itself, neighbours to
    /// neighbours: always on squares; on triangles, which point alternately left and right, only
    /// on the grid sizes its variant names.
    pub fn fits(self, tiling: Tiling, rows: usize, cols: usize) -> bool {
        match (tiling, self) {
            (_, Symmetry::None) | (Tiling::Squares, _) => true,
            (Tiling::Triangles, Symmetry::LeftRight) => cols.is_multiple_of(2),
            (Tiling::Triangles, Symmetry::TopBottom) => rows % 2 == 1,
            (Tiling::Triangles, Symmetry::Rotational) => (rows + cols) % 2 == 1,
        }
    }
}

/// Whether the triangle at `(row, col)` points left (its apex on the left, its vertical edge on the right).
pub fn points_left(row: usize, col: usize) -> bool {
    (row + col) % 2 == 1
}

/// Why a board cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// Rows or columns outside `1..=MAX_SIDE`.
    Size { rows: usize, cols: usize },
    /// The number of cells is not `rows × cols`.
    CellCount { expected: usize, found: usize },
    /// A cell holds a colour beyond the palette.
    Colour { tile: usize, colour: Colour, colours: usize },
    /// Every cell is a hole.
    NoTiles,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { rows, cols } => {
                write!(f, "a board is 1 to {MAX_SIDE} rows and columns, not {rows} × {cols}")
            }
            BoardError::CellCount { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            BoardError::Colour { tile, colour, colours } => {
                write!(f, "tile {tile} has colour {colour} but the palette has {colours} colours")
            }
            BoardError::NoTiles => write!(f, "the board has no tiles, only holes"),
        }
    }
}

impl std::error::Error for BoardError {}

/// A board: tiling, size and each cell's colour (`None` is a hole).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    tiling: Tiling,
    rows: usize,
    cols: usize,
    cells: Vec<Option<Colour>>,
}

impl Board {
    /// Builds a board whose cells use colours `0..colours`; checks size, cell count and colours.
    pub fn new(
        tiling: Tiling,
        rows: usize,
        cols: usize,
        cells: Vec<Option<Colour>>,
        colours: usize,
    ) -> Result<Board, BoardError> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
            return Err(BoardError::Size { rows, cols });
        }
        if cells.len() != rows * cols {
            return Err(BoardError::CellCount { expected: rows * cols, found: cells.len() });
        }
        if let Some((tile, colour)) = cells
            .iter()
            .enumerate()
            .find_map(|(tile, cell)| cell.filter(|&c| usize::from(c) >= colours).map(|c| (tile, c)))
        {
            return Err(BoardError::Colour { tile, colour, colours });
        }
        if cells.iter().all(Option::is_none) {
            return Err(BoardError::NoTiles);
        }
        Ok(Board { tiling, rows, cols, cells })
    }

    /// The tiling.
    pub fn tiling(&self) -> Tiling {
        self.tiling
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells, holes included; tiles are numbered `0..len()`.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true: a board has at least one cell.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every cell's colour, row by row (`None` is a hole).
    pub fn cells(&self) -> &[Option<Colour>] {
        &self.cells
    }

    /// The colour of `tile`, `None` for a hole or a tile off the board.
    pub fn colour(&self, tile: usize) -> Option<Colour> {
        self.cells.get(tile).copied().flatten()
    }

    /// The `(row, col)` of `tile`.
    pub fn position(&self, tile: usize) -> (usize, usize) {
        (tile / self.cols, tile % self.cols)
    }

    /// The tile at `(row, col)`, if the position is on the board.
    pub fn tile(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols).then_some(row * self.cols + col)
    }

    /// The tiles (not holes) sharing an edge with `tile`.
    pub fn neighbours(&self, tile: usize) -> impl Iterator<Item = usize> + '_ {
        let (row, col) = self.position(tile);
        self.tiling
            .adjacent(self.rows, self.cols, row, col)
            .into_iter()
            .flatten()
            .map(|(r, c)| r * self.cols + c)
            .filter(|&t| self.cells[t].is_some())
    }

    /// Sets the colour of a tile that is not a hole.
    pub(crate) fn paint(&mut self, tile: usize, colour: Colour) {
        debug_assert!(self.cells[tile].is_some(), "painting a hole");
        self.cells[tile] = Some(colour);
    }

    /// The region of `tile` (its connected same-colour tiles) in breadth-first order, each with its
    /// distance in edges from `tile`: the order a recolouring ripples out. Empty for a hole.
    pub fn region_rings(&self, tile: usize) -> Vec<(usize, u32)> {
        let Some(colour) = self.colour(tile) else { return Vec::new() };
        let mut seen = vec![false; self.len()];
        let mut order = vec![(tile, 0)];
        let mut queue = VecDeque::from([(tile, 0)]);
        seen[tile] = true;
        while let Some((t, ring)) = queue.pop_front() {
            for n in self.neighbours(t) {
                if !seen[n] && self.cells[n] == Some(colour) {
                    seen[n] = true;
                    order.push((n, ring + 1));
                    queue.push_back((n, ring + 1));
                }
            }
        }
        order
    }

    /// Labels every tile with its region: the connected same-colour area it belongs to.
    pub fn regions(&self) -> Regions {
        let mut label = vec![None; self.len()];
        let mut count = 0;
        let mut stack = Vec::new();
        for start in 0..self.len() {
            let Some(colour) = self.cells[start] else { continue };
            if label[start].is_some() {
                continue;
            }
            label[start] = Some(count);
            stack.push(start);
            while let Some(t) = stack.pop() {
                for n in self.neighbours(t) {
                    if label[n].is_none() && self.cells[n] == Some(colour) {
                        label[n] = Some(count);
                        stack.push(n);
                    }
                }
            }
            count += 1;
        }
        Regions { label, count }
    }

    /// How many tiles hold each colour.
    pub fn colour_counts(&self) -> [usize; MAX_COLOURS] {
        let mut counts = [0; MAX_COLOURS];
        for colour in self.cells.iter().flatten() {
            counts[usize::from(*colour)] += 1;
        }
        counts
    }
}

/// Every tile's region, numbered `0..count` in order of each region's first tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    /// The region of each tile, `None` for holes.
    pub label: Vec<Option<usize>>,
    /// Number of regions.
    pub count: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(tiling: Tiling, rows: usize, cols: usize, cells: &[Option<Colour>]) -> Board {
        Board::new(tiling, rows, cols, cells.to_vec(), MAX_COLOURS).unwrap()
    }

    #[test]
    fn triangle_neighbours_follow_the_pointing_rule() {
        let b = board(Tiling::Triangles, 3, 3, &[Some(0); 9]);
        // (1,1): 1+1 even, points right, so its vertical edge is on the left: (1,0).
        let mut n: Vec<_> = b.neighbours(4).collect();
        n.sort();
        assert_eq!(n, vec![1, 3, 7]);
        // (1,0): points left, so it touches (1,1) on its right, and nothing on its left.
        let mut n: Vec<_> = b.neighbours(3).collect();
        n.sort();
        assert_eq!(n, vec![0, 4, 6]);
        // (0,0) points right and sits in the corner: only the triangle below.
        assert_eq!(b.neighbours(0).collect::<Vec<_>>(), vec![3]);
    }

    #[test]
    fn square_neighbours_skip_holes() {
        let b = board(Tiling::Squares, 2, 2, &[Some(0), None, Some(1), Some(0)]);
        let mut n: Vec<_> = b.neighbours(0).collect();
        n.sort();
        assert_eq!(n, vec![2]);
    }

    #[test]
    fn adjacency_is_symmetric_on_both_tilings() {
        for tiling in [Tiling::Triangles, Tiling::Squares] {
            let b = board(tiling, 7, 5, &[Some(0); 35]);
            for t in 0..b.len() {
                for n in b.neighbours(t) {
                    assert!(b.neighbours(n).any(|m| m == t), "{tiling:?}: {t} -> {n}");
                }
            }
        }
    }

    #[test]
    fn region_rings_are_breadth_first() {
        let b = board(Tiling::Squares, 1, 4, &[Some(1), Some(1), Some(1), Some(0)]);
        assert_eq!(b.region_rings(1), vec![(1, 0), (0, 1), (2, 1)]);
        assert!(board(Tiling::Squares, 1, 2, &[None, Some(0)]).region_rings(0).is_empty());
    }

    #[test]
    fn regions_count_connected_areas() {
        let b = board(Tiling::Squares, 2, 3, &[Some(0), Some(1), Some(0), Some(0), None, Some(0)]);
        let r = b.regions();
        assert_eq!(r.count, 3);
        assert_eq!(r.label, vec![Some(0), Some(1), Some(2), Some(0), None, Some(2)]);
    }

    #[test]
    fn new_rejects_bad_boards() {
        let t = Tiling::Triangles;
        assert_eq!(Board::new(t, 0, 3, vec![], 2), Err(BoardError::Size { rows: 0, cols: 3 }));
        assert_eq!(Board::new(t, 65, 1, vec![Some(0); 65], 2), Err(BoardError::Size { rows: 65, cols: 1 }));
        assert_eq!(Board::new(t, 1, 2, vec![Some(0)], 2), Err(BoardError::CellCount { expected: 2, found: 1 }));
        assert_eq!(
            Board::new(t, 1, 2, vec![Some(0), Some(2)], 2),
            Err(BoardError::Colour { tile: 1, colour: 2, colours: 2 })
        );
        assert_eq!(Board::new(t, 1, 2, vec![None, None], 2), Err(BoardError::NoTiles));
    }
}
