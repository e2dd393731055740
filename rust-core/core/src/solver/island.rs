//! One island of a board being solved: its quick first answers, its proof for any final colour
//! and for a given one, and what is known of its costs meanwhile.

use super::budget::{Budget, Meter};
use super::distance::Distances;
use super::graph::RegionGraph;
use super::greedy::greedy;
use super::position::{Position, Target, Witness};
use super::search::{IslandSolution, Search};
use super::table::Table;
use super::{anytime, beam, symmetry};
use crate::board::{Board, Colour};
use crate::history::Move;

/// Islands larger than this are not searched (the distances it needs grow with the square of the
/// size): they get the quick solution and a lower bound, and are reported as not proven unless
/// the two meet.
pub const MAX_SEARCHED_REGIONS: usize = 512;

/// Islands of at most this many regions get a short search for their first answer (a few
/// hundred microseconds), on top of the beam's lines.
pub const SMALL_ISLAND: usize = 48;

/// The nodes that short search may spend: counted, never timed, so that the first answer is the
/// same on every device.
const SMALL_ISLAND_NODES: u64 = 4_096;

/// The table that short search uses, in bytes.
const SMALL_ISLAND_TABLE: usize = 1 << 16;

/// The most memory the search may spend on saved distances: it keeps a level of an island's
/// distances (a byte per pair of regions, rows padded) for every move on its path, and its path
/// is shorter than the first solution found. Islands that could need more are not searched either,
/// so that a hint (with its 16 MiB table) stays well under 64 MiB on any board.
pub const MAX_DISTANCE_HISTORY: usize = 24 << 20;

/// One island and what is known of its costs.
pub(super) struct Island {
    /// `None` for an island of one region.
    pub(super) pos: Option<Position>,
    /// The board's symmetries that map the island onto itself, as maps of its nodes.
    mirrors: Vec<Vec<usize>>,
    /// The island's single region and its colour, for one-region islands.
    pub(super) single: Option<(usize, Colour)>,
    /// Size in regions.
    pub(super) regions: usize,
    /// Whether it is searched (known once its quick solution is): small enough to keep distances
    /// for, and to save them at every depth the search can reach.
    searched: bool,
    /// Shortest flooding to any colour (empty for one region).
    any: IslandSolution,
    /// The first answer's lines, per final colour.
    first: beam::Lines,
    /// Best known flooding to each colour.
    pub(super) to: Vec<Option<IslandSolution>>,
    /// The most moves this island may need for the board to stay within the budget's
    /// `max_moves` (`u32::MAX` without one).
    cap: u32,
    /// Threads its search uses.
    threads: usize,
    /// Its lower bound at the start ([`start_bound`]), once the quick answer is known.
    pub(super) floor: u32,
    /// Its printer bound at the start, where it is searched (0 before).
    printer: u32,
}

impl Island {
    /// The island of `regions` (ascending) of `graph`, given the board's `symmetries`.
    fn new(graph: &RegionGraph, regions: &[usize], colours: usize, symmetries: &[Vec<usize>]) -> Island {
        let single = (regions.len() == 1).then(|| (regions[0], graph.colour[regions[0]]));
        let mut pos = (regions.len() > 1).then(|| Position::new(graph, regions, regions.len() <= MAX_SEARCHED_REGIONS));
        let node = |r: usize| regions.binary_search(&r).ok();
        let mirrors: Vec<Vec<usize>> =
            symmetries.iter().filter_map(|map| regions.iter().map(|&r| node(map[r])).collect()).collect();
        if let Some(pos) = &mut pos {
            pos.hash_mirrors(&mirrors);
        }
        let any = IslandSolution { moves: Vec::new(), optimal: true, lower_bound: 0 };
        Island {
            pos,
            mirrors,
            single,
            regions: regions.len(),
            searched: false,
            any,
            first: Default::default(),
            to: vec![None; colours],
            cap: u32::MAX,
            threads: 1,
            floor: 0,
            printer: 0,
        }
    }

    /// Finds the quick first answers (not yet proven): the greedy line, and where that is longer
    /// than the island's lower bound (or than its `cap`, which is all a caller asks), the beam's
    /// lines for each final colour, the shortest of them for any colour.
    fn quick(&mut self, colours: usize) {
        if let Some(pos) = &mut self.pos {
            let mut moves = greedy(pos, Target::Any);
            (self.floor, self.printer) = start_bound(pos);
            let enough = self.floor.max(if self.cap == u32::MAX { 0 } else { self.cap });
            if moves.len() > enough as usize {
                self.first = beam::first_answer(pos, enough as usize);
                if let Some(line) = self.first.iter().flatten().min_by_key(|line| line.len())
                    && line.len() < moves.len()
                {
                    moves = line.clone();
                }
            }
            if self.regions <= SMALL_ISLAND && moves.len() > enough as usize {
                // Small islands' single-blob lines can be far from shortest (they flood outward
                // from one region), while a search proves such an island in a few hundred nodes.
                let budget = Budget { max_nodes: Some(SMALL_ISLAND_NODES), ..Budget::default() };
                let (mut table, mut meter) = (Table::with_bytes(SMALL_ISLAND_TABLE), Meter::new(&budget));
                let search = Search::new(pos, Target::Any, colours, &mut table, &mut meter).mirrored(&self.mirrors);
                moves = search.run(moves, 0, u32::MAX).moves;
            }
            self.any = IslandSolution { moves, optimal: false, lower_bound: 0 };
        }
    }

    /// Moves that make the island one region of colour `d` from what is known now: the
    /// any-colour answer, then a recolour of the region it leaves if that is not `d`, or the
    /// first answer's line ending in `d` where that is shorter.
    fn flood_then_recolour(&self, d: Colour) -> Vec<(usize, Colour)> {
        if let Some((region, c)) = self.single {
            return if c == d { Vec::new() } else { vec![(region, d)] };
        }
        let mut moves = self.any.moves.clone();
        if self.any_colour() != Some(d) {
            let last = moves.last().map(|&(node, _)| node).unwrap_or_default();
            moves.push((last, d));
        }
        match &self.first[usize::from(d)] {
            Some(line) if line.len() < moves.len() => line.clone(),
            _ => moves,
        }
    }

    /// Solves for any final colour, starting from the quick answer; `anytime` where the solve
    /// has no node budget, so that the line is shortened while the proof runs (`anytime.rs`):
    /// `(enough, fewest)`, a line of `enough` moves being all that is asked once `fewest` nodes
    /// have not proven the shortest ([`anytime::Plan`]).
    pub(super) fn solve_any(
        &mut self,
        colours: usize,
        table: &mut Table,
        meter: &mut Meter,
        threads: usize,
        anytime: Option<(u32, u64)>,
    ) {
        if let Some(pos) = &mut self.pos {
            let known = std::mem::take(&mut self.any.moves);
            // One more than the deepest path of either search (the colour target's may be one longer).
            let history = (known.len() + 1).saturating_mul(Distances::level_bytes(self.regions));
            self.searched = self.regions <= MAX_SEARCHED_REGIONS && history <= MAX_DISTANCE_HISTORY;
            // Each thread keeps its own distances: as many threads as the memory cap allows.
            self.threads = threads.min(MAX_DISTANCE_HISTORY / history.max(1)).max(1);
            self.any = if let (true, Some((enough, fewest))) = (self.searched, anytime) {
                let (mirrors, threads, printer, cap) = (&self.mirrors, self.threads, self.printer, self.cap);
                let plan = anytime::Plan {
                    colours,
                    mirrors,
                    threads,
                    printer,
                    cap,
                    enough,
                    fewest,
                    first_stage: anytime::FIRST_STAGE,
                    steps: &anytime::STEPS,
                };
                anytime::prove(pos, &plan, known, self.floor, table, meter)
            } else if self.searched {
                Search::new(pos, Target::Any, colours, table, meter)
                    .mirrored(&self.mirrors)
                    .threads(self.threads)
                    .printer(self.printer)
                    .run(known, self.floor, self.cap)
            } else {
                let lower_bound = self.floor;
                IslandSolution { optimal: lower_bound as usize >= known.len(), moves: known, lower_bound }
            };
        }
    }

    /// Allows the island at most `cap` moves, as [`islands`] does from a move limit: for a solve
    /// whose first answers were made as if it had none ([`Budget::fewest_nodes`]).
    pub(super) fn cap_at(&mut self, cap: u32) {
        self.cap = cap;
    }

    /// The colour the any-colour solution ends in.
    pub(super) fn any_colour(&self) -> Option<Colour> {
        self.any.moves.last().map(|&(_, c)| c).or(self.single.map(|(_, c)| c))
    }

    /// A lower bound on flooding to `d`, from what is known without searching.
    pub(super) fn bound_to(&self, d: Colour) -> u32 {
        if let Some((_, c)) = self.single {
            return u32::from(c != d);
        }
        match &self.to[usize::from(d)] {
            Some(s) => s.lower_bound,
            None => self.any.lower_bound,
        }
    }

    /// The best flooding to `d`, searching if needed.
    pub(super) fn solve_to(
        &mut self,
        d: Colour,
        colours: usize,
        table: &mut Table,
        meter: &mut Meter,
    ) -> &IslandSolution {
        if self.to[usize::from(d)].is_none() {
            let ends_in_d = self.any_colour() == Some(d);
            let known = self.flood_then_recolour(d);
            let solution = match &mut self.pos {
                None => IslandSolution { lower_bound: known.len() as u32, moves: known, optimal: true },
                Some(_) if ends_in_d => self.any.clone(),
                Some(_) if !self.searched => {
                    IslandSolution { moves: known, optimal: false, lower_bound: self.any.lower_bound }
                }
                Some(pos) => {
                    // Flood, then recolour the one region left: one more than the optimum.
                    let floor = self.any.lower_bound;
                    let search = Search::new(pos, Target::Colour(d), colours, table, meter)
                        .mirrored(&self.mirrors)
                        .threads(self.threads)
                        .printer(self.printer);
                    let found = search.run(known, floor, self.cap);
                    IslandSolution { optimal: found.optimal && self.any.optimal, ..found }
                }
            };
            self.to[usize::from(d)] = Some(solution);
        }
        self.to[usize::from(d)].as_ref().expect("filled above")
    }
}

/// An island's lower bound without searching, worked out once at the start of a solve: the
/// position's own, the gather bound, and the printer bound where the island is small enough to
/// search (these two cost too much to work out at every node).
pub(super) fn start_bound(pos: &mut Position) -> (u32, u32) {
    let printer = if pos.len() <= MAX_SEARCHED_REGIONS { pos.printer_bound(u32::MAX) } else { 0 };
    let mut witness = Witness::default();
    pos.colour_schedule(Target::Any, &mut witness);
    let gather = pos.gather_schedule(&witness, Target::Any);
    (pos.lower_bound(Target::Any).max(printer).max(gather), printer)
}

/// Islands' lower bounds (`(bound, Some(colour))` for an island of one region, which costs a
/// move unless it has the final colour) combined over the best final colour.
pub(super) fn over_colours(bounds: &[(u32, Option<Colour>)], colours: usize) -> u32 {
    (0..colours as Colour)
        .map(|d| bounds.iter().map(|&(b, single)| b + u32::from(single.is_some_and(|c| c != d))).sum())
        .min()
        .unwrap_or(0)
}

/// The lower bound of a board from its islands' [`start_bound`]s, as
/// [`lower_bound`](super::lower_bound) finds it.
pub(super) fn islands_bound(islands: &[Island], colours: usize) -> u32 {
    let bounds: Vec<(u32, Option<Colour>)> = islands.iter().map(|i| (i.floor, i.single.map(|(_, c)| c))).collect();
    over_colours(&bounds, colours)
}

/// The islands of `board` with their quick first answers, largest first, each allowed what the
/// others' colour bounds leave of the budget's `max_moves`.
pub(super) fn islands(board: &Board, graph: &RegionGraph, colours: usize, budget: &Budget) -> Vec<Island> {
    let symmetries = symmetry::symmetries(board, graph);
    let mut islands: Vec<Island> = graph.islands.iter().map(|r| Island::new(graph, r, colours, &symmetries)).collect();
    islands.sort_by_key(|i| std::cmp::Reverse(i.regions));
    if let Some(max_moves) = budget.max_moves {
        // Every island needs at least its colour bound, so one island may spend only what the
        // others' bounds leave of `max_moves`.
        let bounds: Vec<u32> =
            islands.iter_mut().map(|i| i.pos.as_mut().map_or(0, |p| p.colour_bound(Target::Any))).collect();
        let all: u32 = bounds.iter().sum();
        for (island, own) in islands.iter_mut().zip(&bounds) {
            island.cap = max_moves.saturating_sub(all - own);
        }
    }
    for island in &mut islands {
        island.quick(colours);
    }
    islands
}

/// The quick answers of `islands` combined over the final colour that makes them shortest.
pub(super) fn quick_moves(islands: &[Island], graph: &RegionGraph, colours: usize) -> Vec<Move> {
    let quick = |d: Colour| islands.iter().map(|i| i.flood_then_recolour(d).len()).sum::<usize>();
    let d = (0..colours as Colour).min_by_key(|&d| quick(d)).unwrap_or(0);
    islands
        .iter()
        .flat_map(|i| i.flood_then_recolour(d))
        .map(|(region, colour)| Move { tile: graph.tile[region], colour })
        .collect()
}
