//! Optimal search on one island: iterative-deepening A* (IDA*) with admissible bounds, a
//! transposition table of learned bounds, and move rules that are proven not to lose optimality.
//!
//! # Moves
//! A *merging* move recolours a region to a colour one of its neighbours has; any other move
//! swallows nothing. The search plays merging moves only, and, for a target colour `d`, the
//! recolouring of an island left as one region of another colour: some shortest sequence is of
//! that form. (A brute force first found no position that needs another move; what follows
//! proves it. We have not found it in the literature.)
//!
//! *Wild sets.* Call a set `W` of the island's regions *wild*. A *step* `(c, K)` from `W` takes a
//! connected set `K ⊄ W` whose regions outside `W` all have colour `c` in the position searched
//! from (`ω`), and makes `W ∪ K` wild. Let `p(W)` be the fewest steps from `W` to all regions.
//! If `W ⊆ W'`, then `p(W') ≤ p(W)`: a step from `W` is one from `W'` or adds nothing. A step
//! `(c, K)` made *full*, `K` grown to its component among the wild regions and those of colour
//! `c`, is still a step, and by the same token no worse.
//!
//! 1. *Moves give steps.* If `L` moves flood the island in colour `d`, then "move `t`'s region
//!    and its colour before the move", for each `t`, and then `(d, everything)` are steps (those
//!    that add nothing left out): a region first recoloured by move `t` still had its colour
//!    from `ω`, and a region never recoloured has colour `d`. So `p(∅) ≤ L + 1`.
//! 2. *Steps give merging moves.* Follow a shortest path of full steps, keeping the position
//!    equal to `ω` outside `W` and each component of `W` one region. The first step is one
//!    region of `ω`: wild, with no move. A later step `(c, K)` holds whole components `Z_i` of
//!    `W` and at least one whole region `Y` of colour `c` outside `W` (`K ⊄ W`). No two `Z`s
//!    touch and no two `Y`s do, so, `K` being connected, each `Z_i` touches a `Y` and is not of
//!    colour `c` (it would be one region with it). Recolour each `Z_i` to `c`: each merges, and
//!    then `K` is one region (a full `K` has no wild or `c`-coloured region beside it). The step
//!    lowers `p` by one (the path is shortest) and makes the `j` components of `W` in `K` one,
//!    with `j` moves: so `p(W)` plus the number of components of `W`, less one, falls by exactly
//!    the moves played, from `p(∅) − 1` after the first step to 0 at the end. So `p(∅) − 1`
//!    merging moves flood the island, and with item 1 that is the optimum.
//! 3. *A target colour.* If a shortest sequence ends in `d`, item 1 gives a shortest path of
//!    steps whose last is `(d, everything)`. Made full one by one, each step still adds
//!    something (else fewer than `p(∅)` steps would do) and the last is still `(d,
//!    everything)`, so item 2 along it ends in `d` with merging moves only. If none does, `d`
//!    takes one move more than the optimum: a shortest sequence, then the one region recoloured.
//!
//! # Absorbing moves
//! A merging move *absorbs* a region `v` into its neighbour `u` where it recolours `v` to `u`'s
//! colour and every other neighbour of `v` touches `u`: it removes `v` and changes no other
//! region's neighbours ([`Position::absorbs`]). A leaf (a region of one neighbour) is the simplest
//! case; until 2026-12-01 only leaves' moves were held back, and with every absorbing move the
//! proofs of boards strewn with single odd triangles list far fewer: `organic-speckled-1` 879 k
//! nodes to 496 k, `organic-speckled-6` 1.59 M to 1.34 M, `organic-4` 12.3 k to 11.1 k (one
//! thread). Some shortest sequence of the form above plays no other move after an absorbing
//! one. Take an absorbing move `A` (of `v` into `u`) followed by a move `m` that absorbs nothing,
//! and play `m` first, on `u` where `m` moved `u ∪ v` (a region beside `u ∪ v` is beside `u`, as
//! `v`'s neighbours touch `u`):
//! - if `m` swallows `v` (recolours a region beside `v` to `v`'s colour), it joins `v` without
//!   `A`: a shorter sequence;
//! - else `m` swallows the same regions, `u` standing for `u ∪ v`, so it still merges; then `v`
//!   is absorbed into the region that holds `u` (its other neighbours touch `u`, so they touch
//!   that region), and both orders end in the same position.
//!
//! Played first, `m` absorbs nothing still: a move that absorbs with `v` there absorbs without
//! it too (taking `v` out of two neighbour sets, or merging it into `u`, keeps the one inside the
//! other; and a move absorbing a region into `v` would have `v`'s colour, which no region touching
//! that region has once `v` is in `u`, so it would not merge). Each swap lowers the number of
//! pairs of an absorbing move before one that is not by one, so some shortest sequence of the
//! form above ends with all its absorbing moves. Each of those removes one region, so an
//! absorbing move is listed only where the regions less one fit the moves left: in most
//! positions, none is. A move that absorbs in a position and is listed there is listed after
//! any merging move too (it absorbs still, or is no absorbing move; and the regions fall by one
//! or more, the moves left by one), so a move tried after another, as "Commuting moves" needs,
//! still is.
//!
//! # Commuting moves
//! Two merging moves *commute* where, played in either order, both merge, swallow the same
//! regions (so each keeps its key) and end in the same position: where the second is not of the
//! region the first made, and either its colour is neither of that region's colours (before and
//! after the first move) or it does not touch that region ([`Position::commutes_after`], with
//! its proof). Until 2026-11-30 only moves whose stars (the region moved and the neighbours it
//! swallows) did not touch counted; beside regions recoloured to different colours commute
//! too, and with them the proofs list fewer moves (callgrind, `kami solve FILE --threads 1`):
//! `organic-speckled-1` 3.55 G instructions to 3.03 G (1.06 M nodes to 0.88 M),
//! `organic-speckled-6` 6.98 G to 5.87 G, `organic-speckled-3` 92 M to 86 M, `organic-4` 78 M
//! to 70 M, `07-deep-water/narwhal` 626 M to 578 M, `09-patterns/tessera` 991 M to 938 M, the 151
//! shipped levels' proofs 11.45 G to 11.05 G. Comparing moves by (more
//! swallowed first, node, colour), the order in which the search tries them, the least optimal
//! sequence of the form above never plays a merging move right after one it commutes with and
//! comes before (swapping the two gives a smaller sequence of the same length and form, unless
//! `M'` absorbs and `M` does not: see "Absorbing moves"; where `M` absorbs once `M'` is played,
//! moving it on to the end keeps the sequence smaller, as the first move that differs is still
//! `M'`), so after a merging move `M` the search skips the merging moves `M'` that do not absorb,
//! commute with `M` and come before it
//! ([`Position::commutes_after`] tells them from the region `M` made). The order matters to
//! the nodes even where every child is searched: the least swallowed first cost two threads, one
//! of which searched in that order, 17-20% more nodes (`search/shared.rs`, "Measured"), while
//! ties broken by node from the last, or by degree either way, changed them by -4% to +6%
//! (2026-11-27, on `organic-4`, `organic-speckled-2`, `-3`, `-4`, `rings-8`, `tessera`,
//! `massif`, `narwhal`). The most central nodes first (by eccentricity at the start, a fixed
//! rank, so that moves keep their keys), before the most swallowed, cut `tessera`'s last
//! iteration from 105 k nodes to 87 k but made finding a line far slower (`sunrise` 71 k to
//! 261 k, `whalesong` 1.2 k to 129 k, `herringbone` 18 k to more than 524 k); as a tie-break
//! after it, 5% fewer nodes to 3.6x more (2026-11-29). Where an iteration finds a line, the
//! order is what makes it quick: tried from the last, `whalesong`'s took 515 k nodes.
//!
//! A bound is learned from such a node `P`, reached by `M` from `Q`, because `Q`'s child
//! `Q + M'` was searched in full before, by the same thread and to the same depth: that search
//! reaches `P + M' = Q + M' + M`, as `M` comes after `M'` and is not skipped there (or, where
//! `Q + M'` is symmetric, its mirror image, which needs as many moves; see "Symmetry"; or, where
//! `M` absorbs after `M'` and is not listed there, it would have found `M` and then any line
//! from `P + M'` within its depth, with `M` moved to the end as "Absorbing moves" does). If `M'`
//! was not searched from `Q` for commuting with the move `L` before `Q` and coming before it, the
//! same holds one level up, where `M'` commutes with `L` and was searched before it. So the
//! skipping is only done where that chain ends in a search in full: below a symmetric position,
//! only of moves `M'` that were not skipped there for a mirror image's ([`Commute::Before`]:
//! the same mirrors skip the same nodes one level up, so the chain holds), and below a
//! position whose children are shared out among threads only as `search/shared.rs` says; a
//! helping thread, which tries children from the last,
//! skips the commuting moves that come after `M` instead. Bounds cut the same moves in either
//! case. Skipping more (moves that commute with several moves in a row, "sleep sets") saved
//! another 2-5% of the nodes on the boards tried, not worth a set per depth.
//!
//! # Symmetry
//! On a board that a mirror image or the half turn of the grid maps onto itself, mirror-image
//! moves lead to positions that need equally many moves; while the position stays symmetric,
//! only one merging move of each mirror-image pair is searched ([`Search::mirrored`]). Once it
//! is not, a position and its mirror images still need equally many moves, and the table keeps
//! one entry for all of them ([`Position::hash_mirrors`]): a line and its mirror image's moves
//! in another order meet there (`09-patterns/tessera` 1.10 M nodes to 770 k,
//! `organic-speckled-1-lr` 17.3 M to 10.5 M). Below a symmetric position the commuting moves
//! are skipped as elsewhere, but for those skipped there for a mirror image's (until
//! 2026-11-30 none were: one thread, the 81 levels of packs 6–10 1.44 M nodes to 1.22 M,
//! `08-summit/spire` 155 k to 115 k, `09-patterns/chevron` 135 k to 99 k, `08-summit/belay`
//! 76 k to 59 k, `organic-speckled-1-lr` 442 k to 343 k; two threads alike).
//!
//! # Bounds
//! Which bounds a node tests, and which it tests on its children before they are played, is
//! told in `search/children.rs`.
//!
//! # Transposition table
//! After a position is searched to depth `d` without finding the goal, it needs at least `d + 1`
//! moves: the least shortest sequence of the form above obeys the rules throughout, so the search
//! would have found it, and moves skipped for commuting with the last one were searched before
//! (see "Commuting moves"). An entry is a bound on the position itself, however it is reached
//! (and on its mirror images, which need as many moves: every entry is such a fact when it is
//! written, given those written before, so the arguments above hold with entries of either), so
//! a child is looked up before it is played (its hash follows from the move alone), which skips
//! the cost of playing a transposition.

use super::distance::Centres;
use super::position::{Beside, Gathered, Position, Target, Witness};
use super::table::{Recent, Table};
use super::{Meter, Stop};
use crate::board::Colour;

mod children;
mod moves;
mod shared;

use moves::Gate;

/// Nodes a search spends on the caller's thread before it starts its other threads: small islands
/// are proven sooner, and starting threads for each bound would slow them (a 95-node proof took
/// 1 ms on one thread, 4 ms on two), while on larger ones these nodes cost a millisecond or two
/// that the threads would share.
pub const SOLO_NODES: u64 = 4_096;

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
    /// A merging move of `node` (of colour `was` before it) to `colour` that swallowed
    /// `swallowed` regions, and which of the merging moves that commute with it are skipped
    /// after it.
    Merge { node: usize, colour: Colour, was: Colour, swallowed: usize, commute: Commute },
    /// The one region left recoloured to the target colour: the goal, which nothing follows.
    Recolour,
}

/// Which merging moves that commute with the last move are skipped after it (see "Commuting
/// moves").
#[derive(Clone, Copy)]
enum Commute {
    /// Those tried before it (after it, for a helping thread); where it was played from a
    /// `symmetric` position, only those not skipped there for a mirror image's.
    Before { symmetric: bool },
    /// Those whose own position, a move from the same position (the one of this number among
    /// the positions tasks were listed from), has been searched in full by some thread (a task of
    /// `search/shared.rs`).
    Done(usize),
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
    /// The start's printer bound, where the caller knows it (see [`Search::printer`]).
    printer: Option<u32>,
    /// How the children worked out unplayed have fared (see [`Gate`]).
    peeks: Gate<4>,
    /// How often the gather bound cut a node or a child where it was worked out (see [`Gate`]).
    gathers: Gate<16>,
    /// Bounds of children cut before they were played (see `search/children.rs`).
    recent: Recent,
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
    /// Whether it leaves one move to spare.
    spare_one: bool,
    /// Where it does, what the gather bound found; whether that leaves no move to spare; and
    /// whether it cut the node or one of its children.
    gathered: Gathered,
    gather_tight: bool,
    gather_cut: bool,
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
    /// This node's regions beside whole colours ([`Position::beside_whole_colours`]), found
    /// when the first child whose colour bound leaves it no move to spare needs them; `Some(None)`
    /// on islands too large for them.
    beside: Option<Option<Beside>>,
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
        Search::again(pos, target, colours, table, meter)
    }

    /// [`Search::new`] keeping what `table` holds: for a search that goes on from one of the same
    /// position and target that stopped, whose entries are still true.
    pub fn again(
        pos: &'a mut Position,
        target: Target,
        colours: usize,
        table: &'a mut Table,
        meter: &'a mut Meter,
    ) -> Search<'a> {
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
            peeks: Gate::default(),
            gathers: Gate::default(),
            recent: Recent::new(),
            reverse: false,
            siblings: None,
            printer: None,
        }
    }

    /// The search told the start's printer bound ([`Position::printer_bound`]). In an iteration
    /// to a bound that equals it, the nodes below the start work out their own printer bound
    /// too, while it stays tight: a move lowers the printer bound by one at most (see
    /// `position/printer.rs`), so a child of a node whose printer bound equals the moves left
    /// either has one above its moves left, and is cut, or is tight in turn. Only the moves that
    /// lower it are searched below such a node, and the bound, which costs too much to work out
    /// at every node, is worked out at those few.
    ///
    /// Only where the other bounds at the start are two or more below it: where they leave one
    /// move to spare, the tests of children before they are played cut most of them cheaply, and
    /// the printer bound's work is mostly wasted (2026-11-28, release builds without LTO, the
    /// 151 shipped proofs 805–817 ms against 850–876; `08-summit/massif` 62 ms to 31, `meander`
    /// 15 to 9, `cuttlefish` 8.1 to 3.5; `tarn` 6.1 to 8.7 and `ikat` 9.2 to 11.5 the other way;
    /// `kami check levels/` 14.51 G instructions to 13.80 G). Where they are two or more below,
    /// it pays: without it `08-summit/alpenglow` took 66 ms instead of 20, `spire` 66 instead of
    /// 37, `09-patterns/chevron` 54 instead of 26. Since absorbing moves are held back
    /// (2026-12-01) a search told it counts more nodes than one not told on all eight shipped
    /// boards where it is used (`chevron` 146 k against 133 k, with no mirrors), the bound's
    /// work counting a node per region, but still takes less time (three runs each, told
    /// against not: `07-deep-water/octopus` 15–21 ms against 40–67, `alpenglow` 21–24 against
    /// 62–74, `spire` 37–57 against 77–119, `chevron` 37–41 against 59–99; `saddle` 6 against
    /// 4–5 the other way).
    pub fn printer(self, printer: u32) -> Search<'a> {
        let worth_it = self.pos.lower_bound(self.target) + 2 <= printer;
        Search { printer: worth_it.then_some(printer), ..self }
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

    /// Whether a mirror maps `node` to a smaller node: in a symmetric position its moves are
    /// that node's mirror images, so they are not searched (nor, after a move from there, is
    /// their skipping for commuting with it justified: see "Commuting moves").
    fn mirrored_away(&self, node: usize) -> bool {
        self.mirrors.iter().any(|map| map[node] < node)
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
    ///
    /// Threads start only after [`SOLO_NODES`] nodes on the caller's thread; the shared search
    /// goes on from that one's line, bound and table.
    pub fn run(mut self, known: Vec<(usize, Colour)>, floor: u32, cap: u32) -> IslandSolution {
        if self.threads == 1 {
            return self.iterate(known, floor, cap);
        }
        let solo = self.meter.capped(SOLO_NODES);
        let outer = std::mem::replace(&mut *self.meter, solo);
        let found = self.iterate(known, floor, cap);
        let solo = std::mem::replace(&mut *self.meter, outer);
        self.meter.absorb(&solo);
        match solo.stopped {
            Some(Stop::Nodes) if !self.meter.spent() => self.run_shared(found.moves, found.lower_bound, cap),
            Some(stop) => {
                self.meter.stop(stop);
                found
            }
            None => found,
        }
    }

    /// [`Search::run`] on this thread alone.
    fn iterate(&mut self, known: Vec<(usize, Colour)>, floor: u32, cap: u32) -> IslandSolution {
        let upper = known.len() as u32;
        let mut bound = self.pos.lower_bound(self.target).max(floor);
        while bound < upper {
            if bound > cap {
                self.meter.stop(Stop::TooManyMoves);
                return IslandSolution { moves: known, optimal: false, lower_bound: bound };
            }
            let tight = self.printer == Some(bound);
            match self.dfs(0, bound, Last::Free, !self.mirrors.is_empty(), tight) {
                Flow::Found => {
                    self.found.reverse();
                    return IslandSolution {
                        moves: std::mem::take(&mut self.found),
                        optimal: true,
                        lower_bound: bound,
                    };
                }
                Flow::NotFound => bound += 1,
                Flow::Stopped(_) => return IslandSolution { moves: known, optimal: false, lower_bound: bound },
            }
        }
        IslandSolution { moves: known, optimal: true, lower_bound: upper }
    }

    /// Searches a position `g` moves deep; `symmetric` where it is symmetric as
    /// [`Search::mirrored`] says.
    fn dfs(&mut self, g: u32, bound: u32, last: Last, symmetric: bool, tight: bool) -> Flow {
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
        let hash = self.pos.hash();
        if self.table.get().bound(hash) > left {
            return Flow::NotFound;
        }
        let radius = self.pos.radius();
        if radius > left || (radius == left && self.pos.rim_bound(self.target) > left) {
            return Flow::NotFound;
        }
        // See [`Search::printer`]: below a tight node, the bound is `left` or more. Working it
        // out costs about as much as searching a node per region (17 µs on 103 regions, where a
        // node takes a quarter of a microsecond), and counts so against the node budget.
        if tight && g > 0 {
            if let Err(stop) = self.meter.count(self.pos.len() as u64) {
                return Flow::Stopped(stop);
            }
            if self.pos.printer_bound(left) > left {
                self.table.raise(hash, left + 1);
                return Flow::NotFound;
            }
        }
        let depth = g as usize;
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut scratch = std::mem::take(&mut self.scratch[depth]);
        // Where the radius leaves no move to spare, only moves of regions that could bring it
        // down are listed (see [`Centres::could_fit`]); where the colour schedule leaves none,
        // only moves of regions that could bring that down.
        let near = radius == left || (radius + 1 == left && self.pos.rim_bound(self.target) == left);
        let centres = near.then_some(&mut scratch.centres);
        let listed =
            self.moves(last, left, symmetric, (centres, radius < left), Some(&mut scratch.witness), &mut scratch.moves);
        scratch.centres_found = listed.centres;
        scratch.beside = None;
        let flow = match listed.schedule {
            Some(schedule) if schedule > left => Some(Flow::NotFound),
            Some(schedule) if !scratch.moves.is_empty() => {
                scratch.tight = schedule == left;
                scratch.spare_one = schedule + 1 == left;
                // See `search/children.rs`: where the schedule leaves one move to spare, the gather bound
                // may leave none, and then the moves that cannot lower it are cut unplayed.
                let worked_out = scratch.spare_one && self.gathers.worth_it();
                let gather = if worked_out {
                    self.pos.gathered(&scratch.witness, self.target, &mut scratch.gathered).unwrap_or(0)
                } else {
                    0
                };
                scratch.gather_tight = gather == left;
                scratch.gather_cut = gather > left;
                scratch.near = near;
                scratch.radius = radius;
                let flow = if scratch.gather_cut {
                    Some(Flow::NotFound)
                } else {
                    self.children(g, bound, left, symmetric, tight, &mut scratch)
                };
                if worked_out {
                    self.gathers.record(scratch.gather_cut);
                }
                flow
            }
            _ => None,
        };
        self.scratch[depth] = scratch;
        if let Some(flow) = flow {
            return flow;
        }
        self.table.raise(hash, left + 1);
        Flow::NotFound
    }
}
