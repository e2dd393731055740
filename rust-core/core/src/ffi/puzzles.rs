//! Puzzles made on the device: the daily puzzle and generated levels.

use super::error::KamiError;
use super::game::Game;
use crate::daily::{Date, daily};
use crate::generator::{self, GenerateError, Generated, Spec};
use std::sync::Arc;

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

/// A generated puzzle: the same `seed` and `spec` give the same level on every device.
#[uniffi::export]
pub fn generate_puzzle(seed: u64, spec: PuzzleSpec) -> Result<Puzzle, KamiError> {
    let symmetry = match spec.symmetry {
        Symmetry::None => generator::Symmetry::None,
        Symmetry::LeftRight => generator::Symmetry::LeftRight,
        Symmetry::TopBottom => generator::Symmetry::TopBottom,
        Symmetry::Rotational => generator::Symmetry::Rotational,
    };
    let size = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    let spec = Spec {
        rows: size(spec.rows),
        cols: size(spec.cols),
        symmetry,
        holes: spec.holes,
        ..Spec::kami(size(spec.colours), spec.min_par..=spec.max_par)
    };
    let id = format!("generated/{seed}");
    generator::generate(seed, &spec, &id, &format!("Puzzle {seed}")).map(Puzzle::from).map_err(generation_failed)
}

fn generation_failed(e: GenerateError) -> KamiError {
    KamiError::GenerationFailed { reason: e.to_string() }
}
