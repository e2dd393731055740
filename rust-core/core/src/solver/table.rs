//! The transposition table: lower bounds learned on the moves still needed from positions the
//! search has fully explored, in a fixed amount of memory. Threads searching one island together
//! share one table: its slots are atomic words, written so that a slot torn by two writes at once
//! matches no position.
//!
//! A table is no larger than its entries need: then they stay in few cache lines and pages (on
//! one search, 12,000 entries spread over a 32 MiB table made every node 1.4x as slow as in the
//! 512 KiB that held them). It grows as it fills, also while threads share it (see
//! [`Table::share`]).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// Slot layout: `[key ^ data, data]` with `key = hash[0]` and `data = hash[1] & !0xFFFF |
/// generation << 8 | bound`, in one of the two slots at `hash[0] & (len - 1)` and the one beside
/// it (`^ 1`, in the same cache line), so a slot alone says where it belongs when the table
/// grows. A slot read half from one write and half from another gives a key that is neither's.
type Slot = [AtomicU64; 2];

/// Slots a table starts with (64 KiB): small searches, most hints among them, never pay for
/// clearing a large table.
const FIRST_SLOTS: usize = 1 << 12;

/// Slots a table has at least once shared (256 KiB).
const SHARED_SLOTS: usize = 1 << 14;

/// A table that grows up to a fixed size. A new entry takes a free slot of its pair, else the
/// one with the lower bound: a higher bound stands for more search, which is dearer to redo.
pub struct Table {
    /// The slots allocated; the first `len` are in use.
    slots: Vec<Slot>,
    /// Slots in use (a power of two): a position's pair is at `hash[0] & (len - 1)`. Equal to
    /// `slots.len()` except while shared.
    len: AtomicUsize,
    /// While a shared table grows: the slots in use before, where the positions learned before
    /// are found until they are moved (0 otherwise).
    before: AtomicUsize,
    /// Whether a thread is growing the shared table.
    growing: AtomicBool,
    /// Slots it may grow to.
    max_slots: usize,
    /// Entries of the current generation (approximately: slots overwritten by another thread at
    /// the same time count once each). Every thread writes it at each new entry; kept on a cache
    /// line of its own and written at one new entry in eight, it left two threads' time on
    /// `organic-speckled-6` and `-8` as it was (2026-11-30).
    used: AtomicUsize,
    generation: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one pair of slots).
    pub fn with_bytes(bytes: usize) -> Table {
        let count = (bytes / std::mem::size_of::<Slot>()).max(2);
        let max_slots = if count.is_power_of_two() { count } else { count.next_power_of_two() / 2 };
        let slots = empty(max_slots.min(FIRST_SLOTS));
        let len = AtomicUsize::new(slots.len());
        Table {
            slots,
            len,
            before: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
            max_slots,
            used: AtomicUsize::new(0),
            generation: 1,
        }
    }

    /// Makes the table ready for threads to share through [`Table::raise_shared`] for a while
    /// (one iteration of a search): it can then grow to 16 times the slots in use (at least
    /// [`SHARED_SLOTS`], at most its size), memory allocated here, as it cannot move while
    /// shared. Allocating all of it at once would cost a search that ends soon more than its
    /// work (25 ms for 32 MiB on this machine).
    pub fn share(&mut self) {
        let len = *self.len.get_mut();
        if self.slots.len() == len {
            // Not shared since it last grew: start big enough that small searches seldom grow.
            while self.slots.len() < self.max_slots.min(SHARED_SLOTS) {
                self.grow();
            }
        }
        let room = (*self.len.get_mut() * 16).min(self.max_slots);
        let allocated = self.slots.len();
        if allocated < room {
            self.slots.extend((allocated..room).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]));
        }
    }

    /// Back from sharing: the slots in use are all the table holds.
    fn owned(&mut self) {
        self.slots.truncate(*self.len.get_mut());
        *self.before.get_mut() = 0;
    }

    /// Forgets every entry (in O(1)): bounds learned for one goal do not hold for another.
    pub fn clear(&mut self) {
        self.owned();
        *self.used.get_mut() = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots = empty(self.slots.len());
            self.generation = 1;
        }
    }

    /// The learned lower bound for a position, 0 if none.
    pub fn bound(&self, hash: [u64; 2]) -> u32 {
        let i = self.index(hash[0]);
        let bound = self.bound_at(i, hash).max(self.bound_at(i ^ 1, hash));
        match self.before.load(Ordering::Relaxed) {
            0 => bound,
            before => {
                let j = hash[0] as usize & (before - 1);
                let learned = self.bound_at(j, hash).max(self.bound_at(j ^ 1, hash));
                if learned > bound {
                    // Moved where it belongs now, so that it outlives the next growth.
                    self.insert_shared(hash, learned);
                }
                bound.max(learned)
            }
        }
    }

    /// The bound for a position in slot `index`, 0 if the slot holds another.
    fn bound_at(&self, index: usize, hash: [u64; 2]) -> u32 {
        let [key, data] = self.load(index);
        if key == hash[0] && data & !0xFF == self.tag(hash) { (data & 0xFF) as u32 } else { 0 }
    }

    /// The slot for a position: its own entry's if it has one, else a free one of its pair,
    /// else the one with the lower bound.
    fn slot_for(&self, hash: [u64; 2]) -> usize {
        let i = self.index(hash[0]);
        let rank = |index: usize| {
            let slot = self.load(index);
            let own = slot[0] == hash[0] && slot[1] & !0xFF == self.tag(hash);
            // Own entry first, then free slots, then the lower bound.
            (!own, self.current(slot), slot[1] & 0xFF)
        };
        if rank(i ^ 1) < rank(i) { i ^ 1 } else { i }
    }

    /// Reads the slots of these positions, so that their lookups soon after find them in the
    /// processor's cache: the reads here run side by side, where lookups one at a time between
    /// other work each wait for memory once the table outgrows the cache.
    pub fn prefetch(&self, hashes: impl Iterator<Item = [u64; 2]>) {
        let keys = hashes.map(|hash| self.slots[self.index(hash[0])][1].load(Ordering::Relaxed));
        std::hint::black_box(keys.fold(0, u64::wrapping_add));
    }

    /// Records that a position needs at least `bound` more moves, growing the table first if it
    /// is half full.
    pub fn raise(&mut self, hash: [u64; 2], bound: u32) {
        if bound > self.bound(hash) {
            let len = *self.len.get_mut();
            if *self.used.get_mut() * 2 >= len && len < self.max_slots {
                self.grow();
            }
            let index = self.slot_for(hash);
            *self.used.get_mut() += usize::from(!self.current(self.load(index)));
            self.store(index, hash, bound);
        }
    }

    /// [`Table::raise`] on a table shared by threads ([`Table::share`]). When half full, it
    /// doubles the slots in use, and the thread that grows it moves the entries that now belong
    /// in the new half there (see [`Table::grow_shared`]).
    pub fn raise_shared(&self, hash: [u64; 2], bound: u32) {
        if bound > self.bound(hash) {
            self.insert_shared(hash, bound);
        }
    }

    /// Stores a bound for a position in a shared table, growing it first when half full.
    fn insert_shared(&self, hash: [u64; 2], bound: u32) {
        let mut index = self.slot_for(hash);
        if !self.current(self.load(index)) {
            let used = self.used.fetch_add(1, Ordering::Relaxed) + 1;
            let len = self.len.load(Ordering::Relaxed);
            if used * 2 >= len && len * 2 <= self.slots.len() && !self.growing.swap(true, Ordering::Acquire) {
                if self.len.load(Ordering::Relaxed) == len {
                    self.grow_shared(len);
                    index = self.slot_for(hash);
                }
                self.growing.store(false, Ordering::Release);
            }
        }
        self.store(index, hash, bound);
    }

    /// Doubles the `len` slots in use of a shared table, then moves each entry of the first
    /// `len` whose pair is now in the second half there. Meanwhile the other threads look
    /// entries up in both places (`before`); one they miss, or one moved over another, is a
    /// bound given up, never a wrong one (what that used to cost: `search/shared.rs`,
    /// "Measured").
    fn grow_shared(&self, len: usize) {
        self.before.store(len, Ordering::Relaxed);
        self.len.store(len * 2, Ordering::Relaxed);
        for i in 0..len {
            let [key, data] = self.load(i);
            if !self.current([key, data]) || key as usize & (len * 2 - 1) & !1 == i & !1 {
                continue;
            }
            // The slot's data holds the position's check bits, as its hash would.
            let hash = [key, data];
            let j = self.slot_for(hash);
            let bound = ((data & 0xFF) as u32).max(self.bound_at(j, hash));
            self.store(j, hash, bound);
            self.slots[i][0].store(0, Ordering::Relaxed);
            self.slots[i][1].store(0, Ordering::Relaxed);
        }
        self.before.store(0, Ordering::Relaxed);
    }

    /// Doubles the slots, moving over the current generation's entries.
    fn grow(&mut self) {
        self.owned();
        let doubled = empty(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, doubled);
        *self.len.get_mut() = self.slots.len();
        let mut used = 0;
        for slot in &old {
            let [key, data] = [slot[0].load(Ordering::Relaxed), slot[1].load(Ordering::Relaxed)];
            let (key, data) = (key ^ data, data);
            if self.current([key, data]) {
                let index = self.slot_for([key, data]);
                used += usize::from(!self.current(self.load(index)));
                self.slots[index][0].store(key ^ data, Ordering::Relaxed);
                self.slots[index][1].store(data, Ordering::Relaxed);
            }
        }
        *self.used.get_mut() = used;
    }

    /// A slot as `[key, data]`.
    fn load(&self, index: usize) -> [u64; 2] {
        let slot = &self.slots[index];
        let (mixed, data) = (slot[0].load(Ordering::Relaxed), slot[1].load(Ordering::Relaxed));
        [mixed ^ data, data]
    }

    fn store(&self, index: usize, hash: [u64; 2], bound: u32) {
        let data = self.tag(hash) | u64::from(bound.min(0xFF));
        self.slots[index][0].store(hash[0] ^ data, Ordering::Relaxed);
        self.slots[index][1].store(data, Ordering::Relaxed);
    }

    /// Whether a slot (as `[key, data]`) holds an entry of the current generation.
    fn current(&self, slot: [u64; 2]) -> bool {
        slot[1] & 0xFF00 == u64::from(self.generation) << 8
    }

    /// The check bits and generation of a position's slot (the bound's byte left clear).
    fn tag(&self, hash: [u64; 2]) -> u64 {
        hash[1] & !0xFFFF | u64::from(self.generation) << 8
    }

    fn index(&self, key: u64) -> usize {
        key as usize & (self.len.load(Ordering::Relaxed) - 1)
    }
}

/// Lower bounds learned on children cut before they were played, for one thread's search: a
/// table small enough to stay in the processor's cache. The main [`Table`] does not learn them,
/// as each such child would take an entry there (tried: `organic-speckled-8` 1.82 M nodes to
/// 1.40 M, but 956 ms to 1,044). Another order of moves often meets such a child again soon: on
/// `09-patterns/tessera`, 19 k of the 98 k children tested had been tested before, 40% of those
/// within the last 4,096 (2026-11-30). Met again, it is cut at once instead of tested again.
pub struct Recent {
    /// Per slot, `hash[1]` of the position with the bound in its low byte.
    slots: Vec<u64>,
}

/// Slots a [`Recent`] has (512 KiB, allocated zeroed, so pages a short search never touches
/// cost nothing). With 4,096, 8,192, 16,384 and 65,536 slots (callgrind, `kami solve FILE
/// --threads 1`): `09-patterns/tessera` 917, 915, 912 and 902 M instructions against 932 M
/// without, `gingham` 669, 661, 654 and 637 M against 704 M, `08-summit/massif` 499, 497, 495
/// and 490 M against 509 M; and in time, medians of seven runs, `gingham` 77 ms with 8,192
/// slots and 74 ms with 65,536 against 82 ms, `massif` 54 and 53 ms against 59,
/// `organic-speckled-1` 251 and 274 ms against 287 (2026-11-30).
const RECENT_SLOTS: usize = 1 << 16;

impl Recent {
    /// An empty one.
    pub fn new() -> Recent {
        Recent { slots: vec![0; RECENT_SLOTS] }
    }

    /// The bound learned for a position, 0 if none.
    pub fn bound(&self, hash: [u64; 2]) -> u32 {
        let slot = self.slots[hash[0] as usize % RECENT_SLOTS];
        if slot & !0xFF == hash[1] & !0xFF { (slot & 0xFF) as u32 } else { 0 }
    }

    /// Learns that a position needs at least `bound` moves, in place of what its slot held.
    pub fn learn(&mut self, hash: [u64; 2], bound: u32) {
        self.slots[hash[0] as usize % RECENT_SLOTS] = hash[1] & !0xFF | u64::from(bound.min(0xFF));
    }
}

/// `count` empty slots.
fn empty(count: usize) -> Vec<Slot> {
    (0..count).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recent_bounds_are_kept_until_another_position_takes_the_slot() {
        let mut recent = Recent::new();
        let (a, b, c) = ([5, 0x1234_5600], [5 + RECENT_SLOTS as u64, 0x9876_5400], [6, 0x1234_5600]);
        assert_eq!(recent.bound(a), 0);
        recent.learn(a, 7);
        assert_eq!((recent.bound(a), recent.bound(b), recent.bound(c)), (7, 0, 0));
        recent.learn(b, 3);
        assert_eq!((recent.bound(a), recent.bound(b)), (0, 3));
    }

    #[test]
    fn remembers_raises_and_forgets() {
        let mut t = Table::with_bytes(1 << 10);
        let h = [7, 9 << 32 | 3];
        assert_eq!(t.bound(h), 0);
        t.raise(h, 4);
        t.raise(h, 2);
        assert_eq!(t.bound(h), 4);
        assert_eq!(t.bound([8, 9 << 32 | 3]), 0, "another position in the same slot");
        t.clear();
        assert_eq!(t.bound(h), 0);
    }

    #[test]
    fn a_pair_of_slots_keeps_two_positions_and_gives_up_the_lower_bound() {
        let mut t = Table::with_bytes(1 << 10);
        assert_eq!(t.slots.len(), 64);
        // Keys 4 and 5 share a pair; 68 lands on slot 4 too.
        let (a, b, c) = ([4, 1 << 32], [5, 2 << 32], [68, 3 << 32]);
        t.raise(a, 3);
        t.raise(b, 5);
        assert_eq!((t.bound(a), t.bound(b)), (3, 5));
        t.raise(c, 4);
        assert_eq!((t.bound(a), t.bound(b), t.bound(c)), (0, 5, 4));
        t.raise(b, 6);
        assert_eq!((t.bound(b), t.bound(c)), (6, 4), "an entry is raised where it is");
    }

    #[test]
    fn grows_to_its_size_and_keeps_what_it_learned() {
        let mut t = Table::with_bytes(16 * FIRST_SLOTS * 4);
        let hash = |i: u64| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i << 16];
        for i in 0..FIRST_SLOTS as u64 * 2 {
            t.raise(hash(i), 1 + (i % 200) as u32);
        }
        assert_eq!(t.slots.len(), FIRST_SLOTS * 4, "grew twice, to its limit");
        let kept = (0..FIRST_SLOTS as u64 * 2).filter(|&i| t.bound(hash(i)) == 1 + (i % 200) as u32).count();
        assert!(kept > FIRST_SLOTS, "most entries survive growing: {kept}");
        t.clear();
        assert!((0..1000).all(|i| t.bound(hash(i)) == 0));
    }

    #[test]
    fn grows_while_shared_and_finds_what_it_learned_before() {
        let mut t = Table::with_bytes(16 * SHARED_SLOTS * 8);
        let hash = |i: u64| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i << 16];
        let n = SHARED_SLOTS as u64 / 4;
        for i in 0..n {
            t.raise(hash(i), 3);
        }
        t.share();
        let len = || t.len.load(Ordering::Relaxed);
        assert_eq!(len(), SHARED_SLOTS);
        let found =
            |range: std::ops::Range<u64>, b: u32| range.clone().filter(|&i| t.bound(hash(i)) == b).count() as u64;
        // Two threads fill it past half: it grows once, and what it learned before is found.
        std::thread::scope(|s| {
            for part in 0..2 {
                let t = &t;
                s.spawn(move || (n + part..n * 3).step_by(2).for_each(|i| t.raise_shared(hash(i), 5)));
            }
        });
        assert_eq!(len(), SHARED_SLOTS * 2, "grew once, half full");
        assert!(found(0..n, 3) > n * 9 / 10, "before sharing: {}", found(0..n, 3));
        // A write that races the growth may be lost (see the test below): under qemu's armv7
        // emulation, far more than on this machine.
        assert!(found(n..n * 3, 5) > n * 2 * 3 / 4, "while shared: {}", found(n..n * 3, 5));
        // Moved where they belong, they outlive the next growth.
        (n * 3..n * 6).for_each(|i| t.raise_shared(hash(i), 6));
        assert_eq!(len(), SHARED_SLOTS * 4, "grew again");
        assert!(found(0..n, 3) > n * 9 / 10, "moved: {}", found(0..n, 3));
        t.clear();
        assert_eq!(t.slots.len(), SHARED_SLOTS * 4, "the slots in use stay");
        assert!((0..n * 6).all(|i| t.bound(hash(i)) == 0));
    }

    #[test]
    fn growing_while_shared_keeps_what_it_learned() {
        // Three growths while shared, no entry looked up in between: each is moved where it
        // belongs as the table grows (they were given up two growths on, which kept four in
        // five here). One thread writes, so that no write can race a growth: two threads under
        // qemu's emulation of armv7 lost one entry in seven that way, which the table may do
        // (an entry lost costs a search again, never a wrong bound) but this test must not
        // depend on.
        let t = {
            let mut t = Table::with_bytes(16 * SHARED_SLOTS * 8);
            t.share();
            t
        };
        let hash = |i: u64| [i.wrapping_mul(0x9E37_79B9_7F4A_7C15), i << 16];
        let n = SHARED_SLOTS as u64 * 3;
        (0..n).for_each(|i| t.raise_shared(hash(i), 1 + (i % 9) as u32));
        assert_eq!(t.len.load(Ordering::Relaxed), SHARED_SLOTS * 8, "grew three times");
        let kept = (0..n).filter(|&i| t.bound(hash(i)) == 1 + (i % 9) as u32).count() as u64;
        assert!(kept > n * 9 / 10, "{kept} of {n} kept");
    }
}
