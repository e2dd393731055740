//! The `Game` object: one level being played.

use super::error::{KamiError, to_u32};
use super::records::{BoardLayout, FloodTile, GameSnapshot, Hint, Turn};
use crate::catalogue::Catalogue;
use crate::geometry::{Fit, Point};
use crate::history::Move;
use crate::solver::Budget;
use crate::{game, hint, save};
use parking_lot::Mutex;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A game of one level: send intents (play, undo, redo, restart), pull snapshots to draw.
/// Safe to use from any thread; each call sees and leaves a consistent game.
#[derive(uniffi::Object)]
pub struct Game {
    inner: Mutex<game::Game>,
    hints: Mutex<Hints>,
}

/// The hint machinery of a game: the last solution found, and the flag that cancels the search
/// in flight.
#[derive(Default)]
struct Hints {
    cache: hint::Cache,
    cancel: Arc<AtomicBool>,
}

impl Hints {
    /// Cancels the search in flight; later searches get a fresh flag.
    fn cancel(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel = Arc::default();
    }
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
        self.hints.lock().cancel();
        let flood = ripple.iter().map(|r| FloodTile { tile: to_u32(r.tile), ring: r.ring }).collect();
        Ok(Turn { colour, flood, snapshot: GameSnapshot::from(&*game) })
    }

    /// Takes back the last move.
    pub fn undo(&self) -> Result<GameSnapshot, KamiError> {
        let mut game = self.inner.lock();
        game.undo()?;
        self.hints.lock().cancel();
        Ok(GameSnapshot::from(&*game))
    }

    /// Replays the last undone move.
    pub fn redo(&self) -> Result<GameSnapshot, KamiError> {
        let mut game = self.inner.lock();
        game.redo()?;
        self.hints.lock().cancel();
        Ok(GameSnapshot::from(&*game))
    }

    /// Back to the level's start, as a fresh game.
    pub fn restart(&self) -> GameSnapshot {
        let mut game = self.inner.lock();
        game.restart();
        self.hints.lock().cancel();
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

    /// A hint for the position the game is in now: the next move of a shortest way to finish and
    /// whether par is still reachable. Takes up to a couple of seconds on hard positions, so call
    /// it off the main thread; the game stays usable meanwhile. Any move, undo, redo or restart
    /// (or [`Game::cancel_hint`]) cancels it with `HintCancelled`; a hint that finishes anyway
    /// carries the revision it was computed for, so a stale one is easy to recognise.
    pub fn hint(&self) -> Result<Hint, KamiError> {
        self.hint_within(hint::device_budget())
    }

    /// Cancels a hint being computed on another thread.
    pub fn cancel_hint(&self) {
        self.hints.lock().cancel();
    }

    /// The whole game as bytes, for [`Game::restore`]. Save after every move and an app kill
    /// loses nothing.
    pub fn save(&self) -> Vec<u8> {
        save::save_game(&self.inner.lock())
    }
}

impl Game {
    /// [`Game::hint`] on `budget` instead of a phone's (its cancel flag is the game's): for Rust
    /// callers that need a hint to stay small, such as the fuzzer.
    pub fn hint_within(&self, budget: Budget) -> Result<Hint, KamiError> {
        let (position, mut cache, cancel) = self.start_hint();
        let budget = Budget { cancel: Some(Arc::clone(&cancel)), ..budget };
        let found = hint::hint(&position, &mut cache, &budget);
        if cancel.load(Ordering::Relaxed) {
            return Err(KamiError::HintCancelled);
        }
        let mut hints = self.hints.lock();
        if Arc::ptr_eq(&hints.cancel, &cancel) {
            hints.cache = cache;
        }
        Ok(Hint::new(found, &position.board))
    }

    /// A fresh game of `level` (one not in the catalogue: a daily or generated puzzle).
    pub(crate) fn from_level(level: Arc<crate::level::Level>) -> Arc<Game> {
        Game::wrap(game::Game::new(level))
    }

    /// The position a hint is for, the cache, and the cancel flag of that position: all taken
    /// under the game lock, which every move, undo, redo and restart holds while it swaps the
    /// flag, so none can come between the position and the flag (a hint of a position already
    /// left would otherwise get the next position's fresh flag and never be cancelled). The lock
    /// order is the one every method keeps: the game, then the hints.
    fn start_hint(&self) -> (hint::Position, hint::Cache, Arc<AtomicBool>) {
        let game = self.inner.lock();
        let position = hint::Position::of(&game);
        let hints = self.hints.lock();
        (position, hints.cache.clone(), Arc::clone(&hints.cancel))
    }

    fn wrap(game: game::Game) -> Arc<Game> {
        Arc::new(Game { inner: Mutex::new(game), hints: Mutex::default() })
    }

    /// Runs `f` on the game under its lock.
    pub(crate) fn with<T>(&self, f: impl FnOnce(&game::Game) -> T) -> T {
        f(&self.inner.lock())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level_file::parse_level;
    use std::thread;

    /// A game of a level of its own, so that its level is shared with nothing else.
    fn strip() -> Arc<Game> {
        let source = "name = \"s\"\npar = 3\npalette = [\"#000000\", \"#FFFFFF\", \"#FF0000\"]\ntiling = \"squares\"\ngrid = \"0101010\"\n";
        Game::from_level(Arc::new(parse_level("s", "s.toml", source).unwrap()))
    }

    #[test]
    fn a_move_cannot_come_between_a_hints_position_and_its_cancel_flag() {
        let game = strip();
        let level = game.with(|g| Arc::clone(g.level()));
        // The game and this test hold the level; a position read by the hint makes three.
        let held = Arc::strong_count(&level);
        let hints = game.hints.lock();
        thread::scope(|s| {
            let hinter = s.spawn(|| game.hint());
            // Wait (without a clock) until the hint has read its position and waits for the
            // hint lock this test holds.
            while Arc::strong_count(&level) == held && !game.inner.is_locked() {
                thread::yield_now();
            }
            // Until the hint has its flag, the game stays locked: a move cannot get in between.
            for _ in 0..1000 {
                assert!(game.inner.is_locked(), "the game was unlocked before the hint took its cancel flag");
                thread::yield_now();
            }
            let flag = Arc::clone(&hints.cancel);
            drop(hints);
            let found = hinter.join().unwrap();
            // The hint ran with the flag of its position: a move now cancels exactly that flag.
            assert_eq!(found.map(|h| h.revision), Ok(0));
            game.play(3, 0).unwrap();
            assert!(flag.load(Ordering::Relaxed));
        });
    }

    #[test]
    fn a_move_during_a_hint_cancels_it() {
        let game = strip();
        let (position, mut cache, cancel) = game.start_hint();
        game.play(3, 0).unwrap();
        let budget = Budget { cancel: Some(Arc::clone(&cancel)), ..hint::device_budget() };
        let _ = hint::hint(&position, &mut cache, &budget);
        assert!(cancel.load(Ordering::Relaxed), "the move did not cancel the flag of the position it left");
        assert_eq!(game.hint().map(|h| h.revision), Ok(game.snapshot().revision));
    }
}
