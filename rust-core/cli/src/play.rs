//! `kami play [LEVEL]`: Kami in the terminal. A menu of the shipped packs (or straight into LEVEL),
//! the board in true colour, the mouse or the arrow keys to play. The rules and the geometry are
//! the core's; the pure parts here (raster, cursor, menu, screens) are tested without a terminal,
//! and only [`terminal`] and the loop below touch it.

mod app;
mod canvas;
mod cursor;
#[cfg(test)]
mod fixtures;
mod game_screen;
mod input;
mod look;
mod menu;
mod raster;
mod terminal;

use crate::args::load_level;
use app::App;
use crossterm::event;
use input::Input;
use kami_core::catalogue::Catalogue;
use kami_core::daily::Date;
use std::io;
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
    let mut app = App::new(Catalogue::shipped(), level);
    let mut terminal = Terminal::enter().map_err(|e| format!("play needs an interactive terminal: {e}"))?;
    play(&mut app, &mut terminal).map_err(|e| format!("terminal: {e}"))
}

/// Shows the app and feeds it the player's input until they quit.
fn play(app: &mut App, terminal: &mut Terminal) -> io::Result<()> {
    while !app.quit() {
        // Drawn at the current size on every event, so a resize refits the board.
        let (width, height) = crossterm::terminal::size()?;
        terminal.show(&app.draw(width, height))?;
        if let Some(input) = Input::from_event(event::read()?) {
            app.handle(input, width, height);
        }
    }
    Ok(())
}
