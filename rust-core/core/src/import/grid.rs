//! The triangle grid: where its columns and rows lie in the screenshot.
//!
//! The board fills the width in [`COLS`] columns. Their boundaries are found where colour
//! changes across vertical lines line up best; the rows' size and phase are then the ones under
//! which the triangles' insides are most uniform, since a grid off by any amount cuts tiles of
//! different colours. Which row is the first follows from the board being centred above the
//! toolbar: the 29 rows are taller than the space there, so both the top and the bottom row are
//! partly cut off.

use super::decode::Picture;

/// Columns of triangles on a KAMI 2 board.
pub const COLS: usize = 10;
/// Rows of triangles on a KAMI 2 board.
pub const ROWS: usize = 29;
/// A column's width over a triangle's side.
const COLUMN_PER_SIDE: f64 = 0.866_025_403_784_438_6;

/// Where the grid lies in the screenshot, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    /// The left edge of the first column.
    pub left: f64,
    /// The width of a column.
    pub column_width: f64,
    /// The top of the first row's triangles.
    pub top: f64,
    /// A triangle's vertical side: each row starts half of it below the previous one.
    pub side: f64,
}

impl Grid {
    /// The corners of the triangle at `(row, col)` (a row may lie outside the board, for searching).
    /// Triangles point left where `row + col` is odd, as on the project's boards.
    pub fn corners(&self, row: i64, col: i64) -> [(f64, f64); 3] {
        let left = self.left + col as f64 * self.column_width;
        let right = left + self.column_width;
        let top = self.top + row as f64 * self.side / 2.0;
        let (middle, bottom) = (top + self.side / 2.0, top + self.side);
        if (row + col).rem_euclid(2) == 1 {
            [(right, top), (right, bottom), (left, middle)]
        } else {
            [(left, top), (right, middle), (left, bottom)]
        }
    }

    /// Points spread over the triangle's inside, shrunk by `shrink` towards its centre so that
    /// edges and their blur stay out: a triangular lattice of `(n + 1)(n + 2) / 2` points.
    pub fn samples(&self, row: i64, col: i64, n: usize, shrink: f64) -> impl Iterator<Item = (f64, f64)> + use<> {
        let [a, b, c] = self.corners(row, col);
        let centre = ((a.0 + b.0 + c.0) / 3.0, (a.1 + b.1 + c.1) / 3.0);
        (0..=n).flat_map(move |i| {
            (0..=n - i).map(move |j| {
                let (u, v) = (i as f64 / n as f64, j as f64 / n as f64);
                let w = 1.0 - u - v;
                let p = (u * a.0 + v * b.0 + w * c.0, u * a.1 + v * b.1 + w * c.1);
                (centre.0 + shrink * (p.0 - centre.0), centre.1 + shrink * (p.1 - centre.1))
            })
        })
    }

    /// Finds the grid over the board, which ends above row `bottom`; `None` if no grid fits.
    pub fn find(picture: &Picture, bottom: usize) -> Option<Grid> {
        let (left, column_width) = columns(picture, bottom);
        let nominal = column_width / COLUMN_PER_SIDE;
        // Triangles are equilateral; a resized screenshot may stretch them by a rounding error.
        let coarse = (-2..=2).map(|i| nominal * (1.0 + 0.005 * f64::from(i)));
        let (side, phase) =
            best_rows(picture, left, column_width, bottom, coarse, |s| (0..32).map(move |i| s * f64::from(i) / 32.0))?;
        let fine = (-2..=2).map(|i| side * (1.0 + 0.001 * f64::from(i)));
        let (side, phase) = best_rows(picture, left, column_width, bottom, fine, move |s| {
            (-4..=4).map(move |i| phase + s * f64::from(i) / 128.0)
        })?;
        // The board's 29 rows are 15 sides tall; centre them above the toolbar.
        let wanted = bottom as f64 / 2.0 - 7.5 * side;
        let top = phase + ((wanted - phase) / side).round() * side;
        Some(Grid { left, column_width, top, side })
    }
}

/// The columns' left edge and width: the comb of nine boundaries that best matches the colour
/// changes across vertical lines, near the full width divided into ten.
fn columns(picture: &Picture, bottom: usize) -> (f64, f64) {
    let w = picture.width;
    let mut change = vec![0.0f64; w];
    for y in (0..bottom).step_by(3) {
        for (x, slot) in change.iter_mut().enumerate().take(w - 1) {
            let (a, b) = (picture.at(x, y), picture.at(x + 1, y));
            *slot += a.iter().zip(b).map(|(&p, q)| f64::from(p.abs_diff(q))).sum::<f64>();
        }
    }
    // The change at a boundary position, blurred by a pixel either side (JPEG smears edges).
    let at = |position: f64| {
        let i = (position - 0.5).round();
        if i < 1.0 || i >= (w - 2) as f64 {
            return 0.0;
        }
        let i = i as usize;
        change[i] + 0.5 * (change[i - 1] + change[i + 1])
    };
    let nominal = w as f64 / COLS as f64;
    let mut best = (f64::MIN, 0.0, nominal);
    for i in -25..=25 {
        let width = nominal * (1.0 + 0.002 * f64::from(i));
        let spare = w as f64 - COLS as f64 * width;
        for j in -16..=16 {
            let left = spare / 2.0 + f64::from(j) * 0.5;
            let score: f64 = (1..COLS).map(|k| at(left + k as f64 * width)).sum();
            if score > best.0 {
                best = (score, left, width);
            }
        }
    }
    (best.1, best.2)
}

/// The side and phase (the first row's top, modulo the side) among the candidates under which
/// the triangles' insides vary least.
fn best_rows<S, P>(
    picture: &Picture,
    left: f64,
    column_width: f64,
    bottom: usize,
    sides: S,
    phases: impl Fn(f64) -> P,
) -> Option<(f64, f64)>
where
    S: Iterator<Item = f64>,
    P: Iterator<Item = f64>,
{
    let mut best: Option<(f64, f64, f64)> = None;
    for side in sides {
        for phase in phases(side) {
            let grid = Grid { left, column_width, top: phase.rem_euclid(side) - side, side };
            let score = roughness(picture, &grid, bottom);
            if best.is_none_or(|(s, _, _)| score < s) {
                best = Some((score, side, phase.rem_euclid(side)));
            }
        }
    }
    best.filter(|b| b.0.is_finite()).map(|(_, side, phase)| (side, phase))
}

/// The mean colour variance inside the triangles of `grid` that lie wholly above `bottom`.
fn roughness(picture: &Picture, grid: &Grid, bottom: usize) -> f64 {
    // The sample points of the two kinds of triangle, from the corner of their column and row:
    // every triangle of a kind is the same shape moved, so they are computed once.
    let offsets = |row: i64| -> Vec<(f64, f64)> {
        let (left, top) = (grid.left, grid.top + row as f64 * grid.side / 2.0);
        grid.samples(row, 0, 3, 0.8).map(|(x, y)| (x - left, y - top)).collect()
    };
    let kinds = [offsets(0), offsets(1)];
    let rows = (2.0 * bottom as f64 / grid.side) as i64 + 2;
    let (mut total, mut count) = (0.0, 0usize);
    for row in 0..rows {
        let top = grid.top + row as f64 * grid.side / 2.0;
        for col in 0..COLS as i64 {
            let left = grid.left + col as f64 * grid.column_width;
            let points = &kinds[((row + col) % 2) as usize];
            let mut sum = [0.0f64; 3];
            let mut squares = 0.0;
            let mut inside = true;
            for &(dx, dy) in points {
                let (x, y) = (left + dx, top + dy);
                let Some(p) = picture.near(x, y).filter(|_| y < bottom as f64) else {
                    inside = false;
                    break;
                };
                for c in 0..3 {
                    let v = f64::from(p[c]);
                    sum[c] += v;
                    squares += v * v;
                }
            }
            if inside {
                let n = points.len() as f64;
                total += squares / n - sum.iter().map(|s| (s / n) * (s / n)).sum::<f64>();
                count += 1;
            }
        }
    }
    if count == 0 { f64::INFINITY } else { total / count as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Tiling};
    use crate::geometry::Fit;

    #[test]
    fn corners_follow_the_project_layout() {
        let board = Board::new(Tiling::Triangles, ROWS, COLS, vec![Some(0); ROWS * COLS], 1).unwrap();
        let fit = Fit::for_width(&board, 750.0).unwrap();
        let grid = Grid { left: 0.0, column_width: 75.0, top: 0.0, side: fit.side() };
        for shape in fit.shapes(&board) {
            let (row, col) = board.position(shape.tile);
            let corners = grid.corners(row as i64, col as i64);
            for (p, q) in shape.vertices.iter().zip(corners) {
                assert!((p.x - q.0).abs() < 1e-6 && (p.y - q.1).abs() < 1e-6, "{row},{col}: {p:?} vs {q:?}");
            }
        }
    }

    #[test]
    fn samples_stay_inside_their_triangle() {
        let grid = Grid { left: 3.0, column_width: 60.0, top: -20.0, side: 69.0 };
        for (row, col) in [(0, 0), (1, 0), (5, 7), (-1, 3)] {
            let [a, b, c] = grid.corners(row, col);
            let cross =
                |p: (f64, f64), q: (f64, f64), r: (f64, f64)| (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
            let points: Vec<_> = grid.samples(row, col, 13, 0.7).collect();
            assert_eq!(points.len(), 105);
            for p in points {
                assert!(cross(a, b, p) > 0.0 && cross(b, c, p) > 0.0 && cross(c, a, p) > 0.0, "{p:?}");
            }
        }
    }
}
