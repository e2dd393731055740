//! Importing a puzzle from a screenshot of KAMI 2.

use super::collection::level_problem;
use super::error::KamiError;
use super::game::Game;
use super::records::Rgb;
use crate::import::{self, ImportError, Imported};
use crate::level::Level;
use std::sync::Arc;

/// A board read from a KAMI 2 screenshot: open it as a game with [`ImportedPuzzle::game`].
#[derive(uniffi::Object)]
pub struct ImportedPuzzle {
    imported: Imported,
}

/// Reads a KAMI 2 screenshot (PNG or JPEG bytes): its board, palette and, when the move counter
/// can be read for sure, its par. Slow enough (tens of milliseconds) to call off the main thread.
#[uniffi::export]
pub fn import_screenshot(bytes: Vec<u8>) -> Result<Arc<ImportedPuzzle>, KamiError> {
    let imported = import::import_screenshot(&bytes)?;
    Ok(Arc::new(ImportedPuzzle { imported }))
}

#[uniffi::export]
impl ImportedPuzzle {
    /// The par shown on the move counter, or `None` when it could not be read for sure: then ask
    /// the player for it.
    pub fn par(&self) -> Option<u32> {
        self.imported.par
    }

    /// The palette, from the toolbar's swatches, left to right.
    pub fn palette(&self) -> Vec<Rgb> {
        self.imported.palette.iter().map(|&c| c.into()).collect()
    }

    /// A fresh game of the board with this par, as level `id` (for example `imported/<date>`,
    /// under which `PlayerProgress.record` keeps its best result) named `name`. Its saves hold
    /// the whole board, so a saved game restores without the screenshot.
    pub fn game(&self, id: String, name: String, par: u32) -> Result<Arc<Game>, KamiError> {
        let level = self.imported.level(&id, &name, par).map_err(level_problem)?;
        Ok(Game::from_level(Arc::new(level)))
    }
}

impl ImportedPuzzle {
    /// The board as a level with `par` (its id and name are the collection's to give).
    pub(crate) fn level(&self, par: u32) -> Result<Level, KamiError> {
        self.imported.level("", "", par).map_err(level_problem)
    }
}

impl From<ImportError> for KamiError {
    fn from(e: ImportError) -> KamiError {
        match e {
            ImportError::Unreadable(reason) => KamiError::ImageUnreadable { reason },
            ImportError::TooLarge { width, height } => KamiError::ImageTooLarge { width, height },
            ImportError::TooSmall { width, height } => KamiError::ImageTooSmall { width, height },
            ImportError::NotABoard(reason) => KamiError::NotAKamiBoard { reason },
            ImportError::ColoursAlike(reason) => KamiError::ColoursAlike { reason },
        }
    }
}
