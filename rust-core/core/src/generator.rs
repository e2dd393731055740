//! The level generator: boards that look designed (organic regions grown across the grid, with
//! optional mirror or rotational symmetry and holes), coloured so neighbouring regions differ,
//! with a par the solver proves and a difficulty rating.
//!
//! Everything follows from the seed: the randomness is [`Random`] and the solver runs on a node
//! budget, not a clock, so the same seed gives the same level on every device.

pub use crate::board::Symmetry;
use crate::board::{Board, Colour, MAX_COLOURS, MAX_SIDE, Tiling};
use crate::level::{Level, MIN_COLOURS, Rgb};
use crate::random::Random;
use crate::solver::{Budget, RegionGraph, lower_bound, solve};
use std::fmt;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub mod motif;

/// Search nodes a generated board's proof may take; harder boards are passed over.
const PROOF_NODES: u64 = 150_000;
/// Search nodes the rating spends on each first move, and on all of them.
const RATING_NODES: u64 = 4_000;
const RATING_NODES_IN_ALL: u64 = 100_000;
/// The rating searches every `RATING_STRIDE`th open first move, then the ones after those, and so on.
const RATING_STRIDE: usize = 7;
/// Search nodes all attempts together may spend before the generator gives up (about ten
/// seconds on a phone), so that a spec no board meets fails in reasonable time.
const GENERATION_NODES: u64 = 6_000_000;
/// Boards tried before giving up.
const ATTEMPTS: u32 = 300;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Tile shape.
    pub tiling: Tiling,
    /// Rows (KAMI 2: 29).
    pub rows: usize,
    /// Columns (KAMI 2: 10).
    pub cols: usize,
    /// Palette size, 2–6.
    pub colours: usize,
    /// Par range to hit.
    pub par: RangeInclusive<u32>,
    /// Symmetry of the board.
    pub symmetry: Symmetry,
    /// Whether to cut holes.
    pub holes: bool,
    /// Which tiles are part of the board (row by row; `false` = a hole), e.g. to cut it into
    /// islands; `None` uses every tile. Regions grow only inside it.
    pub mask: Option<Vec<bool>>,
}

impl Spec {
    /// The KAMI 2 board (29 × 10 triangles) with `colours` colours aiming at `par`.
    pub fn kami(colours: usize, par: RangeInclusive<u32>) -> Spec {
        Spec {
            tiling: Tiling::Triangles,
            rows: 29,
            cols: 10,
            colours,
            par,
            symmetry: Symmetry::None,
            holes: false,
            mask: None,
        }
    }
}

/// How hard a level is, and what that is made of.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The proven par.
    pub par: u32,
    /// Different first moves a player can make (a region and a colour one of its neighbours has).
    pub first_moves: u32,
    /// First moves shown to keep par reachable, by a small search per move asking whether par − 1
    /// more moves suffice (at least one, since par is proven). Where the rating's budget runs out
    /// this undercounts, never overcounts.
    pub promising_first_moves: u32,
    /// Difficulty from 1 (trivial) towards 10: mostly par, then how few first moves keep par in
    /// reach, then the number of colours, eased so that it grows ever more slowly near the top.
    pub difficulty: f64,
}

impl Rating {
    /// Rates `level`, whose par is proven: rules first moves out by the lower bound, then tries
    /// as many of the rest as its budget allows with a small search for a finish within par,
    /// taken in a spread-out order so that they sample the whole board.
    pub fn of(level: &Level) -> Rating {
        // A flag nobody sets: the rating runs to the end.
        Rating::unless_cancelled(level, &Arc::default()).unwrap_or(Rating {
            par: level.par(),
            first_moves: 0,
            promising_first_moves: 0,
            difficulty: 1.0,
        })
    }

    /// [`Rating::of`], or `None` as soon as `cancel` is set (the editor's rating of a drawing
    /// that has since changed).
    pub fn unless_cancelled(level: &Level, cancel: &Arc<AtomicBool>) -> Option<Rating> {
        let graph = RegionGraph::new(level.board());
        let colours = level.palette().len();
        let par = level.par();
        let within = par.saturating_sub(1);
        let mut open = Vec::new();
        let mut first_moves = 0u32;
        for (region, neighbours) in graph.neighbours.iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let mut targets: Vec<Colour> = neighbours.iter().map(|&n| graph.colour[n]).collect();
            targets.sort_unstable();
            targets.dedup();
            for colour in targets {
                first_moves += 1;
                let mut board = level.board().clone();
                for (tile, _) in board.region_rings(graph.tile[region]) {
                    board.paint(tile, colour);
                }
                if lower_bound(&board, colours) <= within {
                    open.push(board);
                }
            }
        }
        let budget = Budget {
            max_nodes: Some(RATING_NODES),
            max_moves: Some(within),
            table_bytes: 1 << 20,
            cancel: Some(Arc::clone(cancel)),
            ..Budget::default()
        };
        let (mut found, mut spent) = (0u32, 0);
        let stride = RATING_STRIDE.min(open.len().max(1));
        for start in 0..stride {
            for board in open.iter().skip(start).step_by(stride) {
                if spent >= RATING_NODES_IN_ALL || cancel.load(Ordering::Relaxed) {
                    break;
                }
                let rest = solve(board, colours, &budget);
                spent += rest.nodes;
                found += u32::from(rest.moves.len() as u32 <= within);
            }
        }
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        // Only moves shown to work count: where the budget runs out this undercounts (on the
        // hardest boards, whose moves are also the slowest to settle), never overcounts. Par is
        // proven, so at least one first move keeps it.
        let promising = found.max(1);
        let scarcity = (f64::from(first_moves.max(1)) / f64::from(promising)).log2();
        let raw = 0.55 * f64::from(par) + 0.4 * scarcity + 0.3 * (colours as f64 - 2.0);
        let difficulty = 1.0 + 9.0 * (1.0 - (-raw / 8.0).exp());
        Some(Rating {
            par,
            first_moves,
            promising_first_moves: promising,
            difficulty: (difficulty * 10.0).round() / 10.0,
        })
    }
}

/// A generated level and its rating.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The level, its par proven by the solver.
    pub level: Arc<Level>,
    /// Its difficulty.
    pub rating: Rating,
}

/// Why nothing was generated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The spec cannot be met: a size, palette or symmetry that does not fit.
    Spec(String),
    /// No board hit the par range within the attempts allowed.
    NotFound { attempts: u32 },
    /// Another thread cancelled the generation.
    Cancelled,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Spec(why) => write!(f, "cannot generate: {why}"),
            GenerateError::NotFound { attempts } => write!(f, "no board hit the par range in {attempts} attempts"),
            GenerateError::Cancelled => write!(f, "the generation was cancelled"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// Generates a level for `spec` from `seed`, named `name` with id `id`.
pub fn generate(seed: u64, spec: &Spec, id: &str, name: &str) -> Result<Generated, GenerateError> {
    generate_with(seed, spec, id, name, None)
}

/// [`generate`] that another thread can stop by setting `cancel`: it then gives up within a
/// few milliseconds with [`GenerateError::Cancelled`]. Uncancelled, it makes the same level.
pub fn generate_cancellable(
    seed: u64,
    spec: &Spec,
    id: &str,
    name: &str,
    cancel: Arc<AtomicBool>,
) -> Result<Generated, GenerateError> {
    generate_with(seed, spec, id, name, Some(cancel))
}

fn generate_with(
    seed: u64,
    spec: &Spec,
    id: &str,
    name: &str,
    cancel: Option<Arc<AtomicBool>>,
) -> Result<Generated, GenerateError> {
    check(spec)?;
    let cancelled = || cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    let mut random = Random::new(seed);
    let palette = palette(&mut random, spec.colours);
    let target = (f64::from(*spec.par.start()) + f64::from(*spec.par.end())) / 2.0;
    // Regions to grow: roughly what such a par needs, adjusted after each miss.
    let mut regions = ((target * 3.0 + 2.0) as usize).clamp(2, spec.rows * spec.cols);
    let budget = Budget { max_nodes: Some(PROOF_NODES), cancel: cancel.clone(), ..Budget::default() };
    let (mut spent, mut hopeless) = (0, 0);
    for attempt in 0..ATTEMPTS {
        if spent >= GENERATION_NODES || hopeless >= 5 {
            return Err(GenerateError::NotFound { attempts: attempt });
        }
        let board = grow(&mut random, spec, regions);
        let solution = solve(&board, spec.colours, &budget);
        // A cancelled search is cut short: its result must not steer the next attempt.
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        spent += solution.nodes;
        let par = solution.moves.len() as u32;
        if solution.optimal && spec.par.contains(&par) {
            let level = Level::new(id.into(), name.into(), par, palette.clone(), board);
            if let Ok(level) = level {
                let level = Arc::new(level);
                return Ok(Generated { rating: Rating::of(&level), level });
            }
        }
        // Five tries in a row at the most regions the board holds that still need too few moves,
        // or at two regions that still need too many, and no board meets the spec.
        let most = spec.rows * spec.cols;
        let short = solution.optimal && par < *spec.par.start();
        hopeless = if (short && regions >= most) || (par > *spec.par.end() && regions <= 2) { hopeless + 1 } else { 0 };
        if short {
            regions += 1 + regions / 8;
        } else if par > *spec.par.end() || !solution.optimal {
            regions = regions.saturating_sub(1 + regions / 10).max(2);
        }
        regions = regions.min(most);
    }
    Err(GenerateError::NotFound { attempts: ATTEMPTS })
}

fn check(spec: &Spec) -> Result<(), GenerateError> {
    let bad = |why: String| Err(GenerateError::Spec(why));
    if !(1..=MAX_SIDE).contains(&spec.rows) || !(1..=MAX_SIDE).contains(&spec.cols) {
        return bad(format!("a board is 1 to {MAX_SIDE} rows and columns"));
    }
    if !(MIN_COLOURS..=MAX_COLOURS).contains(&spec.colours) {
        return bad(format!("a palette has {MIN_COLOURS} to {MAX_COLOURS} colours"));
    }
    if spec.mask.as_ref().is_some_and(|m| m.len() != spec.rows * spec.cols || !m.contains(&true)) {
        return bad(format!("the mask must cover {} × {} tiles and keep at least one", spec.rows, spec.cols));
    }
    if *spec.par.start() == 0 || spec.par.is_empty() {
        return bad("the par range must be non-empty and start at 1 or more".into());
    }
    // A board of n tiles never needs more than n − 1 moves: no attempt could hit such a par.
    let tiles = spec.rows * spec.cols;
    if *spec.par.start() as usize >= tiles {
        return bad(format!("no board of {tiles} tiles needs {} moves", spec.par.start()));
    }
    if !spec.symmetry.fits(spec.tiling, spec.rows, spec.cols) {
        return bad(format!("{:?} symmetry does not fit {} × {} triangles", spec.symmetry, spec.rows, spec.cols));
    }
    Ok(())
}

/// The tile a symmetry maps `tile` to (itself without symmetry). On triangle boards the
/// dimension rules in [`check`] make each map turn left-pointing triangles into right-pointing
/// ones where a mirror must (and keep them where it must not), so it preserves adjacency.
fn mirror(spec: &Spec, tile: usize) -> usize {
    spec.symmetry.image(spec.rows, spec.cols, tile)
}

/// A board of about `regions` organic regions: seeds grow into random neighbouring tiles (with
/// their mirror images), then get colours that differ from their neighbours' where possible; with
/// holes, a few small regions become holes. Parts of a mask no seed reached get seeds of their own.
fn grow(random: &mut Random, spec: &Spec, regions: usize) -> Board {
    const HOLE: usize = usize::MAX - 1;
    let tiles = spec.rows * spec.cols;
    let shape = Board::new(spec.tiling, spec.rows, spec.cols, vec![Some(0); tiles], MAX_COLOURS)
        .expect("checked dimensions make a valid board");
    let mut owner = match &spec.mask {
        Some(mask) => mask.iter().map(|&inside| if inside { usize::MAX } else { HOLE }).collect(),
        None => vec![usize::MAX; tiles],
    };
    let mut frontier = Vec::new();
    let claim = |owner: &mut [usize], frontier: &mut Vec<usize>, t: usize, seed: usize| {
        for u in [t, mirror(spec, t)] {
            if owner[u] == usize::MAX {
                owner[u] = seed;
                frontier.push(u);
            }
        }
    };
    for seed in 0..regions {
        let t = random.below(tiles);
        if owner[t] == usize::MAX {
            for u in [t, mirror(spec, t)] {
                if owner[u] != HOLE {
                    owner[u] = seed;
                    frontier.push(u);
                }
            }
        }
    }
    let mut regions = regions;
    loop {
        while !frontier.is_empty() {
            let i = random.below(frontier.len());
            let t = frontier[i];
            let free: Vec<usize> = shape.neighbours(t).filter(|&n| owner[n] == usize::MAX).collect();
            if free.is_empty() {
                frontier.swap_remove(i);
                continue;
            }
            let n = free[random.below(free.len())];
            let seed = owner[t];
            claim(&mut owner, &mut frontier, n, seed);
        }
        match owner.iter().position(|&o| o == usize::MAX) {
            Some(t) => {
                claim(&mut owner, &mut frontier, t, regions);
                regions += 1;
            }
            None => break,
        }
    }
    // Colour the regions in a random order, avoiding the colours of coloured neighbours.
    let mut order: Vec<usize> = (0..regions).collect();
    random.shuffle(&mut order);
    let mut colour: Vec<Option<Colour>> = vec![None; regions];
    for seed in order {
        let mut used = [false; MAX_COLOURS];
        for t in (0..tiles).filter(|&t| owner[t] == seed) {
            for n in shape.neighbours(t) {
                if let Some(c) = owner.get(n).and_then(|&o| colour.get(o).copied().flatten()) {
                    used[usize::from(c)] = true;
                }
            }
        }
        let free: Vec<Colour> = (0..spec.colours as Colour).filter(|&c| !used[usize::from(c)]).collect();
        colour[seed] =
            Some(if free.is_empty() { random.below(spec.colours) as Colour } else { free[random.below(free.len())] });
    }
    let mut cells: Vec<Option<Colour>> = owner.iter().map(|&o| colour.get(o).copied().flatten()).collect();
    if spec.holes {
        cut_holes(random, &owner, regions, &mut cells);
    }
    Board::new(spec.tiling, spec.rows, spec.cols, cells, spec.colours).unwrap_or(shape)
}

/// Turns about one in eight of the smaller grown regions into holes.
fn cut_holes(random: &mut Random, owner: &[usize], regions: usize, cells: &mut [Option<Colour>]) {
    let mut sizes = vec![0usize; regions];
    for &o in owner {
        if let Some(s) = sizes.get_mut(o) {
            *s += 1;
        }
    }
    let mut by_size: Vec<usize> = (0..regions).filter(|&r| sizes[r] > 0).collect();
    by_size.sort_by_key(|&r| sizes[r]);
    let small = &by_size[..by_size.len() / 2];
    for &r in small {
        if random.chance(1, 4) {
            for (t, &o) in owner.iter().enumerate() {
                if o == r {
                    cells[t] = None;
                }
            }
        }
    }
}

/// Pleasant palettes: paper-like colours in the spirit of KAMI, picked by the seed. Every two
/// entries, and each entry and every shipped pack's background, pass the
/// [legibility](crate::legibility) rule (each was moved as little as that needed).
fn palette(random: &mut Random, colours: usize) -> Vec<Rgb> {
    const PALETTES: [[u32; 6]; 6] = [
        [0xE4572E, 0x293B7C, 0xFBA702, 0xA8C686, 0x669BBC, 0x6D597A],
        [0x2E485F, 0xD9495B, 0xEDAE49, 0x00798C, 0x66A182, 0x8E5572],
        [0x1E4E5B, 0x2A9D8F, 0xD9D452, 0xF4AA81, 0xE76F51, 0x6D6875],
        [0x454063, 0xF8723F, 0xF2C46F, 0x81B29A, 0xB5838D, 0x6B705C],
        [0x2B517D, 0x5FA8D3, 0x82D9FF, 0xEE6C4D, 0xF9C74F, 0x5B2552],
        [0x5F0F40, 0xFB9B04, 0x0F4C5C, 0xD1D876, 0x9A031E, 0xE36414],
    ];
    let chosen = PALETTES[random.below(PALETTES.len())];
    let rgb = |x: u32| Rgb { red: (x >> 16) as u8, green: (x >> 8) as u8, blue: x as u8 };
    chosen[..colours].iter().map(|&x| rgb(x)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::points_left;

    /// Whether the triangle at `tile` keeps its direction under the spec's symmetry.
    fn direction_preserved(spec: &Spec, tile: usize) -> bool {
        let at = |t: usize| points_left(t / spec.cols, t % spec.cols);
        at(tile) == at(mirror(spec, tile))
    }

    #[test]
    fn a_cancelled_generation_stops_and_an_uncancelled_one_makes_the_same_level() {
        let spec = Spec::kami(4, 5..=7);
        let flag = Arc::new(AtomicBool::new(false));
        let made = generate_cancellable(3, &spec, "g", "G", Arc::clone(&flag)).unwrap();
        assert_eq!(made.level, generate(3, &spec, "g", "G").unwrap().level);
        flag.store(true, Ordering::Relaxed);
        assert_eq!(generate_cancellable(3, &spec, "g", "G", flag).err(), Some(GenerateError::Cancelled));
        // Cancelled from another thread while it searches: a spec no board meets keeps it busy.
        let hopeless = Spec::kami(6, 40..=40);
        let flag = Arc::new(AtomicBool::new(false));
        let canceller = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(50));
                flag.store(true, Ordering::Relaxed);
            })
        };
        assert_eq!(generate_cancellable(1, &hopeless, "h", "H", flag).err(), Some(GenerateError::Cancelled));
        canceller.join().unwrap();
    }

    #[test]
    fn symmetries_map_neighbours_to_neighbours_and_flip_triangles_as_mirrors_do() {
        for symmetry in [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational] {
            let spec = Spec { symmetry, ..Spec::kami(3, 3..=5) };
            check(&spec).unwrap();
            let board = Board::new(Tiling::Triangles, 29, 10, vec![Some(0); 290], 1).unwrap();
            for t in 0..290 {
                for n in board.neighbours(t) {
                    let (a, b) = (mirror(&spec, t), mirror(&spec, n));
                    assert!(board.neighbours(a).any(|m| m == b), "{symmetry:?}: {t}-{n}");
                }
                assert_eq!(direction_preserved(&spec, t), symmetry == Symmetry::TopBottom, "{symmetry:?} {t}");
            }
        }
        let odd_columns = Spec { cols: 9, symmetry: Symmetry::LeftRight, ..Spec::kami(3, 3..=5) };
        assert!(matches!(check(&odd_columns), Err(GenerateError::Spec(_))));
    }

    #[test]
    fn the_same_seed_gives_the_same_level_and_par_is_proven() {
        let spec = Spec { symmetry: Symmetry::LeftRight, holes: true, ..Spec::kami(4, 5..=6) };
        let a = generate(11, &spec, "g/11", "G").unwrap();
        let b = generate(11, &spec, "g/11", "G").unwrap();
        assert_eq!(a.level, b.level);
        assert!(spec.par.contains(&a.level.par()));
        let proof = solve(a.level.board(), 4, &Budget::default());
        assert!(proof.optimal && proof.moves.len() as u32 == a.level.par());
        let board = a.level.board();
        for t in 0..board.len() {
            assert_eq!(board.colour(t), board.colour(mirror(&spec, t)), "symmetric colours");
        }
        assert!(a.rating.promising_first_moves >= 1 && a.rating.promising_first_moves <= a.rating.first_moves);
        assert!((1.0..=10.0).contains(&a.rating.difficulty));
    }

    #[test]
    fn the_rating_never_counts_a_first_move_that_loses_par() {
        let spec = Spec { holes: true, ..Spec::kami(4, 6..=7) };
        let generated = generate(3, &spec, "g/3", "G").unwrap();
        let level = &generated.level;
        let graph = RegionGraph::new(level.board());
        let within = level.par() - 1;
        let mut keeping = 0;
        for (region, neighbours) in graph.neighbours.iter().enumerate() {
            let mut targets: Vec<Colour> = neighbours.iter().map(|&n| graph.colour[n]).collect();
            targets.sort_unstable();
            targets.dedup();
            for colour in targets {
                let mut board = level.board().clone();
                for (tile, _) in board.region_rings(graph.tile[region]) {
                    board.paint(tile, colour);
                }
                let rest = solve(&board, 4, &Budget { max_moves: Some(within), ..Budget::default() });
                keeping += u32::from(rest.moves.len() as u32 <= within);
            }
        }
        let r = &generated.rating;
        assert!(keeping >= 1 && (1..=keeping).contains(&r.promising_first_moves), "{keeping}: {r:?}");
    }

    #[test]
    fn a_par_no_board_can_need_is_given_up_early() {
        // Nine squares in two colours flood in far fewer than eight moves, however they are cut.
        let spec = Spec { tiling: Tiling::Squares, rows: 3, cols: 3, ..Spec::kami(2, 8..=8) };
        match generate(1, &spec, "x", "x") {
            Err(GenerateError::NotFound { attempts }) => assert!(attempts < 10, "{attempts} attempts"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn impossible_specs_are_refused() {
        let spec = Spec { colours: 7, ..Spec::kami(3, 3..=5) };
        assert!(matches!(generate(1, &spec, "x", "x"), Err(GenerateError::Spec(_))));
        let spec = Spec { par: 0..=3, ..Spec::kami(3, 3..=5) };
        assert!(matches!(generate(1, &spec, "x", "x"), Err(GenerateError::Spec(_))));
        // Par beyond what the board's tiles could need is refused at once (it used to run every
        // attempt, and u32::MAX overflowed the target in debug builds).
        for par in [290..=290, u32::MAX..=u32::MAX] {
            assert!(matches!(
                generate(1, &Spec { par, ..Spec::kami(3, 3..=5) }, "x", "x"),
                Err(GenerateError::Spec(_))
            ));
        }
    }
}
