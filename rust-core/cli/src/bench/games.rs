//! `kami bench DIR --games N`: hints as a player gets them, through `N` random games per level,
//! with a hint after every move and one cache per game, as the apps and `kami play` keep it (the
//! line found last and what the search for undos proved). `--positions` times each hint with a
//! fresh cache instead, the cost of a hint with nothing known.

use super::{random_move, summary};
use kami_core::catalogue::Catalogue;
use kami_core::game::Game;
use kami_core::hint::{self, Cache, Position};
use kami_core::random::Random;
use std::sync::Arc;
use std::time::Instant;

/// Plays `games` games of par random moves (moves onto a region of its own colour skipped) on
/// every level of `catalogue`, timing the hint after each move.
pub fn run(catalogue: &Catalogue, games: usize) {
    let mut random = Random::new(1);
    let mut hints = Vec::new();
    for level in catalogue.packs().iter().flat_map(|p| &p.levels) {
        for _ in 0..games {
            let mut game = Game::new(Arc::clone(level));
            let mut cache = Cache::default();
            for _ in 0..level.par() {
                if game.status().is_finished() {
                    break;
                }
                if game.play(random_move(&game, &mut random)).is_err() {
                    continue;
                }
                let start = Instant::now();
                hint::hint(&Position::of(&game), &mut cache, &hint::device_budget());
                hints.push((start.elapsed(), level.id().to_string()));
            }
        }
    }
    summary("hint after each move of a game", hints);
}
