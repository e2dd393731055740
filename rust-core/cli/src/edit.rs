//! `kami edit [LEVEL]`: the puzzle editor in the terminal. Paint with the mouse (click or drag)
//! or the arrows and space, number keys for colours, a fill tool, holes, mirror painting, undo and
//! redo; the live par, rating and verdicts in the footer, from the core's analysis on a thread of
//! its own; save to a level file. The editing and the analysis are the core's (`kami_core::editor`);
//! this draws them and turns keys and clicks into its calls.

mod screen;
mod words;

use crate::args::load_level;
use crate::play::terminal::Terminal;
use kami_core::board::Tiling;
use kami_core::editor::{CURATED, Editor};
use screen::EditScreen;
use std::path::PathBuf;

/// The name of a new drawing (a level's own name when editing one).
const DEFAULT_NAME: &str = "My puzzle";

/// `kami edit` arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A level to start from (its board and palette); without it, a blank board
    pub level: Option<String>,
    /// Where `s` saves the level file (default: the name, in the current folder)
    #[arg(long, value_name = "FILE.toml")]
    pub out: Option<PathBuf>,
    /// Rows of a blank board
    #[arg(long, default_value_t = 29, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub rows: u16,
    /// Columns of a blank board
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub cols: u16,
    /// Squares instead of triangles, for a blank board
    #[arg(long)]
    pub squares: bool,
    /// Colours of a blank board's palette
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=6))]
    pub colours: u8,
    /// The name saved with the level
    #[arg(long, default_value = DEFAULT_NAME)]
    pub name: String,
}

/// Runs the command.
pub fn run(args: Args) -> Result<(), String> {
    let (editor, name) = match &args.level {
        Some(level) => {
            let level = load_level(level)?;
            let name = if args.name == DEFAULT_NAME { level.name().to_string() } else { args.name.clone() };
            (Editor::from_level(&level), name)
        }
        None => {
            let tiling = if args.squares { Tiling::Squares } else { Tiling::Triangles };
            let palette = CURATED[0].colours[..usize::from(args.colours)].to_vec();
            let editor =
                Editor::blank(tiling, args.rows.into(), args.cols.into(), palette).map_err(|e| e.to_string())?;
            (editor, args.name.clone())
        }
    };
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(format!("{}.toml", file_stem(&name))));
    let mut screen = EditScreen::new(editor, name, out);
    let mut terminal = Terminal::enter().map_err(|e| format!("edit needs an interactive terminal: {e}"))?;
    terminal.run(&mut screen).map_err(|e| format!("terminal: {e}"))
}

/// A file name from a puzzle name: letters and digits kept, the rest as dashes.
fn file_stem(name: &str) -> String {
    let stem: String = name.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() { "puzzle".into() } else { stem.into() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_tame() {
        assert_eq!(file_stem("My puzzle"), "my-puzzle");
        assert_eq!(file_stem("../../etc"), "etc");
        assert_eq!(file_stem("  "), "puzzle");
    }
}
