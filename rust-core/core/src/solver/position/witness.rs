//! What proves the colour schedule of a position (far-apart regions of one colour), and what a
//! move could do to it, kept so that the search need not work it out again.

use super::Target;
use super::schedule::schedule;
use crate::board::MAX_COLOURS;

/// Keys of [`Witness::floor`]'s memo: the colours lowered (bits), and which vanishes if any.
const FLOOR_KEYS: usize = (MAX_COLOURS + 1) << MAX_COLOURS;

/// The memo key of a move that lowers the waits of the colours `lowered` (bits) and makes
/// colour `vanish` vanish, if any. A table rather than a list searched: a tight child's test
/// asks it once per region (`organic-speckled-6` 4.16 s to 3.69 s, 2026-11-28).
fn floor_key(lowered: u8, vanish: Option<usize>) -> usize {
    usize::from(lowered) | vanish.map_or(0, |c| c + 1) << MAX_COLOURS
}

/// What [`Position::witness_after`](super::Position::witness_after) found out about the position after a move.
pub struct After {
    /// A lower bound on its colour schedule.
    pub schedule: u32,
    /// Whether no move there could lower that schedule (only worked out where it is tight).
    pub stuck: bool,
}

/// Sets of regions of one colour far apart, found by [`Position::colour_schedule`](super::Position::colour_schedule), from which
/// [`Position::colour_schedule_after`](super::Position::colour_schedule_after) bounds the schedule after a move.
#[derive(Default)]
pub struct Witness {
    /// Per colour, the `t` of its set (pairwise `2t + 1` apart) and where the set lies in
    /// `regions`.
    pub(super) sets: [Option<(u32, usize, usize)>; MAX_COLOURS],
    pub(super) regions: Vec<usize>,
    /// Per colour, its wait in the position's schedule.
    pub(super) wait: [Option<u32>; MAX_COLOURS],
    /// The schedules after a move worked out so far, by [`floor_key`], where `floors_known`
    /// has the key's bit.
    pub(super) floors: Vec<u32>,
    pub(super) floors_known: [u64; FLOOR_KEYS.div_ceil(64)],
    /// Per region, the colours whose wait a move of it could lower, once `lowered_known`.
    pub(super) lowered: Vec<u8>,
    pub(super) lowered_known: bool,
    /// Whether this witness was written for the position by [`Position::witness_after`](super::Position::witness_after) and not
    /// yet read by [`Position::colour_schedule`](super::Position::colour_schedule).
    pub(super) given: bool,
    /// Scratch for [`Distances::mark_near_pairs`](crate::solver::distance::Distances::mark_near_pairs).
    pub(super) near: Vec<u8>,
    /// Scratch for [`Position::colour_schedule`](super::Position::colour_schedule): one colour's regions, and those picked far
    /// apart.
    pub(super) members: Vec<usize>,
    pub(super) apart: Vec<usize>,
}

impl Witness {
    pub(super) fn clear(&mut self) {
        self.sets = [None; MAX_COLOURS];
        self.wait = [None; MAX_COLOURS];
        self.floors_known = [0; FLOOR_KEYS.div_ceil(64)];
        self.lowered_known = false;
        self.given = false;
        self.regions.clear();
    }

    /// Forgets a witness that [`Position::witness_after`](super::Position::witness_after) wrote and nothing read, so that no
    /// other position takes it for its own.
    pub fn forget(&mut self) {
        self.given = false;
    }

    /// Records `set` for colour `c` in place of any earlier one.
    pub(super) fn record(&mut self, c: usize, t: u32, set: &[usize]) {
        let start = self.regions.len();
        self.regions.extend_from_slice(set);
        self.sets[c] = Some((t, start, self.regions.len()));
    }

    /// The schedule after a move of a region whose move lowers the waits `lowered` marks for
    /// it, and makes its colour `own` vanish where `alone` (see
    /// [`Position::colour_schedule_moving`](super::Position::colour_schedule_moving)), memoised by the colours lowered and vanishing.
    pub(super) fn floor(&mut self, node: usize, alone: bool, own: usize, target: Target) -> u32 {
        let lowered = self.lowered[node];
        // A colour down to one region is lowered anyway, having no set.
        let key = floor_key(lowered, alone.then_some(own));
        if self.floors_known[key / 64] >> (key % 64) & 1 == 1 {
            return self.floors[key];
        }
        let mut wait = self.wait;
        for (c, slot) in wait.iter_mut().enumerate().filter(|(c, _)| lowered >> c & 1 == 1) {
            *slot = if alone && c == own { None } else { slot.map(|w| w.saturating_sub(1)) };
        }
        let floor = schedule(&wait, target);
        self.floors.resize(FLOOR_KEYS, 0);
        self.floors[key] = floor;
        self.floors_known[key / 64] |= 1 << (key % 64);
        floor
    }

    pub(super) fn set(&self, c: usize) -> Option<(u32, &[usize])> {
        self.sets[c].map(|(t, start, end)| (t, &self.regions[start..end]))
    }
}
