//! The transposition table: lower bounds learned on the moves still needed from positions the
//! search has fully explored, in a fixed amount of memory. Threads searching one island together
//! share one table: its slots are atomic words, written so that a slot torn by two writes at once
//! matches no position.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slot layout: `[key ^ data, data]` with `key = hash[0]` and `data = hash[1] & !0xFFFF |
/// generation << 8 | bound`, in one of the two slots at `hash[0] & (len - 1)` and the one beside
/// it (`^ 1`, in the same cache line), so a slot alone says where it belongs when the table
/// grows. A slot read half from one write and half from another gives a key that is neither's.
type Slot = [AtomicU64; 2];

/// Slots a table starts with (64 KiB): small searches, most hints among them, never pay for
/// clearing a large table.
const FIRST_SLOTS: usize = 1 << 12;

/// A table that grows up to a fixed size. A new entry takes a free slot of its pair, else the
/// one with the lower bound: a higher bound stands for more search, which is dearer to redo.
pub struct Table {
    slots: Vec<Slot>,
    /// Slots it may grow to.
    max_slots: usize,
    /// Current entries (approximately: replacements are not told apart from fresh ones).
    used: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one pair of slots).
    pub fn with_bytes(bytes: usize) -> Table {
        let count = (bytes / std::mem::size_of::<Slot>()).max(2);
        let max_slots = if count.is_power_of_two() { count } else { count.next_power_of_two() / 2 };
        Table { slots: empty(max_slots.min(FIRST_SLOTS)), max_slots, used: 0, generation: 1 }
    }

    /// Grows the table to its full size at once: a table shared by threads cannot grow.
    pub fn reserve_all(&mut self) {
        while self.slots.len() < self.max_slots {
            self.grow();
        }
    }

    /// Forgets every entry (in O(1)): bounds learned for one goal do not hold for another.
    pub fn clear(&mut self) {
        self.used = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots = empty(self.slots.len());
            self.generation = 1;
        }
    }

    /// The learned lower bound for a position, 0 if none.
    pub fn bound(&self, hash: [u64; 2]) -> u32 {
        let i = self.index(hash[0]);
        self.bound_at(i, hash).max(self.bound_at(i ^ 1, hash))
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
            if self.used * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
                self.grow();
            }
            let index = self.slot_for(hash);
            self.used += usize::from(!self.current(self.load(index)));
            self.store(index, hash, bound);
        }
    }

    /// [`Table::raise`] on a table shared by threads, which stays the size it is.
    pub fn raise_shared(&self, hash: [u64; 2], bound: u32) {
        if bound > self.bound(hash) {
            self.store(self.slot_for(hash), hash, bound);
        }
    }

    /// Doubles the slots, moving over the current generation's entries.
    fn grow(&mut self) {
        let doubled = empty(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in &old {
            let [key, data] = [slot[0].load(Ordering::Relaxed), slot[1].load(Ordering::Relaxed)];
            let (key, data) = (key ^ data, data);
            if self.current([key, data]) {
                let index = self.slot_for([key, data]);
                self.used += usize::from(!self.current(self.load(index)));
                self.slots[index][0].store(key ^ data, Ordering::Relaxed);
                self.slots[index][1].store(data, Ordering::Relaxed);
            }
        }
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
        key as usize & (self.slots.len() - 1)
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
}
