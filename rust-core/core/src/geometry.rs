//! Where tiles are drawn: a board fitted into a viewport, each tile's polygon, and the tile under a point.
//!
//! Boards are laid out in *units* of one tile side, then scaled and centred into the viewport.
//! Triangles are equilateral: a column is `√3/2` wide and each row starts half a side below the
//! previous one. Viewport coordinates have `y` pointing down, as on both phone platforms.

use crate::board::{Board, Tiling, points_left};

/// Width of a column of triangles, in tile sides.
const COLUMN_WIDTH: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// How far outside a polygon (in tile sides) a point may lie and still hit it: absorbs rounding
/// on the edge two tiles share, far too small to let a visible gap count as a hit.
const EDGE_SLACK: f64 = 1e-9;

/// A point in viewport coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

/// A tile's outline in the viewport.
#[derive(Clone, Debug, PartialEq)]
pub struct TileShape {
    /// The tile's index on the board.
    pub tile: usize,
    /// Corners in clockwise order on screen (3 for triangles, 4 for squares).
    pub vertices: Vec<Point>,
    /// The centroid, where a label or symbol goes.
    pub centre: Point,
}

/// A board fitted into a viewport: as large as fits, centred.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    tiling: Tiling,
    rows: usize,
    cols: usize,
    side: f64,
    origin: Point,
}

impl Fit {
    /// Fits `board` into a `width × height` viewport; `None` unless both are finite and positive.
    pub fn new(board: &Board, width: f64, height: f64) -> Option<Fit> {
        let valid = |v: f64| v.is_finite() && v > 0.0;
        if !valid(width) || !valid(height) {
            return None;
        }
        let (w, h) = extent(board.tiling(), board.rows(), board.cols());
        let side = (width / w).min(height / h);
        let origin = Point { x: (width - w * side) / 2.0, y: (height - h * side) / 2.0 };
        Some(Fit { tiling: board.tiling(), rows: board.rows(), cols: board.cols(), side, origin })
    }

    /// Fits `board` to exactly `width`, as tall as its shape needs (for pictures and terminals);
    /// `None` unless `width` is finite and positive.
    pub fn for_width(board: &Board, width: f64) -> Option<Fit> {
        let (w, h) = extent(board.tiling(), board.rows(), board.cols());
        Fit::new(board, width, width / w * h)
    }

    /// Length of a tile side in viewport points.
    pub fn side(&self) -> f64 {
        self.side
    }

    /// The top-left corner of the board's bounding box.
    pub fn origin(&self) -> Point {
        self.origin
    }

    /// Width and height of the board's bounding box in viewport points.
    pub fn size(&self) -> (f64, f64) {
        let (w, h) = extent(self.tiling, self.rows, self.cols);
        (w * self.side, h * self.side)
    }

    /// The outline of every tile that is not a hole, in tile order.
    pub fn shapes(&self, board: &Board) -> Vec<TileShape> {
        (0..board.len())
            .filter(|&t| board.colour(t).is_some())
            .map(|tile| {
                let (row, col) = board.position(tile);
                let vertices: Vec<Point> =
                    unit_vertices(self.tiling, row, col).iter().map(|&p| self.to_view(p)).collect();
                let n = vertices.len() as f64;
                let centre = Point {
                    x: vertices.iter().map(|p| p.x).sum::<f64>() / n,
                    y: vertices.iter().map(|p| p.y).sum::<f64>() / n,
                };
                TileShape { tile, vertices, centre }
            })
            .collect()
    }

    /// The tile under viewport point `p`: `None` outside the board, on a hole, or for a non-finite point.
    /// Exact on slanted edges: a point on an edge two tiles share hits one of them.
    pub fn tile_at(&self, board: &Board, p: Point) -> Option<usize> {
        let u = Point { x: (p.x - self.origin.x) / self.side, y: (p.y - self.origin.y) / self.side };
        let (w, h) = extent(self.tiling, self.rows, self.cols);
        // Written so that NaN fails the test too.
        if !(u.x >= 0.0 && u.x <= w && u.y >= 0.0 && u.y <= h) {
            return None;
        }
        let (row, col) = match self.tiling {
            Tiling::Squares => (clamp_floor(u.y, self.rows), clamp_floor(u.x, self.cols)),
            Tiling::Triangles => {
                let col = clamp_floor(u.x / COLUMN_WIDTH, self.cols);
                // Triangle k spans rows k/2 ..= k/2 + 1, so two triangles of a column cover any height.
                let below = (2.0 * u.y).floor() as usize;
                [below.checked_sub(1), Some(below)]
                    .into_iter()
                    .flatten()
                    .filter(|&k| k < self.rows)
                    .map(|k| (k, col))
                    .max_by(|&(a, _), &(b, _)| {
                    let inside = |k| depth(&unit_vertices(self.tiling, k, col), u);
                    inside(a).total_cmp(&inside(b))
                })?
            }
        };
        if depth(&unit_vertices(self.tiling, row, col), u) < -EDGE_SLACK {
            return None;
        }
        board.tile(row, col).filter(|&t| board.colour(t).is_some())
    }

    fn to_view(self, p: Point) -> Point {
        Point { x: self.origin.x + p.x * self.side, y: self.origin.y + p.y * self.side }
    }
}

/// Width and height of a board's bounding box, in tile sides.
fn extent(tiling: Tiling, rows: usize, cols: usize) -> (f64, f64) {
    match tiling {
        Tiling::Triangles => (cols as f64 * COLUMN_WIDTH, (rows as f64 + 1.0) / 2.0),
        Tiling::Squares => (cols as f64, rows as f64),
    }
}

/// `floor(v)` as an index below `n` (a point on the far border belongs to the last row or column).
fn clamp_floor(v: f64, n: usize) -> usize {
    (v.floor() as usize).min(n - 1)
}

/// A tile's corners in tile sides, clockwise on screen. Tiles that share an edge compute its
/// two corners with the same expressions, so shared corners are bit-for-bit equal.
fn unit_vertices(tiling: Tiling, row: usize, col: usize) -> Vec<Point> {
    let p = |x: f64, y: f64| Point { x, y };
    match tiling {
        Tiling::Squares => {
            let (x, y) = (col as f64, row as f64);
            vec![p(x, y), p(x + 1.0, y), p(x + 1.0, y + 1.0), p(x, y + 1.0)]
        }
        Tiling::Triangles => {
            let left = col as f64 * COLUMN_WIDTH;
            let right = (col + 1) as f64 * COLUMN_WIDTH;
            let (top, middle, bottom) = (row as f64 / 2.0, (row + 1) as f64 / 2.0, (row + 2) as f64 / 2.0);
            if points_left(row, col) {
                vec![p(right, top), p(right, bottom), p(left, middle)]
            } else {
                vec![p(left, top), p(right, middle), p(left, bottom)]
            }
        }
    }
}

/// How deep `u` lies inside a convex polygon with clockwise-on-screen corners: the smallest
/// distance to an edge line, negative outside.
fn depth(vertices: &[Point], u: Point) -> f64 {
    let n = vertices.len();
    (0..n)
        .map(|i| {
            let (a, b) = (vertices[i], vertices[(i + 1) % n]);
            let (ex, ey) = (b.x - a.x, b.y - a.y);
            (ex * (u.y - a.y) - ey * (u.x - a.x)) / ex.hypot(ey)
        })
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MAX_COLOURS;
    use proptest::prelude::*;

    fn full(tiling: Tiling, rows: usize, cols: usize) -> Board {
        Board::new(tiling, rows, cols, vec![Some(0); rows * cols], MAX_COLOURS).unwrap()
    }

    fn area(v: &[Point]) -> f64 {
        let n = v.len();
        (0..n).map(|i| v[i].x * v[(i + 1) % n].y - v[(i + 1) % n].x * v[i].y).sum::<f64>() / 2.0
    }

    #[test]
    fn triangles_are_equilateral_and_tile_the_box_without_overlap() {
        let board = full(Tiling::Triangles, 29, 10);
        let fit = Fit::new(&board, 390.0, 700.0).unwrap();
        let shapes = fit.shapes(&board);
        let s = fit.side();
        let mut total = 0.0;
        for shape in &shapes {
            let v = &shape.vertices;
            for i in 0..3 {
                let d = (v[i].x - v[(i + 1) % 3].x).hypot(v[i].y - v[(i + 1) % 3].y);
                assert!((d - s).abs() < 1e-9 * s, "side {d} vs {s}");
            }
            assert!(area(v) > 0.0, "clockwise on screen");
            total += area(v);
        }
        // Inside the box, the triangles miss exactly half a triangle at each column's top and bottom.
        let (w, h) = fit.size();
        let triangle = 3f64.sqrt() / 4.0 * s * s;
        assert!((w * h - total - 10.0 * triangle).abs() < 1e-6 * w * h);
    }

    #[test]
    fn fit_centres_the_board_and_rejects_bad_viewports() {
        let board = full(Tiling::Squares, 2, 4);
        let fit = Fit::new(&board, 100.0, 100.0).unwrap();
        assert_eq!(fit.side(), 25.0);
        assert_eq!(fit.origin(), Point { x: 0.0, y: 25.0 });
        for (w, h) in [(0.0, 1.0), (1.0, -1.0), (f64::NAN, 1.0), (1.0, f64::INFINITY)] {
            assert!(Fit::new(&board, w, h).is_none());
        }
    }

    #[test]
    fn slanted_edges_are_exact() {
        let board = full(Tiling::Triangles, 4, 2);
        let fit = Fit::new(&board, 100.0, 100.0).unwrap();
        let shapes = fit.shapes(&board);
        // Tile 0 = (0,0) points right; tile 2 = (1,0) points left; they share the edge from
        // (0,0)'s right corner to its bottom corner. Points just either side of its middle:
        let (a, b) = (shapes[0].vertices[1], shapes[0].vertices[2]);
        let mid = Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
        let normal = Point { x: (b.y - a.y), y: -(b.x - a.x) }; // points out of tile 0
        let nudge = |k: f64| Point { x: mid.x + k * normal.x, y: mid.y + k * normal.y };
        assert_eq!(fit.tile_at(&board, nudge(-1e-6)), Some(0));
        assert_eq!(fit.tile_at(&board, nudge(1e-6)), Some(2));
        assert!(matches!(fit.tile_at(&board, mid), Some(0 | 2)));
        // Left of (0,0)'s top slanted edge there is no tile: the zig-zag border.
        let notch = Point { x: fit.origin().x + 0.8 * fit.side(), y: fit.origin().y + 0.05 * fit.side() };
        assert_eq!(fit.tile_at(&board, notch), None);
    }

    #[test]
    fn holes_and_outside_points_hit_nothing() {
        let board = Board::new(Tiling::Squares, 1, 2, vec![None, Some(0)], 1).unwrap();
        let fit = Fit::new(&board, 20.0, 10.0).unwrap();
        assert_eq!(fit.tile_at(&board, Point { x: 5.0, y: 5.0 }), None);
        assert_eq!(fit.tile_at(&board, Point { x: 15.0, y: 5.0 }), Some(1));
        assert_eq!(fit.tile_at(&board, Point { x: 25.0, y: 5.0 }), None);
        assert_eq!(fit.tile_at(&board, Point { x: f64::NAN, y: 5.0 }), None);
    }

    fn tiling() -> impl Strategy<Value = Tiling> {
        prop_oneof![Just(Tiling::Triangles), Just(Tiling::Squares)]
    }

    proptest! {
        #[test]
        fn every_centre_hits_its_own_tile(
            tiling in tiling(), rows in 1usize..=64, cols in 1usize..=64,
            width in 1.0f64..4000.0, height in 1.0f64..4000.0,
        ) {
            let board = full(tiling, rows, cols);
            let fit = Fit::new(&board, width, height).unwrap();
            for shape in fit.shapes(&board) {
                prop_assert_eq!(fit.tile_at(&board, shape.centre), Some(shape.tile));
            }
        }

        #[test]
        fn a_hit_tile_contains_the_point_and_a_miss_is_in_no_tile(
            tiling in tiling(), rows in 1usize..=12, cols in 1usize..=12,
            width in 10.0f64..1000.0, height in 10.0f64..1000.0,
            fx in -0.1f64..1.1, fy in -0.1f64..1.1,
        ) {
            let board = full(tiling, rows, cols);
            let fit = Fit::new(&board, width, height).unwrap();
            let p = Point { x: fx * width, y: fy * height };
            // Independent check: a scan of every polygon in viewport coordinates.
            let containing: Vec<usize> = fit
                .shapes(&board)
                .into_iter()
                .filter(|s| depth(&s.vertices, p) >= -1e-9 * fit.side())
                .map(|s| s.tile)
                .collect();
            match fit.tile_at(&board, p) {
                Some(t) => prop_assert!(containing.contains(&t), "{t} not in {containing:?}"),
                None => prop_assert!(containing.is_empty(), "missed {containing:?}"),
            }
        }
    }
}
