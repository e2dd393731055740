//! What the solver says about a drawing, in snapshots that grow more certain: the regions and
//! colours at once; the beam's first answer (an upper bound) with the lower bound known without
//! searching; then searches of growing length, each narrowing the bounds, until the par is proven
//! or the time is up; and once proven, the rating and the verdict on whether it is a puzzle at all.
//!
//! Each snapshot carries the editor version it is for. The work stops at the next node once the
//! cancel flag is set (the beam's first answer and the rating are not interruptible, and take
//! tens of milliseconds and up to about a second on a 29 × 10 board).

use crate::board::{Board, Colour};
use crate::generator::Rating;
use crate::history::Move;
use crate::level::{Level, Rgb};
use crate::solver::{Budget, Solution, first_answer, solve};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// "A picture, not a puzzle": at least this share of the distinct first moves keep par in reach
/// (after it, par − 1 more moves still suffice). Measured by [`Rating::of`], which tries each
/// first move with a small search and counts only the moves it shows to work, so a puzzle is
/// never called a picture because the search ran out; with a proven par of 3 or more.
pub const PICTURE_SHARE: f64 = 0.5;

/// The most par a "trivial" board has.
pub const TRIVIAL_PAR: u32 = 2;

/// The par of a drawing as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Par {
    /// Proven: the fewest moves that make the board one colour.
    Proven(u32),
    /// Not proven yet (or within the time allowed): at least `lo`, at most `hi` moves.
    Bounds { lo: u32, hi: u32 },
}

impl Par {
    /// The most moves known to suffice.
    pub fn best(self) -> u32 {
        match self {
            Par::Proven(par) => par,
            Par::Bounds { hi, .. } => hi,
        }
    }
}

/// Plain verdicts on a drawing, for the shells to put in words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The board is one colour: nothing to play.
    OneColour,
    /// Par is 1 or 2 (proven, or known to be at most 2).
    Trivial,
    /// Most first moves keep par in reach ([`PICTURE_SHARE`]): pretty, but no puzzle.
    Picture {
        /// First moves shown to keep par in reach.
        keeping: u32,
        /// Distinct first moves.
        first_moves: u32,
    },
    /// A palette colour no tile uses.
    UnusedColour(Colour),
}

/// One snapshot of the analysis of a drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The editor version it is for.
    pub version: u64,
    /// Connected same-colour areas.
    pub regions: usize,
    /// Palette colours used by some tile.
    pub colours_used: usize,
    /// The par as far as known.
    pub par: Par,
    /// The shortest line known (`par.best()` moves).
    pub solution: Vec<Move>,
    /// How hard it is, once the par is proven.
    pub rating: Option<Rating>,
    /// What a player should know about the drawing.
    pub verdicts: Vec<Verdict>,
    /// Whether this is the last snapshot for this version.
    pub done: bool,
}

/// How long an analysis searches and with what.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The first search's time; each next one is [`Limits::growth`] times longer.
    pub first_search: Duration,
    /// How many times longer each search is than the one before.
    pub growth: u32,
    /// After this much time in all, the bounds stand unproven.
    pub max_time: Duration,
    /// Search threads.
    pub threads: usize,
    /// The transposition table's memory.
    pub table_bytes: usize,
}

impl Default for Limits {
    /// Searches of 0.25 s, 1 s, 4 s, … for up to 30 s in all, on up to 4 threads, 16 MiB table:
    /// a phone's hint budget, for longer (the player is drawing, not waiting for a move).
    fn default() -> Limits {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(crate::hint::HINT_THREADS);
        Limits {
            first_search: Duration::from_millis(250),
            growth: 4,
            max_time: Duration::from_secs(30),
            threads,
            table_bytes: 16 << 20,
        }
    }
}

/// Analyses `board` (palette of `colours`) for editor `version`, handing each snapshot to `emit`,
/// until the par is proven and rated, the time is up, or `cancel` is set (then nothing more is
/// emitted).
pub fn analyse(
    board: &Board,
    colours: usize,
    version: u64,
    limits: &Limits,
    cancel: &Arc<AtomicBool>,
    mut emit: impl FnMut(Analysis),
) {
    let start = Instant::now();
    let counts = board.colour_counts();
    let colours_used = counts.iter().filter(|&&n| n > 0).count();
    let unused = (0..colours).filter(|&c| counts[c] == 0).map(|c| Verdict::UnusedColour(c as Colour));
    let mut snapshot = Analysis {
        version,
        regions: board.regions().count,
        colours_used,
        par: Par::Proven(0),
        solution: Vec::new(),
        rating: None,
        verdicts: unused.collect(),
        done: colours_used <= 1,
    };
    if colours_used <= 1 {
        snapshot.verdicts.insert(0, Verdict::OneColour);
        emit(snapshot);
        return;
    }
    let cancelled = || cancel.load(Ordering::Relaxed);
    let mut known = first_answer(board, colours);
    snapshot.par = par_of(&known);
    snapshot.solution = known.moves.clone();
    if cancelled() {
        return;
    }
    let mut slice = limits.first_search;
    while !matches!(snapshot.par, Par::Proven(_)) {
        let left = limits.max_time.saturating_sub(start.elapsed());
        if left.is_zero() {
            break;
        }
        emit(with_verdicts(&snapshot, false));
        let budget = Budget {
            max_time: Some(slice.min(left)),
            cancel: Some(Arc::clone(cancel)),
            threads: limits.threads,
            table_bytes: limits.table_bytes,
            ..Budget::default()
        };
        let found = solve(board, colours, &budget);
        if cancelled() {
            return;
        }
        known = merge(known, found);
        snapshot.par = par_of(&known);
        snapshot.solution = known.moves.clone();
        slice = slice.saturating_mul(limits.growth.max(2));
    }
    if let Par::Proven(par) = snapshot.par {
        emit(with_verdicts(&snapshot, false));
        let palette = vec![Rgb::default(); colours];
        if let Ok(level) = Level::new(String::new(), String::new(), par, palette, board.clone()) {
            snapshot.rating = Some(Rating::of(&level));
        }
        if cancelled() {
            return;
        }
    }
    emit(with_verdicts(&snapshot, true));
}

/// The better of two answers for the same board: the shorter line, the higher lower bound.
fn merge(a: Solution, b: Solution) -> Solution {
    let lower_bound = a.lower_bound.max(b.lower_bound);
    let mut best = if b.moves.len() < a.moves.len() || b.optimal { b } else { a };
    best.optimal |= best.moves.len() as u32 <= lower_bound;
    best.lower_bound = lower_bound.min(best.moves.len() as u32);
    best
}

/// The par an answer shows: proven where its line meets its bound.
fn par_of(s: &Solution) -> Par {
    let hi = s.moves.len() as u32;
    if s.optimal || s.lower_bound >= hi { Par::Proven(hi) } else { Par::Bounds { lo: s.lower_bound, hi } }
}

/// `snapshot` with the par's verdicts added to the colour ones, marked `done` or not.
fn with_verdicts(snapshot: &Analysis, done: bool) -> Analysis {
    let mut verdicts: Vec<Verdict> =
        snapshot.verdicts.iter().copied().filter(|v| matches!(v, Verdict::UnusedColour(_))).collect();
    if snapshot.par.best() <= TRIVIAL_PAR {
        verdicts.insert(0, Verdict::Trivial);
    } else if let Some(r) = &snapshot.rating
        && f64::from(r.promising_first_moves) >= PICTURE_SHARE * f64::from(r.first_moves)
    {
        verdicts.insert(0, Verdict::Picture { keeping: r.promising_first_moves, first_moves: r.first_moves });
    }
    Analysis { verdicts, done, ..snapshot.clone() }
}
