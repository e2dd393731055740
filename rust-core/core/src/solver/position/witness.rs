//! What proves the colour schedule of a position (far-apart regions of one colour), and what a
//! move could do to it, kept so that the search need not work it out again.

use super::Target;
use super::schedule::schedule;
use crate::board::MAX_COLOURS;

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
    /// The schedules after a move worked out so far, by which colours' waits fall (bits
    /// `0..MAX_COLOURS`) and which vanish (the bits above).
    pub(super) floors: Vec<(u16, u32)>,
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
        self.floors.clear();
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
        let lowered = u16::from(self.lowered[node]);
        // A colour down to one region is lowered anyway, having no set.
        let vanish = if alone { 1 << own } else { 0 };
        let key = lowered | vanish << MAX_COLOURS;
        if let Some(&(_, floor)) = self.floors.iter().find(|f| f.0 == key) {
            return floor;
        }
        let mut wait = self.wait;
        for (c, slot) in wait.iter_mut().enumerate().filter(|(c, _)| lowered >> c & 1 == 1) {
            *slot = if vanish >> c & 1 == 1 { None } else { slot.map(|w| w.saturating_sub(1)) };
        }
        let floor = schedule(&wait, target);
        self.floors.push((key, floor));
        floor
    }

    pub(super) fn set(&self, c: usize) -> Option<(u32, &[usize])> {
        self.sets[c].map(|(t, start, end)| (t, &self.regions[start..end]))
    }
}
