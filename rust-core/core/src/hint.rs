//! Hints: the next move of a shortest continuation from where the player is, how many moves
//! remain at best, and whether par is still in reach (and if not, how many undos bring it back).
//!
//! A hint claims only what it has proven: par is reachable when a line within par is in hand,
//! out of reach when the lower bound rules it out, and otherwise not known within the budget.

use crate::board::Board;
use crate::game::{Game, Status};
use crate::history::Move;
use crate::level::{Level, MAX_PAR};
use crate::solver::{Budget, Solution, lower_bound, solve};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The budget of a hint on a phone: two seconds, after which it settles for the best move found
/// (then `proven` is false); a 16 MiB transposition table, so that with everything else a hint
/// stays well under 64 MiB; and the device's cores, up to [`HINT_THREADS`].
pub fn device_budget() -> Budget {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(HINT_THREADS);
    Budget { max_time: Some(Duration::from_secs(2)), table_bytes: 16 << 20, threads, ..Budget::default() }
}

/// Threads a hint searches with at most: phones have 6-8 cores, some of them slow ones.
pub const HINT_THREADS: usize = 4;

/// Search nodes a hint first spends looking for the fewest moves: most hints are proven sooner
/// (in a millisecond or so); the others go on to ask only what the hint needs. Until 2026-11-30
/// that second search started afresh, and these nodes were spent for nothing; on a board of one
/// island it now goes on from what they learned ([`Budget::fewest_nodes`]): the hints after each
/// move of `kami bench levels/ --games 3 --threads 1`, p99 66–75 ms to 53–62, the answers at 604
/// random positions the same. Before that (2026-11-29): with 10,000 or 5,000, the 302 hints of
/// `kami bench levels/ --positions 2` took p99 48 or 41 ms against 51, but 231 or 220 of them
/// followed a line proven shortest against 239. Cut to 2,000, and [`UNDO_NODES`] to 5,000, only
/// where the lower bound already puts par out of reach: p99 37 ms against 50, 28 of the 302
/// answers weaker (a count of moves left unproven, or one more), and the slowest hints are then
/// the proofs that par is lost after a wasted move (as long as the level's own proof:
/// `08-summit/massif` 139 k nodes), which a hint of 10 ms could only answer "not sure".
const QUICK_NODES: u64 = 20_000;

/// Search nodes the probes of the search for undos may spend in all, past the start's probe (see
/// [`undos_to_recover`]). On the 302 hints of `kami bench levels/ --positions 2`: p99 77 ms to
/// 50 and the slowest 206 ms to 60, every answer the same (2026-11-29).
const UNDO_NODES: u64 = 20_000;

/// Whether a game can still be finished within some number of moves, as far as the solver knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Yes: a way to finish within it is in hand.
    Yes,
    /// No: the lower bound proves that every way to finish takes more.
    No,
    /// Not known within the budget: the best line found is longer, the lower bound shorter.
    Unknown,
}

impl Reach {
    /// Whether `limit` moves in all suffice, given `used` moves played and a solution from here
    /// of `moves` moves with `lower_bound` proven.
    pub fn of(used: u32, moves: u32, lower_bound: u32, limit: u32) -> Reach {
        if used.saturating_add(moves) <= limit {
            Reach::Yes
        } else if used.saturating_add(lower_bound) > limit {
            Reach::No
        } else {
            Reach::Unknown
        }
    }
}

/// What the solver made of a level's par.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParCheck {
    /// The par is the fewest moves: proven.
    Proven,
    /// The fewest moves are proven to be `fewest`, not the par.
    Differs { fewest: u32 },
    /// No proof within the budget: the par may or may not be the fewest moves.
    Unknown,
}

/// Whether `level`'s par is the fewest moves, as far as a solve within `budget` proves (a phone's
/// [`device_budget`] takes up to a couple of seconds).
pub fn check_par(level: &Arc<Level>, budget: &Budget) -> ParCheck {
    let found = solve(level.board(), level.palette().len(), budget);
    match (found.optimal, found.moves.len() as u32) {
        (true, fewest) if fewest == level.par() => ParCheck::Proven,
        (true, fewest) => ParCheck::Differs { fewest },
        (false, _) => ParCheck::Unknown,
    }
}

/// Advice for one position of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The game revision this hint is for; any other revision makes it stale.
    pub revision: u64,
    /// The next move of a shortest continuation; `None` when the game is won or failed.
    pub next: Option<Move>,
    /// Fewest moves that finish from here (the best found, if not `proven`).
    pub remaining: u32,
    /// Whether `remaining` is proven to be the fewest.
    pub proven: bool,
    /// Whether the level can still be finished within par (a perfect grade).
    pub par: Reach,
    /// Whether it can still be finished within par + 1 (an ok grade), as far as the line found and
    /// the bound show: where par is out of reach, the hint does not search for it.
    pub ok: Reach,
    /// Where par is out of reach ([`Reach::No`]): undos proven to bring it back (par reachable
    /// after that many), the fewest unless proving one fewer too few would take a long search
    /// (after a wasted first move, as long as the level's own proof: the answer is then to start
    /// again, which is nearly always the fewest too). `None` everywhere else, and where no number
    /// of undos is proven to help (the budget ran out, or even the start cannot be finished
    /// within par).
    pub undos_to_recover: Option<u32>,
}

/// A game position: its level, the moves played on the way, and the board now.
#[derive(Clone, Debug)]
pub struct Position {
    /// The level.
    pub level: Arc<Level>,
    /// The moves played, oldest first.
    pub played: Vec<Move>,
    /// The board after them.
    pub board: Board,
    /// Whether the game is won or failed.
    pub status: Status,
    /// The game's revision.
    pub revision: u64,
}

impl Position {
    /// The position `game` is in.
    pub fn of(game: &Game) -> Position {
        Position {
            level: Arc::clone(game.level()),
            played: game.played().collect(),
            board: game.board().clone(),
            status: game.status(),
            revision: game.revision(),
        }
    }
}

/// What earlier hints of a game found: a shortest continuation, so a player who follows it gets
/// the next hint at once (a tail of a shortest sequence is a shortest sequence from where it
/// starts); and what they proved about boards of the game's history, so that the search for undos
/// does not prove again, hint after hint, that par is out of reach after a wasted move.
///
/// The search's transposition table is not kept: with it kept from hint to hint (and a
/// position's hash made that of its tiles' colours, so that its entries hold on the next board
/// of the game), the 2,773 hints of `kami bench levels/ --games 3 --threads 1` took p99
/// 48.8–49.8 ms against 48.2–49.1 and 21.0–21.7 s in all against 20.7–20.9 (2026-11-29). After
/// a random move, what the hint before learned bounds the iterations below the one that decides.
#[derive(Clone, Debug, Default)]
pub struct Cache {
    start: Option<Board>,
    solution: Option<Solution>,
    /// Boards proven to finish within a number of moves (`true`) or not (`false`), the latest
    /// last, at most [`MAX_FACTS`].
    facts: Vec<(Board, u32, bool)>,
}

/// Facts a cache keeps: more than the moves of any game that a hint searches undos for.
const MAX_FACTS: usize = 64;

impl Cache {
    /// Whether `board` can be finished within `moves` moves, where a fact kept shows it: one
    /// within fewer moves says yes, one that more are too few says no.
    fn reach(&self, board: &Board, moves: u32) -> Reach {
        let facts = self.facts.iter().filter(|(b, _, _)| b == board);
        facts.fold(Reach::Unknown, |reach, &(_, m, yes)| match (yes, reach) {
            (true, _) if m <= moves => Reach::Yes,
            (false, _) if m >= moves => Reach::No,
            _ => reach,
        })
    }

    /// Keeps `reach` (of `board` within `moves` moves) if it is proven either way.
    fn learn(&mut self, board: &Board, moves: u32, reach: Reach) {
        let yes = match reach {
            Reach::Yes => true,
            Reach::No => false,
            Reach::Unknown => return,
        };
        if self.facts.len() == MAX_FACTS {
            self.facts.remove(0);
        }
        self.facts.push((board.clone(), moves, yes));
    }

    /// The rest of the cached solution if `board` lies on it.
    fn follow(&self, board: &Board, palette: usize) -> Option<Solution> {
        let (start, solution) = (self.start.as_ref()?, self.solution.as_ref()?);
        let mut game = scratch_game(start, palette)?;
        for (i, &m) in solution.moves.iter().enumerate() {
            if game.board() == board {
                let moves = solution.moves[i..].to_vec();
                let bound = solution.lower_bound.saturating_sub(i as u32);
                return Some(Solution { lower_bound: bound, moves, ..solution.clone() });
            }
            game.play(m).ok()?;
        }
        None
    }

    /// The cached solution's moves played on `board` instead, skipping those the rules refuse
    /// there (a move onto a region of its own colour), if they win: a line from `board` when
    /// the player has left the cached line (an undo, another move) but the board is still much
    /// the same. It answers at once what the solver may need the whole budget for, say that
    /// par + 1 is still in reach after a wasted move.
    fn replay(&self, board: &Board, palette: usize) -> Option<Vec<Move>> {
        let solution = self.solution.as_ref()?;
        let mut game = scratch_game(board, palette)?;
        let mut played = Vec::new();
        for &m in &solution.moves {
            if game.colours_left() == 1 {
                break;
            }
            if game.play(m).is_ok() {
                played.push(m);
            }
        }
        (game.colours_left() == 1).then_some(played)
    }
}

/// A game from `board` with a blank palette of `palette` colours and no par to fail.
fn scratch_game(board: &Board, palette: usize) -> Option<Game> {
    let level = Level::new(String::new(), String::new(), MAX_PAR, vec![Default::default(); palette], board.clone());
    Some(Game::new(Arc::new(level.ok()?)))
}

/// The hint for `position`, searching within `budget` and reusing `cache` (which it updates).
/// The budget's time covers the whole hint, the search for undos included.
pub fn hint(position: &Position, cache: &mut Cache, budget: &Budget) -> Hint {
    let deadline = budget.max_time.map(|t| Instant::now() + t);
    let level = &position.level;
    let palette = level.palette().len();
    let used = position.played.len() as u32;
    let solution = cache.follow(&position.board, palette).unwrap_or_else(|| {
        let known = cache.replay(&position.board, palette);
        let par_left = level.par().saturating_sub(used);
        let fresh = solve_for_par(&position.board, palette, par_left, known, budget, deadline);
        cache.start = Some(position.board.clone());
        cache.solution = Some(fresh.clone());
        fresh
    });
    let remaining = solution.moves.len() as u32;
    let reach = |limit: u32| Reach::of(used, remaining, solution.lower_bound, limit);
    let par = level.par();
    // Past par, par is out of reach whatever the board: no fact about the board.
    if let Some(left) = par.checked_sub(used) {
        cache.learn(&position.board, left, reach(par));
    }
    let undos_to_recover = match reach(par) {
        Reach::No => undos_to_recover(position, cache, &Budget { max_time: None, ..budget.clone() }, deadline),
        _ => None,
    };
    Hint {
        revision: position.revision,
        next: if position.status.is_finished() { None } else { solution.moves.first().copied() },
        remaining,
        proven: solution.optimal,
        par: reach(par),
        ok: reach(par.saturating_add(1)),
        undos_to_recover,
    }
}

/// A solution from `board`, where `par_left` moves are left within par, in the time left before
/// `deadline`: the fewest moves where [`QUICK_NODES`] nodes prove them, on the budget's threads;
/// elsewhere only as far as the hint's question needs, a line within par or a lower bound past it
/// ([`Budget::fewest_nodes`]: on a board of one island the search goes on from what those nodes
/// learned), unless the `known` line answers that already. On a large board a line within par is
/// often in hand at once while proving it shortest would take the whole budget: the hint then
/// follows that line. Where par is out of reach, the hint follows the best line found without
/// proving it shortest, and whether par + 1 is in reach is only what that line and the bound say:
/// no screen shows it, and proving it out of reach took up to the whole budget (on
/// `09-patterns/argyle` one wasted move in, 1.8 s of a 2 s hint that had proven par out of reach
/// in 15 ms).
fn solve_for_par(
    board: &Board,
    palette: usize,
    par_left: u32,
    known: Option<Vec<Move>>,
    budget: &Budget,
    deadline: Option<Instant>,
) -> Solution {
    let max_time = deadline.map(|d| d.saturating_duration_since(Instant::now()));
    let asked = if known.as_ref().is_some_and(|k| k.len() as u32 <= par_left) {
        // The known line answers the question: only the fewest moves are left to look for.
        let max_nodes = budget.max_nodes.map_or(QUICK_NODES, |n| n.min(QUICK_NODES));
        Budget { max_nodes: Some(max_nodes), max_time, ..budget.clone() }
    } else {
        Budget { max_moves: Some(par_left), fewest_nodes: Some(QUICK_NODES), max_time, ..budget.clone() }
    };
    let mut best = solve(board, palette, &asked);
    if let Some(known) = known.filter(|k| k.len() < best.moves.len()) {
        best.optimal = best.lower_bound as usize >= known.len();
        best.moves = known;
    }
    best
}

/// Undos after which par is reachable again, proven so by the `deadline`: the fewest, unless
/// proving that fewer are not enough would take more than [`UNDO_NODES`] nodes.
///
/// Reachability only grows going back: from an earlier position, replaying the moves up to a
/// later one and finishing from there is one way to finish. So the latest position within reach
/// is found by binary search over the history, the current position being out of reach; each
/// probe asks only whether par can be met from there, which the lower bound or the solve's first
/// answer settles for most positions without a search, and the `cache` may know already from
/// the game's earlier hints (it keeps what the probes prove). A probe is one solve asked that
/// question: a [`quick`] search for the fewest moves first, as the hint itself makes, would
/// answer nothing more and, where it does not settle, is spent for nothing (the same 302 hints:
/// p99 112 ms to 90, 2026-11-28).
///
/// The start must be proven within reach, or no number of undos is. A later position that a
/// probe does not settle counts as out of reach: the answer is then proven enough, but one
/// fewer may be too. Proving a position out of reach a wasted move or two into the game is a
/// search as long as the level's own proof (`08-summit/spire` 657 k nodes, 219 ms), and the
/// number found is nearly always the same without it: there, the player has to start again
/// either way.
fn undos_to_recover(position: &Position, cache: &mut Cache, budget: &Budget, deadline: Option<Instant>) -> Option<u32> {
    let level = &position.level;
    let par = level.par();
    let palette = level.palette().len();
    let board_after = |j: usize| {
        let mut game = Game::new(Arc::clone(level));
        for &m in &position.played[..j] {
            // Replaying moves the game accepted: cannot fail.
            let _ = game.play(m);
        }
        game.board().clone()
    };
    // What the probes past the start may still spend.
    let mut spare = UNDO_NODES;
    let mut reach = |j: usize| {
        let board = board_after(j);
        let left = par.saturating_sub(j as u32);
        let known = cache.reach(&board, left);
        if known != Reach::Unknown {
            return known;
        }
        if lower_bound(&board, palette) > left {
            return Reach::No;
        }
        let max_time = match deadline.map(|d| d.saturating_duration_since(Instant::now())) {
            Some(t) if t.is_zero() => return Reach::Unknown,
            t => t,
        };
        let max_nodes = match (j, budget.max_nodes) {
            (0, nodes) => nodes,
            (_, nodes) => Some(nodes.map_or(spare, |n| n.min(spare))),
        };
        if max_nodes == Some(0) {
            return Reach::Unknown;
        }
        let s = solve(&board, palette, &Budget { max_moves: Some(left), max_time, max_nodes, ..budget.clone() });
        if j > 0 {
            spare = spare.saturating_sub(s.nodes);
        }
        let reach = Reach::of(0, s.moves.len() as u32, s.lower_bound, left);
        cache.learn(&board, left, reach);
        reach
    };
    if reach(0) != Reach::Yes {
        return None;
    }
    // `good` is the latest position proven within reach; from `bad` on, none is known to be.
    let (mut good, mut bad) = (0, position.played.len());
    while bad - good > 1 {
        let mid = (good + bad) / 2;
        match reach(mid) {
            Reach::Yes => good = mid,
            Reach::No | Reach::Unknown => bad = mid,
        }
    }
    Some((position.played.len() - good) as u32)
}

#[cfg(test)]
mod tests;
