//! Saves: a game or the player's progress as bytes, and back.
//!
//! Every save is one envelope, fixed for all versions:
//!
//! | bytes | field |
//! |---|---|
//! | 4 | magic `KAMI` |
//! | 1 | kind: 1 game, 2 progress, 3 the player's puzzles |
//! | 2 | format version, little-endian |
//! | 4 | payload length, little-endian |
//! | n | payload |
//! | 4 | CRC-32 (IEEE) of everything before it, little-endian |
//!
//! The payload is the version's format struct in bincode 1.3 (varint integers). A new encoding
//! gets a new version number and old versions keep their decoders, so old saves keep loading.
//! A game is saved as its level plus the moves played and undone, and restored by replaying them
//! through the rules: a save that decodes but describes an impossible game is rejected.

use crate::board::{Board, Tiling};
use crate::game::{Game, Grade};
use crate::history::Move;
use crate::level::{Level, Rgb};
use crate::past_levels;
use crate::progress::{Best, Progress};
use bincode::Options;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

const MAGIC: &[u8; 4] = b"KAMI";
const HEADER: usize = 4 + 1 + 2 + 4;
const CHECKSUM: usize = 4;
/// The format version this build writes.
pub const VERSION: u16 = 1;
/// Largest payload accepted: far beyond any real save, small enough that no allocation hurts.
const MAX_PAYLOAD: usize = 8 << 20;

/// What a save holds (the envelope's kind byte).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Game = 1,
    Progress = 2,
    /// The player's puzzles ([`crate::collection`]).
    Collection = 3,
}

/// Why bytes could not be restored. Nothing is changed when restoring fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The bytes are not a Kami save at all.
    NotASave,
    /// A save, but of something else (a progress save given as a game, or the other way round).
    WrongKind,
    /// Written by a newer version of the game.
    UnsupportedVersion { found: u16, newest: u16 },
    /// Fewer bytes than the save says it holds: cut short.
    Truncated { expected: usize, found: usize },
    /// The checksum does not match, or bytes follow the save: damaged.
    Corrupt,
    /// The checksum matches but the contents do not make a valid game or progress.
    Invalid(String),
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::NotASave => write!(f, "not a Kami save"),
            SaveError::WrongKind => write!(f, "a Kami save of another kind"),
            SaveError::UnsupportedVersion { found, newest } => {
                write!(f, "save format {found} is newer than this version of Kami understands ({newest})")
            }
            SaveError::Truncated { expected, found } => {
                write!(f, "the save is cut short: {found} of {expected} bytes")
            }
            SaveError::Corrupt => write!(f, "the save is damaged (checksum mismatch)"),
            SaveError::Invalid(why) => write!(f, "the save does not hold a valid game: {why}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// Saves a game: its level, the moves played and the moves that redo would replay.
pub fn save_game(game: &Game) -> Vec<u8> {
    let level = game.level();
    let moves = |it: &mut dyn Iterator<Item = Move>| it.map(|m| (m.tile as u32, m.colour)).collect();
    let format = GameV1 {
        level_id: level.id().to_string(),
        name: level.name().to_string(),
        par: level.par(),
        board: BoardV1::of(level),
        played: moves(&mut game.played()),
        undone: moves(&mut game.undone()),
    };
    seal(Kind::Game, VERSION, &format)
}

/// Restores a game saved by [`save_game`] (by this or an earlier version).
pub fn restore_game(bytes: &[u8]) -> Result<Game, SaveError> {
    let format: GameV1 = match open(Kind::Game, bytes)? {
        (1, payload) => decode(payload)?,
        (found, _) => return Err(SaveError::UnsupportedVersion { found, newest: VERSION }),
    };
    let invalid = |why: String| SaveError::Invalid(why);
    // A level that moved since the game was saved is the same board under its new id.
    let id = past_levels::current_id(&format.level_id).to_string();
    let level = format.board.level(id, format.name, format.par)?;
    let mut game = Game::new(Arc::new(level));
    let replay = |game: &mut Game, (i, &(tile, colour)): (usize, &(u32, u8))| {
        game.play(Move { tile: tile as usize, colour }).map(|_| ()).map_err(|e| invalid(format!("move {}: {e}", i + 1)))
    };
    format.played.iter().chain(&format.undone).enumerate().try_for_each(|m| replay(&mut game, m))?;
    for _ in &format.undone {
        game.undo().map_err(|e| invalid(e.to_string()))?;
    }
    Ok(game)
}

/// Saves the player's progress.
pub fn save_progress(progress: &Progress) -> Vec<u8> {
    let format = ProgressV1 {
        best: progress.best.iter().map(|(id, b)| (id.clone(), b.moves, b.grade == Grade::Perfect)).collect(),
        unlocked: progress.unlocked.iter().cloned().collect(),
    };
    seal(Kind::Progress, VERSION, &format)
}

/// Restores progress saved by [`save_progress`] (by this or an earlier version).
pub fn restore_progress(bytes: &[u8]) -> Result<Progress, SaveError> {
    let format: ProgressV1 = match open(Kind::Progress, bytes)? {
        (1, payload) => decode(payload)?,
        (found, _) => return Err(SaveError::UnsupportedVersion { found, newest: VERSION }),
    };
    let mut progress = Progress::default();
    for (id, moves, perfect) in format.best {
        let grade = if perfect { Grade::Perfect } else { Grade::Ok };
        if moves == 0 || progress.best.insert(id, Best { moves, grade }).is_some() {
            return Err(SaveError::Invalid("a level's best result is listed twice or has no moves".into()));
        }
    }
    progress.unlocked = format.unlocked.into_iter().collect();
    progress.carry_moved_results();
    Ok(progress)
}

/// Format 1 of a game save.
#[derive(Serialize, Deserialize)]
struct GameV1 {
    level_id: String,
    name: String,
    par: u32,
    board: BoardV1,
    played: Vec<(u32, u8)>,
    undone: Vec<(u32, u8)>,
}

/// A level's palette and board in format 1 (bincode writes a nested struct's fields inline, so
/// a game save reads exactly as when these were the game's own fields).
#[derive(Serialize, Deserialize)]
pub(crate) struct BoardV1 {
    palette: Vec<[u8; 3]>,
    squares: bool,
    rows: u32,
    cols: u32,
    cells: Vec<Option<u8>>,
}

impl BoardV1 {
    /// The palette and board of `level`.
    pub(crate) fn of(level: &Level) -> BoardV1 {
        let board = level.board();
        BoardV1 {
            palette: level.palette().iter().map(|c| [c.red, c.green, c.blue]).collect(),
            squares: board.tiling() == Tiling::Squares,
            rows: board.rows() as u32,
            cols: board.cols() as u32,
            cells: board.cells().to_vec(),
        }
    }

    /// The level with this palette and board, checked as any level is.
    pub(crate) fn level(self, id: String, name: String, par: u32) -> Result<Level, SaveError> {
        let invalid = |why: String| SaveError::Invalid(why);
        let tiling = if self.squares { Tiling::Squares } else { Tiling::Triangles };
        let board = Board::new(tiling, self.rows as usize, self.cols as usize, self.cells, self.palette.len())
            .map_err(|e| invalid(e.to_string()))?;
        let palette = self.palette.iter().map(|&[red, green, blue]| Rgb { red, green, blue }).collect();
        Level::new(id, name, par, palette, board).map_err(|e| invalid(e.to_string()))
    }
}

/// Format 1 of a progress save: `(level id, fewest moves, perfect?)` and opened pack ids.
#[derive(Serialize, Deserialize)]
struct ProgressV1 {
    best: Vec<(String, u32, bool)>,
    unlocked: Vec<String>,
}

fn bincode_options() -> impl Options {
    bincode::DefaultOptions::new()
        .with_varint_encoding()
        .with_little_endian()
        .reject_trailing_bytes()
        .with_limit(MAX_PAYLOAD as u64)
}

/// The envelope around `format`, written as format `version` of `kind`.
pub(crate) fn seal(kind: Kind, version: u16, format: &impl Serialize) -> Vec<u8> {
    // Serialising plain data into a Vec cannot fail; the formats hold nothing that could.
    let payload = bincode_options().serialize(format).expect("save formats always serialise");
    let mut bytes = Vec::with_capacity(HEADER + payload.len() + CHECKSUM);
    bytes.extend_from_slice(MAGIC);
    bytes.push(kind as u8);
    bytes.extend_from_slice(&version.to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&payload);
    bytes.extend_from_slice(&crc32(&bytes).to_le_bytes());
    bytes
}

/// Checks the envelope and returns the format version and payload.
pub(crate) fn open(kind: Kind, bytes: &[u8]) -> Result<(u16, &[u8]), SaveError> {
    let magic_len = bytes.len().min(MAGIC.len());
    if bytes[..magic_len] != MAGIC[..magic_len] {
        return Err(SaveError::NotASave);
    }
    if bytes.len() < HEADER + CHECKSUM {
        return Err(SaveError::Truncated { expected: HEADER + CHECKSUM, found: bytes.len() });
    }
    let length = u32::from_le_bytes([bytes[7], bytes[8], bytes[9], bytes[10]]) as usize;
    let expected = HEADER.saturating_add(length).saturating_add(CHECKSUM);
    if bytes.len() < expected {
        return Err(SaveError::Truncated { expected, found: bytes.len() });
    }
    let (body, sum) = bytes.split_at(HEADER + length);
    if sum.len() != CHECKSUM || crc32(body).to_le_bytes() != sum {
        return Err(SaveError::Corrupt);
    }
    if body[4] != kind as u8 {
        return Err(SaveError::WrongKind);
    }
    Ok((u16::from_le_bytes([body[5], body[6]]), &body[HEADER..]))
}

/// The payload as format struct `T`.
pub(crate) fn decode<T: DeserializeOwned>(payload: &[u8]) -> Result<T, SaveError> {
    bincode_options().deserialize(payload).map_err(|e| SaveError::Invalid(e.to_string()))
}

/// CRC-32 (IEEE 802.3, as in zip and PNG): detects every single-bit flip and burst under 32 bits.
fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    !bytes.iter().fold(!0u32, |c, &b| TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;
    use crate::level_file::parse_level;
    use proptest::prelude::*;

    fn level() -> Arc<Level> {
        let source = "name = \"S\"\npar = 3\npalette = [\"#E4572E\", \"#F3A712\", \"#29335C\"]\ngrid = \"\"\"\n0011.\n0121.\n2210.\n\"\"\"\n";
        Arc::new(parse_level("pack/s", "s.toml", source).unwrap())
    }

    fn same(a: &Game, b: &Game) -> bool {
        a.level() == b.level()
            && a.board() == b.board()
            && a.played().eq(b.played())
            && a.undone().eq(b.undone())
            && a.status() == b.status()
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    }

    #[test]
    fn kinds_and_versions_are_checked() {
        let game = save_game(&Game::new(level()));
        assert_eq!(restore_progress(&game).unwrap_err(), SaveError::WrongKind);
        assert_eq!(restore_game(b"PK\x03\x04 a zip file").unwrap_err(), SaveError::NotASave);
        assert_eq!(restore_game(b"").unwrap_err(), SaveError::Truncated { expected: 15, found: 0 });
        // A newer version, correctly sealed.
        let mut newer = game.clone();
        newer[5] = 2;
        let n = newer.len() - CHECKSUM;
        let sum = crc32(&newer[..n]).to_le_bytes();
        newer[n..].copy_from_slice(&sum);
        assert_eq!(restore_game(&newer).unwrap_err(), SaveError::UnsupportedVersion { found: 2, newest: 1 });
        let mut longer = game;
        longer.push(0);
        assert_eq!(restore_game(&longer).unwrap_err(), SaveError::Corrupt);
    }

    #[test]
    fn impossible_games_are_rejected() {
        let mut game = Game::new(level());
        game.play(Move { tile: 0, colour: 1 }).unwrap();
        let GameV1 { played, .. } = decode(open(Kind::Game, &save_game(&game)).unwrap().1).unwrap();
        assert_eq!(played, vec![(0, 1)]);
        // Re-seal the same game with a move that repeats the region's colour.
        let mut format: GameV1 = decode(open(Kind::Game, &save_game(&game)).unwrap().1).unwrap();
        format.played.push((0, 1));
        let err = restore_game(&seal(Kind::Game, VERSION, &format)).unwrap_err();
        assert_eq!(err, SaveError::Invalid("move 2: the region of tile 0 is colour 1 already".into()));
        format.played = vec![];
        // A par no board needs would let a few megabytes of moves replay into gigabytes of history.
        format.par = crate::level::MAX_PAR + 1;
        let err = restore_game(&seal(Kind::Game, VERSION, &format)).unwrap_err();
        assert_eq!(err, SaveError::Invalid("expected a par of at most 4096, found 4097".into()));
        format.par = 3;
        format.board.cells[0] = Some(9);
        assert!(matches!(restore_game(&seal(Kind::Game, VERSION, &format)), Err(SaveError::Invalid(_))));
    }

    #[test]
    fn progress_round_trips() {
        let catalogue = Catalogue::shipped();
        let mut progress = Progress::default();
        progress.unlocked.insert("02-anything".into());
        let level = &catalogue.packs()[0].levels[0];
        progress.best.insert(level.id().to_string(), Best { moves: 2, grade: Grade::Ok });
        assert_eq!(restore_progress(&save_progress(&progress)), Ok(progress));
    }

    fn random_game() -> impl Strategy<Value = Game> {
        prop::collection::vec((0usize..15, 0u8..3, 0u8..3), 0..12).prop_map(|intents| {
            let mut game = Game::new(level());
            for (tile, colour, undo) in intents {
                let _ = game.play(Move { tile, colour });
                if undo == 0 {
                    let _ = game.undo();
                }
            }
            game
        })
    }

    proptest! {
        #[test]
        fn games_round_trip(game in random_game()) {
            let restored = restore_game(&save_game(&game)).unwrap();
            prop_assert!(same(&game, &restored));
        }

        #[test]
        fn every_truncation_and_bit_flip_is_rejected(game in random_game(), bit in 0usize..4096) {
            let bytes = save_game(&game);
            for cut in 0..bytes.len() {
                prop_assert!(restore_game(&bytes[..cut]).is_err());
            }
            let mut flipped = bytes.clone();
            let bit = bit % (bytes.len() * 8);
            flipped[bit / 8] ^= 1 << (bit % 8);
            prop_assert!(restore_game(&flipped).is_err());
        }
    }
}
