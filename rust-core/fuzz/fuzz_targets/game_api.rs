//! The FFI `Game`: a random start (a shipped level, a random board, or raw save bytes) and a
//! random sequence of calls with arbitrary arguments. Every call returns (no panic), refused calls
//! change nothing, and what succeeds keeps the game consistent.

#![no_main]

use arbitrary::Arbitrary;
use kami_core::board::{Board, Tiling};
use kami_core::ffi::{Game, GameSnapshot, GameStatus, KamiError, PlayerProgress, packs};
use kami_core::hint::{Cache, Position, hint};
use kami_core::level::{Level, Rgb};
use kami_core::save::{restore_game, save_game};
use kami_core::solver::Budget;
use kami_core::{game, history::Move};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

/// Search nodes the FFI hint may take (a phone's budget is 2 s, which kept this target at 14
/// runs a second): small enough that every input stays fast, large enough to finish small boards.
const FFI_HINT_NODES: u64 = 200;
/// Boards with at most this many tiles get hints, at most [`HINTS`] per input: each hint solves
/// several positions (the one played and the undo probes), each starting with the solver's first
/// answer per island, which no node budget limits; on a shipped board (290 tiles) that takes
/// milliseconds and kept this target far below 1,000 runs a second. Hints on shipped boards have
/// tests of their own.
const HINT_TILES: usize = 48;
const HINTS: usize = 2;

#[derive(Arbitrary, Debug)]
enum Start {
    Shipped(u16),
    Board { squares: bool, rows: u8, cols: u8, colours: u8, par: u8, cells: Vec<u8> },
    Save(Vec<u8>),
}

#[derive(Arbitrary, Debug)]
enum Call {
    Play {
        tile: u32,
        colour: u32,
    },
    Undo,
    Redo,
    Restart,
    SaveRestore,
    Layout {
        width: f64,
        height: f64,
    },
    TileAt {
        width: f64,
        height: f64,
        x: f64,
        y: f64,
    },
    /// The domain hint with a node budget of `nodes`, its move played.
    Hint {
        nodes: u8,
    },
    FfiHint,
    CancelHint,
    Record,
}

#[derive(Arbitrary, Debug)]
struct Script {
    start: Start,
    calls: Vec<Call>,
}

fuzz_target!(|script: Script| {
    let Some(mut game) = start(script.start) else { return };
    let first = game.snapshot();
    let progress = PlayerProgress::new();
    let mut hints = 0;
    for call in script.calls {
        let before = game.snapshot();
        let hint_allowed = before.tiles.len() <= HINT_TILES && hints < HINTS;
        match call {
            Call::Play { tile, colour } => match game.play(tile, colour) {
                Ok(turn) => {
                    let after = &turn.snapshot;
                    assert_eq!(after.moves_used, before.moves_used + 1);
                    assert_ne!(after.revision, before.revision);
                    assert_eq!(turn.flood.first().map(|f| f.tile), Some(tile));
                    assert!(turn.flood.iter().all(|f| after.tiles[f.tile as usize] == Some(colour)));
                    assert_eq!(game.undo().map(|s| s.tiles), Ok(before.tiles.clone()));
                    assert_eq!(game.redo().map(|s| s.tiles), Ok(after.tiles.clone()));
                }
                Err(_) => assert_eq!(game.snapshot(), before),
            },
            Call::Undo => {
                unchanged_unless_ok(&game, &before, game.undo().map(|s| s.moves_used + 1 == before.moves_used))
            }
            Call::Redo => {
                unchanged_unless_ok(&game, &before, game.redo().map(|s| s.moves_used == before.moves_used + 1))
            }
            Call::Restart => {
                let s = game.restart();
                assert_eq!((s.tiles, s.moves_used, s.can_undo, s.can_redo), (first.tiles.clone(), 0, false, false));
            }
            Call::SaveRestore => {
                let restored = Game::restore(game.save()).expect("a game's own save restores");
                assert_eq!(GameSnapshot { revision: 0, ..restored.snapshot() }, GameSnapshot { revision: 0, ..before });
                game = restored;
            }
            Call::Layout { width, height } => match game.layout(width, height) {
                Ok(layout) => {
                    assert!(viewport_ok(width, height));
                    assert_eq!(layout.tiles.len(), before.tiles.iter().flatten().count());
                    assert!(layout.tiles.iter().all(|t| before.tiles[t.tile as usize].is_some()));
                }
                Err(e) => assert!(!viewport_ok(width, height) && matches!(e, KamiError::InvalidViewport { .. })),
            },
            Call::TileAt { width, height, x, y } => match game.tile_at(width, height, x, y) {
                Ok(tile) => {
                    assert!(viewport_ok(width, height));
                    assert!(tile.is_none_or(|t| before.tiles[t as usize].is_some()));
                }
                Err(e) => assert!(!viewport_ok(width, height) && matches!(e, KamiError::InvalidViewport { .. })),
            },
            Call::Hint { nodes } if hint_allowed => {
                hints += 1;
                let domain = restore_game(&game.save()).expect("a game's own save restores");
                let budget =
                    Budget { max_nodes: Some(u64::from(nodes) + 1), table_bytes: 1 << 12, ..Budget::default() };
                let h = hint(&Position::of(&domain), &mut Cache::default(), &budget);
                check_hint_move(&game, &domain, h.next);
            }
            Call::FfiHint if hint_allowed => {
                hints += 1;
                let budget = Budget { max_nodes: Some(FFI_HINT_NODES), table_bytes: 1 << 12, ..Budget::default() };
                let h = game.hint_within(budget).expect("nothing cancels a hint on this thread");
                assert_eq!(h.revision, before.revision);
                assert_eq!(h.next.is_none(), before.status != GameStatus::Playing);
                if let Some(next) = h.next {
                    assert!(next.region.contains(&next.tile));
                    let turn = game.play(next.tile, next.colour).expect("a hinted move is legal");
                    assert_eq!(turn.flood.len(), next.region.len());
                }
            }
            Call::Hint { .. } | Call::FfiHint => {}
            Call::CancelHint => {
                game.cancel_hint();
                assert_eq!(game.snapshot(), before);
            }
            Call::Record => {
                let won = matches!(before.status, GameStatus::Won { .. });
                assert_eq!(progress.record(Arc::clone(&game)).is_some(), won);
            }
        }
    }
});

/// The game to script: `None` when the start does not make one (that is fine, not a failure).
fn start(start: Start) -> Option<Arc<Game>> {
    match start {
        Start::Shipped(i) => {
            let ids: Vec<String> = packs().into_iter().flat_map(|p| p.levels).map(|l| l.id).collect();
            Some(Game::new(ids[usize::from(i) % ids.len()].clone()).expect("shipped ids start games"))
        }
        Start::Board { squares, rows, cols, colours, par, cells } => {
            let (rows, cols, colours) = (usize::from(rows % 12 + 1), usize::from(cols % 12 + 1), colours % 5 + 2);
            let cells = (0..rows * cols)
                .map(|i| cells.get(i).map_or(Some(0), |&c| Some(c % (colours + 1)).filter(|&c| c < colours)));
            let tiling = if squares { Tiling::Squares } else { Tiling::Triangles };
            let board = Board::new(tiling, rows, cols, cells.collect(), colours.into()).ok()?;
            let palette = vec![Rgb { red: 1, green: 2, blue: 3 }; colours.into()];
            let level = Level::new("fuzz/board".into(), "Fuzz".into(), u32::from(par) + 1, palette, board).ok()?;
            Some(Game::restore(save_game(&game::Game::new(Arc::new(level)))).expect("a fresh game's save restores"))
        }
        Start::Save(bytes) => Game::restore(bytes).ok(),
    }
}

/// A refused call changes nothing; an accepted one passes `check`.
fn unchanged_unless_ok(game: &Game, before: &GameSnapshot, result: Result<bool, KamiError>) {
    match result {
        Ok(check) => assert!(check),
        Err(_) => assert_eq!(&game.snapshot(), before),
    }
}

/// Whether a viewport is one `layout` and `tile_at` accept.
fn viewport_ok(width: f64, height: f64) -> bool {
    [width, height].iter().all(|v| v.is_finite() && *v > 0.0)
}

/// A hint's move is legal where the game stands (and is played), and absent only when the
/// game is over.
fn check_hint_move(game: &Game, domain: &game::Game, next: Option<Move>) {
    assert_eq!(next.is_none(), domain.status().is_finished());
    if let Some(m) = next {
        let tile = u32::try_from(m.tile).expect("tiles fit u32");
        game.play(tile, m.colour.into()).expect("a hinted move is legal");
    }
}
