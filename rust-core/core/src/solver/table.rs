//! The transposition table: lower bounds learned on the moves still needed from positions the
//! search has fully explored, in a fixed amount of memory.

/// Slot layout: `[hash[0], hash[1] & !0xFFFF | generation << 8 | bound]`, at index
/// `hash[0] & (len - 1)`, so a slot alone says where it belongs when the table grows.
type Slot = [u64; 2];

/// Slots a table starts with (64 KiB): small searches, most hints among them, never pay for
/// clearing a large table.
const FIRST_SLOTS: usize = 1 << 12;

/// A table that grows up to a fixed size; a newer entry replaces whatever shares its slot.
pub struct Table {
    slots: Vec<Slot>,
    /// Slots it may grow to.
    max_slots: usize,
    /// Current entries (approximately: replacements are not told apart from fresh ones).
    used: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one slot).
    pub fn with_bytes(bytes: usize) -> Table {
        let count = (bytes / std::mem::size_of::<Slot>()).max(1);
        let max_slots = if count.is_power_of_two() { count } else { count.next_power_of_two() / 2 };
        Table { slots: vec![[0; 2]; max_slots.min(FIRST_SLOTS)], max_slots, used: 0, generation: 1 }
    }

    /// The most memory the table may grow to, in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_slots * std::mem::size_of::<Slot>()
    }

    /// Forgets every entry (in O(1)): bounds learned for one goal do not hold for another.
    pub fn clear(&mut self) {
        self.used = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill([0; 2]);
            self.generation = 1;
        }
    }

    /// The learned lower bound for a position, 0 if none.
    pub fn bound(&self, hash: [u64; 2]) -> u32 {
        let [key, tag] = self.slots[self.index(hash[0])];
        if key == hash[0] && tag & !0xFF == self.tag(hash) { (tag & 0xFF) as u32 } else { 0 }
    }

    /// Reads the slots of these positions, so that their lookups soon after find them in the
    /// processor's cache: the reads here run side by side, where lookups one at a time between
    /// other work each wait for memory once the table outgrows the cache.
    pub fn prefetch(&self, hashes: impl Iterator<Item = [u64; 2]>) {
        let keys = hashes.map(|hash| self.slots[self.index(hash[0])][0]);
        std::hint::black_box(keys.fold(0, u64::wrapping_add));
    }

    /// Records that a position needs at least `bound` more moves.
    pub fn raise(&mut self, hash: [u64; 2], bound: u32) {
        if bound > self.bound(hash) {
            if self.used * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
                self.grow();
            }
            let index = self.index(hash[0]);
            self.used += usize::from(!self.current(self.slots[index]));
            self.slots[index] = [hash[0], self.tag(hash) | u64::from(bound.min(0xFF))];
        }
    }

    /// Doubles the slots, moving over the current generation's entries.
    fn grow(&mut self) {
        let doubled = vec![[0; 2]; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old {
            if self.current(slot) {
                let index = self.index(slot[0]);
                self.used += usize::from(!self.current(self.slots[index]));
                self.slots[index] = slot;
            }
        }
    }

    /// Whether `slot` holds an entry of the current generation.
    fn current(&self, slot: Slot) -> bool {
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
