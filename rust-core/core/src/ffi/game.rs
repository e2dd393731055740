//! The `Game` object: one level being played.

use super::error::{KamiError, to_u32};
use super::records::{BoardLayout, FloodTile, GameSnapshot, Turn};
use crate::catalogue::Catalogue;
use crate::geometry::{Fit, Point};
use crate::history::Move;
use crate::{game, save};
use parking_lot::Mutex;
use std::sync::Arc;

/// A game of one level: send intents (play, undo, redo, restart), pull snapshots to draw.
/// Safe to use from any thread; each call sees and leaves a consistent game.
#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<game::Game>,
}

#[uniffi::export]
impl Game {
    /// A fresh game of a shipped level.
    #[uniffi::constructor]
    pub fn new(level_id: String) -> Result<Arc<Game>, KamiError> {
        let level = Catalogue::shipped().level(&level_id).ok_or(KamiError::UnknownLevel { id: level_id })?;
        Ok(Game::wrap(game::Game::new(Arc::clone(level))))
    }

    /// A game restored from [`Game::save`] bytes, exactly as it was saved (undo and redo included).
    #[uniffi::constructor]
    pub fn restore(save: Vec<u8>) -> Result<Arc<Game>, KamiError> {
        Ok(Game::wrap(save::restore_game(&save)?))
    }

    /// Recolours the region of `tile` to palette index `colour`.
    pub fn play(&self, tile: u32, colour: u32) -> Result<Turn, KamiError> {
        let mut game = self.inner.lock();
        // A colour beyond u8 is out of range for any palette; report it as given.
        let palette = game.level().palette().len();
        let colour_u8 =
            u8::try_from(colour).map_err(|_| KamiError::ColourOutOfRange { colour, colours: to_u32(palette) })?;
        let ripple = game.play(Move { tile: tile as usize, colour: colour_u8 })?;
        let flood = ripple.iter().map(|r| FloodTile { tile: to_u32(r.tile), ring: r.ring }).collect();
        Ok(Turn { colour, flood, snapshot: GameSnapshot::from(&*game) })
    }

    /// Takes back the last move.
    pub fn undo(&self) -> Result<GameSnapshot, KamiError> {
        let mut game = self.inner.lock();
        game.undo()?;
        Ok(GameSnapshot::from(&*game))
    }

    /// Replays the last undone move.
    pub fn redo(&self) -> Result<GameSnapshot, KamiError> {
        let mut game = self.inner.lock();
        game.redo()?;
        Ok(GameSnapshot::from(&*game))
    }

    /// Back to the level's start, as a fresh game.
    pub fn restart(&self) -> GameSnapshot {
        let mut game = self.inner.lock();
        game.restart();
        GameSnapshot::from(&*game)
    }

    /// The game as it stands.
    pub fn snapshot(&self) -> GameSnapshot {
        GameSnapshot::from(&*self.inner.lock())
    }

    /// Every tile's outline for a `width × height` viewport (board fitted and centred).
    /// The layout depends only on the level and viewport: cache it until either changes.
    pub fn layout(&self, width: f64, height: f64) -> Result<BoardLayout, KamiError> {
        let game = self.inner.lock();
        let fit = Fit::new(game.board(), width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        Ok(BoardLayout::new(&fit, game.board()))
    }

    /// The tile under point `(x, y)` of a `width × height` viewport: `None` outside the board,
    /// on a hole, or for a non-finite point.
    pub fn tile_at(&self, width: f64, height: f64, x: f64, y: f64) -> Result<Option<u32>, KamiError> {
        let game = self.inner.lock();
        let fit = Fit::new(game.board(), width, height).ok_or(KamiError::InvalidViewport { width, height })?;
        Ok(fit.tile_at(game.board(), Point { x, y }).map(to_u32))
    }

    /// The whole game as bytes, for [`Game::restore`]. Save after every move and an app kill
    /// loses nothing.
    pub fn save(&self) -> Vec<u8> {
        save::save_game(&self.inner.lock())
    }
}

impl Game {
    fn wrap(game: game::Game) -> Arc<Game> {
        Arc::new(Game { inner: Mutex::new(game) })
    }

    /// Runs `f` on the game under its lock.
    pub(crate) fn with<T>(&self, f: impl FnOnce(&game::Game) -> T) -> T {
        f(&self.inner.lock())
    }
}
