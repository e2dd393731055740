//! Distances between all current regions of an island, kept up to date as moves contract
//! regions, with each region's eccentricity (its largest distance to another region).
//!
//! A move contracts a star `S` (the region moved and the neighbours it swallows) into one region,
//! so a shortest path either avoids `S` or passes it once: `d'(a, b) = min(d(a, b), d(a, S) +
//! d(S, b))` with `d(a, S) = min over s in S of d(a, s)`. That is one pass over the matrix, with
//! no search. Distances are bytes; [`FAR`] stands for "not a live region".

/// The distance recorded for dead regions and in dead rows: larger than any real distance.
pub const FAR: u8 = u8::MAX;

/// All-pairs distances of an island's live regions.
pub struct Distances {
    n: usize,
    /// `matrix[a * n + b]`; rows and columns of dead regions are stale.
    matrix: Vec<u8>,
    /// Each live region's eccentricity; stale for dead ones.
    ecc: Vec<u8>,
    /// `FAR` for live regions, 0 for dead ones: masks dead columns out of maxima.
    live: Vec<u8>,
    /// Saved `matrix`, `ecc` and `live` of earlier positions, for undo.
    saved: Vec<u8>,
    /// Scratch: distances to the star being contracted or tested.
    to_star: Vec<u8>,
}

impl Distances {
    /// Distances of a graph of `n` regions with adjacency lists `neighbours` (every region live).
    pub fn new(neighbours: &[Vec<usize>]) -> Distances {
        let n = neighbours.len();
        let mut matrix = vec![FAR; n * n];
        let mut queue = Vec::with_capacity(n);
        for source in 0..n {
            let row = &mut matrix[source * n..(source + 1) * n];
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
        let mut d =
            Distances { n, matrix, ecc: vec![0; n], live: vec![FAR; n], saved: Vec::new(), to_star: vec![FAR; n] };
        for a in 0..n {
            d.ecc[a] = d.row_max(a);
        }
        d
    }

    /// A live region's eccentricity.
    pub fn eccentricity(&self, a: usize) -> u32 {
        u32::from(self.ecc[a])
    }

    /// The distance between two live regions.
    pub fn between(&self, a: usize, b: usize) -> u32 {
        u32::from(self.matrix[a * self.n + b])
    }

    /// The colours (bit `c` for colour `c`) of the live regions farthest from `a`, those at
    /// distance equal to its eccentricity.
    pub fn rim_colours(&self, a: usize, colour: &[u8]) -> u32 {
        let row = &self.matrix[a * self.n..(a + 1) * self.n];
        let ecc = self.ecc[a];
        let rim = row.iter().zip(&self.live).zip(colour).filter(|&((&d, &live), _)| live != 0 && d == ecc);
        rim.fold(0, |mask, (_, &c)| mask | 1 << c)
    }

    /// Contracts `star` (live regions, `keep` among them) into `keep`.
    pub fn contract(&mut self, star: &[usize], keep: usize) {
        let n = self.n;
        self.saved.extend_from_slice(&self.matrix);
        self.saved.extend_from_slice(&self.ecc);
        self.saved.extend_from_slice(&self.live);
        self.star_distances(star);
        for &s in star {
            if s != keep {
                self.live[s] = 0;
            }
        }
        let to_star = &self.to_star;
        for a in 0..n {
            if self.live[a] == 0 {
                continue;
            }
            let da = to_star[a];
            for (cell, &db) in self.matrix[a * n..(a + 1) * n].iter_mut().zip(to_star) {
                *cell = (*cell).min(da.saturating_add(db));
            }
        }
        for (b, &d) in to_star.iter().enumerate() {
            self.matrix[keep * n + b] = d;
            self.matrix[b * n + keep] = d;
        }
        for a in 0..n {
            if self.live[a] != 0 {
                self.ecc[a] = self.row_max(a);
            }
        }
    }

    /// Takes back the last contraction.
    pub fn undo(&mut self) {
        let n = self.n;
        let start = self.saved.len() - n * n - 2 * n;
        self.matrix.copy_from_slice(&self.saved[start..start + n * n]);
        self.ecc.copy_from_slice(&self.saved[start + n * n..start + n * n + n]);
        self.live.copy_from_slice(&self.saved[start + n * n + n..]);
        self.saved.truncate(start);
    }

    /// Whether contracting `star` (live regions, `keep` among them) would leave the island with
    /// radius at most `t`, given the live regions that could be a centre afterwards (see
    /// [`Distances::centre_candidates`]). The matrix is not changed.
    pub fn contraction_fits(&mut self, star: &[usize], keep: usize, t: u32, candidates: &[usize]) -> bool {
        let n = self.n;
        let t = t.min(u32::from(FAR - 1)) as u8;
        self.star_distances(star);
        let to_star = &self.to_star;
        let live = &self.live;
        let outside = |b: usize| live[b] != 0 && to_star[b] != 0;
        // The contracted region itself as the centre: only possible if `keep` was a centre.
        if self.ecc[keep] <= t.saturating_add(1) && (0..n).filter(|&b| outside(b)).all(|b| to_star[b] <= t) {
            return true;
        }
        candidates.iter().filter(|&&c| to_star[c] != 0).any(|&c| {
            let row = &self.matrix[c * n..(c + 1) * n];
            let via = to_star[c];
            via <= t && (0..n).filter(|&b| outside(b)).all(|b| row[b].min(via.saturating_add(to_star[b])) <= t)
        })
    }

    /// The live regions that could be a centre of radius below `radius` after one contraction:
    /// neighbours of a current centre (of eccentricity `radius`) whose eccentricity is at most
    /// `radius + 1` (a contraction shortens a distance by at most two).
    ///
    /// Why neighbours: if `c` is a centre after contracting star `S` into `s`, `c ≠ s`, at distance
    /// `d` from `s`, then the region `x` one step from `c` towards `s` (a member of `S` adjacent to
    /// `c` when `d = 1`) has eccentricity at most one more than `c`'s new one before the move, so
    /// `x` was a centre.
    pub fn centre_candidates<I: IntoIterator<Item = usize>>(
        &self,
        radius: u32,
        neighbours: impl Fn(usize) -> I,
    ) -> Vec<usize> {
        let mut out: Vec<usize> = (0..self.n)
            .filter(|&a| self.live[a] != 0 && u32::from(self.ecc[a]) == radius)
            .flat_map(neighbours)
            .filter(|&b| u32::from(self.ecc[b]) <= radius + 1)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Fills `to_star` with each region's distance to the nearest member of `star`.
    fn star_distances(&mut self, star: &[usize]) {
        let n = self.n;
        self.to_star.fill(FAR);
        for &s in star {
            for (d, &ds) in self.to_star.iter_mut().zip(&self.matrix[s * n..(s + 1) * n]) {
                *d = (*d).min(ds);
            }
        }
    }

    /// The largest distance from `a` to a live region.
    fn row_max(&self, a: usize) -> u8 {
        let row = &self.matrix[a * self.n..(a + 1) * self.n];
        row.iter().zip(&self.live).map(|(&d, &m)| d & m).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path 0 - 1 - 2 - 3 - 4.
    fn path() -> Distances {
        Distances::new(&[vec![1], vec![0, 2], vec![1, 3], vec![2, 4], vec![3]])
    }

    #[test]
    fn contraction_shortens_paths_through_the_star_and_undo_restores() {
        let mut d = path();
        assert_eq!((d.between(0, 4), d.eccentricity(2), d.eccentricity(0)), (4, 2, 4));
        d.contract(&[1, 2, 3], 2);
        assert_eq!((d.between(0, 4), d.between(0, 2), d.eccentricity(2), d.eccentricity(0)), (2, 1, 1, 2));
        d.undo();
        assert_eq!((d.between(0, 4), d.eccentricity(2)), (4, 2));
    }

    #[test]
    fn contraction_fits_agrees_with_contracting() {
        let mut d = path();
        // Radius 2 (centre 2). Contracting {1, 2, 3} gives radius 1; contracting {3, 4} does not.
        let candidates =
            d.centre_candidates(2, |a| [a.wrapping_sub(1), a + 1].into_iter().filter(|&b| b < 5).collect::<Vec<_>>());
        assert_eq!(candidates, vec![1, 3]);
        assert!(d.contraction_fits(&[1, 2, 3], 2, 1, &candidates));
        assert!(!d.contraction_fits(&[3, 4], 3, 1, &candidates));
        assert!(!d.contraction_fits(&[0, 1], 1, 1, &candidates));
    }
}
