//! The move counter: the par shown at the start of a level, read from the toolbar's left part.
//!
//! Marks that differ from the toolbar's background are cut into connected shapes; each shape is
//! laid over a 5 × 7 grid and compared with digit templates (from a plain 5 × 7 font, since the
//! game's own font is not known here). The par is returned only when exactly one row of
//! matching digits is found and every digit matches one template clearly: a counter that cannot
//! be read gives `None`, never a guess.

use super::decode::Picture;
use super::toolbar::Toolbar;

/// The digits 0–9 in a 5 × 7 font, `#` for ink.
pub const GLYPHS: [[&str; 7]; 10] = [
    [".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."],
    ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],
    ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
];

/// Largest mean difference between a shape's ink cover and its template.
const MATCH: f64 = 0.25;
/// Largest gap between two digits of one number, in digit heights.
const SPACING: f64 = 0.6;
/// Largest gap, in digit heights, at which a mark that is no digit may belong to the number
/// (digits in a row sit closer, a narrow "1" aside; the icons sit farther).
const NEIGHBOUR: f64 = 0.4;
/// How much worse the second-best template must be.
const CLEAR: f64 = 0.08;

/// A connected mark: its bounding box and pixels.
struct Shape {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
    pixels: Vec<(usize, usize)>,
}

impl Shape {
    fn width(&self) -> usize {
        self.right - self.left + 1
    }

    fn height(&self) -> usize {
        self.bottom - self.top + 1
    }
}

/// The number on the move counter, if it can be read for sure.
pub fn read_par(picture: &Picture, toolbar: &Toolbar) -> Option<u32> {
    let top = toolbar.top + 2;
    let right = (toolbar.swatches.first()?.left as usize).checked_sub(2)?;
    let (width, height) = (right, picture.height.checked_sub(top)?);
    if width < 8 || height < 8 {
        return None;
    }
    let mut area: Vec<[u8; 3]> =
        (top..picture.height).flat_map(|y| (0..right).map(move |x| (x, y))).map(|(x, y)| picture.at(x, y)).collect();
    let background: [u8; 3] = std::array::from_fn(|c| {
        let mid = area.len() / 2;
        area.select_nth_unstable_by_key(mid, |p| p[c]);
        area[mid][c]
    });
    let ink: Vec<bool> = (top..picture.height)
        .flat_map(|y| (0..right).map(move |x| (x, y)))
        .map(|(x, y)| picture.at(x, y).iter().zip(background).any(|(&a, b)| a.abs_diff(b) > 70))
        .collect();
    let mut marks: Vec<(Shape, Option<u32>)> = shapes(&ink, width, height)
        .into_iter()
        .filter(|s| (height / 5..=height * 3 / 4).contains(&s.height()) && s.width() <= s.height())
        .map(|s| {
            let digit = classify(&s);
            (s, digit)
        })
        .collect();
    marks.sort_by_key(|(s, _)| s.left);
    let digits: Vec<&(Shape, Option<u32>)> = marks.iter().filter(|(_, d)| d.is_some()).collect();
    let (first, _) = digits.first()?;
    let (h, t) = (first.height() as f64, first.top as f64);
    let aligned = |s: &Shape| (s.height() as f64 - h).abs() <= 0.15 * h && (s.top as f64 - t).abs() <= 0.15 * h;
    let gap = |a: &Shape, b: &Shape| b.left as f64 - a.right as f64;
    // A mark in line with the digits and as close as they are to each other, but no digit: the
    // number may be longer than what was read.
    let mut value = 0u32;
    for (i, (shape, digit)) in marks.iter().enumerate() {
        let neighbour = |j: Option<usize>| {
            j.and_then(|j| marks.get(j))
                .is_some_and(|(n, d)| d.is_some() && aligned(n) && (gap(n, shape).max(gap(shape, n))) <= NEIGHBOUR * h)
        };
        if digit.is_none() {
            if aligned(shape) && (neighbour(i.checked_sub(1)) || neighbour(Some(i + 1))) {
                return None;
            }
            continue;
        }
        value = value * 10 + digit.unwrap_or(0);
    }
    for pair in digits.windows(2) {
        if !aligned(&pair[1].0) || gap(&pair[0].0, &pair[1].0) > SPACING * h {
            return None;
        }
    }
    let leading_zero = digits.len() > 1 && digits[0].1 == Some(0);
    (digits.len() <= 3 && !leading_zero && value > 0).then_some(value)
}

/// The 8-connected shapes of ink in a `width × height` mask, skipping specks.
fn shapes(ink: &[bool], width: usize, height: usize) -> Vec<Shape> {
    let mut seen = vec![false; ink.len()];
    let mut found = Vec::new();
    for start in 0..ink.len() {
        if !ink[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut stack = vec![start];
        let mut shape = Shape { left: usize::MAX, top: usize::MAX, right: 0, bottom: 0, pixels: Vec::new() };
        while let Some(i) = stack.pop() {
            let (x, y) = (i % width, i / width);
            shape.left = shape.left.min(x);
            shape.right = shape.right.max(x);
            shape.top = shape.top.min(y);
            shape.bottom = shape.bottom.max(y);
            shape.pixels.push((x, y));
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                if nx < 0 || ny < 0 || nx >= width as i64 || ny >= height as i64 {
                    continue;
                }
                let j = ny as usize * width + nx as usize;
                if ink[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if shape.pixels.len() >= 12 {
            found.push(shape);
        }
    }
    found
}

/// The digit a shape clearly is, if any.
fn classify(shape: &Shape) -> Option<u32> {
    let (w, h) = (shape.width() as f64, shape.height() as f64);
    let mut cover = [[0.0f64; 5]; 7];
    for &(x, y) in &shape.pixels {
        let col = (((x - shape.left) as f64 + 0.5) / w * 5.0) as usize;
        let row = (((y - shape.top) as f64 + 0.5) / h * 7.0) as usize;
        cover[row.min(6)][col.min(4)] += 1.0;
    }
    let cell = w * h / 35.0;
    let mut scores: Vec<(f64, u32)> = (0..10u32)
        .filter_map(|digit| {
            let glyph = &GLYPHS[digit as usize];
            let inked = |c: usize| glyph.iter().any(|row| row.as_bytes()[c] == b'#');
            let (first, last) = ((0..5).find(|&c| inked(c))?, (0..5).rfind(|&c| inked(c))?);
            let span = (last - first + 1) as f64;
            // The shape's proportions must fit the glyph's: a "1" is narrow, the others are not.
            let aspect = (w / h) / (span / 7.0);
            if !(0.6..=1.6).contains(&aspect) {
                return None;
            }
            let mut difference = 0.0;
            for (r, row) in cover.iter().enumerate() {
                for (c, &value) in row.iter().enumerate() {
                    let source = first + ((c as f64 + 0.5) / 5.0 * span) as usize;
                    let want = if glyph[r].as_bytes()[source.min(last)] == b'#' { 1.0 } else { 0.0 };
                    difference += ((value / cell).min(1.0) - want).abs();
                }
            }
            Some((difference / 35.0, digit))
        })
        .collect();
    scores.sort_by(|a, b| a.0.total_cmp(&b.0));
    let best = *scores.first()?;
    let clear = scores.get(1).is_none_or(|second| second.0 - best.0 >= CLEAR);
    (best.0 <= MATCH && clear).then_some(best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::colour::Lab;
    use crate::import::toolbar::Swatch;

    /// A 600 × 1000 picture whose bottom 100 rows are a toolbar with `text` drawn at `x` in the
    /// 5 × 7 font, `dot` pixels a dot; `?` draws a blob that is no digit.
    fn toolbar_with(text: &str, x: usize, dot: usize) -> (Picture, Toolbar) {
        let (width, height, top) = (600, 1000, 900);
        let mut picture = Picture { width, height, rgb: vec![240; width * height * 3] };
        let mut ink = |px: usize, py: usize| {
            let i = 3 * (py * width + px);
            picture.rgb[i..i + 3].copy_from_slice(&[40, 40, 50]);
        };
        let y0 = top + 50 - 7 * dot / 2;
        for (k, ch) in text.chars().enumerate() {
            let left = x + k * 6 * dot;
            let glyph = match ch.to_digit(10) {
                Some(d) => GLYPHS[d as usize],
                None => ["#####", "#####", "##.##", "#...#", "##.##", "#####", "#####"],
            };
            for (r, line) in glyph.iter().enumerate() {
                for (c, b) in line.bytes().enumerate() {
                    if b == b'#' {
                        for dy in 0..dot {
                            for dx in 0..dot {
                                ink(left + c * dot + dx, y0 + r * dot + dy);
                            }
                        }
                    }
                }
            }
        }
        let swatch = Swatch { left: 300.0, right: 600.0, rgb: [200, 0, 0], lab: Lab::from_srgb([200, 0, 0]) };
        (picture, Toolbar { top, swatches: vec![swatch] })
    }

    #[test]
    fn reads_the_counter_at_any_size() {
        for (text, dot) in [("17", 5), ("4", 6), ("10", 4), ("258", 5), ("9", 8), ("36", 7)] {
            let (picture, toolbar) = toolbar_with(text, 80, dot);
            assert_eq!(read_par(&picture, &toolbar), text.parse().ok(), "{text} at {dot}");
        }
    }

    #[test]
    fn anything_unsure_is_none() {
        for text in ["1?", "?", "", "07", "1234"] {
            let (picture, toolbar) = toolbar_with(text, 80, 5);
            assert_eq!(read_par(&picture, &toolbar), None, "{text}");
        }
        // Two numbers apart: which is the counter is not sure.
        let (mut picture, toolbar) = toolbar_with("3", 40, 5);
        let (other, _) = toolbar_with("3", 200, 5);
        for i in 0..picture.rgb.len() {
            picture.rgb[i] = picture.rgb[i].min(other.rgb[i]);
        }
        assert_eq!(read_par(&picture, &toolbar), None);
    }
}
