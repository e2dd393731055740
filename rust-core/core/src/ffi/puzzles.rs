//! Puzzles made on the device: the daily puzzle and generated levels.

use super::error::KamiError;
use super::game::Game;
use crate::daily::{Date, daily};
use crate::generator::{self, GenerateError, Generated, Spec};
use parking_lot::Mutex;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A made puzzle: a fresh game of it and how hard it is.
#[derive(uniffi::Record)]
pub struct Puzzle {
    /// A fresh game of the puzzle.
    pub game: Arc<Game>,
    /// Difficulty from 1 to 10.
    pub difficulty: f64,
    /// Different first moves a player can make.
    pub first_moves: u32,
    /// First moves that may still lead to par.
    pub promising_first_moves: u32,
}

impl From<Generated> for Puzzle {
    fn from(g: Generated) -> Puzzle {
        Puzzle {
            difficulty: g.rating.difficulty,
            first_moves: g.rating.first_moves,
            promising_first_moves: g.rating.promising_first_moves,
            game: Game::from_level(g.level),
        }
    }
}

/// A symmetry for generated boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Symmetry {
    /// None.
    None,
    /// Mirrored left to right.
    LeftRight,
    /// Mirrored top to bottom.
    TopBottom,
    /// Turned half a circle.
    Rotational,
}

/// What to generate: by default on the KAMI 2 board (29 × 10 triangles).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleSpec {
    /// Rows of triangles, 1–64.
    #[uniffi(default = 29)]
    pub rows: u32,
    /// Columns of triangles, 1–64.
    #[uniffi(default = 10)]
    pub cols: u32,
    /// Palette size, 2–6.
    pub colours: u32,
    /// Fewest par wanted.
    pub min_par: u32,
    /// Most par wanted.
    pub max_par: u32,
    /// Board symmetry.
    pub symmetry: Symmetry,
    /// Whether to cut holes.
    pub holes: bool,
}

/// Today's puzzle, the same for everyone on that date: easy on Monday, hardest on Sunday.
/// Level id `daily/YYYY-MM-DD`, so `PlayerProgress.record` keeps its best result.
#[uniffi::export]
pub fn daily_puzzle(year: u32, month: u32, day: u32) -> Result<Puzzle, KamiError> {
    let date = i32::try_from(year).ok().and_then(|y| Date::new(y, month, day));
    let date = date.ok_or(KamiError::InvalidDate { year, month, day })?;
    daily(date).map(Puzzle::from).map_err(generation_failed)
}

/// A generated puzzle: the same `seed` and `spec` give the same level on every device. Takes up
/// to about ten seconds on a phone when few boards meet the spec; [`PuzzleMaker`] makes the same
/// puzzle and can be cancelled.
#[uniffi::export]
pub fn generate_puzzle(seed: u64, spec: PuzzleSpec) -> Result<Puzzle, KamiError> {
    PuzzleMaker::new().generate(seed, spec)
}

/// Makes generated puzzles that can be cancelled, as hints can: call [`PuzzleMaker::generate`]
/// off the main thread and [`PuzzleMaker::cancel`] from any other (say, when the player leaves).
#[derive(uniffi::Object, Default)]
pub struct PuzzleMaker {
    /// The cancel flag of the generation running now (a fresh one for each).
    cancel: Mutex<Arc<AtomicBool>>,
}

#[uniffi::export]
impl PuzzleMaker {
    /// A maker with nothing running.
    #[uniffi::constructor]
    pub fn new() -> Arc<PuzzleMaker> {
        Arc::new(PuzzleMaker::default())
    }

    /// The puzzle [`generate_puzzle`] makes from `seed` and `spec`, or `GenerationCancelled` if
    /// [`PuzzleMaker::cancel`] is called meanwhile (it then returns within milliseconds).
    pub fn generate(&self, seed: u64, spec: PuzzleSpec) -> Result<Puzzle, KamiError> {
        let cancel = Arc::new(AtomicBool::new(false));
        *self.cancel.lock() = Arc::clone(&cancel);
        let id = format!("generated/{seed}");
        generator::generate_cancellable(seed, &domain_spec(spec), &id, &format!("Puzzle {seed}"), cancel)
            .map(Puzzle::from)
            .map_err(generation_failed)
    }

    /// Cancels the generation running now, if any.
    pub fn cancel(&self) {
        self.cancel.lock().store(true, Ordering::Relaxed);
    }
}

/// The generator's spec for a spec from a shell.
fn domain_spec(spec: PuzzleSpec) -> Spec {
    let symmetry = match spec.symmetry {
        Symmetry::None => generator::Symmetry::None,
        Symmetry::LeftRight => generator::Symmetry::LeftRight,
        Symmetry::TopBottom => generator::Symmetry::TopBottom,
        Symmetry::Rotational => generator::Symmetry::Rotational,
    };
    let size = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    Spec {
        rows: size(spec.rows),
        cols: size(spec.cols),
        symmetry,
        holes: spec.holes,
        ..Spec::kami(size(spec.colours), spec.min_par..=spec.max_par)
    }
}

fn generation_failed(e: GenerateError) -> KamiError {
    match e {
        GenerateError::Cancelled => KamiError::GenerationCancelled,
        e => KamiError::GenerationFailed { reason: e.to_string() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_maker_is_cancelled_from_another_thread_and_then_makes_puzzles_again() {
        let maker = PuzzleMaker::new();
        // No board of 6 colours needs 40 moves within the generator's budget: it searches for long.
        let hopeless = PuzzleSpec {
            rows: 29,
            cols: 10,
            colours: 6,
            min_par: 40,
            max_par: 40,
            symmetry: Symmetry::None,
            holes: false,
        };
        std::thread::scope(|s| {
            let running = s.spawn(|| maker.generate(1, hopeless.clone()));
            // Again until it ends: a cancel before the generation has started is for no generation.
            while !running.is_finished() {
                maker.cancel();
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            assert_eq!(running.join().unwrap().err(), Some(KamiError::GenerationCancelled));
        });
        let spec = PuzzleSpec { colours: 3, min_par: 2, max_par: 3, ..hopeless };
        let made = maker.generate(5, spec.clone()).unwrap().game.snapshot();
        assert_eq!(made, generate_puzzle(5, spec).unwrap().game.snapshot());
    }
}
