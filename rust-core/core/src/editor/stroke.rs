//! The tiles a drag passes over. The shell sends points as the finger or mouse moves, in the
//! viewport coordinates of [`Fit`] (the game's hit-testing); between two points, however far
//! apart, every tile the straight segment crosses is painted, so a fast drag leaves no gap. Where
//! the segment passes exactly through a corner, the tiles on either side of it are joined by the
//! fewest tiles between them, so a stroke is always connected edge to edge. Holes are hit too:
//! a stroke of colour over a hole fills it.

use crate::board::Board;
use crate::geometry::{Fit, Point};

/// Samples per tile side along a segment: a triangle's narrowest part is its height, √3/2 of a
/// side, and a segment crossing a tile runs at least a sliver through it; eight samples a side
/// leave only corners a hair wide unsampled, where the neighbouring tiles are painted anyway.
const SAMPLES_PER_SIDE: f64 = 8.0;
/// Most samples one segment takes (a drag across a 64 × 64 board and back is far fewer).
const MAX_SAMPLES: usize = 4096;

/// Most tiles a bridge over a corner takes (around a triangle's corner meet six tiles).
const MAX_BRIDGE: usize = 3;

/// Every cell (tile or hole) under the segment from `from` to `to`, in order, each once per run,
/// consecutive cells sharing an edge.
pub fn tiles_between(fit: &Fit, board: &Board, from: Point, to: Point) -> Vec<usize> {
    let grid = grid(board);
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy);
    let steps = if length.is_finite() {
        ((length / fit.side() * SAMPLES_PER_SIDE).ceil() as usize).clamp(1, MAX_SAMPLES)
    } else {
        1
    };
    let mut tiles: Vec<usize> = Vec::new();
    for i in 0..=steps {
        let f = i as f64 / steps as f64;
        let p = Point { x: from.x + f * dx, y: from.y + f * dy };
        let Some(t) = fit.tile_at(&grid, p) else { continue };
        match tiles.last() {
            Some(&last) if last == t => {}
            Some(&last) => {
                tiles.extend(bridge(&grid, last, t));
                tiles.push(t);
            }
            None => tiles.push(t),
        }
    }
    tiles
}

/// `board`'s grid with every cell a tile: the editor hit-tests and draws holes too.
pub fn grid(board: &Board) -> Board {
    let cells = vec![Some(0); board.len()];
    Board::new(board.tiling(), board.rows(), board.cols(), cells, 1).unwrap_or_else(|_| board.clone())
}

/// The cells strictly between `a` and `b` on a shortest edge path (none if they share an edge,
/// or if they are further apart than [`MAX_BRIDGE`] steps).
fn bridge(grid: &Board, a: usize, b: usize) -> Vec<usize> {
    let mut paths: Vec<Vec<usize>> = vec![vec![a]];
    for _ in 0..=MAX_BRIDGE {
        let mut next = Vec::new();
        for path in &paths {
            let end = *path.last().unwrap_or(&a);
            for n in grid.neighbours(end) {
                if n == b {
                    return path[1..].to_vec();
                }
                if !path.contains(&n) {
                    next.push([path.as_slice(), &[n]].concat());
                }
            }
        }
        paths = next;
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MAX_COLOURS, Tiling};

    fn full(tiling: Tiling, rows: usize, cols: usize) -> Board {
        Board::new(tiling, rows, cols, vec![Some(0); rows * cols], MAX_COLOURS).unwrap()
    }

    #[test]
    fn a_fast_drag_leaves_no_gap() {
        // One jump from the first to the last tile of a board: the tiles visited form a chain
        // of neighbours.
        for tiling in [Tiling::Triangles, Tiling::Squares] {
            let board = full(tiling, 29, 10);
            let fit = Fit::new(&board, 390.0, 700.0).unwrap();
            let shapes = fit.shapes(&board);
            let (a, b) = (shapes[0].centre, shapes[shapes.len() - 1].centre);
            let tiles = tiles_between(&fit, &board, a, b);
            assert_eq!((tiles[0], *tiles.last().unwrap()), (0, board.len() - 1));
            for pair in tiles.windows(2) {
                assert!(board.neighbours(pair[0]).any(|n| n == pair[1]), "{tiling:?}: {pair:?}");
            }
            // Along a row of triangles the line runs through corners: still joined edge to edge.
            let along = tiles_between(&fit, &board, shapes[0].centre, shapes[9].centre);
            for pair in along.windows(2) {
                assert!(board.neighbours(pair[0]).any(|n| n == pair[1]), "{tiling:?}: {pair:?}");
            }
        }
    }

    #[test]
    fn points_off_the_board_or_not_finite_paint_nothing_and_holes_are_hit() {
        let board = Board::new(Tiling::Squares, 2, 2, vec![None, Some(0), Some(0), Some(0)], 1).unwrap();
        let fit = Fit::new(&board, 20.0, 20.0).unwrap();
        let off = Point { x: -5.0, y: -5.0 };
        assert!(tiles_between(&fit, &board, off, off).is_empty());
        let nan = Point { x: f64::NAN, y: 1.0 };
        assert!(tiles_between(&fit, &board, nan, Point { x: 5.0, y: 5.0 }).len() <= 1);
        let inf = Point { x: f64::INFINITY, y: 1.0 };
        assert!(tiles_between(&fit, &board, inf, inf).is_empty());
        assert_eq!(tiles_between(&fit, &board, Point { x: 5.0, y: 5.0 }, Point { x: 15.0, y: 5.0 }), [0, 1]);
    }
}
