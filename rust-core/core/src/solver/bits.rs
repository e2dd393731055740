//! Sets of small integers as rows of `u64` words: the solver's sets of regions.

/// Words needed for a set over `0..n`.
pub fn words_for(n: usize) -> usize {
    n.div_ceil(64).max(1)
}

/// Whether `i` is in the set.
#[inline]
pub fn has(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// Adds `i`.
#[inline]
pub fn insert(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

/// Removes `i`.
#[inline]
pub fn remove(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

/// Word `word` of the set holding only `i`.
#[inline]
pub fn word_of(i: usize, word: usize) -> u64 {
    if i / 64 == word { 1 << (i % 64) } else { 0 }
}

/// Whether the two sets share a member.
#[inline]
pub fn meets(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The members, in increasing order.
pub fn members(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        let mut rest = word;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                w * 64 + bit
            })
        })
    })
}

/// Appends the members of the set whose words `words` yields to `out`, in increasing order: a
/// plain loop, cheaper than extending by [`members`] (the colour schedule's classes read so,
/// and a child's worked out from words: `organic-speckled-2` 854 M instructions to 829 M).
pub fn push_members(words: impl Iterator<Item = u64>, out: &mut Vec<usize>) {
    for (w, mut word) in words.enumerate() {
        while word != 0 {
            out.push(w * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_add_remove_and_list_members() {
        let mut s = vec![0u64; words_for(130)];
        assert_eq!(s.len(), 3);
        for i in [0, 63, 64, 129] {
            insert(&mut s, i);
        }
        remove(&mut s, 63);
        assert_eq!(members(&s).collect::<Vec<_>>(), vec![0, 64, 129]);
        let mut pushed = vec![7];
        push_members(s.iter().copied(), &mut pushed);
        assert_eq!(pushed, vec![7, 0, 64, 129]);
        assert!(has(&s, 129) && !has(&s, 63));
        let mut t = vec![0u64; 3];
        insert(&mut t, 64);
        assert!(meets(&s, &t));
        assert_eq!(words_for(0), 1);
    }
}
