//! Tests of the position: play and undo against a plain model, hashes, commuting moves.

use super::*;
use crate::board::{Board, Tiling};
use proptest::prelude::*;

pub(super) fn position(rows: usize, cols: usize, cells: &[u8]) -> (RegionGraph, Position) {
    let board = Board::new(Tiling::Squares, rows, cols, cells.iter().map(|&c| Some(c)).collect(), 6).unwrap();
    let graph = RegionGraph::new(&board);
    let p = Position::new(&graph, &graph.islands[0], true);
    (graph, p)
}

/// The position's regions recomputed from scratch: (node colour, sorted neighbour list) per live node.
pub(super) fn snapshot(p: &Position) -> Vec<(usize, Colour, Vec<usize>)> {
    p.nodes().map(|v| (v, p.colour(v), bits::members(p.row(v)).collect())).collect()
}

#[test]
fn bounds_on_a_strip() {
    // 0 1 2 1 0: radius 2 (centre the 2), colours 3, the 2 is a single region.
    let (_, mut p) = position(1, 5, &[0, 1, 2, 1, 0]);
    assert_eq!(p.len(), 5);
    assert_eq!(p.radius(), 2);
    assert_eq!(p.colour_bound(Target::Any), 2);
    assert_eq!(p.colour_bound(Target::Colour(2)), 3, "0 and 1 are never single");
    assert_eq!(p.colour_bound(Target::Colour(0)), 2);
    assert_eq!(p.colour_bound(Target::Colour(5)), 3);
    p.play(2, 1);
    assert_eq!((p.len(), p.radius()), (3, 1));
    p.play(2, 0);
    assert!(p.is_goal(Target::Any) && p.is_goal(Target::Colour(0)) && !p.is_goal(Target::Colour(1)));
}

/// The test's own model: each original region's colour, with components found by a plain
/// breadth-first search over the region graph.
pub(super) fn components(graph: &RegionGraph, col: &[Colour]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; graph.len()];
    let mut out = Vec::new();
    for s in 0..graph.len() {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut comp = vec![s];
        let mut i = 0;
        while i < comp.len() {
            for &n in &graph.neighbours[comp[i]] {
                if !seen[n] && col[n] == col[s] {
                    seen[n] = true;
                    comp.push(n);
                }
            }
            i += 1;
        }
        out.push(comp);
    }
    out
}

proptest! {


    #[test]
    fn moves_match_a_plain_model_and_undo_restores_everything(
        cells in prop::collection::vec(0u8..3, 12),
        moves in prop::collection::vec((0usize..12, 0u8..3), 1..8),
    ) {
        let (graph, mut p) = position(3, 4, &cells);
        prop_assume!(graph.islands.len() == 1);
        let start = (snapshot(&p), p.hash(), p.count);
        let mut col = graph.colour.clone();
        let mut played = 0;
        for (pick, colour) in moves {
            let Some(node) = recolouring(&p, pick, colour) else { continue };
            let comps = components(&graph, &col);
            for &r in comps.iter().find(|c| c.contains(&node)).unwrap() {
                col[r] = colour;
            }
            p.play(node, colour);
            played += 1;
            let comps = components(&graph, &col);
            prop_assert_eq!(p.len(), comps.len());
            let hash = (0..graph.len()).fold([0, 0], |h, r| add(h, mul(key(r), u64::from(col[r]) + 1)));
            prop_assert_eq!(p.hash(), hash);
            let comp_of = |r: usize| comps.iter().position(|c| c.contains(&r)).unwrap();
            for v in p.nodes() {
                prop_assert_eq!(p.colour(v), col[v]);
                let mut mine: Vec<usize> = bits::members(p.row(v)).map(comp_of).collect();
                mine.sort_unstable();
                let mut real: Vec<usize> = comps[comp_of(v)]
                    .iter()
                    .flat_map(|&r| graph.neighbours[r].iter().map(|&n| comp_of(n)))
                    .filter(|&c| c != comp_of(v))
                    .collect();
                real.sort_unstable();
                real.dedup();
                prop_assert_eq!(mine, real);
            }
        }
        for _ in 0..played {
            p.undo();
        }
        prop_assert_eq!((snapshot(&p), p.hash(), p.count), start);
    }

    #[test]
    fn a_position_and_its_mirror_images_hash_alike(
        half in prop::collection::vec(0u8..3, 12),
        moves in prop::collection::vec((0usize..24, 0u8..3), 1..8),
    ) {
        // 4 × 6 squares, each row its left half and that half mirrored.
        let cells: Vec<Option<u8>> =
            half.chunks(3).flat_map(|row| row.iter().chain(row.iter().rev()).map(|&c| Some(c))).collect();
        let board = Board::new(Tiling::Squares, 4, 6, cells, 6).unwrap();
        let graph = RegionGraph::new(&board);
        prop_assume!(graph.islands.len() == 1);
        let maps = crate::solver::symmetry::symmetries(&board, &graph);
        prop_assume!(!maps.is_empty(), "every region its own image");
        let mut p = Position::new(&graph, &graph.islands[0], true);
        p.hash_mirrors(&maps);
        // The plain model: the least over the position and its images of `Σ key(r) · (colour(r) + 1)`.
        let images = |col: &[Colour]| {
            let plain = |map: &dyn Fn(usize) -> usize| {
                (0..graph.len()).fold([0, 0], |h, r| add(h, mul(key(map(r)), u64::from(col[r]) + 1)))
            };
            maps.iter().fold(plain(&|r| r), |least, map| least.min(plain(&|r| map[r])))
        };
        let start = p.hash();
        prop_assert_eq!(start, images(&graph.colour));
        let mut col = graph.colour.clone();
        let mut played = 0;
        for (pick, colour) in moves {
            let Some(node) = recolouring(&p, pick, colour) else { continue };
            let after = p.hash_after(node, colour);
            for &r in components(&graph, &col).iter().find(|c| c.contains(&node)).unwrap() {
                col[r] = colour;
            }
            p.play(node, colour);
            played += 1;
            prop_assert_eq!(p.hash(), images(&col));
            prop_assert_eq!(p.hash(), after);
            // The image of the colouring hashes alike.
            for map in &maps {
                let mut image = col.clone();
                for r in 0..graph.len() {
                    image[map[r]] = col[r];
                }
                prop_assert_eq!(images(&image), images(&col));
            }
        }
        for _ in 0..played {
            p.undo();
        }
        prop_assert_eq!(p.hash(), start);
    }

    #[test]
    fn moves_that_commute_with_the_last_swap_with_it(
        cells in prop::collection::vec(0u8..3, 30),
        prefix in prop::collection::vec((0usize..30, 0u8..3), 0..4),
        pick in 0usize..100,
    ) {
        let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
        let merging = |p: &Position| recolourings(p).into_iter().filter(|&(v, c)| p.swallows(v, c) > 0).collect::<Vec<_>>();
        let first = merging(&p);
        prop_assume!(!first.is_empty());
        let (m, x) = first[pick % first.len()];
        let before = p.clone();
        p.play(m, x);
        let was = before.colour(m);
        let clear: Vec<_> = merging(&p).into_iter().filter(|&(v, c)| p.commutes_after(v, c, m, x, was)).collect();
        for (v, c) in clear {
            // The same move from before `M`, with the same key, and both orders meet.
            let mut other = before.clone();
            prop_assert_eq!(other.swallows(v, c), p.swallows(v, c));
            other.play(v, c);
            prop_assert_eq!(other.swallows(m, x), before.swallows(m, x));
            other.play(m, x);
            p.play(v, c);
            prop_assert_eq!((snapshot(&other), other.hash()), (snapshot(&p), p.hash()));
            p.undo();
        }
    }



}

proptest! {
    #[test]
    fn a_move_absorbs_exactly_where_it_only_folds_a_region_into_its_neighbour(
        cells in prop::collection::vec(0u8..3, 30),
        prefix in prop::collection::vec((0usize..30, 0u8..3), 0..4),
    ) {
        let Some(p) = connected_after(&cells, &prefix) else { return Ok(()) };
        for (v, c) in recolourings(&p).into_iter().filter(|&(v, c)| p.swallows(v, c) == 1) {
            let u = p.nodes().find(|&u| p.colour(u) == c && bits::has(p.row(v), u)).unwrap();
            // The position with `v` taken out and nothing else changed: `u`'s neighbours less
            // `v` for the region `v ∪ u` (which keeps `v`'s node), `v` for `u` elsewhere.
            let rename = |around: &[usize]| {
                let mut around: Vec<usize> = around.iter().map(|&w| if w == u { v } else { w }).collect();
                around.sort_unstable();
                around.dedup();
                around
            };
            let before = snapshot(&p);
            let of_u = before.iter().find(|(w, _, _)| *w == u).map(|(_, _, around)| around.clone()).unwrap();
            let folded: Vec<_> = before
                .iter()
                .filter(|(w, _, _)| *w != u)
                .map(|(w, colour, around)| match *w == v {
                    true => (v, c, of_u.iter().copied().filter(|&x| x != v).collect()),
                    false => (*w, *colour, rename(around)),
                })
                .collect();
            let mut after = p.clone();
            after.play(v, c);
            prop_assert_eq!(p.absorbs(v, c), snapshot(&after) == folded, "{} to {}", v, c);
        }
    }
}

/// The live node `pick` points at (counting round), if recolouring it to `colour` is a move.
fn recolouring(p: &Position, pick: usize, colour: Colour) -> Option<usize> {
    p.nodes().nth(pick % p.len()).filter(|&node| p.colour(node) != colour)
}

/// A 5 × 6 board of `cells` after the moves `prefix` (picks of a live region and a colour),
/// if it is one island.
pub(super) fn connected_after(cells: &[u8], prefix: &[(usize, Colour)]) -> Option<Position> {
    connected_after_on(5, 6, cells, prefix)
}

/// [`connected_after`] on a `rows × cols` board.
pub(super) fn connected_after_on(
    rows: usize,
    cols: usize,
    cells: &[u8],
    prefix: &[(usize, Colour)],
) -> Option<Position> {
    let (graph, mut p) = position(rows, cols, cells);
    if graph.islands.len() != 1 {
        return None;
    }
    for &(pick, colour) in prefix {
        let node = p.nodes().nth(pick % p.len()).unwrap();
        if p.colour(node) != colour && p.len() > 2 {
            p.play(node, colour);
        }
    }
    Some(p)
}

/// Every move of the three colours the property tests use: each live region to each colour
/// it does not have.
pub(super) fn recolourings(p: &Position) -> Vec<(usize, Colour)> {
    p.nodes().flat_map(|v| (0..3).map(move |c| (v, c))).filter(|&(v, c)| p.colour(v) != c).collect()
}

/// Whether colour `c` is gatherable (two regions or fewer, or some region touches them all), by
/// the definition.
pub(super) fn gatherable(p: &Position, c: usize) -> bool {
    let members: Vec<usize> = p.nodes().filter(|&v| usize::from(p.colour(v)) == c).collect();
    members.len() <= 2 || p.nodes().any(|r| members.iter().all(|&m| bits::has(p.row(r), m)))
}
