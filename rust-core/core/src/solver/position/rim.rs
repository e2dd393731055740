//! Distance bounds: the radius (a move lowers it by at most one) and the rim bound (one more
//! unless some centre's farthest regions are one colour), and the test of a move against them
//! before it is played.

use super::{Position, Target};
use crate::board::Colour;
use crate::solver::bits;
use crate::solver::distance::{Centres, Rims};

impl Position {
    /// The rim bound: the radius, plus one unless some centre's rim (the regions farthest from it)
    /// is all one colour, the target's if there is one. Needs distances.
    ///
    /// If an island of radius `r ≥ 1` floods in `r` moves, such a centre exists; by induction on
    /// `r`. One move floods a star only by recolouring its hub to the colour of every other
    /// region, which is the final colour. For `r ≥ 2`, the first move leaves radius `r − 1` (see
    /// [`Position::radius`]) and `r − 1` moves, so a centre `c'` whose rim is one colour `z`. Take
    /// `u` as in that proof: the moved region if `c'` is the contracted one, else the region one
    /// step from `c'` towards it. No distance from `u` exceeds the one from `c'` after the move by
    /// more than one, so `u` is a centre and every region of its rim was on the rim of `c'`; it
    /// is not the moved region (within `r − 1` of `u`), so it had colour `z` before the move too.
    pub fn rim_bound(&self, target: Target) -> u32 {
        let d = self.distances.as_ref().expect("the search keeps distances");
        let r = self.radius();
        let found = r == 0
            || self.nodes().any(|v| d.eccentricity(v) == r && target.one_colour(d.rim_colours(v, &self.colour_bit)));
        r + u32::from(!found)
    }

    /// The radius: the smallest eccentricity of a region (0 for a single region). Needs distances.
    ///
    /// It is a lower bound on the moves left: a move contracts a star (a region and the
    /// neighbours it swallows), and if `c'` is a centre after the contraction at distance `d ≥ 1`
    /// from the contracted region, the region `d − 1` steps from `c'` towards it (inside the star
    /// when `d = 1`) had eccentricity at most one more; if `c'` is the contracted region, the
    /// region that moved did. So one move lowers the radius by at most one.
    pub fn radius(&self) -> u32 {
        let d = self.distances.as_ref().expect("the search keeps distances");
        self.nodes().map(|v| d.eccentricity(v)).min().unwrap_or(0)
    }

    /// The regions that could have eccentricity `t` or less after one move (see
    /// [`Distances::centre_candidates`](crate::solver::distance::Distances::centre_candidates)),
    /// and, given the `target` of the moves listed, which moves [`Centres::could_fit`]. Needs
    /// distances.
    pub fn centre_candidates(&self, t: u32, out: &mut Centres, movers: Option<Target>) {
        let d = self.distances.as_ref().expect("the search keeps distances");
        let one_colour = |rim: u32| movers.is_some_and(|target| target.one_colour(rim));
        let rims = movers.map(|_| Rims { bits: &self.colour_bit, one_colour: &one_colour });
        d.centre_candidates(t, |a| bits::members(self.row(a)), out, rims);
    }

    /// Whether recolouring `node` to `colour` would leave the radius and the rim bound for
    /// `target` at most `t`, without playing the move, given the `candidates` for `t`. Needs
    /// distances.
    pub fn move_fits_rim(&mut self, node: usize, colour: Colour, t: u32, candidates: &Centres, target: Target) -> bool {
        self.fill_star(node, colour);
        let d = self.distances.as_mut().expect("the search keeps distances");
        let rim_ok = |rim: u32| target.one_colour(rim);
        d.contraction_fits((&self.star, node), t, candidates, (&self.colour_bit, 1 << colour), rim_ok)
    }

    /// A lower bound on the radius without distances: half the distance between two regions
    /// found far apart by a double sweep, rounded up (the radius is at least half the diameter).
    pub fn radius_floor(&mut self) -> u32 {
        let Some(start) = self.nodes().next() else { return 0 };
        let (_, a) = self.bfs(start, 0);
        let (far, _) = self.bfs(a, 1);
        far.div_ceil(2)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{connected_after, position, recolourings};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_rim_bound_needs_a_centre_with_a_one_coloured_rim() {
        // 2 1 2 1 0: the only centre is the middle 2, its rim a 2 and a 0; flooding takes 3.
        let (_, p) = position(1, 5, &[2, 1, 2, 1, 0]);
        assert_eq!((p.radius(), p.colour_bound(Target::Any)), (2, 2));
        assert_eq!(p.rim_bound(Target::Any), 3);
        // 0 1 2 1 0: the rim is all 0, so two moves may do, but only ending in 0.
        let (_, p) = position(1, 5, &[0, 1, 2, 1, 0]);
        assert_eq!((p.rim_bound(Target::Any), p.rim_bound(Target::Colour(0))), (2, 2));
        assert_eq!(p.rim_bound(Target::Colour(1)), 3);
    }

    #[test]
    fn a_move_that_leaves_every_centre_a_rim_of_two_colours_is_not_listed() {
        // Found by the proptest below: with the radius one move to spare and no centre's rim of
        // one colour, region 11 cannot bring every centre's rim but one colour closer.
        #[rustfmt::skip]
        let cells = [
            0, 0, 0, 1, 0, 2,
            2, 0, 0, 1, 0, 1,
            2, 2, 1, 1, 1, 0,
            2, 2, 0, 2, 0, 1,
            1, 1, 1, 1, 0, 0,
        ];
        let (_, mut p) = position(5, 6, &cells);
        let r = p.radius();
        assert_eq!(p.rim_bound(Target::Any), r + 1);
        let mut candidates = Centres::default();
        p.centre_candidates(r, &mut candidates, Some(Target::Any));
        assert!(!candidates.could_fit(11));
        for (node, colour) in recolourings(&p).into_iter().filter(|&(node, _)| node == 11) {
            assert!(!p.move_fits_rim(node, colour, r, &candidates, Target::Any));
        }
        // With a move more to spare, every region's could.
        p.centre_candidates(r + 1, &mut candidates, Some(Target::Any));
        assert!(p.nodes().all(|v| candidates.could_fit(v)));
    }

    proptest! {
        #[test]
        fn a_move_fits_the_rim_exactly_when_playing_it_shows_so(
            cells in prop::collection::vec(0u8..3, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..3), 0..4),
            any in any::<bool>(),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let r = p.radius();
            prop_assume!(r >= 1);
            let target = if any { Target::Any } else { Target::Colour(0) };
            // The search asks with one move or none to spare on the radius.
            for t in [r - 1, r] {
                let mut candidates = Centres::default();
                p.centre_candidates(t, &mut candidates, Some(target));
                for (node, colour) in recolourings(&p) {
                    let fits = p.move_fits_rim(node, colour, t, &candidates, target);
                    // The quick test by the moved region alone never rules out a move that fits.
                    prop_assert!(candidates.could_fit(node) || !fits, "{} to {} within {}", node, colour, t);
                    p.play(node, colour);
                    let after = p.radius();
                    let truth = after < t || (after == t && p.rim_bound(target) <= t);
                    prop_assert_eq!(fits, truth, "{} to {} within {}", node, colour, t);
                    p.undo();
                }
            }
        }
    }
}
