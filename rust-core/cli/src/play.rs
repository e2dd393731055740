//! `kami play [LEVEL]`: Kami in the terminal, a third shell beside the phone apps. A menu of the
//! daily puzzle and the shipped packs (or straight into LEVEL), the board in true colour, the
//! mouse or the arrow keys to play, hints. Progress and the game in progress are kept in the
//! player's data folder (or `KAMI_DATA_DIR`) in the core's save format. The rules and the geometry
//! are the core's; the pure parts here (raster, cursor, menu, screens, store) are tested without a
//! terminal, and only [`terminal`] touches it.

mod app;
pub(crate) mod canvas;
pub(crate) mod cursor;
#[cfg(test)]
mod fixtures;
pub(crate) mod game_screen;
mod hinting;
pub(crate) mod input;
pub(crate) mod look;
mod menu;
pub(crate) mod raster;
mod store;
pub(crate) mod swatches;
pub(crate) mod terminal;

use crate::args::load_level;
use app::App;
use kami_core::catalogue::Catalogue;
use kami_core::daily::Date;
use kami_core::level::Level;
use std::sync::Arc;
use store::Store;
use terminal::Terminal;

/// `kami play` arguments.
#[derive(clap::Args, Debug, Default)]
pub struct Args {
    /// A level to play straight away
    #[arg(conflicts_with = "daily")]
    pub level: Option<String>,
    /// Play the daily puzzle of YYYY-MM-DD, or without a date today's (in your time zone)
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = crate::args::date)]
    pub daily: Option<Option<Date>>,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let level = match args.daily {
        Some(date) => {
            let date = date.map_or_else(crate::args::today, Ok)?;
            Some(kami_core::daily::daily(date).map_err(|e| e.to_string())?.level)
        }
        None => args.level.as_deref().map(load_level).transpose()?,
    };
    run_with(level)
}

/// Plays in the terminal: `level` if given, else the menu.
pub fn run_with(level: Option<Arc<Level>>) -> Result<(), String> {
    let store = Store::from_environment();
    let homeless = store.is_none();
    let mut app = App::new(Catalogue::shipped(), store, crate::args::today()?, level);
    if homeless {
        app.notify(format!(
            "No data folder is known (no home folder): set {} to keep your progress.",
            store::DATA_DIR_VARIABLE
        ));
    }
    let mut terminal = Terminal::enter().map_err(|e| format!("play needs an interactive terminal: {e}"))?;
    terminal.run(&mut app).map_err(|e| format!("terminal: {e}"))
}
