//! The level catalogue and the player's progress through it.

use super::error::{KamiError, to_u32};
use super::game::Game;
use super::records::{BestResult, PackTheme, Tiling};
use crate::catalogue::{Catalogue, Pack};
use crate::level::Level;
use crate::{progress, save};
use parking_lot::Mutex;
use std::sync::Arc;

/// What a level-select screen shows about a level.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LevelInfo {
    /// Id to start a [`Game`] with.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Fewest moves that solve it.
    pub par: u32,
    /// Palette size.
    pub colours: u32,
    /// Board rows.
    pub rows: u32,
    /// Board columns.
    pub cols: u32,
    /// Tile shape.
    pub tiling: Tiling,
}

impl From<&Level> for LevelInfo {
    fn from(l: &Level) -> LevelInfo {
        LevelInfo {
            id: l.id().to_string(),
            name: l.name().to_string(),
            par: l.par(),
            colours: to_u32(l.palette().len()),
            rows: to_u32(l.board().rows()),
            cols: to_u32(l.board().cols()),
            tiling: l.board().tiling().into(),
        }
    }
}

/// A pack of levels.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PackInfo {
    /// Stable id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Screen colours.
    pub theme: PackTheme,
    /// Levels in play order.
    pub levels: Vec<LevelInfo>,
}

impl From<&Pack> for PackInfo {
    fn from(p: &Pack) -> PackInfo {
        PackInfo {
            id: p.id.clone(),
            name: p.name.clone(),
            theme: PackTheme {
                background: p.theme.background.into(),
                ink: p.theme.ink.into(),
                accent: p.theme.accent.into(),
            },
            levels: p.levels.iter().map(|l| LevelInfo::from(&**l)).collect(),
        }
    }
}

/// The shipped packs, in order.
#[uniffi::export]
pub fn packs() -> Vec<PackInfo> {
    Catalogue::shipped().packs().iter().map(PackInfo::from).collect()
}

/// A level with the player's best result on it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LevelProgress {
    /// The level.
    pub level: LevelInfo,
    /// Best win, if any.
    pub best: Option<BestResult>,
}

/// A pack with the player's progress through it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PackProgress {
    /// Stable id.
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Screen colours.
    pub theme: PackTheme,
    /// Whether its levels can be played.
    pub unlocked: bool,
    /// Levels won.
    pub won: u32,
    /// Levels won in par.
    pub perfect: u32,
    /// Levels, in order, with best results.
    pub levels: Vec<LevelProgress>,
}

/// The player's progress: best result per level and opened packs. Safe to share between threads.
#[derive(uniffi::Object)]
pub struct PlayerProgress {
    inner: Mutex<progress::Progress>,
}

#[uniffi::export]
impl PlayerProgress {
    /// No levels played yet.
    #[uniffi::constructor]
    pub fn new() -> Arc<PlayerProgress> {
        Arc::new(PlayerProgress { inner: Mutex::new(progress::Progress::default()) })
    }

    /// Progress restored from [`PlayerProgress::save`] bytes.
    #[uniffi::constructor]
    pub fn restore(save: Vec<u8>) -> Result<Arc<PlayerProgress>, KamiError> {
        Ok(Arc::new(PlayerProgress { inner: Mutex::new(save::restore_progress(&save)?) }))
    }

    /// Records a game if it is won; returns the level's best result (`None` if not won).
    pub fn record(&self, game: Arc<Game>) -> Option<BestResult> {
        let catalogue = Catalogue::shipped();
        game.with(|g| self.inner.lock().record(catalogue, g)).map(BestResult::from)
    }

    /// The best result on a level, if won.
    pub fn best(&self, level_id: String) -> Option<BestResult> {
        self.inner.lock().best(&level_id).map(BestResult::from)
    }

    /// Every shipped pack with lock state and best results: what a level-select screen draws.
    pub fn packs(&self) -> Vec<PackProgress> {
        let progress = self.inner.lock();
        let catalogue = Catalogue::shipped();
        catalogue
            .packs()
            .iter()
            .map(|pack| {
                let info = PackInfo::from(pack);
                let levels: Vec<LevelProgress> = info
                    .levels
                    .into_iter()
                    .map(|level| LevelProgress { best: progress.best(&level.id).map(BestResult::from), level })
                    .collect();
                let perfect =
                    levels.iter().filter(|l| l.best.is_some_and(|b| b.grade == super::Grade::Perfect)).count();
                PackProgress {
                    unlocked: progress.is_unlocked(catalogue, &pack.id),
                    won: to_u32(progress.wins(pack)),
                    perfect: to_u32(perfect),
                    id: info.id,
                    name: info.name,
                    theme: info.theme,
                    levels,
                }
            })
            .collect()
    }

    /// The progress as bytes, for [`PlayerProgress::restore`].
    pub fn save(&self) -> Vec<u8> {
        save::save_progress(&self.inner.lock())
    }
}
