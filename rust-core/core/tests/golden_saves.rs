//! Golden saves: files written once by each save format version, checked in under
//! `tests/golden/`, that must keep restoring to the same state in every later build.
//!
//! When the format gets a new version, write that version's files with
//! `cargo test -p kami-core --test golden_saves -- --ignored` (it writes only files that do not
//! exist yet), fill in nothing else, and commit them. Never rewrite or delete an older file:
//! they are what proves that old saves still load.

use kami_core::catalogue::Catalogue;
use kami_core::collection::{self, Collection, Origin};
use kami_core::game::{Game, Grade, Status};
use kami_core::history::Move;
use kami_core::level_file::parse_level;
use kami_core::progress::{Best, Progress};
use kami_core::save::{self, restore_game, restore_progress};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The level of the golden game: 3 × 4 triangles, three colours, one hole.
const LEVEL: &str = r##"name = "Golden"
par = 4
palette = ["#E4572E", "#F3A712", "#29335C"]
grid = """
0120
1201
20.2
"""
"##;

/// The golden game's moves: all are played, then the last is undone (so it can be redone).
const MOVES: [Move; 3] = [Move { tile: 0, colour: 1 }, Move { tile: 2, colour: 1 }, Move { tile: 3, colour: 2 }];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The golden files of one kind, one per format version, oldest first.
fn golden_files(kind: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/golden/ exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with(kind) && n.ends_with(".save")))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no golden {kind} saves");
    files
}

#[test]
fn golden_games_restore_to_the_saved_game() {
    let level = parse_level("golden/game", "golden.toml", LEVEL).unwrap();
    for path in golden_files("game-") {
        let game = restore_game(&std::fs::read(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(**game.level(), level, "{}", path.display());
        assert_eq!(game.played().collect::<Vec<_>>(), MOVES[..2], "{}", path.display());
        assert_eq!(game.undone().collect::<Vec<_>>(), MOVES[2..], "{}", path.display());
        // Tile 0 took colour 1 (joining tile 4), then tile 2 took colour 1 (joining tile 1).
        let expected = [1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 9, 2].map(|c| (c < 9).then_some(c));
        assert_eq!(game.board().cells(), expected, "{}", path.display());
        assert_eq!((game.moves_used(), game.status()), (2, Status::Playing), "{}", path.display());
    }
}

#[test]
fn golden_progress_restores_to_the_saved_progress() {
    for path in golden_files("progress-") {
        let progress =
            restore_progress(&std::fs::read(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let best = |id| progress.best(id);
        assert_eq!(best("golden-a/one"), Some(Best { moves: 1, grade: Grade::Perfect }), "{}", path.display());
        assert_eq!(best("golden-a/two"), Some(Best { moves: 2, grade: Grade::Ok }), "{}", path.display());
        assert_eq!(best("golden-a/three"), None, "{}", path.display());
        // The second pack was opened; the check reads the saved set, whatever packs ship now.
        assert!(progress.is_unlocked(Catalogue::shipped(), "golden-b"), "{}", path.display());
        assert!(!progress.is_unlocked(Catalogue::shipped(), "golden-c"), "{}", path.display());
    }
}

#[test]
fn golden_collections_restore_to_the_saved_puzzles() {
    for path in golden_files("puzzles-") {
        let restored = collection::restore(&std::fs::read(&path).unwrap());
        let puzzles = restored.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(puzzles, golden_collection(), "{}", path.display());
    }
}

/// This build still writes the newest format byte for byte as the golden files hold it: a change
/// of encoding shows here, and must come with a new format version.
#[test]
fn this_build_writes_the_newest_golden_files_unchanged() {
    let newest = |kind: &str| std::fs::read(golden_files(kind).pop().unwrap()).unwrap();
    let game = newest("game-");
    assert_eq!(save::save_game(&restore_game(&game).unwrap()), game);
    let progress = newest("progress-");
    assert_eq!(save::save_progress(&restore_progress(&progress).unwrap()), progress);
    assert_eq!(collection::save(&golden_collection()), newest("puzzles-"));
}

#[test]
fn every_cut_and_every_bit_flip_of_a_golden_save_is_rejected() {
    let files = [golden_files("game-"), golden_files("progress-"), golden_files("puzzles-")];
    for path in files.into_iter().flatten() {
        let bytes = std::fs::read(&path).unwrap();
        let rejected =
            |b: &[u8]| restore_game(b).is_err() && restore_progress(b).is_err() && collection::restore(b).is_err();
        for cut in 0..bytes.len() {
            assert!(rejected(&bytes[..cut]), "{} cut at {cut}", path.display());
        }
        for bit in 0..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            assert!(rejected(&flipped), "{} with bit {bit} flipped", path.display());
        }
    }
}

/// Writes this build's golden files if they do not exist yet (see the module comment).
#[test]
#[ignore = "writes tests/golden/ files for a new save format version"]
fn write_missing_golden_saves() {
    let mut game = Game::new(Arc::new(parse_level("golden/game", "golden.toml", LEVEL).unwrap()));
    for m in MOVES {
        game.play(m).unwrap();
    }
    game.undo().unwrap();
    write_once(&format!("game-v{}.save", save::VERSION), &save::save_game(&game));
    write_once(&format!("progress-v{}.save", save::VERSION), &save::save_progress(&golden_progress()));
    write_once("puzzles-v1.save", &collection::save(&golden_collection()));
}

/// Three puzzles of the golden game's board, added in turn as `mine/0` to `mine/2`: the first
/// renamed, proven and won in par + 1; the second deleted; the third a copy of the first.
fn golden_collection() -> Collection {
    let level = parse_level("golden/game", "golden.toml", LEVEL).unwrap();
    let mut puzzles = Collection::default();
    puzzles.add(&level, "Imported", Origin::Imported, false).unwrap();
    puzzles.add(&level, "Gone", Origin::Imported, false).unwrap();
    puzzles.rename("mine/0", "Golden puzzle").unwrap();
    let first = puzzles.get("mine/0").unwrap().level.clone();
    puzzles.prove_par("mine/0", &first).unwrap();
    let mut game = Game::new(first);
    for m in [(1, 2), (1, 0), (1, 1), (1, 0), (1, 2)] {
        game.play(Move { tile: m.0, colour: m.1 }).unwrap();
    }
    assert_eq!(game.status(), Status::Won(Grade::Ok));
    puzzles.record(&game).unwrap();
    puzzles.remove("mine/1").unwrap();
    puzzles.duplicate("mine/0", "Copy of golden").unwrap();
    puzzles
}

/// Two packs of three levels (a 1 × 3 strip `010`, par 1); `golden-a/one` won in par and
/// `golden-a/two` in par + 1, which opens `golden-b`.
fn golden_progress() -> Progress {
    let level =
        "name = \"Strip\"\npar = 1\npalette = [\"#000000\", \"#FFFFFF\"]\ntiling = \"squares\"\ngrid = \"010\"\n";
    let theme = "[theme]\nbackground = \"#FFFFFF\"\nink = \"#000000\"\naccent = \"#FF0000\"\n";
    let mut files = Vec::new();
    for pack in ["golden-a", "golden-b"] {
        files.push((
            format!("{pack}/pack.toml"),
            format!("name = \"{pack}\"\nlevels = [\"one\", \"two\", \"three\"]\n{theme}"),
        ));
        files.extend(["one", "two", "three"].map(|l| (format!("{pack}/{l}.toml"), level.to_string())));
    }
    let catalogue = Catalogue::from_files("golden", files).unwrap();
    let mut progress = Progress::default();
    for (id, moves) in [("golden-a/one", &[(1, 0)][..]), ("golden-a/two", &[(0, 1), (0, 0)])] {
        let mut game = Game::new(Arc::clone(catalogue.level(id).unwrap()));
        for &(tile, colour) in moves {
            game.play(Move { tile, colour }).unwrap();
        }
        progress.record(&catalogue, &game).unwrap();
    }
    assert!(progress.is_unlocked(&catalogue, "golden-b"));
    progress
}

/// Writes `name` under tests/golden/ unless it exists: golden files are never rewritten.
fn write_once(name: &str, bytes: &[u8]) {
    let path = golden_dir().join(name);
    if !path.exists() {
        std::fs::write(&path, bytes).unwrap();
    }
}
