//! Share codes: any text opens as a puzzle or gives a typed error, and whatever opens with at
//! most 256 tiles encodes and opens again as the same puzzle (encoding tries nine tile modes, so
//! re-encoding every large random board would take most of the fuzzer's time; the property tests
//! round-trip thousands of boards up to 64 × 64).
//!
//! Random text almost never passes the check characters, so the first byte chooses whether the
//! rest is used as text or as payload digits sealed in a valid envelope (version 1, the length,
//! the check characters computed here from the documented rule): the sealed half reaches the
//! payload decoder.

#![no_main]

use kami_core::share::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else { return };
    let text = if mode & 1 == 1 { seal(rest) } else { String::from_utf8_lossy(rest).into_owned() };
    if let Ok(shared) = decode(&text)
        && shared.level.board().len() <= 256
    {
        let code = encode(&shared.level, shared.par_proven, shared.name.as_deref()).expect("an opened puzzle encodes");
        let again = decode(&code).expect("a fresh code opens");
        assert_eq!(again.level.board(), shared.level.board());
        assert_eq!((again.level.palette(), again.level.par()), (shared.level.palette(), shared.level.par()));
        assert_eq!((again.par_proven, &again.name), (shared.par_proven, &shared.name));
    }
});

const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// `payload` (each byte a digit, modulo 62) as a version 1 code with a correct length character
/// and check characters: `Σ dᵢ·61ⁱ + v·61ⁿ ≡ 0 (mod 238,321)`.
fn seal(payload: &[u8]) -> String {
    const PRIME: u64 = 238_321;
    let length = payload.len() + 5;
    let mut digits: Vec<u64> = vec![1, (length % 62) as u64];
    digits.extend(payload.iter().map(|&b| u64::from(b % 62)));
    let (mut sum, mut weight) = (0, 1);
    for &d in &digits {
        sum = (sum + d * weight) % PRIME;
        weight = weight * 61 % PRIME;
    }
    // v = −sum · weight⁻¹, the inverse by Fermat: weight^(p − 2).
    let (mut inverse, mut base, mut exponent) = (1, weight, PRIME - 2);
    while exponent > 0 {
        if exponent & 1 == 1 {
            inverse = inverse * base % PRIME;
        }
        base = base * base % PRIME;
        exponent >>= 1;
    }
    let v = (PRIME - sum) % PRIME * inverse % PRIME;
    digits.extend([v / 3844, v / 62 % 62, v % 62]);
    digits.iter().map(|&d| char::from(ALPHABET[d as usize])).collect()
}
