//! Designed boards: bands laid out as a motif (stripes, zig-zags, chevrons, rings, nested
//! diamonds, a weave), coloured in a repeating sequence, made symmetric where the spec asks,
//! then given a few small patches of another colour so that the picture becomes a puzzle.
//!
//! Band boards are one connected board whose region graph is close to a path or a tree, so their
//! par is high for the number of regions and the solver's bounds stay close to it: that is what
//! lets connected boards of par 10–15 prove in seconds today.
//!
//! Portable like the organic generator: integer geometry only, the core's [`Random`], and proofs
//! budgeted in search nodes, so a seed gives the same board on every device.

use super::{GenerateError, Generated, Rating, Spec, check, palette};
use crate::board::{Board, Colour, Tiling, points_left};
use crate::level::Level;
use crate::random::Random;
use crate::solver::{Budget, solve};
use std::sync::Arc;

/// How much search a generation may spend: it is counted in nodes, never in time, so that the
/// same seed gives the same board on every device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Search nodes one candidate's proof may take; boards that need more are passed over.
    pub proof_nodes: u64,
    /// Search nodes all attempts together may spend before giving up.
    pub total_nodes: u64,
}

impl Effort {
    /// For level packs: proofs of about a second, up to a few tens of seconds in all.
    pub const PACK: Effort = Effort { proof_nodes: 1_500_000, total_nodes: 20_000_000 };
}

/// Candidates tried before giving up.
const ATTEMPTS: u32 = 200;
/// Units of the integer geometry: a triangle's side is 28 units tall, a column about 24 wide.
const SIDE: i64 = 28;

/// A designed layout of bands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Motif {
    /// Straight bands across the board, level or slanted.
    Stripes,
    /// Bands that zig and zag across the board.
    ZigZag,
    /// Bands bent into one V, pointing up or down.
    Chevrons,
    /// Rings around the centre.
    Rings,
    /// Nested diamonds around the centre.
    Diamonds,
    /// Level and upright bands passing over and under each other.
    Woven,
}

impl Motif {
    /// Every motif, in the order [`Motif::name`] lists them.
    pub const ALL: [Motif; 6] =
        [Motif::Stripes, Motif::ZigZag, Motif::Chevrons, Motif::Rings, Motif::Diamonds, Motif::Woven];

    /// The motif's name on the command line, e.g. `zigzag`.
    pub fn name(self) -> &'static str {
        match self {
            Motif::Stripes => "stripes",
            Motif::ZigZag => "zigzag",
            Motif::Chevrons => "chevrons",
            Motif::Rings => "rings",
            Motif::Diamonds => "diamonds",
            Motif::Woven => "woven",
        }
    }

    /// The motif of that name.
    pub fn parse(name: &str) -> Option<Motif> {
        Motif::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// The shape of one candidate: how wide the bands are, which way they run, and the patches.
struct Layout {
    /// Band width in geometry units.
    width: i64,
    /// A slant, wave height or aspect, by motif (see [`band`]).
    lean: i64,
    /// Where the bands start counting: shifts the picture by part of a band.
    phase: i64,
    /// Colours in band order (a repeating cycle over the palette).
    cycle: Vec<Colour>,
    /// Small patches of another colour.
    patches: usize,
}

/// Generates a level of `motif` for `spec` (its tiling, size, colours, par range, symmetry and
/// mask; holes come from the mask) from `seed`, named `name` with id `id`, with [`Effort::PACK`].
pub fn generate(seed: u64, spec: &Spec, motif: Motif, id: &str, name: &str) -> Result<Generated, GenerateError> {
    generate_within(seed, spec, motif, id, name, Effort::PACK)
}

/// Like [`generate`], spending at most `effort`.
pub fn generate_within(
    seed: u64,
    spec: &Spec,
    motif: Motif,
    id: &str,
    name: &str,
    effort: Effort,
) -> Result<Generated, GenerateError> {
    check(spec)?;
    if spec.holes {
        return Err(GenerateError::Spec("motif boards take their holes from a mask, not --holes".into()));
    }
    let mut random = Random::new(seed);
    let palette = palette(&mut random, spec.colours);
    let target = (f64::from(*spec.par.start()) + f64::from(*spec.par.end())) / 2.0;
    // About one band per move of par across the board's longer side, adjusted after each miss.
    let span = (spec.rows.max(spec.cols) as i64 + 1) * SIDE / 2;
    let mut width = (span / (target as i64 + 1)).max(6);
    let budget = Budget { max_nodes: Some(effort.proof_nodes), ..Budget::default() };
    let mut spent = 0;
    for attempt in 0..ATTEMPTS {
        if spent >= effort.total_nodes {
            return Err(GenerateError::NotFound { attempts: attempt });
        }
        let layout = layout(&mut random, spec.colours, width);
        let board = draw(&mut random, spec, motif, &layout);
        let solution = solve(&board, spec.colours, &budget);
        spent += solution.nodes;
        let par = solution.moves.len() as u32;
        if solution.optimal
            && spec.par.contains(&par)
            && let Ok(level) = Level::new(id.into(), name.into(), par, palette.clone(), board)
        {
            let level = Arc::new(level);
            return Ok(Generated { rating: Rating::of(&level), level });
        }
        if solution.optimal && par < *spec.par.start() {
            width = (width - 1 - width / 10).max(6);
        } else if par > *spec.par.end() || !solution.optimal {
            width += 1 + width / 10;
        }
    }
    Err(GenerateError::NotFound { attempts: ATTEMPTS })
}

/// A random layout with bands about `width` wide.
fn layout(random: &mut Random, colours: usize, width: i64) -> Layout {
    // Every colour once in a random order, then up to colours − 1 more, each different from the
    // one before it and from the first, so that neighbouring bands differ all the way round.
    let mut cycle: Vec<Colour> = (0..colours as Colour).collect();
    random.shuffle(&mut cycle);
    for _ in 0..random.below(colours) {
        let (before, first) = (cycle[cycle.len() - 1], cycle[0]);
        let free: Vec<Colour> = (0..colours as Colour).filter(|&c| c != before && c != first).collect();
        if free.is_empty() {
            break;
        }
        cycle.push(free[random.below(free.len())]);
    }
    let width = width + random.below(3) as i64 - 1;
    Layout {
        width: width.max(6),
        lean: random.below(5) as i64 - 2,
        phase: random.below(width.max(1) as usize) as i64,
        cycle,
        patches: 2 + random.below(5),
    }
}

/// The centre of `tile` in geometry units, from the board's centre.
fn centre(spec: &Spec, tile: usize) -> (i64, i64) {
    let (row, col) = ((tile / spec.cols) as i64, (tile % spec.cols) as i64);
    let (rows, cols) = (spec.rows as i64, spec.cols as i64);
    match spec.tiling {
        // A column is √3/2 of a side wide (24 units of 28); a triangle's centroid is a third of
        // the column from its vertical edge, and it spans two rows of half a side.
        Tiling::Triangles => {
            let x = 24 * col + if points_left(row as usize, col as usize) { 16 } else { 8 };
            (x - 12 * cols, 14 * row + 14 - 7 * (rows + 1))
        }
        Tiling::Squares => (SIDE * col + SIDE / 2 - SIDE * cols / 2, SIDE * row + SIDE / 2 - SIDE * rows / 2),
    }
}

/// The band `(x, y)` falls in, and for a weave which of its two families shows there.
fn band(motif: Motif, layout: &Layout, (x, y): (i64, i64)) -> i64 {
    let w = layout.width;
    let lean = layout.lean;
    let at = |v: i64| (v + layout.phase).div_euclid(w);
    match motif {
        Motif::Stripes => at(y + lean * x / 2),
        Motif::ZigZag => {
            let period = 4 * w;
            let wave = (x.rem_euclid(period) - period / 2).abs();
            at(y + wave * (2 + lean.abs()) / 3)
        }
        Motif::Chevrons => at(if lean >= 0 { y + x.abs() } else { y - x.abs() }),
        Motif::Rings => {
            let r2 = (x * x + y * y) as u64;
            at(r2.isqrt() as i64)
        }
        Motif::Diamonds => at(x.abs() * (3 + lean.abs()) / 3 + y.abs()),
        Motif::Woven => {
            let (across, down) = (at(y), (x + layout.phase).div_euclid(w + w / 2));
            // Over and under: where the sum is even the level band shows, else the upright one.
            if (across + down).rem_euclid(2) == 0 { 2 * across } else { 2 * down + 1 }
        }
    }
}

/// Draws the layout: every tile the colour of its band in the cycle, made symmetric, then a few
/// patches (a tile and up to three of its neighbours, with their mirror images) in another colour.
fn draw(random: &mut Random, spec: &Spec, motif: Motif, layout: &Layout) -> Board {
    let tiles = spec.rows * spec.cols;
    let n = layout.cycle.len() as i64;
    let mut cells: Vec<Option<Colour>> = (0..tiles)
        .map(|t| {
            let b = band(motif, layout, centre(spec, t));
            Some(layout.cycle[b.rem_euclid(n) as usize])
        })
        .collect();
    // Each tile takes its mirror image's colour where that is the smaller tile: an exact symmetry.
    for t in 0..tiles {
        let image = spec.symmetry.image(spec.rows, spec.cols, t);
        if image < t {
            cells[t] = cells[image];
        }
    }
    let shape = Board::new(spec.tiling, spec.rows, spec.cols, vec![Some(0); tiles], spec.colours)
        .expect("checked dimensions make a valid board");
    for _ in 0..layout.patches {
        let t = random.below(tiles);
        let mut patch = vec![t];
        for n in shape.neighbours(t) {
            if random.chance(2, 3) {
                patch.push(n);
            }
        }
        let own = cells[t].unwrap_or(0);
        let colour = (own as usize + 1 + random.below(spec.colours - 1)) % spec.colours;
        for &p in &patch {
            for q in [p, spec.symmetry.image(spec.rows, spec.cols, p)] {
                cells[q] = Some(colour as Colour);
            }
        }
    }
    if let Some(mask) = &spec.mask {
        for (cell, &inside) in cells.iter_mut().zip(mask) {
            if !inside {
                *cell = None;
            }
        }
    }
    Board::new(spec.tiling, spec.rows, spec.cols, cells, spec.colours).unwrap_or(shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Symmetry;

    #[test]
    fn every_motif_gives_the_same_level_for_a_seed_with_a_proven_par() {
        for motif in Motif::ALL {
            let spec = Spec { symmetry: Symmetry::LeftRight, ..Spec::kami(4, 6..=9) };
            let a = generate(5, &spec, motif, "m/5", "M").unwrap_or_else(|e| panic!("{motif:?}: {e}"));
            let b = generate(5, &spec, motif, "m/5", "M").unwrap();
            assert_eq!(a.level, b.level, "{motif:?}");
            let board = a.level.board();
            let proof = solve(board, 4, &Budget::default());
            assert!(proof.optimal && proof.moves.len() as u32 == a.level.par(), "{motif:?}");
            assert!(spec.par.contains(&a.level.par()));
            for t in 0..board.len() {
                assert_eq!(board.colour(t), board.colour(Symmetry::LeftRight.image(29, 10, t)), "{motif:?} {t}");
            }
            assert_eq!(Motif::parse(motif.name()), Some(motif));
        }
        assert_eq!(Motif::parse("spirals"), None);
    }

    #[test]
    fn holes_come_from_a_mask_only() {
        let spec = Spec { holes: true, ..Spec::kami(4, 6..=9) };
        assert!(matches!(generate(1, &spec, Motif::Rings, "x", "x"), Err(GenerateError::Spec(_))));
        let mut mask = vec![true; 290];
        mask[..10].fill(false);
        let spec = Spec { mask: Some(mask), ..Spec::kami(4, 6..=9) };
        let level = generate(1, &spec, Motif::Rings, "x", "x").unwrap().level;
        assert!((0..290).all(|t| level.board().colour(t).is_none() == (t < 10)));
    }
}
