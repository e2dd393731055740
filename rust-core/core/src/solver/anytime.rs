//! The first answer made shorter while the proof runs, for solves with no node budget (a time
//! budget or none: `kami solve`, hints), so that a solve stopped by the clock on a board it
//! cannot prove still answers with a near-shortest line, and a hint can more often say that par
//! is in reach.
//!
//! The first answer's beams stop at a fixed work (`beam.rs`), which on boards of 60–175 regions
//! holds them to widths of a few hundred blobs, and grow one blob. Here the proof runs in
//! stages, and between stages the line is shortened by the next group of [`STEPS`]: the beam
//! run again from each position along the line (a second blob, grown where the first one has
//! left the board, and merged with it); or a move that joins regions of one colour first, a
//! blob of its own, then the beam, from the start or from each position along the line. On the
//! 17 hard-corpus boards whose proof does not end within 10 s, they shorten five first answers:
//! the restart
//! `stripes-1` and `stripes-4` 15 to 14 and `stripes-dense-4` 17 to 16, the side move
//! `stripes-5` 14 to its proven 13 and `stripes-dense-1` 19 to 18. Wider beams (256 to 16,384
//! blobs) ran first while the first answer grew from 8 seeds; from its 64 they shorten none of
//! the 56 lines, and were dropped. The first group waits for [`FIRST_STAGE`] nodes of the
//! proof, the next for sixteen times as many, and each for [`RATIO`] times the steps' work so far,
//! both multiplied by the threads the search runs on. So:
//! - a proof that ends early pays nothing;
//! - the steps take a fifth of the work at most;
//! - the search stops only a few times, which costs more on several threads than on one (the
//!   threads' tasks are shared out again, and wait while a step runs).
//!
//! The restart runs on one thread; the beams after side moves run on the search's threads, each
//! thread taking every other move (every third on three, and so on), and are spent for in order,
//! so the line is the same on any number of threads.
//!
//! Everything is counted in nodes and blob growths, never timed: with the same budget, the answer
//! is the same on every device.
//!
//! The search goes on from where each stage stopped: its transposition table keeps what it
//! learned, and the proven bound is the next stage's floor. So a solve that wants the fewest
//! moves where they come cheap but asks only whether a number of moves suffice (a hint:
//! [`Plan::fewest`]) spends a first stage on the fewest, and goes on to the question from there
//! rather than starting again.

use super::position::{Position, Target};
use super::search::{IslandSolution, Search};
use super::table::Table;
use super::{Meter, Stop, beam};
use crate::board::{Colour, MAX_COLOURS};

/// The proof's nodes per blob growth spent on the steps: a step runs only once the proof has
/// spent this many times the steps' work so far.
const RATIO: u64 = 4;

/// Nodes the proof spends before the first group of steps, sixteen times as many before the
/// next: most proofs end sooner (all of the shipped levels), and pay nothing for them. (With
/// 131,072 the restart and side move ran within `tessera`'s proof, 178 k nodes, and doubled it.)
pub const FIRST_STAGE: u64 = 1 << 19;

/// What a staged proof searches with besides the position, its table and its meter.
pub struct Plan<'a> {
    /// Colours in the palette.
    pub colours: usize,
    /// The island's symmetries (see [`Search::mirrored`]).
    pub mirrors: &'a [Vec<usize>],
    /// Threads the search uses.
    pub threads: usize,
    /// The printer bound at the start (see [`Search::printer`]).
    pub printer: u32,
    /// The most moves the caller asks about (see [`Search::run`]).
    pub cap: u32,
    /// A line this short is all the caller asks for: the solve stops with it, unproven
    /// ([`Stop::Enough`]). 0 where a line answers nothing.
    pub enough: u32,
    /// Nodes first spent on the shortest line as if `cap` and `enough` were not set, which
    /// are asked about only where those nodes neither prove it nor answer them (see
    /// [`Budget::fewest_nodes`](super::Budget::fewest_nodes)); 0 for none.
    pub fewest: u64,
    /// Nodes the proof spends before the first step ([`FIRST_STAGE`] but in tests).
    pub first_stage: u64,
    /// The steps, in groups ([`STEPS`] but in tests).
    pub steps: &'a [&'a [Step]],
}

/// A shortest line for `pos` to any colour, as [`Search::run`] finds it from the line `known`
/// and the bound `floor`, but in stages with the line shortened between them ([`STEPS`]). The
/// steps' blob growths count as nodes, so the meter's clock and flags stop them too.
pub fn prove(
    pos: &mut Position,
    plan: &Plan,
    mut known: Vec<(usize, Colour)>,
    mut floor: u32,
    table: &mut Table,
    meter: &mut Meter,
) -> IslandSolution {
    table.clear();
    // The meter counts the search's nodes and the steps' work: the search's are the rest.
    let (start, mut stepped) = (meter.nodes, 0);
    if plan.fewest > 0 {
        let found = match stage(pos, plan, known, floor, table, meter, (plan.fewest, u32::MAX)) {
            Ok(found) => found,
            Err(answer) => return answer,
        };
        // Not settled: the caller's question may be answered already.
        let why = if found.moves.len() as u32 <= plan.enough {
            Some(Stop::Enough)
        } else {
            (found.lower_bound > plan.cap).then_some(Stop::TooManyMoves)
        };
        if let Some(why) = why {
            meter.stop(why);
            return found;
        }
        (known, floor) = (found.moves, found.lower_bound);
    }
    for (k, &group) in plan.steps.iter().enumerate() {
        // On several threads, the search's nodes come that much faster.
        let due = ((plan.first_stage << (4 * k)).max(RATIO * stepped)).saturating_mul(plan.threads as u64);
        let searched = meter.nodes - start - stepped;
        if searched < due {
            let found = match stage(pos, plan, known, floor, table, meter, (due - searched, plan.cap)) {
                Ok(found) => found,
                Err(answer) => return answer,
            };
            (known, floor) = (found.moves, found.lower_bound);
        }
        for &step in group {
            let before = meter.nodes;
            let spend = &mut |work| meter.count(work as u64).is_ok();
            if let Some(line) = shorten(pos, &known, (step, plan.threads), floor as usize, spend) {
                known = line;
            }
            stepped += meter.nodes - before;
            let moves = known.len() as u32;
            if meter.stopped.is_some() || moves <= floor || moves <= plan.enough {
                if moves > floor && moves <= plan.enough {
                    meter.stop(Stop::Enough);
                }
                return IslandSolution { optimal: moves <= floor, moves: known, lower_bound: floor.min(moves) };
            }
        }
    }
    // The last stage, with all that is left of the budget.
    match stage(pos, plan, known, floor, table, meter, (u64::MAX, plan.cap)) {
        Ok(found) | Err(found) => found,
    }
}

/// A stage of the proof of at most `nodes` more nodes, up to `cap` moves, going on with what the
/// table learned before: `Ok` with its line and bound where those nodes ran out and the budget
/// did not (the proof goes on), `Err` with the answer where it ended (the meter stopped if the
/// budget did).
fn stage(
    pos: &mut Position,
    plan: &Plan,
    known: Vec<(usize, Colour)>,
    floor: u32,
    table: &mut Table,
    meter: &mut Meter,
    (nodes, cap): (u64, u32),
) -> Result<IslandSolution, IslandSolution> {
    let mut part = meter.capped(nodes);
    let found = Search::again(pos, Target::Any, plan.colours, table, &mut part)
        .mirrored(plan.mirrors)
        .threads(plan.threads)
        .printer(plan.printer)
        .run(known, floor, cap);
    meter.absorb(&part);
    match part.stopped {
        Some(Stop::Nodes) if !meter.spent() => Ok(found),
        Some(stop) => {
            meter.stop(stop);
            Err(found)
        }
        None => Err(found),
    }
}

/// A way to shorten a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The first answer's beams from each position along the line, keeping any shorter rest.
    Restart,
    /// A second blob first: from the start, each of this many merging moves that swallow the
    /// most (two regions or more, so that the move joins regions of one colour), then the first
    /// answer's beams.
    Side(usize),
    /// [`Step::Side`] from each position along the line but the start, keeping any shorter rest.
    RestartSide(usize),
}

/// The steps, in groups taken between stages of the proof: the restart along the line and a
/// side move first; side moves along the line.
pub const STEPS: [&[Step]; 2] = [&[Step::Restart, Step::Side(32)], &[Step::RestartSide(16)]];

/// A line for `pos` (at the start) shorter than `line`, if `step` finds one on up to `threads`
/// threads; `floor` is a proven lower bound (a line that short cannot be beaten). `spend` is told
/// the growths as they are done, and the step gives up once it says no.
fn shorten(
    pos: &mut Position,
    line: &[(usize, Colour)],
    (step, threads): (Step, usize),
    floor: usize,
    spend: &mut dyn FnMut(usize) -> bool,
) -> Option<Vec<(usize, Colour)>> {
    match step {
        Step::Restart => along(pos, line, floor, spend, &mut |pos, _, enough, spend| {
            let (rest, work) = beam::first_answer_counted(pos, enough);
            if spend(work) { shortest(rest) } else { None }
        }),
        Step::Side(count) => side(pos, line.len(), floor, (count, threads), spend),
        Step::RestartSide(count) => along(pos, line, floor, spend, &mut |pos, rest, enough, spend| {
            side(pos, rest, enough, (count, threads), spend)
        }),
    }
}

/// The shortest of `lines`.
fn shortest(lines: beam::Lines) -> Option<Vec<(usize, Colour)>> {
    lines.into_iter().flatten().min_by_key(Vec::len)
}

/// What [`along`] runs at each position: `(pos, moves, enough, spend)` to a line from `pos`.
type RestFinder<'a> =
    dyn FnMut(&mut Position, usize, usize, &mut dyn FnMut(usize) -> bool) -> Option<Vec<(usize, Colour)>> + 'a;

/// A line for the position after each prefix of `line` from `rest(pos, moves, enough, spend)`,
/// which is given the moves of the line's rest and the fewest that could do; a shorter rest
/// replaces the line's, and the scan goes on along the new line.
fn along(
    pos: &mut Position,
    line: &[(usize, Colour)],
    floor: usize,
    spend: &mut dyn FnMut(usize) -> bool,
    rest: &mut RestFinder,
) -> Option<Vec<(usize, Colour)>> {
    let mut best = line.to_vec();
    let mut played = 0;
    let mut found = false;
    // Whether `spend` still allows work: once it says no, the scan stops.
    let going = std::cell::Cell::new(true);
    let mut spend = |work| {
        going.set(going.get() && spend(work));
        going.get()
    };
    // Positions one or two moves from the end are done best by the line itself.
    while played + 2 < best.len() && best.len() > floor {
        let Some(node) = pos.node_of(best[played].0).filter(|&v| pos.is_live(v)) else { break };
        pos.play(node, best[played].1);
        played += 1;
        let shorter = rest(pos, best.len() - played, floor.saturating_sub(played), &mut spend);
        if !going.get() {
            break;
        }
        if let Some(shorter) = shorter.filter(|rest| played + rest.len() < best.len()) {
            best.truncate(played);
            best.extend(shorter);
            found = true;
        }
    }
    for _ in 0..played {
        pos.undo();
    }
    found.then_some(best)
}

/// [`Step::Side`]: a line for `pos` shorter than `limit` moves that starts with one of the
/// `count` merging moves that swallow the most, two regions or more (ties by node, then
/// colour), followed by the first answer's beams from there; `floor` is the fewest that could do.
/// The beams run on up to `threads` threads and are spent for in order: the line is the same on
/// any number of threads.
fn side(
    pos: &mut Position,
    limit: usize,
    floor: usize,
    (count, threads): (usize, usize),
    spend: &mut dyn FnMut(usize) -> bool,
) -> Option<Vec<(usize, Colour)>> {
    let mut moves: Vec<(usize, usize, Colour)> = pos
        .nodes()
        .flat_map(|v| {
            let around = pos.neighbour_colours(v);
            (0..MAX_COLOURS as Colour).filter(move |&c| around >> c & 1 == 1).map(move |c| (v, c))
        })
        .map(|(v, c)| (pos.swallows(v, c), v, c))
        .filter(|&(swallowed, _, _)| swallowed >= 2)
        .collect();
    moves.sort_unstable_by_key(|&(swallowed, v, c)| (std::cmp::Reverse(swallowed), v, c));
    let firsts: Vec<(usize, Colour)> = moves.iter().take(count).map(|&(_, v, c)| (v, c)).collect();
    let regions: Vec<usize> = firsts.iter().map(|&(v, _)| pos.region(v)).collect();
    let mut best: Option<Vec<(usize, Colour)>> = None;
    beams_after(pos, &firsts, floor, threads, &mut |i, (rest, work)| {
        if !spend(work) {
            return false;
        }
        let limit = best.as_ref().map_or(limit, Vec::len);
        if let Some(rest) = shortest(rest).filter(|rest| 1 + rest.len() < limit) {
            best = Some(std::iter::once((regions[i], firsts[i].1)).chain(rest).collect());
        }
        true
    });
    best
}

/// The first answer's beams after each of `firsts` (their lines and work), handed to `take` in
/// order until it says no. On several threads, each takes every `threads`-th move, from `pos`
/// or a copy, for the whole step. With a thread started for each pair of beams, two threads
/// took the side step of `organic-speckled-6` and `-8` no faster than one (39–58 ms against
/// 40–51); so, 22–29 ms (2026-11-30).
fn beams_after(
    pos: &mut Position,
    firsts: &[(usize, Colour)],
    floor: usize,
    threads: usize,
    take: &mut dyn FnMut(usize, (beam::Lines, usize)) -> bool,
) {
    let after = |pos: &mut Position, (v, c): (usize, Colour)| {
        pos.play(v, c);
        let found = beam::first_answer_counted(pos, floor.saturating_sub(1));
        pos.undo();
        found
    };
    let threads = threads.clamp(1, firsts.len().max(1));
    if threads == 1 {
        firsts.iter().enumerate().all(|(i, &first)| take(i, after(pos, first)));
        return;
    }
    let mut copies: Vec<Position> = (1..threads).map(|_| pos.clone()).collect();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        let handles: Vec<_> = std::iter::once(pos)
            .chain(copies.iter_mut())
            .enumerate()
            .map(|(k, pos)| {
                let (sender, after) = (sender.clone(), &after);
                // A thread stops once the receiver is gone (`take` said no).
                s.spawn(move || {
                    for i in (k..firsts.len()).step_by(threads) {
                        if sender.send((i, after(pos, firsts[i]))).is_err() {
                            break;
                        }
                    }
                })
            })
            .collect();
        drop(sender);
        let mut waiting: Vec<Option<(beam::Lines, usize)>> = firsts.iter().map(|_| None).collect();
        let mut next = 0;
        'taking: for (i, found) in &receiver {
            waiting[i] = Some(found);
            while let Some(found) = waiting.get_mut(next).and_then(Option::take) {
                if !take(next, found) {
                    break 'taking;
                }
                next += 1;
            }
        }
        drop(receiver);
        for handle in handles {
            // A panic in a thread is a bug: it reaches the caller as it would without threads.
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Tiling};
    use crate::solver::Budget;
    use crate::solver::beam::tests::bench_island;
    use crate::solver::graph::RegionGraph;
    use crate::solver::greedy::greedy;
    use proptest::prelude::*;

    /// The largest island of a squares board, with distances, as the search sees it.
    fn island(rows: usize, cells: &[u8]) -> Option<Position> {
        let board = Board::new(Tiling::Squares, rows, cells.len() / rows, cells.iter().map(|&c| Some(c)).collect(), 4);
        let graph = RegionGraph::new(&board.ok()?);
        let regions = graph.islands.iter().max_by_key(|i| i.len())?;
        (regions.len() > 1).then(|| Position::new(&graph, regions, true))
    }

    /// Whether `line` floods `pos` to one region (played on a copy).
    fn floods(pos: &Position, line: &[(usize, Colour)]) -> bool {
        let mut p = pos.clone();
        for &(region, colour) in line {
            match p.node_of(region).filter(|&v| p.is_live(v) && p.colour(v) != colour) {
                Some(v) => p.play(v, colour),
                None => return false,
            }
        }
        p.is_goal(Target::Any)
    }

    /// Each live node with its colour and neighbours.
    fn snapshot(p: &Position) -> Vec<(usize, Colour, Vec<u64>)> {
        p.nodes().map(|v| (v, p.colour(v), p.row_of(v).to_vec())).collect()
    }

    fn plan<'a>(first_stage: u64, enough: u32, steps: &'a [&'a [Step]]) -> Plan<'a> {
        Plan { colours: 4, mirrors: &[], threads: 1, printer: 0, cap: u32::MAX, enough, fewest: 0, first_stage, steps }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// With stages of 1, 16, 256, ... nodes, the search stops and goes on between them many
        /// times: the length proven is the plain search's, and the line floods the island. The
        /// steps here (no side moves) find nothing, so that the search alone finds the line.
        #[test]
        fn a_proof_in_stages_finds_the_plain_optimum(cells in prop::collection::vec(0u8..4, 36..=48)) {
            let Some(mut pos) = island(6, &cells) else { return Ok(()) };
            let start = pos.clone();
            let known = greedy(&mut pos, Target::Any);
            let (mut table, budget) = (Table::with_bytes(1 << 16), Budget::default());
            let mut meter = Meter::new(&budget);
            let plain = Search::new(&mut pos, Target::Any, 4, &mut table, &mut meter).run(known.clone(), 0, u32::MAX);
            let mut meter = Meter::new(&budget);
            let staged = prove(&mut pos, &plan(1, 0, &[&[Step::Side(0)] as &[Step]; 6]), known.clone(), 0, &mut table, &mut meter);
            prop_assert!(plain.optimal && staged.optimal);
            prop_assert_eq!(staged.moves.len(), plain.moves.len());
            prop_assert_eq!(staged.lower_bound as usize, staged.moves.len());
            prop_assert!(floods(&start, &staged.moves));
            prop_assert_eq!(snapshot(&pos), snapshot(&start));
        }

        /// Each step hands back only lines that flood the island in fewer moves, and leaves the
        /// position as it found it.
        #[test]
        fn steps_shorten_lines_that_still_flood(cells in prop::collection::vec(0u8..4, 20..=30), step in 0..STEPS.concat().len()) {
            let Some(mut pos) = island(5, &cells) else { return Ok(()) };
            let start = pos.clone();
            let known = greedy(&mut pos, Target::Any);
            if let Some(line) = shorten(&mut pos, &known, (STEPS.concat()[step], 1), 0, &mut |_| true) {
                prop_assert!(line.len() < known.len());
                prop_assert!(floods(&start, &line), "{:?}", line);
            }
            prop_assert_eq!(snapshot(&pos), snapshot(&start));
        }
    }

    #[test]
    fn a_line_within_what_is_asked_stops_the_proof() {
        // A line as long as greedy's answers a caller who asks for that many: the first step's
        // line ends the solve, unproven unless it meets the bound.
        let cells = [0, 1, 2, 3, 0, 1, 2, 3, 0, 2, 1, 3, 2, 0, 1, 3, 0, 2, 3, 1, 2, 0, 3, 1, 0];
        let mut pos = island(5, &cells).expect("a board of several regions");
        let known = greedy(&mut pos, Target::Any);
        let (mut table, budget) = (Table::with_bytes(1 << 16), Budget::default());
        let mut meter = Meter::new(&budget);
        let found = prove(&mut pos, &plan(1, known.len() as u32, &STEPS), known.clone(), 0, &mut table, &mut meter);
        assert!(found.moves.len() <= known.len());
        assert_eq!(meter.stopped, (!found.optimal).then_some(Stop::Enough), "{found:?}");
    }

    #[test]
    fn restarting_along_the_first_answer_shortens_a_striped_board() {
        // stripes-1 of the hard corpus: the first answer's single blob needs 15 moves; a second
        // blob, grown from a position along that line, makes it 14.
        let mut pos = bench_island(include_str!("../../../cli/bench/4-stripes/stripes-1.toml"));
        let line = shortest(beam::first_answer(&mut pos, 0)).expect("a line");
        assert_eq!(line.len(), 15);
        let shorter = shorten(&mut pos, &line, (Step::Restart, 1), 0, &mut |_| true).expect("a shorter line");
        assert_eq!(shorter.len(), 14);
    }

    #[test]
    fn a_side_move_first_finds_the_optimum_of_a_striped_board() {
        // stripes-5 of the hard corpus, whose 13 moves are proven optimal: the single-blob beams
        // need 14, and the restart along their line finds nothing shorter; one move at row 5,
        // then a blob from row 20, needs 13.
        let mut pos = bench_island(include_str!("../../../cli/bench/4-stripes/stripes-5.toml"));
        let start = pos.clone();
        let line = shortest(beam::first_answer(&mut pos, 0)).expect("a line");
        assert_eq!(line.len(), 14);
        assert_eq!(shorten(&mut pos, &line, (Step::Restart, 1), 0, &mut |_| true), None);
        let shorter = shorten(&mut pos, &line, (Step::Side(32), 1), 0, &mut |_| true).expect("a shorter line");
        assert_eq!(shorter.len(), 13);
        assert!(floods(&start, &shorter));
        assert_eq!(snapshot(&pos), snapshot(&start));
        // On three threads, the beams after three moves at a time: the same line, and the same
        // work spent for.
        let (mut one, mut three) = (Vec::new(), Vec::new());
        let alone = shorten(&mut pos, &line, (Step::Side(32), 1), 0, &mut |work| {
            one.push(work);
            true
        });
        let shared = shorten(&mut pos, &line, (Step::Side(32), 3), 0, &mut |work| {
            three.push(work);
            three.len() < 20
        });
        assert_eq!((alone, one.len()), (Some(shorter), 32));
        assert_eq!((shared.map(|line| line.len()), &three[..], three.len()), (Some(13), &one[..20], 20));
        assert_eq!(snapshot(&pos), snapshot(&start));
    }
}
