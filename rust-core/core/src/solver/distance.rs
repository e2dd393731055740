//! Distances between all current regions of an island, kept up to date as moves contract
//! regions, with each region's eccentricity (its largest distance to another region).
//!
//! A move contracts a star `S` (the region moved and the neighbours it swallows) into one region,
//! so a shortest path either avoids `S` or passes it once: `d'(a, b) = min(d(a, b), d(a, S) +
//! d(S, b))` with `d(a, S) = min over s in S of d(a, s)`. That is one pass over the matrix, with
//! no search. Distances are bytes; [`FAR`] stands for "not a live region".

/// The distance recorded for dead regions and in dead rows: larger than any real distance.
pub const FAR: u8 = u8::MAX;

/// All-pairs distances of an island's live regions, for the current position and every earlier
/// one on the path to it.
#[derive(Clone)]
pub struct Distances {
    n: usize,
    /// Row length: `n` rounded up so that row loops run in whole vector registers. The padding
    /// columns hold `FAR` and count as dead.
    stride: usize,
    /// One *level* per position on the path, the current one at `depth`: the matrix
    /// (`[a * stride + b]`, rows and columns of dead regions stale), then each region's
    /// eccentricity (stale for dead ones), then `FAR` for live regions and 0 for dead ones (which
    /// masks dead columns out of maxima), each of the last two `stride` long. Levels past `depth`
    /// are scratch kept for reuse.
    levels: Vec<u8>,
    depth: usize,
    /// Scratch: distances to the star being contracted or tested, and which regions lie outside
    /// it.
    to_star: Vec<u8>,
    outside: Vec<u8>,
}

impl Distances {
    /// Distances of a graph of `n` regions with adjacency lists `neighbours` (every region live).
    pub fn new(neighbours: &[Vec<usize>]) -> Distances {
        let n = neighbours.len();
        let stride = stride_for(n);
        let mut d = Distances {
            n,
            stride,
            levels: vec![FAR; Distances::level_bytes(n)],
            depth: 0,
            to_star: vec![FAR; stride],
            outside: vec![0; stride],
        };
        let mut queue = Vec::with_capacity(n);
        for source in 0..n {
            let row = &mut d.levels[source * stride..][..stride];
            row[source] = 0;
            queue.clear();
            queue.push(source);
            let mut i = 0;
            while i < queue.len() {
                let u = queue[i];
                for &v in &neighbours[u] {
                    if row[v] == FAR {
                        row[v] = row[u].saturating_add(1).min(FAR - 1);
                        queue.push(v);
                    }
                }
                i += 1;
            }
        }
        for a in 0..n {
            d.levels[n * stride + a] = d.levels[a * stride..][..n].iter().copied().max().unwrap_or(0);
        }
        d.levels[(n + 1) * stride + n..].fill(0);
        d
    }

    /// The bytes one level takes for `n` regions: one for each position on a search's path.
    pub fn level_bytes(n: usize) -> usize {
        (n + 2) * stride_for(n)
    }

    /// Where the current level starts in `levels`.
    fn base(&self) -> usize {
        self.depth * Distances::level_bytes(self.n)
    }

    /// The current level's matrix, eccentricities and live mask.
    fn level(&self) -> (&[u8], &[u8], &[u8]) {
        let (n, stride) = (self.n, self.stride);
        let (matrix, rest) = self.levels[self.base()..][..Distances::level_bytes(n)].split_at(n * stride);
        let (ecc, live) = rest.split_at(stride);
        (matrix, ecc, live)
    }

    /// A live region's eccentricity.
    pub fn eccentricity(&self, a: usize) -> u32 {
        u32::from(self.levels[self.base() + self.n * self.stride + a])
    }

    /// The distances from a live region to every region (meaningful for live ones only).
    pub fn row(&self, a: usize) -> &[u8] {
        &self.levels[self.base() + a * self.stride..][..self.n]
    }

    /// The distances from a live region to every region, padded to whole vector registers with
    /// [`FAR`] (meaningful for live ones only).
    pub fn padded_row(&self, a: usize) -> &[u8] {
        &self.levels[self.base() + a * self.stride..][..self.stride]
    }

    /// The distance from a set of regions to the live region farthest from it, given `to_set`,
    /// each region's distance to the set as the least of [`Distances::padded_row`]s.
    pub fn farthest(&self, to_set: &[u8]) -> u32 {
        let (_, _, live) = self.level();
        // Lane by lane, so that the compiler keeps it in vector registers.
        let mut far = [0u8; 32];
        for (d, l) in to_set.chunks_exact(32).zip(live.chunks_exact(32)) {
            for ((f, &d), &l) in far.iter_mut().zip(d).zip(l) {
                *f = (*f).max(d & l);
            }
        }
        u32::from(far.into_iter().max().unwrap_or(0))
    }

    /// Adds to `counts` (a [`Distances::padded_row`] long), for each region, how many of the live
    /// regions of `set` lie more than `k` from it, saturating at 255 (meaningful for live ones only).
    pub fn count_far(&self, set: &[u64], k: u8, counts: &mut [u8]) {
        for u in super::bits::members(set) {
            counts.iter_mut().zip(self.padded_row(u)).for_each(|(n, &d)| *n = n.saturating_add(u8::from(d > k)));
        }
    }

    /// Writes into `out` (one bit per region, `n` bits or more) the regions more than `k` (below
    /// 128) from `a`: meaningful for live ones only.
    pub fn far_set(&self, a: usize, k: u8, out: &mut [u64]) {
        // Per byte, its high bit set where it exceeds `k`: as its own high bit, or as a carry
        // into it from its low seven bits (at most 127 + 127, so never out of the byte).
        const LOW: u64 = u64::from_le_bytes([0x7F; 8]);
        const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
        // Gathers the low bit of each byte into the top byte, byte `j` to bit `56 + j`.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        let step = u64::from_le_bytes([0x7F - k; 8]);
        for (word, bytes) in out.iter_mut().zip(self.padded_row(a).chunks(64)) {
            *word = bytes.chunks_exact(8).enumerate().fold(0, |word, (j, chunk)| {
                let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
                let high = (x | ((x & LOW) + step)) & HIGH;
                word | ((high >> 7).wrapping_mul(GATHER) >> 56) << (j * 8)
            });
        }
    }

    /// The colours (bit `c` for colour `c`) of the live regions farthest from `a`, those at
    /// distance equal to its eccentricity, given each region's colour as a bit in `bits`.
    pub fn rim_colours(&self, a: usize, bits: &[u8]) -> u32 {
        let (matrix, ecc, live) = self.level();
        let (row, far) = (&matrix[a * self.stride..][..self.n], ecc[a]);
        let rim = row.iter().zip(live).zip(bits);
        u32::from(rim.fold(0, |mask, ((&d, &l), &bit)| mask | if d == far && l != 0 { bit } else { 0 }))
    }

    /// Contracts `star` (live regions, `keep` among them) into `keep`: the next level is the
    /// current one with every distance through the star shortened, in one pass that also finds
    /// the eccentricities.
    pub fn contract(&mut self, star: &[usize], keep: usize) {
        let (n, stride) = (self.n, self.stride);
        let size = Distances::level_bytes(n);
        self.star_distances(star);
        if self.levels.len() < (self.depth + 2) * size {
            self.levels.resize((self.depth + 2) * size, 0);
        }
        let (done, next) = self.levels.split_at_mut((self.depth + 1) * size);
        let old = &done[self.depth * size..];
        let (old_matrix, old_live) = (&old[..n * stride], &old[(n + 1) * stride..]);
        let (matrix, rest) = next[..size].split_at_mut(n * stride);
        let (ecc, live) = rest.split_at_mut(stride);
        live.copy_from_slice(old_live);
        for &s in star {
            if s != keep {
                live[s] = 0;
            }
        }
        let to_star = &self.to_star[..stride];
        for a in (0..n).filter(|&a| live[a] != 0) {
            // Contracting never lengthens a distance, and `to_star` is already the distance to
            // `keep` (row and column), since `keep` is in the star.
            let da = to_star[a];
            let (old_row, row) = (&old_matrix[a * stride..][..stride], &mut matrix[a * stride..][..stride]);
            let mut far = 0;
            for ((cell, &was), (&db, &m)) in row.iter_mut().zip(old_row).zip(to_star.iter().zip(&*live)) {
                *cell = was.min(da.saturating_add(db));
                far = far.max(*cell & m);
            }
            ecc[a] = far;
        }
        self.depth += 1;
    }

    /// Takes back the last contraction.
    pub fn undo(&mut self) {
        self.depth -= 1;
    }

    /// Whether contracting `star` (live regions, `keep` among them) into `keep` would leave a
    /// region of eccentricity below `t`, or of eccentricity `t` whose rim passes `rim_ok`: that is,
    /// whether the radius and the rim bound after the move can be `t` or less. A rim is given as
    /// the bits of its regions' colours, `bits` holding each region's (one bit, `1 << colour`)
    /// and `moved` the contracted region's. Only the live regions that could be a centre
    /// afterwards need testing, `keep` and `centres` (found by [`Distances::centre_candidates`]
    /// for `t`). The matrix is not changed.
    pub fn contraction_fits(
        &mut self,
        (star, keep): (&[usize], usize),
        t: u32,
        centres: &Centres,
        (bits, moved): (&[u8], u8),
        rim_ok: impl Fn(u32) -> bool,
    ) -> bool {
        let (n, stride) = (self.n, self.stride);
        let t = t.min(u32::from(FAR - 1)) as u8;
        self.star_distances(star);
        let base = self.base();
        let (to_star, outside) = (&self.to_star[..stride], &mut self.outside[..stride]);
        // `FAR` for the live regions outside the star, whose distances count; 0 for the others.
        let live = &self.levels[base + (n + 1) * stride..][..stride];
        for ((mask, &l), &d) in outside.iter_mut().zip(live).zip(to_star) {
            *mask = if d == 0 { 0 } else { l };
        }
        let (outside, bits) = (&*outside, &bits[..n]);
        // From a centre `via` away from the contracted region (whose own row is `to_star`), in
        // branch-free passes the compiler vectorises.
        let fits = |row: &[u8], via: u8| {
            let after = |(&d, &ds): (&u8, &u8)| d.min(via.saturating_add(ds));
            let far = row.iter().zip(to_star).map(after).zip(outside).fold(via, |far, (d, &m)| far.max(d & m));
            if far > t {
                return false;
            }
            // Eccentricity 0 is the whole island as one region.
            if far < t || far == 0 {
                return true;
            }
            let rim_of = |rim: u8, (d, &bit): (u8, &u8)| rim | if d == far { bit } else { 0 };
            let outer = row.iter().zip(to_star).map(after).zip(outside).map(|(d, &m)| d & m);
            let rim = outer.zip(bits).fold(if via == far { moved } else { 0 }, rim_of);
            rim_ok(u32::from(rim))
        };
        // The contracted region itself as the centre: its distances are at least `keep`'s less one.
        let ecc = &self.levels[base + n * stride..][..n];
        if ecc[keep] <= t.saturating_add(1) && fits(to_star, 0) {
            return true;
        }
        let matrix = &self.levels[base..];
        // A candidate fits only if the move brings every region now farther than `t` within `t`:
        // a short test before the full pass.
        let brought_in = |via: u8, far: &[usize]| far.iter().all(|&b| via.saturating_add(to_star[b]) <= t);
        centres.nodes.iter().zip(centres.start.windows(2)).any(|(&c, range)| {
            let via = to_star[c];
            via != 0
                && via <= t
                && brought_in(via, &centres.far[range[0]..range[1]])
                && fits(&matrix[c * stride..][..stride], via)
        })
    }

    /// Finds in `out` the live regions that could have eccentricity `t` or less after one
    /// contraction (besides the contracted region): neighbours of a region of eccentricity at most
    /// `t + 1` whose own eccentricity is at most `t + 2` (a contraction shortens a distance by at
    /// most two). Each comes with the live regions now farther than `t` from it, which the move
    /// must bring closer. Which moves could fit ([`Centres::could_fit`]) is worked out too only
    /// given the `movers`' colours and rims (the search reads it only where it lists moves).
    ///
    /// Why neighbours: if `c ≠ s` has eccentricity `e` after contracting star `S` into `s`, at
    /// distance `d` from `s`, then the region `x` one step from `c` towards `s` (a member of `S`
    /// adjacent to `c` when `d = 1`) had eccentricity at most `e + 1` before the move.
    pub fn centre_candidates<I: IntoIterator<Item = usize>>(
        &self,
        t: u32,
        neighbours: impl Fn(usize) -> I,
        out: &mut Centres,
        movers: Option<Rims>,
    ) {
        let (matrix, ecc, live) = self.level();
        out.nodes.clear();
        out.nodes.extend(
            (0..self.n)
                .filter(|&a| live[a] != 0 && u32::from(ecc[a]) <= t + 1)
                .flat_map(neighbours)
                .filter(|&b| u32::from(ecc[b]) <= t + 2),
        );
        out.nodes.sort_unstable();
        out.nodes.dedup();
        out.start.clear();
        out.far.clear();
        // Per candidate, its far regions marked one byte each in a pass the compiler
        // vectorises, then read eight bytes at a time: most regions are near. A branch-free
        // pass writing every region's index in turn took `09-patterns/tessera` 1.18 G
        // instructions instead of 1.07 G, `gingham` 0.88 G instead of 0.80 G (2026-11-28).
        out.open.resize(self.n.next_multiple_of(8), 0);
        let beyond = t.min(u32::from(FAR)) as u8;
        for &c in &out.nodes {
            out.start.push(out.far.len());
            let row = &matrix[c * self.stride..][..self.n];
            for ((o, &l), &d) in out.open.iter_mut().zip(&live[..self.n]).zip(row) {
                *o = u8::from((l != 0) & (d > beyond));
            }
            push_marked(&out.open, &mut out.far);
        }
        out.start.push(out.far.len());
        out.movers.clear();
        if let Some(rims) = movers {
            out.find_movers(t, matrix, self.stride, ecc, &live[..self.n], rims);
        }
    }

    /// Distances after contracting the star last given to [`Distances::star_distances`]:
    /// `min(d(a, b), d(a, S) + d(S, b))` between live regions outside it.
    pub fn after_star(&self) -> impl Fn(usize, usize) -> u8 + '_ {
        let (stride, to_star) = (self.stride, &self.to_star[..]);
        let matrix = &self.levels[self.base()..][..self.n * stride];
        move |a, b| matrix[a * stride + b].min(to_star[a].saturating_add(to_star[b]))
    }

    /// A region's distance to the star last given to [`Distances::star_distances`].
    pub fn to_star(&self, a: usize) -> u8 {
        self.to_star[a]
    }

    /// Finds each region's distance to the nearest member of `star`.
    pub fn star_distances(&mut self, star: &[usize]) {
        let stride = self.stride;
        let matrix = &self.levels[self.base()..];
        self.to_star.fill(FAR);
        for &s in star {
            for (d, &ds) in self.to_star.iter_mut().zip(&matrix[s * stride..][..stride]) {
                *d = (*d).min(ds);
            }
        }
    }

    /// Marks with `bit` in `out` (one byte per region) the regions whose moves could lower the
    /// wait of `set` (regions of one colour pairwise `2t + 1` apart, proving a wait of `keep`),
    /// as [`Position::colour_schedule_moving`] tells them: those that are in the set or have its
    /// two nearest members less than `2t + 3` from them together, unless more than `keep`
    /// members are `t + 2` or more from them. By the distances now or, `AFTER_STAR`, by those
    /// after contracting the star last given to [`Distances::star_distances`],
    /// `min(d(a, b), d(a, S) + d(S, b))`. One pass over each member's row; `near` is scratch.
    ///
    /// [`Position::colour_schedule_moving`]: super::position::Position::colour_schedule_moving
    pub fn mark_near_pairs<const AFTER_STAR: bool>(
        &self,
        set: &[usize],
        (t, keep): (u32, u32),
        bit: u8,
        out: &mut [u8],
        near: &mut Vec<u8>,
    ) {
        let stride = self.stride;
        let matrix = &self.levels[self.base()..];
        let (t, keep) = (t.min(100) as u8, keep.min(200) as u8);
        // Per region: the nearest member's distance, the next one's, and the members `t + 2` or
        // more away, in three rows.
        near.clear();
        near.resize(3 * stride, FAR);
        let (first, rest) = near.split_at_mut(stride);
        let (second, far) = rest.split_at_mut(stride);
        far.fill(0);
        let to_star = &self.to_star[..stride];
        for &m in set {
            let row = &matrix[m * stride..][..stride];
            // `FAR` plus anything is `FAR`, no shorter than any distance.
            let via = if AFTER_STAR { to_star[m] } else { FAR };
            for ((((a, b), f), &s), &ds) in
                first.iter_mut().zip(second.iter_mut()).zip(far.iter_mut()).zip(row).zip(to_star)
            {
                let s = s.min(via.saturating_add(ds));
                *b = (*b).min((*a).max(s));
                *a = (*a).min(s);
                *f = f.saturating_add(u8::from(s >= t + 2));
            }
        }
        for (((o, &a), &b), &f) in out.iter_mut().zip(first.iter()).zip(second.iter()).zip(far.iter()) {
            let apart = a >= 1 && a.saturating_add(b) >= 2 * t + 3;
            *o |= if apart || f > keep { 0 } else { bit };
        }
    }
}

/// The regions that could be a centre after a move (see [`Distances::centre_candidates`]).
#[derive(Default)]
pub struct Centres {
    nodes: Vec<usize>,
    /// `far[start[i]..start[i + 1]]`: the live regions too far from `nodes[i]` now.
    start: Vec<usize>,
    far: Vec<usize>,
    /// Per region: whether a move of it could fit at all (see [`Centres::could_fit`]).
    movers: Vec<bool>,
    /// Scratch: per region, 1 where it is far from a candidate or, in
    /// [`Centres::find_movers`], still open for one; and the regions so marked.
    open: Vec<u8>,
    marked: Vec<usize>,
}

impl Centres {
    /// Whether contracting a star of `node` and some of its neighbours could fit `t` in
    /// [`Distances::contraction_fits`]; where not, it does not, and the move need not be tried.
    /// The star `S` lies within one step of `node`, so `d(c, S) ≥ d(c, node) − 1` and `d(S, b) ≥
    /// d(node, b) − 1`. It fits only if `node` has eccentricity `t + 1` or less (then the star
    /// itself may be the centre), or for some candidate `c`:
    /// - `d(c, node) + d(node, b) ≤ t + 2` for every region `b` now farther than `t` from `c`:
    ///   the move must bring `b` within `t` of `c` through the star, `d(c, S) + d(S, b) ≤ t`. Two
    ///   such `b` are tested per candidate, the farthest from `c` and the farthest from that one:
    ///   on pattern boards whose radius leaves no move to spare this rules out three moves in
    ///   four, unplayed.
    /// - the regions `b` now `t` or more from `c` with `d(node, b) ≥ 2` and `d(c, node) +
    ///   d(node, b) ≥ t + 2` have one colour, the rim's if `rims` asks for one. Such a `b` is not
    ///   in the star and stays `t` or more from `c`, so after the move `c` has eccentricity `t`
    ///   at best, and all of them on its rim, which must be one colour.
    ///
    /// True for every node where the candidates were found without `rims`.
    pub fn could_fit(&self, node: usize) -> bool {
        self.movers.get(node).copied().unwrap_or(true)
    }

    /// Finds which regions [`Centres::could_fit`] from the candidates and their far regions, given
    /// the current distance `matrix` (rows `stride` apart), eccentricities, live regions and
    /// `rims`. The rims are tested only for the regions that pass the first test, a region or two
    /// per candidate on `09-patterns/tessera`, each in one pass without a branch.
    fn find_movers(&mut self, t: u32, matrix: &[u8], stride: usize, ecc: &[u8], live: &[u8], rims: Rims) {
        let n = live.len();
        let t = t.min(u32::from(FAR) - 2) as u8;
        self.movers.extend(live.iter().zip(ecc).map(|(&l, &e)| (l != 0) & (e <= t + 1)));
        self.open.resize(n.next_multiple_of(8), 0);
        let bits = &rims.bits[..n];
        for (i, &c) in self.nodes.iter().enumerate() {
            let far = &self.far[self.start[i]..self.start[i + 1]];
            let row = &matrix[c * stride..][..n];
            // The regions not known to be movers yet whose moves could bring the far regions
            // within `t` of `c`, by the two farthest.
            let (row1, row2, apart) = match far {
                [] => (row, row, 0),
                _ => {
                    let b1 = far.iter().copied().max_by_key(|&b| row[b]).unwrap_or(c);
                    let row1 = &matrix[b1 * stride..][..n];
                    let b2 = far.iter().copied().max_by_key(|&b| row1[b]).unwrap_or(b1);
                    (row1, &matrix[b2 * stride..][..n], u8::MAX)
                }
            };
            for (((((o, &m), &to), &l), &f1), &f2) in
                self.open.iter_mut().zip(&self.movers).zip(row).zip(live).zip(row1).zip(row2)
            {
                let reach = f1.max(f2) & apart;
                *o = u8::from((l != 0) & !m & (to <= t + 1) & (to.saturating_add(reach) <= t + 2));
            }
            // Of those, the ones that leave the regions `t` or more from `c` that they cannot
            // bring closer than `t` of one colour, as `rims` allows (see [`Centres::could_fit`]).
            self.marked.clear();
            push_marked(&self.open, &mut self.marked);
            for &v in &self.marked {
                let (row_v, to) = (&matrix[v * stride..][..n], row[v]);
                let colours = row.iter().zip(row_v).zip(live).zip(bits).fold(0, |colours, (((&d, &f), &l), &bit)| {
                    let stays = (l != 0) & (d >= t) & (f >= 2) & (to.saturating_add(f) >= t + 2);
                    colours | bit & 0u8.wrapping_sub(u8::from(stays))
                });
                self.movers[v] |= colours == 0 || (rims.one_colour)(u32::from(colours));
            }
        }
    }
}

/// The colours of regions and the rims a move may leave, for [`Centres::could_fit`].
#[derive(Clone, Copy)]
pub struct Rims<'a> {
    /// Per region, its colour as a bit.
    pub bits: &'a [u8],
    /// Whether a rim of these colours (as bits, at least one) passes, as in
    /// [`Distances::contraction_fits`].
    pub one_colour: &'a dyn Fn(u32) -> bool,
}

/// Appends to `out` the indices of the nonzero bytes of `marks` (each 0 or 1, its length a
/// multiple of 8), eight bytes at a time.
fn push_marked(marks: &[u8], out: &mut Vec<usize>) {
    for (w, word) in marks.chunks_exact(8).enumerate() {
        let mut word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        while word != 0 {
            out.push(w * 8 + word.trailing_zeros() as usize / 8);
            word &= word - 1;
        }
    }
}

/// The row length for `n` regions: `n` rounded up to whole vector registers.
fn stride_for(n: usize) -> usize {
    n.next_multiple_of(32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path 0 - 1 - 2 - 3 - 4.
    fn path() -> Distances {
        Distances::new(&[vec![1], vec![0, 2], vec![1, 3], vec![2, 4], vec![3]])
    }

    /// Regions in [`long_path`]: their rows span three words of bits.
    const LONG: usize = 130;

    /// A path of [`LONG`] regions.
    fn long_path() -> Distances {
        let links: Vec<Vec<usize>> =
            (0..LONG).map(|a: usize| [a.wrapping_sub(1), a + 1].into_iter().filter(|&b| b < LONG).collect()).collect();
        Distances::new(&links)
    }

    #[test]
    fn contraction_shortens_paths_through_the_star_and_undo_restores() {
        let mut d = path();
        assert_eq!((d.row(0)[4], d.eccentricity(2), d.eccentricity(0)), (4, 2, 4));
        d.contract(&[1, 2, 3], 2);
        assert_eq!((d.row(0)[4], d.row(0)[2], d.eccentricity(2), d.eccentricity(0)), (2, 1, 1, 2));
        d.undo();
        assert_eq!((d.row(0)[4], d.eccentricity(2)), (4, 2));
    }

    #[test]
    fn the_far_set_holds_the_regions_more_than_k_away() {
        // A path of 130 regions, its rows over three words, and the same after a contraction.
        let (n, mut d) = (LONG, long_path());
        for contracted in [false, true] {
            if contracted {
                d.contract(&[60, 61, 62], 61);
            }
            for (a, k) in [(0, 0), (0, 2), (61, 2), (129, 5), (64, 127)] {
                let mut far = [0; 3];
                d.far_set(a, k, &mut far);
                let live = |b: usize| b < n && (!contracted || !(b == 60 || b == 62));
                let expected = (0..n).filter(|&b| live(b) && d.row(a)[b] > k);
                let found = crate::solver::bits::members(&far).filter(|&b| live(b));
                assert!(found.eq(expected), "from {a} beyond {k}, contracted {contracted}");
            }
        }
    }

    #[test]
    fn counts_of_far_regions_match_the_rows() {
        // The same path, counting for every region how many of the even regions lie more than
        // k from it, before and after a contraction, against each region's own row.
        let (n, mut d) = (LONG, long_path());
        for contracted in [false, true] {
            if contracted {
                d.contract(&[60, 61, 62], 61);
            }
            let mut evens = [0u64; 3];
            for b in (0..n).step_by(2).filter(|&b| !contracted || b != 60 && b != 62) {
                crate::solver::bits::insert(&mut evens, b);
            }
            for k in [0, 2, 7] {
                let mut counts = vec![0; d.padded_row(0).len()];
                d.count_far(&evens, k, &mut counts);
                for a in (0..n).filter(|&a| !contracted || a != 60 && a != 62) {
                    let expected = crate::solver::bits::members(&evens).filter(|&b| d.row(a)[b] > k).count();
                    assert_eq!(usize::from(counts[a]), expected, "from {a} beyond {k}, contracted {contracted}");
                }
            }
        }
    }

    #[test]
    fn contraction_fits_agrees_with_contracting() {
        let mut d = path();
        // Radius 2 (centre 2). Contracting {1, 2, 3} gives radius 1; contracting {3, 4} does not.
        let mut candidates = Centres::default();
        let neighbours = |a: usize| [a.wrapping_sub(1), a + 1].into_iter().filter(|&b| b < 5);
        d.centre_candidates(
            1,
            neighbours,
            &mut candidates,
            Some(Rims { bits: &[1, 2, 4, 2, 1], one_colour: &|rim: u32| rim.count_ones() == 1 }),
        );
        // Each with the regions two or more away: the ones the move must bring within 1.
        let found = (&candidates.nodes[..], &candidates.start[..], &candidates.far[..]);
        assert_eq!(found, (&[1, 3][..], &[0, 2, 4][..], &[3, 4, 0, 1][..]));
        // Colours 0 1 2 1 0: the middle to 1 leaves 0 1 0, whose centre's rim is all 0.
        let bits: &[u8] = &[1, 2, 4, 2, 1];
        let any = |rim: u32| rim.count_ones() == 1;
        assert!(d.contraction_fits((&[1, 2, 3], 2), 1, &candidates, (bits, 2), any));
        assert!(!d.contraction_fits((&[1, 2, 3], 2), 1, &candidates, (bits, 2), |rim| rim == 2));
        assert!(!d.contraction_fits((&[3, 4], 3), 1, &candidates, (bits, 1), any));
        assert!(!d.contraction_fits((&[0, 1], 1), 1, &candidates, (bits, 2), any));
    }
}
