//! A code's characters: the payload's bits as a base-62 number (digits and letters only: nothing
//! a URL escapes, a messenger formats or a double-click stops at), the length character, and the
//! check characters.
//!
//! Every version keeps this envelope: character 0 is the version, character 1 the code's length
//! modulo 62, and the last [`CHECK_CHARS`] hold `v` < [`PRIME`] such that
//! `Σ dᵢ·Wⁱ + v·Wⁿ ≡ 0 (mod PRIME)` over the `n` characters before them. A single changed
//! character changes the sum by `δ·Wⁱ` with `0 < |δ| < 62`, a swap of neighbours by
//! `δ·Wⁱ·(1 − W)`, neither of them 0 modulo a prime; inside `v` every such change moves it by less
//! than `PRIME` (or out of range), and a swap across the boundary by `δ·Wⁿ⁻¹·(1 − 62²·W)`, not 0
//! since `W ≠ 62⁻²`. So every one of those mistakes is refused, and other damage passes with a
//! chance of 1 in 238,321.

/// The digits of a code, in value order.
pub(super) const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// Characters holding the check value.
pub(super) const CHECK_CHARS: usize = 3;
/// The largest prime below 62³: check values are below it.
const PRIME: u64 = 238_321;
/// The weight's base: a primitive root modulo [`PRIME`].
const WEIGHT: u64 = 61;

/// The value of one code character, if it is one.
pub(super) fn digit(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        'A'..='Z' => Some(ch as u8 - b'A' + 10),
        'a'..='z' => Some(ch as u8 - b'a' + 36),
        _ => None,
    }
}

/// `Σ dᵢ·Wⁱ mod PRIME` over `digits`, and `W^len`.
fn weighted(digits: &[u8]) -> (u64, u64) {
    digits.iter().fold((0, 1), |(sum, weight), &d| ((sum + u64::from(d) * weight) % PRIME, weight * WEIGHT % PRIME))
}

fn power(mut base: u64, mut exponent: u64) -> u64 {
    let mut result = 1;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = result * base % PRIME;
        }
        base = base * base % PRIME;
        exponent >>= 1;
    }
    result
}

/// The check digits that complete `digits`.
pub(super) fn check(digits: &[u8]) -> [u8; CHECK_CHARS] {
    let (sum, weight) = weighted(digits);
    // v·Wⁿ ≡ −sum, so v = −sum·W⁻ⁿ (Fermat: W⁻¹ = W^(p−2)).
    let v = (PRIME - sum) % PRIME * power(weight, PRIME - 2) % PRIME;
    [(v / 3844) as u8, (v / 62 % 62) as u8, (v % 62) as u8]
}

/// Whether the last [`CHECK_CHARS`] digits check the others.
pub(super) fn checks(digits: &[u8]) -> bool {
    let Some(split) = digits.len().checked_sub(CHECK_CHARS) else { return false };
    let (body, tail) = digits.split_at(split);
    let v = tail.iter().fold(0, |v, &d| v * 62 + u64::from(d));
    let (sum, weight) = weighted(body);
    v < PRIME && (sum + v * weight) % PRIME == 0
}

/// A number in base 2³², least significant limb first.
struct Big(Vec<u32>);

impl Big {
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let x = u64::from(*limb) * u64::from(factor) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn div_rem(&mut self, divisor: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let x = rem << 32 | u64::from(*limb);
            *limb = (x / u64::from(divisor)) as u32;
            rem = x % u64::from(divisor);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    fn bit_len(&self) -> usize {
        self.0.last().map_or(0, |top| self.0.len() * 32 - top.leading_zeros() as usize)
    }

    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|limb| limb >> (i % 32) & 1 == 1)
    }
}

/// The most bits `digits` base-62 digits hold: the largest `b` with `2^b ≤ 62^digits`.
fn capacity(digits: usize) -> usize {
    capacities().nth(digits).unwrap_or(0)
}

/// [`capacity`] of 0, 1, 2, … digits.
fn capacities() -> impl Iterator<Item = usize> {
    let mut power = Big(vec![1]);
    std::iter::from_fn(move || {
        let bits = power.bit_len() - 1;
        power.mul_add(62, 0);
        Some(bits)
    })
}

/// `bits` as the fewest base-62 digits that hold them, most significant first (the bits are
/// read as the top of a number of [`capacity`] bits).
pub(super) fn to_digits(bits: &[bool]) -> Vec<u8> {
    let (count, room) = capacities().enumerate().find(|&(_, room)| room >= bits.len()).unwrap_or((0, 0));
    let mut number = Big(Vec::new());
    for i in 0..room {
        number.mul_add(2, u32::from(bits.get(i).copied().unwrap_or(false)));
    }
    let mut digits: Vec<u8> = (0..count).map(|_| number.div_rem(62) as u8).collect();
    digits.reverse();
    digits
}

/// The bits of `digits` (as [`to_digits`] wrote them, zeros at the end included), or `None` if
/// the number is too large to have been written so.
pub(super) fn to_bits(digits: &[u8]) -> Option<Vec<bool>> {
    let mut number = Big(Vec::new());
    for &d in digits {
        number.mul_add(62, u32::from(d));
    }
    let bits = capacity(digits.len());
    (number.bit_len() <= bits).then(|| (0..bits).rev().map(|i| number.bit(i)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_alphabet_is_in_digit_order() {
        for (value, &ch) in ALPHABET.iter().enumerate() {
            assert_eq!(digit(char::from(ch)), Some(value as u8));
        }
        for ch in ['-', '_', ' ', '+', '/', 'é', '\0'] {
            assert_eq!(digit(ch), None);
        }
    }

    #[test]
    fn the_prime_and_weight_are_as_documented() {
        assert!((2..=488).all(|d| !PRIME.is_multiple_of(d)), "prime");
        assert!(PRIME < 62u64.pow(3) && (PRIME + 1..62u64.pow(3)).all(|n| (2..=488).any(|d| n.is_multiple_of(d))));
        // W is a primitive root: its order is p − 1 (p − 1 = 2⁴·3²·5·331, every maximal divisor fails).
        for q in [2, 3, 5, 331] {
            assert_ne!(power(WEIGHT, (PRIME - 1) / q), 1);
        }
        assert_ne!(WEIGHT * 3844 % PRIME, 1);
    }

    proptest! {
        #[test]
        fn bits_survive_the_digits(bits in prop::collection::vec(any::<bool>(), 0..2000)) {
            let digits = to_digits(&bits);
            prop_assert!(capacity(digits.len()) >= bits.len());
            prop_assert!(digits.is_empty() || capacity(digits.len() - 1) < bits.len());
            let back = to_bits(&digits).unwrap();
            prop_assert_eq!(&back[..bits.len()], &bits[..]);
            prop_assert!(back[bits.len()..].iter().all(|&b| !b));
        }

        #[test]
        fn check_digits_complete_any_digits(digits in prop::collection::vec(0u8..62, 0..300)) {
            let mut all = digits.clone();
            all.extend(check(&digits));
            prop_assert!(checks(&all));
        }
    }

    #[test]
    fn too_large_numbers_are_refused() {
        // 62² = 3844 holds 11 bits (2048 ≤ 3844 < 4096): "zz" = 3843 is too large.
        assert_eq!(capacity(2), 11);
        assert!(to_bits(&[61, 61]).is_none());
        assert!(to_bits(&[33, 1]).is_some_and(|b| b.len() == 11));
    }
}
