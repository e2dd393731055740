//! One island as the search sees it: its current regions, their colours and adjacency as bitsets,
//! moves that can be undone, the lower bounds, and a hash of the position.
//!
//! A current region is named by one of the original regions it contains (a *node*); a move keeps
//! the name of the region it recolours and retires the names of the regions it swallows.

use super::bits;
use super::distance::{Centres, Distances};
use super::graph::RegionGraph;
use crate::board::{Colour, MAX_COLOURS};

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
    frames: Vec<Frame>,
    swallowed: Vec<usize>,
    saved_nodes: Vec<usize>,
    saved_rows: Vec<u64>,
    /// All-pairs distances, for islands the search works on.
    distances: Option<Distances>,
    /// Scratch: a new adjacency row; the members of a star.
    row: Vec<u64>,
    star: Vec<usize>,
    /// Scratch for the colour schedule: one colour's regions, and those picked far apart.
    members: Vec<usize>,
    apart: Vec<usize>,
    /// Colour schedules already worked out.
    schedules: ScheduleCache,
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
            frames: Vec::new(),
            swallowed: Vec::new(),
            saved_nodes: Vec::new(),
            saved_rows: Vec::new(),
            distances: None,
            row: vec![0; words],
            star: Vec::new(),
            members: Vec::new(),
            apart: Vec::new(),
            schedules: ScheduleCache::new(),
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

    /// Number of current regions.
    pub fn len(&self) -> usize {
        self.alive_count
    }

    /// The live nodes.
    pub fn nodes(&self) -> impl Iterator<Item = usize> + '_ {
        bits::members(&self.alive)
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

    /// How many regions recolouring `node` to `colour` swallows.
    pub fn swallows(&self, node: usize, colour: Colour) -> usize {
        let row = self.row(node);
        self.class(usize::from(colour)).iter().zip(row).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }

    /// Whether two live nodes touch.
    pub fn touches(&self, a: usize, b: usize) -> bool {
        bits::has(self.row(a), b)
    }

    /// Whether `other` is the only neighbour of `node` that has `colour`.
    pub fn only_neighbour_of_colour(&self, node: usize, colour: Colour, other: usize) -> bool {
        let class = self.class(usize::from(colour));
        self.row(node).iter().zip(class).enumerate().all(|(w, (a, b))| {
            let expected = if other / 64 == w { 1u64 << (other % 64) } else { 0 };
            a & b == expected
        })
    }

    /// Whether the island is done: one region, of the target colour if there is one.
    pub fn is_goal(&self, target: Target) -> bool {
        self.alive_count == 1
            && match target {
                Target::Any => true,
                Target::Colour(d) => self.count[usize::from(d)] == 1,
            }
    }

    /// A 128-bit hash of the position (which colour every original region has).
    pub fn hash(&self) -> [u64; 2] {
        self.hash
    }

    /// The hash the position would have after recolouring `node` to `colour`, without playing it.
    pub fn hash_after(&self, node: usize, colour: Colour) -> [u64; 2] {
        let change = u64::from(colour).wrapping_sub(u64::from(self.colour[node]));
        add(self.hash, mul(self.zsum[node], change))
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
        self.hash = add(self.hash, mul(moved, (x as u64).wrapping_sub(y as u64)));
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
        if let Some(d) = &mut self.distances {
            d.undo();
        }
    }

    /// The colour lower bound. Each move recolours one region, so it can remove at most one colour
    /// from the board, and only a colour held by that one region. Every colour but the final one
    /// must go; if none of them is a single region yet, the first move cannot remove any.
    pub fn colour_bound(&self, target: Target) -> u32 {
        self.tally.bound(target)
    }

    /// The colour-schedule bound, the colour bound made stronger by distances. Every colour but
    /// the final one must vanish; a move changes the colour of one region, so it makes at most one
    /// colour vanish, and only a colour down to that one region. If `e_c` moves must come before
    /// colour `c` is down to one region, the colours are unit jobs released at `e_c + 1` on one
    /// machine: with the `e` sorted in decreasing order, at least `max over i of e_(i) + i` moves.
    ///
    /// `e_c ≥ min(t + 1, |P| − 1)` for any set `P` of regions of colour `c` pairwise at least
    /// `2t + 1` apart. When `c` is down to one region, either two members of `P` lie in one region
    /// (their distance fell from `2t + 1` to 0, and a move contracts a star, which shortens any
    /// distance by at most two), or all members but one lie in regions recoloured away from `c`,
    /// each by its own move (regions never split, so a move recolouring two members would have
    /// joined them for good). With `t = 0`: a colour of two or more regions needs a move first,
    /// which is the colour bound's extra move.
    pub fn colour_schedule(&mut self, target: Target, witness: &mut Witness) -> u32 {
        witness.clear();
        let Some(d) = &self.distances else { return self.colour_bound(target) };
        let mut wait = [None; MAX_COLOURS];
        for (c, slot) in wait.iter_mut().enumerate() {
            *slot = match self.count[c] {
                0 => None,
                1 => Some(0),
                2 => Some(1),
                _ => {
                    self.members.clear();
                    self.members.extend(bits::members(&self.by_colour[c * self.words..(c + 1) * self.words]));
                    Some(moves_to_single(d, c, &mut self.members, &mut self.apart, witness))
                }
            };
        }
        self.schedules.schedule(&wait, target)
    }

    /// A lower bound on the colour schedule after recolouring `node` to `colour`, without
    /// playing the move, from the sets `witness` recorded for this position. A set of regions of
    /// one colour pairwise `2t + 1` apart loses the regions the move recolours or merges and stays
    /// pairwise `2t − 1` apart (a move shortens a distance by at most two); and the colour's
    /// regions after the move are picked again, starting from those, while pairwise `2t + 1`
    /// apart by the distances after the move, `min(d(a, b), d(a, S) + d(S, b))` for the star `S`
    /// it contracts. Needs distances.
    pub fn colour_schedule_after(&mut self, node: usize, colour: Colour, target: Target, witness: &Witness) -> u32 {
        let (x, y) = (usize::from(colour), usize::from(self.colour[node]));
        self.fill_star(node, colour);
        let d = self.distances.as_mut().expect("the search keeps distances");
        d.star_distances(&self.star);
        let after = d.after_star();
        let mut wait = [None; MAX_COLOURS];
        for (c, slot) in wait.iter_mut().enumerate() {
            let count = match c {
                _ if c == x => self.count[c] + 1 - (self.star.len() as u32 - 1),
                _ if c == y => self.count[c] - 1,
                _ => self.count[c],
            };
            *slot = match count {
                0 => None,
                1 => Some(0),
                _ => Some(witness.set(c).map_or(1, |(t, set)| {
                    // The set's regions that stay, then the colour's other regions after the
                    // move, picked greedily while pairwise `2t + 1` apart, until they prove as
                    // much as the set did.
                    let enough = (t + 1).min(set.len() as u32 - 1);
                    // Where the star holds none of the set (the move leaves its regions alone)
                    // and brings no two of them within `2t` (`d(a, S) + d(S, b) > 2t`), the set
                    // proves as much after the move as before. So do its regions more than `t`
                    // from the star, where enough of them are left: no path through the star
                    // brings two of them within `2t + 2`.
                    let (mut near, mut next, mut kept) = (u32::MAX, u32::MAX, 0);
                    for &m in set {
                        let s = u32::from(d.to_star(m));
                        (near, next) = if s < near { (s, near) } else { (near, next.min(s)) };
                        kept += u32::from(s > t);
                    }
                    if (near > 0 && near.saturating_add(next) > 2 * t) || kept > enough {
                        return enough;
                    }
                    let gone = |m: usize| m == node || (c == x && self.star.contains(&m));
                    let far = |a: usize, b: usize| u32::from(after(a, b)) > 2 * t;
                    let stayed = set.iter().filter(|&&m| !gone(m)).count() as u32;
                    let class = bits::members(&self.by_colour[c * self.words..(c + 1) * self.words]);
                    let others = class.filter(|&m| !gone(m) && !set.contains(&m));
                    let regions = set.iter().copied().filter(|&m| !gone(m)).chain(others);
                    self.apart.clear();
                    for m in regions.chain((c == x).then_some(node)) {
                        if self.apart.iter().all(|&a| far(a, m)) {
                            self.apart.push(m);
                            if self.apart.len() as u32 > enough {
                                break;
                            }
                        }
                    }
                    let picked = (self.apart.len() as u32).saturating_sub(1);
                    picked.min(t + 1).max(stayed.saturating_sub(1).min(t)).max(1)
                })),
            };
        }
        self.schedules.schedule(&wait, target)
    }

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

    /// The colour bound after recolouring `node` to `colour`, which swallows `swallowed` regions,
    /// without playing the move.
    pub fn colour_bound_after(&self, node: usize, colour: Colour, swallowed: usize, target: Target) -> u32 {
        let (y, x) = (usize::from(self.colour[node]), usize::from(colour));
        let mut tally = self.tally;
        tally.set(y, self.count[y] - 1);
        tally.set(x, self.count[x] + 1 - swallowed as u32);
        tally.bound(target)
    }

    /// How many regions touch `node`.
    fn degree(&self, node: usize) -> u32 {
        self.row(node).iter().map(|w| w.count_ones()).sum()
    }

    /// Whether some move of `node` could lower the colour bound: only if its colour has at most
    /// two regions, or another colour has no more regions than `node` has neighbours (a move
    /// leaves a colour of `n` regions with one only by swallowing all of them). Otherwise every
    /// colour with regions keeps two or more, and a move to a colour that is gone brings it back
    /// as one more colour to remove, so the bound cannot fall.
    pub fn may_lower_colour_bound(&self, node: usize) -> bool {
        let y = usize::from(self.colour[node]);
        if self.count[y] <= 2 {
            return true;
        }
        let degree = self.degree(node);
        (0..MAX_COLOURS).any(|x| x != y && self.count[x] > 0 && self.count[x] <= degree)
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
    /// [`Distances::centre_candidates`]). Needs distances.
    pub fn centre_candidates(&self, t: u32, out: &mut Centres) {
        let d = self.distances.as_ref().expect("the search keeps distances");
        d.centre_candidates(t, |a| bits::members(self.row(a)), out);
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

    /// The position's lower bound without searching: the colour schedule and the rim bound where
    /// it keeps distances, else the colour bound and a floor on the radius.
    pub fn lower_bound(&mut self, target: Target) -> u32 {
        if self.distances.is_some() {
            self.colour_schedule(target, &mut Witness::default()).max(self.rim_bound(target))
        } else {
            self.colour_bound(target).max(self.radius_floor())
        }
    }

    /// A lower bound on the radius without distances: half the distance between two regions
    /// found far apart by a double sweep, rounded up (the radius is at least half the diameter).
    pub fn radius_floor(&mut self) -> u32 {
        let Some(start) = self.nodes().next() else { return 0 };
        let (_, a) = self.bfs(start, 0);
        let (far, _) = self.bfs(a, 1);
        far.div_ceil(2)
    }

    /// Up to `count` nodes of smallest estimated eccentricity: `max(d(a, v), d(b, v))` for two far
    /// apart nodes `a` and `b` found by a double sweep (three breadth-first searches in all).
    pub fn central_nodes(&mut self, count: usize) -> Vec<usize> {
        let Some(start) = self.nodes().next() else { return Vec::new() };
        let (_, a) = self.bfs(start, 0);
        let (_, b) = self.bfs(a, 0);
        self.bfs(b, 1);
        let mut nodes: Vec<(u32, usize)> = self.nodes().map(|v| (self.dist[0][v].max(self.dist[1][v]), v)).collect();
        nodes.sort_unstable();
        nodes.into_iter().take(count).map(|(_, v)| v).collect()
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

/// The colour schedule (see [`Position::colour_schedule`]) from each colour's wait (`None` for
/// a colour with no regions).
fn schedule(wait: &[Option<u32>; MAX_COLOURS], target: Target) -> u32 {
    // The waits in decreasing order; a colour's schedule leaves out the final colour.
    let mut order = [(0, 0); MAX_COLOURS];
    let mut len = 0;
    for (c, w) in wait.iter().enumerate().filter_map(|(c, w)| w.map(|w| (c, w))) {
        order[len] = (w, c);
        len += 1;
    }
    let order = &mut order[..len];
    order.sort_unstable_by(|a, b| b.cmp(a));
    // Leaving out the colour at `j` moves the ones after it a place forward: the schedule is
    // the larger of `w + i + 1` before `j` and `w + i` after it.
    let mut after = [0; MAX_COLOURS + 1];
    for i in (0..len).rev() {
        after[i] = after[i + 1].max(order[i].0 + i as u32);
    }
    let mut before = 0;
    let mut best = after[0] + u32::from(len > 0);
    for (j, &(w, c)) in order.iter().enumerate() {
        let without = before.max(after[j + 1]);
        match target {
            Target::Any => best = best.min(without),
            Target::Colour(d) if usize::from(d) == c => return without,
            Target::Colour(_) => {}
        }
        before = before.max(w + j as u32 + 1);
    }
    best
}

/// Schedules already worked out, by waits and target: the search asks for the same few
/// combinations of waits again and again, for each child of each position.
struct ScheduleCache {
    /// `(key + 1, schedule)` per slot, 0 for an empty slot.
    slots: Vec<(u64, u32)>,
}

impl ScheduleCache {
    /// The cache holds `1 << BITS` schedules.
    const BITS: u32 = 8;

    fn new() -> ScheduleCache {
        ScheduleCache { slots: vec![(0, 0); 1 << ScheduleCache::BITS] }
    }

    /// [`schedule`], from the cache where it holds the answer.
    fn schedule(&mut self, wait: &[Option<u32>; MAX_COLOURS], target: Target) -> u32 {
        // Five bits per colour (31 for none) and three for the target, where every wait fits.
        let mut key = match target {
            Target::Any => 7,
            Target::Colour(d) => u64::from(d),
        };
        for w in wait {
            match w {
                None => key = key << 5 | 31,
                Some(w) if *w < 31 => key = key << 5 | u64::from(*w),
                Some(_) => return schedule(wait, target),
            }
        }
        let key = key + 1;
        let slot = &mut self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - ScheduleCache::BITS)) as usize];
        if slot.0 != key {
            *slot = (key, schedule(wait, target));
        }
        slot.1
    }
}

/// A lower bound on the moves before the regions `members` (all of one colour `c`, three or
/// more) are down to one (see [`Position::colour_schedule`]): for growing `t`, a set of them
/// pairwise `2t + 1` apart, picked greedily from the farthest. Each set that raises the bound
/// above one is recorded in `witness`.
fn moves_to_single(
    d: &Distances,
    c: usize,
    members: &mut [usize],
    apart: &mut Vec<usize>,
    witness: &mut Witness,
) -> u32 {
    let from_first = d.row(members[0]);
    members.sort_unstable_by_key(|&m| (std::cmp::Reverse(from_first[m]), m));
    let (mut best, mut t) = (1, 1);
    loop {
        apart.clear();
        for &m in members.iter() {
            let row = d.row(m);
            if apart.iter().all(|&a| u32::from(row[a]) > 2 * t) {
                apart.push(m);
            }
        }
        let spread = apart.len() as u32 - 1;
        if spread.min(t + 1) > best {
            best = spread.min(t + 1);
            witness.record(c, t, apart);
        }
        if spread <= best {
            return best;
        }
        t += 1;
    }
}

/// Sets of regions of one colour far apart, found by [`Position::colour_schedule`], from which
/// [`Position::colour_schedule_after`] bounds the schedule after a move.
#[derive(Default)]
pub struct Witness {
    /// Per colour, the `t` of its set (pairwise `2t + 1` apart) and where the set lies in
    /// `regions`.
    sets: [Option<(u32, usize, usize)>; MAX_COLOURS],
    regions: Vec<usize>,
}

impl Witness {
    fn clear(&mut self) {
        self.sets = [None; MAX_COLOURS];
        self.regions.clear();
    }

    /// Records `set` for colour `c` in place of any earlier one.
    fn record(&mut self, c: usize, t: u32, set: &[usize]) {
        let start = self.regions.len();
        self.regions.extend_from_slice(set);
        self.sets[c] = Some((t, start, self.regions.len()));
    }

    fn set(&self, c: usize) -> Option<(u32, &[usize])> {
        self.sets[c].map(|(t, start, end)| (t, &self.regions[start..end]))
    }
}

/// Which colours have live regions, and which exactly one: all the colour bound needs, as bit
/// masks, so the bound after a move the search considers costs a few bit operations.
#[derive(Clone, Copy, Default)]
struct Tally {
    present: u8,
    single: u8,
}

impl Tally {
    fn of(count: &[u32; MAX_COLOURS]) -> Tally {
        let mut tally = Tally::default();
        for (c, &n) in count.iter().enumerate() {
            tally.set(c, n);
        }
        tally
    }

    /// Records that colour `c` has `n` live regions.
    fn set(&mut self, c: usize, n: u32) {
        let bit = 1 << c;
        self.present = if n > 0 { self.present | bit } else { self.present & !bit };
        self.single = if n == 1 { self.single | bit } else { self.single & !bit };
    }

    /// The colour bound (see [`Position::colour_bound`]). Keep whichever colour helps most: a
    /// single-region colour is worth keeping only if another colour is single too.
    fn bound(self, target: Target) -> u32 {
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
mod tests {
    use super::*;
    use crate::board::{Board, Tiling};
    use proptest::prelude::*;

    fn position(rows: usize, cols: usize, cells: &[u8]) -> (RegionGraph, Position) {
        let board = Board::new(Tiling::Squares, rows, cols, cells.iter().map(|&c| Some(c)).collect(), 6).unwrap();
        let graph = RegionGraph::new(&board);
        let p = Position::new(&graph, &graph.islands[0], true);
        (graph, p)
    }

    /// The position's regions recomputed from scratch: (node colour, sorted neighbour list) per live node.
    fn snapshot(p: &Position) -> Vec<(usize, Colour, Vec<usize>)> {
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
    fn the_colour_schedule_waits_for_far_apart_regions() {
        // Four colours, none of them a single region, and each one's regions far apart: the plain
        // colour bound says 4 (three to remove, one to make a single region), the schedule 5,
        // which is the optimum.
        let cells = [2, 3, 0, 3, 1, 1, 1, 2, 0, 2, 1, 0, 3, 1, 0];
        let board = Board::new(Tiling::Triangles, 3, 5, cells.iter().map(|&c| Some(c)).collect(), 4).unwrap();
        let graph = RegionGraph::new(&board);
        let mut p = Position::new(&graph, &graph.islands[0], true);
        assert_eq!((p.colour_bound(Target::Any), p.radius(), p.rim_bound(Target::Any)), (4, 4, 4));
        assert_eq!(p.colour_schedule(Target::Any, &mut Witness::default()), 5);
        assert_eq!(crate::solver::solve(&board, 4, &crate::solver::Budget::default()).moves.len(), 5);
    }

    /// The test's own model: each original region's colour, with components found by a plain
    /// breadth-first search over the region graph.
    fn components(graph: &RegionGraph, col: &[Colour]) -> Vec<Vec<usize>> {
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
        fn the_schedule_leaves_out_the_final_colour_that_helps_most(
            waits in prop::collection::vec(prop::option::of(0u32..8), MAX_COLOURS),
            target in prop::option::of(0u8..MAX_COLOURS as u8),
        ) {
            let wait: [Option<u32>; MAX_COLOURS] = waits.try_into().unwrap();
            let target = target.map_or(Target::Any, Target::Colour);
            // By the definition: for each possible final colour (or none of the present ones),
            // the other colours' waits in decreasing order, each plus its place counted from 1.
            let finals = match target {
                Target::Any => (0..=MAX_COLOURS).collect(),
                Target::Colour(c) => vec![usize::from(c)],
            };
            let by_definition = finals
                .iter()
                .map(|&last| {
                    let mut w: Vec<u32> = (0..MAX_COLOURS).filter(|&c| c != last).filter_map(|c| wait[c]).collect();
                    w.sort_unstable_by(|a, b| b.cmp(a));
                    w.iter().zip(1..).map(|(w, i)| w + i).max().unwrap_or(0)
                })
                .min()
                .unwrap();
            prop_assert_eq!(schedule(&wait, target), by_definition);
        }

        #[test]
        fn the_schedule_cache_answers_as_the_schedule_does(
            asks in prop::collection::vec(
                prop::collection::vec(prop::option::of(prop_oneof![9 => 0u32..3, 1 => 29u32..34]), MAX_COLOURS),
                1..200,
            ),
        ) {
            let mut cache = ScheduleCache::new();
            let targets = std::iter::once(Target::Any).chain((0..MAX_COLOURS as u8).map(Target::Colour));
            for (waits, target) in asks.iter().chain(&asks).flat_map(|w| targets.clone().map(move |t| (w, t))) {
                let wait: [Option<u32>; MAX_COLOURS] = waits.clone().try_into().unwrap();
                prop_assert_eq!(cache.schedule(&wait, target), schedule(&wait, target));
            }
        }

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
                let node = p.nodes().nth(pick % p.len()).unwrap();
                if p.colour(node) == colour {
                    continue;
                }
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
        fn the_schedule_after_a_move_never_claims_more_than_far_apart_regions_prove(
            cells in prop::collection::vec(0u8..3, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..3), 0..4),
            any in any::<bool>(),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let target = if any { Target::Any } else { Target::Colour(0) };
            let mut witness = Witness::default();
            p.colour_schedule(target, &mut witness);
            for (node, colour) in recolourings(&p) {
                let claimed = p.colour_schedule_after(node, colour, target, &witness);
                p.play(node, colour);
                prop_assert!(claimed <= best_schedule(&p, target), "{} to {}", node, colour);
                p.undo();
            }
        }

        #[test]
        fn a_move_lowers_the_colour_bound_only_where_that_is_said_possible(
            cells in prop::collection::vec(0u8..4, 30),
            prefix in prop::collection::vec((0usize..30, 0u8..4), 0..6),
            any in any::<bool>(),
        ) {
            let Some(mut p) = connected_after(&cells, &prefix) else { return Ok(()) };
            let target = if any { Target::Any } else { Target::Colour(0) };
            let bound = p.colour_bound(target);
            let still: Vec<usize> = p.nodes().filter(|&v| !p.may_lower_colour_bound(v)).collect();
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
                p.centre_candidates(t, &mut candidates);
                for (node, colour) in recolourings(&p) {
                    let fits = p.move_fits_rim(node, colour, t, &candidates, target);
                    p.play(node, colour);
                    let after = p.radius();
                    let truth = after < t || (after == t && p.rim_bound(target) <= t);
                    prop_assert_eq!(fits, truth, "{} to {} within {}", node, colour, t);
                    p.undo();
                }
            }
        }
    }

    /// A 5 × 6 board of `cells` after the moves `prefix` (picks of a live region and a colour),
    /// if it is one island.
    fn connected_after(cells: &[u8], prefix: &[(usize, Colour)]) -> Option<Position> {
        let (graph, mut p) = position(5, 6, cells);
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
    fn recolourings(p: &Position) -> Vec<(usize, Colour)> {
        p.nodes().flat_map(|v| (0..3).map(move |c| (v, c))).filter(|&(v, c)| p.colour(v) != c).collect()
    }

    /// The colour schedule from the best sets of far-apart regions, found by trying every set.
    fn best_schedule(p: &Position, target: Target) -> u32 {
        let d = p.distances.as_ref().unwrap();
        let mut wait = [None; MAX_COLOURS];
        for (c, slot) in wait.iter_mut().enumerate() {
            let members: Vec<usize> = p.nodes().filter(|&v| usize::from(p.colour(v)) == c).collect();
            *slot = match members.len() {
                0 => None,
                1 => Some(0),
                k => Some(
                    (1u32..1 << k)
                        .filter(|set| set.count_ones() >= 2)
                        .map(|set| {
                            let chosen: Vec<usize> = (0..k).filter(|i| set >> i & 1 == 1).map(|i| members[i]).collect();
                            let closest = chosen
                                .iter()
                                .flat_map(|&a| chosen.iter().filter(move |&&b| b != a).map(move |&b| d.row(a)[b]))
                                .min()
                                .unwrap();
                            let t = (u32::from(closest) - 1) / 2;
                            (t + 1).min(chosen.len() as u32 - 1)
                        })
                        .max()
                        .unwrap()
                        .max(1),
                ),
            };
        }
        schedule(&wait, target)
    }
}
