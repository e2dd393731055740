//! Each triangle's colour: a palette swatch or a hole.
//!
//! A triangle is read as the per-channel median, in OKLab, of points spread over its inside
//! (away from the edges), so paper texture and fold shading do not move it. It is a tile of the
//! nearest swatch when that swatch is clearly nearer than any other and than the background; a
//! hole when it is far from every swatch or clearly nearer the background. The background, seen
//! through the holes far from every swatch, is a smooth gradient, so a line fitted through their
//! colours by height predicts it behind any triangle. Where colour leaves it unsure, texture
//! decides: tiles have paper grain, the background none. Anything less clear is an error, never
//! a guess.

use super::ImportError;
use super::colour::{Lab, lightness_spread, median};
use super::decode::Picture;
use super::grid::{COLS, Grid, ROWS};
use super::toolbar::Swatch;

/// Bounds of the distance from every swatch beyond which a triangle may show the background (the
/// limit between them follows the screenshot's own noise; without a background to compare, a
/// tile must be within it).
const TILE: (f32, f32) = (0.03, 0.045);
/// How far from every swatch the fitted background must stay.
const APART: f32 = 0.04;
/// How far from the fitted background a hole's colour may be.
const AGREE: f32 = 0.04;
/// Farther than this from every swatch, a triangle is a hole.
const HOLE: f32 = 0.09;
/// Two swatches nearer than this cannot be told apart on textured paper.
const DISTINCT: f32 = 0.06;
/// The nearest reference must be this much nearer than the next for a confident verdict.
const MARGIN: f32 = 1.5;
/// Lightness spreads below which a triangle is smooth background, and above which it is grainy
/// paper, when its colour leaves it unsure.
const SMOOTH: (f32, f32) = (0.006, 0.009);
/// Lightness spread above which a triangle's inside is not one tile (its grid is off).
const ROUGH: f32 = 0.15;
/// Share of rough triangles above which the grid is taken as not found.
const ROUGH_SHARE: f64 = 0.1;
/// Fewest of a triangle's sample points that must be on screen.
const VISIBLE: usize = 12;

/// What one triangle was read as.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The palette index, or `None` for a hole.
    pub colour: Option<u8>,
    /// The triangle's median colour.
    pub lab: Lab,
    /// Its distance to the swatch or background it was matched to.
    pub distance: f32,
}

/// Reads every triangle of the board: `ROWS × COLS` verdicts, row by row.
pub fn classify(
    picture: &Picture,
    grid: &Grid,
    bottom: usize,
    swatches: &[Swatch],
) -> Result<Vec<Verdict>, ImportError> {
    for (i, a) in swatches.iter().enumerate() {
        for (j, b) in swatches.iter().enumerate().skip(i + 1) {
            if a.lab.distance(b.lab) < DISTINCT {
                return Err(ImportError::ColoursAlike(format!("swatches {} and {} look the same", i + 1, j + 1)));
            }
        }
    }
    let mut readings = Vec::with_capacity(ROWS * COLS);
    let mut spreads = Vec::with_capacity(ROWS * COLS);
    let mut rough = 0;
    for row in 0..ROWS as i64 {
        for col in 0..COLS as i64 {
            let mut points = inside(picture, grid, bottom, row, col);
            if points.len() < VISIBLE {
                return Err(ImportError::NotABoard(format!("row {} is cut off the screenshot", row + 1)));
            }
            let lab = median(&mut points).unwrap_or_default();
            let spread = lightness_spread(&mut points);
            if spread > ROUGH {
                rough += 1;
            }
            readings.push(lab);
            spreads.push(spread);
        }
    }
    if rough as f64 > ROUGH_SHARE * readings.len() as f64 {
        return Err(ImportError::NotABoard("no triangle grid of tiles above the toolbar".into()));
    }
    let limit = tile_limit(&readings, swatches);
    let background = Background::fit(grid, &readings, &spreads, swatches, limit);
    readings
        .iter()
        .enumerate()
        .map(|(i, &lab)| verdict(i, lab, spreads[i], limit, swatches, background.as_ref().map(|b| b.at(grid, i))))
        .collect()
}

/// How far from every swatch a triangle must be to be taken as showing the background when
/// fitting it: a few times the typical distance of the triangles near a swatch, so that it
/// follows how far shading and compression move tiles in this screenshot.
fn tile_limit(readings: &[Lab], swatches: &[Swatch]) -> f32 {
    let mut near: Vec<f32> = readings.iter().map(|&lab| nearest(lab, swatches).1).filter(|&d| d < HOLE).collect();
    if near.is_empty() {
        return TILE.0;
    }
    // The lower quartile: holes near a tile colour may be many, but tiles are most.
    let quartile = near.len() / 4;
    near.select_nth_unstable_by(quartile, f32::total_cmp);
    (near[quartile] * 5.0).clamp(TILE.0, TILE.1)
}

/// The colours of the sample points of triangle `(row, col)` that are on screen above `bottom`.
fn inside(picture: &Picture, grid: &Grid, bottom: usize, row: i64, col: i64) -> Vec<Lab> {
    grid.samples(row, col, 13, 0.7)
        .filter(|&(_, y)| y < bottom as f64)
        .filter_map(|(x, y)| picture.near(x, y))
        .map(Lab::from_srgb)
        .collect()
}

/// Whether a triangle of the two rows just above or below the board shows a tile (near a swatch
/// and grainy): then the board does not start where the grid puts it. On 16:9 screens those rows
/// are off screen; on taller ones the board is shorter than the space and they show background.
pub fn tiles_outside(picture: &Picture, grid: &Grid, bottom: usize, swatches: &[Swatch]) -> bool {
    [-2, -1, ROWS as i64, ROWS as i64 + 1].into_iter().any(|row| {
        (0..COLS as i64).any(|col| {
            let mut points = inside(picture, grid, bottom, row, col);
            if points.len() < VISIBLE {
                return false;
            }
            let lab = median(&mut points).unwrap_or_default();
            nearest(lab, swatches).1 < TILE.0 && lightness_spread(&mut points) > SMOOTH.1
        })
    })
}

fn nearest(lab: Lab, swatches: &[Swatch]) -> (usize, f32, f32) {
    let mut d: Vec<(usize, f32)> = swatches.iter().map(|s| s.lab.distance(lab)).enumerate().collect();
    d.sort_by(|a, b| a.1.total_cmp(&b.1));
    (d[0].0, d[0].1, d.get(1).map_or(f32::INFINITY, |x| x.1))
}

fn verdict(
    i: usize,
    lab: Lab,
    spread: f32,
    limit: f32,
    swatches: &[Swatch],
    background: Option<Lab>,
) -> Result<Verdict, ImportError> {
    let (index, near, second) = nearest(lab, swatches);
    let (row, col) = (i / COLS + 1, i % COLS + 1);
    let to_background = background.map_or(f32::INFINITY, |b| b.distance(lab));
    if near >= HOLE || to_background * MARGIN < near {
        return Ok(Verdict { colour: None, lab, distance: to_background.min(near) });
    }
    if second < near * MARGIN {
        return Err(ImportError::ColoursAlike(format!(
            "the tile at row {row}, column {col} could be either of two swatches"
        )));
    }
    // Without a background to compare, a triangle is a tile only within the usual tile noise.
    let clear = if background.is_some() { near * MARGIN < to_background } else { near < limit };
    if clear {
        return Ok(Verdict { colour: Some(index as u8), lab, distance: near });
    }
    // Still unsure: paper has grain, the background is a smooth gradient.
    if spread < SMOOTH.0 {
        return Ok(Verdict { colour: None, lab, distance: to_background.min(near) });
    }
    if spread > SMOOTH.1 && near < HOLE {
        return Ok(Verdict { colour: Some(index as u8), lab, distance: near });
    }
    Err(ImportError::ColoursAlike(format!(
        "cannot tell whether the triangle at row {row}, column {col} is a tile or a hole"
    )))
}

/// The background seen through holes: its colour as a straight line over the height.
struct Background {
    base: Lab,
    slope: Lab,
}

impl Background {
    /// Fits the line through the smooth triangles beyond `limit` from every swatch, then again without
    /// those far off the first line; `None` without three that agree, or if it runs near a swatch.
    fn fit(grid: &Grid, readings: &[Lab], spreads: &[f32], swatches: &[Swatch], limit: f32) -> Option<Background> {
        let far: Vec<(f64, Lab)> = readings
            .iter()
            .enumerate()
            .filter(|&(i, &lab)| nearest(lab, swatches).1 >= limit && spreads[i] < SMOOTH.1)
            .map(|(i, &lab)| (centre_y(grid, i), lab))
            .collect();
        let first = Background::line(grid, &far)?;
        let agree: Vec<(f64, Lab)> = far.into_iter().filter(|&(y, lab)| first.at_y(y).distance(lab) < AGREE).collect();
        if agree.len() < 3 {
            return None;
        }
        // Tiles darkened by folds can agree among themselves; a background never looks like a swatch.
        let line = Background::line(grid, &agree)?;
        let apart = agree.iter().all(|&(y, _)| nearest(line.at_y(y), swatches).1 >= APART);
        apart.then_some(line)
    }

    /// The least-squares line through `(height, colour)` points (flat when they span under a side).
    fn line(grid: &Grid, holes: &[(f64, Lab)]) -> Option<Background> {
        let n = holes.len() as f64;
        if holes.is_empty() {
            return None;
        }
        let mean_y = holes.iter().map(|h| h.0).sum::<f64>() / n;
        let mean = |f: fn(&Lab) -> f32| holes.iter().map(|h| f64::from(f(&h.1))).sum::<f64>() / n;
        let spread: f64 = holes.iter().map(|h| (h.0 - mean_y).powi(2)).sum();
        let slope = |f: fn(&Lab) -> f32, m: f64| {
            if spread < grid.side * grid.side {
                0.0
            } else {
                holes.iter().map(|h| (h.0 - mean_y) * (f64::from(f(&h.1)) - m)).sum::<f64>() / spread
            }
        };
        let (ml, ma, mb) = (mean(|c| c.l), mean(|c| c.a), mean(|c| c.b));
        let (sl, sa, sb) = (slope(|c| c.l, ml), slope(|c| c.a, ma), slope(|c| c.b, mb));
        Some(Background {
            base: Lab { l: (ml - sl * mean_y) as f32, a: (ma - sa * mean_y) as f32, b: (mb - sb * mean_y) as f32 },
            slope: Lab { l: sl as f32, a: sa as f32, b: sb as f32 },
        })
    }

    fn at_y(&self, y: f64) -> Lab {
        let y = y as f32;
        Lab { l: self.base.l + self.slope.l * y, a: self.base.a + self.slope.a * y, b: self.base.b + self.slope.b * y }
    }

    /// The predicted background behind triangle `i`.
    fn at(&self, grid: &Grid, i: usize) -> Lab {
        self.at_y(centre_y(grid, i))
    }
}

fn centre_y(grid: &Grid, i: usize) -> f64 {
    grid.top + (i / COLS + 1) as f64 * grid.side / 2.0
}
