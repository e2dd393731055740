//! Saves made with the shipped levels of a past release: they must keep loading, and what they
//! hold must keep meaning the same in every later build (levels that moved keep their results,
//! opened packs stay open).
//!
//! The files under `tests/golden/` named `shipped-<date>-*.save` were written once, by the build
//! of that date, with real games won on its shipped levels by
//! `cargo test --release -p kami-core --test shipped_saves -- --ignored`, which writes only files
//! that do not exist yet. They are never rewritten.

use kami_core::catalogue::Catalogue;
use kami_core::game::{Game, Grade, Status};
use kami_core::history::Move;
use kami_core::progress::Progress;
use kami_core::save;
use kami_core::solver::{Budget, solve};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The release whose level ids the golden files hold.
const RELEASE: &str = "2026-11-25";

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("shipped-{RELEASE}-{name}.save"))
}

/// The shortest line for `game`'s board as it stands.
fn shortest(game: &Game) -> Vec<Move> {
    let solution = solve(game.board(), game.level().palette().len(), &Budget::default());
    assert!(solution.optimal, "{}", game.level().id());
    solution.moves
}

/// A game of the shipped level `id` won in par, or in par + 1 when `ok` (a first move after which
/// the shortest line is one move longer than par, found by trying them in order).
fn won(catalogue: &Catalogue, id: &str, ok: bool) -> Game {
    let level = Arc::clone(catalogue.level(id).unwrap_or_else(|| panic!("{id} is not shipped")));
    let mut game = Game::new(Arc::clone(&level));
    if ok {
        let tiles = game.board().cells().len();
        let colours = level.palette().len() as u8;
        let first = (0..tiles)
            .flat_map(|tile| (0..colours).map(move |colour| Move { tile, colour }))
            .find(|&m| {
                let mut probe = Game::new(Arc::clone(&level));
                probe.play(m).is_ok() && shortest(&probe).len() as u32 == level.par()
            })
            .unwrap_or_else(|| panic!("{id}: no first move costs exactly one"));
        game.play(first).unwrap();
    }
    for m in shortest(&game) {
        game.play(m).unwrap();
    }
    let grade = if ok { Grade::Ok } else { Grade::Perfect };
    assert_eq!(game.status(), Status::Won(grade), "{id}");
    game
}

/// Writes this release's golden files if they do not exist yet (see the module comment):
/// - `veteran`: every level of packs 1–8 won, the first of each pack in par + 1, which opened
///   packs 2–9;
/// - `midway`: packs 1–6 won (every level; the first of pack 6 in par + 1), then the first nine
///   of pack 7 (the second in par + 1), which opened packs 2–7 but not 8;
/// - `game`: a game on `07-deep-water/fathom` with its first two shortest moves played.
#[test]
#[ignore = "writes tests/golden/ files of the shipped levels of this release"]
fn write_missing_shipped_saves() {
    let catalogue = Catalogue::shipped();
    let mut veteran = Progress::default();
    let mut midway = Progress::default();
    for pack in catalogue.packs().iter().take(8) {
        for (i, level) in pack.levels.iter().enumerate() {
            let game = won(catalogue, level.id(), i == 0);
            veteran.record(catalogue, &game).unwrap();
            let in_midway = match pack.id.as_str() {
                "07-deep-water" => i < 9,
                "08-summit" => false,
                _ => true,
            };
            if in_midway {
                let game = if pack.id == "07-deep-water" && i == 1 { won(catalogue, level.id(), true) } else { game };
                midway.record(catalogue, &game).unwrap();
            }
        }
    }
    write_once("veteran", &save::save_progress(&veteran));
    write_once("midway", &save::save_progress(&midway));

    let mut game = Game::new(Arc::clone(catalogue.level("07-deep-water/fathom").unwrap()));
    for m in shortest(&game).into_iter().take(2) {
        game.play(m).unwrap();
    }
    write_once("game", &save::save_game(&game));
}

/// Writes golden file `name` unless it exists: golden files are never rewritten.
fn write_once(name: &str, bytes: &[u8]) {
    let path = golden(name);
    if !path.exists() {
        std::fs::write(&path, bytes).unwrap();
    }
}
