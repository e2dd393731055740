//! The children of a node, each tested against the bounds before it is played, then searched.
//!
//! # Bounds
//! The first bound searched is the largest of these at the start and the caller's floor (for an
//! island, its printer bound, [`Position::printer_bound`], worked out once). At each node: the
//! radius, the colour schedule and, where the radius is tight, the rim bound (see
//! [`Position::radius`], [`Position::colour_schedule`] and [`Position::rim_bound`]). Only moves
//! whose colour bound (from the counts alone) fits the moves left after them are listed. A
//! move never lengthens a distance, so where this position's radius already fits the moves left
//! after one more, every child's radius does. Each child's radius and rim bound are tested before
//! the move is played, from the distances, where the radius leaves no move to spare, or one and
//! this position's own rim bound none (then most children fail the rim bound, and testing costs
//! less than playing them). Where the radius leaves no move to spare, moves of regions that
//! cannot bring it down ([`Centres::could_fit`], found from two far regions per candidate centre
//! once the node has a move at all) are not even listed: on `09-patterns/gingham` that leaves
//! 259 k nodes of 940 k (most were such children, tested and cut) and 1.34 G instructions of
//! 2.21 G; on speckled boards, where it rules out little, it costs 2-6%. The same test also rules
//! out regions whose moves would leave, at every candidate centre, regions of two colours (or of
//! one the target rules out) that they cannot bring closer than the moves left after them: those
//! stay on that centre's rim, which the rim bound needs to be one colour. It is made where the
//! radius leaves one move to spare and the rim bound none too, unless the colour schedule leaves
//! none (its test comes first and cuts most children there). Most children the rim test cut on
//! pattern and mandala boards are then not listed
//! (2026-11-28, callgrind, `kami solve FILE --threads 1`): `09-patterns/tessera` 1.31 G
//! instructions to 1.18 G (174 k nodes to 107 k), `gingham` 1.01 G to 0.88 G, `10-mandala/orbit`
//! 0.53 G to 0.38 G, `vortex` 0.53 G to 0.39 G, `08-summit/belay` 0.89 G to 0.83 G; where it
//! rules out little it costs 10% (`07-deep-water/narwhal` 0.62 G to 0.69 G, `sunrise` 0.68 G to
//! 0.75 G), and on `organic-4`, `organic-speckled-2` and `rings-8` it changes nothing.
//!
//! Likewise, where the colour schedule is tight, a bound on each child's schedule is found from
//! the far-apart regions that prove this position's ([`Position::colour_schedule_after`]); most
//! children are cut there, unplayed. Before that, one bound for all the moves of a region, from
//! its distances to those regions, rules out most regions before their moves are listed
//! ([`Position::colour_schedule_moving`]; the schedule is worked out as soon as a move fits the
//! colour bound, no longer after the listing). With one thread, `organic-speckled-1` takes
//! 3.7 s instead of 9.8 s; in instructions, `organic-speckled-2` 0.96 G instead of 2.87 G,
//! `organic-4` 1.40 G instead of 1.50 G. The regions ruled out this way are not counted as
//! nodes, as the children tested one by one are.
//!
//! Where the schedule leaves one move to spare, a child's schedule is worked out before it is
//! played ([`Position::witness_after`]): the sets are picked as the child would pick them, from
//! the distances after the move (`min(d(a, b), d(a, S) + d(S, b))` for the star `S` the move
//! contracts), and, where the schedule leaves the child no move to spare, its regions are marked
//! as [`Position::colour_schedule_moving`] would mark them there. A child none of whose regions
//! could lower it lists no move, so it is cut unplayed and counted as a node, and the table
//! learns its bound as it would have from the child; any other child reads that witness instead
//! of working it out again. On `organic-speckled-1` two children in three are cut so (its search
//! takes 2.6–3.0 s instead of 4.2–5.8 s; `organic-speckled-1-lr` 9.7 G instructions instead of
//! 12.8 G, `organic-speckled-2` 0.85 G instead of 0.94 G); on boards where few are, the work is
//! wasted (`organic-4` 1.44 G instead of 1.32 G), so a search does it only while at least one
//! child in four so far was cut, and otherwise for one chance in 16 (`organic-4` 1.32 G, the 151
//! shipped levels' proofs 19.9 G instead of 19.8 G), counted so that one thread searches alike
//! everywhere.
//!
//! Where the schedule leaves one move to spare, the gather bound ([`Position::gathered`]) may
//! leave none; then each child is tested against the gather bound after its move, unplayed
//! ([`Position::gather_after`]: every colour's wait one less, or 3 where no region lies within
//! 2 of all its regions after the move), before the child's schedule is worked out. In the last
//! iteration of `organic-speckled-1`, at 11,747 nodes with 7 moves left the schedule is 6 and
//! the gather bound 7, and of their 835,302 children one has a gather bound of 6 once played;
//! the test cuts all but 1.4% of them. `organic-speckled-1` 2.1 s to 1.1, `-7` 3.3 s to 1.2,
//! `-8` 5.0 s to 2.2, `organic-4` 73 ms to 18 (2026-11-29, release builds without LTO); where it
//! cuts children that the peek below would cut anyway, it costs up to 15% (`09-patterns/gingham`
//! 68 ms to 75–77, `08-summit/massif` 37 ms to 41). The gather bound is worked out at such nodes
//! while at least one in 16 so far cut the node or a child, and otherwise for one chance in 16.
//!
//! A child whose colour bound leaves it no move to spare, and in which no region could lower it
//! (no colour of two regions or fewer, none beside a whole colour), lists no move: it is found
//! unplayed ([`Position::colour_stuck_after`]), cut and counted as a node, and the table learns
//! its bound. The nodes change too: played, such a child was sometimes cut first by its radius,
//! teaching the table nothing, and below a tight printer bound counted that bound's work. On
//! `07-deep-water/narwhal` 45 k of the 52 k children played in the last iteration were such:
//! 1.27 G instructions to 0.62 G (94 k nodes to 84 k); `organic-4` 1.31 G to 0.86 G,
//! `organic-speckled-2` 0.86 G to 0.85 G, `tessera` 1.30 G to 1.31 G (2026-11-28, callgrind,
//! `kami solve FILE --threads 1`).
//!
//! A child cut by any of these before it is played is remembered in a small table of the
//! thread's own ([`Recent`]): the bounds are facts about the position, and another order of
//! moves often reaches it again a few thousand children later. It is then cut at once, counted
//! as a node as before.

use super::{Commute, Flow, Last, Scratch, Search};
#[cfg(doc)]
use crate::solver::{distance::Centres, position::Position, table::Recent};

impl Search<'_> {
    /// Searches the children of a position `g` moves deep through the moves in `scratch`; `None`
    /// if none leads to the goal within `bound`.
    pub(super) fn children(
        &mut self,
        g: u32,
        bound: u32,
        left: u32,
        symmetric: bool,
        tight: bool,
        scratch: &mut Scratch,
    ) -> Option<Flow> {
        let pos = &*self.pos;
        self.table.get().prefetch(scratch.moves.iter().map(|&(node, colour, _)| pos.hash_after(node, colour)));
        let len = scratch.moves.len();
        for k in 0..len {
            let i = if self.reverse { len - 1 - k } else { k };
            let (node, colour, swallowed) = scratch.moves[i];
            let after = self.pos.hash_after(node, colour);
            if self.table.get().bound(after) >= left {
                continue;
            }
            // Cut before (see [`Recent`]): counted as a node, as it was then.
            if self.recent.bound(after) >= left {
                if let Err(stop) = self.meter.tick() {
                    return Some(Flow::Stopped(stop));
                }
                continue;
            }
            // A child tested here counts as a node, as if it had been played and cut, so that
            // node budgets measure the work done. The one move that swallows nothing reaches the
            // goal: no bound to test. The colour schedule goes first: where both bounds are
            // tested, it costs less and cuts about as much (`organic-speckled-4` 3.11 G
            // instructions to 2.53 G, `rings-8` 1.45 G to 1.25 G, `alpenglow` 1.57 G to 1.61 G).
            // A child whose colour bound leaves no move to spare, and that no move could lower,
            // lists no move: cut unplayed, the table learning what the child would.
            let colours_stuck =
                swallowed > 0 && self.pos.colour_bound_after(node, colour, swallowed, self.target) + 1 == left && {
                    let pos = &*self.pos;
                    let beside = scratch.beside.get_or_insert_with(|| pos.beside_whole_colours());
                    beside.as_ref().is_some_and(|beside| pos.colour_stuck_after(node, colour, swallowed, beside))
                };
            if colours_stuck {
                self.table.raise(after, left);
            }
            let cut = colours_stuck
                || swallowed > 0
                    && ((scratch.tight
                        && self.pos.colour_schedule_after(node, colour, self.target, &scratch.witness, left) >= left)
                        || (scratch.near && {
                            if !scratch.centres_found {
                                // Only `moves` reads which moves could fit, and it has listed them.
                                self.pos.centre_candidates(left - 1, &mut scratch.centres, None);
                                scratch.centres_found = true;
                            }
                            !self.pos.move_fits_rim(node, colour, left - 1, &scratch.centres, self.target)
                        }));
            let gathered = !cut
                && swallowed > 0
                && scratch.gather_tight
                && self.pos.gather_after(node, colour, swallowed, &mut scratch.gathered, self.target, left);
            scratch.gather_cut |= gathered;
            let cut = cut || gathered;
            // Where the schedule leaves one move to spare, most children on speckled boards
            // have no move that fits (see "Bounds"): a child's schedule is worked out unplayed,
            // into the witness it will read, and such a child is cut.
            let worked_out = !cut && swallowed > 0 && scratch.spare_one && self.peeks.worth_it();
            let stuck = worked_out && self.cut_unplayed(g, node, colour, left);
            if cut || stuck {
                self.recent.learn(after, left);
                if let Err(stop) = self.meter.tick() {
                    return Some(Flow::Stopped(stop));
                }
                continue;
            }
            let was = self.pos.colour(node);
            self.pos.play(node, colour);
            let next = if swallowed > 0 {
                let commute = Commute::Before { symmetric };
                Last::Merge { node, colour, was, swallowed, commute }
            } else {
                Last::Recolour
            };
            let stays_symmetric = symmetric && swallowed > 0 && self.mirrors.iter().all(|map| map[node] == node);
            let flow = self.dfs(g + 1, bound, next, stays_symmetric, tight);
            if worked_out {
                // Unread where the child was cut before its moves were listed.
                self.scratch[g as usize + 1].witness.forget();
            }
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
}
