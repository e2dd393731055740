//! One island as the search sees it: its current regions, their colours and adjacency as bitsets,
//! moves that can be undone, the lower bounds, and a hash of the position.
//!
//! A current region is named by one of the original regions it contains (a *node*); a move keeps
//! the name of the region it recolours and retires the names of the regions it swallows.

mod colour;
mod gather;
mod gather_after;
mod printer;
mod rim;
mod schedule;
mod witness;

pub use colour::Beside;
pub use gather::Gathered;
pub use witness::Witness;

use super::bits;
use super::distance::Distances;
use super::graph::RegionGraph;
use crate::board::{Colour, MAX_COLOURS};
use colour::Tally;
use printer::Printer;
use schedule::ScheduleCache;

/// The words of a set of [`MAX_SEARCHED_REGIONS`](super::MAX_SEARCHED_REGIONS) regions, for the
/// fixed-size sets the bounds build on the stack.
const WORDS: usize = super::MAX_SEARCHED_REGIONS.div_ceil(64);

/// What a search must reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// One region, any colour.
    Any,
    /// One region of this colour.
    Colour(Colour),
}

impl Target {
    /// Whether a set of colours (bit `c` for colour `c`) is one colour, the target's if any.
    fn one_colour(self, colours: u32) -> bool {
        match self {
            Target::Any => colours.count_ones() == 1,
            Target::Colour(c) => colours == 1 << c,
        }
    }
}

/// What a move did, to undo it.
#[derive(Clone)]
struct Frame {
    node: usize,
    from: Colour,
    zsum: [u64; 2],
    hash: [u64; 2],
    /// Where this move's swallowed nodes start in `swallowed`.
    swallowed: usize,
    /// Where this move's saved rows start in `saved_rows` / `saved_nodes`.
    saved: usize,
}

/// An island in play.
#[derive(Clone)]
pub struct Position {
    words: usize,
    /// The original region (in the board's region graph) behind each node.
    region: Vec<usize>,
    alive: Vec<u64>,
    alive_count: usize,
    colour: Vec<Colour>,
    /// Each node's colour as a bit, `1 << colour`.
    colour_bit: Vec<u8>,
    /// `adj[node * words ..]`: the live nodes touching `node` (kept up to date for live nodes only).
    adj: Vec<u64>,
    /// `by_colour[c * words ..]`: the live nodes of colour `c`.
    by_colour: Vec<u64>,
    /// Live nodes of each colour.
    count: [u32; MAX_COLOURS],
    /// `count` as the colour bound sees it.
    tally: Tally,
    /// Per node, the sum of the hash keys of the original regions it holds.
    zsum: Vec<[u64; 2]>,
    hash: [u64; 2],
    /// Per mirror of the island (see [`Position::hash_mirrors`]), `n` rows: per node, the sum of
    /// the hash keys of the images of the original regions it holds.
    mirror_zsum: Vec<[u64; 2]>,
    /// Per mirror, the hash of the position's mirror image.
    mirror_hash: Vec<[u64; 2]>,
    /// Per move played and mirror, the moved node's `mirror_zsum` and the `mirror_hash` before.
    mirror_saved: Vec<([u64; 2], [u64; 2])>,
    frames: Vec<Frame>,
    swallowed: Vec<usize>,
    saved_nodes: Vec<usize>,
    saved_rows: Vec<u64>,
    /// All-pairs distances, for islands the search works on.
    distances: Option<Distances>,
    /// Scratch: a new adjacency row; the members of a star.
    row: Vec<u64>,
    star: Vec<usize>,
    /// Scratch for the colour schedule after a move: the regions picked far apart.
    apart: Vec<usize>,
    /// Colour schedules already worked out.
    schedules: ScheduleCache,
    /// Scratch for the printer bound.
    printer: Printer,
    /// Scratch for breadth-first searches (without `distances`): distances from two landmarks,
    /// and frontier sets.
    dist: [Vec<u32>; 2],
    visited: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
}

impl Position {
    /// The island made of `regions` (ascending ids in `graph`); `with_distances` keeps all-pairs
    /// distances (quadratic memory) for the search's radius bound.
    pub fn new(graph: &RegionGraph, regions: &[usize], with_distances: bool) -> Position {
        let n = regions.len();
        let words = bits::words_for(n);
        let local = |r: usize| regions.binary_search(&r).ok();
        let mut p = Position {
            words,
            region: regions.to_vec(),
            alive: vec![0; words],
            alive_count: n,
            colour: regions.iter().map(|&r| graph.colour[r]).collect(),
            colour_bit: regions.iter().map(|&r| 1 << graph.colour[r]).collect(),
            adj: vec![0; n * words],
            by_colour: vec![0; MAX_COLOURS * words],
            count: [0; MAX_COLOURS],
            tally: Tally::default(),
            zsum: regions.iter().map(|&r| key(r)).collect(),
            hash: [0; 2],
            mirror_zsum: Vec::new(),
            mirror_hash: Vec::new(),
            mirror_saved: Vec::new(),
            frames: Vec::new(),
            swallowed: Vec::new(),
            saved_nodes: Vec::new(),
            saved_rows: Vec::new(),
            distances: None,
            row: vec![0; words],
            star: Vec::new(),
            apart: Vec::new(),
            schedules: ScheduleCache::new(),
            printer: Printer::default(),
            dist: [vec![0; n], vec![0; n]],
            visited: vec![0; words],
            frontier: vec![0; words],
            next: vec![0; words],
        };
        for (i, &r) in regions.iter().enumerate() {
            bits::insert(&mut p.alive, i);
            let c = usize::from(p.colour[i]);
            bits::insert(&mut p.by_colour[c * words..(c + 1) * words], i);
            p.count[c] += 1;
            for m in graph.neighbours[r].iter().filter_map(|&m| local(m)) {
                bits::insert(&mut p.adj[i * words..(i + 1) * words], m);
            }
            p.hash = add(p.hash, mul(p.zsum[i], u64::from(p.colour[i]) + 1));
        }
        p.tally = Tally::of(&p.count);
        if with_distances {
            let lists: Vec<Vec<usize>> = (0..n).map(|i| bits::members(p.row(i)).collect()).collect();
            p.distances = Some(Distances::new(&lists));
        }
        p
    }

    /// Runs `f` with the distances set aside, neither kept up to date nor usable: for play that
    /// needs no distance bounds and takes back every move it makes.
    pub fn without_distances<T>(&mut self, f: impl FnOnce(&mut Position) -> T) -> T {
        let distances = self.distances.take();
        let out = f(self);
        self.distances = distances;
        out
    }

    /// The original region behind a node.
    pub fn region(&self, node: usize) -> usize {
        self.region[node]
    }

    /// The node named by an original region of the island, live or not.
    pub fn node_of(&self, region: usize) -> Option<usize> {
        self.region.binary_search(&region).ok()
    }

    /// Whether `node` names a current region (it has not been swallowed).
    pub fn is_live(&self, node: usize) -> bool {
        bits::has(&self.alive, node)
    }

    /// Number of current regions.
    pub fn len(&self) -> usize {
        self.alive_count
    }

    /// The live nodes.
    pub fn nodes(&self) -> impl Iterator<Item = usize> + '_ {
        bits::members(&self.alive)
    }

    /// The all-pairs distances, where the position keeps them.
    pub fn distances(&self) -> Option<&Distances> {
        self.distances.as_ref()
    }

    /// The live nodes as a set.
    pub fn alive(&self) -> &[u64] {
        &self.alive
    }

    /// A node's colour.
    pub fn colour(&self, node: usize) -> Colour {
        self.colour[node]
    }

    /// The colours of a node's neighbours, as a bit mask.
    pub fn neighbour_colours(&self, node: usize) -> u32 {
        let row = self.row(node);
        (0..MAX_COLOURS).filter(|&c| bits::meets(row, self.class(c))).fold(0, |m, c| m | 1 << c)
    }

    /// How many neighbours of `node` have each colour: what recolouring it to that colour swallows.
    pub fn neighbours_by_colour(&self, node: usize) -> [u32; MAX_COLOURS] {
        // Tallied over the neighbours, which are few: cheaper than a count per colour over
        // the row's words where the processor has no population count (x86-64's baseline).
        let mut around = [0; MAX_COLOURS];
        for v in bits::members(self.row(node)) {
            around[usize::from(self.colour[v])] += 1;
        }
        around
    }

    /// Each colour's regions after recolouring `node` to `colour`, which swallows `swallowed`.
    fn counts_after(&self, node: usize, colour: Colour, swallowed: usize) -> [u32; MAX_COLOURS] {
        let (x, y) = (usize::from(colour), usize::from(self.colour[node]));
        let mut counts = self.count;
        counts[y] -= 1;
        counts[x] = counts[x] + 1 - swallowed as u32;
        counts
    }

    /// How many regions recolouring `node` to `colour` swallows.
    pub fn swallows(&self, node: usize, colour: Colour) -> usize {
        let row = self.row(node);
        self.class(usize::from(colour)).iter().zip(row).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }

    /// Whether recolouring `node` to `colour` *absorbs* it: `node` has one neighbour `u` of that
    /// colour, and every other neighbour of `node` touches `u` (a leaf, a region of one
    /// neighbour, is the simplest case). The move then removes `node` and changes nothing else:
    /// `u ∪ node` has `u`'s colour, and its neighbours are `u`'s but `node` (those of `node`
    /// touched `u` already), so every other region keeps its neighbours (`u ∪ node` in place of
    /// `u` or `node`). See "Absorbing moves" in `search.rs`.
    pub fn absorbs(&self, node: usize, colour: Colour) -> bool {
        let (row, class) = (self.row(node), self.class(usize::from(colour)));
        let mut into = None;
        for (i, (r, c)) in row.iter().zip(class).enumerate() {
            let w = r & c;
            if w != 0 {
                if into.is_some() || w & (w - 1) != 0 {
                    return false;
                }
                into = Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        let Some(u) = into else { return false };
        row.iter().zip(self.row(u)).enumerate().all(|(i, (&r, &ur))| r & !ur & !bits::word_of(u, i) == 0)
    }

    /// Whether recolouring `node` to `colour` commutes with the move that just recoloured `last`
    /// from colour `was` to `to`: played in either order from the position before that move,
    /// both merge, swallow the same regions (so keep their keys) and end in the same position.
    /// That holds where `node` is not `last` and either `colour` is neither `to` nor `was`, or
    /// `node` does not touch `last`.
    ///
    /// Proof. Let the last move recolour `r` (of colour `was`) to `to`, swallowing `S` (regions of
    /// colour `to` beside `r`), and let the other move recolour `v ≠ r` to `c`, swallowing `C`
    /// (regions of colour `c` beside `v`). Regions are maximal, so no two of one colour touch.
    /// - If `c ∉ {to, was}`: the last move changed no region of colour `c` and made none, so `v`
    ///   has the same neighbours of colour `c` before it; `r` (colour `was`) is not among them.
    ///   The other move makes regions of colour `c ≠ to` only, and `v` was not in `S` (it is
    ///   still a region), so `r` keeps its neighbours of colour `to` after it.
    /// - If `v` does not touch the region `last` made (`r` and `S`): no region of `C` touches it
    ///   either where `c = to` (one would be part of it), and where `c = was` none is `r` and none
    ///   touches `r` (it would be `r`'s colour). So each move swallows the same regions in either
    ///   order.
    ///
    /// In both cases the two stars are disjoint and each move recolours only its own, so both
    /// orders end with `r ∪ S` of colour `to` and `v ∪ C` of colour `c`. (Only moves whose stars
    /// did not touch were taken to commute before 2026-11-30: see the search's "Commuting moves".)
    pub fn commutes_after(&self, node: usize, colour: Colour, last: usize, to: Colour, was: Colour) -> bool {
        node != last && ((colour != to && colour != was) || !bits::has(self.row(last), node))
    }

    /// Whether the island is done: one region, of the target colour if there is one.
    pub fn is_goal(&self, target: Target) -> bool {
        self.alive_count == 1
            && match target {
                Target::Any => true,
                Target::Colour(d) => self.count[usize::from(d)] == 1,
            }
    }

    /// A 128-bit hash of the position (which colour every original region has), the same for
    /// the position and its mirror images once [`Position::hash_mirrors`] has told it the
    /// island's mirrors: the least of their hashes.
    pub fn hash(&self) -> [u64; 2] {
        self.mirror_hash.iter().fold(self.hash, |least, &h| least.min(h))
    }

    /// The hash the position would have after recolouring `node` to `colour`, without playing it.
    pub fn hash_after(&self, node: usize, colour: Colour) -> [u64; 2] {
        let change = u64::from(colour).wrapping_sub(u64::from(self.colour[node]));
        let n = self.region.len();
        let image = |k: usize| add(self.mirror_hash[k], mul(self.mirror_zsum[k * n + node], change));
        (0..self.mirror_hash.len()).fold(add(self.hash, mul(self.zsum[node], change)), |least, k| least.min(image(k)))
    }

    /// Makes [`Position::hash`] the same for the position and its images under `mirrors`, each
    /// a map of the start's nodes that keeps their colours and adjacency (see `symmetry.rs`). A
    /// mirror image needs as many moves as the position (play the moves' images), so the search
    /// may keep what it learns of either under one hash. Called at the start, before any move.
    ///
    /// The hash is `Σ key(r) · (colour(r) + 1)` over original regions `r`; the image's, where
    /// region `map(r)` has `r`'s colour, is `Σ key(map(r)) · (colour(r) + 1)`, kept up to date
    /// the same way with each node's sum of its regions' images' keys.
    pub fn hash_mirrors(&mut self, mirrors: &[Vec<usize>]) {
        debug_assert!(self.frames.is_empty(), "mirrors are told at the start");
        self.mirror_zsum = mirrors.iter().flat_map(|map| map.iter().map(|&image| key(self.region[image]))).collect();
        let n = self.region.len();
        self.mirror_hash = (0..mirrors.len())
            .map(|k| {
                let weighted = |v: usize| mul(self.mirror_zsum[k * n + v], u64::from(self.colour[v]) + 1);
                self.nodes().fold([0, 0], |h, v| add(h, weighted(v)))
            })
            .collect();
    }

    /// Recolours `node` to `colour`, swallowing its neighbours of that colour.
    pub fn play(&mut self, node: usize, colour: Colour) {
        let w = self.words;
        let (x, y) = (usize::from(colour), usize::from(self.colour[node]));
        let first = self.swallowed.len();
        self.frames.push(Frame {
            node,
            from: self.colour[node],
            zsum: self.zsum[node],
            hash: self.hash,
            swallowed: first,
            saved: self.saved_nodes.len(),
        });
        self.saved_nodes.push(node);
        self.saved_rows.extend_from_slice(&self.adj[node * w..(node + 1) * w]);
        for m in bits::members(&self.adj[node * w..(node + 1) * w]) {
            if self.colour[m] == colour {
                self.swallowed.push(m);
            }
        }
        // The new row: the node's and its swallowed neighbours' rows, minus themselves.
        self.row.copy_from_slice(&self.adj[node * w..(node + 1) * w]);
        for &m in &self.swallowed[first..] {
            for i in 0..w {
                self.row[i] |= self.adj[m * w + i];
            }
            bits::remove(&mut self.alive, m);
            bits::remove(&mut self.by_colour[x * w..(x + 1) * w], m);
            self.zsum[node] = add(self.zsum[node], self.zsum[m]);
        }
        for &m in &self.swallowed[first..] {
            bits::remove(&mut self.row, m);
        }
        bits::remove(&mut self.row, node);
        // Neighbours of swallowed regions now touch `node` instead.
        for v in bits::members(&self.row) {
            let row = &mut self.adj[v * w..(v + 1) * w];
            if self.swallowed[first..].iter().any(|&m| bits::has(row, m)) {
                self.saved_nodes.push(v);
                self.saved_rows.extend_from_slice(row);
                for &m in &self.swallowed[first..] {
                    bits::remove(row, m);
                }
                bits::insert(row, node);
            }
        }
        self.adj[node * w..(node + 1) * w].copy_from_slice(&self.row);
        let eaten = (self.swallowed.len() - first) as u32;
        bits::remove(&mut self.by_colour[y * w..(y + 1) * w], node);
        bits::insert(&mut self.by_colour[x * w..(x + 1) * w], node);
        self.count[y] -= 1;
        self.count[x] = self.count[x] + 1 - eaten;
        self.tally.set(y, self.count[y]);
        self.tally.set(x, self.count[x]);
        self.alive_count -= eaten as usize;
        self.colour[node] = colour;
        self.colour_bit[node] = 1 << colour;
        let moved = self.frames.last().expect("pushed above").zsum;
        let change = (x as u64).wrapping_sub(y as u64);
        self.hash = add(self.hash, mul(moved, change));
        let n = self.region.len();
        for (k, hash) in self.mirror_hash.iter_mut().enumerate() {
            let zsum = &mut self.mirror_zsum[k * n..(k + 1) * n];
            self.mirror_saved.push((zsum[node], *hash));
            *hash = add(*hash, mul(zsum[node], change));
            for &m in &self.swallowed[first..] {
                zsum[node] = add(zsum[node], zsum[m]);
            }
        }
        if let Some(d) = &mut self.distances {
            self.star.clear();
            self.star.push(node);
            self.star.extend_from_slice(&self.swallowed[first..]);
            d.contract(&self.star, node);
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        let w = self.words;
        let frame = self.frames.pop().expect("undo follows play");
        let (node, x, y) = (frame.node, usize::from(self.colour[frame.node]), usize::from(frame.from));
        for (i, v) in self.saved_nodes.drain(frame.saved..).enumerate() {
            self.adj[v * w..(v + 1) * w].copy_from_slice(&self.saved_rows[frame.saved * w + i * w..][..w]);
        }
        self.saved_rows.truncate(frame.saved * w);
        let eaten = self.swallowed.len() - frame.swallowed;
        for m in self.swallowed.drain(frame.swallowed..) {
            bits::insert(&mut self.alive, m);
            bits::insert(&mut self.by_colour[x * w..(x + 1) * w], m);
        }
        bits::remove(&mut self.by_colour[x * w..(x + 1) * w], node);
        bits::insert(&mut self.by_colour[y * w..(y + 1) * w], node);
        self.count[x] = self.count[x] + eaten as u32 - 1;
        self.count[y] += 1;
        self.tally.set(x, self.count[x]);
        self.tally.set(y, self.count[y]);
        self.alive_count += eaten;
        self.colour[node] = frame.from;
        self.colour_bit[node] = 1 << frame.from;
        self.zsum[node] = frame.zsum;
        self.hash = frame.hash;
        let n = self.region.len();
        for k in (0..self.mirror_hash.len()).rev() {
            let (zsum, hash) = self.mirror_saved.pop().expect("saved by play");
            self.mirror_zsum[k * n + node] = zsum;
            self.mirror_hash[k] = hash;
        }
        if let Some(d) = &mut self.distances {
            d.undo();
        }
    }

    /// Fills `star` with `node` and its neighbours of `colour`: what recolouring it contracts.
    fn fill_star(&mut self, node: usize, colour: Colour) {
        self.star.clear();
        self.star.push(node);
        let class = &self.by_colour[usize::from(colour) * self.words..(usize::from(colour) + 1) * self.words];
        let row = &self.adj[node * self.words..(node + 1) * self.words];
        for (w, (a, b)) in row.iter().zip(class).enumerate() {
            let mut both = a & b;
            while both != 0 {
                self.star.push(w * 64 + both.trailing_zeros() as usize);
                both &= both - 1;
            }
        }
    }

    /// `node` and its neighbours of `colour`, as a set: the star that recolouring it contracts
    /// (see [`Position::fill_star`] for it as a list).
    fn star_set(&self, node: usize, colour: Colour) -> [u64; WORDS] {
        let mut star = [0; WORDS];
        let (row, class) = (self.row(node), self.class(usize::from(colour)));
        star.iter_mut().zip(row.iter().zip(class)).for_each(|(s, (r, c))| *s = r & c);
        bits::insert(&mut star, node);
        star
    }

    /// The live regions touching some region of `set`, as a set (those of `set` among them
    /// where they touch each other).
    fn touching(&self, set: &[u64]) -> [u64; WORDS] {
        let mut around = [0; WORDS];
        for v in bits::members(&set[..self.words]) {
            around.iter_mut().zip(self.row(v)).for_each(|(a, r)| *a |= r);
        }
        around
    }

    /// The position's lower bound without searching: the colour schedule and the rim bound where
    /// it keeps distances, else the colour bound and a floor on the radius.
    pub fn lower_bound(&mut self, target: Target) -> u32 {
        if self.distances.is_some() {
            self.colour_schedule(target, &mut Witness::default()).max(self.rim_bound(target))
        } else {
            self.colour_bound(target).max(self.radius_floor())
        }
    }

    /// Up to `count` nodes of smallest eccentricity where the position keeps distances, ties (and
    /// positions without distances) going to the smallest estimate `max(d(a, v), d(b, v))` for
    /// two far apart nodes `a` and `b` found by a double sweep (three breadth-first searches).
    /// The estimate alone missed the true centre of ring-like boards, whose lines from it are
    /// the short ones.
    pub fn central_nodes(&mut self, count: usize) -> Vec<usize> {
        let Some(start) = self.nodes().next() else { return Vec::new() };
        let (_, a) = self.bfs(start, 0);
        let (_, b) = self.bfs(a, 0);
        self.bfs(b, 1);
        let ecc = |v: usize| self.distances.as_ref().map_or(0, |d| d.eccentricity(v));
        let mut nodes: Vec<(u32, u32, usize)> =
            self.nodes().map(|v| (ecc(v), self.dist[0][v].max(self.dist[1][v]), v)).collect();
        nodes.sort_unstable();
        nodes.into_iter().take(count).map(|(_, _, v)| v).collect()
    }

    /// Breadth-first distances from `source` into `dist[slot]`; returns the eccentricity and a
    /// farthest node.
    fn bfs(&mut self, source: usize, slot: usize) -> (u32, usize) {
        let w = self.words;
        self.visited.fill(0);
        self.frontier.fill(0);
        bits::insert(&mut self.visited, source);
        bits::insert(&mut self.frontier, source);
        self.dist[slot][source] = 0;
        let (mut depth, mut far) = (0, source);
        loop {
            self.next.fill(0);
            for u in bits::members(&self.frontier) {
                for i in 0..w {
                    self.next[i] |= self.adj[u * w + i];
                }
            }
            for i in 0..w {
                self.next[i] &= !self.visited[i];
                self.visited[i] |= self.next[i];
            }
            if self.next.iter().all(|&x| x == 0) {
                return (depth, far);
            }
            depth += 1;
            for v in bits::members(&self.next) {
                self.dist[slot][v] = depth;
                far = v;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
    }

    /// Words in a set of nodes.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The live nodes touching a live node, as a set.
    pub fn row_of(&self, node: usize) -> &[u64] {
        self.row(node)
    }

    /// The live nodes of a colour, as a set.
    pub fn class_of(&self, colour: Colour) -> &[u64] {
        self.class(usize::from(colour))
    }

    fn row(&self, node: usize) -> &[u64] {
        &self.adj[node * self.words..(node + 1) * self.words]
    }

    fn class(&self, colour: usize) -> &[u64] {
        &self.by_colour[colour * self.words..(colour + 1) * self.words]
    }
}

/// The hash key of an original region: two SplitMix64 outputs, fixed for every run and platform.
fn key(region: usize) -> [u64; 2] {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let seed = (region as u64).wrapping_mul(2).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    [mix(seed), mix(seed ^ 0xD1B5_4A32_D192_ED03)]
}

fn add(a: [u64; 2], b: [u64; 2]) -> [u64; 2] {
    [a[0].wrapping_add(b[0]), a[1].wrapping_add(b[1])]
}

fn mul(a: [u64; 2], k: u64) -> [u64; 2] {
    [a[0].wrapping_mul(k), a[1].wrapping_mul(k)]
}

#[cfg(test)]
mod tests;
