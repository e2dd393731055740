//! The player's data folder: the core's saves of the progress and of the game in progress, one
//! file each, as the phone apps keep them (`progress` and `game`).
//!
//! A write goes to a temporary file in the same folder, is synced to the disk, then replaces the
//! old file in one atomic rename: a kill mid-write leaves the previous save whole. A file the core
//! cannot read is renamed out of the way (`game.rejected`, `game.rejected.2`, …), never overwritten.

use kami_core::game::Game;
use kami_core::progress::Progress;
use kami_core::save::{self, SaveError};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::PathBuf;

/// The environment variable that chooses the data folder instead of the platform's.
pub const DATA_DIR_VARIABLE: &str = "KAMI_DATA_DIR";
/// The file of the player's progress, and what it is to the player.
const PROGRESS: (&str, &str) = ("progress", "Your progress");
/// The file of the game in progress, likewise.
const GAME: (&str, &str) = ("game", "The saved game");

/// A data folder. It is created on the first write.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// What the store found on opening: the saves, and a line for each one it could not use.
pub struct Loaded {
    /// The player's progress (empty if there was none or it was set aside).
    pub progress: Progress,
    /// The game in progress, if one was saved and could be restored.
    pub game: Option<Game>,
    /// Problems to show the player, in their terms.
    pub problems: Vec<String>,
}

impl Store {
    /// The folder named by `KAMI_DATA_DIR`, else the platform's data folder for Kami; `None`
    /// when neither is known (no home folder).
    pub fn from_environment() -> Option<Store> {
        let dir = match std::env::var_os(DATA_DIR_VARIABLE) {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => directories::ProjectDirs::from("", "", "kami")?.data_dir().to_path_buf(),
        };
        Some(Store::new(dir))
    }

    /// The store in `dir`.
    pub fn new(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// Reads the progress and the game in progress, setting aside any file the core rejects.
    pub fn load(&self) -> Loaded {
        let mut problems = Vec::new();
        let progress = self.restore(PROGRESS, save::restore_progress, &mut problems).unwrap_or_default();
        let game = self.restore(GAME, save::restore_game, &mut problems);
        Loaded { progress, game, problems }
    }

    /// Saves the progress.
    pub fn save_progress(&self, progress: &Progress) -> io::Result<()> {
        self.write(PROGRESS.0, &save::save_progress(progress))
    }

    /// Saves the game in progress.
    pub fn save_game(&self, game: &Game) -> io::Result<()> {
        self.write(GAME.0, &save::save_game(game))
    }

    fn restore<T>(
        &self,
        (name, what): (&str, &str),
        decode: fn(&[u8]) -> Result<T, SaveError>,
        problems: &mut Vec<String>,
    ) -> Option<T> {
        let path = self.dir.join(name);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
            Err(e) => {
                problems.push(format!("{what} could not be read from {}: {e}.", path.display()));
                return None;
            }
        };
        let error = match decode(&bytes) {
            Ok(value) => return Some(value),
            Err(error) => error,
        };
        problems.push(match self.set_aside(name) {
            Ok(aside) => format!("{what} could not be used ({error}); the file was kept as {}.", aside.display()),
            Err(e) => format!("{what} could not be used ({error}) nor {} moved aside ({e}).", path.display()),
        });
        None
    }

    /// Renames the file `name` to the first free `name.rejected`, `name.rejected.2`, … and returns
    /// the new path.
    fn set_aside(&self, name: &str) -> io::Result<PathBuf> {
        for n in 1u32.. {
            let aside = self.dir.join(if n == 1 { format!("{name}.rejected") } else { format!("{name}.rejected.{n}") });
            if !aside.exists() {
                fs::rename(self.dir.join(name), &aside)?;
                return Ok(aside);
            }
        }
        Err(io::Error::other("no free name to set the save aside"))
    }

    /// Replaces the file `name` with `bytes`, all or nothing.
    fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let temporary = self.dir.join(format!("{name}.{}.tmp", std::process::id()));
        let written = (|| {
            let mut file = OpenOptions::new().write(true).create(true).truncate(true).open(&temporary)?;
            file.write_all(bytes)?;
            file.sync_all()?;
            fs::rename(&temporary, self.dir.join(name))?;
            // The rename itself reaches the disk with the folder; not every platform can sync one.
            if let Ok(dir) = File::open(&self.dir) {
                let _ = dir.sync_all();
            }
            Ok(())
        })();
        if written.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        written
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kami_core::catalogue::Catalogue;
    use kami_core::solver::{Budget, solve};
    use std::sync::Arc;

    /// A folder holding a game of the first shipped level won by the solver, and the progress it made.
    fn saved() -> (tempfile::TempDir, Store, Progress, Game) {
        let catalogue = Catalogue::shipped();
        let mut game = Game::new(Arc::clone(&catalogue.packs()[0].levels[0]));
        let solution = solve(game.board(), game.level().palette().len(), &Budget::default());
        for &m in &solution.moves {
            game.play(m).unwrap();
        }
        let mut progress = Progress::default();
        assert!(progress.record(catalogue, &game).is_some(), "the solver's moves win");
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().to_path_buf());
        store.save_progress(&progress).unwrap();
        store.save_game(&game).unwrap();
        (dir, store, progress, game)
    }

    #[test]
    fn saves_come_back_and_an_empty_folder_is_a_fresh_start() {
        let empty = tempfile::tempdir().unwrap();
        let loaded = Store::new(empty.path().join("new")).load();
        assert!(loaded.game.is_none() && loaded.problems.is_empty() && loaded.progress == Progress::default());
        let (dir, store, progress, game) = saved();
        let loaded = store.load();
        assert_eq!(loaded.progress, progress);
        assert_eq!(loaded.game.map(|g| g.played().collect::<Vec<_>>()), Some(game.played().collect()));
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 2, "no temporary file is left behind: {names:?}");
    }

    #[test]
    fn a_damaged_save_is_reported_and_set_aside_never_overwritten() {
        let (dir, store, progress, _) = saved();
        let mut damaged = save::save_progress(&progress);
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        for round in 1..=2 {
            fs::write(dir.path().join("progress"), &damaged).unwrap();
            let loaded = store.load();
            assert_eq!(loaded.progress, Progress::default());
            assert!(loaded.game.is_some(), "the game save is still fine");
            assert_eq!(loaded.problems.len(), 1);
            assert!(loaded.problems[0].contains("damaged"), "{}", loaded.problems[0]);
            let aside = if round == 1 { "progress.rejected" } else { "progress.rejected.2" };
            assert!(loaded.problems[0].contains(aside), "{}", loaded.problems[0]);
            assert_eq!(fs::read(dir.path().join(aside)).unwrap(), damaged);
            assert!(!dir.path().join("progress").exists());
        }
    }

    #[test]
    fn a_write_cut_short_by_a_kill_leaves_the_old_save_whole() {
        let (dir, store, progress, _) = saved();
        // What a writer killed before its rename leaves: half a temporary file.
        let bytes = save::save_progress(&Progress::default());
        fs::write(dir.path().join("progress.4242.tmp"), &bytes[..bytes.len() / 2]).unwrap();
        let loaded = store.load();
        assert_eq!((loaded.progress, loaded.problems), (progress, vec![]));
    }

    #[test]
    fn a_failed_write_keeps_the_old_save() {
        let (dir, store, progress, _) = saved();
        // A folder where the temporary file would go makes the write fail before the rename.
        fs::create_dir(dir.path().join(format!("progress.{}.tmp", std::process::id()))).unwrap();
        assert!(store.save_progress(&Progress::default()).is_err());
        assert_eq!(store.load().progress, progress);
    }
}
