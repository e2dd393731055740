//! The gather bound after a move, worked out without playing it: where the gather bound leaves
//! no move to spare, the moves that cannot bring it down are cut before they are played.

use super::gather::{FEW, Gathered, Set};
use super::{Position, Target, WORDS};
use crate::board::{Colour, MAX_COLOURS};
use crate::solver::bits;
use crate::solver::distance::Distances;

impl Position {
    /// Whether a lower bound on the moves left after the merging move that recolours `node` to
    /// `colour` (swallowing `swallowed` regions) reaches `limit` (all the search asks), from what
    /// [`Position::gathered`] found here (`gathered`), without playing the move. Needs distances.
    ///
    /// It is the colour schedule of waits that hold along every sequence of merging moves after
    /// the move (some shortest sequence is one: see the search's "Moves"). A colour's wait here,
    /// as the gather bound raised it, holds along every sequence of merging moves from here, so
    /// one less holds after the move. And a colour waits 3 after the move if no merging move
    /// there makes it gatherable ([`Position::gather_schedule`]), which is shown from here.
    /// Write `S` for the star the move contracts (`node` and its neighbours of `colour`) into
    /// the region `R`, and `C` for the colour's regions after it. A merging move `v → x` there
    /// makes `C` gatherable only if:
    /// - `C` has 3 regions at most, or some region touches all of `C` but one;
    /// - or the region the move makes touches all of `C` but `v`, and it lies within one of
    ///   `v`: every region of `C` but `v` lies within 2 of `v`;
    /// - or `x` is the colour and some region `b` beside the move's star touches all of `C`
    ///   outside it. Then `b` touches `v` or a region `u` of the colour beside `v`, and every
    ///   region of `C` but `v` (or `u`) lies within 2 of it.
    ///
    /// So the colour waits 3 if it has more than 3 regions after the move, no region touches
    /// all of them but one, and no region lies within 2 of all of them but itself. The move
    /// changes only what touches `S`: a region touches no more regions of the colour than
    /// before, or one more (`R`) where the move is to that colour, and `R` touches those that
    /// touched `S`. The distances after it are `min(d(a, b), d(a, S) + d(S, b))`, and `d(a, S)`
    /// from `R`; the regions within 1 and 2 of `S` are found over the neighbours. So a region
    /// `v` outside `S` has all of `C` within 2 after the move only if the regions of the colour
    /// more than 2 from it now lie in `S`, or, where `v` lies within 1 of `S`, within 1 of `S`:
    /// only regions with at most that many of the colour more than 2 from them (`few_far`,
    /// counted once per position) are tried one by one, each by the set of regions more than 2
    /// from it (found once per position, [`Gathered::far_from`]).
    ///
    /// Working that count out per position, not the distances per region tried, cut
    /// `organic-speckled-1` from 16.9 G instructions to 5.5 G, the same nodes (2026-11-29).
    pub fn gather_after(
        &mut self,
        node: usize,
        colour: Colour,
        swallowed: usize,
        gathered: &mut Gathered,
        target: Target,
        limit: u32,
    ) -> bool {
        let wait = self.waits_after(node, colour, swallowed, gathered, target, Some(limit));
        self.schedules.schedule(&wait, target) >= limit
    }

    /// The waits whose schedule [`Position::gather_after`] bounds the moves with, after
    /// recolouring `node` to `colour`; with a `limit`, only until they settle whether that
    /// schedule reaches it (the waits found so far, whose schedule lies on the same side).
    fn waits_after(
        &mut self,
        node: usize,
        colour: Colour,
        swallowed: usize,
        gathered: &mut Gathered,
        target: Target,
        limit: Option<u32>,
    ) -> [Option<u32>; MAX_COLOURS] {
        let x = usize::from(colour);
        // The waits one less, and as they would be with every colour that could wait 3 doing so.
        let (mut wait, mut hope) = ([None; MAX_COLOURS], [None; MAX_COLOURS]);
        let counts = self.counts_after(node, colour, swallowed);
        for c in 0..MAX_COLOURS {
            if counts[c] > 0 {
                wait[c] = gathered.wait[c].map(|e| e.saturating_sub(1));
                hope[c] = wait[c].map(|e| if counts[c] > 3 { e.max(3) } else { e });
            }
        }
        let schedules = &mut self.schedules;
        if limit.is_some_and(|limit| {
            schedules.schedule(&wait, target) >= limit || schedules.schedule(&hope, target) < limit
        }) {
            return wait;
        }
        // `within[k]`: the live regions at most `k` from the star, grown over the neighbours.
        let star = self.star_set(node, colour);
        let mut one = self.touching(&star);
        one.iter_mut().zip(&star).for_each(|(a, s)| *a |= s);
        let ring: Set = std::array::from_fn(|i| one[i] & !star[i]);
        let mut two = self.touching(&ring);
        two.iter_mut().zip(&one).for_each(|(a, b)| *a |= b);
        let within = [star, one, two];
        let d = self.distances.as_ref().expect("the search keeps distances");
        // The star holds `node` and the `swallowed` regions of colour `x` beside it.
        let mut in_star = [0; MAX_COLOURS];
        in_star[usize::from(self.colour[node])] = 1;
        in_star[x] = swallowed as u32;
        let after = After { within, in_star, d, x };
        for c in 0..MAX_COLOURS {
            if wait[c] == hope[c] {
                continue;
            }
            // A colour shown not to wait 3 may settle it (below the limit). One that waits 3
            // seldom settles it before the last, so then the schedule is looked up only once, by
            // the caller: asked after each colour, it cost `organic-speckled-8` 5% more
            // instructions (2026-11-30).
            if self.stuck_after(c, counts[c], &after, gathered) {
                wait[c] = hope[c];
            } else {
                hope[c] = wait[c];
                if limit.is_some_and(|limit| self.schedules.schedule(&hope, target) < limit) {
                    break;
                }
            }
        }
        wait
    }

    /// Whether colour `c`, with `count` regions after the move `after` describes, is then shown
    /// gatherable by no merging move (see [`Position::gather_after`]).
    fn stuck_after(&self, c: usize, count: u32, after: &After, gathered: &mut Gathered) -> bool {
        if count <= 3 {
            return false;
        }
        let (w, class, star) = (self.words, self.class(c), &after.within[0]);
        // The regions of the colour beside the star: those the merged region touches.
        let beside: u32 = (0..w).map(|i| (after.within[1][i] & class[i] & !star[i]).count_ones()).sum();
        let touched = if c == after.x { 0 } else { beside };
        let most = (gathered.most[c] + u32::from(c == after.x)).max(touched);
        if most + 1 >= count {
            return false;
        }
        // The merged region: every region of the colour outside the star within 2 of it.
        if (0..w).all(|i| class[i] & !star[i] & !after.within[2][i] == 0) {
            return false;
        }
        if gathered.few_far_known >> c & 1 == 0 {
            self.find_few_far(c, gathered);
        }
        // A region within 1 of the star may have the colour's regions within 1 of it (or in it)
        // left far; one farther, only those in the star.
        let (alive, few) = (&self.alive, &gathered.few_far[c]);
        let far_ok = |k: u32| few.get(k as usize).map_or(&alive[..], |set| &set[..]);
        let (in_star, near) = (far_ok(after.in_star[c]), far_ok(after.in_star[c] + beside));
        let mut candidates: Set = [0; WORDS];
        candidates[..w].iter_mut().enumerate().for_each(|(i, word)| {
            let reach = if c == after.x { after.within[2][i] } else { !0 };
            *word = ((after.within[1][i] & near[i]) | (!after.within[1][i] & in_star[i])) & reach & !star[i];
        });
        !bits::members(&candidates[..w]).any(|v| {
            let via = if bits::has(&after.within[1], v) { &after.within[1] } else { &[0; WORDS] };
            let far = gathered.far_from(v, after.d, w);
            (0..w).all(|i| class[i] & !star[i] & !via[i] & far[i] == 0)
        })
    }

    /// Fills `gathered.few_far` for colour `c` from the distances now.
    fn find_few_far(&self, c: usize, gathered: &mut Gathered) {
        let d = self.distances.as_ref().expect("the search keeps distances");
        gathered.few_far.resize(MAX_COLOURS, [[0; WORDS]; FEW]);
        gathered.few_far[c] = [[0; WORDS]; FEW];
        // Counted down the rows of the colour's regions, a byte per region: distances are
        // symmetric, and this is an eighth of the work of a set per region.
        let counts = &mut gathered.counts;
        counts.clear();
        counts.resize(d.padded_row(0).len(), 0);
        d.count_far(self.class(c), 2, counts);
        for v in bits::members(&self.alive) {
            for set in &mut gathered.few_far[c][usize::from(counts[v]).min(FEW)..] {
                bits::insert(set, v);
            }
        }
        gathered.few_far_known |= 1 << c;
    }
}

/// A move worked out unplayed: the live regions within 0 (its star), 1 and 2 of its star, how
/// many regions of each colour its star holds, the distances before it, and the colour it
/// recolours to.
struct After<'a> {
    within: [Set; 3],
    in_star: [u32; MAX_COLOURS],
    d: &'a Distances,
    x: usize,
}

#[cfg(test)]
mod tests {
    use super::super::schedule::schedule;
    use super::super::tests::{connected_after_on, gatherable, position};
    use super::super::witness::Witness;
    use super::*;
    use crate::random::Random;
    use proptest::prelude::*;

    fn merging_moves(p: &Position) -> Vec<(usize, Colour)> {
        let moves = p.nodes().flat_map(|v| (0..MAX_COLOURS as Colour).map(move |x| (v, x)));
        moves.filter(|&(v, x)| p.colour(v) != x && p.swallows(v, x) > 0).collect()
    }

    /// The waits after the move just played, by playing out every merging move there: one less
    /// than `before`, or 3 where no merging move makes the colour gatherable.
    fn played_out(p: &mut Position, before: &[Option<u32>; MAX_COLOURS]) -> [Option<u32>; MAX_COLOURS] {
        let mut wait = [None; MAX_COLOURS];
        for (c, slot) in wait.iter_mut().enumerate() {
            if p.count[c] == 0 {
                continue;
            }
            let stuck = !gatherable(p, c)
                && !merging_moves(p).into_iter().any(|(v, x)| {
                    p.play(v, x);
                    let soon = gatherable(p, c);
                    p.undo();
                    soon
                });
            *slot = before[c].map(|e| if stuck { e.saturating_sub(1).max(3) } else { e.saturating_sub(1) });
        }
        wait
    }

    /// What the gather bound finds at `p`.
    fn gathered(p: &mut Position) -> Gathered {
        let mut witness = Witness::default();
        p.colour_schedule(Target::Any, &mut witness);
        let mut gathered = Gathered::default();
        p.gathered(&witness, Target::Any, &mut gathered).expect("distances kept");
        gathered
    }

    /// For each merging move of `p`: the waits unplayed, and those played out.
    type Waits = [Option<u32>; MAX_COLOURS];
    fn waits(p: &mut Position) -> Vec<(Waits, Waits)> {
        let mut gathered = gathered(p);
        merging_moves(p)
            .into_iter()
            .map(|(v, x)| {
                let unplayed = p.waits_after(v, x, p.swallows(v, x), &mut gathered, Target::Any, None);
                p.play(v, x);
                let played = played_out(p, &gathered.wait);
                p.undo();
                (unplayed, played)
            })
            .collect()
    }

    /// Whether every wait of `low` is at most that of `high`, and they name the same colours.
    fn below(low: &Waits, high: &Waits) -> bool {
        low.iter().zip(high).all(|(l, h)| match (l, h) {
            (Some(l), Some(h)) => l <= h,
            (None, None) => true,
            _ => false,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn the_waits_unplayed_never_pass_those_played_out(
            cells in prop::collection::vec(0u8..4, 48),
            prefix in prop::collection::vec((0usize..48, 0u8..4), 0..4),
            any in any::<bool>(),
        ) {
            let target = if any { Target::Any } else { Target::Colour(0) };
            let Some(mut p) = connected_after_on(6, 8, &cells, &prefix) else { return Ok(()) };
            for (unplayed, played) in waits(&mut p) {
                prop_assert!(below(&unplayed, &played), "{:?} {:?}", unplayed, played);
            }
            let mut gathered = gathered(&mut p);
            for (v, x) in merging_moves(&p) {
                let bound = schedule(&p.waits_after(v, x, p.swallows(v, x), &mut gathered, target, None), target);
                for limit in 0..=bound + 1 {
                    prop_assert_eq!(p.gather_after(v, x, p.swallows(v, x), &mut gathered, target, limit), bound >= limit);
                }
            }
        }
    }

    #[test]
    fn the_waits_unplayed_find_colours_stuck() {
        // Speckled boards of five colours, as where the search uses it: a colour must be found
        // stuck somewhere, and never where playing every move out finds it is not.
        let mut random = Random::new(7);
        let (mut raised, mut moves) = (0, 0);
        for _ in 0..40 {
            let cells: Vec<u8> = (0..80).map(|_| random.below(5) as u8).collect();
            let Some(mut p) = connected_after_on(8, 10, &cells, &[]) else { continue };
            let before = gathered(&mut p).wait;
            for (unplayed, played) in waits(&mut p) {
                assert!(below(&unplayed, &played), "{unplayed:?} {played:?}");
                raised += usize::from((0..MAX_COLOURS).any(|c| unplayed[c] > before[c].map(|e| e.saturating_sub(1))));
                moves += 1;
            }
        }
        assert!(raised * 20 > moves, "raised on {raised} of {moves} moves");
    }

    #[test]
    fn a_colour_gathered_beside_the_star_is_not_stuck() {
        // Colour 0: five regions. Recolouring the 1 to 0 joins the three around it into one,
        // which the 2 touches, as it touches the other two: gatherable in one move. Only the 0
        // between the 2 and the 1 lies within 2 of all the others. The move asked about is
        // far off, in the last column.
        #[rustfmt::skip]
        let cells = [
            3, 0, 2, 2, 2, 0, 4, 3, 4,
            4, 3, 4, 0, 3, 4, 3, 4, 3,
            3, 4, 0, 1, 4, 3, 4, 3, 4,
            4, 3, 4, 0, 3, 4, 3, 4, 3,
            3, 4, 3, 4, 4, 3, 4, 3, 4,
        ];
        let (graph, mut p) = position(5, 9, &cells);
        assert_eq!(graph.islands.len(), 1);
        let far = p.nodes().last().unwrap();
        let mut gathered = gathered(&mut p);
        let unplayed = p.waits_after(far, 3, p.swallows(far, 3), &mut gathered, Target::Any, None);
        p.play(far, 3);
        let played = played_out(&mut p, &gathered.wait);
        assert_eq!(played[0], gathered.wait[0].map(|e| e.saturating_sub(1)), "not stuck once played");
        assert!(below(&unplayed, &played), "{unplayed:?} {played:?}");
    }
}
