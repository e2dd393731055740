//! Share codes over the FFI: a puzzle as a code, a `kami://` link and a QR image, and a code
//! opened as a game whose par is checked before it is called proven.

use super::collection::ParCheck;
use super::error::{KamiError, to_u32};
use super::game::Game;
use crate::catalogue::Catalogue;
use crate::collection::MAX_NAME;
use crate::hint;
use crate::level::Level;
use crate::share::{self, Qr, ShareError, Shared};
use std::sync::Arc;

/// A puzzle's share code and its link form (`kami://puzzle/<code>`), for the share sheet.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ShareCode {
    /// The code: letters and digits only.
    pub code: String,
    /// The link that opens it in the app.
    pub link: String,
}

impl ShareCode {
    /// The code of `level` with its par, proven or not, and `name`.
    pub(crate) fn of(level: &Level, par_proven: bool, name: Option<&str>) -> Result<ShareCode, KamiError> {
        let code = share::encode(level, par_proven, name)?;
        Ok(ShareCode { link: share::link(&code), code })
    }
}

/// The share code of shipped level `level_id` (whose par is proven), carrying `name` (`None` or
/// empty for none; usually the level's name).
#[uniffi::export]
pub fn share_level(level_id: String, name: Option<String>) -> Result<ShareCode, KamiError> {
    let level = Catalogue::shipped().level(&level_id).ok_or(KamiError::UnknownLevel { id: level_id })?;
    ShareCode::of(level, true, name.as_deref())
}

/// The share code of the level `game` plays (its start, not the moves played), carrying `name`;
/// `par_proven` says whether the solver proved its par (true for shipped levels and dailies).
#[uniffi::export]
pub fn share_game(game: Arc<Game>, name: Option<String>, par_proven: bool) -> Result<ShareCode, KamiError> {
    let level = game.with(|g| Arc::clone(g.level()));
    ShareCode::of(&level, par_proven, name.as_deref())
}

/// Opens a share code or `kami://puzzle/` link (spaces and line breaks ignored).
#[uniffi::export]
pub fn open_share_code(text: String) -> Result<Arc<SharedPuzzle>, KamiError> {
    Ok(Arc::new(SharedPuzzle { shared: share::decode(&text)? }))
}

/// The link of a share code (or link) as a QR code in a PNG, black on white with a light
/// margin, each module `module_pixels` square (1 to 32).
#[uniffi::export]
pub fn share_qr_png(text: String, module_pixels: u32) -> Result<Vec<u8>, KamiError> {
    let shared = share::decode(&text)?;
    Ok(Qr::of(&share::link(&shared.code))?.png(module_pixels))
}

/// A puzzle opened from a share code. Its par is what the code claims: [`SharedPuzzle::check_par`]
/// asks the solver before the shell calls it proven.
#[derive(uniffi::Object)]
pub struct SharedPuzzle {
    shared: Shared,
}

#[uniffi::export]
impl SharedPuzzle {
    /// The name the code carries, if any.
    pub fn name(&self) -> Option<String> {
        self.shared.name.clone()
    }

    /// The par the code claims.
    pub fn par(&self) -> u32 {
        self.shared.level.par()
    }

    /// Whether the sender's solver had proven the par (a claim: see `check_par`).
    pub fn par_proven_claimed(&self) -> bool {
        self.shared.par_proven
    }

    /// The code, without spaces or the link's start, and its link.
    pub fn code(&self) -> ShareCode {
        ShareCode { code: self.shared.code.clone(), link: share::link(&self.shared.code) }
    }

    /// Palette size.
    pub fn colours(&self) -> u32 {
        to_u32(self.shared.level.palette().len())
    }

    /// A fresh game of the puzzle with the claimed par, as level `shared/<code>` (under which
    /// `PlayerProgress.record` keeps its best result). Its saves hold the whole board.
    pub fn game(&self) -> Arc<Game> {
        Game::from_level(Arc::new(self.shared.level.clone()))
    }

    /// Asks the solver whether the claimed par is the fewest moves, within a hint's time (up to
    /// a couple of seconds: call it off the main thread): proven, proven different, or unknown.
    pub fn check_par(&self) -> ParCheck {
        hint::check_par(&Arc::new(self.shared.level.clone()), &hint::device_budget()).into()
    }
}

impl SharedPuzzle {
    /// The puzzle as a level, with the claimed par.
    pub(crate) fn level(&self) -> &Level {
        &self.shared.level
    }
}

impl From<ShareError> for KamiError {
    fn from(e: ShareError) -> KamiError {
        match e {
            ShareError::NotACode(reason) => KamiError::NotAShareCode { reason },
            ShareError::UnknownVersion { found, newest } => KamiError::UnknownShareCodeVersion { found, newest },
            ShareError::ChecksumMismatch => KamiError::ShareCodeMismatch,
            ShareError::Truncated { missing } => KamiError::ShareCodeTruncated { missing },
            ShareError::InvalidBoard(reason) => KamiError::InvalidSharedPuzzle { reason },
            ShareError::InvalidName(reason) => KamiError::InvalidPuzzleName { reason, max: to_u32(MAX_NAME) },
            ShareError::QrTooLarge { length } => KamiError::QrTooLarge { length },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::GameStatus;

    #[test]
    fn a_shared_level_opens_as_a_game_won_in_par() {
        let code = share_level("01-first-steps/sun".into(), Some("Sun".into())).unwrap();
        let shared = open_share_code(format!(" {}\n", code.link)).unwrap();
        assert_eq!((shared.name().as_deref(), shared.par(), shared.par_proven_claimed()), (Some("Sun"), 4, true));
        assert_eq!(shared.code(), code);
        assert_eq!(shared.check_par(), ParCheck::Proven);
        let game = shared.game();
        while let Some(next) = game.hint().unwrap().next {
            game.play(next.tile, next.colour).unwrap();
        }
        assert!(matches!(game.snapshot().status, GameStatus::Won { .. }));
        assert_eq!(game.snapshot().moves_used, 4);
    }

    #[test]
    fn an_opened_code_is_kept_among_the_players_puzzles_and_shared_again() {
        let puzzles = crate::ffi::PuzzleCollection::new();
        let code = share_level("10-mandala/corona".into(), None).unwrap();
        let entry = puzzles.add_shared(open_share_code(code.code.clone()).unwrap(), "Corona".into()).unwrap();
        assert_eq!((entry.origin, entry.par, entry.par_proven), (crate::ffi::PuzzleOrigin::Shared, 14, false));
        // Shared again, it carries the name given here and no proof it has not had here.
        let again = open_share_code(puzzles.share(entry.id).unwrap().code).unwrap();
        assert_eq!((again.name().as_deref(), again.par_proven_claimed()), (Some("Corona"), false));
        assert_eq!(again.level().board(), open_share_code(code.code).unwrap().level().board());
    }

    #[test]
    fn errors_are_typed_and_the_qr_is_a_png() {
        assert!(matches!(open_share_code("hello".into()), Err(KamiError::NotAShareCode { .. })));
        let code = share_level("01-first-steps/sun".into(), None).unwrap().code;
        let cut = &code[..code.len() - 2];
        assert!(matches!(open_share_code(cut.into()), Err(KamiError::ShareCodeTruncated { missing: 2 })));
        let png = share_qr_png(code, 4).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
        assert!(matches!(
            share_level("01-first-steps/sun".into(), Some("a\nb".into())),
            Err(KamiError::InvalidPuzzleName { .. })
        ));
    }
}
