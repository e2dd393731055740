//! No panic crosses the FFI: every exported function and method, called with hostile arguments,
//! returns a typed error or a sane result, and a refused call leaves the game as it was.

use kami_core::ffi::{
    Game, GameSnapshot, GameStatus, KamiError, PlayerProgress, PuzzleCollection, PuzzleSpec, Symmetry, daily_puzzle,
    generate_puzzle, import_screenshot, open_share_code, packs, share_game, share_level, share_qr_png,
};
use std::sync::Arc;

const NASTY_FLOATS: [f64; 9] =
    [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0, 0.0, -0.0, 5e-324, f64::MIN_POSITIVE, f64::MAX];
const NASTY_INDICES: [u32; 5] = [u32::MAX, u32::MAX - 1, 1 << 31, 65_536, 4096];
const GIANT: usize = 16 << 20;

/// Whether `e` refuses exactly this viewport (compared bit for bit: NaN is not equal to itself).
fn refused(e: &KamiError, width: f64, height: f64) -> bool {
    matches!(e, KamiError::InvalidViewport { width: w, height: h } if w.to_bits() == width.to_bits() && h.to_bits() == height.to_bits())
}

fn first_level() -> Arc<Game> {
    Game::new(packs()[0].levels[0].id.clone()).unwrap()
}

/// A shipped level with a hole, so that tile_at and play meet one.
fn level_with_hole() -> (Arc<Game>, u32) {
    packs()
        .into_iter()
        .flat_map(|p| p.levels)
        .find_map(|l| {
            let game = Game::new(l.id).unwrap();
            let hole = game.snapshot().tiles.iter().position(Option::is_none)?;
            Some((game, hole as u32))
        })
        .expect("a shipped level has a hole")
}

/// Hostile save bytes: empty, giant, and broken in each part of the envelope.
fn hostile_saves(valid: &[u8]) -> Vec<Vec<u8>> {
    let mut huge_length = valid.to_vec();
    huge_length[7..11].copy_from_slice(&u32::MAX.to_le_bytes());
    let mut giant_claimed = b"KAMI\x01\x01\x00".to_vec();
    giant_claimed.extend_from_slice(&((GIANT - 15) as u32).to_le_bytes());
    giant_claimed.resize(GIANT, 0xAB);
    vec![
        Vec::new(),
        b"K".to_vec(),
        b"KAMI".to_vec(),
        vec![0; GIANT],
        vec![0xFF; GIANT],
        giant_claimed,
        huge_length,
        valid[..valid.len() - 1].to_vec(),
        [valid, &[0]].concat(),
    ]
}

#[test]
fn game_constructors_reject_hostile_input() {
    for id in [String::new(), "\0".into(), "../../etc/passwd".into(), "01-first-steps/".into(), "é".repeat(1 << 20)] {
        assert!(matches!(Game::new(id.clone()), Err(KamiError::UnknownLevel { id: found }) if found == id));
    }
    let valid = first_level().save();
    let progress = PlayerProgress::new().save();
    for bytes in hostile_saves(&valid).into_iter().chain([progress]) {
        let error = Game::restore(bytes).err().expect("hostile bytes do not restore");
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn moves_with_hostile_arguments_are_typed_errors_that_change_nothing() {
    let (game, hole) = level_with_hole();
    let before = game.snapshot();
    let tiles = before.tiles.len() as u32;
    let colours = before.palette.len() as u32;
    for tile in NASTY_INDICES.into_iter().chain([tiles]) {
        assert_eq!(game.play(tile, 0), Err(KamiError::TileOutOfRange { tile, tiles }));
    }
    for colour in NASTY_INDICES.into_iter().chain([256, 255, colours]) {
        assert_eq!(game.play(0, colour), Err(KamiError::ColourOutOfRange { colour, colours }));
    }
    assert_eq!(game.play(hole, 0), Err(KamiError::Hole { tile: hole }));
    let own = before.tiles[0].unwrap();
    assert_eq!(game.play(0, own), Err(KamiError::SameColour { tile: 0, colour: own }));
    assert_eq!(game.undo(), Err(KamiError::NothingToUndo));
    assert_eq!(game.redo(), Err(KamiError::NothingToRedo));
    assert_eq!(game.snapshot(), before);
    // Restart and cancel on a fresh game are harmless.
    game.cancel_hint();
    assert_eq!(GameSnapshot { revision: before.revision, ..game.restart() }, before);
}

#[test]
fn viewports_and_points_that_make_no_sense_are_refused_or_miss() {
    let (game, hole) = level_with_hole();
    let tiles = game.snapshot().tiles;
    for width in NASTY_FLOATS {
        for height in NASTY_FLOATS {
            let valid = [width, height].iter().all(|v| v.is_finite() && *v > 0.0);
            match game.layout(width, height) {
                Ok(layout) => {
                    assert!(valid, "{width} × {height}");
                    assert_eq!(layout.tiles.len(), tiles.iter().flatten().count());
                    assert!(layout.side >= 0.0 && layout.side.is_finite());
                }
                Err(e) => assert!(!valid && refused(&e, width, height), "{e:?}"),
            }
            for x in NASTY_FLOATS {
                for y in NASTY_FLOATS {
                    match game.tile_at(width, height, x, y) {
                        Ok(tile) => assert!(valid && tile.is_none_or(|t| tiles[t as usize].is_some())),
                        Err(e) => assert!(!valid && refused(&e, width, height), "{e:?}"),
                    }
                }
            }
        }
    }
    // The hole's own centre is not a tile.
    let layout = game.layout(300.0, 600.0).unwrap();
    assert!(layout.tiles.iter().all(|t| t.tile != hole));
}

#[test]
fn hints_on_finished_games_and_after_cancel_are_sane() {
    let game = first_level();
    game.cancel_hint();
    let mut hint = game.hint().unwrap();
    while let Some(next) = hint.next {
        assert_eq!(hint.revision, game.snapshot().revision);
        game.play(next.tile, next.colour).unwrap();
        hint = game.hint().unwrap();
    }
    let won = game.snapshot();
    assert!(matches!(won.status, GameStatus::Won { .. }), "{:?}", won.status);
    assert_eq!((hint.remaining, hint.revision), (0, won.revision));
    assert_eq!(game.play(0, 0), Err(KamiError::GameFinished));
    // A won game saves, restores and records; recording twice keeps one best.
    let progress = PlayerProgress::new();
    let best = progress.record(Arc::clone(&game)).unwrap();
    assert_eq!(progress.record(Game::restore(game.save()).unwrap()), Some(best));
}

#[test]
fn impossible_dates_are_typed_errors() {
    for (year, month, day) in [
        (0, 0, 0),
        (u32::MAX, u32::MAX, u32::MAX),
        (2023, 2, 29),
        (2026, 13, 1),
        (2026, 0, 10),
        (2026, 4, 31),
        (10_000, 1, 1),
        (1 << 31, 1, 1),
    ] {
        assert_eq!(daily_puzzle(year, month, day).err(), Some(KamiError::InvalidDate { year, month, day }));
    }
    let leap = daily_puzzle(2024, 2, 29).unwrap();
    assert_eq!(leap.game.snapshot().level_id, "daily/2024-02-29");
}

#[test]
fn absurd_puzzle_specs_are_typed_errors() {
    let spec = |colours, min_par, max_par| PuzzleSpec {
        rows: 29,
        cols: 10,
        colours,
        min_par,
        max_par,
        symmetry: Symmetry::None,
        holes: false,
    };
    let sized = |rows, cols| PuzzleSpec { rows, cols, ..spec(3, 3, 4) };
    for bad in [
        sized(0, 10),
        sized(29, 0),
        sized(65, 10),
        sized(29, u32::MAX),
        sized(u32::MAX, u32::MAX),
        spec(0, 3, 5),
        spec(1, 3, 5),
        spec(7, 3, 5),
        spec(u32::MAX, 3, 5),
        spec(3, 0, 5),
        spec(3, 5, 3),
        spec(3, 0, 0),
        spec(3, u32::MAX, u32::MAX),
        spec(3, 1000, u32::MAX),
    ] {
        for seed in [0, u64::MAX] {
            let error = generate_puzzle(seed, bad.clone()).err().unwrap_or_else(|| panic!("{bad:?} generated"));
            assert!(matches!(error, KamiError::GenerationFailed { .. }), "{error:?}");
        }
    }
    let small = generate_puzzle(7, sized(9, 6)).unwrap().game.snapshot();
    assert_eq!((small.rows, small.cols), (9, 6));
    for symmetry in [Symmetry::LeftRight, Symmetry::TopBottom, Symmetry::Rotational] {
        let puzzle = generate_puzzle(u64::MAX, PuzzleSpec { symmetry, holes: true, ..spec(6, 4, 6) }).unwrap();
        assert!((4..=6).contains(&puzzle.game.snapshot().par));
    }
}

#[test]
fn progress_rejects_hostile_saves_and_ignores_unknown_levels() {
    let valid = PlayerProgress::new().save();
    let game = first_level().save();
    for bytes in hostile_saves(&valid).into_iter().chain([game]) {
        assert!(PlayerProgress::restore(bytes).is_err());
    }
    let progress = PlayerProgress::new();
    for id in [String::new(), "\0".into(), "x".repeat(GIANT)] {
        assert_eq!(progress.best(id), None);
    }
    assert_eq!(progress.record(first_level()), None, "an unplayed game is no win");
    let packs = progress.packs();
    assert!(packs[0].unlocked && packs.iter().all(|p| p.won == 0));
}

#[test]
fn screenshots_that_are_not_images_are_typed_errors() {
    let png_signature = b"\x89PNG\r\n\x1a\n".to_vec();
    let jpeg_start = vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F', 0];
    for bytes in [Vec::new(), vec![0; 1000], b"not an image at all".to_vec(), png_signature, jpeg_start] {
        match import_screenshot(bytes.clone()) {
            Err(KamiError::ImageUnreadable { .. }) => {}
            other => panic!("{bytes:?}: {:?}", other.map(|p| p.par())),
        }
    }
}

#[test]
fn share_codes_refuse_hostile_text_names_and_sizes() {
    let giant = "1".repeat(GIANT);
    let nul = "1\u{0}2345678";
    for text in ["", " ", "kami://", "kami://puzzle/", "\u{FEFF}", nul, &giant, "日本語のテキスト"] {
        assert!(open_share_code(text.to_string()).is_err(), "{:.40?}", text);
        assert!(share_qr_png(text.to_string(), 4).is_err(), "{:.40?}", text);
    }
    assert!(matches!(share_level("no/such".into(), None), Err(KamiError::UnknownLevel { .. })));
    let long_name = "x".repeat(GIANT);
    for name in [long_name.as_str(), "a\u{0}b", "tab\there"] {
        assert!(matches!(share_game(first_level(), Some(name.into()), true), Err(KamiError::InvalidPuzzleName { .. })));
    }
    let code = share_game(first_level(), None, false).unwrap().code;
    for pixels in [0, 1, u32::MAX] {
        assert!(share_qr_png(code.clone(), pixels).unwrap().starts_with(b"\x89PNG"));
    }
    let shared = open_share_code(code).unwrap();
    let puzzles = PuzzleCollection::new();
    for name in ["", &long_name] {
        assert!(matches!(
            puzzles.add_shared(Arc::clone(&shared), name.into()),
            Err(KamiError::InvalidPuzzleName { .. })
        ));
    }
    assert!(puzzles.puzzles().is_empty());
    assert!(matches!(puzzles.share("mine/0".into()), Err(KamiError::UnknownPuzzle { .. })));
}
