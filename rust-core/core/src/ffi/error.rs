//! The one error type shells see.

use crate::collection::CollectionError;
use crate::editor::EditError;
use crate::game::MoveError;
use crate::import::ImportError;
use crate::level_file::FileError;
use crate::save::SaveError;
use crate::share::ShareError;
use std::fmt;

/// Everything that can go wrong in a call; the state is unchanged when a call fails.
/// Swift sees a `KamiError` enum, Kotlin a `KamiException` sealed class; both print the message.
#[derive(Debug, Clone, PartialEq, uniffi::Error)]
#[uniffi::export(Display)]
pub enum KamiError {
    /// No shipped level has this id.
    UnknownLevel { id: String },
    /// A level file is malformed.
    InvalidLevel { file: String, line: u32, column: u32, reason: String },
    /// The tile index is not on the board.
    TileOutOfRange { tile: u32, tiles: u32 },
    /// The tile is a hole.
    Hole { tile: u32 },
    /// The colour is not in the palette.
    ColourOutOfRange { colour: u32, colours: u32 },
    /// The region already has that colour.
    SameColour { tile: u32, colour: u32 },
    /// The game is won or failed: undo or restart to play on.
    GameFinished,
    /// No move to undo.
    NothingToUndo,
    /// No undone move to redo.
    NothingToRedo,
    /// The hint was cancelled, by `cancel_hint` or by a move, undo, redo or restart.
    HintCancelled,
    /// No such calendar date.
    InvalidDate { year: u32, month: u32, day: u32 },
    /// The generator could not make a level for the request.
    GenerationFailed { reason: String },
    /// The viewport is not a finite positive size.
    InvalidViewport { width: f64, height: f64 },
    /// The bytes are not a Kami save.
    NotASave,
    /// A Kami save of another kind (progress given as a game, or the reverse).
    WrongSaveKind,
    /// A save written by a newer version of Kami.
    UnsupportedSaveVersion { found: u32, newest: u32 },
    /// A save cut short.
    TruncatedSave { expected: u64, found: u64 },
    /// A damaged save (checksum mismatch).
    CorruptSave,
    /// A save whose contents do not make a valid game or progress.
    InvalidSave { reason: String },
    /// The bytes are not a PNG or JPEG image, or a damaged or truncated one.
    ImageUnreadable { reason: String },
    /// The image is too large to read (refused before decoding it).
    ImageTooLarge { width: u32, height: u32 },
    /// The image is too small to read a board from.
    ImageTooSmall { width: u32, height: u32 },
    /// The image is not a KAMI 2 board: no toolbar of swatches, no triangle grid, or cut off.
    NotAKamiBoard { reason: String },
    /// Colours in the screenshot too alike to tell apart (two swatches, or a tile and a hole).
    ColoursAlike { reason: String },
    /// A par outside 1 to `max`.
    InvalidPar { par: u32, max: u32 },
    /// None of the player's puzzles has this id.
    UnknownPuzzle { id: String },
    /// A puzzle name must be 1 to `max` characters once trimmed, without control characters.
    InvalidPuzzleName { reason: String, max: u32 },
    /// The player's puzzles are `max` already: one must be deleted first.
    CollectionFull { max: u32 },
    /// The generation was cancelled by `PuzzleMaker.cancel`.
    GenerationCancelled,
    /// Not a share code or `kami://` link: a character no code has, too short or too long.
    NotAShareCode { reason: String },
    /// A share code made by a newer Kami (version `found`; this one reads up to `newest`).
    UnknownShareCodeVersion { found: u32, newest: u32 },
    /// The share code does not check out: a character mistyped or two swapped.
    ShareCodeMismatch,
    /// The share code is cut short: `missing` characters lost.
    ShareCodeTruncated { missing: u32 },
    /// The share code reads, but holds no playable puzzle.
    InvalidSharedPuzzle { reason: String },
    /// A link of `length` characters is too long for a QR code.
    QrTooLarge { length: u32 },
    /// A palette must hold `min` to `max` colours.
    PaletteSize { colours: u32, min: u32, max: u32 },
    /// The edit would leave only holes.
    NoTilesLeft,
    /// The mirror does not map a board of this size onto itself (triangles depend on the size).
    MirrorDoesNotFit { rows: u32, cols: u32 },
    /// Not a size a board can have.
    InvalidBoardSize { reason: String },
    /// The drawing is one colour: nothing to play.
    BoardOneColour,
}

impl fmt::Display for KamiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KamiError::UnknownLevel { id } => write!(f, "no level has the id {id:?}"),
            KamiError::InvalidLevel { file, line, column, reason } => write!(f, "{file}:{line}:{column}: {reason}"),
            KamiError::TileOutOfRange { tile, tiles } => {
                MoveError::TileOutOfRange { tile: *tile as usize, tiles: *tiles as usize }.fmt(f)
            }
            KamiError::Hole { tile } => MoveError::Hole { tile: *tile as usize }.fmt(f),
            KamiError::ColourOutOfRange { colour, colours } => {
                MoveError::ColourOutOfRange { colour: *colour as usize, colours: *colours as usize }.fmt(f)
            }
            KamiError::SameColour { tile, colour } => write!(f, "the region of tile {tile} is colour {colour} already"),
            KamiError::GameFinished => MoveError::Finished.fmt(f),
            KamiError::NothingToUndo => MoveError::NothingToUndo.fmt(f),
            KamiError::NothingToRedo => MoveError::NothingToRedo.fmt(f),
            KamiError::HintCancelled => write!(f, "the hint was cancelled"),
            KamiError::InvalidDate { year, month, day } => write!(f, "{year:04}-{month:02}-{day:02} is not a date"),
            KamiError::GenerationFailed { reason } => write!(f, "{reason}"),
            KamiError::InvalidViewport { width, height } => write!(f, "cannot fit a board into {width} × {height}"),
            KamiError::NotASave => SaveError::NotASave.fmt(f),
            KamiError::WrongSaveKind => SaveError::WrongKind.fmt(f),
            KamiError::UnsupportedSaveVersion { found, newest } => {
                write!(f, "save format {found} is newer than this version of Kami understands ({newest})")
            }
            KamiError::TruncatedSave { expected, found } => {
                write!(f, "the save is cut short: {found} of {expected} bytes")
            }
            KamiError::CorruptSave => SaveError::Corrupt.fmt(f),
            KamiError::InvalidSave { reason } => SaveError::Invalid(reason.clone()).fmt(f),
            KamiError::ImageUnreadable { reason } => ImportError::Unreadable(reason.clone()).fmt(f),
            KamiError::ImageTooLarge { width, height } => {
                ImportError::TooLarge { width: *width, height: *height }.fmt(f)
            }
            KamiError::ImageTooSmall { width, height } => {
                ImportError::TooSmall { width: *width, height: *height }.fmt(f)
            }
            KamiError::NotAKamiBoard { reason } => ImportError::NotABoard(reason.clone()).fmt(f),
            KamiError::ColoursAlike { reason } => ImportError::ColoursAlike(reason.clone()).fmt(f),
            KamiError::InvalidPar { par, max } => write!(f, "a par is 1 to {max} moves, not {par}"),
            KamiError::UnknownPuzzle { id } => CollectionError::UnknownPuzzle(id.clone()).fmt(f),
            KamiError::InvalidPuzzleName { reason, .. } => CollectionError::InvalidName(reason.clone()).fmt(f),
            KamiError::CollectionFull { .. } => CollectionError::Full.fmt(f),
            KamiError::GenerationCancelled => write!(f, "the generation was cancelled"),
            KamiError::NotAShareCode { reason } => ShareError::NotACode(reason.clone()).fmt(f),
            KamiError::UnknownShareCodeVersion { found, newest } => {
                ShareError::UnknownVersion { found: *found, newest: *newest }.fmt(f)
            }
            KamiError::ShareCodeMismatch => ShareError::ChecksumMismatch.fmt(f),
            KamiError::ShareCodeTruncated { missing } => ShareError::Truncated { missing: *missing }.fmt(f),
            KamiError::InvalidSharedPuzzle { reason } => ShareError::InvalidBoard(reason.clone()).fmt(f),
            KamiError::QrTooLarge { length } => ShareError::QrTooLarge { length: *length }.fmt(f),
            KamiError::PaletteSize { colours, .. } => EditError::PaletteSize { colours: *colours as usize }.fmt(f),
            KamiError::NoTilesLeft => EditError::NoTilesLeft.fmt(f),
            KamiError::MirrorDoesNotFit { rows, cols } => {
                write!(f, "that mirror does not fit a board of {rows} × {cols} triangles")
            }
            KamiError::InvalidBoardSize { reason } => write!(f, "{reason}"),
            KamiError::BoardOneColour => write!(f, "the board is one colour: there is nothing to play"),
        }
    }
}

impl std::error::Error for KamiError {}

/// Saturates a count for the foreign side (counts here are at most 4096).
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<MoveError> for KamiError {
    fn from(e: MoveError) -> KamiError {
        match e {
            MoveError::TileOutOfRange { tile, tiles } => {
                KamiError::TileOutOfRange { tile: to_u32(tile), tiles: to_u32(tiles) }
            }
            MoveError::Hole { tile } => KamiError::Hole { tile: to_u32(tile) },
            MoveError::ColourOutOfRange { colour, colours } => {
                KamiError::ColourOutOfRange { colour: to_u32(colour), colours: to_u32(colours) }
            }
            MoveError::SameColour { tile, colour } => {
                KamiError::SameColour { tile: to_u32(tile), colour: colour.into() }
            }
            MoveError::Finished => KamiError::GameFinished,
            MoveError::NothingToUndo => KamiError::NothingToUndo,
            MoveError::NothingToRedo => KamiError::NothingToRedo,
        }
    }
}

impl From<SaveError> for KamiError {
    fn from(e: SaveError) -> KamiError {
        match e {
            SaveError::NotASave => KamiError::NotASave,
            SaveError::WrongKind => KamiError::WrongSaveKind,
            SaveError::UnsupportedVersion { found, newest } => {
                KamiError::UnsupportedSaveVersion { found: found.into(), newest: newest.into() }
            }
            SaveError::Truncated { expected, found } => {
                KamiError::TruncatedSave { expected: expected as u64, found: found as u64 }
            }
            SaveError::Corrupt => KamiError::CorruptSave,
            SaveError::Invalid(reason) => KamiError::InvalidSave { reason },
        }
    }
}

impl From<FileError> for KamiError {
    fn from(e: FileError) -> KamiError {
        KamiError::InvalidLevel { file: e.file, line: to_u32(e.line), column: to_u32(e.column), reason: e.message }
    }
}
