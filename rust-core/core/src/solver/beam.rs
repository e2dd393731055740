//! The first answer: a beam search over single-blob lines, which flood the island outward from
//! one region, each move recolouring the growing blob to a colour on its border.
//!
//! Every blob at a depth is scored by what it must still do, `max(eccentricity, colours left −
//! 1)` (the layers of regions around it, each needing a move, and the colours still to remove),
//! and only the best `width` blobs are grown further, the larger first among equals. Where the
//! position keeps distances, each blob carries every region's distance to it, and a child's is
//! the least of its parent's and the rows of the regions it swallowed: a byte-wise pass per
//! region swallowed instead of a breadth-first search per child (the first answer on
//! `10-mandala/vortex` 143 M instructions to 46 M, the same lines). Blobs start
//! from the island's most central regions, all in one beam, and the widths grow from a few blobs
//! to a few hundred while the work stays within a fixed number of blob growths: the answer
//! depends on the island alone, never on the clock, so the generator and the daily puzzle stay
//! the same on every device. The line is an upper bound only; the search proves it or finds a
//! shorter one.

use super::bits;
use super::distance::Distances;
use super::island::SMALL_ISLAND;
use super::position::Position;
use crate::board::{Colour, MAX_COLOURS};

/// Blob growths (children scored) the first answer may spend on an island of more than
/// [`SMALL_ISLAND`] regions, which no search improves before the proof: about 10 ms on 175
/// regions, 2–6 ms on 60–100. Until 2026-12-01 such an island got the square of its regions
/// (4,096 to 40,000), and those of 60–110 regions, the size of most hand-made KAMI 2 levels,
/// 4,096 to 12,100. The full work there, measured on the 16 stripes cropped to their middle 14
/// rows (60–75 regions, 13 of them proven within 2 minutes): 15 first answers at the best line
/// known instead of 12, the worst one over instead of two (`stripes-dense-6`, 14 to 12); on 96
/// crops of 12–18 rows of the stripes and speckled boards (`kami bench DIR --time 1`), 81 at
/// the best line known instead of 80, none two over instead of one. The hard corpus's first answers
/// and the shipped levels' are the same, the generated levels and dailies byte for byte.
const WORK: usize = 40_000;

/// Blob growths the first answer spends on an island of at most [`SMALL_ISLAND`] regions, where
/// a short search of its own improves the line (`island.rs`). With [`WORK`] there too, the
/// first answers of the eight organic boards of the hard corpus (34–45 regions) were the same
/// lines in up to twice the time (`organic-4` 1.6 ms to 3.7).
const SMALL_WORK: usize = 4_096;

/// Beam widths tried in turn, while the work allows.
const WIDTHS: [usize; 5] = [4, 16, 64, 256, 1024];

/// Regions the first answer's beams start from (the most central ones). 64, not 8, in the same
/// work: on the hard corpus 43 first answers at the best line known instead of 39, and all 56
/// within one move instead of 55; 134 of the 151 shipped levels at par instead of 127. (16
/// seeds: 40 and 55; 32: 41 and 56; 128 or every region: as 64.)
const SEEDS: usize = 64;

/// The shortest single-blob line the beams found for `pos` ending in each colour (indexed by
/// colour), as `(region, colour)` moves: the blob keeps the name of the region it grew from.
/// Stops widening once a line of `enough` moves is in hand (the lower bound, or all a caller
/// asks). Empty for an island of one region.
pub fn first_answer(pos: &mut Position, enough: usize) -> Lines {
    first_answer_counted(pos, enough).0
}

/// [`first_answer`] with the blob growths it spent.
pub fn first_answer_counted(pos: &mut Position, enough: usize) -> (Lines, usize) {
    let mut best: Lines = Default::default();
    if pos.len() <= 1 {
        return (best, 0);
    }
    let seeds = pos.central_nodes(SEEDS);
    let beam = Beam::new(pos);
    let work = work(pos.len());
    let mut spent = 0;
    for width in WIDTHS {
        let shortest = best.iter().flatten().map(Vec::len).min().unwrap_or(usize::MAX);
        if spent >= work || shortest <= enough {
            break;
        }
        // Lines ending in another colour help only where they are as short as the best.
        spent += beam.run(&seeds, width, shortest, work - spent, &mut best);
    }
    (best, spent)
}

/// The blob growths the first answer may spend on an island of `regions` regions.
fn work(regions: usize) -> usize {
    if regions > SMALL_ISLAND { WORK } else { SMALL_WORK }
}

/// A line per final colour, where one was found.
pub type Lines = [Option<Vec<(usize, Colour)>>; MAX_COLOURS];

/// The island as the beam sees it: fixed adjacency and colours, each blob a set of its nodes.
struct Beam<'a> {
    pos: &'a Position,
    words: usize,
}

/// The blobs kept at one depth: flat rows of `words` for their nodes and their borders.
#[derive(Default)]
struct Level {
    cells: Vec<u64>,
    border: Vec<u64>,
    /// Each region's distance to the blob, a padded row of distances per blob, where the
    /// position keeps them.
    to_blob: Vec<u8>,
    /// Per blob: its colour, the region it grew from, and the blob at the depth before it
    /// grew from (with the colour of that move being its own colour).
    meta: Vec<(Colour, usize, usize)>,
}

/// A child being scored: its score, its size (larger first), a hash to break ties and merge
/// equal blobs, and where it lies among the candidates.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    score: u32,
    smaller: u32,
    hash: u64,
    index: usize,
}

impl<'a> Beam<'a> {
    fn new(pos: &'a Position) -> Beam<'a> {
        Beam { pos, words: pos.words() }
    }

    /// One beam of `width` from `seeds`, for lines of at most `limit` moves, stopping after
    /// `work` blob growths: records in `best` each line shorter than the one it holds for its
    /// final colour, and returns the work done.
    fn run(&self, seeds: &[usize], width: usize, limit: usize, work: usize, best: &mut Lines) -> usize {
        let w = self.words;
        let distances = self.pos.distances();
        let n = distances.map_or(0, |d| d.padded_row(0).len());
        let mut levels: Vec<Level> = Vec::new();
        let mut level = Level::default();
        for &s in seeds {
            let mut cells = vec![0; w];
            bits::insert(&mut cells, s);
            level.border.extend(self.pos.row_of(s));
            level.cells.extend(cells);
            level.meta.push((self.pos.colour(s), s, usize::MAX));
            if let Some(d) = distances {
                level.to_blob.extend(d.padded_row(s));
            }
        }
        let mut done = 0;
        let (mut grown, mut border, mut to_blob) = (vec![0; w], vec![0; w], vec![0; n]);
        let mut scratch = [vec![0; w], vec![0; w], vec![0; w]];
        for depth in 1..=limit {
            // Candidates: (parent, colour) with their keys.
            let mut keys: Vec<Key> = Vec::new();
            let mut moves: Vec<(usize, Colour)> = Vec::new();
            let mut finished = Vec::new();
            for (i, &(colour, _, _)) in level.meta.iter().enumerate() {
                let (cells, edge) = (&level.cells[i * w..][..w], &level.border[i * w..][..w]);
                for c in 0..MAX_COLOURS as Colour {
                    if c == colour || !bits::meets(edge, self.pos.class_of(c)) {
                        continue;
                    }
                    done += 1;
                    let layers = match distances {
                        Some(d) => {
                            self.swallow(cells, edge, c, &mut grown);
                            Self::to_blob(d, &level.to_blob[i * n..][..n], cells, &grown, &mut to_blob);
                            d.farthest(&to_blob)
                        }
                        None => {
                            self.grow(cells, edge, c, &mut grown, &mut border);
                            self.eccentricity(&grown, &border, &mut scratch)
                        }
                    };
                    if layers == 0 {
                        // The whole island, in as few moves as this beam makes.
                        finished.push((i, c));
                        continue;
                    }
                    let score = layers.max(self.colours_left(&grown, c) - 1);
                    let size: u32 = grown.iter().map(|x| x.count_ones()).sum();
                    let hash = grown.iter().fold(u64::from(c), |h, &x| (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    keys.push(Key { score: score + depth as u32, smaller: u32::MAX - size, hash, index: moves.len() });
                    moves.push((i, c));
                }
            }
            if !finished.is_empty() {
                levels.push(level);
                for (i, c) in finished {
                    if best[usize::from(c)].as_ref().is_none_or(|b| b.len() > depth) {
                        best[usize::from(c)] = Some(self.line(&levels, i, c, depth));
                    }
                }
                return done;
            }
            if done >= work {
                break;
            }
            keys.sort_unstable();
            keys.dedup_by_key(|k| k.hash);
            let mut next = Level::default();
            for k in keys.iter().take(width) {
                if k.score as usize > limit {
                    break;
                }
                let (i, c) = moves[k.index];
                let cells = &level.cells[i * w..][..w];
                self.grow(cells, &level.border[i * w..][..w], c, &mut grown, &mut border);
                if let Some(d) = distances {
                    Self::to_blob(d, &level.to_blob[i * n..][..n], cells, &grown, &mut to_blob);
                    next.to_blob.extend_from_slice(&to_blob);
                }
                next.cells.extend_from_slice(&grown);
                next.border.extend_from_slice(&border);
                next.meta.push((c, level.meta[i].1, i));
            }
            if next.meta.is_empty() {
                break;
            }
            levels.push(std::mem::replace(&mut level, next));
        }
        done
    }

    /// The blob `cells` (with border `edge`) recoloured to `c`: it swallows its border regions
    /// of colour `c`, into `grown`, with the new border in `border`.
    fn grow(&self, cells: &[u64], edge: &[u64], c: Colour, grown: &mut [u64], border: &mut [u64]) {
        self.swallow(cells, edge, c, grown);
        let class = self.pos.class_of(c);
        for i in 0..self.words {
            border[i] = edge[i] & !class[i];
        }
        for w in 0..self.words {
            let mut added = edge[w] & class[w];
            while added != 0 {
                let v = w * 64 + added.trailing_zeros() as usize;
                added &= added - 1;
                for (b, &r) in border.iter_mut().zip(self.pos.row_of(v)) {
                    *b |= r;
                }
            }
        }
        for (b, &g) in border.iter_mut().zip(grown.iter()) {
            *b &= !g;
        }
    }

    /// The blob `cells` (with border `edge`) recoloured to `c`, into `grown`: with its border
    /// regions of colour `c`.
    fn swallow(&self, cells: &[u64], edge: &[u64], c: Colour, grown: &mut [u64]) {
        let class = self.pos.class_of(c);
        for i in 0..self.words {
            grown[i] = cells[i] | (edge[i] & class[i]);
        }
    }

    /// Each region's distance to the blob `grown`, into `to_blob`: the least of its distance to
    /// the blob it grew from (`cells`, with distances `parent`) and to each region it swallowed,
    /// as a shortest path to a set ends at its nearest member.
    fn to_blob(d: &Distances, parent: &[u8], cells: &[u64], grown: &[u64], to_blob: &mut [u8]) {
        to_blob.copy_from_slice(parent);
        for (w, (&g, &c)) in grown.iter().zip(cells).enumerate() {
            let mut added = g & !c;
            while added != 0 {
                let v = w * 64 + added.trailing_zeros() as usize;
                added &= added - 1;
                to_blob.iter_mut().zip(d.padded_row(v)).for_each(|(t, &r)| *t = (*t).min(r));
            }
        }
    }

    /// The layers of regions around a blob (its eccentricity as one region), each needing a move
    /// of the blob to reach it, by a breadth-first search: for positions without distances,
    /// where it equals [`Distances::farthest`] of [`Beam::to_blob`].
    fn eccentricity(&self, cells: &[u64], border: &[u64], [seen, frontier, scratch]: &mut [Vec<u64>; 3]) -> u32 {
        for ((s, f), (&c, &b)) in seen.iter_mut().zip(frontier.iter_mut()).zip(cells.iter().zip(border)) {
            *s = c | b;
            *f = b;
        }
        let mut layers = 0;
        while frontier.iter().any(|&x| x != 0) {
            layers += 1;
            scratch.fill(0);
            for v in bits::members(frontier) {
                for (s, &r) in scratch.iter_mut().zip(self.pos.row_of(v)) {
                    *s |= r;
                }
            }
            for ((f, s), seen) in frontier.iter_mut().zip(scratch.iter()).zip(seen.iter_mut()) {
                *f = s & !*seen;
                *seen |= *f;
            }
        }
        layers
    }

    /// Colours on the island with the blob recoloured to `c`.
    fn colours_left(&self, cells: &[u64], c: Colour) -> u32 {
        let outside = |d: Colour| self.pos.class_of(d).iter().zip(cells).any(|(k, b)| k & !b != 0);
        (0..MAX_COLOURS as Colour).filter(|&d| d == c || outside(d)).count() as u32
    }

    /// The moves that lead to blob `i` of the last level grown to `c`.
    fn line(&self, levels: &[Level], mut i: usize, c: Colour, depth: usize) -> Vec<(usize, Colour)> {
        let seed = levels.last().expect("a level").meta[i].1;
        let mut colours = vec![c];
        for level in levels.iter().rev() {
            let (colour, _, parent) = level.meta[i];
            if parent == usize::MAX {
                break;
            }
            colours.push(colour);
            i = parent;
        }
        debug_assert_eq!(colours.len(), depth);
        colours.into_iter().rev().map(|c| (self.pos.region(seed), c)).collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::solver::graph::RegionGraph;

    /// The one island of a level file of the hard corpus, with distances, as the search sees it.
    pub(in crate::solver) fn bench_island(source: &str) -> Position {
        let level = crate::level_file::parse_level("s", "s.toml", source).expect("a bench level");
        let graph = RegionGraph::new(level.board());
        Position::new(&graph, &graph.islands[0], true)
    }

    #[test]
    fn layers_from_distances_match_a_breadth_first_search() {
        // On a speckled board as dealt and after moves have contracted it, blobs grown at random
        // from random seeds: the distance rows' farthest region is as many layers away as a
        // breadth-first search from the blob finds.
        let mut pos = bench_island(include_str!("../../../cli/bench/2-speckled/organic-speckled-8.toml"));
        let mut random = crate::random::Random::new(8);
        for round in 0..4 {
            let beam = Beam::new(&pos);
            let (d, w) = (pos.distances().expect("distances"), pos.words());
            let nodes: Vec<usize> = pos.nodes().collect();
            let mut scratch = [vec![0; w], vec![0; w], vec![0; w]];
            for _ in 0..20 {
                let seed = nodes[random.below(nodes.len())];
                let (mut cells, mut edge) = (vec![0; w], pos.row_of(seed).to_vec());
                bits::insert(&mut cells, seed);
                let mut to_blob = d.padded_row(seed).to_vec();
                let (mut grown, mut border, mut next) = (vec![0; w], vec![0; w], vec![0; to_blob.len()]);
                while edge.iter().any(|&x| x != 0) {
                    let border_nodes: Vec<usize> = bits::members(&edge).collect();
                    let c = pos.colour(border_nodes[random.below(border_nodes.len())]);
                    beam.grow(&cells, &edge, c, &mut grown, &mut border);
                    Beam::to_blob(d, &to_blob, &cells, &grown, &mut next);
                    assert_eq!(d.farthest(&next), beam.eccentricity(&grown, &border, &mut scratch));
                    (cells, edge, to_blob) = (grown.clone(), border.clone(), next.clone());
                }
            }
            // Contract the board a little for the next round.
            for _ in 0..=round {
                let node = pos.nodes().nth(random.below(pos.len())).expect("a node");
                let neighbour = bits::members(pos.row_of(node)).next().expect("a neighbour");
                pos.play(node, pos.colour(neighbour));
            }
        }
    }

    #[test]
    fn beams_grown_off_the_centre_find_a_dense_striped_boards_best_line() {
        // stripes-dense-7 of the hard corpus: its best line known, 16 moves, is a single blob from
        // row 17, off the centre; grown from the 8 most central regions, the beams found 18.
        let mut pos = bench_island(include_str!("../../../cli/bench/5-dense-stripes/stripes-dense-7.toml"));
        let shortest = first_answer(&mut pos, 0).into_iter().flatten().map(|line| line.len()).min();
        assert_eq!(shortest, Some(16));
    }
}
