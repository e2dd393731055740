//! Seeded randomness that gives the same numbers on every platform: ChaCha8, sampled with 64-bit
//! arithmetic only (never `usize`-wide), so 32-bit Android agrees with 64-bit phones and desktops.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A seeded random stream.
pub struct Random(ChaCha8Rng);

impl Random {
    /// The stream for `seed`.
    pub fn new(seed: u64) -> Random {
        Random(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A uniform number in `0..n` (`n ≥ 1`), without modulo bias.
    pub fn below(&mut self, n: usize) -> usize {
        let n = n.max(1) as u64;
        let limit = u64::MAX - u64::MAX % n;
        loop {
            let x = self.0.next_u64();
            if x < limit {
                return (x % n) as usize;
            }
        }
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }

    /// Shuffles `items` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed_by_the_seed() {
        let take = |seed| {
            let mut r = Random::new(seed);
            (0..8).map(|_| r.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(take(7), take(7));
        assert_ne!(take(7), take(8));
        // Pinned: a change here would change every generated level and daily puzzle.
        assert_eq!(take(2026), PINNED);
    }

    const PINNED: [usize; 8] = [791, 691, 764, 902, 816, 61, 97, 114];

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut r = Random::new(1);
        assert!((0..1000).all(|_| r.below(3) < 3));
        let mut v: Vec<u32> = (0..20).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }
}
