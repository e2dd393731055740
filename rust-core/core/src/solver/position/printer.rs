//! The printer bound: the moves a path between two regions needs, counted as a strange printer
//! counts prints, over the cheapest path between the two regions that are hardest to join.
//!
//! Along a band of stripes, or out from the middle of a ring board, the colours come in an order
//! that no single move order meets on both sides; the distance bounds count the bands but not the
//! order of their colours, which this bound does.

use super::Position;
use crate::solver::bits;

/// The largest printer bound worked out: the levels kept grow with it (under 2 MiB on an island
/// of 512 regions).
pub const MAX_PRINTS: u32 = 48;

/// What the printer bound keeps between calls, so that the search allocates once.
#[derive(Clone, Default)]
pub(super) struct Printer {
    /// Level `k` (from 1), row `u`: the regions `w` with `F(u, w) ≤ k` (see
    /// [`Position::printer_bound`]), `n × words` words a level.
    levels: Vec<u64>,
    /// Per region, the union of its neighbours' rows at the level before.
    near: Vec<u64>,
    /// Per pair `(u, x)` of regions of one colour, the least `j` with `E(u, x) ≤ j`, once known;
    /// 0 before.
    inside: Vec<u16>,
}

impl Position {
    /// A lower bound on the moves left: the printer bound where that is at most `limit` and at
    /// most [`MAX_PRINTS`], else the smaller of `limit + 1` and `MAX_PRINTS + 1` (the work grows
    /// with the bound, so a caller that only asks whether it passes some number stops there).
    ///
    /// For regions `u` and `w`, let `F(u, w)` be the least strange-printer count over paths from
    /// `u` to `w`: the fewest prints, each of one colour over an interval of the path (later
    /// prints covering earlier ones), that leave every region of the path in its colour. Then
    /// flooding the island takes at least `F(u, w) − 1` moves, for every `u` and `w`:
    /// - Meeks and Scott ("Spanning trees and the complexity of flood-filling games", 2012):
    ///   flooding a connected graph takes as many moves as flooding its easiest spanning tree `T`.
    /// - On a tree, a move restricted to the path from `u` to `w` in it (a subtree: a region of
    ///   the tree meets it in one connected piece, a region of the path) is a move there, or
    ///   changes nothing there; so `T` floods in no fewer moves than that path, which is a path
    ///   from `u` to `w` in the island.
    /// - A path flooded in `m` moves is printed in `m + 1` prints: its final colour over all of
    ///   it, then, taking the moves back from the last, the region each recoloured (an interval
    ///   of one colour before the move) in that colour.
    ///
    /// `F` is worked out over walks, which give the same minimum (a walk's colours hold those of
    /// a path from `u` to `w` in order, and dropping positions never costs a print), with the
    /// recurrence of the strange printer for the print that covers the first region `u`: it
    /// covers `u` alone, `F(u, w) = 1 + F(a, w)` for a neighbour `a`; or it also covers a later
    /// region `x` of `u`'s colour, and what lies between is printed on its own, `F(u, w) =
    /// E(u, x) + F(x, w)` with `E(u, x)` the least `F(a, b)` over neighbours `a` of `u` and `b`
    /// of `x` (never empty: neighbouring regions differ in colour). As sets: `F(u, ·) ≤ k` holds
    /// for the regions `F(u, ·) ≤ k − 1` does, those of the neighbours' `k − 1` sets, and those
    /// of the `k − E(u, x)` set of each `x` of `u`'s colour with `E(u, x) < k`.
    pub fn printer_bound(&mut self, limit: u32) -> u32 {
        if self.alive_count == 1 {
            return 0;
        }
        let (n, w) = (self.region.len(), self.words);
        let p = &mut self.printer;
        let row = |level: usize, u: usize| (level * n + u) * w;
        p.near.resize(n * w, 0);
        p.inside.clear();
        p.inside.resize(n * n, 0);
        // Level 1: each region alone.
        p.levels.clear();
        p.levels.resize(n * w, 0);
        for u in bits::members(&self.alive) {
            bits::insert(&mut p.levels[row(0, u)..][..w], u);
        }
        // Up to F = limit + 1, which gives a bound of `limit`; F never passes the regions.
        let top = (limit as usize).min(self.alive_count).min(MAX_PRINTS as usize) + 1;
        for k in 2..=top {
            let (last, level) = (k - 2, k - 1);
            for u in bits::members(&self.alive) {
                let near = &mut p.near[u * w..][..w];
                near.fill(0);
                for a in bits::members(&self.adj[u * w..][..w]) {
                    for (x, y) in near.iter_mut().zip(&p.levels[row(last, a)..][..w]) {
                        *x |= y;
                    }
                }
            }
            p.levels.resize((k * n) * w, 0);
            let mut all = true;
            for u in bits::members(&self.alive) {
                let (before, now) = p.levels.split_at_mut(row(level, 0));
                let out = &mut now[u * w..][..w];
                let near = &p.near[u * w..][..w];
                for ((o, a), b) in out.iter_mut().zip(&before[row(last, u)..][..w]).zip(near) {
                    *o = a | b;
                }
                let class = &self.by_colour[usize::from(self.colour[u]) * w..][..w];
                for x in bits::members(class).filter(|&x| x != u) {
                    let e = &mut p.inside[u * n + x];
                    if *e == 0 && bits::meets(near, &self.adj[x * w..][..w]) {
                        *e = last as u16 + 1;
                    }
                    if *e != 0 {
                        let from = &before[row(level - usize::from(*e), x)..][..w];
                        for (o, f) in out.iter_mut().zip(from) {
                            *o |= f;
                        }
                    }
                }
                all &= out.iter().zip(&self.alive).all(|(r, a)| r & a == *a);
            }
            if all {
                return k as u32 - 1;
            }
        }
        // No level up to `top` holds every pair: some `F` passes `top`.
        top as u32
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::connected_after;
    use super::*;
    use proptest::prelude::*;

    /// The strange printer's count for a sequence, by the textbook interval recurrence.
    fn prints(s: &[u8]) -> u32 {
        let n = s.len();
        let mut dp = vec![vec![0u32; n + 1]; n + 1];
        for len in 1..=n {
            for i in 0..=n - len {
                let j = i + len;
                dp[i][j] = dp[i + 1][j] + 1;
                for k in i + 1..j {
                    if s[k] == s[i] {
                        dp[i][j] = dp[i][j].min(dp[i + 1][k] + dp[k][j]);
                    }
                }
            }
        }
        dp[0][n]
    }

    #[test]
    fn on_a_strip_it_is_the_strange_printer_count_less_one() {
        for cells in [&[0u8, 1, 2, 1, 0][..], &[0, 1, 2, 3, 0, 1, 2, 3], &[2, 0, 2, 1, 2, 0, 1, 0, 2]] {
            let (_, mut p) = super::super::tests::position(1, cells.len(), cells);
            assert_eq!(p.printer_bound(20), prints(cells) - 1, "{cells:?}");
        }
    }

    /// The least strange-printer count over walks between every two regions, by plain value
    /// iteration over the recurrence: the test's own model of `F`.
    fn walks(p: &Position) -> Vec<Vec<u32>> {
        let live: Vec<usize> = p.nodes().collect();
        let n = live.len();
        let near = |i: usize| -> Vec<usize> {
            live.iter().enumerate().filter(|&(_, &v)| bits::has(p.row(live[i]), v)).map(|(j, _)| j).collect()
        };
        let near: Vec<Vec<usize>> = (0..n).map(near).collect();
        let colour = |i: usize| p.colour(live[i]);
        let mut f = vec![vec![u32::MAX / 4; n]; n];
        (0..n).for_each(|u| f[u][u] = 1);
        loop {
            let mut changed = false;
            for u in 0..n {
                for w in 0..n {
                    let mut best = f[u][w];
                    for &a in &near[u] {
                        best = best.min(1 + f[a][w]);
                    }
                    for x in (0..n).filter(|&x| x != u && colour(x) == colour(u)) {
                        let inside = near[u].iter().flat_map(|&a| near[x].iter().map(move |&b| (a, b)));
                        let e = inside.map(|(a, b)| f[a][b]).min().unwrap_or(u32::MAX / 4);
                        best = best.min(e + f[x][w]);
                    }
                    changed |= best < f[u][w];
                    f[u][w] = best;
                }
            }
            if !changed {
                return f;
            }
        }
    }

    proptest! {
        #[test]
        fn the_bound_is_the_largest_least_print_count_over_walks_less_one(
            cells in prop::collection::vec(0u8..3, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..3), 0..4),
            limit in 0u32..8,
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let truth = walks(&p).into_iter().flatten().max().unwrap_or(1) - 1;
            let got = p.printer_bound(limit);
            if truth <= limit {
                prop_assert_eq!(got, truth);
            } else {
                prop_assert!(got > limit);
            }
        }
    }
}
