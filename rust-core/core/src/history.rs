//! Move history: the moves played and undone, each step remembering only the tiles it changed.

use crate::board::Colour;

/// A move: recolour the region of `tile` to `colour`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Any tile of the region to recolour.
    pub tile: usize,
    /// The palette index to recolour it to.
    pub colour: Colour,
}

/// A move as played: the tiles it recoloured and their colour before, so it can be undone.
/// Tiles are kept as `u16` (a board has at most 64 × 64 = 4096), a quarter of the memory of a
/// long history on a large board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Step {
    pub mv: Move,
    pub from: Colour,
    pub tiles: Vec<u16>,
}

/// Steps played, with a cursor: steps before it are on the board, steps after it can be redone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct History {
    steps: Vec<Step>,
    done: usize,
}

impl History {
    /// Records a new step; whatever could have been redone is gone.
    pub fn push(&mut self, step: Step) {
        self.steps.truncate(self.done);
        self.steps.push(step);
        self.done += 1;
    }

    /// Moves the cursor back over the last played step and returns it.
    pub fn undo(&mut self) -> Option<&Step> {
        self.done = self.done.checked_sub(1)?;
        Some(&self.steps[self.done])
    }

    /// Moves the cursor forward over the next undone step and returns it.
    pub fn redo(&mut self) -> Option<&Step> {
        let step = self.steps.get(self.done)?;
        self.done += 1;
        Some(step)
    }

    /// The steps on the board, oldest first.
    pub fn played(&self) -> &[Step] {
        &self.steps[..self.done]
    }

    /// The steps that redo would replay, next first.
    pub fn undone(&self) -> &[Step] {
        &self.steps[self.done..]
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.steps.clear();
        self.done = 0;
    }
}
