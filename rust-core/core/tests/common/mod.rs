//! Helpers the integration tests share.

use kami_core::ffi::Game;
use kami_core::level::Level;
use kami_core::save::save_game;
use std::sync::Arc;

/// A fresh FFI game of `level`, brought in the way a shell would: through a save.
pub fn ffi_game(level: Level) -> Arc<Game> {
    Game::restore(save_game(&kami_core::game::Game::new(Arc::new(level)))).unwrap()
}
