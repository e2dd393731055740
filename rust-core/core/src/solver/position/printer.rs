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
    /// [`Position::printer_bound`]), `n` rows a level.
    levels: Vec<u64>,
    /// Per region, the union of its neighbours' rows at the level before.
    near: Vec<u64>,
    /// Per region `u`, the regions of its colour `x` whose `E(u, x)` is not known yet.
    pending: Vec<u64>,
    /// Per region `u`, `n` slots: the regions `x` of its colour with `E(u, x)` known, as
    /// `x << 8 | E(u, x)`, the first `count[u]` in use.
    linked: Vec<u32>,
    /// Per region, the slots of `linked` in use.
    count: Vec<u16>,
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
        // Up to F = limit + 1, which gives a bound of `limit`; F never passes the regions.
        let top = (limit as usize).min(self.alive_count).min(MAX_PRINTS as usize) + 1;
        // Rows of a fixed number of words, so that the loops over them unroll.
        match self.words {
            1 => self.printer_levels::<1>(top),
            2 => self.printer_levels::<2>(top),
            3 => self.printer_levels::<3>(top),
            4 => self.printer_levels::<4>(top),
            5 => self.printer_levels::<5>(top),
            6 => self.printer_levels::<6>(top),
            7 => self.printer_levels::<7>(top),
            _ => self.printer_levels::<8>(top),
        }
    }

    /// [`Position::printer_bound`] up to `F = top`, with rows of `W` words, the position's (8
    /// words hold the 512 regions of the largest island searched). Each region keeps the regions
    /// of its colour whose `E` is known, with it, apart from those not reached yet, so that a
    /// level reads each of the first once and tests only the second (`08-summit/massif`, where it
    /// is most of the search, 76 ms to 60; `spire` 47 to 40).
    fn printer_levels<const W: usize>(&mut self, top: usize) -> u32 {
        debug_assert_eq!(W, self.words, "rows are read in place");
        let n = self.region.len();
        let alive: [u64; W] = std::array::from_fn(|i| self.alive.get(i).copied().unwrap_or(0));
        let (adj, _) = self.adj.as_chunks::<W>();
        let (classes, _) = self.by_colour.as_chunks::<W>();
        let colour = &self.colour;
        let p = &mut self.printer;
        p.levels.clear();
        p.levels.resize(n * W, 0);
        p.near.resize(n * W, 0);
        p.pending.resize(n * W, 0);
        p.linked.resize(n * n, 0);
        p.count.clear();
        p.count.resize(n, 0);
        let full = |row: &[u64; W]| row.iter().zip(&alive).all(|(r, a)| r & a == *a);
        let or = |out: &mut [u64; W], row: &[u64; W]| out.iter_mut().zip(row).for_each(|(o, r)| *o |= r);
        // Level 1: each region alone, with no `E` known yet.
        let mut open = alive;
        {
            let (rows, _) = p.levels.as_chunks_mut::<W>();
            let (pending, _) = p.pending.as_chunks_mut::<W>();
            for u in bits::members(&alive) {
                bits::insert(&mut rows[u], u);
                pending[u] = classes[usize::from(colour[u])];
                bits::remove(&mut pending[u], u);
            }
        }
        // Rows that hold every region stay so, and are only copied.
        for k in 2..=top {
            let (last, level) = (k - 2, k - 1);
            p.levels.resize(k * n * W, 0);
            let (rows, _) = p.levels.as_chunks_mut::<W>();
            let (before, now) = rows.split_at_mut(level * n);
            let (near, _) = p.near.as_chunks_mut::<W>();
            let (pending, _) = p.pending.as_chunks_mut::<W>();
            for u in bits::members(&open) {
                near[u] = [0; W];
                for a in bits::members(&adj[u]) {
                    or(&mut near[u], &before[last * n + a]);
                }
            }
            for u in bits::members(&alive) {
                if !bits::has(&open, u) {
                    now[u] = alive;
                    continue;
                }
                let mut out = before[last * n + u];
                or(&mut out, &near[u]);
                let linked = &mut p.linked[u * n..(u + 1) * n];
                let count = &mut p.count[u];
                for &xe in &linked[..usize::from(*count)] {
                    let (x, e) = ((xe >> 8) as usize, (xe & 0xFF) as usize);
                    or(&mut out, &before[(level - e) * n + x]);
                }
                let waiting = pending[u];
                for x in bits::members(&waiting).filter(|&x| bits::meets(&near[u], &adj[x])) {
                    linked[usize::from(*count)] = (x as u32) << 8 | level as u32;
                    *count += 1;
                    bits::remove(&mut pending[u], x);
                    or(&mut out, &before[x]);
                }
                if full(&out) {
                    bits::remove(&mut open, u);
                }
                now[u] = out;
            }
            if open.iter().all(|&word| word == 0) {
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
