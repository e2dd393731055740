//! The API the phone shells use, through uniffi: a [`Game`] object, the level catalogue, the
//! player's [`PlayerProgress`] and [`PuzzleCollection`], the puzzle [`Editor`], with plain records for
//! everything they draw.
//!
//! The surface is synchronous and every object is safe to share between threads. Nothing here
//! panics on any input: bad arguments come back as [`KamiError`]. Names avoid clashing with
//! platform types a shell imports alongside (SwiftUI's `Layout`, Foundation's `Progress`,
//! Compose's `Snapshot`).

mod catalogue;
mod collection;
mod editor;
mod error;
mod game;
mod import;
mod puzzles;
mod records;
mod share;

pub use catalogue::{LevelInfo, LevelProgress, PackInfo, PackProgress, PlayerProgress, packs};
pub use collection::{ParCheck, PuzzleCollection, PuzzleEntry, PuzzleOrigin, Thumbnail, ThumbnailTile};
pub use editor::{
    CuratedPalette, Editor, EditorAnalysis, EditorSnapshot, EditorTool, EditorVerdict, ParEstimate, curated_palettes,
};
pub use error::KamiError;
pub use game::Game;
pub use import::{ImportedPuzzle, import_screenshot};
pub use puzzles::{Puzzle, PuzzleMaker, PuzzleSpec, Symmetry, daily_puzzle, generate_puzzle};
pub use records::{
    BestResult, BoardLayout, FloodTile, GameSnapshot, GameStatus, Grade, PackTheme, Point, Rgb, TileShape, Tiling, Turn,
};
pub use share::{ShareCode, SharedPuzzle, open_share_code, share_game, share_level, share_qr_png};
