//! The optimal solver: the fewest moves that make a board one colour.
//!
//! The board becomes its region graph (one node per region), split into islands that holes cut
//! off from each other. Islands never interact, so the optimum is `min over colours d of
//! Σ cost(island, d)`, where `cost(island, d)` is the fewest moves that make the island one region
//! of colour `d`. On an island of several regions the last move of a shortest sequence merges, so
//! `cost(island, d)` is the island's optimum `f` when some shortest sequence ends in `d`, and
//! `f + 1` otherwise (flood it, then recolour it); an island of one region costs 0 or 1. Each
//! island is solved once for any colour and then, only where it could change the total, for a
//! given colour.
//!
//! # Map
//! - `graph.rs`: the region graph and its islands.
//! - `island.rs`: one island being solved (its first answers, its proof for any final colour and
//!   for a given one); `solve` here combines the islands over the final colour.
//! - `budget.rs`: what a solve may spend, and the meter that stops it.
//! - `beam.rs`: the first answer, a beam search over single-blob lines (the upper bound every
//!   search starts from); `greedy.rs`: the greedy flood every island tries first, kept as the
//!   fallback.
//! - `anytime.rs`: that line shortened while the proof runs, where a solve has no node budget.
//! - `search.rs`: IDA* on one island, its move rule and transposition-table use, with their
//!   proofs; `search/moves.rs`: the moves a node lists by those rules, and the children worked
//!   out before they are played; `search/children.rs`: the bounds a node and its children are
//!   tested against, and the children searched; `search/shared.rs`: the same search shared out
//!   among threads.
//! - `position.rs`: an island in play (regions as bitsets, play and undo, a hash); its lower
//!   bounds each in their own file: `position/colour.rs` (colours left), `position/schedule.rs`
//!   (the colour schedule; `position/witness.rs` keeps the far-apart regions that prove it, for
//!   the bounds after a move), `position/gather.rs` (the schedule with waits from how soon a
//!   colour's regions can be joined), `position/gather_after.rs` (that bound after a move,
//!   unplayed), `position/rim.rs` (radius and rim bound) and `position/printer.rs` (the
//!   strange-printer count along paths), each with its proof; `position/tests.rs`: play and
//!   undo against a plain model.
//! - `bits.rs`: sets of regions as rows of 64-bit words.
//! - `distance.rs`: all-pairs distances kept up to date as moves contract regions.
//! - `symmetry.rs`: mirror images and the half turn that map a board onto itself.
//! - `table.rs`: the transposition table of learned lower bounds, and a small one per thread of
//!   the children cut before they were played.
//! - `FIGURES.md`: what the solver measured, session by session (the README has the latest);
//!   `tried.md`: what was tried and dropped, with its measurements (the end of this documentation).
//! - `tests.rs`: tests of the solver as a whole, the search against a breadth-first search on
//!   random region graphs among them (each part's own tests sit in its file).
//!
//! # How it solves
//! - **First answer.** Each island first gets a line from a beam search over single-blob lines
//!   (`beam.rs`): grow one blob from each of the 64 most central regions (least eccentricity; the
//!   double-sweep estimate alone missed the centre of ring-like boards), all in one beam; at each
//!   depth keep the best blobs by max(eccentricity, colours left − 1), larger first; widths 4, 16,
//!   64, 256, 1024 while the work (blob growths) stays under 40,000, stopping once a line meets
//!   the island's lower bound. It keeps the shortest line per final colour, so islands combine
//!   without a recolour where one already ends in the shared colour; the greedy flood
//!   (`greedy.rs`) stays as the fallback. Islands of up to 48 regions get beams of 4,096 growths
//!   and then a search of 4,096 nodes from that line (single-blob lines can be moves too long
//!   there, and such islands are proven in a few hundred nodes). The work is counted, never
//!   timed, so the answer is the same on every device (the generator and the daily puzzle's
//!   live rule depend on it; the weekend boards of 2026–2030 are data,
//!   `levels/dailies/weekends.txt`, so a change in node counts no longer changes them: see
//!   `daily.rs`).
//! - **Shorter lines while the proof runs.** Where the solve has no node budget (a time budget or
//!   none: `kami solve`, hints), a proof that has not ended within 524,288 nodes per thread is
//!   run in stages, and between them the line is shortened by the beam run again from each
//!   position along the line, and by a move joining regions of one colour before the beam, from
//!   the start and from each position along the line (`anytime.rs`). With 10 s, they shorten the
//!   first answers of the hard corpus's `stripes-1`, `stripes-4` (15 to 14), `stripes-5` (14 to
//!   its proven 13), `stripes-dense-1` (19 to 18) and `stripes-dense-4` (17 to 16). The generator
//!   and the daily puzzle, whose proofs have node budgets, never take this path, and on the
//!   others it is counted, never timed.
//! - **Proof.** IDA* from that upper bound, so only bounds below it are searched. It starts from
//!   the largest of the bounds below at the start, the gather bound among them
//!   (`position/gather.rs`: one above the colour schedule at the start of all 16 organic and
//!   speckled boards of `kami bench` and all 8 ring boards, and above every other bound at the
//!   start of 15 of them, where no one move can bring a colour's regions beside one region;
//!   at every node it costs more than it cuts (see "Tried and dropped"), so below the start it is
//!   worked out only where the schedule leaves one move to spare, to cut children unplayed), and
//!   from the printer bound where that is the largest (`position/printer.rs`: on ring and band boards,
//!   whose colours come in an order no move order meets on every side, it is often the optimum,
//!   and the proof is then over at once), and, where the other bounds at the start are two or
//!   more below it, works it out again below any node where it equals the moves left
//!   (`Search::printer`; each time counted as nodes so budgets hold: `spire` 927 k nodes to
//!   204 k, `herringbone` 52 k to 22 k); each node is bounded by the colour
//!   bound, the colour schedule and the rim bound (`position/colour.rs`, `position/schedule.rs`,
//!   `position/rim.rs`), a transposition table of learned bounds (two slots per position, the
//!   lower bound giving way), merging moves only (some shortest sequence uses no other but a
//!   last recolour to a target colour: proof in `search.rs`, "Moves"; it cut the nodes 4-7x on
//!   the hardest boards), moves that absorb a region into a neighbour (changing no other
//!   region's neighbours, as a leaf's move does) only where such moves alone could finish
//!   (`search.rs`, "Absorbing moves"), the skipping of merging moves that commute with
//!   the last one and were tried before it (`search.rs`, "Commuting moves"), children tested
//!   against the bounds before they are played (where the radius, the rim bound or the colour
//!   schedule is tight, the regions whose moves cannot bring it down not even listed; where the
//!   schedule leaves one move to spare, a child's schedule worked out unplayed, and the child cut
//!   if none of its moves could bring it down; and where the gather bound leaves none, each
//!   child's gather bound worked out unplayed: `search/children.rs`, "Bounds"), and on symmetric
//!   boards one move of each mirror-image pair while the
//!   position is symmetric and one table entry for a position and its mirror images.
//! - **Threads.** `Budget::threads` (`kami solve --threads N`, `kami bench --threads N`) searches an
//!   island on several threads sharing one table, once [`SOLO_NODES`] nodes on one thread have
//!   not proven it: in each iteration the threads take the positions a move or a few from the
//!   start one at a time, and a thread with none left helps with the ones still being searched,
//!   trying their moves in the other order (`search/shared.rs`). The length found is the same;
//!   which line, and the node count, can depend on timing, so the generator and the daily puzzle
//!   use one thread. Hints use the device's cores (up to 4), `kami solve` all of the machine's.
//! - **Budgets.** Solves stop on nodes, time, a cancel flag or a move limit (`Budget::max_moves`,
//!   for callers that only ask "can it be won in N?": yes from the first answer, no once the bound
//!   passes N; with `Budget::fewest_nodes`, a hint's, only once that many nodes have not proven
//!   the fewest moves, the search going on from what they learned: `anytime.rs`), and keep
//!   memory bounded (the table's budget; distance copies capped at 24 MiB per thread, fewer
//!   threads where that would not fit). An unfinished solve reports its best line and
//!   proven bound and never calls an answer optimal that it has not proven.
//!
//! This is Free-Flood-It in the literature (NP-hard in general: Meeks and Scott, "The complexity
//! of flood-filling games on graphs", 2012). What we use from it is the region-graph view and the
//! folklore bounds of Flood-It solvers (colours left, graph radius); the colour schedule and the
//! rim bound strengthen them, and the printer bound rests on their spanning-tree theorem
//! ("Spanning trees and the complexity of flood-filling games", 2012).
//!
//! The ideas measured and dropped, where a proof's work goes, and why the stripes are hard: the
//! rest of this documentation, kept in `tried.md` beside this file.
#![doc = include_str!("tried.md")]

mod anytime;
mod beam;
mod bits;
mod budget;
mod distance;
mod graph;
mod greedy;
mod island;
mod position;
mod search;
mod symmetry;
mod table;

pub use budget::{Budget, Stop};
pub use graph::RegionGraph;
pub use island::{MAX_DISTANCE_HISTORY, MAX_SEARCHED_REGIONS};
pub use search::SOLO_NODES;

use crate::board::{Board, Colour};
use crate::history::Move;
use budget::Meter;
use island::{Island, islands, islands_bound, over_colours, quick_moves, start_bound};
use position::Position;
use search::IslandSolution;
use table::Table;

/// A solve's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Moves that make the board one colour, in order.
    pub moves: Vec<Move>,
    /// Whether `moves` is proven shortest. Never true for an answer that is not.
    pub optimal: bool,
    /// No solution is shorter than this (equals the number of moves when optimal).
    pub lower_bound: u32,
    /// Search nodes visited (and, where the solve had no node budget, the blob growths of the
    /// beams that shortened its line while it ran).
    pub nodes: u64,
    /// Why the solve stopped early, if it did.
    pub stopped: Option<Stop>,
}

/// A lower bound on the moves `board` needs, without searching: per island the bound a search
/// starts from (the colour schedule, the rim bound and the printer bound; the colour bound and a
/// floor on the radius on islands too large to search), islands of one region costing one
/// unless they have the final colour, combined over the best final colour.
pub fn lower_bound(board: &Board, colours: usize) -> u32 {
    let graph = RegionGraph::new(board);
    let bounds: Vec<(u32, Option<Colour>)> = graph
        .islands
        .iter()
        .map(|regions| match regions[..] {
            [single] => (0, Some(graph.colour[single])),
            _ => (start_bound(&mut Position::new(&graph, regions, regions.len() <= MAX_SEARCHED_REGIONS)).0, None),
        })
        .collect();
    over_colours(&bounds, colours)
}

/// The first answer of a solve, before any search: the moves it starts from (an upper bound),
/// with the lower bound known without searching. Never marked optimal.
pub fn first_answer(board: &Board, colours: usize) -> Solution {
    let graph = RegionGraph::new(board);
    let islands = islands(board, &graph, colours, &Budget::default());
    let moves = quick_moves(&islands, &graph, colours);
    let lower_bound = islands_bound(&islands, colours).min(moves.len() as u32);
    Solution { moves, optimal: false, lower_bound, nodes: 0, stopped: None }
}

/// Solves `board` (palette of `colours`) within `budget`.
pub fn solve(board: &Board, colours: usize, budget: &Budget) -> Solution {
    let graph = RegionGraph::new(board);
    // Nodes spent on the fewest moves before a move limit is asked about: on one island without
    // a node budget, by the staged proof, which goes on with what it learned (`anytime.rs`).
    let fewest = match (budget.fewest_nodes.filter(|&n| n > 0), budget.max_moves) {
        (Some(nodes), Some(_)) if graph.islands.len() == 1 && budget.max_nodes.is_none() => nodes,
        (Some(nodes), Some(max_moves)) => return fewest_then_ask(board, colours, budget, nodes, max_moves),
        _ => 0,
    };
    let mut meter = Meter::new(budget);
    let threads = budget.threads.max(1);
    let mut table = Table::with_bytes(budget.table_bytes);
    // With `fewest`, the first answers are made as if there were no move limit.
    let asked = Budget { max_moves: budget.max_moves.filter(|_| fewest == 0), ..budget.clone() };
    let mut islands = islands(board, &graph, colours, &asked);
    if let (true, Some(max_moves), [island]) = (fewest > 0, budget.max_moves, &mut islands[..]) {
        island.cap_at(max_moves);
    }
    if let Some(max_moves) = asked.max_moves {
        // Asked only whether `max_moves` suffice: the quick answers may already say yes.
        let moves = quick_moves(&islands, &graph, colours);
        if moves.len() <= max_moves as usize {
            let lower_bound = islands_bound(&islands, colours).min(moves.len() as u32);
            return Solution { moves, optimal: false, lower_bound, nodes: 0, stopped: Some(Stop::Enough) };
        }
    }
    // Without a node budget, lines are shortened while the proof runs; where the board is one
    // island, a line within `max_moves` answers the caller.
    let alone = islands.len() == 1;
    let anytime = budget.max_nodes.is_none().then(|| (if alone { budget.max_moves.unwrap_or(0) } else { 0 }, fewest));
    for island in &mut islands {
        island.solve_any(colours, &mut table, &mut meter, threads, anytime);
    }
    // The final colour: try colours in order of their optimistic total; stop once the best exact
    // total is no worse than any remaining optimistic one.
    let optimistic = |islands: &[Island], d: Colour| islands.iter().map(|i| i.bound_to(d)).sum::<u32>();
    // Colours that islands already end in first: they need no further search.
    let unknown = |islands: &[Island], d: Colour| islands.iter().filter(|i| i.any_colour() != Some(d)).count();
    let mut order: Vec<Colour> = (0..colours as Colour).collect();
    order.sort_by_key(|&d| (optimistic(&islands, d), unknown(&islands, d)));
    let mut best: Option<(u32, Colour)> = None;
    for d in order {
        if best.is_some_and(|(total, _)| optimistic(&islands, d) >= total) {
            continue;
        }
        let total: u32 =
            islands.iter_mut().map(|i| i.solve_to(d, colours, &mut table, &mut meter).moves.len() as u32).sum();
        if best.is_none_or(|(b, _)| total < b) {
            best = Some((total, d));
        }
    }
    let (_, d) = best.expect("a palette has colours");
    let lower_bound = (0..colours as Colour).map(|c| optimistic(&islands, c)).min().unwrap_or(0);
    let chosen: Vec<&IslandSolution> = islands.iter().map(|i| i.to[usize::from(d)].as_ref().expect("solved")).collect();
    let moves: Vec<Move> = chosen
        .iter()
        .flat_map(|s| s.moves.iter().map(|&(region, colour)| Move { tile: graph.tile[region], colour }))
        .collect();
    let optimal = chosen.iter().all(|s| s.optimal) && meter.stopped.is_none();
    Solution {
        lower_bound: if optimal { moves.len() as u32 } else { lower_bound.min(moves.len() as u32) },
        optimal,
        moves,
        nodes: meter.nodes,
        stopped: meter.stopped,
    }
}

/// [`solve`] with [`Budget::fewest_nodes`] where the search cannot go on from what it learned
/// (several islands, or a node budget): a solve for the fewest moves within `nodes`, then, where
/// that neither proves them nor answers whether `max_moves` suffice, a solve that asks that
/// afresh with what is left of the budget. The shorter line, the higher bound.
fn fewest_then_ask(board: &Board, colours: usize, budget: &Budget, nodes: u64, max_moves: u32) -> Solution {
    let start = std::time::Instant::now();
    let nodes = budget.max_nodes.map_or(nodes, |n| n.min(nodes));
    let fewest = Budget { max_nodes: Some(nodes), max_moves: None, fewest_nodes: None, ..budget.clone() };
    let first = solve(board, colours, &fewest);
    // Settled: proven, stopped for another reason, or those nodes were all the budget had.
    let settled = first.stopped != Some(Stop::Nodes) || budget.max_nodes.is_some_and(|n| n <= nodes);
    if settled || first.moves.len() as u32 <= max_moves || first.lower_bound > max_moves {
        return first;
    }
    let max_time = budget.max_time.map(|t| t.saturating_sub(start.elapsed()));
    let max_nodes = budget.max_nodes.map(|n| n.saturating_sub(first.nodes));
    let asked = solve(board, colours, &Budget { max_time, max_nodes, fewest_nodes: None, ..budget.clone() });
    let (nodes, lower_bound, stopped) =
        (first.nodes + asked.nodes, first.lower_bound.max(asked.lower_bound), asked.stopped);
    let best = if asked.moves.len() < first.moves.len() || asked.optimal { asked } else { first };
    // A line as short as the bound is proven shortest, whichever solve proved the bound.
    let optimal = best.optimal || lower_bound as usize >= best.moves.len();
    Solution { nodes, lower_bound, optimal, stopped, ..best }
}

#[cfg(test)]
mod tests;
