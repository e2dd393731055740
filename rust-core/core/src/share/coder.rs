//! A binary arithmetic coder (32-bit integer interval, bits out one at a time) and the adaptive
//! bit model the puzzle's fields are coded with.
//!
//! Integer arithmetic only, so every platform codes the same bits. The encoder ends with the two
//! bits that pin the final interval, after which the decoder may read anything: it reads zeros,
//! so trailing zeros of a stream can be dropped.

const TOP: u64 = 0xFFFF_FFFF;
const HALF: u64 = 0x8000_0000;
const QUARTER: u64 = 0x4000_0000;

/// Adaptive odds of one yes/no question in one context: counts of each answer, halved when they
/// grow large so the model keeps following the board.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Bit {
    no: u16,
    yes: u16,
}

/// Counts above this are halved.
const MAX_COUNT: u16 = 255;

impl Bit {
    /// The share of the interval given to "no", as (numerator, denominator): a Krichevsky–Trofimov
    /// estimate with a prior of 0.4 per answer.
    fn odds(self) -> (u64, u64) {
        (5 * u64::from(self.no) + 2, 5 * (u64::from(self.no) + u64::from(self.yes)) + 4)
    }

    fn learn(&mut self, yes: bool) {
        if yes {
            self.yes += 1;
        } else {
            self.no += 1;
        }
        if self.no + self.yes > MAX_COUNT {
            self.no = self.no.div_ceil(2);
            self.yes = self.yes.div_ceil(2);
        }
    }
}

/// The coder's interval, `low..=high`, the same on both sides.
#[derive(Debug)]
struct Interval {
    low: u64,
    high: u64,
}

impl Interval {
    fn new() -> Interval {
        Interval { low: 0, high: TOP }
    }

    /// The part `from..to` of `total`, then doubled until it spans more than a quarter: each
    /// doubling tells `shift` the bit it settles (`None` while straddling the middle) and the
    /// offset taken off first.
    fn narrow(&mut self, from: u64, to: u64, total: u64, mut shift: impl FnMut(Option<bool>, u64)) {
        let range = self.high - self.low + 1;
        self.high = self.low + range * to / total - 1;
        self.low += range * from / total;
        loop {
            let (settled, offset) = if self.high < HALF {
                (Some(false), 0)
            } else if self.low >= HALF {
                (Some(true), HALF)
            } else if self.low >= QUARTER && self.high < HALF + QUARTER {
                (None, QUARTER)
            } else {
                break;
            };
            self.low = (self.low - offset) * 2;
            self.high = (self.high - offset) * 2 + 1;
            shift(settled, offset);
        }
    }
}

/// Writes symbols as bits.
#[derive(Debug)]
pub(super) struct Encoder {
    interval: Interval,
    pending: u32,
    bits: Vec<bool>,
}

impl Encoder {
    pub(super) fn new() -> Encoder {
        Encoder { interval: Interval::new(), pending: 0, bits: Vec::new() }
    }

    /// Codes `symbol` of `count` equally likely ones (`count` from 1 to 2^16).
    pub(super) fn uniform(&mut self, symbol: u32, count: u32) {
        debug_assert!(symbol < count && count <= 1 << 16);
        self.narrow(u64::from(symbol), u64::from(symbol) + 1, u64::from(count));
    }

    /// Codes a number below `2^bits` as that many even odds.
    pub(super) fn raw(&mut self, value: u32, bits: u32) {
        for i in (0..bits).rev() {
            self.uniform(value >> i & 1, 2);
        }
    }

    /// Codes one answer with its adaptive odds, and updates them.
    pub(super) fn bit(&mut self, model: &mut Bit, yes: bool) {
        let (no, total) = model.odds();
        if yes {
            self.narrow(no, total, total)
        } else {
            self.narrow(0, no, total)
        }
        model.learn(yes);
    }

    /// The bits written, with trailing zeros dropped.
    pub(super) fn finish(mut self) -> Vec<bool> {
        self.pending += 1;
        let first = self.interval.low >= QUARTER;
        self.emit(first);
        while self.bits.last() == Some(&false) {
            self.bits.pop();
        }
        self.bits
    }

    fn narrow(&mut self, from: u64, to: u64, total: u64) {
        let (bits, pending) = (&mut self.bits, &mut self.pending);
        self.interval.narrow(from, to, total, |settled, _| match settled {
            Some(bit) => {
                bits.push(bit);
                bits.extend((0..*pending).map(|_| !bit));
                *pending = 0;
            }
            None => *pending += 1,
        });
    }

    fn emit(&mut self, bit: bool) {
        self.bits.push(bit);
        self.bits.extend((0..self.pending).map(|_| !bit));
        self.pending = 0;
    }
}

/// Reads symbols back from bits; past the end it reads zeros.
#[derive(Debug)]
pub(super) struct Decoder<'a> {
    interval: Interval,
    value: u64,
    bits: &'a [bool],
    /// Bits taken into `value` so far (the first 32 at once).
    read: usize,
    /// Bits the encoder had written when it stood where the decoder stands (32 fewer than read,
    /// plus the pending ones it had not yet settled).
    shifts: usize,
}

impl<'a> Decoder<'a> {
    pub(super) fn new(bits: &'a [bool]) -> Decoder<'a> {
        let mut decoder = Decoder { interval: Interval::new(), value: 0, bits, read: 0, shifts: 0 };
        for _ in 0..32 {
            decoder.value = decoder.value * 2 + decoder.next();
        }
        decoder
    }

    /// Reads a symbol coded by [`Encoder::uniform`] with the same `count`.
    pub(super) fn uniform(&mut self, count: u32) -> u32 {
        let range = self.interval.high - self.interval.low + 1;
        let total = u64::from(count);
        // The symbol whose sub-interval holds the value.
        let offset = self.value - self.interval.low;
        let mut symbol = ((offset + 1) * total - 1) / range;
        symbol = symbol.min(total - 1);
        while symbol > 0 && range * symbol / total > offset {
            symbol -= 1;
        }
        while symbol + 1 < total && range * (symbol + 1) / total <= offset {
            symbol += 1;
        }
        self.narrow(symbol, symbol + 1, total);
        symbol as u32
    }

    /// Reads a number coded by [`Encoder::raw`].
    pub(super) fn raw(&mut self, bits: u32) -> u32 {
        (0..bits).fold(0, |value, _| value << 1 | self.uniform(2))
    }

    /// Reads one answer coded by [`Encoder::bit`] with the same model, and updates it.
    pub(super) fn bit(&mut self, model: &mut Bit) -> bool {
        let (no, total) = model.odds();
        let range = self.interval.high - self.interval.low + 1;
        let yes = self.value - self.interval.low >= range * no / total;
        if yes {
            self.narrow(no, total, total)
        } else {
            self.narrow(0, no, total)
        }
        model.learn(yes);
        yes
    }

    /// How many bits the encoder wrote for everything read so far, once finished: the decoder
    /// mirrors its every shift, and the finish adds two.
    pub(super) fn bits_used(&self) -> usize {
        self.shifts + 2
    }

    fn narrow(&mut self, from: u64, to: u64, total: u64) {
        let (bits, read, value, shifts) = (self.bits, &mut self.read, &mut self.value, &mut self.shifts);
        self.interval.narrow(from, to, total, |_, offset| {
            *value = (*value - offset) * 2 + u64::from(bits.get(*read).copied().unwrap_or(false));
            *read += 1;
            *shifts += 1;
        });
    }

    fn next(&mut self) -> u64 {
        let bit = self.bits.get(self.read).copied().unwrap_or(false);
        self.read += 1;
        u64::from(bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[derive(Clone, Debug)]
    enum Op {
        Uniform(u32, u32),
        Raw(u32, u32),
        Bit(usize, bool),
    }

    fn op() -> impl Strategy<Value = Op> {
        prop_oneof![
            (1u32..=65536).prop_flat_map(|n| (0..n, Just(n))).prop_map(|(s, n)| Op::Uniform(s, n)),
            (0u32..=24).prop_flat_map(|b| (0..(1u32 << b), Just(b))).prop_map(|(v, b)| Op::Raw(v, b)),
            (0usize..4, any::<bool>()).prop_map(|(m, y)| Op::Bit(m, y)),
            // Long runs of one answer drive the odds to their extremes.
            Just(Op::Bit(3, false)),
        ]
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back_and_the_bit_count_is_known(ops in prop::collection::vec(op(), 0..400)) {
            let mut models = [Bit::default(); 4];
            let mut encoder = Encoder::new();
            for op in &ops {
                match *op {
                    Op::Uniform(s, n) => encoder.uniform(s, n),
                    Op::Raw(v, b) => encoder.raw(v, b),
                    Op::Bit(m, y) => encoder.bit(&mut models[m], y),
                }
            }
            let bits = encoder.finish();
            let mut models = [Bit::default(); 4];
            let mut decoder = Decoder::new(&bits);
            for op in &ops {
                match *op {
                    Op::Uniform(s, n) => prop_assert_eq!(decoder.uniform(n), s),
                    Op::Raw(v, b) => prop_assert_eq!(decoder.raw(b), v),
                    Op::Bit(m, y) => prop_assert_eq!(decoder.bit(&mut models[m]), y),
                }
            }
            // Trailing zeros were dropped, so the stream is at most what the encoder wrote.
            prop_assert!(bits.len() <= decoder.bits_used());
        }
    }
}
