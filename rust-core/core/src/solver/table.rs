//! The transposition table: lower bounds learned on the moves still needed from positions the
//! search has fully explored, in a fixed amount of memory.

/// Slot layout: `[hash[0], hash[1] & !0xFFFF | generation << 8 | bound]`. Slots are plain zeroed
/// words, so a large table costs memory only where the search writes (the allocator hands out
/// zero pages lazily).
type Slot = [u64; 2];

/// A fixed-size table; a newer entry replaces whatever shares its slot.
pub struct Table {
    slots: Vec<Slot>,
    generation: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one slot).
    pub fn with_bytes(bytes: usize) -> Table {
        let count = (bytes / std::mem::size_of::<Slot>()).max(1);
        let count = if count.is_power_of_two() { count } else { count.next_power_of_two() / 2 };
        Table { slots: vec![[0; 2]; count], generation: 1 }
    }

    /// Forgets every entry (in O(1)): bounds learned for one goal do not hold for another.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill([0; 2]);
            self.generation = 1;
        }
    }

    /// The learned lower bound for a position, 0 if none.
    pub fn bound(&self, hash: [u64; 2]) -> u32 {
        let [key, tag] = self.slots[self.index(hash)];
        if key == hash[0] && tag & !0xFF == self.tag(hash) { (tag & 0xFF) as u32 } else { 0 }
    }

    /// Records that a position needs at least `bound` more moves.
    pub fn raise(&mut self, hash: [u64; 2], bound: u32) {
        if bound > self.bound(hash) {
            let index = self.index(hash);
            self.slots[index] = [hash[0], self.tag(hash) | u64::from(bound.min(0xFF))];
        }
    }

    /// The check bits and generation of a position's slot (the bound's byte left clear).
    fn tag(&self, hash: [u64; 2]) -> u64 {
        hash[1] & !0xFFFF | u64::from(self.generation) << 8
    }

    fn index(&self, hash: [u64; 2]) -> usize {
        hash[1] as usize & (self.slots.len() - 1)
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
}
