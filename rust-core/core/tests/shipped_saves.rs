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
use kami_core::past_levels::PAST_LEVELS;
use kami_core::progress::{Best, Progress};
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

fn restore(name: &str) -> Progress {
    save::restore_progress(&std::fs::read(golden(name)).unwrap()).unwrap()
}

/// The shipped ids of a pack's levels, in order.
fn pack_levels(catalogue: &Catalogue, pack: &str) -> Vec<String> {
    let pack = catalogue.packs().iter().find(|p| p.id == pack).unwrap_or_else(|| panic!("no pack {pack}"));
    pack.levels.iter().map(|l| l.id().to_string()).collect()
}

fn perfect(par: u32) -> Option<Best> {
    Some(Best { moves: par, grade: Grade::Perfect })
}

fn par(id: &str) -> u32 {
    Catalogue::shipped().level(id).unwrap().par()
}

#[test]
fn a_veteran_keeps_every_result_and_every_opened_pack() {
    let shipped = Catalogue::shipped();
    let progress = restore("veteran");
    // Every level of the first six packs was won then (those of pack 6 in packs 6-8).
    for pack in shipped.packs().iter().take(6) {
        for level in &pack.levels {
            let id = level.id();
            let first = (pack.id != "06-archipelago" && pack.levels[0].id() == id)
                || ["06-archipelago/trench", "06-archipelago/foothills"].contains(&id);
            let expected =
                if first { Best { moves: level.par() + 1, grade: Grade::Ok } } else { perfect(level.par()).unwrap() };
            assert_eq!(progress.best(id), Some(expected), "{id}");
        }
    }
    // Packs 2-9 were opened, and stay open although packs 7 and 8 hold other levels now.
    let unlocked: Vec<bool> = shipped.packs().iter().map(|p| progress.is_unlocked(shipped, &p.id)).collect();
    assert_eq!(unlocked, [true, true, true, true, true, true, true, true, true, false]);
    assert_eq!(progress.wins(&shipped.packs()[6]), 0);
    assert_eq!(progress.credit(&shipped.packs()[6]), 15, "every level that was in Deep Water");
}

#[test]
fn a_player_midway_keeps_the_wins_towards_the_next_pack_and_a_new_player_gets_none() {
    let shipped = Catalogue::shipped();
    let mut progress = restore("midway");
    let [islands, deep_water, summit] = [5, 6, 7].map(|i| &shipped.packs()[i]);
    // The first nine of Deep Water were won; four of them moved to the islands chapter.
    let trench = "06-archipelago/trench";
    assert_eq!(progress.best(trench), Some(Best { moves: par(trench) + 1, grade: Grade::Ok }));
    for id in ["06-archipelago/fathom", "06-archipelago/sonar", "06-archipelago/anglerfish"] {
        assert_eq!(progress.best(id), perfect(par(id)), "{id}");
    }
    assert_eq!(progress.best("06-archipelago/midnight-zone"), None);
    assert_eq!(progress.best("06-archipelago/foothills"), None);
    assert_eq!(progress.best("06-archipelago/cove"), perfect(par("06-archipelago/cove")));
    assert_eq!(progress.wins(islands), 13);
    assert!(progress.is_unlocked(shipped, &deep_water.id));
    assert!(!progress.is_unlocked(shipped, &summit.id));
    // Nine wins count towards opening Summit: one more, on today's Deep Water, opens it.
    assert_eq!(progress.credit(deep_water), 9);
    let first = &pack_levels(shipped, &deep_water.id)[0];
    progress.record(shipped, &won(shipped, first, false)).unwrap();
    assert!(progress.is_unlocked(shipped, &summit.id));

    // A new player who wins the islands chapter and one level of Deep Water has no such credit.
    let mut new = Progress::default();
    for id in pack_levels(shipped, &islands.id).iter().chain([first]) {
        new.record(shipped, &won(shipped, id, false)).unwrap();
    }
    assert!(new.is_unlocked(shipped, &deep_water.id));
    assert_eq!(new.credit(deep_water), 1);
    assert!(!new.is_unlocked(shipped, &summit.id));
}

#[test]
fn restoring_twice_changes_nothing_and_no_moved_level_loses_its_result() {
    for name in ["veteran", "midway"] {
        let progress = restore(name);
        let again = save::restore_progress(&save::save_progress(&progress)).unwrap();
        assert_eq!(again, progress, "{name}");
        for &(old, new) in PAST_LEVELS {
            if let (Some(new), Some(result)) = (new, progress.best(old)) {
                assert_eq!(progress.best(new), Some(result), "{name}: {old} -> {new}");
            }
        }
    }
}

#[test]
fn a_game_saved_on_a_level_that_moved_restores_under_its_new_id_and_records_there() {
    let shipped = Catalogue::shipped();
    let mut game = save::restore_game(&std::fs::read(golden("game")).unwrap()).unwrap();
    assert_eq!(**game.level(), **shipped.level("06-archipelago/fathom").unwrap());
    assert_eq!(game.moves_used(), 2);
    for m in shortest(&game) {
        game.play(m).unwrap();
    }
    let mut progress = Progress::default();
    let best = progress.record(shipped, &game);
    assert_eq!(best, perfect(par("06-archipelago/fathom")));
    assert_eq!(progress.best("06-archipelago/fathom"), best);
    assert_eq!(progress.best("07-deep-water/fathom"), None);
}

/// Writes this release's golden files if they do not exist yet (see the module comment):
/// - `veteran`: every level of packs 1–8 won, the first of each pack in par + 1, which opened
///   packs 2–9;
/// - `midway`: packs 1–6 won (every level; the first of pack 6 in par + 1), then the first nine
///   of pack 7 (the first two in par + 1), which opened packs 2–7 but not 8;
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
