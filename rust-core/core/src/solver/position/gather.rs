//! The gather bound: the colour schedule with each colour's wait raised to one more than the
//! moves before its regions can be joined by one move.

use super::schedule::schedule;
use super::{Position, Target, WORDS, Witness};
use crate::board::MAX_COLOURS;
use crate::solver::MAX_SEARCHED_REGIONS;
use crate::solver::bits;
use crate::solver::distance::Distances;

/// A set of regions, the first `words` words of it in use.
pub(super) type Set = [u64; WORDS];

/// How many of a colour's regions far from a region [`Gathered::few_far`] tells apart.
pub(super) const FEW: usize = 8;

/// What the gather bound found at a position, kept so that its children can be bounded without
/// playing them ([`Position::gather_after`]).
#[derive(Default)]
pub struct Gathered {
    /// Per colour, its wait as the gather bound raised it (`None` for a colour absent).
    pub(super) wait: [Option<u32>; MAX_COLOURS],
    /// Per colour, the most of its regions that one region touches.
    pub(super) most: [u32; MAX_COLOURS],
    /// Per colour `c` and `k` below [`FEW`], the live regions more than 2 from at most `k`
    /// regions of `c` other than themselves (those that a move's star could bring within 2 of
    /// the others), for the colours of `few_far_known` (bits); on the heap, as a search moves
    /// this out of its scratch at every node.
    pub(super) few_far: Vec<[Set; FEW]>,
    pub(super) few_far_known: u32,
    /// `far[v * words..]`: the regions more than 2 from `v`, for the regions of `far_known`.
    far: Vec<u64>,
    far_known: Set,
    /// Scratch: per region, how many of a colour's regions lie more than 2 from it.
    pub(super) counts: Vec<u8>,
}

impl Gathered {
    /// The regions more than 2 from live region `v` (`words` words), found once per position.
    pub(super) fn far_from(&mut self, v: usize, d: &Distances, words: usize) -> &[u64] {
        let far = &mut self.far[v * words..][..words];
        if !bits::has(&self.far_known, v) {
            bits::insert(&mut self.far_known, v);
            d.far_set(v, 2, far);
        }
        far
    }
}

impl Position {
    /// The colour schedule that `witness` records (as [`Position::colour_schedule`] found it),
    /// with the waits raised where the regions of a colour cannot be joined soon: a lower bound
    /// on the moves left. Needs distances (else it is the schedule itself).
    ///
    /// Call colour `c` *gatherable* where it has two regions or fewer, or some region touches
    /// every region of `c`. A colour is down to one region only after a move that left it so,
    /// and just before that move it was gatherable: the move recoloured one of its two regions
    /// away, or recoloured a region to `c` that joined all of them (a move changes the colour of
    /// one region, so it removes at most one region of `c`, and joins only the regions of `c`
    /// beside the region it recolours). So if `c` is not gatherable within `g` moves, its wait
    /// is at least `g + 1`.
    ///
    /// Some shortest sequence plays merging moves only (see the search's "Moves"), so only
    /// those are asked about. Recolouring `v` to `x` joins its star `S` (`v` and its neighbours
    /// of colour `x`) into one region `R` beside the regions that touched `S`; every other pair
    /// of regions touches as before. If `c` (regions `C`, three or more) is not gatherable now,
    /// it is after the move only if:
    /// - `v` is of colour `c`: `C` had three regions, or the others are touched all by some
    ///   region (`R`, or one that touched them all before);
    /// - `x` is `c`: the regions of `C` outside `S`, with `R`, are two, or some region beside
    ///   `S` touches all of those outside it;
    /// - otherwise (`C` stays as it was): `R` touches all of `C`.
    ///
    /// If none of these holds for any merging move, `c`'s wait is at least 3. Each needs every
    /// region of `C` within 3 of `v` (touching `v`, or a region that touches `v` or one of its
    /// neighbours), so only such `v` are tried.
    pub fn gather_schedule(&self, witness: &Witness, target: Target) -> u32 {
        let gathered = self.gathered(witness, target, &mut Gathered::default());
        gathered.unwrap_or_else(|| schedule(&witness.wait, target))
    }

    /// [`Position::gather_schedule`], keeping in `out` what it found for
    /// [`Position::gather_after`]; `None` where the position keeps no distances.
    pub fn gathered(&self, witness: &Witness, target: Target, out: &mut Gathered) -> Option<u32> {
        let (w, wait) = (self.words, &witness.wait);
        let d = self.distances.as_ref().filter(|_| w <= WORDS)?;
        out.few_far_known = 0;
        out.far_known = [0; WORDS];
        out.far.resize(self.region.len() * w, 0);
        // The most regions of each colour that one region touches.
        let most = &mut out.most;
        *most = [0; MAX_COLOURS];
        for v in bits::members(&self.alive) {
            for (m, n) in most.iter_mut().zip(self.neighbours_by_colour(v)) {
                *m = (*m).max(n);
            }
        }
        let mut raised = *wait;
        // Colours whose wait of 3 is not yet ruled out, as bits.
        let mut open = 0u32;
        for c in (0..MAX_COLOURS).filter(|&c| self.count[c] >= 3 && most[c] < self.count[c]) {
            raised[c] = raised[c].map(|e| e.max(2));
            // Three regions, or a region touching all but one: recolouring that one gathers.
            if self.count[c] > 3 && most[c] + 1 < self.count[c] {
                open |= 1 << c;
            }
        }
        // Per open colour, the regions within 3 of all of its regions.
        let n = self.region.len();
        let mut within = [[0u64; WORDS]; MAX_COLOURS];
        let mut movers: Set = [0; WORDS];
        for c in (0..MAX_COLOURS).filter(|c| open >> c & 1 == 1) {
            let mut close = [1u8; MAX_SEARCHED_REGIONS];
            for u in bits::members(self.class(c)) {
                close[..n].iter_mut().zip(d.row(u)).for_each(|(k, &d)| *k &= u8::from(d <= 3));
            }
            for v in bits::members(&self.alive).filter(|&v| close[v] == 1) {
                bits::insert(&mut within[c], v);
                bits::insert(&mut movers, v);
            }
        }
        let mut near = [[0u64; WORDS]; MAX_COLOURS];
        for v in bits::members(&movers[..w]) {
            // `near[x]`: the regions beside `v`'s neighbours of colour `x`.
            for set in near.iter_mut() {
                set[..w].fill(0);
            }
            for u in bits::members(self.row(v)) {
                let x = usize::from(self.colour[u]);
                near[x][..w].iter_mut().zip(self.row(u)).for_each(|(a, b)| *a |= b);
            }
            let gathered = (0..MAX_COLOURS)
                .filter(|&c| open >> c & 1 == 1 && bits::has(&within[c], v) && self.gathers(v, c, &near))
                .fold(0, |bits, c| bits | 1 << c);
            open &= !gathered;
        }
        for c in (0..MAX_COLOURS).filter(|c| open >> c & 1 == 1) {
            raised[c] = raised[c].map(|e| e.max(3));
        }
        out.wait = raised;
        Some(schedule(&raised, target))
    }

    /// Whether some merging move of `v` makes colour `c` gatherable (see
    /// [`Position::gather_schedule`], whose tests of regions touching all but one of `c` come
    /// first); `near[x]` holds the regions beside `v`'s neighbours of colour `x`.
    fn gathers(&self, v: usize, c: usize, near: &[Set; MAX_COLOURS]) -> bool {
        let (w, y) = (self.words, usize::from(self.colour[v]));
        let (class, row) = (self.class(c), self.row(v));
        // The colours `v` can be recoloured to, merging.
        let mut to = (0..MAX_COLOURS).filter(|&x| x != y && bits::meets(row, self.class(x)));
        if y == c {
            // `R` touches `C` less `v` (none of which touch `v`).
            return to.any(|x| (0..w).all(|i| class[i] & !near[x][i] & !bits::word_of(v, i) == 0));
        }
        if bits::meets(row, class) {
            // To `c`: a region beside `S`, outside it, touching all of `C` outside `S`.
            let beside = |i: usize| (row[i] | near[c][i]) & !class[i] & !bits::word_of(v, i);
            let outside = |i: usize| class[i] & !row[i];
            let touches = |r: usize| self.row(r).iter().enumerate().all(|(i, n)| outside(i) & !n == 0);
            if (0..w).any(|i| bits::members(&[beside(i)]).any(|b| touches(i * 64 + b))) {
                return true;
            }
        }
        // To another colour: `R` touches all of `C`.
        to.any(|x| x != c && (0..w).all(|i| class[i] & !(row[i] | near[x][i]) == 0))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{connected_after, gatherable, position};
    use super::*;
    use crate::board::Colour;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The schedule with each colour's wait raised to one more than the moves before it is
    /// gatherable (0, 1, or 2 for more), each merging move played and taken back.
    fn played_out(p: &mut Position, wait: &[Option<u32>; MAX_COLOURS], target: Target) -> u32 {
        let mut raised = *wait;
        for (c, slot) in raised.iter_mut().enumerate() {
            if p.count[c] < 3 || gatherable(p, c) {
                continue;
            }
            let moves: Vec<(usize, Colour)> = p
                .nodes()
                .flat_map(|v| (0..MAX_COLOURS as Colour).map(move |x| (v, x)))
                .filter(|&(v, x)| p.colour(v) != x && p.swallows(v, x) > 0)
                .collect();
            let soon = moves.into_iter().any(|(v, x)| {
                p.play(v, x);
                let soon = gatherable(p, c);
                p.undo();
                soon
            });
            *slot = slot.map(|e| e.max(if soon { 2 } else { 3 }));
        }
        schedule(&raised, target)
    }

    /// The fewest moves that leave one region (of `target`'s colour), by a depth-first search
    /// over every recolouring of every region, with the positions already found to need more
    /// remembered.
    fn fewest(p: &mut Position, target: Target, colours: Colour) -> u32 {
        fn within(
            p: &mut Position,
            target: Target,
            colours: Colour,
            left: u32,
            failed: &mut HashMap<[u64; 2], u32>,
        ) -> bool {
            if p.is_goal(target) {
                return true;
            }
            if left == 0 || failed.get(&p.hash()).is_some_and(|&f| f >= left) {
                return false;
            }
            let moves: Vec<(usize, Colour)> =
                p.nodes().flat_map(|v| (0..colours).map(move |x| (v, x))).filter(|&(v, x)| p.colour(v) != x).collect();
            for (v, x) in moves {
                p.play(v, x);
                let done = within(p, target, colours, left - 1, failed);
                p.undo();
                if done {
                    return true;
                }
            }
            failed.insert(p.hash(), left);
            false
        }
        let mut failed = HashMap::new();
        (0..).find(|&left| within(p, target, colours, left, &mut failed)).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn the_bound_finds_what_playing_every_move_finds(
            cells in prop::collection::vec(0u8..4, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..4), 0..6),
            any in any::<bool>(),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let target = if any { Target::Any } else { Target::Colour(0) };
            let mut witness = Witness::default();
            p.colour_schedule(target, &mut witness);
            prop_assert_eq!(p.gather_schedule(&witness, target), played_out(&mut p, &witness.wait, target));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        fn the_bound_never_passes_the_fewest_moves(
            cells in prop::collection::vec(0u8..4, 12),
            prefix in prop::collection::vec((0usize..12, 0u8..4), 0..3),
            any in any::<bool>(),
        ) {
            // 3 × 4 squares: one island of 12 regions at most, small enough to solve exactly.
            let (_, mut p) = position(3, 4, &cells);
            for (pick, colour) in prefix {
                let node = p.nodes().nth(pick % p.len()).unwrap();
                if p.colour(node) != colour && p.len() > 2 {
                    p.play(node, colour);
                }
            }
            let target = if any { Target::Any } else { Target::Colour(0) };
            let mut witness = Witness::default();
            p.colour_schedule(target, &mut witness);
            let bound = p.gather_schedule(&witness, target);
            prop_assert!(bound <= fewest(&mut p, target, 4), "bound {}", bound);
        }
    }
}
