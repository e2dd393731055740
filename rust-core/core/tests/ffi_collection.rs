//! The player's puzzles through the FFI, as the apps use them: import a screenshot, keep it,
//! play it to a win with hints, and find it all again after a save and restore.

use kami_core::ffi::{
    GameStatus, KamiError, ParCheck, PuzzleCollection, PuzzleOrigin, Tiling, import_screenshot, packs,
};
use std::path::Path;

fn screenshot(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/screenshots").join(name)).unwrap()
}

/// The shipped level the screenshots show.
fn alleyway() -> kami_core::ffi::LevelInfo {
    packs().into_iter().flat_map(|p| p.levels).find(|l| l.name == "Alleyway").unwrap()
}

#[test]
fn an_imported_puzzle_is_kept_played_with_hints_and_restored() {
    let imported = import_screenshot(screenshot("alleyway-dark.jpg")).unwrap();
    assert_eq!(imported.par(), Some(alleyway().par));
    let puzzles = PuzzleCollection::new();
    let entry = puzzles.add_imported(imported, " Alleyway shot ".into(), 9).unwrap();
    assert_eq!((entry.id.as_str(), entry.name.as_str()), ("mine/0", "Alleyway shot"));
    assert_eq!((entry.origin, entry.par, entry.par_proven, entry.best), (PuzzleOrigin::Imported, 9, false, None));
    assert_eq!((entry.rows, entry.cols, entry.colours, entry.tiling), (29, 10, 4, Tiling::Triangles));

    let thumbnail = puzzles.thumbnail(entry.id.clone(), 60.0, 100.0).unwrap();
    assert!(thumbnail.width <= 60.0 && thumbnail.height <= 100.0);
    let game = puzzles.game(entry.id.clone()).unwrap();
    let tiles = game.snapshot().tiles.iter().filter(|t| t.is_some()).count();
    assert_eq!(thumbnail.tiles.len(), tiles);
    assert!(thumbnail.tiles.iter().all(|t| t.vertices.len() == 3 && game.snapshot().palette.contains(&t.colour)));

    // Played by following the hints, as a stuck player would: a win, unless a hint ran out of
    // time (as it may under emulation) and its best line was too long, which is not recorded.
    while game.snapshot().status == GameStatus::Playing {
        let next = game.hint().unwrap().next.unwrap();
        game.play(next.tile, next.colour).unwrap();
    }
    assert_eq!(game.snapshot().level_id, entry.id);
    let best = puzzles.record(game.clone());
    match game.snapshot().status {
        GameStatus::Won { .. } => assert_eq!(best.map(|b| b.moves), Some(game.snapshot().moves_used)),
        _ => assert_eq!(best, None),
    }

    let restored = PuzzleCollection::restore(puzzles.save()).unwrap();
    assert_eq!(restored.puzzles(), puzzles.puzzles());
    assert_eq!(restored.puzzle(entry.id.clone()).unwrap().best, best);
    assert_eq!(
        restored.game(entry.id).unwrap().snapshot().tiles,
        puzzles.game("mine/0".into()).unwrap().snapshot().tiles
    );
}

#[test]
fn an_unread_par_is_given_by_the_player_and_checked_by_the_solver() {
    let imported = import_screenshot(screenshot("alleyway-no-counter.png")).unwrap();
    assert_eq!(imported.par(), None);
    let puzzles = PuzzleCollection::new();
    assert_eq!(
        puzzles.add_imported(imported.clone(), "A".into(), 0).unwrap_err(),
        KamiError::InvalidPar { par: 0, max: 4096 }
    );
    let wrong = puzzles.add_imported(imported.clone(), "Too many".into(), 12).unwrap();
    let right = puzzles.add_imported(imported, "Right".into(), 9).unwrap();
    // Within a phone's budget the proof may not come: then the answer is Unknown, never a guess.
    match puzzles.check_par(wrong.id.clone()).unwrap() {
        ParCheck::Differs { fewest } => assert_eq!(fewest, 9),
        other => assert_eq!(other, ParCheck::Unknown),
    }
    assert!(!puzzles.puzzle(wrong.id).unwrap().par_proven);
    let check = puzzles.check_par(right.id.clone()).unwrap();
    assert!(matches!(check, ParCheck::Proven | ParCheck::Unknown));
    assert_eq!(puzzles.puzzle(right.id).unwrap().par_proven, check == ParCheck::Proven);
}

#[test]
fn rename_duplicate_and_delete_refuse_bad_requests_with_typed_errors() {
    let puzzles = PuzzleCollection::new();
    let imported = import_screenshot(screenshot("alleyway-dark.jpg")).unwrap();
    let id = puzzles.add_imported(imported, "One".into(), 9).unwrap().id;
    assert!(matches!(puzzles.rename(id.clone(), "  ".into()), Err(KamiError::InvalidPuzzleName { max: 60, .. })));
    assert!(matches!(puzzles.rename(id.clone(), "x".repeat(61)), Err(KamiError::InvalidPuzzleName { .. })));
    assert_eq!(puzzles.rename(id.clone(), "Uno".into()).unwrap().name, "Uno");
    let copy = puzzles.duplicate(id.clone(), "Dos".into()).unwrap();
    assert_eq!((copy.id.as_str(), copy.par), ("mine/1", 9));
    puzzles.delete(id.clone()).unwrap();
    for result in [puzzles.delete(id.clone()).err(), puzzles.game(id.clone()).err(), puzzles.puzzle(id.clone()).err()] {
        assert_eq!(result, Some(KamiError::UnknownPuzzle { id: id.clone() }));
    }
    assert!(matches!(puzzles.thumbnail(copy.id.clone(), f64::NAN, 1.0), Err(KamiError::InvalidViewport { .. })));
    assert_eq!(puzzles.puzzles().len(), 1);
    for bytes in [Vec::new(), b"KAMI".to_vec(), puzzles.save()[..20].to_vec()] {
        assert!(PuzzleCollection::restore(bytes).is_err());
    }
}
