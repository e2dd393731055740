//! The toolbar: the band across the bottom of the screenshot, and the colour swatches that fill
//! its right-hand part.
//!
//! The band is found from the bottom up as the rows that repeat the bottom row over most of the
//! width: the swatches are flat blocks of colour from the band's top to its bottom, the controls
//! sit on a flat panel; the board's tiles above have texture and edges, and differ.

use super::ImportError;
use super::colour::Lab;
use super::decode::Picture;

/// Largest difference (in 0–255 steps, per channel) between two pixels of one flat swatch.
const FLAT: u8 = 14;
/// The band's height as a share of the image's height.
const BAND: (f64, f64) = (0.04, 0.2);

/// A colour swatch: its place on the toolbar and its colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Swatch {
    /// Left edge in pixels.
    pub left: f64,
    /// Right edge in pixels.
    pub right: f64,
    /// Its colour in sRGB.
    pub rgb: [u8; 3],
    /// Its colour in OKLab.
    pub lab: Lab,
}

/// The toolbar found in a screenshot.
#[derive(Clone, Debug, PartialEq)]
pub struct Toolbar {
    /// The first row of the band, in pixels: the board lies above it.
    pub top: usize,
    /// The swatches from left to right: palette order.
    pub swatches: Vec<Swatch>,
}

impl Toolbar {
    /// Finds the band and its swatches.
    pub fn find(picture: &Picture) -> Result<Toolbar, ImportError> {
        let top = band_top(picture)?;
        let swatches = swatches(picture, top)?;
        Ok(Toolbar { top, swatches })
    }
}

fn close(a: [u8; 3], b: [u8; 3], tolerance: u8) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tolerance)
}

/// The top row of the band: rows above the bottom one that repeat most of it (so the icons, the
/// counter or the home indicator drawn over part of it do not end the band).
fn band_top(picture: &Picture) -> Result<usize, ImportError> {
    let h = picture.height;
    let xs: Vec<usize> = (0..picture.width).step_by(2).collect();
    let reference = h - 1 - (h as f64 * 0.015) as usize;
    let row = |y: usize| xs.iter().map(|&x| picture.at(x, y)).collect::<Vec<_>>();
    let bottom = row(reference);
    let same = |y: usize| {
        let agree = row(y).iter().zip(&bottom).filter(|&(&a, &b)| close(a, b, FLAT)).count();
        5 * agree > 3 * xs.len()
    };
    let mut top = reference;
    while top > 0 && (same(top - 1) || (top > 1 && same(top - 2))) {
        top -= 1;
    }
    let share = (h - top) as f64 / h as f64;
    if !(BAND.0..=BAND.1).contains(&share) {
        return Err(ImportError::NotABoard("no toolbar of colour swatches across the bottom".into()));
    }
    Ok(top)
}

/// The swatches: equally wide flat runs of colour at the right of the band, read along its lower
/// middle (the first swatch's folded corner is at its top).
fn swatches(picture: &Picture, top: usize) -> Result<Vec<Swatch>, ImportError> {
    let (w, h) = (picture.width, picture.height);
    let band = h - top;
    let rows: Vec<usize> = (top + band * 2 / 5..top + band * 4 / 5).collect();
    // Each column's middle pixel over those rows, channel by channel.
    let profile: Vec<[u8; 3]> = (0..w)
        .map(|x| {
            let mut column: Vec<[u8; 3]> = rows.iter().map(|&y| picture.at(x, y)).collect();
            std::array::from_fn(|c| {
                let mid = column.len() / 2;
                column.select_nth_unstable_by_key(mid, |p| p[c]);
                column[mid][c]
            })
        })
        .collect();
    // Maximal runs of near-equal neighbours, right to left.
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut end = w;
    for x in (0..w).rev() {
        if x == 0 || !close(profile[x - 1], profile[x], FLAT / 2) {
            runs.push((x, end));
            end = x;
        }
    }
    let long = |&(a, b): &(usize, usize)| (b - a) as f64 >= 0.05 * w as f64;
    let runs: Vec<(usize, usize)> = runs.into_iter().filter(long).collect();
    let not_board = |why: &str| ImportError::NotABoard(why.into());
    let &(first_left, first_right) = runs.first().ok_or_else(|| not_board("no colour swatches on the toolbar"))?;
    if (w - first_right) as f64 > 0.03 * w as f64 {
        return Err(not_board("no colour swatch at the right of the toolbar"));
    }
    let width = (first_right - first_left) as f64;
    // The controls' panel shows at the band's left edge; a stretch of it between icons is no swatch.
    let panel = profile[w / 100];
    let mut chosen = vec![(first_left, first_right)];
    for &(a, b) in &runs[1..] {
        let gap = chosen.last().map_or(0, |&(left, _)| left.saturating_sub(b));
        let similar = ((b - a) as f64 - width).abs() <= 0.1 * width + 3.0;
        if gap as f64 > 0.02 * w as f64 || !similar || close(profile[(a + b) / 2], panel, FLAT) {
            break;
        }
        chosen.push((a, b));
    }
    chosen.reverse();
    if !(2..=crate::board::MAX_COLOURS).contains(&chosen.len()) || chosen[0].0 < w / 5 {
        return Err(not_board("the toolbar does not hold 2 to 6 colour swatches"));
    }
    let swatches: Vec<Swatch> = chosen
        .into_iter()
        .map(|(a, b)| {
            let margin = (b - a) / 5;
            let mut pixels: Vec<[u8; 3]> = rows
                .iter()
                .flat_map(|&y| (a + margin..b - margin).step_by(2).map(move |x| (x, y)))
                .map(|(x, y)| picture.at(x, y))
                .collect();
            let rgb: [u8; 3] = std::array::from_fn(|c| {
                let mid = pixels.len() / 2;
                pixels.select_nth_unstable_by_key(mid, |p| p[c]);
                pixels[mid][c]
            });
            Swatch { left: a as f64, right: b as f64, rgb, lab: Lab::from_srgb(rgb) }
        })
        .collect();
    Ok(swatches)
}
