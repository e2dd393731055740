//! Helpers the integration tests share.

use kami_core::board::{Board, Tiling};
use kami_core::ffi::Game;
use kami_core::level::{Level, Rgb};
use kami_core::random::Random;
use kami_core::save::save_game;
use std::sync::Arc;

/// A level on a `rows × cols` board of random colours `0..colours` (no holes) painted in
/// `block × block` squares of the grid (1 for a colour per tile), from `seed`.
pub fn random_level(tiling: Tiling, rows: usize, cols: usize, colours: u8, block: usize, seed: u64) -> Level {
    let mut random = Random::new(seed);
    let across = cols.div_ceil(block);
    let blocks: Vec<u8> = (0..rows.div_ceil(block) * across).map(|_| random.below(colours.into()) as u8).collect();
    let cells = (0..rows * cols).map(|t| Some(blocks[t / cols / block * across + t % cols / block])).collect();
    let board = Board::new(tiling, rows, cols, cells, colours.into()).unwrap();
    let palette = (0..colours).map(|c| Rgb { red: c * 40, green: 255 - c * 40, blue: 128 }).collect();
    Level::new(format!("test/random-{seed}"), "Random".into(), (rows * cols) as u32, palette, board).unwrap()
}

/// A fresh FFI game of `level`, brought in the way a shell would: through a save.
pub fn ffi_game(level: Level) -> Arc<Game> {
    Game::restore(save_game(&kami_core::game::Game::new(Arc::new(level)))).unwrap()
}
