//! Optimal search on one island: iterative-deepening A* (IDA*) with admissible bounds, a
//! transposition table of learned bounds, and move rules that are proven not to lose optimality.
//!
//! # Moves
//! A *merging* move recolours a region to a colour one of its neighbours has. A *non-merging* move
//! (any other colour) swallows nothing; on a connected island it is rarely useful, but no proof
//! that it is never needed is known to us, so the search keeps them under a rule that is proven:
//!
//! Order moves by key (merging before non-merging, then node, then colour) and take the
//! lexicographically least optimal sequence. Let `N` recolour region `R` from `y` to `x` without
//! swallowing anything, and `M` be the next move. If `M` recolours `R` again, `N` was wasted (or,
//! back to `y`, both were), so the sequence was not optimal. If `M` recolours a neighbour `Q` of
//! `R` to `x` and `Q` has another neighbour of colour `x`, then "`Q` to `x`, then `R` to `x`" ends
//! in the same position and starts with a smaller (merging) key. Otherwise, unless `M` recolours
//! a neighbour of `R` to `x` or to `y`, `M` and `N` commute (neither changes what the other does)
//! and swapping them gives a smaller sequence unless `M` is a non-merging move with a larger key.
//! If `M` recolours a neighbour `Q` of `R` to `x` where `R` is `Q`'s only neighbour of colour `x`,
//! and `Q` is `R`'s only neighbour of `Q`'s colour `q`, then "`R` to `q` (swallowing `Q` alone),
//! then `R` to `x`" ends in the same position, `R` and `Q` one region of colour `x` (neither had
//! another neighbour of colour `x`), and starts with a smaller (merging) key. Likewise, if `R` is
//! `Q`'s only neighbour of colour `y` (before `N`), "`Q` to `y` (swallowing `R` alone), then `Q`
//! to `x`" ends in the same position and starts with a merging key.
//! So after `N` the search only plays: a neighbour `Q` of `R` to `x` where `R` is `Q`'s only
//! neighbour of colour `x`, `R` has another neighbour of `Q`'s colour and `Q` another neighbour
//! of colour `y`; a neighbour of `R` to `y`; or a larger non-merging move that leaves `R` alone.
//! `N` may also end the search (an island of one region recoloured to the target colour).
//!
//! # Commuting moves
//! Two merging moves *commute* where neither's star (the region moved and the neighbours it
//! swallows) is or touches a region of the other's: played in either order they swallow the
//! same regions and end in the same position, and each keeps its key. Comparing moves by (more
//! swallowed first, node, colour), the order in which the search tries them, the least optimal
//! sequence never plays a merging move right after one it commutes with and comes before
//! (swapping the two gives a smaller sequence of the same length), so after a merging move `M`
//! the search skips the merging moves `M'` that commute with `M` and come before it
//! ([`Position::clear_of`] tells them from the region `M` made). The order agrees with the move
//! rule above (merging moves before the others), so both rules hold for the same least sequence.
//!
//! A bound is learned from such a node `P`, reached by `M` from `Q`, because `Q`'s child
//! `Q + M'` was searched in full before, by the same thread and to the same depth: that search
//! reaches `P + M' = Q + M' + M`, as `M` comes after `M'` and is not skipped there. If `M'` was
//! not searched from `Q` for commuting with the move `L` before `Q` and coming before it, the same
//! holds one level up, where `M'` commutes with `L` and was searched before it. So the skipping is
//! only done where that chain ends in a search in full: never below a move the rule above
//! restricted, nor below a symmetric position (whose mirror images are skipped), and below a
//! position whose children are shared out among threads only as `search/shared.rs` says; a
//! helping thread, which tries children from the last,
//! skips the commuting moves that come after `M` instead. Bounds cut the same moves in either
//! case. Skipping more (moves that commute with several moves in a row, "sleep sets") saved
//! another 2-5% of the nodes on the boards tried, not worth a set per depth.
//!
//! # Symmetry
//! On a board that a mirror image or the half turn of the grid maps onto itself, mirror-image
//! moves lead to positions that need equally many moves; while the position stays symmetric,
//! only one merging move of each mirror-image pair is searched ([`Search::mirrored`]).
//!
//! # Bounds
//! The radius, the colour schedule and, where the radius is tight, the rim bound (see
//! [`Position::radius`], [`Position::colour_schedule`] and [`Position::rim_bound`]). Only moves
//! whose colour bound (from the counts alone) fits the moves left after them are listed. A
//! move never lengthens a distance, so where this position's radius already fits the moves left
//! after one more, every child's radius does. Each child's radius and rim bound are tested before
//! the move is played, from the distances, where the radius leaves no move to spare, or one and
//! this position's own rim bound none (then most children fail the rim bound, and testing costs
//! less than playing them). Likewise, where the colour schedule is tight, a bound on each child's
//! schedule is found from the far-apart regions that prove this position's
//! ([`Position::colour_schedule_after`]); most children are cut there, unplayed.
//!
//! # Transposition table
//! After a position is searched to depth `d` without finding the goal, it needs at least `d + 1`
//! moves. That holds only where the move rule above did not restrict the first move (any position
//! not reached by a non-merging move): the lexicographically least optimal sequence from such a
//! position obeys the rule throughout, so the search would have found it. Moves skipped for
//! commuting with the last one were searched before (see "Commuting moves"). An entry is a bound on
//! the position itself, however it is reached, so a child is looked up before it is played (its
//! hash follows from the move alone), which skips the cost of playing a transposition.

use super::distance::Centres;
use super::position::{Position, Target, Witness};
use super::table::Table;
use super::{Meter, Stop};
use crate::board::Colour;
use std::cmp::Reverse;

mod shared;

/// What an island search produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IslandSolution {
    /// Moves as `(node, colour)`; node ids are original regions of the board's region graph.
    pub moves: Vec<(usize, Colour)>,
    /// Whether no shorter sequence exists.
    pub optimal: bool,
    /// Proven lower bound on the optimum.
    pub lower_bound: u32,
}

/// The move just played, as far as the move rules care.
#[derive(Clone, Copy)]
enum Last {
    /// The start: anything may follow.
    Free,
    /// A merging move of `node` to `colour` that swallowed `swallowed` regions, and which of the
    /// merging moves that commute with it are skipped after it.
    Merge { node: usize, colour: Colour, swallowed: usize, commute: Commute },
    /// A non-merging move of `node` from colour `from` to `to`.
    Lone { node: usize, from: Colour, to: Colour },
}

/// Which merging moves that commute with the last move are skipped after it (see "Commuting
/// moves").
#[derive(Clone, Copy)]
enum Commute {
    /// None.
    Never,
    /// Those tried before it (after it, for a helping thread).
    Before,
    /// Those whose own position, a move from the start, has been searched in full by some thread
    /// (a task of `search/shared.rs`).
    Done,
}

enum Flow {
    Found,
    NotFound,
    Stopped(Stop),
}

/// A search of one island for one target.
pub struct Search<'a> {
    pos: &'a mut Position,
    target: Target,
    colours: Colour,
    table: Tables<'a>,
    meter: &'a mut Meter,
    /// The moves of the solution found, last first.
    found: Vec<(usize, Colour)>,
    /// What each depth keeps while its children are searched, reused from node to node.
    scratch: Vec<Scratch>,
    /// Symmetries of the start, as maps of nodes (see [`Search::mirrored`]).
    mirrors: &'a [Vec<usize>],
    /// Threads to search with (see [`Search::threads`]).
    threads: usize,
    /// Whether to try children in reverse order (a helping thread, so that it meets the thread
    /// it helps from the other end).
    reverse: bool,
    /// For one of several threads: the moves from the start that are tasks, and which are done.
    siblings: Option<&'a shared::Siblings<'a>>,
}

/// The transposition table of a search: its own, or one shared with other threads.
enum Tables<'a> {
    Own(&'a mut Table),
    Shared(&'a Table),
}

impl Tables<'_> {
    fn get(&self) -> &Table {
        match self {
            Tables::Own(t) => t,
            Tables::Shared(t) => t,
        }
    }

    fn raise(&mut self, hash: [u64; 2], bound: u32) {
        match self {
            Tables::Own(t) => t.raise(hash, bound),
            Tables::Shared(t) => t.raise_shared(hash, bound),
        }
    }
}

/// What a node keeps while its children are searched.
#[derive(Default)]
struct Scratch {
    /// Candidate moves.
    moves: Vec<(usize, Colour, usize)>,
    /// The sets that prove the node's colour schedule.
    witness: Witness,
    /// Whether the colour schedule leaves no move to spare.
    tight: bool,
    /// Whether this node's children skip the merging moves that commute with theirs and were
    /// tried before it (see "Commuting moves").
    commute: bool,
    /// Whether the radius leaves at most one move to spare, so that a child's radius and rim
    /// bound may not fit the moves left after it.
    near: bool,
    /// This node's radius.
    radius: u32,
    /// Where it does, the regions that could be a centre after a move, found when the first
    /// child needs them.
    centres: Centres,
    /// Whether `centres` holds this node's candidates yet.
    centres_found: bool,
    /// Where `near`, the moves that swallow nothing and fit the radius and rim bound, found when
    /// the first such child needs them.
    lone: Vec<(usize, Colour)>,
    /// Whether `lone` holds this node's moves yet.
    lone_found: bool,
}

impl<'a> Search<'a> {
    /// A search of `pos` for `target` with a palette of `colours`; `table` is cleared for it.
    pub fn new(
        pos: &'a mut Position,
        target: Target,
        colours: usize,
        table: &'a mut Table,
        meter: &'a mut Meter,
    ) -> Search<'a> {
        table.clear();
        let colours = colours as Colour;
        Search {
            pos,
            target,
            colours,
            table: Tables::Own(table),
            meter,
            found: Vec::new(),
            scratch: Vec::new(),
            mirrors: &[],
            threads: 1,
            reverse: false,
            siblings: None,
        }
    }

    /// The search run on `threads` threads (see [`Search::run`]).
    pub fn threads(self, threads: usize) -> Search<'a> {
        Search { threads: threads.max(1), ..self }
    }

    /// The search told the start's symmetries, each a map of nodes that keeps the colours and
    /// the adjacency (with the identity, a group). While the position is symmetric, of the
    /// merging moves that are mirror images of each other only the one on the least node is
    /// searched: their children are mirror images, so they need equally many moves, and after
    /// a merging move the search of a child is a full one (the move rule restricts nothing).
    /// The position stays symmetric after a merging move of a node that every map fixes: its
    /// region and the regions it swallows are mapped onto themselves, so every live node still
    /// maps to a live node.
    pub fn mirrored(self, mirrors: &'a [Vec<usize>]) -> Search<'a> {
        Search { mirrors, ..self }
    }

    /// Finds a shortest sequence. `known` is a sequence already found (returned if nothing
    /// shorter exists) and `floor` a length known to be impossible to beat. Stops early when the
    /// meter says so, or once every sequence is proven longer than `cap` (then it stops the meter
    /// too: the whole board needs too many moves), returning `known` with the lower bound proven
    /// so far.
    ///
    /// With several threads, each iteration of the bound shares out the positions a few moves
    /// from the start (see `search/shared.rs`): every thread searches with its own copy of the
    /// position and one shared table, whose entries (bounds on positions, however reached) hold
    /// whichever thread wrote them. Which line is found, and the node count, can then depend on
    /// timing; its length cannot.
    pub fn run(mut self, known: Vec<(usize, Colour)>, floor: u32, cap: u32) -> IslandSolution {
        if self.threads > 1 {
            return self.run_shared(known, floor, cap);
        }
        let upper = known.len() as u32;
        let mut bound = self.pos.lower_bound(self.target).max(floor);
        while bound < upper {
            if bound > cap {
                self.meter.stop(Stop::TooManyMoves);
                return IslandSolution { moves: known, optimal: false, lower_bound: bound };
            }
            match self.dfs(0, bound, Last::Free, !self.mirrors.is_empty()) {
                Flow::Found => {
                    self.found.reverse();
                    return IslandSolution { moves: self.found, optimal: true, lower_bound: bound };
                }
                Flow::NotFound => bound += 1,
                Flow::Stopped(_) => return IslandSolution { moves: known, optimal: false, lower_bound: bound },
            }
        }
        IslandSolution { moves: known, optimal: true, lower_bound: upper }
    }

    /// Searches a position `g` moves deep; `symmetric` where it is symmetric as
    /// [`Search::mirrored`] says.
    fn dfs(&mut self, g: u32, bound: u32, last: Last, symmetric: bool) -> Flow {
        if self.pos.is_goal(self.target) {
            return Flow::Found;
        }
        let left = bound - g;
        if left == 0 {
            return Flow::NotFound;
        }
        if let Err(stop) = self.meter.tick() {
            return Flow::Stopped(stop);
        }
        // A move the rule restricts after is not searched in full here.
        let lone = matches!(last, Last::Lone { .. });
        let hash = self.pos.hash();
        if self.table.get().bound(hash) > left {
            return Flow::NotFound;
        }
        let radius = self.pos.radius();
        if radius > left || (radius == left && self.pos.rim_bound(self.target) > left) {
            return Flow::NotFound;
        }
        let depth = g as usize;
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.scratch[depth]);
        // Where no move fits the colour bound, the colour schedule is not worth working out.
        self.moves(last, left, radius < left, symmetric, &mut scratch.moves);
        let flow = if scratch.moves.is_empty() {
            None
        } else {
            let schedule = self.pos.colour_schedule(self.target, &mut scratch.witness);
            if schedule > left {
                Some(Flow::NotFound)
            } else {
                scratch.near = radius == left || (radius + 1 == left && self.pos.rim_bound(self.target) == left);
                scratch.radius = radius;
                scratch.centres_found = false;
                scratch.lone_found = false;
                scratch.tight = schedule == left;
                // See "Commuting moves": only where the moves tried before were searched in full.
                scratch.commute = !(symmetric || lone);
                self.children(g, bound, left, symmetric, &mut scratch)
            }
        };
        self.scratch[depth] = scratch;
        if let Some(flow) = flow {
            return flow;
        }
        if !lone {
            self.table.raise(hash, left + 1);
        }
        Flow::NotFound
    }

    /// Searches the children of a position `g` moves deep through the moves in `scratch`; `None`
    /// if none leads to the goal within `bound`.
    fn children(&mut self, g: u32, bound: u32, left: u32, symmetric: bool, scratch: &mut Scratch) -> Option<Flow> {
        let pos = &*self.pos;
        self.table.get().prefetch(scratch.moves.iter().map(|&(node, colour, _)| pos.hash_after(node, colour)));
        let len = scratch.moves.len();
        for k in 0..len {
            let i = if self.reverse { len - 1 - k } else { k };
            let (node, colour, swallowed) = scratch.moves[i];
            if self.table.get().bound(self.pos.hash_after(node, colour)) >= left {
                continue;
            }
            // A child tested here counts as a node, as if it had been played and cut, so that
            // node budgets measure the work done.
            let fits_rim = match (scratch.near, swallowed) {
                (false, _) => true,
                // A move that swallows nothing changes no distance (so the radius must leave it a
                // move): all such moves at once.
                (true, 0) => {
                    if scratch.radius < left && !scratch.lone_found {
                        self.pos.lone_moves_fitting_rim(scratch.radius, self.target, &mut scratch.lone);
                        scratch.lone_found = true;
                    }
                    scratch.radius < left && scratch.lone.contains(&(node, colour))
                }
                (true, _) => {
                    if !scratch.centres_found {
                        self.pos.centre_candidates(left - 1, &mut scratch.centres);
                        scratch.centres_found = true;
                    }
                    self.pos.move_fits_rim(node, colour, left - 1, &scratch.centres, self.target)
                }
            };
            let cut = !fits_rim
                || (scratch.tight
                    && self.pos.colour_schedule_after(node, colour, self.target, &scratch.witness) >= left);
            if cut {
                if let Err(stop) = self.meter.tick() {
                    return Some(Flow::Stopped(stop));
                }
                continue;
            }
            let from = self.pos.colour(node);
            self.pos.play(node, colour);
            let next = if swallowed > 0 {
                let commute = if scratch.commute { Commute::Before } else { Commute::Never };
                Last::Merge { node, colour, swallowed, commute }
            } else {
                Last::Lone { node, from, to: colour }
            };
            let stays_symmetric = symmetric && swallowed > 0 && self.mirrors.iter().all(|map| map[node] == node);
            let flow = self.dfs(g + 1, bound, next, stays_symmetric);
            self.pos.undo();
            match flow {
                Flow::Found => {
                    self.found.push((self.pos.region(node), colour));
                    return Some(Flow::Found);
                }
                Flow::Stopped(stop) => return Some(Flow::Stopped(stop)),
                Flow::NotFound => {}
            }
        }
        None
    }

    /// The moves the rule allows after `last` whose colour bound fits the `left − 1` moves after
    /// them, most promising first, into `out`: `(node, colour, swallowed)`, merging moves by how
    /// much they swallow, then the others. Where this position's colour bound leaves no move to
    /// spare, only nodes that could lower it are tried. In a `symmetric` position, a merging move
    /// only on the least node of those its mirrors map it to.
    fn moves(&self, last: Last, left: u32, lone_allowed: bool, symmetric: bool, out: &mut Vec<(usize, Colour, usize)>) {
        let pos = &*self.pos;
        out.clear();
        // Where the colour bound leaves no move to spare, the neighbours a region needs for a
        // move of it to lower the bound (see [`Position::lowering_degrees`]).
        let lowering = if pos.colour_bound(self.target) >= left { Some(pos.lowering_degrees()) } else { None };
        for v in pos.nodes() {
            // After a move of `r` that swallowed nothing, the rule allows only moves of its
            // neighbours and later moves that swallow nothing: the others need no look.
            if let Last::Lone { node: r, .. } = last
                && !pos.touches(v, r)
                && !(lone_allowed && v > r)
            {
                continue;
            }
            if lowering.is_some_and(|need| pos.degree(v) < need[usize::from(pos.colour(v))]) {
                continue;
            }
            let around = pos.neighbours_by_colour(v);
            // A mirror maps `v` to a smaller node: its merging moves are that node's images.
            let image_first = symmetric && self.mirrors.iter().any(|map| map[v] < v);
            for c in 0..self.colours {
                if c == pos.colour(v) {
                    continue;
                }
                let swallowed = around[usize::from(c)] as usize;
                let merges = swallowed > 0;
                let allowed = match last {
                    Last::Free => merges || lone_allowed,
                    Last::Merge { node: m, colour: x, swallowed: s, commute } => {
                        let skipped = || match commute {
                            Commute::Never => false,
                            // Tried before the last move: a helping thread tries them from the last.
                            Commute::Before => {
                                ((Reverse(swallowed), v, c) < (Reverse(s), m, x)) != self.reverse
                                    && pos.clear_of(v, c, m)
                            }
                            Commute::Done => pos.clear_of(v, c, m) && self.siblings.is_some_and(|t| t.done(v, c)),
                        };
                        if merges { !skipped() } else { lone_allowed }
                    }
                    Last::Lone { node: r, from: y, to: x } => {
                        let touches = pos.touches(v, r);
                        let joins_only_r = c == x
                            && touches
                            && pos.only_neighbour_of_colour(v, x, r)
                            && !pos.only_neighbour_of_colour(r, pos.colour(v), v)
                            && around[usize::from(y)] > 0;
                        let back_to_y = c == y && touches;
                        let later_lone =
                            !merges && lone_allowed && v != r && !(touches && (c == x || c == y)) && (v, c) > (r, x);
                        joins_only_r || back_to_y || later_lone
                    }
                };
                if !allowed || (merges && image_first) {
                    continue;
                }
                if pos.colour_bound_after(v, c, swallowed, self.target) < left {
                    out.push((v, c, swallowed));
                }
            }
        }
        out.sort_by_key(|m| Reverse(m.2));
    }
}

/// A quick solution for `target`, not necessarily shortest: from each of a few central regions,
/// grow it by recolouring it to the colour that swallows the most regions, then recolour the last
/// region to the target colour if needed; the shortest of these.
pub fn greedy(pos: &mut Position, target: Target) -> Vec<(usize, Colour)> {
    // It needs no distances, and keeping them up to date would cost a matrix per move played.
    pos.without_distances(|pos| greedy_floods(pos, target))
}

fn greedy_floods(pos: &mut Position, target: Target) -> Vec<(usize, Colour)> {
    let mut best: Option<Vec<(usize, Colour)>> = None;
    for centre in pos.central_nodes(6) {
        let mut moves = Vec::new();
        while pos.len() > 1 {
            let around = pos.neighbour_colours(centre);
            let colour = (0..crate::board::MAX_COLOURS as Colour)
                .filter(|&c| around >> c & 1 == 1)
                .max_by_key(|&c| (pos.swallows(centre, c), std::cmp::Reverse(c)))
                .expect("a region of a connected island with others has a neighbour");
            pos.play(centre, colour);
            moves.push((pos.region(centre), colour));
        }
        if let Target::Colour(d) = target
            && pos.colour(centre) != d
        {
            pos.play(centre, d);
            moves.push((pos.region(centre), d));
        }
        for _ in 0..moves.len() {
            pos.undo();
        }
        if best.as_ref().is_none_or(|b| moves.len() < b.len()) {
            best = Some(moves);
        }
    }
    best.unwrap_or_default()
}
