//! The player's puzzles over the FFI: imported and shared boards kept with a name, a proven or unproven par,
//! a thumbnail to draw and the best result.

use super::error::{KamiError, to_u32};
use super::game::Game;
use super::import::ImportedPuzzle;
use super::records::{BestResult, Point, Rgb, Tiling};
use super::share::{ShareCode, SharedPuzzle};
use crate::collection::{self, Collection, CollectionError, MAX_NAME, MAX_PUZZLES, Origin};
use crate::geometry::Fit;
use crate::hint;
use crate::level::{Level, LevelProblem, MAX_PAR};
use parking_lot::Mutex;
use std::sync::Arc;

/// Where one of the player's puzzles came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleOrigin {
    /// Read from a screenshot of KAMI 2.
    Imported,
    /// Opened from a share code.
    Shared,
    /// Drawn in the editor.
    Made,
}

/// What the puzzle list shows about one of the player's puzzles.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleEntry {
    /// Its id (`mine/<number>`): the level id of its games, and the key of every call here.
    pub id: String,
    /// The name the player gave it.
    pub name: String,
    /// Where it came from.
    pub origin: PuzzleOrigin,
    /// Its par.
    pub par: u32,
    /// Whether the solver proved the par to be the fewest moves (see `check_par`).
    pub par_proven: bool,
    /// Palette size.
    pub colours: u32,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
    /// Tile shape.
    pub tiling: Tiling,
    /// The player's best win, if any.
    pub best: Option<BestResult>,
}

impl From<&collection::Puzzle> for PuzzleEntry {
    fn from(p: &collection::Puzzle) -> PuzzleEntry {
        let board = p.level.board();
        PuzzleEntry {
            id: p.id().to_string(),
            name: p.level.name().to_string(),
            origin: match p.origin {
                Origin::Imported => PuzzleOrigin::Imported,
                Origin::Shared => PuzzleOrigin::Shared,
                Origin::Made => PuzzleOrigin::Made,
            },
            par: p.level.par(),
            par_proven: p.par_proven,
            colours: to_u32(p.level.palette().len()),
            rows: to_u32(board.rows()),
            cols: to_u32(board.cols()),
            tiling: board.tiling().into(),
            best: p.best.map(BestResult::from),
        }
    }
}

/// A puzzle's board drawn small: each tile's outline in its colour, holes left out.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Thumbnail {
    /// Width of the board's bounding box, centred in the viewport asked for.
    pub width: f64,
    /// Height of the board's bounding box.
    pub height: f64,
    /// Every tile that is not a hole: fill `vertices` with `colour`.
    pub tiles: Vec<ThumbnailTile>,
}

/// One tile of a [`Thumbnail`].
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct ThumbnailTile {
    /// Corners, clockwise on screen, in the viewport's coordinates.
    pub vertices: Vec<Point>,
    /// Its colour.
    pub colour: Rgb,
}

/// What the solver made of a puzzle's par (`PuzzleCollection::check_par`, `SharedPuzzle::check_par`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ParCheck {
    /// The par is the fewest moves: proven (and, for a collection puzzle, now kept as proven).
    Proven,
    /// The fewest moves are proven to be `fewest`, not the par: the par was misread, mistyped or
    /// claimed wrongly.
    Differs { fewest: u32 },
    /// No proof within the time a phone allows; the par stays unproven.
    Unknown,
}

impl From<hint::ParCheck> for ParCheck {
    fn from(check: hint::ParCheck) -> ParCheck {
        match check {
            hint::ParCheck::Proven => ParCheck::Proven,
            hint::ParCheck::Differs { fewest } => ParCheck::Differs { fewest },
            hint::ParCheck::Unknown => ParCheck::Unknown,
        }
    }
}

/// The player's puzzles. Safe to share between threads; save it after every change.
#[derive(uniffi::Object)]
pub struct PuzzleCollection {
    inner: Mutex<Collection>,
}

#[uniffi::export]
impl PuzzleCollection {
    /// No puzzles yet.
    #[uniffi::constructor]
    pub fn new() -> Arc<PuzzleCollection> {
        Arc::new(PuzzleCollection { inner: Mutex::default() })
    }

    /// The puzzles restored from [`PuzzleCollection::save`] bytes.
    #[uniffi::constructor]
    pub fn restore(save: Vec<u8>) -> Result<Arc<PuzzleCollection>, KamiError> {
        Ok(Arc::new(PuzzleCollection { inner: Mutex::new(collection::restore(&save)?) }))
    }

    /// Every puzzle, oldest first.
    pub fn puzzles(&self) -> Vec<PuzzleEntry> {
        self.inner.lock().puzzles().iter().map(PuzzleEntry::from).collect()
    }

    /// The puzzle `id`.
    pub fn puzzle(&self, id: String) -> Result<PuzzleEntry, KamiError> {
        Ok(self.inner.lock().get(&id)?.into())
    }

    /// Keeps an imported board as a new puzzle named `name`, with `par` (the one read from the
    /// screenshot, or given by the player when it could not be read), not yet proven.
    pub fn add_imported(
        &self,
        imported: Arc<ImportedPuzzle>,
        name: String,
        par: u32,
    ) -> Result<PuzzleEntry, KamiError> {
        let level = imported.level(par)?;
        Ok(self.inner.lock().add(&level, &name, Origin::Imported, false)?.into())
    }

    /// Keeps a puzzle opened from a share code as a new puzzle named `name`, with the par the
    /// code claims, not yet proven here (`check_par` proves it).
    pub fn add_shared(&self, shared: Arc<SharedPuzzle>, name: String) -> Result<PuzzleEntry, KamiError> {
        Ok(self.inner.lock().add(shared.level(), &name, Origin::Shared, false)?.into())
    }

    /// The share code of puzzle `id`, carrying its name and whether its par is proven.
    pub fn share(&self, id: String) -> Result<ShareCode, KamiError> {
        let collection = self.inner.lock();
        let puzzle = collection.get(&id)?;
        ShareCode::of(&puzzle.level, puzzle.par_proven, Some(puzzle.level.name()))
    }

    /// Renames puzzle `id`: 1 to 60 characters once trimmed, no control characters.
    pub fn rename(&self, id: String, name: String) -> Result<PuzzleEntry, KamiError> {
        Ok(self.inner.lock().rename(&id, &name)?.into())
    }

    /// Adds a copy of puzzle `id` named `name` (the best result is not copied).
    pub fn duplicate(&self, id: String, name: String) -> Result<PuzzleEntry, KamiError> {
        Ok(self.inner.lock().duplicate(&id, &name)?.into())
    }

    /// Deletes puzzle `id`.
    pub fn delete(&self, id: String) -> Result<(), KamiError> {
        self.inner.lock().remove(&id)?;
        Ok(())
    }

    /// A fresh game of puzzle `id`, with hints like any level. Its saves hold the whole board.
    pub fn game(&self, id: String) -> Result<Arc<Game>, KamiError> {
        Ok(Game::from_level(Arc::clone(&self.inner.lock().get(&id)?.level)))
    }

    /// Records a game if it is a won game of one of these puzzles; returns the puzzle's best
    /// result (`None` if not won, or not a game of a puzzle here).
    pub fn record(&self, game: Arc<Game>) -> Option<BestResult> {
        game.with(|g| self.inner.lock().record(g)).map(BestResult::from)
    }

    /// Puzzle `id`'s board fitted into `width × height`, for the puzzle list.
    pub fn thumbnail(&self, id: String, width: f64, height: f64) -> Result<Thumbnail, KamiError> {
        let level = Arc::clone(&self.inner.lock().get(&id)?.level);
        let board = level.board();
        let fit = Fit::new(board, width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        let (width, height) = fit.size();
        let tiles = fit
            .shapes(board)
            .into_iter()
            .filter_map(|s| {
                let colour = level.palette().get(usize::from(board.colour(s.tile)?))?;
                Some(ThumbnailTile {
                    vertices: s.vertices.into_iter().map(Point::from).collect(),
                    colour: (*colour).into(),
                })
            })
            .collect();
        Ok(Thumbnail { width, height, tiles })
    }

    /// Asks the solver whether puzzle `id`'s par is the fewest moves, within a hint's time (up
    /// to a couple of seconds: call it off the main thread). A proven par is kept as proven,
    /// unless the puzzle was deleted or changed meanwhile.
    pub fn check_par(&self, id: String) -> Result<ParCheck, KamiError> {
        let level = Arc::clone(&self.inner.lock().get(&id)?.level);
        let check = hint::check_par(&level, &hint::device_budget());
        if check == hint::ParCheck::Proven {
            // A puzzle deleted meanwhile has nothing to mark; the answer stands.
            let _ = self.inner.lock().prove_par(&id, &level);
        }
        Ok(check.into())
    }

    /// The puzzles as bytes, for [`PuzzleCollection::restore`]: write them atomically.
    pub fn save(&self) -> Vec<u8> {
        collection::save(&self.inner.lock())
    }
}

impl PuzzleCollection {
    /// Puzzle `id`'s level.
    pub(crate) fn level(&self, id: &str) -> Result<Arc<Level>, KamiError> {
        Ok(Arc::clone(&self.inner.lock().get(id)?.level))
    }

    /// Adds `level` as a new puzzle named `name`.
    pub(crate) fn add_level(
        &self,
        level: &Level,
        name: &str,
        origin: Origin,
        par_proven: bool,
    ) -> Result<PuzzleEntry, KamiError> {
        Ok(self.inner.lock().add(level, name, origin, par_proven)?.into())
    }
}

impl From<CollectionError> for KamiError {
    fn from(e: CollectionError) -> KamiError {
        match e {
            CollectionError::UnknownPuzzle(id) => KamiError::UnknownPuzzle { id },
            CollectionError::InvalidName(reason) => KamiError::InvalidPuzzleName { reason, max: to_u32(MAX_NAME) },
            CollectionError::Full => KamiError::CollectionFull { max: to_u32(MAX_PUZZLES) },
            CollectionError::Level(problem) => level_problem(problem),
        }
    }
}

/// Why a board and par do not make a level, as the shells see it.
pub(crate) fn level_problem(problem: LevelProblem) -> KamiError {
    match problem {
        LevelProblem::ZeroPar => KamiError::InvalidPar { par: 0, max: MAX_PAR },
        LevelProblem::ParTooLarge(par) => KamiError::InvalidPar { par, max: MAX_PAR },
        other => KamiError::NotAKamiBoard { reason: other.to_string() },
    }
}
