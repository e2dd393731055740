//! The moves a node lists, by the move rules of the search's module doc ("Moves", "Absorbing moves",
//! "Commuting moves"; "Bounds" in `search/children.rs`), and the children worked out before they
//! are played.

use super::{Commute, Last, Scratch, Search};
use crate::board::Colour;
use crate::solver::bits;
use crate::solver::distance::Centres;
use crate::solver::position::{Target, Witness};
use std::cmp::Reverse;

/// What listing a position's moves found out on the way (see [`Search::moves`]).
pub(super) struct Listed {
    /// Whether the candidate centres were filled.
    pub(super) centres: bool,
    /// The position's colour schedule, where a witness was given and some move fits the colour
    /// bound.
    pub(super) schedule: Option<u32>,
}

/// Counts of a test that pays only where it often finds what it looks for, and how often it
/// did: it is done while at least one in `EVERY` so far found it, and otherwise for one chance
/// in 16, to notice a change. Counted, never timed, so a search on one thread is the same on
/// every device.
///
/// `Gate<4>` for the children worked out unplayed where the colour schedule leaves one move to
/// spare ([`Position::witness_after`], found so if cut): that pays only where many are cut
/// (`organic-speckled-1`: two in three), and elsewhere costs up to 10% (`organic-4`, where
/// almost none are). `Gate<16>` for the gather bound at such nodes, found so where it cut the
/// node or one of its children (see `search/children.rs`).
///
/// [`Position::witness_after`]: crate::solver::position::Position::witness_after
#[derive(Default)]
pub(super) struct Gate<const EVERY: u64> {
    chances: u64,
    tried: u64,
    found: u64,
}

impl<const EVERY: u64> Gate<EVERY> {
    /// Whether to do the test this time.
    pub(super) fn worth_it(&mut self) -> bool {
        self.chances += 1;
        self.chances.is_multiple_of(16) || self.found * EVERY >= self.tried
    }

    /// What the test found, where it was done.
    pub(super) fn record(&mut self, found: bool) {
        self.tried += 1;
        self.found += u64::from(found);
    }
}

impl Search<'_> {
    /// For a child of a node `g` deep, with `left` moves left there: works out the child's colour
    /// schedule unplayed, into the witness the child will read ([`Position::witness_after`]), and
    /// whether the child is cut: that schedule passes the `left − 1` moves left after the move,
    /// or equals them and no move there could lower it. The child learns nothing it would not
    /// have learned played: where it lists no move, the table learns what the child would have.
    ///
    /// [`Position::witness_after`]: crate::solver::position::Position::witness_after
    pub(super) fn cut_unplayed(&mut self, g: u32, node: usize, colour: Colour, left: u32) -> bool {
        let depth = g as usize + 1;
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let child = &mut self.scratch[depth].witness;
        let after = self.pos.witness_after(node, colour, self.target, child, left - 1);
        let cut = after.schedule >= left || after.stuck;
        if cut {
            child.forget();
        }
        if after.stuck {
            self.table.raise(self.pos.hash_after(node, colour), left);
        }
        self.peeks.record(cut);
        cut
    }

    /// The moves the rules allow after `last` whose colour bound fits the `left − 1` moves after
    /// them, most promising first, into `out`: `(node, colour, swallowed)`, by how much they
    /// swallow. Only merging moves (see "Moves"), or, for an island left as one region, its
    /// recolouring to the target colour. Where this position's colour bound leaves no move to
    /// spare, only nodes that could lower it are tried, most of them only with the colours they
    /// swallow whole ([`Position::beside_whole_colours`]). In a `symmetric` position, a move only on
    /// the least node of those its mirrors map it to. Where `centres` is given (the radius leaves
    /// no move to spare, or one and the rim bound none), it is filled with the candidates for
    /// `left − 1` once some move is found, and from then on only nodes that
    /// [`Centres::could_fit`] are tried; but not where `rim_only` (the second case) and the
    /// colour schedule leaves no move to spare, as most children there are cut by the schedule
    /// before their rim is tested (finding the candidates at every such node took
    /// `organic-speckled-7` 5.0 s instead of 2.8). Where `witness`
    /// is given, the colour schedule is worked out into it once some move is found: if it passes
    /// `left`, nothing is listed; if it equals `left`, only nodes whose moves could lower it
    /// ([`Position::colour_schedule_moving`]) are tried. Absorbing moves (a leaf's among them)
    /// only where the regions less one fit `left` (see "Absorbing moves"). Returns what it found
    /// out on the way.
    ///
    /// [`Position::beside_whole_colours`]: crate::solver::position::Position::beside_whole_colours
    /// [`Position::colour_schedule_moving`]: crate::solver::position::Position::colour_schedule_moving
    pub(super) fn moves(
        &self,
        last: Last,
        left: u32,
        symmetric: bool,
        (mut centres, rim_only): (Option<&mut Centres>, bool),
        mut witness: Option<&mut Witness>,
        out: &mut Vec<(usize, Colour, usize)>,
    ) -> Listed {
        let pos = &*self.pos;
        out.clear();
        let mut listed = Listed { centres: false, schedule: None };
        if pos.len() == 1 {
            // Not the goal, so the target is a colour the region does not have.
            if let (Target::Colour(d), Some(v)) = (self.target, pos.nodes().next()) {
                out.push((v, d, 0));
            }
            listed.schedule = witness.map(|w| pos.colour_schedule(self.target, w));
            return listed;
        }
        // Where the colour bound leaves no move to spare, the neighbours a region needs for a
        // move of it to lower the bound (see [`Position::lowering_degrees`]).
        let lowering = if pos.colour_bound(self.target) >= left { Some(pos.lowering_degrees()) } else { None };
        // There, most regions can only swallow a whole colour (see [`Position::beside_whole_colours`]).
        let beside = lowering.and_then(|_| pos.beside_whole_colours());
        // There, only regions beside a whole colour or of a colour of two regions or fewer
        // have such moves: the others need not be visited.
        let scan = beside.as_ref().map_or_else(|| pos.alive(), |beside| beside.movers());
        // Absorbing moves, a leaf's among them, only where they alone could finish (see
        // "Absorbing moves").
        let absorbs_move = pos.len() - 1 <= left as usize;
        for v in bits::members(scan) {
            let degree = pos.degree(v);
            // Every move of a leaf absorbs it.
            let leaf = degree == 1;
            if leaf && !absorbs_move {
                continue;
            }
            if lowering.is_some_and(|need| degree < need[usize::from(pos.colour(v))]) {
                continue;
            }
            // A mirror maps `v` to a smaller node: its moves are that node's images.
            if symmetric && self.mirrored_away(v) {
                continue;
            }
            if listed.centres && centres.as_deref().is_some_and(|centres| !centres.could_fit(v)) {
                continue;
            }
            // Where the schedule leaves no move to spare, only regions whose moves could lower it.
            if listed.schedule == Some(left) {
                let witness = witness.as_deref_mut().expect("a schedule comes with its witness");
                if pos.colour_schedule_moving(v, self.target, witness) >= left {
                    continue;
                }
            }
            let whole = beside.as_ref().and_then(|beside| beside.swallowing_whole(v, pos.colour(v)));
            let around = whole.unwrap_or_else(|| pos.neighbours_by_colour(v));
            for c in 0..self.colours {
                let swallowed = around[usize::from(c)] as usize;
                if swallowed == 0 {
                    continue;
                }
                let absorbs = leaf || (swallowed == 1 && pos.absorbs(v, c));
                if absorbs && !absorbs_move {
                    continue;
                }
                let allowed = match last {
                    Last::Free => true,
                    Last::Merge { node: m, colour: x, was, swallowed: s, commute } => match commute {
                        // Tried before the last move: a helping thread tries them from the last.
                        Commute::Before { symmetric } => {
                            absorbs
                                || ((Reverse(swallowed), v, c) < (Reverse(s), m, x)) == self.reverse
                                || symmetric && self.mirrored_away(v)
                                || !pos.commutes_after(v, c, m, x, was)
                        }
                        Commute::Done(from) => {
                            !(pos.commutes_after(v, c, m, x, was) && self.siblings.is_some_and(|t| t.done(from, v, c)))
                        }
                    },
                    Last::Recolour => false,
                };
                if !allowed || pos.colour_bound_after(v, c, swallowed, self.target) >= left {
                    continue;
                }
                // The schedule and the candidates cost more than listing the moves: only once
                // there is a move.
                if let Some(witness) = witness.as_deref_mut()
                    && listed.schedule.is_none()
                {
                    let schedule = pos.colour_schedule(self.target, witness);
                    listed.schedule = Some(schedule);
                    if schedule > left {
                        out.clear();
                        return listed;
                    }
                    if schedule == left && rim_only {
                        centres = None;
                    }
                    // The region the first move is of, which the test below could not check yet.
                    if schedule == left && pos.colour_schedule_moving(v, self.target, witness) >= left {
                        break;
                    }
                }
                if let Some(centres) = centres.as_deref_mut()
                    && !listed.centres
                {
                    pos.centre_candidates(left - 1, centres, Some(self.target));
                    listed.centres = true;
                    if !centres.could_fit(v) {
                        break;
                    }
                }
                out.push((v, c, swallowed));
            }
        }
        out.sort_by_key(|m| Reverse(m.2));
        listed
    }
}
