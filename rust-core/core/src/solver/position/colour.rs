//! The colour bound: every colour but the final one must vanish, at most one per move, and only
//! once it is a single region. Kept as bit masks with the position, so the bound after a move
//! the search considers costs a few bit operations.

use super::{Position, Target, WORDS};
use crate::board::{Colour, MAX_COLOURS};
use crate::solver::bits;

impl Position {
    /// The colour lower bound. Each move recolours one region, so it can remove at most one colour
    /// from the board, and only a colour held by that one region. Every colour but the final one
    /// must go; if none of them is a single region yet, the first move cannot remove any.
    pub fn colour_bound(&self, target: Target) -> u32 {
        self.tally.bound(target)
    }

    /// The colour bound after recolouring `node` to `colour`, which swallows `swallowed` regions,
    /// without playing the move.
    pub fn colour_bound_after(&self, node: usize, colour: Colour, swallowed: usize, target: Target) -> u32 {
        let (y, x) = (usize::from(self.colour[node]), usize::from(colour));
        let mut tally = self.tally;
        tally.set(y, self.count[y] - 1);
        tally.set(x, self.count[x] + 1 - swallowed as u32);
        tally.bound(target)
    }

    /// Per colour `y`, the fewest neighbours a region of colour `y` needs for some move of it to
    /// lower the colour bound (0 for any region, `u32::MAX` for none). A move could lower it
    /// only if `y` has at most two regions, or another colour has no more regions than the region
    /// has neighbours (a move leaves a colour of `n` regions with one only by swallowing all of
    /// them). Otherwise every colour with regions keeps two or more, and a move to a colour that
    /// is gone brings it back as one more colour to remove, so the bound cannot fall.
    pub fn lowering_degrees(&self) -> [u32; MAX_COLOURS] {
        std::array::from_fn(|y| {
            if self.count[y] <= 2 {
                return 0;
            }
            (0..MAX_COLOURS).filter(|&x| x != y && self.count[x] > 0).map(|x| self.count[x]).min().unwrap_or(u32::MAX)
        })
    }

    /// Per colour, the regions that touch every region of that colour ([`Beside`]); `None` on an
    /// island of more than [`MAX_SEARCHED_REGIONS`](crate::solver::MAX_SEARCHED_REGIONS) regions.
    ///
    /// Where the colour bound leaves no move to spare, a region of a colour `y` with three or
    /// more regions lowers it only by a move that swallows every region of another colour: any
    /// other move leaves `y` with two regions or more, and the colour it swallows part of with
    /// two or more as before, so it changes no colour's presence or singleness, of which the
    /// bound is made. Those moves are read from these sets, rather than by counting each
    /// region's neighbours by colour: the same moves, in a quarter less work on
    /// `07-deep-water/narwhal` (2.0 G instructions to 1.56 G), most of whose nodes have no move.
    pub fn beside_whole_colours(&self) -> Option<Beside> {
        let w = self.words;
        if w > WORDS {
            return None;
        }
        let mut beside = Beside { sets: [[0; WORDS]; MAX_COLOURS], count: self.count, movers: [0; WORDS] };
        let or = |out: &mut [u64; WORDS], set: &[u64]| out.iter_mut().zip(set).for_each(|(a, b)| *a |= b);
        for (c, set) in beside.sets.iter_mut().enumerate().filter(|&(c, _)| self.count[c] > 0) {
            set[..w].copy_from_slice(&self.alive);
            for u in bits::members(self.class(c)) {
                set[..w].iter_mut().zip(self.row(u)).for_each(|(a, b)| *a &= b);
            }
            or(&mut beside.movers, set);
            if self.count[c] <= 2 {
                or(&mut beside.movers, self.class(c));
            }
        }
        Some(beside)
    }

    /// Whether no move could lower the colour bound after recolouring `node` to `colour` (a
    /// merging move that swallows `swallowed` regions), worked out without playing it from this
    /// position's [`Position::beside_whole_colours`], `beside`: every colour would keep three
    /// regions or more, and no region would touch every region of a colour. Where the bound after
    /// the move leaves no move to spare, that position then lists no move.
    ///
    /// The move makes its star `S` (`node` and its neighbours of `colour`) one region `R`, which
    /// touches the regions outside `S` that touch `S` (`A`); the others touch as before. A colour
    /// other than `colour` and `node`'s keeps its regions: a region outside `S` that touched them
    /// all still does, one in `S` is now part of `R`, and `R` touches them all if they lie in
    /// `A`. `node`'s colour loses `node` alone. `colour` loses the regions of `S` and gains `R`:
    /// a region touches all of it if it lies in `A` and touches its regions outside `S`.
    pub fn colour_stuck_after(&self, node: usize, colour: Colour, swallowed: usize, beside: &Beside) -> bool {
        let (x, y, w) = (usize::from(colour), usize::from(self.colour[node]), self.words);
        let count = self.counts_after(node, colour, swallowed);
        if count.iter().any(|&n| n == 1 || n == 2) {
            return false;
        }
        let star = self.star_set(node, colour);
        let mut around = self.touching(&star);
        around.iter_mut().zip(&star).for_each(|(a, s)| *a &= !s);
        // Whether some region of `set` touches every region of colour `c` outside the star.
        let touching_all = |mut set: [u64; WORDS], c: usize| {
            for u in bits::members(self.class(c)).filter(|&u| !bits::has(&star, u)) {
                set[..w].iter_mut().zip(self.row(u)).for_each(|(a, r)| *a &= r);
                if set.iter().all(|&a| a == 0) {
                    return false;
                }
            }
            set.iter().any(|&a| a != 0)
        };
        // Whether `R` touches every region of colour `c` outside the star.
        let r_touching_all =
            |c: usize| self.class(c).iter().zip(&star).zip(&around).all(|((k, s), a)| k & !s & !a == 0);
        (0..MAX_COLOURS).filter(|&c| count[c] > 0).all(|c| {
            let beside_after = match c {
                _ if c == x => touching_all(around, c),
                _ if c == y => {
                    let mut outside = [0; WORDS];
                    outside[..w].iter_mut().zip(&self.alive).zip(&star).for_each(|((o, a), s)| *o = a & !s);
                    touching_all(outside, c) || r_touching_all(c)
                }
                _ => beside.sets[c].iter().any(|&a| a != 0) || r_touching_all(c),
            };
            !beside_after
        })
    }

    /// How many regions touch `node`.
    pub fn degree(&self, node: usize) -> u32 {
        self.row(node).iter().map(|w| w.count_ones()).sum()
    }
}

/// Per colour, the regions that touch every region of that colour (see
/// [`Position::beside_whole_colours`]).
pub struct Beside {
    sets: [[u64; WORDS]; MAX_COLOURS],
    count: [u32; MAX_COLOURS],
    /// The regions beside some whole colour, and those of a colour of two regions or fewer.
    movers: [u64; WORDS],
}

impl Beside {
    /// The only regions with a move that [`Beside::swallowing_whole`] lets lower the colour
    /// bound, in a set as long as the position's (perhaps longer, with no more members): those
    /// beside some whole colour, and those of a colour of two regions or fewer.
    pub fn movers(&self) -> &[u64] {
        &self.movers
    }

    /// For a region of colour `colour` with three regions or more: the regions a move of `node`
    /// to each colour swallows where that is the whole colour, and 0 for the others (moves that
    /// cannot lower the colour bound). `None` for a colour of two regions or fewer, whose every
    /// move may lower it.
    pub fn swallowing_whole(&self, node: usize, colour: Colour) -> Option<[u32; MAX_COLOURS]> {
        (self.count[usize::from(colour)] > 2)
            .then(|| std::array::from_fn(|c| if bits::has(&self.sets[c], node) { self.count[c] } else { 0 }))
    }
}

/// Which colours have live regions, and which exactly one: all the colour bound needs, as bit
/// masks, so the bound after a move the search considers costs a few bit operations.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    present: u8,
    single: u8,
}

impl Tally {
    pub(super) fn of(count: &[u32; MAX_COLOURS]) -> Tally {
        let mut tally = Tally::default();
        for (c, &n) in count.iter().enumerate() {
            tally.set(c, n);
        }
        tally
    }

    /// Records that colour `c` has `n` live regions.
    pub(super) fn set(&mut self, c: usize, n: u32) {
        let bit = 1 << c;
        self.present = if n > 0 { self.present | bit } else { self.present & !bit };
        self.single = if n == 1 { self.single | bit } else { self.single & !bit };
    }

    /// The colour bound (see [`Position::colour_bound`]). Keep whichever colour helps most: a
    /// single-region colour is worth keeping only if another colour is single too.
    pub(super) fn bound(self, target: Target) -> u32 {
        let skip = match target {
            Target::Any => 0,
            Target::Colour(d) => 1 << d,
        };
        let colours = (self.present & !skip).count_ones();
        let single = self.single & !skip != 0;
        match target {
            Target::Any => colours.saturating_sub(1) + u32::from(!single && colours > 1),
            Target::Colour(_) => colours + u32::from(colours > 0 && !single),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::connected_after;
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_move_lowers_the_colour_bound_only_where_that_is_said_possible(
            cells in prop::collection::vec(0u8..4, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..4), 0..6),
            any in any::<bool>(),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let target = if any { Target::Any } else { Target::Colour(0) };
            let bound = p.colour_bound(target);
            let need = p.lowering_degrees();
            let still: Vec<usize> = p.nodes().filter(|&v| p.degree(v) < need[usize::from(p.colour(v))]).collect();
            // Up to colour 5: moves to a colour the board has lost, or never had.
            for (node, colour) in still.into_iter().flat_map(|v| (0..6).map(move |c| (v, c))) {
                if p.colour(node) != colour {
                    p.play(node, colour);
                    prop_assert!(p.colour_bound(target) >= bound, "{} to {}", node, colour);
                    p.undo();
                }
            }
        }

        #[test]
        fn a_move_said_to_leave_the_colour_bound_stuck_leaves_no_region_that_could_lower_it(
            cells in prop::collection::vec(0u8..4, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..4), 0..6),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let beside = p.beside_whole_colours().unwrap();
            let moves: Vec<(usize, Colour)> = p
                .nodes()
                .flat_map(|v| (0..MAX_COLOURS).map(move |c| (v, c as Colour)))
                .filter(|&(v, c)| p.neighbours_by_colour(v)[usize::from(c)] > 0)
                .collect();
            for (node, colour) in moves {
                let swallowed = p.neighbours_by_colour(node)[usize::from(colour)] as usize;
                let stuck = p.colour_stuck_after(node, colour, swallowed, &beside);
                p.play(node, colour);
                let after = p.beside_whole_colours().unwrap();
                let none = after.movers().iter().all(|&m| m == 0);
                p.undo();
                prop_assert_eq!(stuck, none, "{} to {}", node, colour);
            }
        }

        #[test]
        fn only_moves_that_swallow_a_whole_colour_can_lower_the_bound_of_a_colour_of_three(
            cells in prop::collection::vec(0u8..4, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..4), 0..6),
            any in any::<bool>(),
        ) {
            let Some(p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let target = if any { Target::Any } else { Target::Colour(0) };
            let beside = p.beside_whole_colours().unwrap();
            for v in p.nodes() {
                let mover = bits::has(beside.movers(), v);
                let Some(whole) = beside.swallowing_whole(v, p.colour(v)) else {
                    prop_assert!(mover, "{} may lower the bound with any move", v);
                    continue;
                };
                prop_assert_eq!(mover, whole.iter().any(|&w| w > 0), "{}", v);
                let around = p.neighbours_by_colour(v);
                for c in 0..MAX_COLOURS {
                    // Either the whole colour, counted alike, or a move that leaves the bound be.
                    let (s, w) = (around[c] as usize, whole[c]);
                    prop_assert!(
                        w == around[c] || (w == 0 && p.colour_bound_after(v, c as Colour, s, target) == p.colour_bound(target)),
                        "{} to {}: {} swallowed, {} said", v, c, s, w
                    );
                }
            }
        }
    }
}
